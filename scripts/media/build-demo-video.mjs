// Builds the sample demo video of /demo from the product's own screens: serves the production
// build (bench/worker.mjs), walks a founder's first session in Debian's Chromium (landing idea →
// sign-up → the co-founder's questions → ideas compared → the chosen idea in the memory →
// evidence from discussions → the estimate → a research page draft), takes a screenshot of each
// scene and joins them with crossfades into public/media/demo.mp4 (H.264, silent, 1280x720),
// with a poster (demo-poster.webp) and English captions (demo.en.vtt). The co-founder's answers
// and the discussions are a scripted sample, served by the fakes of tests/fakes (the model and
// the discussion sources) so the video is the same on every build; every screen is the real one.
// Needs ffmpeg; the produced files are committed, so neither the build nor the tests need it.
//
//   npm run build && node scripts/media/build-demo-video.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { runnerImport } from 'vite';
import { startWorker } from '../../bench/worker.mjs';

const root = resolve(import.meta.dirname, '../..');
const out = join(root, 'public/media');
const frames = join(root, 'bench/.tmp/demo-frames');
const SCENE_SECONDS = 3.6;
const FADE_SECONDS = 0.6;

rmSync(frames, { recursive: true, force: true });
mkdirSync(frames, { recursive: true });
mkdirSync(out, { recursive: true });

// The founder of the sample. The fake model picks its script by a tag in the conversation: the
// member's name, which prefixes every message the model receives, is that tag.
const FOUNDER = 'maya';
const EMAIL = `${FOUNDER}@example.com`;
const PASSWORD = 'a long sample password';
const IDEA = 'I want to help small dental clinics fill the appointments patients cancel at the last minute.';
const PHRASE = 'dental appointment cancellations';

const load = async (path) => (await runnerImport(path, { root, configFile: false, logLevel: 'silent' })).module;
const [{ startFakeOpenAi }, { startFakeHackerNews }, { startFakeStackExchange }, { startFakeReddit }, { hashOf }] = await Promise.all([
  load('/tests/fakes/openai.ts'),
  load('/tests/fakes/hacker-news.ts'),
  load('/tests/fakes/stack-exchange.ts'),
  load('/tests/fakes/reddit.ts'),
  load('/tests/fakes/discussion-fake.ts'),
]);
const evidence = `https://news.ycombinator.com/item?id=${(hashOf(PHRASE) % 40_000_000) + 1}`;

const ESTIMATE = {
  segments: ['Independent dental clinics with 2 to 6 chairs', 'Physiotherapy practices that book by the hour'],
  topDown: {
    unit: 'clinics',
    steps: [
      { operation: 'start', value: 190000, label: 'dental practices in the US', source: 'assumption' },
      { operation: 'multiply', value: 0.6, label: 'independent, with 2 to 6 chairs', source: 'assumption' },
      { operation: 'multiply', value: 0.5, label: 'still refill slots by phone', source: evidence },
    ],
  },
  bottomUp: {
    unit: 'clinics a year',
    steps: [
      { operation: 'start', value: 40, label: 'demos one founder can give a month', source: 'assumption' },
      { operation: 'multiply', value: 12, label: 'months', source: 'assumption' },
      { operation: 'multiply', value: 0.25, label: 'demos that become customers', source: 'assumption' },
    ],
  },
  frequency: 'Several short-notice cancellations a week per clinic.',
  pain: 'An empty 45-minute slot, and an hour of phone calls to refill it.',
  currentAlternatives: 'Phone calls down a paper or spreadsheet waiting list.',
  confidence: 'low',
  confidenceReasons: 'One discussion confirms the pain; how many clinics have it rests on assumptions.',
  evidence: [{ title: `Ask HN: Is ${PHRASE} a problem for you too?`, url: evidence, site: 'Hacker News' }],
};

const REPLIES = [
  {
    content:
      'Before we go further, two things decide whether this is worth building: **who** loses money when a slot stays empty, and **how often** it happens.\n\n**Weakest assumption:** clinics will let software text their patients.',
    toolCalls: [
      {
        name: 'ask_multiple_choice',
        arguments: { question: 'Who feels an empty slot the most?', choices: ['The practice manager', 'The dentist', 'The patients on the waiting list'] },
      },
    ],
    tokensPerSecond: 120,
  },
  {
    content: [
      'Then the buyer is the practice manager. Two ways to help them:',
      '',
      '| | Waiting-list filler | Deposit at booking |',
      '| --- | --- | --- |',
      '| Who pays | The clinic | The patient |',
      '| How painful | An empty chair, daily | A no-show, weekly |',
      '| Weakest assumption | Patients answer texts fast | Patients accept a deposit |',
      '',
      'I would pick the **waiting-list filler**: the pain is daily and measured in money.',
    ].join('\n'),
    toolCalls: [{ name: 'ask_multiple_choice', arguments: { question: 'Which one do we keep?', choices: ['Waiting-list filler', 'Deposit at booking'] } }],
    tokensPerSecond: 200,
  },
  {
    toolCalls: [
      {
        name: 'save_chosen_idea',
        arguments: {
          title: 'Waiting-list filler for dental clinics',
          problem: 'Last-minute cancellations leave dental chairs empty.',
          whoHasIt: 'Practice managers of small independent clinics.',
          proposedSolution: 'Texts the waiting list the moment a slot frees up.',
          whyNow: 'Patients now expect to book and rebook by text.',
          riskiestAssumption: 'Patients on the waiting list answer within the hour.',
          openQuestions: ['How many slots are lost a week?', 'Who decides on new tools in a clinic?'],
        },
      },
    ],
  },
  { content: 'Saved as the chosen idea. **Phase 1 is done.** Next: how big is this problem, really?', tokensPerSecond: 120 },
  {
    content: 'Let me look for people who describe this problem in their own words.',
    toolCalls: [{ name: 'search_discussions', arguments: { queries: [PHRASE] } }],
  },
  { toolCalls: [{ name: 'save_scale_estimate', arguments: { title: 'Empty slots in small dental clinics', estimate: ESTIMATE } }] },
  {
    toolCalls: [
      {
        name: 'draft_research_page',
        arguments: {
          title: 'How your clinic handles cancellations',
          testsAssumptions: ['Clinics lose several slots a week', 'Patients on the waiting list answer within the hour'],
          questions: [
            {
              text: 'How many appointments were cancelled at short notice last week?',
              type: 'multiple_choice',
              options: ['None', '1 to 3', '4 to 10', 'More than 10'],
            },
            { text: 'How do you try to fill a cancelled slot today?', type: 'text' },
            { text: 'How much of a problem are last-minute cancellations?', type: 'rating', config: { min_rating: 1, max_rating: 5 } },
            { text: 'Your e-mail, if we may ask a follow-up question', type: 'email' },
          ],
        },
      },
    ],
  },
  {
    content: `People do complain about it, for example [on Hacker News](${evidence}). Top-down I get **57,000 clinics**, bottom-up **120 a year** for one founder: the top-down number rests on assumptions, so confidence is low. The research page above tests the two riskiest ones.`,
    tokensPerSecond: 200,
  },
];

/** Each scene: what to show, and the caption that describes it. */
const scenes = [
  {
    caption: 'Describe what you want to build.',
    show: async (page) => {
      await page.goto('/');
      await page.getByRole('textbox', { name: 'Describe what you want to build' }).fill(IDEA);
    },
  },
  {
    caption: 'Sign up, and your idea becomes your first conversation.',
    show: async (page) => {
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByRole('dialog', { name: 'Join and start building' }).getByRole('link', { name: 'Sign up' }).click();
      await page.getByRole('link', { name: 'Sign up with email', exact: true }).click();
      await page.getByLabel('Email', { exact: true }).fill(EMAIL);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    },
  },
  {
    caption: 'Your AI co-founder asks the hard questions first.',
    show: async (page, server) => {
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
      const outbox = await (await fetch(`${server.origin}/dev/outbox`)).text();
      const token = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(outbox)?.[1];
      await page.goto(`/verify-email/${token}`);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.waitForURL((address) => address.pathname.startsWith('/app/projects/'));
      await page.getByRole('group', { name: 'Who feels an empty slot the most?' }).waitFor();
    },
  },
  {
    caption: 'It compares ideas side by side, and names the weakest assumption of each.',
    show: async (page) => {
      await page.getByRole('button', { name: 'The practice manager' }).click();
      await page.getByRole('group', { name: 'Which one do we keep?' }).waitFor();
    },
  },
  {
    caption: 'The chosen idea is saved to the project memory: phase 1 is done.',
    show: async (page) => {
      await page.getByRole('button', { name: 'Waiting-list filler' }).click();
      await page.getByText('Phase 1 is done.').waitFor();
      await page.getByRole('listitem', { name: 'Chosen idea: Waiting-list filler for dental clinics' }).waitFor();
    },
  },
  {
    caption: 'Phase 2 finds real people describing the problem, with links to what they said.',
    show: async (page) => {
      await page.getByRole('textbox', { name: 'Message to your co-founder' }).fill('How big is this problem?');
      await page.getByRole('textbox', { name: 'Message to your co-founder' }).press('Enter');
      await page.getByRole('region', { name: 'Discussions found' }).waitFor();
      await page.locator('.message--cofounder').last().getByText('confidence is low').waitFor();
      await page.getByRole('region', { name: 'Discussions found' }).evaluate((cards) => cards.scrollIntoView({ block: 'start' }));
    },
  },
  {
    caption: 'It sizes the problem step by step, and every number shows where it came from.',
    show: async (page) => {
      const estimate = page.getByRole('listitem', { name: 'Scale estimate: Empty slots in small dental clinics' });
      await estimate.evaluate((entry) => entry.scrollIntoView({ block: 'start' }));
    },
  },
  {
    caption: 'Then it drafts a research page to test the riskiest assumptions with real clinics.',
    show: async (page) => {
      await page
        .getByRole('region', { name: 'Draft research page: How your clinic handles cancellations' })
        .evaluate((draft) => draft.scrollIntoView({ block: 'start' }));
    },
  },
  {
    caption: 'The first 2 phases are free. Pro is $149 once, for life.',
    show: async (page) => {
      await page.goto('/pricing');
      await page.getByRole('heading', { name: 'Simple, honest pricing' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 120));
    },
  },
];

const model = await startFakeOpenAi();
const sources = await Promise.all([startFakeHackerNews(), startFakeStackExchange(), startFakeReddit()]);
const [hackerNews, stackExchange, reddit] = sources;
await fetch(`${model.url}/__lanes/${FOUNDER}`, { method: 'POST', body: JSON.stringify({ replies: REPLIES }) });
const server = await startWorker({
  OPENAI_API_KEY: 'sk-sample',
  OPENAI_BASE_URL: model.url,
  HACKER_NEWS_API_URL: `${hackerNews.url}/api/v1`,
  STACK_EXCHANGE_API_URL: `${stackExchange.url}/2.3`,
  REDDIT_AUTH_URL: `${reddit.url}/api/v1/access_token`,
  REDDIT_API_URL: reddit.url,
  REDDIT_CLIENT_ID: 'sample-client',
  REDDIT_CLIENT_SECRET: 'sample-secret',
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  for (const [index, scene] of scenes.entries()) {
    await scene.show(page, server);
    // Let the last streamed frame and any layout settle before the picture.
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(frames, `scene-${String(index).padStart(2, '0')}.png`) });
  }
} finally {
  await browser.close();
  server.stop();
  await Promise.all([model, ...sources].map((fake) => fake.close()));
}

// Crossfade each scene into the next: scene i starts at i * (SCENE - FADE).
const inputs = scenes.flatMap((_, i) => ['-loop', '1', '-t', String(SCENE_SECONDS), '-i', join(frames, `scene-${String(i).padStart(2, '0')}.png`)]);
const filters = [];
let last = '[0:v]';
for (let i = 1; i < scenes.length; i++) {
  const label = `[x${i}]`;
  filters.push(`${last}[${i}:v]xfade=transition=fade:duration=${FADE_SECONDS}:offset=${(i * (SCENE_SECONDS - FADE_SECONDS)).toFixed(2)}${label}`);
  last = label;
}
filters.push(`${last}fps=25,format=yuv420p[out]`);
execFileSync(
  'ffmpeg',
  [
    '-y',
    '-loglevel',
    'error',
    ...inputs,
    '-filter_complex',
    filters.join(';'),
    '-map',
    '[out]',
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-crf',
    '30',
    '-tune',
    'stillimage',
    '-movflags',
    '+faststart',
    '-an',
    join(out, 'demo.mp4'),
  ],
  { stdio: 'inherit' },
);
// The poster is the page's largest image before playback: half the pixels, WebP.
execFileSync(
  'ffmpeg',
  ['-y', '-loglevel', 'error', '-i', join(frames, 'scene-00.png'), '-vf', 'scale=960:540', '-c:v', 'libwebp', '-quality', '70', join(out, 'demo-poster.webp')],
  { stdio: 'inherit' },
);

const stamp = (seconds) => {
  const whole = Math.floor(seconds);
  const ms = Math.round((seconds - whole) * 1000);
  return `00:${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}.${String(ms).padStart(3, '0')}`;
};
const step = SCENE_SECONDS - FADE_SECONDS;
const cues = scenes.map(
  (scene, i) => `${i + 1}\n${stamp(i * step)} --> ${stamp(i * step + (i === scenes.length - 1 ? SCENE_SECONDS : step))}\n${scene.caption}\n`,
);
writeFileSync(join(out, 'demo.en.vtt'), `WEBVTT\n\n${cues.join('\n')}`);
console.log(`Wrote public/media/demo.mp4, demo-poster.webp and demo.en.vtt (${scenes.length} scenes, ${(scenes.length * step + FADE_SECONDS).toFixed(1)} s)`);

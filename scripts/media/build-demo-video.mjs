// Builds the sample demo video of /demo from the product's own screens: serves the production
// build (bench/worker.mjs), takes screenshots of a visitor's tour with Debian's Chromium, and
// joins them with crossfades into public/media/demo.mp4 (H.264, silent, 1280x720), with a
// poster (demo-poster.webp) and English captions (demo.en.vtt). Needs ffmpeg; the produced
// files are committed, so neither the build nor the tests need it.
//
//   npm run build && node scripts/media/build-demo-video.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startWorker } from '../../bench/worker.mjs';

const root = resolve(import.meta.dirname, '../..');
const out = join(root, 'public/media');
const frames = join(root, 'bench/.tmp/demo-frames');
const SCENE_SECONDS = 3.6;
const FADE_SECONDS = 0.6;

rmSync(frames, { recursive: true, force: true });
mkdirSync(frames, { recursive: true });
mkdirSync(out, { recursive: true });

/** Each scene: what to show, and the caption that describes it. */
const scenes = [
  {
    caption: 'Start on the home page: describe what you want to build.',
    show: async (page) => {
      await page.goto('/');
      await page.getByRole('textbox').waitFor();
      await page.waitForTimeout(1500);
    },
  },
  {
    caption: 'Type your idea, or ask for help brainstorming one.',
    show: async (page) => {
      await page.getByRole('textbox').fill('I want to help small restaurants cut food waste with better ordering.\nWho would pay for it?');
    },
  },
  {
    caption: 'Privacy mode keeps your projects out of any AI training.',
    show: async (page) => {
      await page.getByRole('switch', { name: 'Privacy mode' }).click();
    },
  },
  {
    caption: 'Send it, then sign up to get your first answer.',
    show: async (page) => {
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    caption: 'Founders like you have built real products with it.',
    show: async (page) => {
      await page.keyboard.press('Escape');
      await page.getByRole('heading', { name: 'Built by founders with Launchmate' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 120));
      await page.waitForTimeout(1200);
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
  {
    caption: 'Built by a small team that wanted a critical co-founder.',
    show: async (page) => {
      await page.goto('/our-story');
      await page.getByRole('heading', { name: 'Our story' }).waitFor();
    },
  },
  {
    caption: 'Start with 2 free phases today.',
    show: async (page) => {
      await page.goto('/');
      await page.getByRole('textbox').fill('');
      await page.getByRole('heading', { name: 'Ready to find out if your idea is worth building?' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 200));
      await page.waitForTimeout(800);
    },
  },
];

const server = await startWorker();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  for (const [index, scene] of scenes.entries()) {
    await scene.show(page);
    await page.screenshot({ path: join(frames, `scene-${String(index).padStart(2, '0')}.png`) });
  }
} finally {
  await browser.close();
  server.stop();
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
  ['-y', '-loglevel', 'error', ...inputs, '-filter_complex', filters.join(';'), '-map', '[out]', '-c:v', 'libx264', '-preset', 'veryslow', '-crf', '30', '-tune', 'stillimage', '-movflags', '+faststart', '-an', join(out, 'demo.mp4')],
  { stdio: 'inherit' },
);
// The poster is the page's largest image before playback: half the pixels, WebP.
execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', join(frames, 'scene-00.png'), '-vf', 'scale=960:540', '-c:v', 'libwebp', '-quality', '70', join(out, 'demo-poster.webp')], { stdio: 'inherit' });

const stamp = (seconds) => {
  const whole = Math.floor(seconds);
  const ms = Math.round((seconds - whole) * 1000);
  return `00:${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}.${String(ms).padStart(3, '0')}`;
};
const step = SCENE_SECONDS - FADE_SECONDS;
const cues = scenes.map((scene, i) => `${i + 1}\n${stamp(i * step)} --> ${stamp(i * step + (i === scenes.length - 1 ? SCENE_SECONDS : step))}\n${scene.caption}\n`);
writeFileSync(join(out, 'demo.en.vtt'), `WEBVTT\n\n${cues.join('\n')}`);
console.log(`Wrote public/media/demo.mp4, demo-poster.webp and demo.en.vtt (${scenes.length} scenes, ${(scenes.length * step + FADE_SECONDS).toFixed(1)} s)`);

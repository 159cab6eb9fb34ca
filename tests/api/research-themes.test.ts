import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ResearchPageInput } from '#contracts/research';
import { projectAnswersToday } from '../../worker/db/queries/cofounder';
import type { OpenAiScenario } from '../fakes/openai';
import { CookieJar, db, postJson, request, signedInUser } from '../utils';
import { lane } from './workspace-support';

/** 'Summarize themes' of a free-text question, against the fake model (tests/fakes/openai.ts). */

const QUESTIONS: ResearchPageInput['questions'] = [
  { text: 'What slows you down most?', type: 'text' },
  { text: 'How do you sell today?', type: 'multiple_choice', options: ['Online', 'In person'] },
];

/** A founder's page whose text question has these answers (each carrying the lane's tag, so the model call is this test's). */
async function pageWithAnswers(answers: string[]) {
  const founder = await signedInUser();
  const created = await postJson('/api/project/', { name: 'Themes test' }, {}, { jar: founder.jar });
  const projectId = (await created.json<{ project: { id: string } }>()).project.id;
  const page = await postJson(`/api/research/projects/${projectId}/pages`, { title: 'Interviews', questions: QUESTIONS }, {}, { jar: founder.jar });
  const urlKey = (await page.json<{ page: { url_key: string } }>()).page.url_key;
  for (const text of answers) {
    const stored = await postJson(`/api/research/${urlKey}/submit`, {
      responses: [
        { sequence: 1, question: 'q', response: text },
        { sequence: 2, question: 'q', response: 'Online' },
      ],
    });
    expect(stored.status).toBe(200);
  }
  return { ...founder, projectId, urlKey };
}

const themes = (urlKey: string, jar: CookieJar, sequence = 1, env: Record<string, string> = {}) =>
  request(`/api/research/pages/${urlKey}/questions/${sequence}/themes`, { method: 'POST' }, { jar, env });

/** Scripts a lane whose tag is already in the answers (the answers are stored before the model is told what to say). */
const script = (tag: string, scenario: OpenAiScenario) =>
  fetch(`${env.FAKE_COFOUNDER_MODEL_URL}/__lanes/${tag}`, { method: 'POST', body: JSON.stringify(scenario) });

const FAILED = { error: 'We could not summarize the themes this time. Please retry.' };

describe('POST /api/research/pages/:urlKey/questions/:sequence/themes', () => {
  it('says that summaries need the AI model when none is configured, rather than "try again later"', async () => {
    const { jar, urlKey } = await pageWithAnswers(['Chasing unpaid invoices']);
    const response = await request(`/api/research/pages/${urlKey}/questions/1/themes`, { method: 'POST' }, { jar, env: { OPENAI_API_KEY: undefined } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'Summarizing themes needs the AI model, and none is configured on this server.' });
  });

  it('returns the themes with verbatim quotes, charges one AI answer, and sends the question and the answers', async () => {
    const model = await lane({});
    const answers = [`Chasing unpaid invoices every Friday ${model.tag}`, 'Invoices take forever to reconcile', 'Scheduling staff around school holidays'];
    const { jar, projectId, urlKey } = await pageWithAnswers(answers);
    await script(model.tag, {
      content: JSON.stringify({
        themes: [
          { name: 'Invoices', count: 2, quotes: ['Chasing unpaid invoices every Friday', 'Invoices take forever to reconcile'] },
          { name: 'Staff scheduling', count: 1, quotes: ['Scheduling staff around school holidays'] },
        ],
      }),
    });
    const before = await projectAnswersToday(env.DB, projectId);
    const response = await themes(urlKey, jar);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      themes: [
        { name: 'Invoices', count: 2, quotes: ['Chasing unpaid invoices every Friday', 'Invoices take forever to reconcile'] },
        { name: 'Staff scheduling', count: 1, quotes: ['Scheduling staff around school holidays'] },
      ],
      read: 3,
      total: 3,
    });
    expect(await projectAnswersToday(env.DB, projectId)).toBe(before + 1);
    const [body] = await model.bodies();
    const prompt = JSON.stringify(body!.messages);
    expect(prompt).toContain('What slows you down most?');
    expect(prompt).toContain('Scheduling staff around school holidays');
    // Privacy mode is off.
    expect(body!.store).toBeUndefined();
  });

  it("drops a quote that is not an answer's own words, and a theme left with none", async () => {
    const model = await lane({});
    const { jar, urlKey } = await pageWithAnswers([`Chasing unpaid invoices ${model.tag}`, 'Paper order books get lost']);
    await script(model.tag, {
      content: JSON.stringify({
        themes: [
          { name: 'Invoices', count: 1, quotes: ['Chasing unpaid invoices', 'I would pay $50 a month for this'] },
          { name: 'Made up', count: 4, quotes: ['Nobody said this', 'paper order books get lost'] },
        ],
      }),
    });
    const response = await themes(urlKey, jar);
    expect(response.status).toBe(200);
    const { themes: found } = await response.json<{ themes: { name: string; quotes: string[] }[] }>();
    // Case matters: "paper order books get lost" is not what the respondent wrote.
    expect(found).toEqual([{ name: 'Invoices', count: 1, quotes: ['Chasing unpaid invoices'] }]);
  });

  it('sends at most the 100 most recent answers, each cut to 500 characters, and says how many it read', async () => {
    const model = await lane({});
    const answers = Array.from({ length: 105 }, (_, i) => `Answer number ${String(i).padStart(3, '0')} ${model.tag}${i === 104 ? ` ${'x'.repeat(600)}` : ''}`);
    const { jar, urlKey } = await pageWithAnswers(answers);
    await script(model.tag, { content: JSON.stringify({ themes: [{ name: 'Numbers', count: 100, quotes: ['Answer number 104'] }] }) });
    const response = await themes(urlKey, jar);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ read: 100, total: 105, themes: [{ name: 'Numbers', count: 100 }] });
    const prompt = JSON.stringify((await model.bodies())[0]!.messages);
    expect(prompt).toContain('Answer number 104');
    expect(prompt).toContain('Answer number 005');
    expect(prompt).not.toContain('Answer number 004');
    expect(prompt).toContain('x'.repeat(400));
    expect(prompt).not.toContain('x'.repeat(500));
  });

  it('sends no more than 20,000 characters of answers in all', async () => {
    const model = await lane({});
    const { jar, urlKey } = await pageWithAnswers(Array.from({ length: 50 }, (_, i) => `Long answer ${i} ${model.tag} ${'y'.repeat(600)}`));
    await script(model.tag, { content: JSON.stringify({ themes: [] }) });
    const response = await themes(urlKey, jar);
    expect(await response.json()).toEqual({ themes: [], read: 40, total: 50 });
  });

  it.each([
    ['the model answers 500', { status: 500 }],
    ['the model writes something that is not JSON', { content: 'Here are the themes: invoices!' }],
    ['the model breaks the shape', { content: JSON.stringify({ themes: 'invoices' }) }],
  ])('when %s: a clear 502, and the AI answer is given back', async (_name, scenario) => {
    const model = await lane({});
    const { jar, projectId, urlKey } = await pageWithAnswers([`Chasing invoices ${model.tag}`]);
    await script(model.tag, scenario);
    const before = await projectAnswersToday(env.DB, projectId);
    const response = await themes(urlKey, jar);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual(FAILED);
    expect(await projectAnswersToday(env.DB, projectId)).toBe(before);
    expect((await model.requests()).length).toBeGreaterThan(0);
  });

  it('times out a model that does not answer, with the same clear 502 and nothing charged', async () => {
    const model = await lane({});
    const { jar, projectId, urlKey } = await pageWithAnswers([`Chasing invoices ${model.tag}`]);
    await script(model.tag, { delayMs: 5000 });
    const started = Date.now();
    const response = await themes(urlKey, jar, 1, { LLM_TIMEOUT_MS: '400' });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual(FAILED);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await projectAnswersToday(env.DB, projectId)).toBe(0);
  });

  it('asks the provider not to store the answers when a member has privacy mode on', async () => {
    const model = await lane({});
    const { jar, email, urlKey } = await pageWithAnswers([`Chasing invoices ${model.tag}`]);
    await script(model.tag, { content: JSON.stringify({ themes: [] }) });
    await db().prepare('UPDATE users SET privacy_mode = 1 WHERE email = ?').bind(email).run();
    expect((await themes(urlKey, jar)).status).toBe(200);
    expect((await model.bodies())[0]!.store).toBe(false);
  });

  it("holds the member's daily allowance under 50 simultaneous requests", async () => {
    const model = await lane({ content: JSON.stringify({ themes: [] }) });
    const { jar, urlKey } = await pageWithAnswers([`Chasing invoices ${model.tag}`]);
    const answers = await Promise.all(Array.from({ length: 50 }, () => themes(urlKey, jar, 1, { COFOUNDER_MESSAGES_PER_MEMBER_PER_DAY: '3' })));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(47);
    expect(await answers.find((response) => response.status === 429)!.json()).toEqual({
      error: "You've reached today's limit of AI answers for your account. It resets at midnight UTC.",
      limit: 'member_daily',
    });
    expect(await model.requests()).toHaveLength(3);
  });

  it("is for members of the page's project only, and for answered free-text questions only", async () => {
    const model = await lane({ content: JSON.stringify({ themes: [] }) });
    const { jar, urlKey } = await pageWithAnswers([`Chasing invoices ${model.tag}`]);
    const stranger = await signedInUser();
    expect((await themes(urlKey, stranger.jar)).status).toBe(404);
    expect((await themes(urlKey, new CookieJar())).status).toBe(401);
    const choice = await themes(urlKey, jar, 2);
    expect(choice.status).toBe(400);
    expect(await choice.json()).toEqual({ error: 'Only free-text questions can be summarized into themes.' });
    expect((await themes(urlKey, jar, 9)).status).toBe(404);
    expect((await themes(urlKey, jar, Number.NaN)).status).toBe(404);
    expect(await model.requests()).toHaveLength(0);

    const empty = await pageWithAnswers([]);
    const none = await themes(empty.urlKey, empty.jar);
    expect(none.status).toBe(409);
    expect(await none.json()).toEqual({ error: 'This question has no answers to summarize yet.' });
  });
});

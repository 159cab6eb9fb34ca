import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ResearchPageInput } from '#contracts/research';
import { DIGEST_LIMITS, projectResearchDigest } from '../../worker/services/project-research';
import { CookieJar, postJson, request, signedInUser } from '../utils';

/** What the co-founder's tool reads of a project's research pages (worker/services/project-research.ts). */

const QUESTIONS: ResearchPageInput['questions'] = [
  { text: 'What slows you down most?', type: 'text' },
  { text: 'How do you sell today?', type: 'multiple_choice', options: ['Online', 'In person'] },
  { text: 'How painful is it?', type: 'rating' },
  { text: 'May we contact you?', type: 'email' },
];

async function project(jar: CookieJar) {
  const created = await postJson('/api/project/', { name: 'Digest test' }, {}, { jar });
  return (await created.json<{ project: { id: string } }>()).project.id;
}

async function page(jar: CookieJar, projectId: string, input: Partial<ResearchPageInput> = {}) {
  const created = await postJson(`/api/research/projects/${projectId}/pages`, { title: 'Interviews', questions: QUESTIONS, ...input }, {}, { jar });
  return (await created.json<{ page: { url_key: string } }>()).page.url_key;
}

const submit = (urlKey: string, text: string, extra: object = {}) =>
  postJson(`/api/research/${urlKey}/submit`, {
    responses: [
      { sequence: 1, question: 'q', response: text },
      { sequence: 2, question: 'q', response: 'Online' },
      { sequence: 3, question: 'q', response: 4 },
      { sequence: 4, question: 'q', response: 'secret.person@example.com' },
    ],
    ...extra,
  });

describe('projectResearchDigest', () => {
  it("gives each page of the project with its status and summaries, and never another project's responses", async () => {
    const { jar } = await signedInUser();
    const mine = await project(jar);
    const theirs = await project((await signedInUser()).jar);
    const other = await signedInUser();
    const otherProject = await project(other.jar);
    const open = await page(jar, mine, { title: 'Bakery owners', max_responses: 2 });
    const second = await page(jar, mine, { title: 'Florists' });
    const foreign = await page(other.jar, otherProject, { title: 'Not yours' });
    expect((await submit(open, 'Chasing invoices', { surveyswap_id: 'partner-77' })).status).toBe(200);
    expect((await submit(open, 'Ordering flour')).status).toBe(200);
    expect((await submit(foreign, 'A stranger answered this')).status).toBe(200);
    expect((await request(`/api/research/pages/${second}/close`, { method: 'POST' }, { jar })).status).toBe(200);

    const digest = await projectResearchDigest(env.DB, mine);
    expect(digest.truncated).toBe(false);
    expect(digest.pages.map((p) => [p.title, p.status, p.response_count, p.path])).toEqual([
      ['Florists', 'closed', 0, `/research/${second}`],
      ['Bakery owners', 'full', 2, `/research/${open}`],
    ]);
    const [text, choice, rating, email] = digest.pages[1]!.questions;
    expect(text).toMatchObject({ answered: 2, empty: 0, recent_answers: ['Ordering flour', 'Chasing invoices'] });
    expect(choice!.counts).toEqual([
      { value: 'Online', count: 2, percent: 100 },
      { value: 'In person', count: 0, percent: 0 },
    ]);
    expect(rating).toMatchObject({ answered: 2, average: 4 });
    // Only counts for e-mail questions; no addresses and no partner ids anywhere.
    expect(email).toMatchObject({ answered: 2, empty: 0, counts: null });
    const whole = JSON.stringify(digest);
    expect(whole).not.toContain('secret.person');
    expect(whole).not.toContain('partner-77');
    expect(whole).not.toContain('stranger');

    expect((await projectResearchDigest(env.DB, mine, { urlKey: open })).pages.map((p) => p.title)).toEqual(['Bakery owners']);
    // A page of another project, asked for by key, gives nothing.
    expect(await projectResearchDigest(env.DB, mine, { urlKey: foreign })).toEqual({ pages: [], truncated: false });
    expect(await projectResearchDigest(env.DB, theirs)).toEqual({ pages: [], truncated: false });
  });

  it('caps text answers (30 most recent × 300 characters) and the whole digest (12,000 characters), and says so', async () => {
    const { jar } = await signedInUser();
    const mine = await project(jar);
    const urlKey = await page(jar, mine);
    for (let i = 0; i < 40; i++) expect((await submit(urlKey, `Answer ${String(i).padStart(2, '0')} ${'z'.repeat(400)}`)).status).toBe(200);

    const digest = await projectResearchDigest(env.DB, mine);
    expect(digest.truncated).toBe(true);
    expect(JSON.stringify(digest).length).toBeLessThanOrEqual(DIGEST_LIMITS.totalChars);
    const answers = digest.pages[0]!.questions[0]!.recent_answers!;
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.length).toBeLessThanOrEqual(30);
    expect(answers[0]!.startsWith('Answer 39 ')).toBe(true);
    for (const answer of answers) expect(answer.length).toBeLessThanOrEqual(300);
    // The summaries still count every answer.
    expect(digest.pages[0]!.questions[0]!.answered).toBe(40);
  });

  it('with many pages keeps the newest ones within the bound, and cuts a page too long on its own', async () => {
    const { jar } = await signedInUser();
    const mine = await project(jar);
    const questions = (count: number, chars: number) =>
      Array.from({ length: count }, (_, i) => ({ text: `Question ${i} ${'w'.repeat(chars)}`, type: 'text' as const }));
    for (let i = 0; i < 4; i++) await page(jar, mine, { title: `Page ${i}`, questions: questions(20, 100) });
    const digest = await projectResearchDigest(env.DB, mine);
    expect(digest.truncated).toBe(true);
    expect(JSON.stringify(digest).length).toBeLessThanOrEqual(DIGEST_LIMITS.totalChars);
    expect(digest.pages.map((p) => p.title)).toEqual(['Page 3', 'Page 2']);
    expect(digest.pages[0]!.questions).toHaveLength(20);

    await page(jar, mine, { title: 'Huge', questions: questions(50, 480) });
    const cut = await projectResearchDigest(env.DB, mine);
    expect(JSON.stringify(cut).length).toBeLessThanOrEqual(DIGEST_LIMITS.totalChars);
    expect(cut.pages.map((p) => p.title)).toEqual(['Huge']);
    expect(cut.pages[0]!.questions.length).toBeGreaterThan(0);
    expect(cut.pages[0]!.questions.length).toBeLessThan(50);
    expect(cut.truncated).toBe(true);
  });
});

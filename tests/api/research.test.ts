import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ResearchPageInput } from '#contracts/research';
import { editPage, findPage, storeResponse } from '../../worker/db/queries/research';
import { csvCell } from '../../worker/services/research-report';
import { CookieJar, db, postJson, rawRequest, request, signedInUser } from '../utils';

/** One question of each of the five types. */
const ALL_TYPES: ResearchPageInput['questions'] = [
  { text: 'What slows you down most?', type: 'text' },
  { text: 'How do you sell today?', type: 'multiple_choice', options: ['Online', 'In person', 'Both'] },
  { text: 'Which tools do you use?', type: 'checkbox', options: ['Email', 'Spreadsheets', 'CRM'] },
  { text: 'How painful is it?', type: 'rating', config: { min_rating: 1, max_rating: 5, labels: { '1': 'Not at all', '5': 'Very' } } },
  { text: 'May we contact you?', type: 'email' },
];

const put = (path: string, body: unknown, jar: CookieJar) =>
  request(path, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, { jar });

async function newProject(jar: CookieJar): Promise<string> {
  const response = await postJson('/api/project/', { name: 'Research test' }, {}, { jar });
  return (await response.json<{ project: { id: string } }>()).project.id;
}

/** A signed-in founder with a project and one research page. */
async function founderWithPage(input: Partial<ResearchPageInput> = {}) {
  const founder = await signedInUser();
  const projectId = await newProject(founder.jar);
  const response = await postJson(
    `/api/research/projects/${projectId}/pages`,
    { title: 'Customer interviews', questions: ALL_TYPES, ...input },
    {},
    { jar: founder.jar },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  const { page } = await response.json<{ page: { url_key: string } }>();
  return { ...founder, projectId, urlKey: page.url_key };
}

const submit = (urlKey: string, body: unknown) => postJson(`/api/research/${urlKey}/submit`, body);
const answer = (sequence: number, response: unknown) => ({ sequence, question: ALL_TYPES[sequence - 1]?.text ?? 'unknown', response });
const storedCount = async (urlKey: string) =>
  (await db()
    .prepare('SELECT count(*) AS n FROM research_responses r JOIN research_pages p ON p.id = r.page_id WHERE p.url_key = ?')
    .bind(urlKey)
    .first<{ n: number }>())!.n;

describe('a founder creates a research page', () => {
  it('with all five question types; the public GET shows them with sequence, options and config', async () => {
    const { urlKey } = await founderWithPage();
    expect(urlKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const response = await request(`/api/research/${urlKey}`);
    expect(response.status).toBe(200);
    const { research_page } = await response.json<{ research_page: { questions: unknown[]; has_reached_limit: boolean } }>();
    expect(research_page.has_reached_limit).toBe(false);
    expect(research_page.questions).toEqual([
      { sequence: 1, text: 'What slows you down most?', type: 'text', options: null, config: null },
      { sequence: 2, text: 'How do you sell today?', type: 'multiple_choice', options: ['Online', 'In person', 'Both'], config: null },
      { sequence: 3, text: 'Which tools do you use?', type: 'checkbox', options: ['Email', 'Spreadsheets', 'CRM'], config: null },
      {
        sequence: 4,
        text: 'How painful is it?',
        type: 'rating',
        options: null,
        config: { min_rating: 1, max_rating: 5, labels: { '1': 'Not at all', '5': 'Very' } },
      },
      // E-mail questions are optional unless the founder requires them.
      { sequence: 5, text: 'May we contact you?', type: 'email', options: null, config: { required: false } },
    ]);
  });

  it('gets unique, unguessable keys', async () => {
    const { jar, projectId } = await founderWithPage();
    const keys = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const response = await postJson(`/api/research/projects/${projectId}/pages`, { title: `Page ${i}`, questions: [ALL_TYPES[0]] }, {}, { jar });
      keys.add((await response.json<{ page: { url_key: string } }>()).page.url_key);
    }
    expect(keys.size).toBe(5);
  });

  it.each([
    ['no questions', { title: 'T', questions: [] }, 'Add at least one question'],
    [
      'a choice question with one option',
      { title: 'T', questions: [{ text: 'Q', type: 'checkbox', options: ['Only'] }] },
      'A choice question needs at least 2 options',
    ],
    [
      'a rating scale upside down',
      { title: 'T', questions: [{ text: 'Q', type: 'rating', config: { min_rating: 5, max_rating: 1 } }] },
      'The lowest rating must be below the highest',
    ],
    [
      'a label off the scale',
      { title: 'T', questions: [{ text: 'Q', type: 'rating', config: { labels: { '9': 'Off' } } }] },
      'Rating labels must be for values on the scale',
    ],
    ['an unknown type', { title: 'T', questions: [{ text: 'Q', type: 'slider' }] }, 'Unknown question type'],
    ['a limit of 0', { title: 'T', questions: [{ text: 'Q', type: 'text' }], max_responses: 0 }, 'The response limit must be at least 1'],
    ['an unknown field', { title: 'T', questions: [{ text: 'Q', type: 'text' }], owner: 'me' }, 'Unknown field: owner.'],
  ])('refuses %s', async (_name, body, message) => {
    const { jar, projectId } = await founderWithPage();
    const response = await postJson(`/api/research/projects/${projectId}/pages`, body, {}, { jar });
    expect(response.status).toBe(400);
    expect((await response.json<{ error: string }>()).error).toBe(message);
  });

  it('needs a session, and membership of the project (others get 404)', async () => {
    const { projectId } = await founderWithPage();
    const stranger = await signedInUser();
    const body = { title: 'Mine now', questions: [ALL_TYPES[0]] };
    expect((await postJson(`/api/research/projects/${projectId}/pages`, body, {}, { jar: new CookieJar() })).status).toBe(401);
    expect((await postJson(`/api/research/projects/${projectId}/pages`, body, {}, { jar: stranger.jar })).status).toBe(404);
    expect((await request(`/api/research/projects/${projectId}/pages`, {}, { jar: stranger.jar })).status).toBe(404);
  });

  it('lists the pages of a project with their response counts', async () => {
    const { jar, projectId, urlKey } = await founderWithPage({ max_responses: 3 });
    await submit(urlKey, { responses: [answer(1, 'Invoices')] });
    const { pages } = await (
      await request(`/api/research/projects/${projectId}/pages`, {}, { jar })
    ).json<{ pages: { url_key: string; response_count: number; max_responses: number; closed: boolean; questions: unknown[] }[] }>();
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ url_key: urlKey, response_count: 1, max_responses: 3, closed: false });
    expect(pages[0]!.questions).toHaveLength(5);
  });
});

describe('editing and closing', () => {
  it('edits a page while it has no responses, freely', async () => {
    const { jar, urlKey } = await founderWithPage();
    const edited = await put(
      `/api/research/pages/${urlKey}`,
      { title: 'Round 2', questions: [{ text: 'Only question', type: 'text' }], max_responses: 5 },
      jar,
    );
    expect(edited.status).toBe(200);
    const { research_page } = await (await request(`/api/research/${urlKey}`)).json<{ research_page: { questions: { text: string }[] } }>();
    expect(research_page.questions.map((q) => q.text)).toEqual(['Only question']);
  });

  it('a submission validated against questions that were edited meanwhile is refused, not stored under the new ones', async () => {
    const { jar, urlKey } = await founderWithPage();
    const before = (await findPage(env.DB, urlKey))!;
    expect((await put(`/api/research/pages/${urlKey}`, { title: 'Round 2', questions: [{ text: 'New question', type: 'text' }] }, jar)).status).toBe(200);
    // As if this submission had read the page just before the edit landed.
    expect(await storeResponse(env.DB, before, [{ sequence: 1, question: 'What slows you down most?', response: 'Old answer' }], null)).toBe('changed');
    expect(await storedCount(urlKey)).toBe(0);
  });

  it('an edit from a stale version is refused', async () => {
    const { urlKey } = await founderWithPage();
    const stale = (await findPage(env.DB, urlKey))!;
    const input = { title: 'Edit A', questions: [{ text: 'A', type: 'text' as const }] };
    expect(await editPage(env.DB, stale, input, 0)).toBe('edited');
    expect(await editPage(env.DB, stale, { ...input, title: 'Edit B' }, 0)).toBe('refused');
    expect((await findPage(env.DB, urlKey))!.title).toBe('Edit A');
  });

  it("a stranger cannot edit, close or read another owner's page (404)", async () => {
    const { urlKey } = await founderWithPage();
    const stranger = await signedInUser();
    expect((await put(`/api/research/pages/${urlKey}`, { title: 'X', questions: [ALL_TYPES[0]] }, stranger.jar)).status).toBe(404);
    expect((await request(`/api/research/pages/${urlKey}/close`, { method: 'POST' }, { jar: stranger.jar })).status).toBe(404);
    expect((await request(`/api/research/pages/${urlKey}/responses`, {}, { jar: stranger.jar })).status).toBe(404);
    expect((await request(`/api/research/pages/${urlKey}/responses/csv`, {}, { jar: stranger.jar })).status).toBe(404);
    expect((await request(`/api/research/pages/${urlKey}/responses`, {}, { jar: new CookieJar() })).status).toBe(401);
    // The page is still open: the stranger's close did nothing.
    expect((await request(`/api/research/${urlKey}`)).status).toBe(200);
  });

  it('a collaborator of the project reads its responses', async () => {
    const { jar, projectId, urlKey } = await founderWithPage();
    const collaborator = await signedInUser();
    const invitation = await postJson(`/api/project/${projectId}/invitations`, { email: collaborator.email }, {}, { jar });
    const { link } = await invitation.json<{ link: string }>();
    const token = link.split('/').pop()!;
    expect((await request(`/api/project/invitations/${token}/accept`, { method: 'POST' }, { jar: collaborator.jar })).status).toBe(200);
    expect((await request(`/api/research/pages/${urlKey}/responses`, {}, { jar: collaborator.jar })).status).toBe(200);
  });
});

const close = (urlKey: string, jar: CookieJar) => request(`/api/research/pages/${urlKey}/close`, { method: 'POST' }, { jar });
const reopen = (urlKey: string, jar: CookieJar) => request(`/api/research/pages/${urlKey}/reopen`, { method: 'POST' }, { jar });
const pageList = async (projectId: string, jar: CookieJar) =>
  (
    await (
      await request(`/api/research/projects/${projectId}/pages`, {}, { jar })
    ).json<{ pages: { url_key: string; status: string; closed: boolean; response_count: number }[] }>()
  ).pages;
const CLOSED_ANSWER = { error: 'This research page is closed and no longer accepts responses.', closed: true };

describe('the lifecycle: live, full, closed, reopened', () => {
  it("a page at its response limit is 'full' in the list and in the responses view", async () => {
    const { jar, projectId, urlKey } = await founderWithPage({ max_responses: 2 });
    expect((await pageList(projectId, jar))[0]!.status).toBe('live');
    await submit(urlKey, { responses: [answer(1, 'One')] });
    expect((await pageList(projectId, jar))[0]!.status).toBe('live');
    await submit(urlKey, { responses: [answer(1, 'Two')] });
    expect((await pageList(projectId, jar))[0]!.status).toBe('full');
    const report = await (await request(`/api/research/pages/${urlKey}/responses`, {}, { jar })).json<{ page: { status: string } }>();
    expect(report.page.status).toBe('full');
    // Closed wins over full.
    await close(urlKey, jar);
    expect((await pageList(projectId, jar))[0]!.status).toBe('closed');
  });

  it('respondents of a closed page are told it is closed (410), a submit stores nothing; unknown keys stay 404', async () => {
    const { jar, urlKey } = await founderWithPage();
    expect((await close(urlKey, jar)).status).toBe(200);
    const shown = await request(`/api/research/${urlKey}`);
    expect(shown.status).toBe(410);
    expect(await shown.json()).toEqual(CLOSED_ANSWER);
    const late = await submit(urlKey, { responses: [answer(1, 'Late answer')] });
    expect(late.status).toBe(410);
    expect(await late.json()).toEqual(CLOSED_ANSWER);
    expect(await storedCount(urlKey)).toBe(0);
    expect(await (await request('/api/research/AAAAAAAAAAAAAAAAAAAAAA')).json()).toEqual({ error: 'Research page not found' });
    // Its owner still reads it.
    const owner = await (await request(`/api/research/pages/${urlKey}/responses`, {}, { jar })).json<{ page: { closed: boolean } }>();
    expect(owner.page.closed).toBe(true);
  });

  it('a submission that read the page open and lands after it closed gets the closed answer', async () => {
    const { jar, urlKey } = await founderWithPage();
    const open = (await findPage(env.DB, urlKey))!;
    await close(urlKey, jar);
    expect(await storeResponse(env.DB, open, [{ sequence: 1, question: 'What slows you down most?', response: 'x' }], null)).toBe('closed');
    expect(await storedCount(urlKey)).toBe(0);
  });

  it('a member reopens a closed page, and respondents can answer again', async () => {
    const { jar, projectId, urlKey } = await founderWithPage();
    await close(urlKey, jar);
    const reopened = await reopen(urlKey, jar);
    expect(reopened.status).toBe(200);
    expect(await reopened.json()).toEqual({ closed: false });
    expect((await request(`/api/research/${urlKey}`)).status).toBe(200);
    expect((await submit(urlKey, { responses: [answer(1, 'Back again')] })).status).toBe(200);
    expect(await storedCount(urlKey)).toBe(1);
    expect((await pageList(projectId, jar))[0]).toMatchObject({ status: 'live', closed: false });
  });

  it('closing and reopening are idempotent, and 50 simultaneous ones leave a consistent page', async () => {
    const { jar, projectId, urlKey } = await founderWithPage();
    for (const call of [close, close, reopen, reopen]) expect((await call(urlKey, jar)).status).toBe(200);
    expect((await pageList(projectId, jar))[0]!.status).toBe('live');

    const closes = await Promise.all(Array.from({ length: 50 }, () => close(urlKey, jar)));
    expect(closes.every((response) => response.status === 200)).toBe(true);
    const closedAt = (await findPage(env.DB, urlKey))!.closed_at;
    expect(closedAt).not.toBeNull();
    // Repeated closes keep the first closing time.
    await close(urlKey, jar);
    expect((await findPage(env.DB, urlKey))!.closed_at).toBe(closedAt);

    const reopens = await Promise.all(Array.from({ length: 50 }, () => reopen(urlKey, jar)));
    expect(reopens.every((response) => response.status === 200)).toBe(true);
    expect((await findPage(env.DB, urlKey))!.closed_at).toBeNull();
  });

  it('only members reopen (others get 404 and the page stays closed); signed out is 401', async () => {
    const { jar, urlKey } = await founderWithPage();
    await close(urlKey, jar);
    const stranger = await signedInUser();
    expect((await reopen(urlKey, stranger.jar)).status).toBe(404);
    expect((await reopen(urlKey, new CookieJar())).status).toBe(401);
    expect((await request(`/api/research/${urlKey}`)).status).toBe(410);
  });
});

describe('editing a page that has responses', () => {
  const withAnswers = async () => {
    const founder = await founderWithPage();
    await submit(founder.urlKey, { responses: [answer(1, 'Invoices'), answer(2, 'Online'), answer(3, ['Email']), answer(4, 4)] });
    return founder;
  };
  const texts = async (urlKey: string) =>
    (await (await request(`/api/research/${urlKey}`)).json<{ research_page: { questions: { sequence: number; text: string; options: string[] | null }[] } }>())
      .research_page.questions;

  it('takes a new title, a new limit and new questions after the answered ones; the answers stay with their questions', async () => {
    const { jar, urlKey } = await withAnswers();
    const questions = [...ALL_TYPES.slice(0, 4), { text: 'Would you pay for it?', type: 'text' as const }];
    const edited = await put(`/api/research/pages/${urlKey}`, { title: 'Round 2', questions, max_responses: 50 }, jar);
    expect(edited.status, await edited.clone().text()).toBe(200);
    // Question 5 (e-mail) had no answer, so it could be replaced.
    expect((await texts(urlKey)).map((q) => q.text)).toEqual([...ALL_TYPES.slice(0, 4).map((q) => q.text), 'Would you pay for it?']);
    expect((await submit(urlKey, { responses: [{ sequence: 5, question: 'Would you pay for it?', response: 'Yes' }] })).status).toBe(200);
    const report = await (
      await request(`/api/research/pages/${urlKey}/responses`, {}, { jar })
    ).json<{ page: { title: string }; summaries: { sequence: number; answered: number }[] }>();
    expect(report.page.title).toBe('Round 2');
    expect(report.summaries.map((s) => s.answered)).toEqual([1, 1, 1, 1, 1]);
  });

  it('adds options to an answered choice question and widens a rating scale', async () => {
    const { jar, urlKey } = await withAnswers();
    const questions = [
      ALL_TYPES[0]!,
      { ...ALL_TYPES[1]!, options: ['Online', 'In person', 'Both', 'By phone'] },
      { ...ALL_TYPES[2]!, options: ['Email', 'CRM'] },
      { text: 'How painful is it?', type: 'rating' as const, config: { min_rating: 0, max_rating: 10 } },
    ];
    const edited = await put(`/api/research/pages/${urlKey}`, { title: 'T', questions }, jar);
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect((await texts(urlKey))[1]!.options).toEqual(['Online', 'In person', 'Both', 'By phone']);
  });

  it.each([
    ['removing an answered question', ALL_TYPES.slice(0, 3), 'Question 4 (“How painful is it?”) already has answers, so it cannot be removed.'],
    [
      'retyping an answered question',
      [{ text: 'What slows you down most?', type: 'email' }, ...ALL_TYPES.slice(1)],
      'Question 1 (“What slows you down most?”) already has answers, so its type cannot change.',
    ],
    [
      'rewording an answered question',
      [{ text: 'What slows you?', type: 'text' }, ...ALL_TYPES.slice(1)],
      'Question 1 (“What slows you down most?”) already has answers, so its text cannot change. Add a new question instead.',
    ],
    [
      'moving an answered question by removing one before it',
      ALL_TYPES.slice(1),
      'Question 1 (“What slows you down most?”) already has answers, so its type cannot change.',
    ],
    [
      'removing a chosen option',
      [ALL_TYPES[0], { ...ALL_TYPES[1], options: ['In person', 'Both'] }, ...ALL_TYPES.slice(2)],
      'Question 2 (“How do you sell today?”) already has answers, so its option “Online”, which respondents chose, cannot be removed.',
    ],
    [
      'removing a ticked checkbox option',
      [...ALL_TYPES.slice(0, 2), { ...ALL_TYPES[2], options: ['Spreadsheets', 'CRM'] }, ...ALL_TYPES.slice(3)],
      'Question 3 (“Which tools do you use?”) already has answers, so its option “Email”, which respondents chose, cannot be removed.',
    ],
    [
      'narrowing a scale past a given rating',
      [...ALL_TYPES.slice(0, 3), { text: 'How painful is it?', type: 'rating', config: { min_rating: 1, max_rating: 3 } }],
      'Question 4 (“How painful is it?”) already has answers, so its scale must still include the rating 4 that respondents gave.',
    ],
  ])('refuses %s with a message naming the question, and changes nothing', async (_name, questions, message) => {
    const { jar, urlKey } = await withAnswers();
    const before = await texts(urlKey);
    const refused = await put(`/api/research/pages/${urlKey}`, { title: 'Changed title', questions }, jar);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: message });
    expect(await texts(urlKey)).toEqual(before);
    expect((await findPage(env.DB, urlKey))!.title).toBe('Customer interviews');
  });

  it('an unanswered question may be removed or changed freely', async () => {
    const { jar, urlKey } = await withAnswers();
    // Question 5 (e-mail) has no answer: it may go.
    expect((await put(`/api/research/pages/${urlKey}`, { title: 'T', questions: ALL_TYPES.slice(0, 4) }, jar)).status).toBe(200);
    expect(await texts(urlKey)).toHaveLength(4);
  });

  it('is not applied over a response that arrived after the answers were read (one batch with a guard)', async () => {
    const { urlKey } = await founderWithPage();
    const page = (await findPage(env.DB, urlKey))!;
    // The edit read a page without answers; meanwhile a respondent answers question 1.
    expect(await storeResponse(env.DB, page, [{ sequence: 1, question: 'What slows you down most?', response: 'Invoices' }], null)).toBe('stored');
    const retyped = { title: 'T', questions: [{ text: 'What slows you down most?', type: 'email' as const }] };
    expect(await editPage(env.DB, page, retyped, 0)).toBe('refused');
    expect((await texts(urlKey))[0]).toMatchObject({ text: 'What slows you down most?', options: null });
  });

  it('under 50 simultaneous submissions, an edit either lands with every answer intact or is refused', async () => {
    const { jar, urlKey } = await founderWithPage();
    const questions = [...ALL_TYPES, { text: 'Anything else?', type: 'text' as const }];
    const [edit, ...answers] = await Promise.all([
      put(`/api/research/pages/${urlKey}`, { title: 'Round 2', questions }, jar),
      ...Array.from({ length: 50 }, (_, i) => submit(urlKey, { responses: [answer(1, `Answer ${i}`), answer(2, 'Online')] })),
    ]);
    expect([200, 409]).toContain(edit!.status);
    const stored = answers.filter((response) => response.status === 200).length;
    // The rest were told the page had just changed, and stored nothing.
    for (const response of answers.filter((response) => response.status !== 200)) expect(response.status).toBe(409);
    expect(await storedCount(urlKey)).toBe(stored);
    const report = await (
      await request(`/api/research/pages/${urlKey}/responses`, {}, { jar })
    ).json<{ responses: { answers: { sequence: number; question: string }[] }[]; page: { questions: { sequence: number; text: string }[] } }>();
    const textOf = new Map(report.page.questions.map((q) => [q.sequence, q.text]));
    for (const response of report.responses) for (const given of response.answers) expect(given.question).toBe(textOf.get(given.sequence));
    expect(report.page.questions).toHaveLength(edit!.status === 200 ? 6 : 5);
  });
});

describe('GET /api/research/:urlKey', () => {
  it('is 404 for an unknown or malformed key', async () => {
    expect((await request('/api/research/abc123')).status).toBe(404);
    expect((await request('/api/research/no%20such%27key')).status).toBe(404);
  });
});

describe('POST /api/research/:urlKey/submit', () => {
  it("stores the answers with the page's own question texts and the partner id", async () => {
    const { jar, urlKey } = await founderWithPage();
    const response = await submit(urlKey, {
      responses: [
        { sequence: 1, question: 'A text the browser made up', response: '  Chasing invoices  ' },
        answer(2, 'Online'),
        answer(3, ['Email', 'CRM']),
        answer(4, 4),
        answer(5, 'me@example.com'),
      ],
      honeypot: '',
      surveyswap_id: 'partner-42',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, redirect_to: null });
    const { responses } = await (
      await request(`/api/research/pages/${urlKey}/responses`, {}, { jar })
    ).json<{ responses: { answers: unknown[]; surveyswap_id: string }[] }>();
    expect(responses).toHaveLength(1);
    expect(responses[0]!.surveyswap_id).toBe('partner-42');
    expect(responses[0]!.answers).toEqual([
      { sequence: 1, question: 'What slows you down most?', response: 'Chasing invoices' },
      { sequence: 2, question: 'How do you sell today?', response: 'Online' },
      { sequence: 3, question: 'Which tools do you use?', response: ['Email', 'CRM'] },
      { sequence: 4, question: 'How painful is it?', response: 4 },
      { sequence: 5, question: 'May we contact you?', response: 'me@example.com' },
    ]);
  });

  it('answers with the partner callback, id filled in, when SURVEYSWAP_CALLBACK_URL is set', async () => {
    const { urlKey } = await founderWithPage();
    const env = { SURVEYSWAP_CALLBACK_URL: 'https://partner.example/done?respondent={id}' };
    const withId = await postJson(`/api/research/${urlKey}/submit`, { responses: [answer(1, 'x')], surveyswap_id: 'abc_123' }, {}, { env });
    expect(await withId.json()).toEqual({ success: true, redirect_to: 'https://partner.example/done?respondent=abc_123' });
    const withoutId = await postJson(`/api/research/${urlKey}/submit`, { responses: [answer(1, 'x')] }, {}, { env });
    expect(await withoutId.json()).toEqual({ success: true, redirect_to: null });
    // An id that could break out of the callback address is refused outright.
    const hostile = await postJson(`/api/research/${urlKey}/submit`, { responses: [answer(1, 'x')], surveyswap_id: '../x?y=1' }, {}, { env });
    expect(hostile.status).toBe(400);
  });

  it("drops empty answers, and with nothing answered refuses with the spec's message", async () => {
    const { urlKey } = await founderWithPage();
    for (const responses of [[], [answer(1, '   '), answer(3, []), answer(5, '')]]) {
      const response = await submit(urlKey, { responses });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'You must fill in at least one response before submitting.' });
    }
    expect((await submit(urlKey, { responses: [answer(1, ''), answer(2, 'Both')] })).status).toBe(200);
    expect(await storedCount(urlKey)).toBe(1);
  });

  it.each([
    ['an unknown question number', [answer(1, 'ok'), { sequence: 9, question: 'x', response: 'y' }], 'Question 9 does not exist on this page.'],
    ['the same question twice', [answer(1, 'a'), answer(1, 'b')], 'Question 1 is answered twice.'],
    ['a choice not among the options', [answer(2, 'By carrier pigeon')], 'Question 2: the answer is not one of the options.'],
    ['a checkbox value outside the options', [answer(3, ['Email', 'Fax'])], 'Question 3: an answer is not one of the options.'],
    ['a checkbox value chosen twice', [answer(3, ['Email', 'Email'])], 'Question 3: an option is chosen twice.'],
    ['a checkbox answer that is a string', [answer(3, 'Email')], 'Question 3: the answer must be a list of options.'],
    ['a rating above the scale', [answer(4, 6)], 'Question 4: the rating must be between 1 and 5.'],
    ['a rating below the scale', [answer(4, 0)], 'Question 4: the rating must be between 1 and 5.'],
    ['a rating that is not whole', [answer(4, 2.5)], 'Question 4: the rating must be a whole number.'],
    ['a rating sent as text', [answer(4, '4')], 'Question 4: the rating must be a whole number.'],
    ['an invalid e-mail', [answer(5, 'not-an-email')], 'Question 5: the email address is not valid.'],
    ['a 2001-character text', [answer(1, 'x'.repeat(2001))], 'Question 1: answers are at most 2000 characters.'],
    ['a NUL character in text', [answer(1, 'bad\u0000text')], 'Question 1: the answer cannot contain control characters.'],
    ['a number for a text question', [answer(1, 42)], 'Question 1: the answer must be text.'],
  ])('refuses %s with 400 and stores nothing', async (_name, responses, message) => {
    const { urlKey } = await founderWithPage();
    const response = await submit(urlKey, { responses });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect(await storedCount(urlKey)).toBe(0);
  });

  it('takes exactly 2000 characters, emoji and line breaks in a text answer', async () => {
    const { urlKey } = await founderWithPage();
    expect((await submit(urlKey, { responses: [answer(1, 'x'.repeat(2000))] })).status).toBe(200);
    expect((await submit(urlKey, { responses: [answer(1, 'Loved it 🚀\nTwo lines\tand a tab')] })).status).toBe(200);
    expect(await storedCount(urlKey)).toBe(2);
  });

  it.each([
    ['a wrong type for responses', { responses: 'everything' }, 400],
    ['a wrong type for an answer', { responses: [{ sequence: 1, question: 'q', response: { nested: true } }] }, 400],
    ['a text sequence', { responses: [{ sequence: '1', question: 'q', response: 'a' }] }, 400],
    ['a missing responses list', { honeypot: '' }, 400],
    ['an extra field', { responses: [answer(1, 'a')], role: 'admin' }, 400],
    ['a __proto__ field', '{"responses":[{"sequence":1,"question":"q","response":"a"}],"__proto__":{"admin":true}}', 400],
    ['a top-level array', [answer(1, 'a')], 400],
    ['invalid JSON', '{"responses": [', 400],
  ])('refuses %s', async (_name, body, status) => {
    const { urlKey } = await founderWithPage();
    const response = await submit(urlKey, body);
    expect(response.status).toBe(status);
    expect(typeof (await response.json<{ error: unknown }>()).error).toBe('string');
    expect(await storedCount(urlKey)).toBe(0);
  });

  it('refuses a body over 64 KiB with 413, a wrong content type with 415 and a cross-site origin with 403', async () => {
    const { urlKey } = await founderWithPage();
    const big = JSON.stringify({ responses: [answer(1, 'x'.repeat(65 * 1024))] });
    expect((await submit(urlKey, big)).status).toBe(413);
    const text = await request(`/api/research/${urlKey}/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ responses: [answer(1, 'a')] }),
    });
    expect(text.status).toBe(415);
    const crossSite = await rawRequest(`/api/research/${urlKey}/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ responses: [answer(1, 'a')] }),
    });
    expect(crossSite.status).toBe(403);
    expect(await storedCount(urlKey)).toBe(0);
  });

  it('is 404 for an unknown page', async () => {
    expect((await submit('abc123', { responses: [answer(1, 'a')] })).status).toBe(404);
  });

  it('with the honeypot filled answers like a success, but stores and counts nothing', async () => {
    const { urlKey } = await founderWithPage({ max_responses: 1 });
    const human = { responses: [answer(1, 'Real answer')], honeypot: '' };
    const bot = { responses: [answer(1, 'Buy pills')], honeypot: '+1 555 0100' };
    const botAnswer = await submit(urlKey, bot);
    expect(botAnswer.status).toBe(200);
    expect(await botAnswer.json()).toEqual({ success: true, redirect_to: null });
    expect(await storedCount(urlKey)).toBe(0);
    // Not counted: the one allowed response is still free for a person.
    const { research_page } = await (await request(`/api/research/${urlKey}`)).json<{ research_page: { has_reached_limit: boolean } }>();
    expect(research_page.has_reached_limit).toBe(false);
    expect((await submit(urlKey, human)).status).toBe(200);
    expect(await storedCount(urlKey)).toBe(1);
  });
});

describe('the response limit (docs/security.md §17)', () => {
  it.each([
    ['max − 1', 4, 4, 0],
    ['max', 5, 5, 0],
    ['max + 3', 8, 5, 3],
  ])('a burst of %s submissions to a page of 5 stores at most 5', async (_name, burst, stored, refused) => {
    const { urlKey } = await founderWithPage({ max_responses: 5 });
    const answers = await Promise.all(Array.from({ length: burst }, (_, i) => submit(urlKey, { responses: [answer(1, `Answer ${i}`)] })));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(stored);
    expect(statuses.filter((status) => status === 409)).toHaveLength(refused);
    expect(await storedCount(urlKey)).toBe(stored);
    const { research_page } = await (await request(`/api/research/${urlKey}`)).json<{ research_page: { has_reached_limit: boolean } }>();
    expect(research_page.has_reached_limit).toBe(stored === 5);
  });

  it('with a limit of 10, 50 concurrent submissions store exactly 10; the rest are told the limit is reached', async () => {
    const { urlKey } = await founderWithPage({ max_responses: 10 });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => submit(urlKey, { responses: [answer(1, `Answer ${i}`)] })));
    const bodies = await Promise.all(answers.map((response) => response.json()));
    expect(answers.filter((response) => response.status === 200)).toHaveLength(10);
    const refusals = answers.map((response, i) => [response.status, bodies[i]]).filter(([status]) => status !== 200);
    expect(refusals).toHaveLength(40);
    for (const refusal of refusals) expect(refusal).toEqual([409, { error: 'Response limit reached', limit_reached: true }]);
    expect(await storedCount(urlKey)).toBe(10);
  });
});

describe('responses for the founder', () => {
  it('come with per-question summaries: answered and empty counts, counts per option with percentages, the average rating', async () => {
    const { jar, urlKey } = await founderWithPage();
    await submit(urlKey, { responses: [answer(2, 'Online'), answer(3, ['Email', 'CRM']), answer(4, 5)] });
    await submit(urlKey, { responses: [answer(2, 'Online'), answer(3, ['Email']), answer(4, 2)] });
    await submit(urlKey, { responses: [answer(1, 'Just text'), answer(2, 'Both'), answer(5, 'me@example.com')] });
    type Summary = {
      sequence: number;
      answered: number;
      empty: number;
      counts: { value: string; count: number; percent: number }[] | null;
      average: number | null;
    };
    const body = await (await request(`/api/research/pages/${urlKey}/responses`, {}, { jar })).json<{ responses: unknown[]; summaries: Summary[] }>();
    expect(body.responses).toHaveLength(3);
    const [text, choice, checkbox, rating, email] = body.summaries;
    expect(text).toMatchObject({ answered: 1, empty: 2, counts: null, average: null });
    expect(email).toMatchObject({ answered: 1, empty: 2, counts: null, average: null });
    // Percentages are of the respondents who answered the question.
    expect(choice!.counts).toEqual([
      { value: 'Online', count: 2, percent: 67 },
      { value: 'In person', count: 0, percent: 0 },
      { value: 'Both', count: 1, percent: 33 },
    ]);
    expect(checkbox).toMatchObject({ answered: 2, empty: 1 });
    expect(checkbox!.counts).toEqual([
      { value: 'Email', count: 2, percent: 100 },
      { value: 'Spreadsheets', count: 0, percent: 0 },
      { value: 'CRM', count: 1, percent: 50 },
    ]);
    expect(rating).toMatchObject({ answered: 2, empty: 1, average: 3.5 });
    expect(rating!.counts!.map((c) => [c.count, c.percent])).toEqual([
      [0, 0],
      [1, 50],
      [0, 0],
      [0, 0],
      [1, 50],
    ]);
  });

  it('download as CSV: UTF-8 with a BOM, every cell quoted, formulas defused', async () => {
    const { jar, urlKey } = await founderWithPage();
    await submit(urlKey, {
      responses: [answer(1, '=HYPERLINK("http://evil.example","Click")'), answer(3, ['Email', 'CRM']), answer(4, 3)],
      surveyswap_id: 'p-1',
    });
    await submit(urlKey, { responses: [answer(1, '+1 more, with "quotes"\nand a line'), answer(5, 'me@example.com')] });
    await submit(urlKey, { responses: [answer(1, '-2'), answer(2, 'Both')] });
    await submit(urlKey, { responses: [answer(1, '@SUM(A1:A9)'), answer(2, 'In person')] });
    await submit(urlKey, { responses: [answer(1, 'Crème brûlée ☕')] });

    const response = await request(`/api/research/pages/${urlKey}/responses/csv`, {}, { jar });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    // Named after the page's title.
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="Customer interviews.csv"; filename*=UTF-8''Customer%20interviews.csv`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFF"Submitted at","Partner id","What slows you down most?"')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(text).toContain(`"'+1 more, with ""quotes""\nand a line"`);
    expect(text).toContain(`"'@SUM(A1:A9)"`);
    expect(text).toContain('"me@example.com"');
    expect(text).toContain(`"'-2"`);
    expect(text).toContain('"Crème brûlée ☕"');
    expect(text).toContain('"Email; CRM"');
    expect(text).toContain('"p-1"');
    // Every record has one cell per column, all quoted: 2 + 5 questions.
    const records = text.slice(1).trimEnd().split(/\r\n/);
    expect(records).toHaveLength(6);
    for (const record of records) expect(record.match(/(?:^|,)"(?:[^"]|"")*"/g)).toHaveLength(7);
  });

  it('CSV cells that start with a tab or a carriage return are defused too', () => {
    // Answers are trimmed before they are stored, so these reach the CSV only through this function.
    expect(csvCell('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvCell('plain, "quoted"')).toBe('"plain, ""quoted"""');
  });
});

describe("a page's introduction, who is asking and its e-mail question", () => {
  it('the public page shows the title, the introduction and who asks: the owner by name, never by address', async () => {
    const { jar, urlKey } = await founderWithPage({ introduction: '  We run two bakeries.\nFive minutes helps a lot.  ' });
    const nameless = await request(`/api/research/${urlKey}`);
    const { research_page: before } = await nameless.json<{ research_page: { title: string; introduction: string; asker: unknown } }>();
    expect(before).toMatchObject({
      title: 'Customer interviews',
      introduction: 'We run two bakeries.\nFive minutes helps a lot.',
      asker: { name: null, project: 'Research test' },
    });
    expect(JSON.stringify(before)).not.toContain('@');

    // The founder's own words are in their export.
    const exported = await (await request('/api/user/export', {}, { jar })).json<{ projects: { researchPages: { introduction: string }[] }[] }>();
    expect(exported.projects[0]!.researchPages[0]!.introduction).toBe('We run two bakeries.\nFive minutes helps a lot.');

    expect((await put('/api/user/name', { name: 'Maya Chen' }, jar)).status).toBe(200);
    const { research_page: after } = await (await request(`/api/research/${urlKey}`)).json<{ research_page: { asker: unknown } }>();
    expect(after.asker).toEqual({ name: 'Maya Chen', project: 'Research test' });
  });

  it('an introduction with control characters or too long is refused, and nothing is created', async () => {
    const { jar, projectId } = await founderWithPage();
    for (const introduction of ['Hi\u0007', 'x'.repeat(1001)]) {
      const response = await postJson(`/api/research/projects/${projectId}/pages`, { title: 'T', introduction, questions: [ALL_TYPES[0]] }, {}, { jar });
      expect(response.status).toBe(400);
    }
    const { pages } = await (await request(`/api/research/projects/${projectId}/pages`, {}, { jar })).json<{ pages: unknown[] }>();
    expect(pages).toHaveLength(1);
  });

  it('a required e-mail question must be answered; an optional one may be left out', async () => {
    const { urlKey } = await founderWithPage({ questions: [ALL_TYPES[0]!, { text: 'Your e-mail', type: 'email', config: { required: true } }] });
    const without = await submit(urlKey, { responses: [answer(1, 'Invoices')] });
    expect(without.status).toBe(400);
    expect(await without.json()).toEqual({ error: 'Question 2: an e-mail address is required.' });
    expect(await storedCount(urlKey)).toBe(0);
    const blank = await submit(urlKey, { responses: [answer(1, 'Invoices'), { sequence: 2, question: 'Your e-mail', response: '  ' }] });
    expect(blank.status).toBe(400);
    const bad = await submit(urlKey, { responses: [answer(1, 'Invoices'), { sequence: 2, question: 'Your e-mail', response: 'not an address' }] });
    expect(bad.status).toBe(400);
    expect(await storedCount(urlKey)).toBe(0);
    expect((await submit(urlKey, { responses: [answer(1, 'Invoices'), { sequence: 2, question: 'Your e-mail', response: 'me@example.com' }] })).status).toBe(
      200,
    );
    expect(await storedCount(urlKey)).toBe(1);

    const optional = await founderWithPage();
    expect((await submit(optional.urlKey, { responses: [answer(1, 'Invoices')] })).status).toBe(200);
  });

  it.each([
    ['a required flag on a text question', { text: 'Q', type: 'text', config: { required: true } }, 'Only e-mail questions can be required'],
    ['a scale on an e-mail question', { text: 'Q', type: 'email', config: { min_rating: 1 } }, 'An e-mail question only says whether it is required'],
    ['a required flag that is not true or false', { text: 'Q', type: 'email', config: { required: 'yes' } }, null],
  ])('refuses %s', async (_name, question, message) => {
    const { jar, projectId } = await founderWithPage();
    const response = await postJson(`/api/research/projects/${projectId}/pages`, { title: 'T', questions: [question] }, {}, { jar });
    expect(response.status).toBe(400);
    if (message) expect(JSON.stringify(await response.json())).toContain(message);
  });

  it('the CSV has no partner id column when no respondent came through the partner, and a title fit for a file name', async () => {
    const { jar, projectId } = await founderWithPage();
    const created = await postJson(`/api/research/projects/${projectId}/pages`, { title: 'Crème / "brûlée": week 2?', questions: [ALL_TYPES[0]] }, {}, { jar });
    const { page } = await created.json<{ page: { url_key: string } }>();
    await submit(page.url_key, { responses: [{ sequence: 1, question: 'x', response: 'Slow' }] });
    const response = await request(`/api/research/pages/${page.url_key}/responses/csv`, {}, { jar });
    const disposition = response.headers.get('Content-Disposition')!;
    expect(disposition).toBe(`attachment; filename="Creme brulee week 2.csv"; filename*=UTF-8''Cr%C3%A8me%20br%C3%BBl%C3%A9e%20week%202.csv`);
    const text = await response.text();
    // (text() drops the byte-order mark.)
    expect(text.split('\r\n')[0]).toBe('"Submitted at","What slows you down most?"');
    expect(text).not.toContain('Partner id');
  });
});

describe("a page created from the co-founder's draft", () => {
  const draftKey = 'd'.repeat(64);

  it('exists once per project, even when 50 members click Create at the same moment', async () => {
    const { jar, projectId } = await founderWithPage();
    const body = { title: 'From the draft', questions: [ALL_TYPES[1]], draft_key: draftKey };
    const answers = await Promise.all(Array.from({ length: 50 }, () => postJson(`/api/research/projects/${projectId}/pages`, body, {}, { jar })));
    expect(answers.map((response) => response.status)).toEqual(Array(50).fill(201));
    const keys = new Set(await Promise.all(answers.map(async (response) => (await response.json<{ page: { url_key: string } }>()).page.url_key)));
    expect(keys.size).toBe(1);
    const { pages } = await (
      await request(`/api/research/projects/${projectId}/pages`, {}, { jar })
    ).json<{ pages: { url_key: string; draft_key: string | null; questions: unknown[] }[] }>();
    const fromDraft = pages.filter((page) => page.draft_key === draftKey);
    expect(fromDraft).toHaveLength(1);
    expect(fromDraft[0]!.url_key).toBe([...keys][0]);
    // Its questions once, not once per click.
    expect(fromDraft[0]!.questions).toHaveLength(1);
  });

  it('another project may create the same draft; a malformed draft key is refused', async () => {
    const a = await founderWithPage();
    const b = await founderWithPage();
    for (const { jar, projectId } of [a, b]) {
      expect(
        (await postJson(`/api/research/projects/${projectId}/pages`, { title: 'Same', questions: [ALL_TYPES[0]], draft_key: draftKey }, {}, { jar })).status,
      ).toBe(201);
    }
    const bad = await postJson(`/api/research/projects/${a.projectId}/pages`, { title: 'Bad', questions: [ALL_TYPES[0]], draft_key: 'x' }, {}, { jar: a.jar });
    expect(bad.status).toBe(400);
  });
});

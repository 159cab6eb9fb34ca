import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { db, postJson, type CookieJar } from '../utils';
import { answerEnd, lane, openSocket, ownerWithProject, send, storedMessages, type ModelRequestBody, type TestSocket } from './workspace-support';

/** Phase 2 in the workspace: the estimate, its acceptance and the research-page draft. */

type State = {
  phases: { done: number[]; current: number; unlocked: number[] };
  memory: { id: string; kind: string; version: number; acceptedAt?: number; estimate?: unknown }[];
};

const IDEA = {
  title: 'Waiting-list filler for clinics',
  problem: 'Cancelled appointments leave chairs empty.',
  whoHasIt: 'Practice managers of small dental clinics.',
  proposedSolution: 'Texts the waiting list when a slot frees up.',
  whyNow: 'Patients expect to rebook by text.',
  riskiestAssumption: 'Clinics will trust automated messages to patients.',
  openQuestions: [],
};

/** An estimate whose inputs are all assumptions: 200,000 × 0.4 = 80,000 and 50 × 12 × 100 = 60,000. */
const ESTIMATE = {
  segments: ['Independent dental clinics with 2–6 chairs'],
  topDown: {
    unit: 'clinics',
    steps: [
      { operation: 'start', value: 200000, label: 'dental clinics in the US', source: 'assumption' },
      { operation: 'multiply', value: 0.4, label: 'share that book by phone', source: 'assumption' },
    ],
  },
  bottomUp: {
    unit: 'clinics a year',
    steps: [
      { operation: 'start', value: 50, label: 'demos a sales rep gives a month', source: 'assumption' },
      { operation: 'multiply', value: 12, label: 'months', source: 'assumption' },
      { operation: 'multiply', value: 100, label: 'reps', source: 'assumption' },
    ],
  },
  frequency: 'Several cancellations a week per clinic.',
  pain: 'About 2 hours of phone calls a week, and the empty chair.',
  currentAlternatives: 'Phone calls from a paper waiting list.',
  confidence: 'low',
  confidenceReasons: 'Every input is an assumption; no discussion was found yet.',
  evidence: [],
};

const stateOf = (socket: TestSocket) => socket.latestState<State>()!;
const waitForState = (socket: TestSocket, test: (state: State) => boolean) =>
  socket.waitFor((frame) => frame.type === 'cf_agent_state' && test(frame.state as State), { what: 'a state' }).then((frame) => frame.state as State);
const toolResults = (body: ModelRequestBody) => body.messages.filter((message) => message.role === 'tool').map((message) => JSON.stringify(message.content));
const phasesInD1 = async (projectId: string) =>
  (await db().prepare('SELECT phase FROM project_phases WHERE project_id = ? ORDER BY phase').bind(projectId).all<{ phase: number }>()).results.map(
    (row) => row.phase,
  );

describe('the scale estimate', () => {
  it('is saved with the results the product computes, and a member accepting it completes phase 2', async () => {
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'save_chosen_idea', arguments: IDEA }] },
        { toolCalls: [{ name: 'save_scale_estimate', arguments: { title: 'Empty chairs, US clinics', estimate: ESTIMATE } }] },
        { content: 'Top-down 80,000 clinics.' },
      ],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const sent = send(socket, `Size the clinics problem ${model.tag}`);
    await answerEnd(socket, sent.requestId);
    const state = await waitForState(socket, (candidate) => candidate.memory.some((entry) => entry.kind === 'scale_estimate'));
    const estimate = state.memory.find((entry) => entry.kind === 'scale_estimate')!;
    expect(estimate).toMatchObject({ version: 1, estimate: ESTIMATE });
    expect(estimate.acceptedAt).toBeUndefined();
    // The model is told the computed results, not left to its own arithmetic.
    const results = toolResults((await model.bodies())[2]!).join('\n');
    expect(results).toMatch(/result\\":80000,/);
    expect(results).toMatch(/result\\":60000,/);
    expect(stateOf(socket).phases).toEqual({ done: [1], current: 2, unlocked: [1, 2] });

    // Accepting an older version is refused; the current one completes phase 2, in D1 and live.
    socket.send({ type: 'memory_accept', requestId: 'stale', id: estimate.id, baseVersion: 7 });
    expect(await socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'stale')).toMatchObject({ ok: false, reason: 'stale' });
    expect(await phasesInD1(projectId)).toEqual([1]);
    socket.send({ type: 'memory_accept', requestId: 'accept', id: estimate.id, baseVersion: 1 });
    expect(await socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'accept')).toMatchObject({
      ok: true,
      value: { id: estimate.id },
    });
    const accepted = await waitForState(socket, (candidate) => candidate.phases.done.includes(2));
    // On Free, the founders stay in phase 2: phase 3 needs Pro.
    expect(accepted.phases).toEqual({ done: [1, 2], current: 2, unlocked: [1, 2] });
    expect(accepted.memory.find((entry) => entry.id === estimate.id)!.acceptedAt).toEqual(expect.any(Number));
    expect(await phasesInD1(projectId)).toEqual([1, 2]);
    const dashboard = await (await import('../utils')).request('/api/project', {}, { jar });
    const { projects } = await dashboard.json<{ projects: { id: string; phasesDone: number[] }[] }>();
    expect(projects.find((project) => project.id === projectId)!.phasesDone).toEqual([1, 2]);
    socket.close();
  });

  it('refuses to accept anything but the estimate', async () => {
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    socket.send({ type: 'memory_create', requestId: 'note', content: { kind: 'note', title: 'A note', body: 'Text.' } });
    const created = await socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'note');
    const id = (created.value as { id: string }).id;
    socket.send({ type: 'memory_accept', requestId: 'accept-note', id, baseVersion: 1 });
    expect(await socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'accept-note')).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(await phasesInD1(projectId)).toEqual([]);
    socket.close();
  });

  it('keeps its acceptance through a member edit and asks again after the co-founder rewrites it', async () => {
    const rewritten = { ...ESTIMATE, confidence: 'medium', confidenceReasons: 'Twelve respondents confirmed weekly cancellations.' };
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'save_scale_estimate', arguments: { title: 'Empty chairs', estimate: ESTIMATE } }] },
        { content: 'Saved.' },
        { toolCalls: [{ name: 'save_scale_estimate', arguments: { title: 'Empty chairs', estimate: rewritten } }] },
        { content: 'Updated.' },
      ],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    await answerEnd(socket, send(socket, `Estimate it ${model.tag}`).requestId);
    const saved = (await waitForState(socket, (state) => state.memory.length === 1)).memory[0]!;
    socket.send({ type: 'memory_accept', requestId: 'a1', id: saved.id, baseVersion: 1 });
    await socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'a1');

    const edited = { ...ESTIMATE, pain: 'Three hours a week on the phone.' };
    socket.send({
      type: 'memory_update',
      requestId: 'e1',
      id: saved.id,
      baseVersion: 1,
      content: { kind: 'scale_estimate', title: 'Empty chairs', estimate: edited },
    });
    expect(await socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'e1')).toMatchObject({
      ok: true,
      value: { version: 2, acceptedAt: expect.any(Number) },
    });

    await answerEnd(socket, send(socket, `The responses are in ${model.tag}`).requestId);
    const after = (await waitForState(socket, (state) => state.memory[0]?.version === 3)).memory[0]!;
    expect(after).toMatchObject({ estimate: { confidence: 'medium' } });
    expect(after.acceptedAt).toBeUndefined();
    // Phase 2 stays done: the founder accepted an estimate once.
    expect(stateOf(socket).phases.done).toEqual([2]);
    socket.close();
  });

  it('refuses evidence and sources that are not among the search results, and bad arithmetic, saving nothing', async () => {
    const invented = { ...ESTIMATE, evidence: [{ title: 'A study', url: 'https://example.com/made-up-study', site: 'example.com' }] };
    const inventedStep = {
      ...ESTIMATE,
      topDown: { unit: 'clinics', steps: [{ operation: 'start', value: 200000, label: 'clinics', source: 'https://example.com/census' }] },
    };
    const divideByZero = {
      ...ESTIMATE,
      topDown: {
        unit: 'clinics',
        steps: [
          { operation: 'start', value: 10, label: 'x', source: 'assumption' },
          { operation: 'divide', value: 0, label: 'y', source: 'assumption' },
        ],
      },
    };
    const model = await lane({
      replies: [
        {
          toolCalls: [
            { name: 'save_scale_estimate', arguments: { title: 'Invented', estimate: invented } },
            { name: 'save_scale_estimate', arguments: { title: 'Invented step', estimate: inventedStep } },
            { name: 'save_scale_estimate', arguments: { title: 'Zero', estimate: divideByZero } },
          ],
        },
        { content: 'I could not save it.' },
      ],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    await answerEnd(socket, send(socket, `Estimate with a study ${model.tag}`).requestId);
    const results = toolResults((await model.bodies())[1]!);
    expect(results).toHaveLength(3);
    expect(results[0]).toContain('https://example.com/made-up-study');
    expect(results[0]).toMatch(/not among your search results/);
    expect(results[1]).toContain('https://example.com/census');
    expect(results[2]).toMatch(/divide by zero|invalid/i);
    expect(stateOf(socket).memory).toEqual([]);
    socket.close();
  });
});

describe('the money line', () => {
  it('is computed like the sizings and told to the model; an invented source in it is refused', async () => {
    const money = {
      unit: 'USD per year',
      steps: [
        { operation: 'start', value: 80000, label: 'clinics with empty chairs', source: 'assumption' },
        { operation: 'multiply', value: 1500, label: 'USD lost per clinic a year', source: 'assumption' },
      ],
    };
    const inventedMoney = { ...money, steps: [{ operation: 'start', value: 5, label: 'x', source: 'https://example.com/report' }] };
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'save_scale_estimate', arguments: { title: 'Invented money', estimate: { ...ESTIMATE, money: inventedMoney } } }] },
        { toolCalls: [{ name: 'save_scale_estimate', arguments: { title: 'Empty chairs', estimate: { ...ESTIMATE, money } } }] },
        { content: 'About 120 million dollars a year.' },
      ],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    await answerEnd(socket, send(socket, `What is at stake ${model.tag}`).requestId);
    const bodies = await model.bodies();
    expect(toolResults(bodies[1]!)[0]).toMatch(/not among your search results/);
    expect(toolResults(bodies[2]!).join('\n')).toMatch(/money\\":\{\\"result\\":120000000,\\"unit\\":\\"USD per year/);
    const saved = stateOf(socket).memory.find((entry) => entry.kind === 'scale_estimate')!;
    expect((saved.estimate as { money?: unknown }).money).toEqual(money);
    socket.close();
  });
});

describe('the research page draft', () => {
  it('is stored in the answer for the app to show, and an invalid draft goes back to the model', async () => {
    const draft = {
      title: 'Cancellations at your clinic',
      testsAssumptions: ['Clinics lose several slots a week'],
      questions: [
        { text: 'How many appointments were cancelled last week?', type: 'multiple_choice', options: ['0', '1–3', '4 or more'] },
        { text: 'How do you fill a cancelled slot today?', type: 'text' },
        { text: 'How painful are cancellations?', type: 'rating', config: { min_rating: 1, max_rating: 5 } },
        { text: 'Your e-mail, if we may follow up', type: 'email' },
      ],
    };
    const model = await lane({
      replies: [
        {
          toolCalls: [{ name: 'draft_research_page', arguments: { ...draft, questions: [{ text: 'Pick one', type: 'multiple_choice', options: ['only'] }] } }],
        },
        { toolCalls: [{ name: 'draft_research_page', arguments: draft }] },
        { content: 'Review the draft.' },
      ],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    await answerEnd(socket, send(socket, `Draft a page ${model.tag}`).requestId);
    expect(toolResults((await model.bodies())[1]!).join('')).toMatch(/at least 2 options/);
    const answer = (await storedMessages(projectId, jar)).at(-1)!;
    const parts = answer.parts.filter((part) => part.type === 'tool-draft_research_page');
    expect(parts.map((part) => part.state)).toEqual(['output-error', 'output-available']);
    expect(parts[1]!.input).toEqual(draft);
    // Nothing is created until a member saves it in the editor.
    expect(await db().prepare('SELECT count(*) AS n FROM research_pages WHERE project_id = ?').bind(projectId).first('n')).toBe(0);
    socket.close();
  });
});

describe('searching discussions through the co-founder', () => {
  const FAKES = { hacker_news: env.FAKE_HACKER_NEWS_URL, stack_exchange: env.FAKE_STACK_EXCHANGE_URL, reddit: env.FAKE_REDDIT_URL } as const;
  const newTag = () => `lane${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const setLanes = (tag: string, scenarios: Partial<Record<keyof typeof FAKES, object>>) =>
    Promise.all(
      Object.entries(FAKES).map(([source, url]) =>
        fetch(`${url}/__lanes/${tag}`, { method: 'POST', body: JSON.stringify(scenarios[source as keyof typeof FAKES] ?? {}) }),
      ),
    );
  const outsideCalls = async (tag: string) => {
    const counts = await Promise.all(
      Object.values(FAKES).map(async (url) => ((await (await fetch(`${url}/__lanes/${tag}/requests`)).json()) as unknown[]).length),
    );
    return counts.reduce((total, count) => total + count, 0);
  };
  type SearchPart = {
    type: string;
    state?: string;
    output?: { sources: { source: string; status: string; cachedQueries: number }[]; discussions: { url: string }[] };
  };

  it('keeps answering when a source fails, reports it unavailable, and a repeated search makes no outside call', async () => {
    const tag = newTag();
    await setLanes(tag, { hacker_news: { status: 500 } });
    const phrase = `dentist cancellations ${tag}`;
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'search_discussions', arguments: { queries: [phrase] } }] },
        { content: 'Hacker News was unavailable.' },
        { toolCalls: [{ name: 'search_discussions', arguments: { queries: [phrase.toUpperCase()] } }] },
        { content: 'Same results.' },
      ],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    await answerEnd(socket, send(socket, `Search it ${model.tag}`).requestId);
    const first = (await storedMessages(projectId, jar)).at(-1)!;
    expect(first.metadata!.status).toBe('complete');
    const part = first.parts.find((candidate) => candidate.type === 'tool-search_discussions') as SearchPart;
    expect(part.state).toBe('output-available');
    expect(part.output!.sources.map(({ source, status }) => [source, status])).toEqual([
      ['hacker_news', 'unavailable'],
      ['stack_exchange', 'ok'],
      ['reddit', 'ok'],
    ]);
    expect(part.output!.discussions.length).toBeGreaterThan(0);
    // The model read the same result: unavailable, not an error.
    expect(toolResults((await model.bodies())[1]!).join('')).toContain('unavailable');
    // 1 phrase x 3 sources; Reddit's token may add one call.
    const callsAfterFirst = await outsideCalls(tag);
    expect(callsAfterFirst).toBeGreaterThanOrEqual(3);

    // Hacker News recovers; the same phrase (another spelling) is served from the cache where it succeeded.
    await setLanes(tag, {});
    await answerEnd(socket, send(socket, `Again ${model.tag}`).requestId);
    const again = (await storedMessages(projectId, jar)).at(-1)!.parts.find((candidate) => candidate.type === 'tool-search_discussions') as SearchPart;
    expect(again.output!.sources.find((report) => report.source === 'stack_exchange')!.cachedQueries).toBe(1);
    expect(again.output!.sources.find((report) => report.source === 'reddit')!.cachedQueries).toBe(1);
    // Only Hacker News, which failed before and so was not cached, is asked again (the lanes'
    // records were reset with their scenarios).
    expect(await outsideCalls(tag)).toBe(1);
    socket.close();
  });

  it('lets the estimate cite a discussion the search returned', async () => {
    const tag = newTag();
    await setLanes(tag, {});
    const model = await lane({
      replies: [{ toolCalls: [{ name: 'search_discussions', arguments: { queries: [`clinic no shows ${tag}`] } }] }, { content: 'Found some.' }],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    await answerEnd(socket, send(socket, `Search ${model.tag}`).requestId);
    const found = ((await storedMessages(projectId, jar)).at(-1)!.parts.find((candidate) => candidate.type === 'tool-search_discussions') as SearchPart).output!
      .discussions[0]!.url;
    const cited = { ...ESTIMATE, evidence: [{ title: 'A discussion', url: found, site: 'Hacker News' }] };
    // The same lane, scripted again now that the link is known (the conversation carries its tag).
    await fetch(`${env.FAKE_COFOUNDER_MODEL_URL}/__lanes/${model.tag}`, {
      method: 'POST',
      body: JSON.stringify({
        replies: [{ toolCalls: [{ name: 'save_scale_estimate', arguments: { title: 'Cited', estimate: cited } }] }, { content: 'Saved.' }],
      }),
    });
    await answerEnd(socket, send(socket, `Save it ${model.tag}`).requestId);
    const state = await waitForState(socket, (candidate) => candidate.memory.length === 1);
    expect(state.memory[0]).toMatchObject({ kind: 'scale_estimate', estimate: { evidence: [{ url: found }] } });
    socket.close();
  });

  it('in privacy mode, refuses a phrase that copies the project memory before anything is sent', async () => {
    const tag = newTag();
    await setLanes(tag, {});
    const { jar, projectId, email } = await ownerWithProject();
    await db().prepare('UPDATE users SET privacy_mode = 1 WHERE email = ?').bind(email).run();
    const socket = await openSocket(projectId, jar);
    socket.send({ type: 'memory_create', requestId: 'n', content: { kind: 'note', title: 'Partner', body: 'Our pilot partner is Brightsmile Dental Group.' } });
    await socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'n');
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'search_discussions', arguments: { queries: [`brightsmile dental group ${tag}`] } }] },
        { toolCalls: [{ name: 'search_discussions', arguments: { queries: [`dental appointment cancellations ${tag}`] } }] },
        { content: 'Searched with generic words.' },
      ],
    });
    await answerEnd(socket, send(socket, `Find evidence ${model.tag}`).requestId);
    const results = toolResults((await model.bodies())[2]!);
    expect(results[0]).toMatch(/Privacy mode/);
    expect(results[0]).toContain('brightsmile dental group');
    expect(results[1]).not.toMatch(/Privacy mode/);
    // Only the generic phrase reached the sources.
    const sent = await Promise.all(
      Object.values(FAKES).map(async (url) => (await (await fetch(`${url}/__lanes/${tag}/requests`)).json()) as { path: string }[]),
    );
    const paths = sent.flat().map((request) => decodeURIComponent(request.path.replace(/\+/g, ' ')).toLowerCase());
    expect(paths.some((path) => path.includes('dental appointment cancellations'))).toBe(true);
    expect(paths.some((path) => path.includes('brightsmile'))).toBe(false);
    socket.close();
  });
});

describe('reading research responses through the co-founder', () => {
  /** A page of the project with one text question, answered once with `answer`. */
  async function answeredPage(jar: CookieJar, projectId: string, answer: string) {
    const created = await postJson(
      `/api/research/projects/${projectId}/pages`,
      { title: 'Cancellations', questions: [{ text: 'How do you fill a slot?', type: 'text' }] },
      {},
      { jar },
    );
    const { page } = await created.json<{ page: { url_key: string } }>();
    const submitted = await postJson(`/api/research/${page.url_key}/submit`, {
      responses: [{ sequence: 1, question: 'How do you fill a slot?', response: answer }],
    });
    expect(submitted.status).toBe(200);
    return page.url_key;
  }

  it("reads this project's responses only, whatever key the model names", async () => {
    const mine = await ownerWithProject('Mine');
    const theirs = await ownerWithProject('Theirs');
    await answeredPage(mine.jar, mine.projectId, 'We phone patients from a paper list.');
    const otherKey = await answeredPage(theirs.jar, theirs.projectId, 'A secret of another founder.');
    const model = await lane({
      replies: [
        {
          toolCalls: [
            { name: 'read_research_responses', arguments: { urlKey: otherKey } },
            { name: 'read_research_responses', arguments: {} },
          ],
        },
        { content: 'One clinic phones patients.' },
      ],
    });
    const socket = await openSocket(mine.projectId, mine.jar);
    await answerEnd(socket, send(socket, `What do the responses say? ${model.tag}`).requestId);
    const sent = JSON.stringify((await model.bodies())[1]!.messages);
    expect(sent).toContain('We phone patients from a paper list.');
    expect(sent).not.toContain('A secret of another founder.');
    const [other, own] = toolResults((await model.bodies())[1]!);
    expect(other).toMatch(/pages\\":\[\]/);
    expect(own).toContain('Cancellations');
    socket.close();
  });
});

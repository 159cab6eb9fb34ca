import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CompetitorSearchResult } from '#contracts/phases/competitors';
import type { MemoryEntry } from '#contracts/workspace';
import type { ResearchRunState } from '#contracts/phases/competitors';
import { db } from '../utils';
import { answerEnd, lane, openSocket, ownerWithProject, send, storedMessages, type ModelRequestBody, type TestSocket } from './workspace-support';

/**
 * Phase 3 in the workspace: Pro enforced by the object, competitor cards whose addresses and
 * prices must come from what the tools returned, 'Check again', the gaps and the map, and
 * research runs (approved once, live, stoppable, surviving an eviction).
 */

type State = { phases: { done: number[]; current: number; unlocked: number[] }; memory: MemoryEntry[]; run: ResearchRunState | null };
const sites = env.FAKE_SITES_URL;
const toolNames = (body: ModelRequestBody) => (body.tools ?? []).map((tool) => tool.function.name);
const toolResults = (body: ModelRequestBody) => body.messages.filter((message) => message.role === 'tool').map((message) => JSON.stringify(message.content));
const waitForState = (socket: TestSocket, test: (state: State) => boolean, what = 'a state', timeoutMs = 8000) =>
  socket.waitFor((frame) => frame.type === 'cf_agent_state' && test(frame.state as State), { what, timeoutMs }).then((frame) => frame.state as State);
const proOwner = async () => {
  const owner = await ownerWithProject();
  await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
  return owner;
};
let counter = 0;
const result = (socket: TestSocket, requestId: string) =>
  socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === requestId, { what: `the answer to ${requestId}` });
function frame(socket: TestSocket, body: Record<string, unknown>) {
  const requestId = `r${++counter}`;
  socket.send({ ...body, requestId });
  return requestId;
}
const competitorContent = {
  kind: 'competitor',
  title: 'Paper list',
  competitor: { category: 'status_quo', forWhom: 'Front desks.', pricing: { status: 'not_found' }, strengths: [], weaknesses: [] },
};

describe('Pro, enforced by the object', () => {
  it('on Free: no phase 3 tools offered, its artifacts refused, research runs refused, phase 3 locked', async () => {
    const model = await lane({ replies: [{ content: 'Free answer.' }] });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    await answerEnd(socket, send(socket, `Find competitors ${model.tag}`).requestId);
    const offered = toolNames((await model.bodies())[0]!);
    for (const name of ['find_competitors', 'read_page', 'save_competitor', 'save_landscape', 'propose_research_run']) expect(offered).not.toContain(name);
    const created = frame(socket, { type: 'memory_create', content: competitorContent });
    expect(await result(socket, created)).toMatchObject({
      ok: false,
      error: 'Phase 3, "Research competitors and gaps", needs Pro: its results stay readable.',
    });
    const approve = frame(socket, { type: 'run_approve', runId: 'any' });
    expect(await result(socket, approve)).toMatchObject({ ok: false, error: 'Research runs need Pro.' });
    const opened = frame(socket, { type: 'phase_open', phase: 3 });
    expect(await result(socket, opened)).toMatchObject({ ok: false });
    socket.close();
  });

  it('a model calling a phase 3 tool on Free runs nothing', async () => {
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'save_competitor', arguments: { name: 'X', category: 'status_quo', forWhom: 'Y', strengths: [], weaknesses: [] } }] },
        { content: 'Done.' },
      ],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    await answerEnd(socket, send(socket, `Save one ${model.tag}`).requestId);
    expect(socket.latestState<State>()!.memory).toEqual([]);
    socket.close();
  });

  it('keeps phase 3 results readable after the owner returns to Free, and refuses changing them', async () => {
    const owner = await proOwner();
    const socket = await openSocket(owner.projectId, owner.jar);
    const created = frame(socket, { type: 'memory_create', content: competitorContent });
    const entry = (await result(socket, created)).value as MemoryEntry;
    await db().prepare("UPDATE users SET plan = 'free' WHERE email = ?").bind(owner.email).run();
    const edit = frame(socket, { type: 'memory_update', id: entry.id, baseVersion: 1, content: { ...competitorContent, title: 'Renamed' } });
    expect(await result(socket, edit)).toMatchObject({ ok: false });
    expect(socket.latestState<State>()!.memory.map((candidate) => candidate.title)).toEqual(['Paper list']);
    socket.close();
  });
});

describe('competitor cards', () => {
  it('keep only addresses and prices the tools returned, and Check again shows what changed', async () => {
    const owner = await proOwner();
    const socket = await openSocket(owner.projectId, owner.jar);
    const tag = `clinic waitlist ${crypto.randomUUID().slice(0, 8)}`;
    const search = await lane({ replies: [{ toolCalls: [{ name: 'find_competitors', arguments: { queries: [tag] } }] }, { content: 'Found some.' }] });
    const opened = frame(socket, { type: 'phase_open', phase: 3 });
    expect(await result(socket, opened)).toMatchObject({ ok: true });
    await answerEnd(socket, send(socket, `Search ${search.tag}`).requestId);
    const found = (await storedMessages(owner.projectId, owner.jar)).at(-1)!.parts.find((part) => part.type === 'tool-find_competitors')!
      .output as CompetitorSearchResult;
    const github = found.candidates.find((candidate) => candidate.source === 'github')!;
    expect(github.url).toMatch(new RegExp(`^${sites}/github-`));
    const pricing = github.url.replace(/\/home$/, '/pricing');

    const good = {
      name: 'Clinic Waitlist OSS',
      category: 'direct',
      url: github.url,
      forWhom: 'Small clinics.',
      pricingQuote: 'Starter: $29 per month',
      pricingUrl: pricing,
      strengths: [{ text: 'Open source.', source: github.url }],
      weaknesses: [{ text: 'Needs hosting.', source: 'assumption' }],
    };
    // The same lane, scripted anew for the next turn (the conversation carries its tag).
    const save = search;
    await fetch(`${env.FAKE_COFOUNDER_MODEL_URL}/__lanes/${search.tag}`, {
      method: 'POST',
      body: JSON.stringify({
        replies: [
          {
            toolCalls: [
              { name: 'read_page', arguments: { url: 'https://never-returned.example/pricing' } },
              { name: 'read_page', arguments: { url: pricing } },
            ],
          },
          {
            toolCalls: [
              { name: 'save_competitor', arguments: { ...good, url: 'https://invented.example/' } },
              { name: 'save_competitor', arguments: { ...good, pricingQuote: 'Starter: $9 per month' } },
              { name: 'save_competitor', arguments: { ...good, strengths: [{ text: 'Loved by all.', source: 'https://made-up.example/review' }] } },
              { name: 'save_competitor', arguments: good },
            ],
          },
          { content: 'Saved.' },
        ],
      }),
    });
    await answerEnd(socket, send(socket, `Read and save ${save.tag}`).requestId, 20_000);
    const bodies = await save.bodies();
    const reads = toolResults(bodies[1]!).slice(-2);
    expect(reads[0]).toMatch(/was not returned by a tool in this conversation/);
    expect(reads[1]).toContain('Starter: $29 per month');
    const saves = toolResults(bodies[2]!).slice(-4);
    expect(saves[0]).toMatch(/https:\/\/invented\.example\/ .*not returned|not returned by a tool/);
    expect(saves[1]).toMatch(/is not on/);
    expect(saves[2]).toMatch(/made-up\.example/);
    const state = await waitForState(socket, (candidate) => candidate.memory.some((entry) => entry.kind === 'competitor'));
    const card = state.memory.filter((entry) => entry.kind === 'competitor');
    expect(card).toHaveLength(1);
    const competitor = (card[0] as Extract<MemoryEntry, { kind: 'competitor' }>).competitor;
    expect(competitor.pricing).toMatchObject({ status: 'found', quote: 'Starter: $29 per month', url: pricing, readAt: expect.any(String) });
    expect(competitor.priceLines).toContain('Team: $79 per month');

    // The site changes its prices: Check again says what changed, stamped with who asked.
    const slug = new URL(pricing).pathname.split('/')[1];
    await fetch(`${sites}/__prices/${slug}`, { method: 'POST', body: JSON.stringify(['Starter: $39 per month', 'Team: $79 per month']) });
    const check = frame(socket, { type: 'competitor_check', id: card[0]!.id });
    const checked = (await result(socket, check)).value as Extract<MemoryEntry, { kind: 'competitor' }>;
    expect(checked.competitor.lastCheck).toMatchObject({
      unreachable: false,
      added: ['Starter: $39 per month'],
      removed: ['Starter: $29 per month'],
      pricingQuoteGone: true,
    });
    expect(checked.author).toMatchObject({ kind: 'member' });
    socket.close();
  });

  it('the gaps and map name existing cards, and accepting them completes phase 3 in D1', async () => {
    const owner = await proOwner();
    const socket = await openSocket(owner.projectId, owner.jar);
    const created = frame(socket, { type: 'memory_create', content: competitorContent });
    await result(socket, created);
    const landscape = {
      gaps: [
        {
          title: 'No automation',
          description: 'Slots are refilled by hand.',
          competitors: ['Paper list'],
          evidence: [{ text: 'Assumed from the founders.', source: 'assumption' }],
        },
      ],
      axes: { x: { label: 'Setup effort', low: 'none', high: 'weeks' }, y: { label: 'Automation', low: 'none', high: 'full' } },
      placements: [
        { name: 'Paper list', isIdea: false, x: 1, y: 1 },
        { name: 'Our idea', isIdea: true, x: 2, y: 9 },
      ],
    };
    const model = await lane({
      replies: [
        {
          toolCalls: [
            {
              name: 'save_landscape',
              arguments: { title: 'Where clinics are alone', landscape: { ...landscape, gaps: [{ ...landscape.gaps[0], competitors: ['Ghost Inc'] }] } },
            },
            { name: 'save_landscape', arguments: { title: 'Where clinics are alone', landscape } },
          ],
        },
        { content: 'Saved the map.' },
      ],
    });
    await answerEnd(socket, send(socket, `Map it ${model.tag}`).requestId);
    expect(toolResults((await model.bodies())[1]!)[0]).toMatch(/No competitor card is named Ghost Inc/);
    const saved = (await waitForState(socket, (state) => state.memory.some((entry) => entry.kind === 'landscape'))).memory.find(
      (entry) => entry.kind === 'landscape',
    )!;
    const accept = frame(socket, { type: 'memory_accept', id: saved.id, baseVersion: saved.version });
    expect(await result(socket, accept)).toMatchObject({ ok: true });
    expect(
      (await db().prepare('SELECT phase FROM project_phases WHERE project_id = ?').bind(owner.projectId).all<{ phase: number }>()).results.map(
        (row) => row.phase,
      ),
    ).toEqual([3]);
    socket.close();
  });
});

describe('research runs', () => {
  async function proposed(pageReads = 2) {
    const owner = await proOwner();
    const socket = await openSocket(owner.projectId, owner.jar);
    const id = crypto.randomUUID().slice(0, 8);
    const query = `booking tool ${id}`;
    // Show HN's fake links launches to example.com: this run reads only the fake sites, on loopback.
    await fetch(`${env.FAKE_HACKER_NEWS_URL}/__lanes/${id}`, { method: 'POST', body: JSON.stringify({ empty: true }) });
    const model = await lane({
      replies: [{ toolCalls: [{ name: 'propose_research_run', arguments: { queries: [query], pageReads } }] }, { content: 'Approve it when ready.' }],
    });
    await answerEnd(socket, send(socket, `Survey ${model.tag}`).requestId);
    const state = await waitForState(socket, (candidate) => candidate.run?.status === 'proposed');
    expect(state.run).toMatchObject({ searches: 4, plan: { queries: [query], pageReads }, step: 0, steps: 1 + pageReads });
    return { ...owner, socket, query, run: state.run! };
  }
  const githubSearches = async (query: string) =>
    ((await (await fetch(`${env.FAKE_GITHUB_URL}/__requests`)).json()) as { path: string }[]).filter((request) =>
      decodeURIComponent(request.path.replace(/\+/g, ' ')).includes(query),
    ).length;

  it('runs once for 50 simultaneous approvals, live for every member, making cards as it reads', async () => {
    const { socket, jar, projectId, run, query } = await proposed();
    const other = await openSocket(projectId, jar);
    const ids = Array.from({ length: 50 }, (_, index) => frame(index % 2 ? socket : other, { type: 'run_approve', runId: run.id }));
    const answers = await Promise.all(ids.map((id, index) => result(index % 2 ? socket : other, id)));
    expect(answers.filter((answer) => answer.ok === true)).toHaveLength(1);
    expect(answers.filter((answer) => answer.ok === false).every((answer) => /already approved/.test(String(answer.error)))).toBe(true);
    // Answered as every request is: a refusal without a reason of its own is 'invalid', with nothing current.
    expect(answers.filter((answer) => answer.ok === false).every((answer) => answer.reason === 'invalid' && answer.current === null)).toBe(true);
    const done = await waitForState(other, (state) => state.run?.status === 'done', 'the run done', 15_000);
    expect(done.run).toMatchObject({ step: 3, steps: 3, cards: 2 });
    expect(done.memory.filter((entry) => entry.kind === 'competitor')).toHaveLength(2);
    // Progress reached both members while it ran.
    expect(socket.frames.some((candidate) => candidate.type === 'cf_agent_state' && (candidate.state as State).run?.status === 'running')).toBe(true);
    expect(await githubSearches(query)).toBe(1);
    socket.close();
    other.close();
  });

  it('survives its object being evicted mid-run, and Stop ends it', async () => {
    const { socket, jar, projectId, run, query } = await proposed(3);
    // The sites answer slowly, so the run is between steps or inside one when the object goes.
    await fetch(`${sites}/__scenario`, { method: 'POST', body: JSON.stringify({ delayMs: 300 }) });
    try {
      const approve = frame(socket, { type: 'run_approve', runId: run.id });
      expect(await result(socket, approve)).toMatchObject({ ok: true });
      await waitForState(socket, (state) => (state.run?.step ?? 0) >= 1, 'the first step');
      const { evictDurableObject } = await import('cloudflare:test');
      await evictDurableObject(env.COFOUNDER.get(env.COFOUNDER.idFromName(projectId)));
      // Anyone reconnecting wakes it; the run carries on where it was.
      const back = await openSocket(projectId, jar);
      const done = await waitForState(back, (state) => state.run?.status === 'done', 'the run done after eviction', 20_000);
      expect(done.run).toMatchObject({ step: 4, steps: 4 });
      const cards = done.memory.filter((entry) => entry.kind === 'competitor');
      expect(new Set(cards.map((card) => (card as Extract<MemoryEntry, { kind: 'competitor' }>).competitor.url)).size).toBe(cards.length);
      expect(await githubSearches(query)).toBe(1);
      back.close();
    } finally {
      await fetch(`${sites}/__scenario`, { method: 'POST', body: JSON.stringify({}) });
    }

    const second = await proposed(5);
    await fetch(`${sites}/__scenario`, { method: 'POST', body: JSON.stringify({ delayMs: 400 }) });
    try {
      const approve = frame(second.socket, { type: 'run_approve', runId: second.run.id });
      await result(second.socket, approve);
      await waitForState(second.socket, (state) => (state.run?.step ?? 0) >= 1, 'the search step');
      const stop = frame(second.socket, { type: 'run_stop', runId: second.run.id });
      expect(await result(second.socket, stop)).toMatchObject({ ok: true });
      const stopped = await waitForState(second.socket, (state) => state.run?.status === 'stopped');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(second.socket.latestState<State>()!.run).toMatchObject({ status: 'stopped' });
      expect(second.socket.latestState<State>()!.run!.step).toBeLessThanOrEqual(stopped.run!.step + 1);
    } finally {
      await fetch(`${sites}/__scenario`, { method: 'POST', body: JSON.stringify({}) });
      second.socket.close();
    }
    socket.close();
  });
});

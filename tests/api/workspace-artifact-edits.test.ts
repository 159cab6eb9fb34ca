import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { MemoryEntry } from '#contracts/workspace';
import { db } from '../utils';
import { addCollaborator, answerEnd, lane, openSocket, ownerWithProject, PERSONA, send, storedMessages, type TestSocket } from './workspace-support';

/**
 * Members edit the artifacts of phases 3 and 4, live: every field a founder would change, each
 * change seen by the others with who made it and when. Cited evidence stays traceable: a member
 * may delete a cited claim or add one labelled an assumption, but a citation of their own (a quote,
 * a price, a source address) is refused by the object (docs/decisions/0048-members-edit-artifacts.md).
 */

type State = { memory: MemoryEntry[] };
type PersonaEntry = Extract<MemoryEntry, { kind: 'persona' }>;
const waitForState = (socket: TestSocket, test: (state: State) => boolean, what = 'a state') =>
  socket.waitFor((frame) => frame.type === 'cf_agent_state' && test(frame.state as State), { what }).then((frame) => frame.state as State);
let counter = 0;
async function edit(socket: TestSocket, frame: Record<string, unknown>) {
  const requestId = `edit-${++counter}`;
  socket.send({ ...frame, requestId });
  return socket.waitFor((candidate) => candidate.type === 'request_result' && candidate.requestId === requestId, { what: `the answer to ${requestId}` });
}

/** A Pro project, a second member, and a persona the co-founder saved with a cited pain and a quote from a discussion it found. */
async function projectWithPersona() {
  const owner = await ownerWithProject();
  await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
  const collaborator = await addCollaborator(owner.jar, owner.projectId);
  const a = await openSocket(owner.projectId, owner.jar);
  const phrase = `clinic cancellations ${crypto.randomUUID().slice(0, 8)}`;
  const search = await lane({
    replies: [{ toolCalls: [{ name: 'search_discussions', arguments: { queries: [phrase] } }] }, { content: 'Found discussions.' }],
  });
  await answerEnd(a, send(a, `Search ${search.tag}`).requestId);
  const output = (await storedMessages(owner.projectId, owner.jar)).at(-1)!.parts.find((part) => part.type === 'tool-search_discussions')!.output as {
    discussions: { url: string; excerpt: string }[];
  };
  const discussion = output.discussions.find((candidate) => candidate.excerpt.length > 20)!;
  const quote = { text: discussion.excerpt.slice(0, 20), url: discussion.url };
  const cited = { text: 'Cancellations cost a morning of calls.', source: discussion.url };
  // The same lane, scripted again: the fake picks a lane by a tag anywhere in the conversation.
  await fetch(`${env.FAKE_COFOUNDER_MODEL_URL}/__lanes/${search.tag}`, {
    method: 'POST',
    body: JSON.stringify({
      replies: [
        {
          toolCalls: [
            { name: 'save_persona', arguments: { name: 'Dana Whitfield', persona: { ...PERSONA, pains: [cited, ...PERSONA.pains], quotes: [quote] } } },
          ],
        },
        { content: 'Saved Dana.' },
      ],
    }),
  });
  await answerEnd(a, send(a, 'Personas, please').requestId);
  const persona = (await waitForState(a, (state) => state.memory.some((entry) => entry.kind === 'persona'))).memory.find(
    (entry) => entry.kind === 'persona',
  ) as PersonaEntry;
  expect(persona.persona.quotes).toEqual([quote]);
  const b = await openSocket(owner.projectId, collaborator.jar);
  return { owner, collaborator, a, b, persona, discussion, cited, quote };
}

describe('members editing artifacts', () => {
  it("a persona edited by member B is seen by member A at once, with B's name and the time, and the earlier version's author kept", async () => {
    const { a, b, persona, cited, quote } = await projectWithPersona();
    const before = Date.now();
    const content = {
      kind: 'persona',
      title: 'Dana W. Okafor',
      persona: {
        ...persona.persona,
        role: 'Office manager',
        situation: 'Runs the front desk and the schedule alone.',
        jobs: { functional: ['Keep chairs booked', 'Confirm tomorrow’s patients'], social: ['Look on top of it'], emotional: [] },
        // The cited pain kept, ranked second now; a pain of B's own, labelled an assumption, ranked first.
        pains: [
          { text: 'Patients forget to cancel at all.', source: 'assumption' },
          cited,
          ...persona.persona.pains.filter((pain) => pain.source === 'assumption'),
        ],
        gains: [{ text: 'Mornings without phone calls.', source: 'assumption' }],
        usesToday: ['A paper waiting list', 'Text messages from her own phone'],
        jobStories: ['When the first patient cancels at 8, I want to offer the slot to the list, so I can start the day on time.'],
        earlyAdopter: 'Clinics that already text their patients.',
      },
    };
    const result = await edit(b, { type: 'memory_update', id: persona.id, baseVersion: persona.version, content });
    expect(result).toMatchObject({ ok: true, value: { version: persona.version + 1, title: 'Dana W. Okafor' } });

    const seen = (await waitForState(a, (state) => state.memory.some((entry) => entry.title === 'Dana W. Okafor'))).memory.find(
      (entry) => entry.id === persona.id,
    ) as PersonaEntry;
    expect(seen.persona).toMatchObject({ role: 'Office manager', earlyAdopter: 'Clinics that already text their patients.', quotes: [quote] });
    expect(seen.persona.pains[1]).toEqual(cited);
    expect(seen.persona.jobs.functional).toEqual(['Keep chairs booked', 'Confirm tomorrow’s patients']);
    expect(seen.author).toMatchObject({ kind: 'member', name: expect.stringMatching(/\S/) });
    const bName = (seen.author as { name: string }).name;
    expect(b.latestState<{ presence: { name: string }[] }>()!.presence.map((member) => member.name)).toContain(bName);
    expect(seen.updatedAt).toBeGreaterThanOrEqual(before);
    expect(seen.history?.[0]).toMatchObject({ version: persona.version, author: { kind: 'cofounder' }, updatedAt: persona.updatedAt });
    a.close();
    b.close();
  });

  it('refuses a citation a member types, changing nothing; deleting a cited claim and adding an assumption are allowed', async () => {
    const { a, b, persona, discussion, quote } = await projectWithPersona();
    const withPersona = (change: Partial<PersonaEntry['persona']>) => ({ kind: 'persona', title: persona.title, persona: { ...persona.persona, ...change } });
    const refusals = [
      // A claim citing an address no tool returned here.
      withPersona({ pains: [...persona.persona.pains, { text: 'Clinics lose $2,000 a week.', source: 'https://invented.example/report' }] }),
      // A claim citing the very discussion the tools found, in words it does not say: only the tools cite.
      withPersona({ gains: [{ text: 'They would pay $99 a month.', source: discussion.url }] }),
      // A quote a member typed, even from a real address.
      withPersona({ quotes: [quote, { text: 'I would switch tomorrow', url: discussion.url }] }),
      // A quoted claim rewritten keeps its source but no longer says what it said.
      withPersona({
        pains: persona.persona.pains.map((pain) => (pain.source === discussion.url ? { ...pain, text: 'Cancellations cost a whole day.' } : pain)),
      }),
      // A channel address.
      withPersona({ reachAt: [{ name: 'A forum', url: 'https://forum.invented.example/' }] }),
    ];
    for (const content of refusals) {
      const result = await edit(b, { type: 'memory_update', id: persona.id, baseVersion: persona.version, content });
      expect(result).toMatchObject({
        ok: false,
        reason: 'invalid',
        error: expect.stringMatching(
          /^Only the co-founder's tools add cited evidence, which they check: .+ is not in this entry\. Delete it, or write it as a claim labelled 'assumption'\.$/,
        ),
      });
    }
    // A new persona carrying a quote is refused the same way.
    const created = await edit(b, { type: 'memory_create', content: { kind: 'persona', title: 'Sam Lee', persona: { ...PERSONA, quotes: [quote] } } });
    expect(created).toMatchObject({ ok: false, error: expect.stringContaining(`the quote “${quote.text}” from ${quote.url}`) });
    expect(a.latestState<State>()!.memory.filter((entry) => entry.kind === 'persona')).toEqual([persona]);

    // Deleting the cited pain and the quote, and adding an assumption, is a member's right.
    const kept = withPersona({
      pains: [...persona.persona.pains.filter((pain) => pain.source === 'assumption'), { text: 'Reminder calls take an hour a day.', source: 'assumption' }],
      quotes: [],
    });
    const result = await edit(b, { type: 'memory_update', id: persona.id, baseVersion: persona.version, content: kept });
    expect(result).toMatchObject({ ok: true });
    const seen = (await waitForState(a, (state) => state.memory.some((entry) => entry.id === persona.id && entry.version === persona.version + 1))).memory.find(
      (entry) => entry.id === persona.id,
    ) as PersonaEntry;
    expect(seen.persona.pains.map((pain) => pain.source)).toEqual(['assumption', 'assumption']);
    expect(seen.persona.quotes).toEqual([]);
    a.close();
    b.close();
  });

  it('competitors and the map: names, audience, claims labelled assumptions, gap titles and axes labels are edited; a typed price is refused', async () => {
    const { a, b } = await projectWithPersona();
    const competitor = {
      kind: 'competitor',
      title: 'Paper list',
      competitor: { category: 'status_quo', forWhom: 'Front desks.', pricing: { status: 'not_found' }, strengths: [], weaknesses: [] },
    };
    const card = (await edit(b, { type: 'memory_create', content: competitor })).value as MemoryEntry;
    const price = { status: 'found', quote: '$29 per month', url: 'https://paper.invented.example/pricing', readAt: new Date().toISOString() };
    expect(
      await edit(b, {
        type: 'memory_update',
        id: card.id,
        baseVersion: 1,
        content: { ...competitor, competitor: { ...competitor.competitor, pricing: price } },
      }),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining('the price “$29 per month” from https://paper.invented.example/pricing'),
    });
    const renamed = {
      kind: 'competitor',
      title: 'Paper waiting list',
      competitor: {
        ...competitor.competitor,
        category: 'indirect',
        forWhom: 'Receptionists.',
        weaknesses: [{ text: 'Nobody reads it after 10.', source: 'assumption' }],
      },
    };
    expect(await edit(b, { type: 'memory_update', id: card.id, baseVersion: 1, content: renamed })).toMatchObject({ ok: true });

    const landscape = {
      kind: 'landscape',
      title: 'Where clinics are alone',
      landscape: {
        gaps: [
          {
            title: 'No automation',
            description: 'Slots are refilled by hand.',
            competitors: ['Paper waiting list'],
            evidence: [{ text: 'Assumed from the founders.', source: 'assumption' }],
          },
        ],
        axes: { x: { label: 'Setup effort', low: 'none', high: 'weeks' }, y: { label: 'Automation', low: 'none', high: 'full' } },
        placements: [
          { name: 'Paper waiting list', isIdea: false, x: 1, y: 1 },
          { name: 'Our idea', isIdea: true, x: 2, y: 9 },
        ],
      },
    };
    const map = (await edit(a, { type: 'memory_create', content: landscape })).value as MemoryEntry;
    const edited = {
      ...landscape,
      landscape: {
        ...landscape.landscape,
        gaps: [{ ...landscape.landscape.gaps[0]!, title: 'Nobody refills slots for them', description: 'Every slot is refilled by phone.' }],
        axes: { x: { label: 'Time to set up', low: 'minutes', high: 'weeks' }, y: landscape.landscape.axes.y },
      },
    };
    expect(await edit(b, { type: 'memory_update', id: map.id, baseVersion: 1, content: edited })).toMatchObject({ ok: true });
    // A second landscape replaces the one a project holds: evidence it cites is checked against that one.
    const invented = {
      ...edited,
      landscape: {
        ...edited.landscape,
        gaps: [{ ...edited.landscape.gaps[0]!, evidence: [{ text: 'Clinics hate it.', source: 'https://invented.example/survey' }] }],
      },
    };
    expect(await edit(b, { type: 'memory_create', content: invented })).toMatchObject({ ok: false, reason: 'invalid' });

    const state = await waitForState(
      a,
      (candidate) =>
        candidate.memory.some((entry) => entry.kind === 'landscape' && entry.version === 2) &&
        candidate.memory.some((entry) => entry.title === 'Paper waiting list'),
    );
    const seenMap = state.memory.find((entry) => entry.kind === 'landscape') as Extract<MemoryEntry, { kind: 'landscape' }>;
    expect(seenMap.landscape.gaps[0]).toMatchObject({ title: 'Nobody refills slots for them', evidence: [{ source: 'assumption' }] });
    expect(seenMap.landscape.axes.x.label).toBe('Time to set up');
    expect(seenMap.author).toMatchObject({ kind: 'member' });
    const seenCard = state.memory.find((entry) => entry.title === 'Paper waiting list') as Extract<MemoryEntry, { kind: 'competitor' }>;
    expect(seenCard.competitor).toMatchObject({ category: 'indirect', forWhom: 'Receptionists.', pricing: { status: 'not_found' } });
    a.close();
    b.close();
  });

  it("phase 2's estimate: a step's source in words is the founders' own, a typed address or discussion is refused", async () => {
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const assumption = (value: number, label: string, operation = 'multiply') => ({ operation, value, label, source: 'assumption' });
    const estimate = {
      segments: ['Independent dental clinics'],
      topDown: { unit: 'clinics', steps: [assumption(200000, 'dental clinics in the US', 'start'), assumption(0.4, 'share that book by phone')] },
      bottomUp: { unit: 'clinics a year', steps: [assumption(50, 'demos a month', 'start'), assumption(12, 'months')] },
      frequency: 'Weekly.',
      pain: 'Two hours of calls a week.',
      currentAlternatives: 'A paper list.',
      confidence: 'low',
      confidenceReasons: 'Assumptions.',
      evidence: [],
    };
    const content = (change: object) => ({ kind: 'scale_estimate', title: 'Empty chairs', estimate: { ...estimate, ...change } });
    const saved = (await edit(socket, { type: 'memory_create', content: content({}) })).value as MemoryEntry;
    const withSource = (source: string) =>
      content({ topDown: { ...estimate.topDown, steps: [{ ...estimate.topDown.steps[0]!, source }, estimate.topDown.steps[1]!] } });
    expect(await edit(socket, { type: 'memory_update', id: saved.id, baseVersion: 1, content: withSource('https://invented.example/census') })).toMatchObject({
      ok: false,
      error: expect.stringContaining('the address https://invented.example/census is not in this entry'),
    });
    expect(
      await edit(socket, {
        type: 'memory_update',
        id: saved.id,
        baseVersion: 1,
        content: content({ evidence: [{ title: 'A thread', url: 'https://news.ycombinator.com/item?id=42', site: 'Hacker News' }] }),
      }),
    ).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await edit(socket, { type: 'memory_update', id: saved.id, baseVersion: 1, content: withSource('US Census 2020, from memory') })).toMatchObject({
      ok: true,
      value: { version: 2 },
    });
    socket.close();
  });
});

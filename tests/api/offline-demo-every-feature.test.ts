import { beforeAll, describe, expect, it } from 'vitest';
import { planDifference, type BuildPlan } from '#contracts/phases/build-plan';
import { MemoryContentSchema, type MemoryEntry } from '#contracts/workspace';
import { SCRIPT_END } from '../../worker/agents/offline-demo';
import { REPLAN_ACCEPT_ACTION } from '../../worker/agents/phases/build-plan/replan-answers';
import { fitting, peopleInSentence, quote, shortName, type DemoSubject } from '../../worker/agents/phases/common/demo-subject';
import { COMMUTER_BIKES, everythingOf, REPLAN_REQUEST, TUTORING, walkDemo, type DemoIdea } from './demo-walk';

/**
 * The offline demo reaches every feature, in whole sentences
 * (docs/decisions/0068-the-offline-demo-reaches-every-feature.md): walked through phases 1 to 8
 * with two ideas, it proposes a re-plan through phase 6's propose_replan that a member can accept,
 * points to the weekly check-in in phase 8, shortens only at word and sentence boundaries, never
 * restates the idea as its pain, never compares the idea with a direction of its own kind, and says
 * nothing about the subject that the founders did not give it.
 */

type Entry<Kind extends MemoryEntry['kind']> = Extract<MemoryEntry, { kind: Kind }>;
const entryOf = <Kind extends MemoryEntry['kind']>(memory: readonly MemoryEntry[], kind: Kind) =>
  memory.find((entry): entry is Entry<Kind> => entry.kind === kind)!;
const contentOf = (entry: MemoryEntry) => {
  const {
    id: _id,
    version: _version,
    author: _author,
    updatedAt: _updatedAt,
    acceptedAt: _acceptedAt,
    basedOn: _basedOn,
    history: _history,
    ...content
  } = entry as MemoryEntry & { acceptedAt?: number; basedOn?: unknown; history?: unknown };
  return content;
};

const IDEAS: [string, DemoIdea, RegExp][] = [
  ['mobile bike repair for commuters', COMMUTER_BIKES, /bike/i],
  ['a tutoring marketplace', TUTORING, /tutor/i],
];

describe.each(IDEAS)('the offline demo walked with %s', (_name, idea, own) => {
  let walked: ReturnType<typeof walkDemo>;
  beforeAll(() => {
    walked = walkDemo(idea);
  });

  it('answers every message of phases 1 to 8 from its script, the re-plan and the weekly check-in included, each answer labelled', async () => {
    const { answers, memory } = await walked;
    expect(answers.filter((answer) => answer.text === SCRIPT_END.text)).toEqual([]);
    for (const answer of answers) expect(answer.text).toMatch(/^\*Offline demo — not AI\.\* /);
    for (const entry of memory) expect(MemoryContentSchema.parse(contentOf(entry))).toEqual(contentOf(entry));
    const replan = answers.find((answer) => answer.asked === REPLAN_REQUEST)!;
    expect(replan).toMatchObject({ phase: 6, call: { name: 'propose_replan' } });
    expect(replan.text).toContain('Nothing changes until a member accepts the difference shown under the build plan in the memory');
    const checkIn = answers.filter((answer) => answer.phase === 8).at(-1)!;
    expect(checkIn.text).toContain('The weekly check-in is written from the memory without AI');
    expect(checkIn.text).toContain('the project’s owner can post this week’s check-in now');
  });

  it("proposes a re-plan of the accepted plan that changes nothing until a member accepts it, then replaces the plan keeping it accepted and its tasks' statuses", async () => {
    const { answers, context } = await walked;
    const { host } = context;
    const plan = entryOf(host.state.memory, 'build_plan');
    const proposal = host.state.planProposal!;
    expect(proposal).toMatchObject({ entryId: plan.id, baseVersion: plan.version });
    // Proposed, not applied: the plan in the memory is still the two-week one, accepted.
    expect(plan.plan.weeks).toBe(2);
    expect(plan.acceptedAt).toBeDefined();
    // A week earlier: cut, not stretched. The difference the members read lists what goes and what comes.
    const difference = planDifference(plan.plan, proposal.plan);
    expect(proposal.plan.weeks).toBe(1);
    expect(difference.removed.map((task) => task.title)).toEqual(['Fix what the first tries showed', 'Ask the first ten to pay']);
    expect(difference.added.map((task) => task.title)).toEqual(['Agree with everyone what waits until after the launch']);
    expect(difference.changed).toContain('The appetite: 2 weeks → 1 weeks');
    const replan = answers.find((answer) => answer.asked === REPLAN_REQUEST)!;
    for (const task of [...difference.removed, ...difference.added]) expect(replan.text).toContain(`“${task.title}”`);

    // A member moved a task meanwhile; accepting keeps that status, and the plan stays accepted.
    const moved: BuildPlan = { ...plan.plan, tasks: plan.plan.tasks.map((task) => (task.id === 'flows' ? { ...task, status: 'done' } : task)) };
    expect(host.updateEntry(plan.id, { kind: 'build_plan', title: plan.title, plan: moved }, { kind: 'member', userId: 'u1', name: 'Ana Ruiz' })).toMatchObject(
      {
        ok: true,
      },
    );
    const member = { userId: 'u1', name: 'Ana Ruiz', role: 'owner' as const };
    const accepted = await REPLAN_ACCEPT_ACTION.handle(host, member, { type: 'plan_replan_accept', requestId: 'r1', proposedAt: proposal.proposedAt });
    expect(accepted).toMatchObject({ ok: true });
    const replanned = entryOf(host.state.memory, 'build_plan');
    expect(replanned.plan.weeks).toBe(1);
    expect(replanned.plan.tasks.find((task) => task.id === 'flows')!.status).toBe('done');
    expect(replanned.acceptedAt).toBeDefined();
    expect(host.state.planProposal).toBeNull();
  });

  it('shortens nothing in the middle of a sentence: no cut phrase anywhere in what it shows or saves', async () => {
    const shown = everythingOf(await walked);
    expect(shown).not.toContain('…');
    // The sentences that once ran into each other read whole.
    expect(shown).not.toMatch(/because \S+.* What is rough/);
    expect(shown).not.toMatch(/on the… |on the…$/m);
  });

  it('never restates the idea as its pain, its weakness or its gap, nor as anything but the founders’ own words', async () => {
    const { memory } = await walked;
    const statement = idea.idea;
    for (const kind of ['scale_estimate', 'competitor', 'landscape', 'persona', 'value_map', 'mvp_scope', 'riskiest_assumptions'] as const)
      expect(JSON.stringify(entryOf(memory, kind)), kind).not.toContain(statement);
    expect(entryOf(memory, 'scale_estimate').estimate.pain).not.toContain(shortName(statement).toLowerCase());
    // Where the idea is quoted, it is said to be the founders' words.
    const kit = entryOf(memory, 'product_hunt_kit').kit;
    expect(kit.makerComment).toContain(`The idea, in our words: “${statement}”.`);
  });

  it('compares the idea with a direction of another kind, never one that says the same', async () => {
    const { answers } = await walked;
    const table = answers.find((answer) => answer.text.includes('Here is your idea beside one other direction'))!.text;
    const [, a, b] = /\| \| A: (.+?) \| B: (.+?) \|/.exec(table)!;
    expect(a).toMatch(own);
    expect(b).not.toBe(a);
    const kind = (text: string) => /marketplace|tool|service/i.exec(text)?.[0].toLowerCase() ?? null;
    if (kind(a!)) expect(kind(b!)).not.toBe(kind(a!));
    expect(b).not.toMatch(new RegExp(idea.idea.split(' ').find((word) => /marketplace|service|app|tool/i.test(word)) ?? '^$', 'i'));
  });

  it('says nothing about the subject the founders did not give it: no hosting, model, subscription or sign-in for a product nobody described', async () => {
    const { memory } = await walked;
    const saved = JSON.stringify(memory);
    for (const invented of [/hosting/i, /model’s use/i, /subscription/i, /sign-in by a link|sign in by a link/i, /the stack/i])
      expect(saved, String(invented)).not.toMatch(invented);
    expect(entryOf(memory, 'lean_canvas').canvas.costStructure.text).toBe('The founders’ time, and what the first version needs to run: to be listed.');
  });

  it('writes drafts inside their limits with whole phrases: the tagline, the Show HN title and the maker comment parse', async () => {
    const { memory } = await walked;
    const { kit } = entryOf(memory, 'product_hunt_kit');
    expect(kit.tagline.length).toBeLessThanOrEqual(60);
    expect(kit.tagline).toMatch(/^(.+, )?[Ff]or [a-z]/);
    const people = peopleInSentence({ people: idea.people, peopleKnown: true } as DemoSubject, 300);
    expect(kit.makerComment).toMatch(new RegExp(`^We made .+ for ${people}\\. The idea, in our words: “`));
    const { post } = entryOf(memory, 'show_hn_post');
    expect(post.title.length).toBeLessThanOrEqual(80);
    expect(post.title).toMatch(/^Show HN: .+ – for [a-z]/);
    expect(entryOf(memory, 'scale_estimate').estimate.frequency).toMatch(/^How often .+ meet it is unknown \(assumption\)\.$/);
  });
});

describe("the demo's shortening", () => {
  it('cuts a field of its own at the end of a sentence, else after a whole word; never inside a sentence', () => {
    expect(quote('Short enough.', 50)).toBe('Short enough.');
    expect(quote('Commuters lose a morning. Shops are far away and open late.', 40)).toBe('Commuters lose a morning.');
    expect(quote('Commuters who get a flat or broken chain on the way to work', 40)).toBe('Commuters who get a flat or broken…');
    expect(fitting('Commuters who get a flat or broken chain', 20, 'commuters')).toBe('commuters');
    expect(fitting('Commuters', 20, 'commuters')).toBe('Commuters');
  });

  it("puts who has the problem in a sentence whole, or by its head, or in plain words, and keeps the founder's article in the working name", () => {
    const subject = (people: string) => ({ name: 'X', problem: 'Y', people, peopleKnown: true });
    expect(peopleInSentence(subject(COMMUTER_BIKES.people), 200)).toBe(
      'commuters who get a flat or broken chain on the way to work and cannot wait a week for a shop',
    );
    expect(peopleInSentence(subject(COMMUTER_BIKES.people), 40)).toBe('commuters');
    expect(peopleInSentence(subject(TUTORING.people), 40)).toBe('parents of secondary school students');
    expect(peopleInSentence(subject('Extraordinarily-long-hyphenated-people-who-cannot-be-shortened-at-all'), 20)).toBe('the people you named');
    expect(peopleInSentence({ ...subject(''), peopleKnown: false })).toBe('the people who have the problem');
    expect(shortName(TUTORING.idea)).toBe('A tutoring marketplace');
    expect(shortName(COMMUTER_BIKES.idea)).toBe('Mobile bike repair');
  });
});

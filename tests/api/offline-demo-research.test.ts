import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { COMPETITOR_LIMITS } from '#contracts/phases/competitors';
import { MemoryContentSchema, type MemoryEntry, type WorkspaceMessage, type WorkspaceState } from '#contracts/workspace';
import { acceptEntry, createEntry, updateEntry, type Applied, type Refusal } from '../../worker/agents/memory';
import { COMPETITORS_DEMO } from '../../worker/agents/phases/competitors/demo';
import { runEndText, runStep, type RunRecord } from '../../worker/agents/phases/competitors/research-run';
import { demoSubject } from '../../worker/agents/phases/common/demo-subject';
import { FIND_IDEA_DEMO } from '../../worker/agents/phases/find-idea/demo';
import { PERSONAS_DEMO } from '../../worker/agents/phases/personas/demo';
import { PROBLEM_SCALE_DEMO } from '../../worker/agents/phases/problem-scale/demo';
import { founderWords } from '../../worker/agents/offline-demo';
import type { DemoStep, FounderWords, PhaseHost, ToolContext } from '../../worker/agents/phases/types';
import type { CofounderActions } from '../../worker/agents/tools/actions';
import { ResearchDraftSchema } from '#contracts/phases/problem-scale';

/**
 * The offline demo co-founder in phases 3 and 4 (worker/agents/phases/competitors/demo.ts and
 * personas/demo.ts), inside workerd: each step calls the phase's real tool with the real memory
 * rules, so what it saves passes the same contracts as the model's; and on a machine without
 * internet the research run it proposes reaches no source and says so, as its text warns.
 */

/** A machine without internet: every outside source's address refuses the connection, and web search has no key, as under `npm start`. */
const OFFLINE = 'http://127.0.0.1:9';
const offlineEnv = {
  ...env,
  HACKER_NEWS_API_URL: OFFLINE,
  GITHUB_API_URL: OFFLINE,
  ITUNES_API_URL: OFFLINE,
  BRAVE_SEARCH_API_URL: OFFLINE,
  BRAVE_SEARCH_API_KEY: undefined,
} as typeof env;

/** What the object lends the demo's tools in a turn (cofounder.ts #actions), over the real memory rules. */
function demoActions() {
  let memory: MemoryEntry[] = [];
  const runs: RunRecord[] = [];
  const author = { kind: 'cofounder' as const };
  const apply = (result: Applied | Refusal): MemoryEntry => {
    if (!result.ok) throw new Error(result.error);
    memory = result.memory;
    return result.entry!;
  };
  const actions: CofounderActions = {
    get memory() {
      return memory;
    },
    foundUrls: new Set<string>(),
    readPages: new Map(),
    writeMemory: (content) => apply(createEntry(memory, content, author)),
    updateMemory: (id, content) => apply(updateEntry(memory, id, undefined, content, author)),
    saveArtifact: (content) => apply(createEntry(memory, content, author)),
    acceptArtifact: async (id) => apply(acceptEntry(memory, id, undefined)),
    // Phase 1 proposes notes for the canvas; the canvas itself is tested on its own.
    placeCanvasNotes: () => [],
  };
  // What the object lends phase 3's demo to propose a run: the run is kept in the state it sets (its
  // SQLite row is the object's business, tested through the object in workspace-phase-three.test.ts).
  let state = { run: null } as unknown as WorkspaceState;
  const host = {
    env: offlineEnv,
    sql: () => [],
    get state() {
      return state;
    },
    setState: (slice: Partial<WorkspaceState>) => {
      state = { ...state, ...slice };
      if (slice.run) runs.push({ state: slice.run, candidates: [], pages: [] });
    },
  } as unknown as PhaseHost;
  const context: ToolContext = { env: offlineEnv, projectId: 'demo-project', actions, host, privateWording: null };
  return { actions, context, runs, memory: () => memory };
}

const IDEA = 'I want to help small dental clinics stop losing money to no-shows';
const words: FounderWords = { latest: 'Go on', idea: IDEA, people: null, privacyMode: false, subject: demoSubject([], IDEA), memory: [] };
const textOf = (step: DemoStep) => (typeof step.text === 'function' ? step.text(words) : step.text);

describe('the offline demo co-founder in phases 3 and 4', () => {
  it('labels every answer, and says that outside sources cannot be reached without internet', () => {
    for (const step of [...COMPETITORS_DEMO, ...PERSONAS_DEMO]) expect(textOf(step)).toMatch(/^\*Offline demo — not AI\.\* /);
    expect(textOf(COMPETITORS_DEMO[0]!)).toContain('on a machine without internet none of them can be reached, and the run will say so');
    expect(textOf(PERSONAS_DEMO[0]!)).toContain('without internet no outside source can be reached at all');
    expect(textOf(PERSONAS_DEMO[0]!)).toContain('every claim is an assumption, there are no quotes, and the confidence is low');
  });

  it("walks phase 3 and phase 4 through the phases' own tools: a run proposed, a card, the gaps and map, a persona, each within its contract", async () => {
    const { actions, context, runs, memory } = demoActions();
    await FIND_IDEA_DEMO[3]!.act!(actions, 'A', words);
    const calls = [];
    for (const step of [...COMPETITORS_DEMO, ...PERSONAS_DEMO]) calls.push((await step.tool!(context, { toolCallId: 'demo-call', words }))!);
    expect(calls.map((call) => call.name)).toEqual(['propose_research_run', 'save_competitor', 'save_landscape', 'save_persona']);

    // The run is proposed, not run: a member approves it; it spends what it says, within the limits.
    expect(runs).toHaveLength(1);
    const plan = runs[0]!.state.plan;
    expect(runs[0]!.state).toMatchObject({ status: 'proposed', step: 0 });
    expect(plan.queries.length).toBeLessThanOrEqual(COMPETITOR_LIMITS.runQueries);
    expect(calls[0]!.output).toMatchObject({ proposed: { searches: plan.queries.length * 3, pageReads: plan.pageReads } });

    const entries = memory();
    const byKind = (kind: string) => entries.filter((entry) => entry.kind === kind);
    expect(entries.map((entry) => entry.kind)).toEqual(['chosen_idea', 'competitor', 'landscape', 'persona']);
    const card = byKind('competitor')[0] as Extract<MemoryEntry, { kind: 'competitor' }>;
    const map = byKind('landscape')[0] as Extract<MemoryEntry, { kind: 'landscape' }>;
    const persona = byKind('persona')[0] as Extract<MemoryEntry, { kind: 'persona' }>;
    for (const entry of [card, map, persona]) {
      const { id: _id, version: _version, author: _author, updatedAt: _updatedAt, ...content } = entry;
      expect(MemoryContentSchema.parse(content)).toEqual(content);
    }
    // Nothing read, nothing cited: every claim is an assumption, no address, no price, no quote.
    const claims = [
      ...card.competitor.strengths,
      ...card.competitor.weaknesses,
      ...map.landscape.gaps.flatMap((gap) => gap.evidence),
      ...persona.persona.pains,
      ...persona.persona.gains,
    ];
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) expect(claim.source).toBe('assumption');
    expect(card.competitor).toMatchObject({ category: 'status_quo', pricing: { status: 'not_found' } });
    expect(card.competitor.url).toBeUndefined();
    expect(persona.persona).toMatchObject({ quotes: [], reachAt: [], confidence: 'low' });
    // The map and the persona name the card the demo made; the avatar is the product's own.
    expect(map.landscape.gaps[0]!.competitors).toEqual([card.title]);
    expect(map.landscape.placements.filter((placement) => !placement.isIdea).map((placement) => placement.name)).toEqual([card.title]);
    expect(persona.persona.usesToday).toEqual([card.title]);
    expect(persona.persona.avatarUrl).toMatch(/^\/api\/free-tools\/avatar\.svg\?name=Sam\+Rivera&age=38/);
  });

  it('the run it proposes, approved on a machine without internet, reaches no source, makes no card and says which sources could not be reached', async () => {
    const { context, runs } = demoActions();
    await COMPETITORS_DEMO[0]!.tool!(context, { toolCallId: 'demo-call', words });
    let run: RunRecord = { ...runs[0]!, state: { ...runs[0]!.state, status: 'running' } };
    const progress: string[] = [];
    const cards = [];
    while (run.state.step < run.state.steps) {
      const stepped = await runStep(offlineEnv, run, (doing) => progress.push(doing));
      if (stepped.card) cards.push(stepped.card);
      run = stepped.run;
    }
    expect(cards).toEqual([]);
    expect(run.state.found).toBe(0);
    for (const query of run.state.plan.queries) {
      for (const source of ['Hacker News launches', 'GitHub', 'App Store']) expect(progress).toContain(`${source}: unavailable for "${query}"`);
      expect(progress).toContain(`Web search: not connected for "${query}"`);
    }
    expect(runEndText({ ...run.state, cards: 0 })).toBe('Done: 0 found, 0 cards made. Hacker News launches, GitHub and App Store could not be reached.');
  });
});

describe("the offline demo co-founder keeps to the founders' own subject in phases 1 to 4", () => {
  /** No source answers at all, so nothing a source returns can bring a subject of its own. */
  const unreachable = { ...offlineEnv, STACK_EXCHANGE_API_URL: OFFLINE, REDDIT_AUTH_URL: OFFLINE, REDDIT_API_URL: OFFLINE } as typeof env;

  /** The members' replies in each phase, one per step: the idea and who has it in phase 1, then clicks and short answers. */
  const SCRIPTS = [FIND_IDEA_DEMO, PROBLEM_SCALE_DEMO, COMPETITORS_DEMO, PERSONAS_DEMO];

  /**
   * Walks phases 1 to 4 as a founder would in the workspace: each member message, then the step
   * the object would answer it with (offlineDemoAnswer), its words computed from the conversation
   * and the memory as the object computes them. Returns everything shown and saved.
   */
  async function walk(idea: string, people: string, privacyMode = false) {
    const { actions, context, memory } = demoActions();
    const offlineContext = { ...context, env: unreachable };
    const conversation: WorkspaceMessage[] = [];
    const shown: string[] = [];
    const calls: { name: string; input: unknown }[] = [];
    const replies = [[idea, 'I have a problem in mind', people, 'A'], ['Go on', 'Next', 'Next'], ['Go on', 'Next', 'Next'], ['Go on']];
    for (const [index, script] of SCRIPTS.entries()) {
      for (const [step, reply] of script.map((step, n) => [step, replies[index]![n]!] as const)) {
        conversation.push({ id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text: reply }] });
        const words = founderWords(conversation, actions.memory, privacyMode);
        const text = typeof step.text === 'function' ? step.text(words) : step.text;
        shown.push(text);
        if (step.act) await step.act(actions, words.latest, words);
        const call = step.tool ? await step.tool(offlineContext, { toolCallId: 'demo-call', words }) : null;
        if (call) {
          calls.push(call);
          shown.push(JSON.stringify(call.input), JSON.stringify(call.output));
        }
        conversation.push({
          id: crypto.randomUUID(),
          role: 'assistant',
          parts: [{ type: 'text', text }],
          metadata: { author: { kind: 'cofounder' }, createdAt: Date.now(), phase: index + 1 },
        });
      }
    }
    return { shown: shown.join('\n'), saved: JSON.stringify(memory()), memory: memory(), calls };
  }

  const BIKES = { idea: 'help independent bike repair shops stop losing customers', people: 'Owners of independent bike repair shops in mid-sized towns' };
  const TUTORING = {
    idea: 'A tutoring marketplace that matches secondary school students with vetted maths tutors',
    people: 'Parents of secondary school students who struggle with maths',
  };
  /** The subject the demo once used in every project after phase 1. */
  const CANNED = /clinic|dental|dentist|patient|appointment|cancell|waiting list|Dana/i;

  it.each([
    ['bike repair shops', BIKES, /bike/i, /tutor|maths|student/i],
    ['a tutoring marketplace', TUTORING, /tutor/i, /bike|repair shop/i],
  ])('names %s in every artifact, and neither the other subject nor the canned one', async (_name, { idea, people }, own, other) => {
    const { shown, saved, memory, calls } = await walk(idea, people);
    expect(memory.map((entry) => entry.kind)).toEqual(['note', 'chosen_idea', 'scale_estimate', 'competitor', 'landscape', 'persona']);
    for (const entry of memory) {
      const {
        id: _id,
        version: _version,
        author: _author,
        updatedAt: _updatedAt,
        acceptedAt: _acceptedAt,
        basedOn: _basedOn,
        ...content
      } = entry as MemoryEntry & { acceptedAt?: number; basedOn?: unknown };
      expect(MemoryContentSchema.parse(content)).toEqual(content);
      // Every artifact names the founders' subject.
      if (entry.kind !== 'note') expect(JSON.stringify(entry)).toMatch(own);
    }
    const chosen = memory.find((entry) => entry.kind === 'chosen_idea') as Extract<MemoryEntry, { kind: 'chosen_idea' }>;
    expect(chosen.idea).toMatchObject({ problem: idea, whoHasIt: people });
    // The research page asks about the founders' problem, and passes the page's own contract.
    const draft = calls.find((call) => call.name === 'draft_research_page')!.input;
    expect(ResearchDraftSchema.parse(draft)).toEqual(draft);
    expect(JSON.stringify(draft)).toMatch(own);
    // The searches it makes and proposes are about the subject.
    for (const name of ['search_discussions', 'propose_research_run']) expect(JSON.stringify(calls.find((call) => call.name === name)!.input)).toMatch(own);
    for (const text of [shown, saved]) {
      expect(text).not.toMatch(other);
      expect(text).not.toMatch(CANNED);
    }
    // Still labelled, and never claims to have searched what it could not reach.
    expect(shown.match(/\*Offline demo — not AI\.\*/g)).toHaveLength(SCRIPTS.flat().length);
  });

  it("under privacy mode sends none of the founders' words to a search and proposes no run", async () => {
    const { shown, calls, memory } = await walk(BIKES.idea, BIKES.people, true);
    expect(calls.map((call) => call.name)).not.toContain('search_discussions');
    expect(calls.map((call) => call.name)).not.toContain('propose_research_run');
    expect(shown).toContain('Privacy mode is on');
    expect(memory.map((entry) => entry.kind)).toEqual(['note', 'chosen_idea', 'scale_estimate', 'competitor', 'landscape', 'persona']);
  });
});

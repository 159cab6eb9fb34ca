import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { COMPETITOR_LIMITS } from '#contracts/phases/competitors';
import { MemoryContentSchema, type MemoryEntry, type ResearchRunPlan } from '#contracts/workspace';
import { acceptEntry, createEntry, updateEntry, type Applied, type Refusal } from '../../worker/agents/memory';
import { COMPETITORS_DEMO } from '../../worker/agents/phases/competitors/demo';
import { proposedRun, runEndText, runStep, type RunRecord } from '../../worker/agents/phases/competitors/research-run';
import { FIND_IDEA_DEMO } from '../../worker/agents/phases/find-idea/demo';
import { PERSONAS_DEMO } from '../../worker/agents/phases/personas/demo';
import type { DemoStep, FounderWords } from '../../worker/agents/phases/types';
import type { CofounderActions } from '../../worker/agents/tools/actions';
import { connectedCompetitorSources } from '../../worker/services/competitor-search';

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
    placeCanvasNotes: () => {
      throw new Error('The demo places no canvas notes.');
    },
    proposeResearchRun: (plan: ResearchRunPlan) => {
      const record = proposedRun(crypto.randomUUID(), plan, connectedCompetitorSources(offlineEnv));
      runs.push(record);
      return record.state;
    },
  };
  return { actions, runs, memory: () => memory };
}

const IDEA = 'I want to help small dental clinics stop losing money to no-shows';
const words: FounderWords = { latest: 'Go on', idea: IDEA };
const textOf = (step: DemoStep) => (typeof step.text === 'function' ? step.text(words) : step.text);

describe('the offline demo co-founder in phases 3 and 4', () => {
  it('labels every answer, and says that outside sources cannot be reached without internet', () => {
    for (const step of [...COMPETITORS_DEMO, ...PERSONAS_DEMO]) expect(textOf(step)).toMatch(/^\*Offline demo — not AI\.\* /);
    expect(textOf(COMPETITORS_DEMO[0]!)).toContain('on a machine without internet none of them can be reached, and the run will say so');
    expect(textOf(PERSONAS_DEMO[0]!)).toContain('without internet no outside source can be reached at all');
    expect(textOf(PERSONAS_DEMO[0]!)).toContain('every claim is an assumption, there are no quotes, and the confidence is low');
  });

  it("walks phase 3 and phase 4 through the phases' own tools: a run proposed, a card, the gaps and map, a persona, each within its contract", async () => {
    const { actions, runs, memory } = demoActions();
    await FIND_IDEA_DEMO[3]!.act!(actions, 'A', words);
    const calls = [];
    for (const step of [...COMPETITORS_DEMO, ...PERSONAS_DEMO]) calls.push(await step.tool!(offlineEnv, actions, { toolCallId: 'demo-call', words }));
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
    const claims = [...card.competitor.strengths, ...card.competitor.weaknesses, ...map.landscape.gaps.flatMap((gap) => gap.evidence), ...persona.persona.pains, ...persona.persona.gains];
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) expect(claim.source).toBe('assumption');
    expect(card.competitor).toMatchObject({ category: 'status_quo', pricing: { status: 'not_found' } });
    expect(card.competitor.url).toBeUndefined();
    expect(persona.persona).toMatchObject({ quotes: [], reachAt: [], confidence: 'low' });
    // The map and the persona name the card the demo made; the avatar is the product's own.
    expect(map.landscape.gaps[0]!.competitors).toEqual([card.title]);
    expect(map.landscape.placements.filter((placement) => !placement.isIdea).map((placement) => placement.name)).toEqual([card.title]);
    expect(persona.persona.usesToday).toEqual([card.title]);
    expect(persona.persona.avatarUrl).toMatch(/^\/api\/free-tools\/avatar\.svg\?name=Dana\+Whitfield&age=44/);
  });

  it('the run it proposes, approved on a machine without internet, reaches no source, makes no card and says which sources could not be reached', async () => {
    const { actions, runs } = demoActions();
    await COMPETITORS_DEMO[0]!.tool!(offlineEnv, actions, { toolCallId: 'demo-call', words });
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

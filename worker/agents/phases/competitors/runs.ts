import { CheckAgainFrameSchema, COMPETITOR_LIMITS, RunApproveFrameSchema, RunStopFrameSchema } from '#contracts/phases/competitors';
import type { MemoryEntry } from '#contracts/workspace';
import type { Evidence, Job, MemberAction, PhaseHost } from '../types';
import { checkAgain } from './check-again';
import { cardContent, runEndText, runStep } from './research-run';
import { allRuns, loadRun, runningRunIds, transition } from './run-store';

/**
 * Phase 3's work beyond its tools (docs/decisions/0041-research-runs.md): the research run, a job
 * the object runs one step at a time and that survives its eviction; the members' Approve, Stop
 * and 'Check again'; and what runs found, which the co-founder may cite.
 */

export const RESEARCH_RUN_JOB = 'research-run';

/** Steps of a run being taken now, per object (a step already under way is not taken twice). */
const stepping = new WeakMap<PhaseHost, Set<string>>();

/** One step of a running research run; another follows until the run is done or stopped. */
export const researchRunStep: Job = async (host, input) => {
  const runId = typeof input.runId === 'string' ? input.runId : '';
  const busy = stepping.get(host) ?? new Set<string>();
  stepping.set(host, busy);
  if (busy.has(runId)) return { next: false };
  const record = loadRun(host.sql, runId);
  if (!record || record.state.status !== 'running') return { next: false };
  busy.add(runId);
  try {
    const progress = (doing: string) => {
      // Live for every member, without writing: the step's result is what is stored.
      const live = host.state.run;
      if (live?.id === runId && live.status === 'running') host.setState({ run: { ...live, doing } });
    };
    const { run, card } = await runStep(host.env, record, progress);
    let cards = run.state.cards;
    const competitors = host.state.memory.filter((entry): entry is Extract<MemoryEntry, { kind: 'competitor' }> => entry.kind === 'competitor');
    if (card && competitors.length < COMPETITOR_LIMITS.competitors && !competitors.some((entry) => entry.competitor.url === card.url)) {
      if (host.createEntry(cardContent(card), { kind: 'cofounder' }).ok) cards++;
    }
    const finished = run.state.step >= run.state.steps;
    // Stored only if the run is still running: a Stop during the step wins.
    const stored = transition(host.sql, runId, ['running'], () => ({
      ...run,
      state: { ...run.state, cards, status: finished ? 'done' : 'running', doing: finished ? runEndText({ ...run.state, cards }) : run.state.doing },
    }));
    if (stored) host.setState({ run: stored.state });
    return { next: stored !== null && !finished };
  } finally {
    busy.delete(runId);
  }
};

/** A run that was running when the object was evicted carries on. */
export async function resumeRuns(host: PhaseHost) {
  for (const runId of runningRunIds(host.sql)) await host.startJob(RESEARCH_RUN_JOB, { runId });
}

/** What runs found: their candidates' addresses and the pages they read. */
export function runEvidence(host: PhaseHost): Evidence {
  const runs = allRuns(host.sql);
  return { urls: runs.flatMap((run) => run.candidates.map((candidate) => candidate.url)), pages: runs.flatMap((run) => run.pages) };
}

const approve: MemberAction<ReturnType<typeof RunApproveFrameSchema.parse>> = {
  type: 'run_approve',
  schema: RunApproveFrameSchema,
  who: 'member',
  // Runs read the plan: approving one is a phase 3 tool at work, Pro only.
  whileLocked: 'refused',
  lockedRefusal: 'Research runs need Pro.',
  handle: async (host, member, { runId }) => {
    // No await between the check and the write: of any number of approvals, one starts the run.
    const started = transition(host.sql, runId, ['proposed'], (record) => ({
      ...record,
      state: { ...record.state, status: 'running', approvedBy: member.name, doing: 'Starting' },
    }));
    if (!started) return { ok: false, error: 'This research run was already approved, or has ended.' };
    host.setState({ run: started.state });
    await host.startJob(RESEARCH_RUN_JOB, { runId });
    return { ok: true };
  },
};

const stop: MemberAction<ReturnType<typeof RunStopFrameSchema.parse>> = {
  type: 'run_stop',
  schema: RunStopFrameSchema,
  who: 'member',
  // Stopping spends nothing: it stays possible after a downgrade.
  whileLocked: 'allowed',
  handle: async (host, member, { runId }) => {
    const stopped = transition(host.sql, runId, ['proposed', 'running'], (record) => ({
      ...record,
      state: { ...record.state, status: 'stopped', doing: `Stopped by ${member.name}` },
    }));
    if (!stopped) return { ok: false, error: 'This research run has already ended.' };
    host.setState({ run: stopped.state });
    return { ok: true };
  },
};

const DELETED = { ok: false, reason: 'not_found', error: 'This competitor was deleted by someone else.', current: null } as const;

/** 'Check again' on a competitor card: its pages read again, the changes stored on the card by the member who asked. */
const check: MemberAction<ReturnType<typeof CheckAgainFrameSchema.parse>> = {
  type: 'competitor_check',
  schema: CheckAgainFrameSchema,
  who: 'member',
  whileLocked: 'refused',
  handle: async (host, member, { id }) => {
    const entry = host.state.memory.find((candidate) => candidate.id === id);
    if (!entry || entry.kind !== 'competitor') return DELETED;
    const checked = await checkAgain(host.env, entry.competitor);
    // Applied to the card as it is now: an edit made during the read is kept.
    const now = host.state.memory.find((candidate) => candidate.id === id);
    if (!now || now.kind !== 'competitor') return DELETED;
    const competitor = {
      ...now.competitor,
      checkedAt: checked.checkedAt ?? now.competitor.checkedAt,
      priceLines: checked.priceLines ?? now.competitor.priceLines,
      lastCheck: checked.lastCheck,
    };
    return host.updateEntry(id, { kind: 'competitor', title: now.title, competitor }, { kind: 'member', userId: member.userId, name: member.name });
  },
};

export const RUN_ACTIONS = [approve, stop, check] as readonly MemberAction[];

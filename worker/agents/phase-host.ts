import { PHASES, phaseOf, unlockedPhases } from '#contracts/phases/registry';
import type { EngineState, MemoryEntry, MemoryResultFrame, WorkspaceState } from '#contracts/workspace';
import type { Member } from './members';
import { createEntry, updateEntry } from './memory';
import { lockedRefusal } from './memory-edits';
import type { MemoryChange } from './memory-history';
import { allModules } from './phases/registry';
import type { ActionResult, MemberAction, PhaseHost, PhaseModule, Sql } from './phases/types';

/** The object as its parts see it (memory edits, phases' hosts). */
export interface ObjectFacade {
  readonly env: Cloudflare.Env;
  readonly projectId: string;
  readonly sql: Sql;
  readonly state: WorkspaceState;
  setState(state: WorkspaceState): void;
  readonly connected: boolean;
  unlockedPhases(): Promise<number[]>;
  /**
   * The memory's one door (the object's commit: state, history, hooks). `phases`, when the change
   * completes or reopens a phase: sent in the same state, so no member sees one without the other.
   */
  commitMemory(memory: MemoryEntry[], change: MemoryChange, phases?: WorkspaceState['phases']): void;
  /** Schedules a step of the phase's job (the object's one scheduled method, runPhaseJob), now or at `at` (Unix milliseconds). */
  scheduleJob(payload: { phase: number; job: string; input: Record<string, unknown> }, at?: number): Promise<void>;
  /** Cancels the scheduled steps of a phase's job not run yet. */
  cancelJob(phase: number, job: string): Promise<void>;
  /** Appends a co-founder message to the conversation, stored and sent to every member; `phase` is the phase that wrote it. Resolves with its id. */
  postMessage(text: string, phase: number): Promise<string>;
  /** Charges one answer to the project's (and the global) daily allowance; false when spent. */
  chargeAnswer(): Promise<boolean>;
}

/**
 * What the engine lends one phase (./phases/types.ts, PhaseHost). The object makes one per phase
 * for its life, so a phase may keep per-object memory keyed by its host.
 */
export function createPhaseHost(module: PhaseModule, object: ObjectFacade): PhaseHost {
  return {
    env: object.env,
    projectId: object.projectId,
    sql: object.sql,
    get state() {
      return object.state;
    },
    setState: (slice) => object.setState({ ...object.state, ...slice }),
    get connected() {
      return object.connected;
    },
    unlockedPhases: () => object.unlockedPhases(),
    createEntry: (content, by) => {
      const created = createEntry(object.state.memory, content, by);
      if (!created.ok) return { ok: false, error: created.error };
      const entry = created.entry!;
      object.commitMemory(created.memory, { action: entry.version === 1 ? 'created' : 'updated', entryId: entry.id, entry, by });
      return { ok: true, entry };
    },
    updateEntry: (id, content, by, baseVersion) => {
      const updated = updateEntry(object.state.memory, id, baseVersion, content, by);
      if (!updated.ok) return updated;
      object.commitMemory(updated.memory, { action: 'updated', entryId: id, entry: updated.entry, by });
      return { ok: true, value: updated.entry };
    },
    startJob: (job, input, options) => object.scheduleJob({ phase: module.number, job, input }, options?.at),
    cancelJob: (job) => object.cancelJob(module.number, job),
    postMessage: (text) => object.postMessage(text, module.number),
    chargeAnswer: () => object.chargeAnswer(),
  };
}

/**
 * A phase's member action (PhaseModule.actions): parsed, checked against who may send it and the
 * plan, then handled by its phase. Returns the `request_result` for its sender; null for a frame
 * that cannot be read (dropped, as every unreadable frame is).
 */
export async function answerMemberAction(
  module: PhaseModule,
  action: MemberAction,
  host: PhaseHost,
  member: Member,
  frame: unknown,
): Promise<MemoryResultFrame | null> {
  const parsed = action.schema.safeParse(frame);
  if (!parsed.success) return null;
  const answer = (result: ActionResult): MemoryResultFrame => ({
    type: 'request_result',
    requestId: parsed.data.requestId,
    ...(result.ok
      ? { ok: true, value: result.value ?? null }
      : { ok: false, error: result.error, reason: result.reason ?? 'invalid', current: result.current ?? null }),
  });
  if (action.who === 'owner' && member.role !== 'owner') return answer({ ok: false, error: 'Only the project owner can do this.' });
  if (action.whileLocked === 'refused' && !(await host.unlockedPhases()).includes(module.number)) {
    const refusal = lockedRefusal(phaseOf(module.number)!);
    return answer({ ...refusal, error: action.lockedRefusal ?? refusal.error });
  }
  return answer(await action.handle(host, member, parsed.data));
}

const ENGINE_STATE: EngineState = {
  phases: { done: [], current: PHASES[0]!.number, unlocked: unlockedPhases('free') },
  memory: [],
  presence: [],
  limits: { messagesPerMemberPerDay: 0, messagesPerProjectPerDay: 0, projectMessagesToday: 0, resetsAt: 0 },
  mode: 'ai',
};

/** A new workspace's shared state: the engine's, and each phase's slice of it (PhaseModule.initialState). */
export const initialWorkspaceState = () => Object.assign({}, ENGINE_STATE, ...allModules().map((module) => module.initialState ?? {})) as WorkspaceState;

import { ASSUMPTION } from '#contracts/phases/fields';
import { artifactDefinition, inventedCitations, isArtifactKind, PHASES, type ArtifactContent } from '#contracts/phases/registry';
import { MemoryFrameSchema, type MemoryContent, type MemoryEntry, type MessageAuthor } from '#contracts/workspace';
import { completePhase, reopenPhase } from '../db/queries/cofounder';
import { acceptEntry, createEntry, deleteEntry, updateEntry, type Applied, type Refusal } from './memory';
import type { ObjectFacade } from './phase-host';
import { phaseModule } from './phases/registry';
import type { MemberIdentity } from './phases/types';
import { phasesState } from './turns';

/**
 * The members' edits of the memory (memory frames), and accepting or deleting an artifact, which
 * completes or reopens its phase in D1 first. The memory itself is pure (./memory.ts); this is
 * where an edit meets the plan, the citations rule and D1.
 */

/** What an edit needs of the object: the memory and phases as they are now, and the one way to change them. */
export type MemoryDesk = Pick<ObjectFacade, 'env' | 'projectId' | 'state' | 'setState' | 'commitMemory' | 'unlockedPhases'>;

/** What a memory frame's `request_result` carries: the entry as saved (null once deleted), or the refusal. */
type Result = { ok: true; value: MemoryEntry | null } | Refusal;
export const lockedRefusal = (phase: { number: number; title: string }): Refusal => ({
  ok: false,
  reason: 'invalid',
  error: `Phase ${phase.number}, "${phase.title}", needs Pro: its results stay readable.`,
  current: null,
});

/** A member's memory frame: created, updated, deleted or accepted, or refused with why. */
export async function editMemory(desk: MemoryDesk, editor: MemberIdentity, frame: unknown): Promise<Result> {
  const parsed = MemoryFrameSchema.safeParse(frame);
  if (!parsed.success) return { ok: false, reason: 'invalid', error: parsed.error.issues[0]?.message ?? 'Invalid entry.', current: null };
  const author = { kind: 'member' as const, userId: editor.userId, name: editor.name };
  const edit = parsed.data;
  const memory = desk.state.memory;
  // The results of a phase the plan does not open stay readable, and unchanged (Pro, from D1).
  const kind = edit.type === 'memory_create' || edit.type === 'memory_update' ? edit.content.kind : memory.find((entry) => entry.id === edit.id)?.kind;
  const owner = kind !== undefined && isArtifactKind(kind) ? artifactDefinition(kind)!.phase : undefined;
  if (owner && !owner.free && !(await desk.unlockedPhases()).includes(owner.number)) return lockedRefusal(owner);
  if (edit.type === 'memory_create' || edit.type === 'memory_update') {
    const invented = inventedByMember(memory, edit);
    if (invented) return { ok: false, reason: 'invalid', error: invented, current: null };
    const refused = owner ? phaseModule(owner.number)?.checkEdit?.(edit.content, desk.state, replacedBy(memory, edit)) : null;
    if (refused) return { ok: false, reason: 'invalid', error: refused, current: null };
  }
  if (edit.type === 'memory_accept') return strip(await acceptArtifact(desk, edit.id, edit.baseVersion, author));
  if (edit.type === 'memory_delete') return strip(await deleteArtifact(desk, edit.id, edit.baseVersion, author));
  const result: Applied | Refusal =
    edit.type === 'memory_create' ? createEntry(memory, edit.content, author) : updateEntry(memory, edit.id, edit.baseVersion, edit.content, author);
  if (!result.ok) return result;
  desk.commitMemory(result.memory, {
    action: edit.type === 'memory_create' ? 'created' : 'updated',
    entryId: result.entry!.id,
    entry: result.entry,
    by: author,
  });
  return { ok: true, value: result.entry };
}

const strip = (result: Applied | Refusal): Result => (result.ok ? { ok: true, value: result.entry } : result);

/** What an edit replaces: the entry it names, or the one a project holds of a single artifact (a new one replaces it). */
function replacedBy(
  memory: readonly MemoryEntry[],
  edit: { type: 'memory_create'; content: MemoryContent } | { type: 'memory_update'; id: string; content: MemoryContent },
): MemoryEntry | undefined {
  if (edit.type === 'memory_update') return memory.find((entry) => entry.id === edit.id);
  const definition = artifactDefinition(edit.content.kind);
  return definition?.artifact.max === 1 ? memory.find((entry) => entry.kind === edit.content.kind) : undefined;
}

/**
 * A member's edit keeps or deletes an artifact's cited evidence and may add claims labelled as
 * assumptions, but never a citation of its own: quotes, prices and sources come from the tools,
 * which check them (docs/decisions/0048-members-edit-artifacts.md). The refusal names what was invented.
 */
function inventedByMember(
  memory: readonly MemoryEntry[],
  edit: { type: 'memory_create'; content: MemoryContent } | { type: 'memory_update'; id: string; content: MemoryContent },
): string | null {
  const content = edit.content;
  if (!isArtifactKind(content.kind)) return null;
  const previous = replacedBy(memory, edit);
  const invented = inventedCitations(content as ArtifactContent, previous && isArtifactKind(previous.kind) ? (previous as ArtifactContent) : null);
  if (invented.length === 0) return null;
  return `Only the co-founder's tools add cited evidence, which they check: ${invented[0]!.label} is not in this entry. Delete it, or write it as a claim labelled '${ASSUMPTION}'.`;
}

/**
 * Accepts an artifact (the version read, or the latest for the co-founder's tools). When its
 * phase is done by accepting it, the phase is recorded in D1 first: if that fails, the artifact
 * is not shown as accepted either.
 */
export async function acceptArtifact(desk: MemoryDesk, id: string, baseVersion: number | undefined, by: MessageAuthor): Promise<Applied | Refusal> {
  const checked = acceptEntry(desk.state.memory, id, baseVersion);
  if (!checked.ok) return checked;
  const phase = PHASES.find((candidate) => candidate.doneWhenAccepted === checked.entry!.kind);
  let done: number[] | undefined;
  if (phase) {
    try {
      done = await completePhase(desk.env.DB, desk.projectId, phase.number);
    } catch {
      return { ok: false, reason: 'invalid', error: 'This could not be accepted just now. Please try again.', current: null };
    }
  }
  // Applied to the memory as it is now: other edits may have landed during the write.
  const now = acceptEntry(desk.state.memory, id, baseVersion);
  if (!now.ok) return now;
  // The phases change in the same state as the memory: no member sees the artifact accepted while
  // its phase is not yet done. The founders move on when they were working in that phase.
  const phases = desk.state.phases;
  const moved = phase && done ? phasesState(done, phases.unlocked, phases.current === phase.number ? undefined : phases.current, phases.current) : undefined;
  desk.commitMemory(now.memory, { action: 'accepted', entryId: id, entry: now.entry, by }, moved);
  return now;
}

/**
 * Deletes an entry. Deleting what completed a phase (its chosen idea, its accepted estimate)
 * reopens that phase, in D1 first, so the phases panel and the dashboard always agree with the
 * memory: if D1 cannot be written, nothing is deleted.
 */
async function deleteArtifact(desk: MemoryDesk, id: string, baseVersion: number, by: MessageAuthor): Promise<Applied | Refusal> {
  const checked = deleteEntry(desk.state.memory, id, baseVersion);
  if (!checked.ok) return checked;
  const entry = desk.state.memory.find((candidate) => candidate.id === id)!;
  const phase = PHASES.find((candidate) => candidate.doneWhenAccepted === entry.kind);
  const reopens = phase !== undefined && desk.state.phases.done.includes(phase.number);
  let done: number[] | undefined;
  if (reopens) {
    try {
      done = await reopenPhase(desk.env.DB, desk.projectId, phase.number);
    } catch {
      return { ok: false, reason: 'invalid', error: 'This could not be deleted just now. Please try again.', current: null };
    }
  }
  // Applied to the memory as it is now: other edits may have landed during the write.
  const now = deleteEntry(desk.state.memory, id, baseVersion);
  if (!now.ok) return now;
  // The phases change in the same state as the memory.
  const phases = desk.state.phases;
  desk.commitMemory(now.memory, { action: 'deleted', entryId: id, entry: null, by }, done ? phasesState(done, phases.unlocked, phases.current) : undefined);
  return now;
}

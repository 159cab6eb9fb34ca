import { artifactDefinition, isArtifactKind, upstreamVersions } from '#contracts/phases/registry';
import { MEMORY_LIMITS, MemoryContentSchema, type MemoryContent, type MemoryEntry, type MemoryResultFrame, type MessageAuthor } from '#contracts/workspace';

/**
 * The project memory, which also holds each phase's artifacts: short typed entries, each with a
 * version that grows on every change and the authors of its latest changes. Pure functions over
 * the list; the object keeps the list in its state (one writer, so each change is atomic) and
 * broadcasts it. An edit names the version it started from: a different current version refuses
 * it with the entry as it is now (docs/decisions/0026-cofounder-prompt-and-memory.md).
 */

export type Refusal = Omit<Extract<MemoryResultFrame, { ok: false }>, 'type' | 'requestId'>;
export type Applied = { ok: true; memory: MemoryEntry[]; entry: MemoryEntry | null };

const stamp = (content: MemoryContent, base: { id: string; version: number }, author: MessageAuthor, previous?: MemoryEntry): MemoryEntry => {
  const history = previous
    ? [{ version: previous.version, author: previous.author, updatedAt: previous.updatedAt }, ...(previous.history ?? [])].slice(0, MEMORY_LIMITS.history)
    : undefined;
  return { ...content, id: base.id, version: base.version, author, updatedAt: Date.now(), ...(history ? { history } : {}) } as MemoryEntry;
};

/** How many entries of this kind a project may hold: an artifact's own maximum, else the memory's. */
const maxOf = (kind: string) => artifactDefinition(kind)?.artifact.max ?? MEMORY_LIMITS.entries;
const countOf = (memory: readonly MemoryEntry[], kind: string) =>
  isArtifactKind(kind) ? memory.filter((entry) => entry.kind === kind).length : memory.filter((entry) => !isArtifactKind(entry.kind)).length;

export function createEntry(memory: MemoryEntry[], content: MemoryContent, author: MessageAuthor): Applied | Refusal {
  const max = maxOf(content.kind);
  // An artifact a project holds one of (the chosen idea, the estimate): saving another replaces it.
  const single = max === 1 ? memory.find((entry) => entry.kind === content.kind) : undefined;
  if (single) return updateEntry(memory, single.id, undefined, content, author);
  if (countOf(memory, content.kind) >= max) {
    const what = artifactDefinition(content.kind)?.artifact.label.toLowerCase() ?? 'entries';
    return {
      ok: false,
      reason: 'full',
      error: `The project holds at most ${max} ${isArtifactKind(content.kind) ? `of: ${what}` : 'memory entries'}: delete one first.`,
      current: null,
    };
  }
  const invalid = contentRefusal(content);
  if (invalid) return invalid;
  const entry = stamp(content, { id: crypto.randomUUID(), version: 1 }, author);
  return { ok: true, memory: [...memory, entry], entry };
}

/** `baseVersion` undefined: the co-founder's own update, which always applies to the latest version. */
export function updateEntry(
  memory: MemoryEntry[],
  id: string,
  baseVersion: number | undefined,
  content: MemoryContent,
  author: MessageAuthor,
): Applied | Refusal {
  const current = memory.find((entry) => entry.id === id);
  if (!current) return { ok: false, reason: 'not_found', error: 'This entry was deleted by someone else.', current: null };
  if (baseVersion !== undefined && baseVersion !== current.version) return staleRefusal(current);
  const invalid = contentRefusal(content);
  if (invalid) return invalid;
  if ((isArtifactKind(current.kind) || isArtifactKind(content.kind)) && current.kind !== content.kind) {
    return { ok: false, reason: 'invalid', error: "A phase's results keep their own kind.", current };
  }
  const entry = stamp(content, { id, version: current.version + 1 }, author, current);
  // A member's edit keeps an accepted artifact accepted; the co-founder's rewrite asks for a new look.
  if (current.acceptedAt !== undefined && author.kind === 'member') {
    entry.acceptedAt = current.acceptedAt;
    if (current.basedOn) entry.basedOn = current.basedOn;
  }
  return { ok: true, memory: memory.map((existing) => (existing.id === id ? entry : existing)), entry };
}

export function deleteEntry(memory: MemoryEntry[], id: string, baseVersion: number): Applied | Refusal {
  const current = memory.find((entry) => entry.id === id);
  if (!current) return { ok: false, reason: 'not_found', error: 'This entry was already deleted.', current: null };
  if (baseVersion !== current.version) return staleRefusal(current);
  return { ok: true, memory: memory.filter((entry) => entry.id !== id), entry: null };
}

/**
 * A member accepts an artifact as they read it: its phase is then done (the object records it),
 * and the versions of the artifacts it is built on are recorded, which clears a stale flag.
 */
export function acceptEntry(memory: MemoryEntry[], id: string, baseVersion: number | undefined): Applied | Refusal {
  const current = memory.find((entry) => entry.id === id);
  if (!current) return { ok: false, reason: 'not_found', error: 'This entry was deleted by someone else.', current: null };
  if (!isArtifactKind(current.kind)) return { ok: false, reason: 'invalid', error: "Only a phase's results can be accepted.", current };
  if (baseVersion !== undefined && baseVersion !== current.version) return staleRefusal(current);
  const entry: MemoryEntry = { ...current, acceptedAt: Date.now(), basedOn: upstreamVersions(current.kind, memory) };
  return { ok: true, memory: memory.map((existing) => (existing.id === id ? entry : existing)), entry };
}

/**
 * Every entry is checked against its contract here, whoever wrote it: the members' frames and the
 * co-founder's tools are checked on the way in too, but nothing reaches the memory unchecked.
 */
function contentRefusal(content: MemoryContent): Refusal | null {
  const checked = MemoryContentSchema.safeParse(content);
  if (checked.success) return null;
  return { ok: false, reason: 'invalid', error: checked.error.issues[0]?.message ?? 'Invalid entry.', current: null };
}

const staleRefusal = (current: MemoryEntry): Refusal => ({
  ok: false,
  reason: 'stale',
  error: 'Someone changed this entry while you were editing it. Here is the current version.',
  current,
});

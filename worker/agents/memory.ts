import { MEMORY_LIMITS, MemoryContentSchema, SINGLE_MEMORY_KINDS, type MemoryContent, type MemoryEntry, type MemoryKind, type MemoryResultFrame, type MessageAuthor } from '#contracts/workspace';

/**
 * The project memory: short typed entries, each with a version that grows on every change. Pure
 * functions over the list; the object keeps the list in its state (one writer, so each change is
 * atomic) and broadcasts it. An edit names the version it started from: a different current
 * version refuses it with the entry as it is now (docs/decisions/0026-cofounder-prompt-and-memory.md).
 */

export type Refusal = Omit<Extract<MemoryResultFrame, { ok: false }>, 'type' | 'requestId'>;
export type Applied = { ok: true; memory: MemoryEntry[]; entry: MemoryEntry | null };

const stamp = (content: MemoryContent, base: { id: string; version: number }, author: MessageAuthor): MemoryEntry =>
  ({ ...content, id: base.id, version: base.version, author, updatedAt: Date.now() }) as MemoryEntry;

export function createEntry(memory: MemoryEntry[], content: MemoryContent, author: MessageAuthor): Applied | Refusal {
  // There is one chosen idea and one scale estimate: saving another replaces it in place, which
  // never needs a free slot.
  const single = isSingle(content.kind) ? memory.find((entry) => entry.kind === content.kind) : undefined;
  if (single) return updateEntry(memory, single.id, undefined, content, author);
  if (memory.length >= MEMORY_LIMITS.entries) return { ok: false, reason: 'full', error: `The memory holds at most ${MEMORY_LIMITS.entries} entries: delete one first.`, current: null };
  const invalid = contentRefusal(content);
  if (invalid) return invalid;
  const entry = stamp(content, { id: crypto.randomUUID(), version: 1 }, author);
  return { ok: true, memory: [...memory, entry], entry };
}

/** `baseVersion` undefined: the co-founder's own update, which always applies to the latest version. */
export function updateEntry(memory: MemoryEntry[], id: string, baseVersion: number | undefined, content: MemoryContent, author: MessageAuthor): Applied | Refusal {
  const current = memory.find((entry) => entry.id === id);
  if (!current) return { ok: false, reason: 'not_found', error: 'This entry was deleted by someone else.', current: null };
  if (baseVersion !== undefined && baseVersion !== current.version) return staleRefusal(current);
  const invalid = contentRefusal(content);
  if (invalid) return invalid;
  if ((isSingle(current.kind) || isSingle(content.kind)) && current.kind !== content.kind) {
    return { ok: false, reason: 'invalid', error: 'The chosen idea and the scale estimate keep their own kind.', current };
  }
  const entry = stamp(content, { id, version: current.version + 1 }, author);
  // A member's edit keeps an accepted estimate accepted; the co-founder's rewrite asks for a new look.
  if (current.acceptedAt !== undefined && author.kind === 'member') entry.acceptedAt = current.acceptedAt;
  return { ok: true, memory: memory.map((existing) => (existing.id === id ? entry : existing)), entry };
}

export function deleteEntry(memory: MemoryEntry[], id: string, baseVersion: number): Applied | Refusal {
  const current = memory.find((entry) => entry.id === id);
  if (!current) return { ok: false, reason: 'not_found', error: 'This entry was already deleted.', current: null };
  if (baseVersion !== current.version) return staleRefusal(current);
  return { ok: true, memory: memory.filter((entry) => entry.id !== id), entry: null };
}

/** A member accepts the scale estimate they read (phase 2 is then done: the object records it). */
export function acceptEntry(memory: MemoryEntry[], id: string, baseVersion: number): Applied | Refusal {
  const current = memory.find((entry) => entry.id === id);
  if (!current) return { ok: false, reason: 'not_found', error: 'This estimate was deleted by someone else.', current: null };
  if (current.kind !== 'scale_estimate') return { ok: false, reason: 'invalid', error: 'Only the scale estimate can be accepted.', current };
  if (baseVersion !== current.version) return staleRefusal(current);
  const entry: MemoryEntry = { ...current, acceptedAt: current.acceptedAt ?? Date.now() };
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

const isSingle = (kind: MemoryKind) => (SINGLE_MEMORY_KINDS as readonly MemoryKind[]).includes(kind);

const staleRefusal = (current: MemoryEntry): Refusal => ({
  ok: false,
  reason: 'stale',
  error: 'Someone changed this entry while you were editing it. Here is the current version.',
  current,
});

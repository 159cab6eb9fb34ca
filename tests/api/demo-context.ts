import { env } from 'cloudflare:workers';
import type { TeamMember } from '#contracts/phases/build-plan';
import type { MemoryContent, MemoryEntry, MessageAuthor, WorkspaceState } from '#contracts/workspace';
import { acceptEntry, createEntry, updateEntry, type Applied, type Refusal } from '../../worker/agents/memory';
import { demoSubject } from '../../worker/agents/phases/common/demo-subject';
import type { DemoStep, FounderWords, PhaseHost, ToolContext } from '../../worker/agents/phases/types';
import type { CofounderActions } from '../../worker/agents/tools/actions';

/**
 * What the object lends the offline demo's steps in a turn, over the real memory rules and without
 * a socket: the memory as the steps grow it, the members as the object read them, and the phases'
 * slices of the shared state as they set them (what a phase keeps in the object's SQLite is the
 * object's business, tested through it: here its statements are taken and return nothing).
 * Members' own entries are written by 'Ana'; `host.updateEntry` is a member's change, as a member
 * action makes it.
 */
export function demoContext(members: TeamMember[] = []) {
  let memory: MemoryEntry[] = [];
  let slices: Partial<WorkspaceState> = { planProposal: null, run: null } as Partial<WorkspaceState>;
  const author = { kind: 'cofounder' as const };
  const apply = (applied: Applied | Refusal): MemoryEntry => {
    if (!applied.ok) throw new Error(applied.error);
    memory = applied.memory;
    return applied.entry!;
  };
  const actions: CofounderActions = {
    get memory() {
      return memory;
    },
    foundUrls: new Set<string>(),
    readPages: new Map(),
    saveArtifact: (content) => apply(createEntry(memory, content, author)),
    writeMemory: (content) => apply(createEntry(memory, content, { kind: 'member', userId: 'u1', name: 'Ana' })),
    updateMemory: (id, content) => apply(updateEntry(memory, id, undefined, content, author)),
    acceptArtifact: async (id) => apply(acceptEntry(memory, id, undefined)),
    // Phase 1 proposes notes for the canvas; the canvas itself is tested on its own.
    placeCanvasNotes: () => [],
  };
  const host = {
    env,
    projectId: 'demo',
    sql: () => [],
    get state() {
      return { ...slices, memory, teamMembers: members } as unknown as WorkspaceState;
    },
    setState: (slice: Partial<WorkspaceState>) => {
      slices = { ...slices, ...slice };
    },
    updateEntry: (id: string, content: MemoryContent, by: MessageAuthor) => {
      const updated = updateEntry(memory, id, undefined, content, by);
      if (!updated.ok) return updated;
      memory = updated.memory;
      return { ok: true, value: updated.entry };
    },
  } as unknown as PhaseHost;
  return { context: { env, projectId: 'demo', actions, host, privateWording: null } as ToolContext, memory: () => memory };
}

/** What the demo's steps know of a project on `subject` whose founders just said `latest`, with this memory. */
export const demoWords = (subject: string, latest: string, memory: readonly MemoryEntry[] = []): FounderWords => ({
  latest,
  idea: null,
  people: null,
  subject: demoSubject([], subject),
  privacyMode: false,
  memory,
});

/** A demo step's answer as the members read it. */
export const demoText = (step: DemoStep, words: FounderWords) => (typeof step.text === 'function' ? step.text(words) : step.text);

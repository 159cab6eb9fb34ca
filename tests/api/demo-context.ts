import { env } from 'cloudflare:workers';
import type { TeamMember } from '#contracts/phases/build-plan';
import type { MemoryEntry, WorkspaceState } from '#contracts/workspace';
import { createEntry, updateEntry, type Applied, type Refusal } from '../../worker/agents/memory';
import { demoSubject } from '../../worker/agents/phases/common/demo-subject';
import type { DemoStep, FounderWords, PhaseHost, ToolContext } from '../../worker/agents/phases/types';
import type { CofounderActions } from '../../worker/agents/tools/actions';

/**
 * What the object lends the offline demo's steps in a turn, over the real memory rules and without
 * a socket: the memory as the steps grow it, and the members as the object read them. Members'
 * own entries are written by 'Ana'.
 */
export function demoContext(members: TeamMember[] = []) {
  let memory: MemoryEntry[] = [];
  const author = { kind: 'cofounder' as const };
  const apply = (applied: Applied | Refusal): MemoryEntry => {
    if (!applied.ok) throw new Error(applied.error);
    memory = applied.memory;
    return applied.entry!;
  };
  const actions: Omit<CofounderActions, 'acceptArtifact' | 'placeCanvasNotes'> = {
    get memory() {
      return memory;
    },
    foundUrls: new Set<string>(),
    readPages: new Map(),
    saveArtifact: (content) => apply(createEntry(memory, content, author)),
    writeMemory: (content) => apply(createEntry(memory, content, { kind: 'member', userId: 'u1', name: 'Ana' })),
    updateMemory: (id, content) => apply(updateEntry(memory, id, undefined, content, author)),
  };
  const host = {
    get state() {
      return { memory, teamMembers: members, planProposal: null } as unknown as WorkspaceState;
    },
    setState: () => {},
  } as unknown as PhaseHost;
  return { context: { env, projectId: 'demo', actions: actions as CofounderActions, host, privateWording: null } as ToolContext, memory: () => memory };
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

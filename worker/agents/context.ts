import { convertToModelMessages, type ModelMessage } from 'ai';
import type { WorkspaceMessage, WorkspaceState } from '#contracts/workspace';
import type { PhaseModule } from './phases/types';
import { systemPrompt } from './prompts';

/**
 * The bounded prompt of a turn (docs/decisions/0026-cofounder-prompt-and-memory.md): the memory
 * every turn, the most recent messages verbatim, and a deterministic digest of the older ones
 * (no extra model call: free, instant and it cannot fail).
 */
export const PROMPT_BUDGET = {
  /** Messages sent verbatim, newest first, within `recentChars`. */
  recentMessages: 12,
  recentChars: 24_000,
  /** Each older message is cut to this many characters in the digest… */
  digestCharsPerMessage: 240,
  /** …and the digest keeps the newest lines within this total. */
  digestChars: 6_000,
} as const;

export const textOf = (message: WorkspaceMessage) =>
  message.parts
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('\n')
    .trim();

const speaker = (message: WorkspaceMessage) => {
  const author = message.metadata?.author;
  return author?.kind === 'member' ? author.name : 'Co-founder';
};

/** A member message as the model reads it: who wrote it, and whether it was a note to the team (prompts.ts). */
const memberLine = (message: WorkspaceMessage) => `${speaker(message)}${message.metadata?.note ? ' [note to the team]' : ''}: ${textOf(message)}`;

/**
 * `answering`: the member message this turn answers. It goes last, so that when two members
 * sent at once the model answers each in turn, whatever answers were stored in between.
 */
export async function buildPrompt(
  messages: readonly WorkspaceMessage[],
  answering: string | undefined,
  state: WorkspaceState,
  project: { privacyMode: boolean; phase: PhaseModule; phaseNotes: string },
): Promise<{ system: string; messages: ModelMessage[] }> {
  // A failed answer is shown to the founders but is not something the co-founder said.
  const usable = messages.filter((message) => !(message.role === 'assistant' && message.metadata?.status === 'failed'));
  const target = usable.find((message) => message.id === answering);
  const ordered = target ? [...usable.filter((message) => message !== target), target] : usable;

  let recentCount = 0;
  let recentChars = 0;
  for (let i = ordered.length - 1; i >= 0 && recentCount < PROMPT_BUDGET.recentMessages; i--) {
    const size = JSON.stringify(ordered[i]!.parts).length;
    if (recentCount > 0 && recentChars + size > PROMPT_BUDGET.recentChars) break;
    recentChars += size;
    recentCount++;
  }
  const older = ordered.slice(0, ordered.length - recentCount);
  const recent = ordered.slice(ordered.length - recentCount);

  const latestMember = [...recent].reverse().find((message) => message.role === 'user' && !message.metadata?.note);
  const system = systemPrompt({ ...project, state, olderTurnsDigest: digest(older), latestMemberText: latestMember ? textOf(latestMember) : '' });
  // Several founders may share the conversation: each member message says who wrote it.
  const named = recent.map((message) => (message.role === 'user' ? { ...message, parts: [{ type: 'text' as const, text: memberLine(message) }] } : message));
  return { system, messages: await convertToModelMessages(named, { ignoreIncompleteToolCalls: true }) };
}

function digest(older: readonly WorkspaceMessage[]): string {
  const lines: string[] = [];
  let total = 0;
  for (let i = older.length - 1; i >= 0; i--) {
    const text = textOf(older[i]!).replace(/\s+/g, ' ');
    if (!text) continue;
    const cut = text.length > PROMPT_BUDGET.digestCharsPerMessage ? `${text.slice(0, PROMPT_BUDGET.digestCharsPerMessage)}…` : text;
    const line = `- ${speaker(older[i]!)}${older[i]!.metadata?.note ? ' [note to the team]' : ''}: ${cut}`;
    if (total + line.length > PROMPT_BUDGET.digestChars) break;
    lines.unshift(line);
    total += line.length + 1;
  }
  return lines.join('\n');
}

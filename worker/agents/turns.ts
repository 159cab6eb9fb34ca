import type { LimitName, MessageAuthor, MessageMetadata, SendRefusal, WorkspaceMessage, WorkspaceState } from '#contracts/workspace';
import { MESSAGE_MAX_CHARS } from '#contracts/workspace';
import { hasControlCharacters } from '#contracts/text';
import { z } from '#contracts/zod';
import { FAILURE_MESSAGES } from './answer';
import { PHASES } from '#contracts/phases/registry';
import { textOf } from './context';
import { canOpen } from './phases/registry';

/**
 * How a chat request becomes a turn, as pure functions of the stored conversation: what a send,
 * a note, a Regenerate or an edit does to the transcript, which answer it replaces, and what a
 * refused send says. The object (./cofounder.ts) applies them.
 */

const LIMIT_MESSAGES: Record<LimitName, string> = {
  member_daily: "You've reached today's message limit for your account.",
  project_daily: "This project has reached today's message limit.",
  global_daily: 'Launchmate has reached its daily limit for AI answers.',
};

const NewMessageSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  role: z.literal('user'),
  parts: z.array(z.object({ type: z.literal('text'), text: z.string() })).length(1),
});

/** What a chat request will do, once it is allowed. */
export type PlannedTurn =
  | { kind: 'send' | 'note'; appended: WorkspaceMessage }
  | { kind: 'regenerate' | 'edit'; transcript: WorkspaceMessage[]; answering: string | undefined; replaced?: WorkspaceMessage; note?: boolean };

/**
 * Retry or Regenerate: the latest answer is written again (a complete one is kept as a previous
 * version of the new one). A latest member message with no answer yet (its answer never came)
 * is answered.
 */
export function planRegenerate(stored: WorkspaceMessage[]): PlannedTurn | { error: string } {
  const last = stored.at(-1);
  if (!last || (last.role === 'user' && last.metadata?.note) || last.metadata?.unprompted) return { error: 'There is no answer to write again.' };
  const transcript = last.role === 'assistant' ? stored.slice(0, -1) : stored;
  const answering =
    last.role === 'assistant' ? (last.metadata?.answers ?? transcript.findLast((message) => message.role === 'user' && !message.metadata?.note)?.id) : last.id;
  const replaced = last.role === 'assistant' && last.metadata?.status !== 'failed' ? last : undefined;
  return { kind: 'regenerate', transcript, answering, replaced };
}

/**
 * An edit of the member's own latest message: its text changes (what it said before is kept and
 * shown), and, unless it is a note to the team, it is asked again; the answer it had becomes a
 * previous version of the new one.
 */
export function planEdit(stored: WorkspaceMessage[], id: string, text: string, userId: string): PlannedTurn | { error: string } {
  const index = stored.findIndex((message) => message.id === id);
  const original = stored[index];
  if (!original || original.role !== 'user') return { error: 'That message is no longer in the conversation.' };
  const author = original.metadata?.author;
  if (author?.kind !== 'member' || author.userId !== userId) return { error: 'You can only edit your own messages.' };
  if (stored.slice(index + 1).some((message) => message.role === 'user'))
    return { error: 'Only your latest message can be edited, before anyone else writes.' };
  const before = textOf(original);
  if (before === text) return { error: 'The message is unchanged.' };
  const metadata: MessageMetadata = {
    ...original.metadata!,
    edited: { at: Date.now(), previousText: (original.metadata?.edited?.previousText ?? before).slice(0, MESSAGE_MAX_CHARS) },
  };
  const edited: WorkspaceMessage = { ...original, parts: [{ type: 'text', text }], metadata };
  const answer = stored[index + 1];
  // A note stays a note: its edit is stored and not answered; what came after it stays.
  if (original.metadata?.note)
    return { kind: 'edit', transcript: [...stored.slice(0, index), edited, ...stored.slice(index + 1)], answering: undefined, note: true };
  return {
    kind: 'edit',
    transcript: [...stored.slice(0, index), edited],
    answering: id,
    replaced: answer?.role === 'assistant' && answer.metadata?.status !== 'failed' ? answer : undefined,
  };
}

/**
 * A refused send says what is true: sends still waiting for their answer hold their share of the
 * allowance until they end, and a failed one gives it back.
 */
export function limitMessage(limit: LimitName, waiting: number): string {
  if (waiting === 0 || limit === 'global_daily') return `${LIMIT_MESSAGES[limit]} It resets at midnight UTC.`;
  const messages = waiting === 1 ? '1 message that is' : `${waiting} messages that are`;
  return `${LIMIT_MESSAGES[limit]} This counts ${messages} still waiting for an answer: any that fails is given back, and you can send again then. Otherwise it resets at midnight UTC.`;
}

/**
 * The phases as members see them. The founders' choice holds while it is open to them; without
 * one, they work in the first open phase not done yet, else where they were (`fallback`).
 */
export function phasesState(done: number[], unlocked: number[], chosen: number | undefined, fallback?: number): WorkspaceState['phases'] {
  const open = PHASES.map((phase) => phase.number).filter((number) => canOpen(number, unlocked));
  const current =
    chosen !== undefined && open.includes(chosen)
      ? chosen
      : (open.find((number) => !done.includes(number)) ?? (fallback !== undefined && open.includes(fallback) ? fallback : (open.at(-1) ?? PHASES[0]!.number)));
  return { done, current, unlocked };
}

/**
 * A member's chat request, read: a message for the co-founder, a note to the team, a Retry or
 * Regenerate of the latest answer, or an edit of the member's own latest message. The member may
 * only append their own message or change their own latest one (docs/decisions/0043-team-notes-and-turns.md).
 * `known` tells whether a message id is taken already; `busy`, whether an answer is under way.
 */
export function planChatRequest(
  bodyText: string,
  context: { stored: WorkspaceMessage[]; known: (id: string) => boolean; author: Extract<MessageAuthor, { kind: 'member' }>; busy: boolean },
): PlannedTurn | { refusal: SendRefusal } {
  const invalid = (error: string) => ({ refusal: { reason: 'invalid' as const, error } });
  const busy = { refusal: { reason: 'busy' as const, error: FAILURE_MESSAGES.busy } };
  let body: { messages?: unknown[]; trigger?: unknown; note?: unknown; edits?: unknown };
  try {
    body = JSON.parse(bodyText) as typeof body;
  } catch {
    return invalid('That message could not be read.');
  }
  if (body.trigger === 'regenerate-message') {
    if (context.busy) return busy;
    const planned = planRegenerate(context.stored);
    return 'error' in planned ? invalid(planned.error) : planned;
  }
  const candidate = NewMessageSchema.safeParse(Array.isArray(body.messages) ? body.messages.at(-1) : undefined);
  const text = candidate.success ? candidate.data.parts[0]!.text.trim() : '';
  if (!candidate.success || !text) return invalid('Please write a message.');
  if (text.length > MESSAGE_MAX_CHARS) return invalid(`Please keep your message under ${MESSAGE_MAX_CHARS.toLocaleString('en')} characters.`);
  if (hasControlCharacters(text, { multiline: true })) return invalid('Please remove control characters from your message.');
  const id = candidate.data.id;
  if (typeof body.edits === 'string') {
    if (body.edits !== id) return invalid('That message could not be read.');
    if (context.busy) return busy;
    const planned = planEdit(context.stored, id, text, context.author.userId);
    return 'error' in planned ? invalid(planned.error) : planned;
  }
  if (context.known(id)) return invalid('Earlier messages cannot be changed.');
  const note = body.note === true;
  const metadata: MessageMetadata = { author: context.author, createdAt: Date.now(), ...(note ? { note: true } : {}) };
  return { kind: note ? 'note' : 'send', appended: { id, role: 'user', parts: [{ type: 'text', text }], metadata } };
}

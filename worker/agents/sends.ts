import type { Connection, WSMessage } from 'agents';
import { MESSAGE_MAX_CHARS, type SendRefusal, type SendRefusedFrame, type WorkspaceMessage } from '#contracts/workspace';
import { z } from '#contracts/zod';
import { cofounderCaps } from '../config';
import { nextUtcMidnight, releaseAnswer, reserveAnswer, type Reservation } from '../db/queries/cofounder';
import { FAILURE_MESSAGES } from './answer';
import type { Member } from './members';
import { limitMessage, planChatRequest } from './turns';

/**
 * The members' sends on their way to an answer: each chat request read (./turns.ts), charged
 * against the limits, and handed to the SDK with the stored conversation plus the member's own
 * change, never the transcript the browser sent. Nothing is rewritten silently: an edited
 * message keeps what it said before, and a regenerated answer keeps the versions it replaced
 * (docs/decisions/0043-team-notes-and-turns.md).
 */

/** A send being answered: who sent it, the message it answers and the quota it holds. */
export interface Turn {
  sender: Member;
  answering: string | undefined;
  reservation: Reservation | null;
  /** A note to the team: stored in order with the sends, never answered. */
  note: boolean;
  /** The answer a Regenerate or an edit replaces: kept as a previous version of the new one. */
  replaced?: WorkspaceMessage;
  /** Set when onChatMessage takes the turn; from then on onChatResponse settles it. */
  started?: boolean;
  failure?: string;
}

const ChatRequestSchema = z.object({
  type: z.literal('cf_agent_use_chat_request'),
  id: z.string().min(1).max(100),
  init: z.object({ method: z.literal('POST'), body: z.string().max(MESSAGE_MAX_CHARS * 4 + 1_000_000) }),
});

type SdkOnMessage = (connection: Connection, message: WSMessage) => void | Promise<void>;

export class Sends {
  #turns = new Map<string, Turn>();
  /** Accepted sends not yet in `messages` (the SDK stores them a moment later). */
  #pending: WorkspaceMessage[] = [];

  constructor(private readonly object: { env: Cloudflare.Env; projectId: () => string; messages: () => WorkspaceMessage[] }) {}

  /** The turn of a chat request, while it is being answered. */
  turn(requestId: string): Turn | undefined {
    return this.#turns.get(requestId);
  }

  /** The turn of an answer that ended, no longer in progress. */
  end(requestId: string): Turn | undefined {
    const turn = this.#turns.get(requestId);
    this.#turns.delete(requestId);
    return turn;
  }

  /** Stop: only the member who asked, or the project's owner, may cut an answer (it is charged to the asker). */
  mayStop(member: Member, requestId: unknown): boolean {
    const turn = typeof requestId === 'string' ? this.#turns.get(requestId) : undefined;
    return turn !== undefined && (turn.sender.userId === member.userId || member.role === 'owner');
  }

  /**
   * A member's chat request: a message for the co-founder, a note to the team (stored, never
   * answered, never charged), a Retry or Regenerate of the latest answer, or an edit of the
   * member's own latest message that asks again.
   */
  async accept(connection: Connection, sender: Member, frame: unknown, sdkOnMessage: SdkOnMessage) {
    const request = ChatRequestSchema.safeParse(frame);
    if (!request.success) return;
    const requestId = request.data.id;
    const refuse = (refusal: SendRefusal) => refuseSend(connection, requestId, refusal, this.object.messages());
    const turn = planChatRequest(request.data.init.body, {
      stored: this.object.messages(),
      known: (id) => this.object.messages().some((message) => message.id === id) || this.#pending.some((message) => message.id === id),
      author: { kind: 'member', userId: sender.userId, name: sender.name },
      busy: this.#turns.size > 0,
    });
    if ('refusal' in turn) return refuse(turn.refusal);

    const silent = turn.kind === 'note' || (turn.kind === 'edit' && turn.note === true);
    let reservation: Reservation | null = null;
    if (!silent) {
      if (sender.mode === 'unavailable') return refuse({ reason: 'unavailable', error: FAILURE_MESSAGES.unavailable });
      if (sender.mode === 'provider') {
        const { env } = this.object;
        const taken = await reserveAnswer(env.DB, { userId: sender.userId, projectId: this.object.projectId() }, cofounderCaps(env));
        if ('refused' in taken) {
          const waiting = [...this.#turns.values()].filter(
            (queued) => queued.reservation && (taken.refused !== 'member_daily' || queued.sender.userId === sender.userId),
          ).length;
          return refuse({ reason: 'limit', limit: taken.refused, resetsAt: nextUtcMidnight(), error: limitMessage(taken.refused, waiting) });
        }
        reservation = taken.reservation;
      }
    }

    // Built after the only await, so sends accepted meanwhile are included in their order.
    let transcript: WorkspaceMessage[];
    let answering: string | undefined;
    let ownMessageId: string | undefined;
    if ('appended' in turn) {
      const current = this.object.messages();
      const pending = this.#pending.filter((message) => !current.some((known) => known.id === message.id));
      this.#pending = [...pending, turn.appended];
      transcript = [...current, ...this.#pending];
      ownMessageId = turn.appended.id;
      answering = turn.kind === 'note' ? undefined : ownMessageId;
    } else {
      transcript = turn.transcript;
      answering = turn.answering;
    }
    this.#turns.set(requestId, { sender, answering, reservation, note: silent, replaced: 'replaced' in turn ? turn.replaced : undefined });
    const trigger = turn.kind === 'regenerate' ? 'regenerate-message' : 'submit-message';
    const rewritten = { ...request.data, init: { method: 'POST', body: JSON.stringify({ messages: transcript, trigger }) } };
    try {
      await sdkOnMessage(connection, JSON.stringify(rewritten));
    } finally {
      this.#pending = this.#pending.filter((message) => message.id !== ownMessageId);
      // A send the SDK never answered (skipped, or the object failed first) gives its quota back.
      const settled = this.#turns.get(requestId);
      if (settled && !settled.started) {
        this.#turns.delete(requestId);
        if (settled.reservation) await releaseAnswer(this.object.env.DB, settled.reservation);
      }
    }
  }
}

function refuseSend(connection: Connection, requestId: string, refusal: SendRefusal, stored: WorkspaceMessage[]) {
  connection.send(JSON.stringify({ type: 'send_refused', requestId, ...refusal } as SendRefusedFrame));
  // Settles the browser's request, and drops its optimistic copy of the message.
  connection.send(JSON.stringify({ type: 'cf_agent_use_chat_response', id: requestId, body: refusal.error, done: true, error: true }));
  sendTranscript(connection, stored);
}

/** Resets a member's view to the stored conversation. */
export function sendTranscript(connection: Connection, stored: WorkspaceMessage[]) {
  connection.send(JSON.stringify({ type: 'cf_agent_chat_messages', messages: stored }));
}

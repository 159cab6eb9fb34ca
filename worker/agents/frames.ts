import type { Connection, WSMessage } from 'agents';

/**
 * Which frames from browsers reach what (docs/decisions/0025-cofounder-object.md). Every frame is
 * looked up by its type in one table; a type not in it is dropped. A frame that changes something
 * is taken only while the connection's session and membership stand.
 */

export interface FrameRoute {
  /** It changes something: the sender must still be trusted (checked in D1 before it runs). */
  writes: boolean;
  handle(connection: Connection, frame: Record<string, unknown>, message: string): void | Promise<void>;
}

/** Frames longer than this are dropped unread. */
const MAX_FRAME_CHARS = 1_000_000;

/** Chat frames of the SDK that would let a member rewrite the conversation: refused, and the sender's view reset. */
export const REFUSED_SDK_FRAMES = ['cf_agent_chat_messages', 'cf_agent_chat_clear', 'cf_agent_tool_result', 'cf_agent_tool_approval'] as const;
/** Chat frames passed to the SDK as they are: resuming a stream (Stop is screened by its own route). */
export const PASSED_SDK_FRAMES = ['cf_agent_stream_resume_request', 'cf_agent_stream_resume_ack'] as const;

/**
 * Parses a frame and hands it to its route. `trusted` is asked only for frames that write; it
 * closes the connection itself when the answer is no.
 */
export async function screenFrame(
  connection: Connection,
  message: WSMessage,
  routes: ReadonlyMap<string, FrameRoute>,
  trusted: (connection: Connection) => Promise<boolean>,
): Promise<void> {
  if (typeof message !== 'string' || message.length > MAX_FRAME_CHARS) return;
  let frame: unknown;
  try {
    frame = JSON.parse(message);
  } catch {
    return;
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) return;
  const type = (frame as { type?: unknown }).type;
  const route = typeof type === 'string' ? routes.get(type) : undefined;
  if (!route) return;
  if (route.writes && !(await trusted(connection))) return;
  await route.handle(connection, frame as Record<string, unknown>, message);
}

import type { Connection, WSMessage } from 'agents';
import { CANVAS_WRITES } from './canvas';
import { memberOf, type Member } from './members';
import { allModules } from './phases/registry';
import type { MemberAction, PhaseModule } from './phases/types';

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

/** What the object does with each kind of frame; the routes below find the member behind the connection first. */
export interface FrameHandlers {
  passToSdk(connection: Connection, message: string): void | Promise<void>;
  /** Resets the member's view to the stored conversation. */
  resetView(connection: Connection): void;
  send(connection: Connection, member: Member, frame: unknown): Promise<void>;
  /** Whether the member may stop the answer to this chat request. */
  mayStop(member: Member, requestId: unknown): boolean;
  editMemory(connection: Connection, member: Member, frame: Record<string, unknown>): Promise<void>;
  openPhase(connection: Connection, frame: unknown): Promise<void>;
  canvas(connection: Connection, member: Member, frame: unknown): void;
  memberAction(module: PhaseModule, action: MemberAction, connection: Connection, member: Member, frame: unknown): Promise<void>;
}

const MEMORY_FRAMES = ['memory_create', 'memory_update', 'memory_delete', 'memory_accept'] as const;
const CANVAS_READS = ['canvas_read', 'canvas_cursor'] as const;
const CANCEL_FRAME = 'cf_agent_chat_request_cancel';

/** The table: every frame a browser may send, and what it reaches; the engine's own, then each phase's member actions. */
export function frameRoutes(handlers: FrameHandlers): Map<string, FrameRoute> {
  const routes = new Map<string, FrameRoute>();
  const byMember = (
    writes: boolean,
    handle: (connection: Connection, member: Member, frame: Record<string, unknown>, message: string) => unknown,
  ): FrameRoute => ({
    writes,
    handle: async (connection, frame, message) => {
      const member = memberOf(connection);
      if (member) await handle(connection, member, frame, message);
    },
  });
  for (const type of PASSED_SDK_FRAMES) routes.set(type, { writes: false, handle: (connection, _frame, message) => handlers.passToSdk(connection, message) });
  // A rewrite, clear or client tool result: the sender's view is reset to the stored conversation.
  for (const type of REFUSED_SDK_FRAMES) routes.set(type, { writes: false, handle: (connection) => handlers.resetView(connection) });
  routes.set(
    'cf_agent_use_chat_request',
    byMember(true, (connection, member, frame) => handlers.send(connection, member, frame)),
  );
  // Stop: only the member who asked, or the project's owner, may cut an answer (it is charged to the asker).
  routes.set(
    CANCEL_FRAME,
    byMember(true, (connection, member, frame, message) => handlers.mayStop(member, frame.id) && handlers.passToSdk(connection, message)),
  );
  for (const type of MEMORY_FRAMES)
    routes.set(
      type,
      byMember(true, (connection, member, frame) => handlers.editMemory(connection, member, frame)),
    );
  routes.set(
    'phase_open',
    byMember(true, (connection, _member, frame) => handlers.openPhase(connection, frame)),
  );
  for (const type of [...CANVAS_WRITES, ...CANVAS_READS])
    routes.set(
      type,
      byMember(CANVAS_WRITES.has(type), (connection, member, frame) => handlers.canvas(connection, member, frame)),
    );
  for (const module of allModules()) {
    for (const action of module.actions ?? [])
      routes.set(
        action.type,
        byMember(true, (connection, member, frame) => handlers.memberAction(module, action, connection, member, frame)),
      );
  }
  return routes;
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

import type { Connection, ConnectionContext } from 'agents';
import { WORKSPACE_CLOSE_CODES } from '#contracts/workspace';
import { llmMode, type LlmMode } from '../services/llm';

/**
 * Who is behind each connection of a workspace. The Worker authenticates each connection and
 * passes the member in these headers; nothing the browser sends can set them
 * (worker/routes/cofounder.ts strips them).
 */
export const TRUSTED_HEADERS = {
  userId: 'X-Launchmate-User-Id',
  name: 'X-Launchmate-User-Name',
  role: 'X-Launchmate-Role',
  /** The refresh family (session) of the access token that opened the connection. */
  sessionFamily: 'X-Launchmate-Session',
} as const;

export const CLOSE_CODES = WORKSPACE_CLOSE_CODES;
export const CLOSE_REASONS = {
  signedOut: 'You were signed out.',
  removed: 'You are no longer a member of this project.',
  deleted: 'This project was deleted.',
} as const;

export interface Member {
  userId: string;
  name: string;
  role: 'owner' | 'collaborator';
  /** The session that opened the connection: when it ends, so does the connection. */
  sessionFamily: string;
  /**
   * How this member's sends are answered, decided when they connect: the offline demo needs a
   * development Worker AND a connection to a loopback host (services/development.ts).
   */
  mode: LlmMode;
}

/** The member a new connection belongs to, from the Worker's headers; null when they are missing (the connection is closed). */
export function memberFromRequest(env: Cloudflare.Env, ctx: ConnectionContext): Member | null {
  const headers = ctx.request.headers;
  const userId = headers.get(TRUSTED_HEADERS.userId);
  const role = headers.get(TRUSTED_HEADERS.role);
  const sessionFamily = headers.get(TRUSTED_HEADERS.sessionFamily);
  if (!userId || !sessionFamily || (role !== 'owner' && role !== 'collaborator')) return null;
  const name = decodeURIComponent(headers.get(TRUSTED_HEADERS.name) ?? '');
  return { userId, name, role, sessionFamily, mode: llmMode(env, ctx.request) };
}

export const memberOf = (connection: Connection): Member | null => {
  const state = connection.state as Partial<Member> | null;
  return state?.userId && state.role && state.mode ? (state as Member) : null;
};

/** Closes the connections whose member matches, with a code after which they do not reconnect; returns how many. */
export function closeWhere(connections: Iterable<Connection>, matches: (member: Member) => boolean, why: keyof typeof CLOSE_REASONS): number {
  let closed = 0;
  for (const connection of connections) {
    const member = memberOf(connection);
    if (!member || !matches(member)) continue;
    connection.close(CLOSE_CODES[why], CLOSE_REASONS[why]);
    closed++;
  }
  return closed;
}

/** Members with the workspace open, one entry per member however many tabs; `closingId` is leaving. */
export function presentMembers(connections: Iterable<Connection>, closingId?: string) {
  const present = new Map<string, { userId: string; name: string }>();
  for (const connection of connections) {
    const member = connection.id === closingId ? null : memberOf(connection);
    if (member && !present.has(member.userId)) present.set(member.userId, { userId: member.userId, name: member.name });
  }
  return [...present.values()];
}

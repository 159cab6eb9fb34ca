import { getToolName, isToolUIPart } from 'ai';
import type { ProjectConversationExport } from '#contracts/user';
import type { MemoryEntry, MessageAuthor, WorkspaceMessage } from '#contracts/workspace';
import { textOf } from './context';

/**
 * The memory's history: every change, who made it and when, in the object's own SQLite beside
 * the conversation. The memory itself (the current entries) lives in the object's state; this log
 * is what the account export gives a founder to take away (docs/decisions/0024).
 */

export interface MemoryChange {
  action: 'created' | 'updated' | 'deleted' | 'accepted';
  entryId: string;
  /** The entry after the change; null when it was deleted. */
  entry: MemoryEntry | null;
  by: MessageAuthor;
}

type Sql = <T = Record<string, string | number | boolean | null>>(strings: TemplateStringsArray, ...values: (string | number | boolean | null)[]) => T[];

/**
 * The newest changes kept. The memory holds at most 100 entries; a long-lived project's edits
 * beyond this many are its oldest, which the entries' current versions already supersede.
 */
export const MEMORY_HISTORY_KEPT = 5000;

function ensureTable(sql: Sql) {
  sql`CREATE TABLE IF NOT EXISTS memory_history (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    action TEXT NOT NULL,
    entry_id TEXT NOT NULL,
    author TEXT NOT NULL,
    entry TEXT
  )`;
}

export function recordMemoryChange(sql: Sql, change: MemoryChange) {
  ensureTable(sql);
  sql`INSERT INTO memory_history (at, action, entry_id, author, entry)
      VALUES (${Date.now()}, ${change.action}, ${change.entryId}, ${JSON.stringify(change.by)}, ${change.entry ? JSON.stringify(change.entry) : null})`;
  sql`DELETE FROM memory_history WHERE seq <= (SELECT MAX(seq) FROM memory_history) - ${MEMORY_HISTORY_KEPT}`;
}

export function readMemoryHistory(sql: Sql): ProjectConversationExport['memory']['history'] {
  ensureTable(sql);
  const rows = sql<{ at: number; action: MemoryChange['action']; entry_id: string; author: string; entry: string | null }>`
    SELECT at, action, entry_id, author, entry FROM memory_history ORDER BY seq`;
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    action: row.action,
    entryId: row.entry_id,
    by: JSON.parse(row.author) as MessageAuthor,
    entry: row.entry === null ? null : (JSON.parse(row.entry) as unknown),
  }));
}

/** The conversation as the export names it: who said what and when, and how each answer ended. */
export function conversationExport(
  messages: readonly WorkspaceMessage[],
  memory: readonly MemoryEntry[],
  history: ProjectConversationExport['memory']['history'],
): Omit<ProjectConversationExport, 'canvas'> {
  return {
    messages: messages.map((message) => {
      const metadata = message.metadata;
      const author: MessageAuthor = metadata?.author ?? (message.role === 'assistant' ? { kind: 'cofounder' } : { kind: 'member', userId: '', name: '' });
      return {
        id: message.id,
        author,
        createdAt: metadata?.createdAt ? new Date(metadata.createdAt).toISOString() : null,
        text: textOf(message),
        status: metadata?.status ?? (message.role === 'assistant' ? 'complete' : null),
        failure: metadata?.failure ?? null,
        tools: message.parts.filter(isToolUIPart).map((part) => ({
          name: getToolName(part),
          input: 'input' in part ? part.input : null,
          output: part.state === 'output-available' ? part.output : null,
          error: part.state === 'output-error' ? part.errorText : null,
        })),
      };
    }),
    memory: { entries: [...memory], history },
  };
}

const ADDRESS = /https?:\/\/[^\s"'<>\\)\]]+/g;

/**
 * When each web address was first returned by a tool in the conversation: the day the export
 * gives as a source's read date (docs/decisions/0046-project-export.md).
 */
export function sourceReadTimes(messages: readonly WorkspaceMessage[]): Record<string, string> {
  const readAt: Record<string, string> = {};
  for (const message of messages) {
    const createdAt = message.metadata?.createdAt;
    if (message.role !== 'assistant' || !createdAt) continue;
    for (const part of message.parts.filter(isToolUIPart)) {
      if (part.state !== 'output-available') continue;
      for (const address of JSON.stringify(part.output ?? null).match(ADDRESS) ?? []) readAt[address] ??= new Date(createdAt).toISOString();
    }
  }
  return readAt;
}

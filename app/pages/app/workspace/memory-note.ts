import { MEMORY_LIMITS, type MemoryContent, type WorkspaceMessage } from '#contracts/workspace';
import { markdownToPlainText } from '../../../lib/markdown-text';
import { plainText } from './MessageRow';

/**
 * 'Save to memory' on a message: a note entry whose title is the message's first words and whose
 * body is its text, as plain text, within the memory's limits. The member can edit it there.
 */
export function memoryNoteOf(message: WorkspaceMessage): MemoryContent & { kind: 'note'; title: string; body: string } {
  const text = markdownToPlainText(plainText(message));
  const firstLine =
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.replace(/\s+/g, ' ')
      .trim() ?? 'Saved message';
  const title = firstLine.length > MEMORY_LIMITS.title ? `${firstLine.slice(0, MEMORY_LIMITS.title - 1).trimEnd()}…` : firstLine;
  const body = text.length > MEMORY_LIMITS.body ? `${text.slice(0, MEMORY_LIMITS.body - 1).trimEnd()}…` : text;
  return { kind: 'note', title, body };
}

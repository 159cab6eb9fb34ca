import { getToolName } from 'ai';
import { createElement, type ComponentType } from 'react';
import { PLACE_CANVAS_NOTES } from '#contracts/canvas';
import { ENGINE_TOOLS, QuickReplyInputSchema } from '#contracts/workspace';
import { SavedNote } from './phases/SavedNote';
import { failedToolNoteOf, toolCardOf } from './phases/registry';
import type { ToolCardProps, ToolCardRowProps, ToolPart as ToolUIPart } from './phases/types';

/** A question with its choices as buttons: a click sends the choice as the member's message. */
function QuickReplies({ input, row }: ToolCardProps) {
  const parsed = QuickReplyInputSchema.safeParse(input);
  if (!parsed.success) return null;
  const { question, choices } = parsed.data;
  const { onQuickReply } = row;
  return (
    <div className="quick-replies" role="group" aria-label={question}>
      <p className="quick-replies__question">{question}</p>
      <div className="quick-replies__choices">
        {choices.map((choice) => (
          <button
            key={choice}
            type="button"
            className="button button--secondary quick-replies__choice"
            disabled={!onQuickReply}
            onClick={() => onQuickReply?.(choice)}
          >
            {choice}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Notes proposed on the canvas, to keep or dismiss there. */
function CanvasNotesNote({ done, output }: ToolCardProps) {
  const placed = done && output && typeof output === 'object' && 'placed' in output ? Number(output.placed) : null;
  return (
    <p className="message__tool-note">
      {placed === null ? 'Placing notes on the canvas…' : `Proposed ${placed} ${placed === 1 ? 'note' : 'notes'} on the canvas: keep or dismiss them there.`}
    </p>
  );
}

/** A memory entry the co-founder wrote or changed; also any tool no card is registered for. */
function MemoryNote({ input }: ToolCardProps) {
  return <SavedNote what="Noted in the project memory" input={input} />;
}

/** The engine's own tools, offered in every phase; the phases' tools have their cards in the phase registry. */
const ENGINE_TOOL_CARDS: Record<string, ComponentType<ToolCardProps>> = {
  [ENGINE_TOOLS.askMultipleChoice]: QuickReplies,
  [ENGINE_TOOLS.writeMemory]: MemoryNote,
  [ENGINE_TOOLS.updateMemory]: MemoryNote,
  [PLACE_CANVAS_NOTES]: CanvasNotesNote,
};

/** A tool call that failed (its arguments were refused, or it could not run): the answer goes on without it. */
const ENGINE_FAILED_TOOL_NOTES: Record<string, string> = {
  [PLACE_CANVAS_NOTES]: 'The notes could not be placed on the canvas.',
};
const FAILED_STEP = 'A step of this answer did not work.';

/**
 * What the co-founder did through a tool, shown in its message by the tool's card: the engine's
 * own, or the one its phase registered.
 */
export function ToolPart({ part, row }: { part: ToolUIPart; row: ToolCardRowProps }) {
  const name = getToolName(part);
  if (part.state === 'output-error') {
    const note = Object.hasOwn(ENGINE_FAILED_TOOL_NOTES, name) ? ENGINE_FAILED_TOOL_NOTES[name] : failedToolNoteOf(name);
    return <p className="message__tool-note">{note ?? FAILED_STEP}</p>;
  }
  const Card = (Object.hasOwn(ENGINE_TOOL_CARDS, name) ? ENGINE_TOOL_CARDS[name] : toolCardOf(name)) ?? MemoryNote;
  const done = part.state === 'output-available';
  // The card registered for this tool: the same component on every render.
  return createElement(Card, { part, name, input: part.input, done, output: done ? part.output : undefined, row });
}

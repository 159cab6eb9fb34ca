import { isWebAddress } from './discussions';
import { multiLineText, singleLineText } from './text-fields';
import type { MessageAuthor, RequestResultFrame } from './workspace';
import { z } from './zod';

/**
 * The canvas's wire contract (docs/decisions/0045-canvas.md): notes, frames that group notes under
 * a title, and connectors between notes, kept in the project's object (worker/agents/canvas.ts).
 * Each change is one frame about one item; the board travels only when a member reads it.
 */

export const CANVAS_LIMITS = {
  notes: 500,
  frames: 50,
  connectors: 1000,
  noteText: 1000,
  frameTitle: 120,
  /** Coordinates stay within ± this many canvas pixels. */
  extent: 50_000,
  minSize: 60,
  maxNoteSize: 1200,
  maxFrameSize: 6000,
  /** A member's pointer is sent at most this often; the object relays at most one per half of it. */
  cursorIntervalMs: 50,
  /** The co-founder's notes per call of its tool. */
  proposalsPerCall: 12,
  sourcesPerNote: 5,
} as const;

export const NOTE_COLOURS = ['yellow', 'pink', 'blue', 'green', 'purple', 'grey'] as const;
export type NoteColour = (typeof NOTE_COLOURS)[number];

const ItemId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'An item id is letters, digits, - and _');
const Coordinate = z.number().finite().min(-CANVAS_LIMITS.extent).max(CANVAS_LIMITS.extent);
const NoteSize = z.number().finite().min(CANVAS_LIMITS.minSize).max(CANVAS_LIMITS.maxNoteSize);
const FrameSize = z.number().finite().min(CANVAS_LIMITS.minSize).max(CANVAS_LIMITS.maxFrameSize);

export const NoteFieldsSchema = z.strictObject({
  text: multiLineText(CANVAS_LIMITS.noteText),
  colour: z.enum(NOTE_COLOURS),
  x: Coordinate,
  y: Coordinate,
  width: NoteSize,
  height: NoteSize,
  /** The frame the note sits in, if any. */
  frameId: ItemId.nullable(),
});
export type NoteFields = z.infer<typeof NoteFieldsSchema>;

export const FrameFieldsSchema = z.strictObject({
  title: singleLineText(CANVAS_LIMITS.frameTitle),
  x: Coordinate,
  y: Coordinate,
  width: FrameSize,
  height: FrameSize,
});
export type FrameFields = z.infer<typeof FrameFieldsSchema>;

export const ConnectorFieldsSchema = z.strictObject({ from: ItemId, to: ItemId });

export const SourceLinkSchema = z.strictObject({
  title: singleLineText(200),
  url: z.string().max(2000).refine(isWebAddress, 'A link must be an http(s) address'),
});
export type SourceLink = z.infer<typeof SourceLinkSchema>;

/** Where the co-founder's note came from: the member's message it answered, the tool call that placed it, and its sources. */
export const ProposalSchema = z.strictObject({
  messageId: z.string().max(100).nullable(),
  toolCallId: z.string().max(200),
  sources: z.array(SourceLinkSchema).max(CANVAS_LIMITS.sourcesPerNote),
});
export type Proposal = z.infer<typeof ProposalSchema>;

/** A pinned note keeps a link to where it came from: an artifact's entry in the memory, or a message of the conversation. */
export const PinnedFromSchema = z
  .strictObject({ entryId: z.string().min(1).max(100).optional(), messageId: z.string().min(1).max(100).optional(), title: singleLineText(200) })
  .refine((from) => (from.entryId === undefined) !== (from.messageId === undefined), 'A pinned note comes from one entry or one message');
export type PinnedFrom = z.infer<typeof PinnedFromSchema>;

interface Stamped {
  id: string;
  /** Grows by one with every change; updates and deletes name the version they started from. */
  version: number;
  /** Who made it. */
  author: MessageAuthor;
  /** Who changed it last, and when (Unix milliseconds). */
  updatedBy: MessageAuthor;
  updatedAt: number;
}
export type CanvasNote = NoteFields &
  Stamped & {
    kind: 'note';
    /** The co-founder's note, until a member keeps it (Keep) or deletes it (Dismiss). */
    proposed?: boolean;
    /** Where the co-founder's note came from; kept after Keep. */
    origin?: Proposal;
    pinnedFrom?: PinnedFrom;
  };
export type CanvasFrame = FrameFields & Stamped & { kind: 'frame' };
export type CanvasConnector = z.infer<typeof ConnectorFieldsSchema> & Stamped & { kind: 'connector' };
export type CanvasItem = CanvasNote | CanvasFrame | CanvasConnector;
export type CanvasItemKind = CanvasItem['kind'];

// ---------------------------------------------------------------------------------------------
// Frames from browsers

const RequestId = z.string().min(1).max(100);
const BaseVersion = z.number().int().min(1);

export const CanvasCreateSchema = z.discriminatedUnion('kind', [
  NoteFieldsSchema.extend({ kind: z.literal('note'), id: ItemId, pinnedFrom: PinnedFromSchema.optional() }),
  FrameFieldsSchema.extend({ kind: z.literal('frame'), id: ItemId }),
  ConnectorFieldsSchema.extend({ kind: z.literal('connector'), id: ItemId }),
]);
export type CanvasCreate = z.infer<typeof CanvasCreateSchema>;

export const NotePatchSchema = NoteFieldsSchema.partial();
export type NotePatch = z.infer<typeof NotePatchSchema>;
export const FramePatchSchema = FrameFieldsSchema.partial();
export type FramePatch = z.infer<typeof FramePatchSchema>;

export const CanvasFrameSchema = z.discriminatedUnion('type', [
  /** The whole board, once: when the view opens and after a reconnect. */
  z.strictObject({ type: z.literal('canvas_read'), requestId: RequestId }),
  /** The creator names the id, so an undone delete can be redone as the same item. */
  z.strictObject({ type: z.literal('canvas_create'), requestId: RequestId, item: CanvasCreateSchema }),
  /** Only the fields that changed: a refused patch says exactly what was not applied. */
  z.strictObject({
    type: z.literal('canvas_update'),
    requestId: RequestId,
    id: ItemId,
    baseVersion: BaseVersion,
    patch: z.discriminatedUnion('kind', [NotePatchSchema.extend({ kind: z.literal('note') }), FramePatchSchema.extend({ kind: z.literal('frame') })]),
  }),
  z.strictObject({
    type: z.literal('canvas_delete'),
    requestId: RequestId,
    kind: z.enum(['note', 'frame', 'connector']),
    id: ItemId,
    baseVersion: BaseVersion,
  }),
  /** An artifact's item pinned by a member: placed by the object right of the board, linked to its entry. */
  z.strictObject({ type: z.literal('canvas_pin'), requestId: RequestId, text: multiLineText(CANVAS_LIMITS.noteText), pinnedFrom: PinnedFromSchema }),
  /** A member keeps the co-founder's proposed note: it becomes an ordinary note. Dismissing deletes it. */
  z.strictObject({ type: z.literal('canvas_keep'), requestId: RequestId, id: ItemId, baseVersion: BaseVersion }),
  /** Where the member's pointer is on the canvas: relayed to the others, never stored. */
  z.strictObject({ type: z.literal('canvas_cursor'), x: Coordinate, y: Coordinate }),
]);
export type CanvasClientFrame = z.infer<typeof CanvasFrameSchema>;
export type CanvasChange = Exclude<CanvasClientFrame, { type: 'canvas_read' } | { type: 'canvas_cursor' }>;

// ---------------------------------------------------------------------------------------------
// Frames from the object

export type CanvasRefusalReason = 'stale' | 'not_found' | 'invalid' | 'full';
/** The answer to a canvas change: the item as saved (null once deleted), or a refusal with `current`, the item as it is now (stale), so the sender's view shows what won. */
export type CanvasResultFrame = RequestResultFrame<CanvasItem | null, CanvasRefusalReason>;
export type CanvasServerFrame =
  | CanvasResultFrame
  | { type: 'canvas_board'; requestId: string; items: CanvasItem[] }
  /** One item changed (`item`) or went (`removed`), sent to every other connection. */
  | { type: 'canvas_changed'; item: CanvasItem; by: MessageAuthor }
  | { type: 'canvas_changed'; removed: { kind: CanvasItemKind; id: string }; by: MessageAuthor }
  | { type: 'canvas_cursor'; connectionId: string; userId: string; name: string; x: number; y: number };

export const CANVAS_SERVER_FRAME_TYPES = ['request_result', 'canvas_board', 'canvas_changed', 'canvas_cursor'] as const;

// ---------------------------------------------------------------------------------------------
// The co-founder's tool

export const PLACE_CANVAS_NOTES = 'place_canvas_notes';

export const PlaceCanvasNotesInputSchema = z.strictObject({
  frameTitle: singleLineText(CANVAS_LIMITS.frameTitle).optional().describe('A title grouping these notes, e.g. "Open questions" or "Weakest inputs"'),
  notes: z
    .array(
      z.strictObject({
        text: multiLineText(CANVAS_LIMITS.noteText).describe('The note, short: one idea, question or fact'),
        colour: z.enum(NOTE_COLOURS).optional(),
        sources: z
          .array(SourceLinkSchema)
          .max(CANVAS_LIMITS.sourcesPerNote)
          .optional()
          .describe('Links behind the note, from the results your tools returned in this conversation only'),
      }),
    )
    .min(1)
    .max(CANVAS_LIMITS.proposalsPerCall),
});
export type PlaceCanvasNotesInput = z.infer<typeof PlaceCanvasNotesInputSchema>;

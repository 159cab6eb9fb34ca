import {
  CANVAS_LIMITS,
  type CanvasChange,
  type CanvasConnector,
  type CanvasCreate,
  type CanvasFrame,
  CanvasFrameSchema,
  type CanvasItem,
  type CanvasItemKind,
  type CanvasNote,
  type CanvasRefusalReason,
  type CanvasServerFrame,
  type PlaceCanvasNotesInput,
} from '#contracts/canvas';
import type { MessageAuthor } from '#contracts/workspace';

/**
 * The project's canvas, in the object's own SQLite (docs/decisions/0045-canvas.md): one row per
 * note, frame or connector, each with a version that grows on every change. The object calls this
 * module for every canvas frame, after its trust check; each change is one synchronous write in a
 * storage transaction, so nothing is half saved and no other frame runs in between.
 */

type Sql = <T = Record<string, string | number | boolean | null>>(strings: TemplateStringsArray, ...values: (string | number | boolean | null)[]) => T[];

/** What one change sends to every other member: one frame per item changed or removed. */
export type CanvasBroadcast = Extract<CanvasServerFrame, { type: 'canvas_changed' }>;
export type CanvasOutcome =
  | { ok: true; item: CanvasItem | null; broadcasts: CanvasBroadcast[] }
  | { ok: false; reason: CanvasRefusalReason; error: string; current: CanvasItem | null };

const NAMES: Record<CanvasItemKind, string> = { note: 'note', frame: 'frame', connector: 'connector' };
const refuse = (reason: CanvasRefusalReason, error: string, current: CanvasItem | null = null): CanvasOutcome => ({ ok: false, reason, error, current });

/** Where the co-founder's proposals go: a column right of everything on the board. */
const PROPOSAL_NOTE = { width: 220, height: 170, gap: 24, columns: 3 } as const;

export class CanvasStore {
  readonly #sql: Sql;
  readonly #transaction: <T>(run: () => T) => T;

  constructor(sql: Sql, transaction: <T>(run: () => T) => T) {
    this.#sql = sql;
    this.#transaction = transaction;
    this.#sql`CREATE TABLE IF NOT EXISTS canvas_items (id TEXT PRIMARY KEY, kind TEXT NOT NULL, data TEXT NOT NULL)`;
  }

  read(): CanvasItem[] {
    return this.#sql<{ data: string }>`SELECT data FROM canvas_items ORDER BY rowid`.map((row) => JSON.parse(row.data) as CanvasItem);
  }

  /** One member's change, checked whole before anything is written. */
  apply(change: CanvasChange, by: MessageAuthor): CanvasOutcome {
    return this.#transaction(() => {
      switch (change.type) {
        case 'canvas_create':
          return this.#create(change.item, by);
        case 'canvas_update':
          return this.#update(change.id, change.baseVersion, change.patch, by);
        case 'canvas_delete':
          return this.#delete(change.kind, change.id, change.baseVersion, by);
        case 'canvas_keep':
          return this.#keep(change.id, change.baseVersion, by);
        case 'canvas_pin':
          return this.#pin(change, by);
      }
    });
  }

  /**
   * The co-founder's notes, placed as proposals right of the board (never over or instead of a
   * member's note), with an optional frame around them. All or nothing: a call that would pass a
   * limit, or cites a link its tools did not return, writes nothing and throws for the model.
   */
  placeProposals(
    input: PlaceCanvasNotesInput,
    origin: { messageId: string | null; toolCallId: string; foundUrls: Set<string> },
  ): { items: CanvasItem[]; broadcasts: CanvasBroadcast[] } {
    const cited = input.notes.flatMap((note) => note.sources ?? []);
    const invented = cited.find((source) => !origin.foundUrls.has(source.url));
    if (invented) throw new Error(`${invented.url} was not returned by your tools in this conversation: cite only links they returned, or none.`);
    return this.#transaction(() => {
      const notes = this.#count('note');
      if (notes + input.notes.length > CANVAS_LIMITS.notes) {
        throw new Error(
          `The canvas holds at most ${CANVAS_LIMITS.notes} notes and has ${notes}: place at most ${CANVAS_LIMITS.notes - notes}, or ask the founders to remove some.`,
        );
      }
      if (input.frameTitle && this.#count('frame') >= CANVAS_LIMITS.frames)
        throw new Error(`The canvas holds at most ${CANVAS_LIMITS.frames} frames: place the notes without a frame title.`);
      const by: MessageAuthor = { kind: 'cofounder' };
      const now = Date.now();
      const start = this.#proposalCorner();
      const { width, height, gap, columns } = PROPOSAL_NOTE;
      const padding = input.frameTitle ? 40 : 0;
      const items: CanvasItem[] = [];
      let frameId: string | null = null;
      if (input.frameTitle) {
        const rows = Math.ceil(input.notes.length / columns);
        const frame: CanvasFrame = {
          kind: 'frame',
          id: crypto.randomUUID(),
          title: input.frameTitle,
          x: start.x,
          y: start.y,
          width: Math.min(columns, input.notes.length) * (width + gap) - gap + 2 * padding,
          height: rows * (height + gap) - gap + 2 * padding + 24,
          version: 1,
          author: by,
          updatedBy: by,
          updatedAt: now,
        };
        frameId = frame.id;
        items.push(frame);
      }
      input.notes.forEach((proposal, index) => {
        const note: CanvasNote = {
          kind: 'note',
          id: crypto.randomUUID(),
          text: proposal.text,
          colour: proposal.colour ?? 'purple',
          x: start.x + padding + (index % columns) * (width + gap),
          y: start.y + padding + 24 + Math.floor(index / columns) * (height + gap),
          width,
          height,
          frameId,
          proposed: true,
          origin: { messageId: origin.messageId, toolCallId: origin.toolCallId, sources: proposal.sources ?? [] },
          version: 1,
          author: by,
          updatedBy: by,
          updatedAt: now,
        };
        items.push(note);
      });
      for (const item of items) this.#write(item);
      return { items, broadcasts: items.map((item) => ({ type: 'canvas_changed', item, by }) as const) };
    });
  }

  #create(input: CanvasCreate, by: MessageAuthor): CanvasOutcome {
    if (this.#find(input.id)) return refuse('invalid', `This ${NAMES[input.kind]} exists already.`);
    const max = input.kind === 'note' ? CANVAS_LIMITS.notes : input.kind === 'frame' ? CANVAS_LIMITS.frames : CANVAS_LIMITS.connectors;
    if (this.#count(input.kind) >= max) return refuse('full', `The canvas holds at most ${max} ${NAMES[input.kind]}s: delete one first.`);
    if (input.kind === 'note' && input.frameId !== null && this.#find(input.frameId)?.kind !== 'frame')
      return refuse('not_found', 'That frame was deleted by someone else.');
    if (input.kind === 'connector') {
      const refusal = this.#connectorRefusal(input.from, input.to);
      if (refusal) return refusal;
    }
    const now = Date.now();
    const item = { ...input, version: 1, author: by, updatedBy: by, updatedAt: now } as CanvasItem;
    this.#write(item);
    return { ok: true, item, broadcasts: [{ type: 'canvas_changed', item, by }] };
  }

  #update(id: string, baseVersion: number, patch: Extract<CanvasChange, { type: 'canvas_update' }>['patch'], by: MessageAuthor): CanvasOutcome {
    const current = this.#find(id);
    if (!current || current.kind !== patch.kind) return refuse('not_found', `This ${NAMES[patch.kind]} was deleted by someone else.`);
    if (current.version !== baseVersion) return this.#stale(current);
    const { kind: _kind, ...fields } = patch;
    if ('frameId' in fields && fields.frameId && this.#find(fields.frameId)?.kind !== 'frame')
      return refuse('not_found', 'That frame was deleted by someone else.', current);
    const item = { ...current, ...fields, version: current.version + 1, updatedBy: by, updatedAt: Date.now() } as CanvasItem;
    this.#write(item);
    return { ok: true, item, broadcasts: [{ type: 'canvas_changed', item, by }] };
  }

  /** Deleting a note takes its connectors with it; deleting a frame leaves its notes, unframed. */
  #delete(kind: CanvasItemKind, id: string, baseVersion: number, by: MessageAuthor): CanvasOutcome {
    const current = this.#find(id);
    if (!current || current.kind !== kind) return refuse('not_found', `This ${NAMES[kind]} was already deleted.`);
    if (current.version !== baseVersion) return this.#stale(current);
    const broadcasts: CanvasBroadcast[] = [];
    const items = this.read();
    if (kind === 'note') {
      for (const connector of items.filter((item): item is CanvasConnector => item.kind === 'connector' && (item.from === id || item.to === id))) {
        this.#remove(connector.id);
        broadcasts.push({ type: 'canvas_changed', removed: { kind: 'connector', id: connector.id }, by });
      }
    }
    if (kind === 'frame') {
      for (const note of items.filter((item): item is CanvasNote => item.kind === 'note' && item.frameId === id)) {
        const unframed: CanvasNote = { ...note, frameId: null, version: note.version + 1, updatedBy: by, updatedAt: Date.now() };
        this.#write(unframed);
        broadcasts.push({ type: 'canvas_changed', item: unframed, by });
      }
    }
    this.#remove(id);
    broadcasts.push({ type: 'canvas_changed', removed: { kind, id }, by });
    return { ok: true, item: null, broadcasts };
  }

  #pin(pin: Extract<CanvasChange, { type: 'canvas_pin' }>, by: MessageAuthor): CanvasOutcome {
    if (this.#count('note') >= CANVAS_LIMITS.notes) return refuse('full', `The canvas holds at most ${CANVAS_LIMITS.notes} notes: delete one first.`);
    const corner = this.#proposalCorner();
    const now = Date.now();
    const item: CanvasNote = {
      kind: 'note',
      id: crypto.randomUUID(),
      text: pin.text,
      colour: 'green',
      x: corner.x,
      y: corner.y,
      width: PROPOSAL_NOTE.width,
      height: PROPOSAL_NOTE.height,
      frameId: null,
      pinnedFrom: pin.pinnedFrom,
      version: 1,
      author: by,
      updatedBy: by,
      updatedAt: now,
    };
    this.#write(item);
    return { ok: true, item, broadcasts: [{ type: 'canvas_changed', item, by }] };
  }

  #keep(id: string, baseVersion: number, by: MessageAuthor): CanvasOutcome {
    const current = this.#find(id);
    if (!current || current.kind !== 'note') return refuse('not_found', 'This note was deleted by someone else.');
    if (current.version !== baseVersion) return this.#stale(current);
    if (!current.proposed) return refuse('invalid', 'This note is not a proposal.', current);
    const { proposed: _proposed, ...kept } = current;
    const item: CanvasNote = { ...kept, version: current.version + 1, updatedBy: by, updatedAt: Date.now() };
    this.#write(item);
    return { ok: true, item, broadcasts: [{ type: 'canvas_changed', item, by }] };
  }

  #connectorRefusal(from: string, to: string): CanvasOutcome | null {
    if (from === to) return refuse('invalid', 'A connector joins two different notes.');
    if (this.#find(from)?.kind !== 'note' || this.#find(to)?.kind !== 'note') return refuse('not_found', 'One of those notes was deleted by someone else.');
    const joined = this.read().some((item) => item.kind === 'connector' && ((item.from === from && item.to === to) || (item.from === to && item.to === from)));
    return joined ? refuse('invalid', 'These notes are connected already.') : null;
  }

  #stale(current: CanvasItem): CanvasOutcome {
    const who = current.updatedBy.kind === 'member' ? current.updatedBy.name || 'Someone' : 'The co-founder';
    return refuse('stale', `${who} changed this ${NAMES[current.kind]} first: your change was not applied.`, current);
  }

  /** Top-left of the free column right of every item (or the origin on an empty board). */
  #proposalCorner(): { x: number; y: number } {
    const placed = this.read().filter((item): item is CanvasNote | CanvasFrame => item.kind !== 'connector');
    if (placed.length === 0) return { x: 0, y: 0 };
    const right = Math.max(...placed.map((item) => item.x + item.width));
    const top = Math.min(...placed.map((item) => item.y));
    const widest = PROPOSAL_NOTE.columns * (PROPOSAL_NOTE.width + PROPOSAL_NOTE.gap) + 80;
    return { x: Math.min(right + 80, CANVAS_LIMITS.extent - widest), y: Math.max(top, -CANVAS_LIMITS.extent) };
  }

  #find(id: string): CanvasItem | undefined {
    const row = this.#sql<{ data: string }>`SELECT data FROM canvas_items WHERE id = ${id}`[0];
    return row ? (JSON.parse(row.data) as CanvasItem) : undefined;
  }

  #count(kind: CanvasItemKind): number {
    return this.#sql<{ n: number }>`SELECT COUNT(*) AS n FROM canvas_items WHERE kind = ${kind}`[0]?.n ?? 0;
  }

  #write(item: CanvasItem) {
    this.#sql`INSERT INTO canvas_items (id, kind, data) VALUES (${item.id}, ${item.kind}, ${JSON.stringify(item)})
              ON CONFLICT (id) DO UPDATE SET data = excluded.data`;
  }

  #remove(id: string) {
    this.#sql`DELETE FROM canvas_items WHERE id = ${id}`;
  }
}

/** Canvas frames that change the board: each passes the object's trust check first. */
export const CANVAS_WRITES: ReadonlySet<string> = new Set(['canvas_create', 'canvas_update', 'canvas_delete', 'canvas_keep', 'canvas_pin']);

export interface CanvasConnection {
  id: string;
  send(message: string): void;
}

/**
 * When each connection's pointer was last relayed. The app sends one every
 * `cursorIntervalMs`; a connection sending faster (a script) is relayed at twice that rate at
 * most, so it cannot flood the others' sockets. Pointers are never stored, so a forgotten entry
 * costs one relayed pointer.
 */
const lastCursorAt = new Map<string, number>();
function cursorAllowed(connectionId: string, now = Date.now()): boolean {
  if (now - (lastCursorAt.get(connectionId) ?? 0) < CANVAS_LIMITS.cursorIntervalMs / 2) return false;
  if (lastCursorAt.size > 1000) lastCursorAt.clear();
  lastCursorAt.set(connectionId, now);
  return true;
}

/**
 * One canvas frame from a member's connection: a read answers the sender alone, a change answers
 * the sender by request id and reaches every other connection as `canvas_changed`, a cursor is
 * relayed to the others. Anything that does not match the contract gets a clear refusal.
 */
export function handleCanvasFrame(
  store: CanvasStore,
  connection: CanvasConnection,
  member: { userId: string; name: string },
  frame: unknown,
  broadcast: (message: string, without: string[]) => void,
) {
  const reply = (message: CanvasServerFrame) => connection.send(JSON.stringify(message));
  const parsed = CanvasFrameSchema.safeParse(frame);
  if (!parsed.success) {
    const requestId = typeof frame === 'object' && frame && 'requestId' in frame && typeof frame.requestId === 'string' ? frame.requestId.slice(0, 100) : null;
    if (requestId !== null)
      reply({ type: 'request_result', requestId, ok: false, reason: 'invalid', error: parsed.error.issues[0]?.message ?? 'Invalid change.', current: null });
    return;
  }
  const request = parsed.data;
  if (request.type === 'canvas_cursor') {
    if (!cursorAllowed(connection.id)) return;
    broadcast(
      JSON.stringify({
        type: 'canvas_cursor',
        connectionId: connection.id,
        userId: member.userId,
        name: member.name,
        x: request.x,
        y: request.y,
      } satisfies CanvasServerFrame),
      [connection.id],
    );
    return;
  }
  if (request.type === 'canvas_read') return reply({ type: 'canvas_board', requestId: request.requestId, items: store.read() });
  const outcome = store.apply(request, { kind: 'member', userId: member.userId, name: member.name });
  if (!outcome.ok) return reply({ type: 'request_result', requestId: request.requestId, ...outcome });
  reply({ type: 'request_result', requestId: request.requestId, ok: true, value: outcome.item });
  for (const change of outcome.broadcasts) broadcast(JSON.stringify(change), [connection.id]);
}

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CANVAS_LIMITS,
  CANVAS_SERVER_FRAME_TYPES,
  type CanvasCreate,
  type CanvasItem,
  type CanvasItemKind,
  type CanvasRefusalReason,
  type CanvasServerFrame,
  type FramePatch,
  type NotePatch,
} from '#contracts/canvas';
import { useRequests, type RequestResult } from '../use-requests';

/**
 * The canvas's live board in the browser (docs/decisions/0045-canvas.md). The board is read once
 * when the view opens and after each reconnect; from then on each change arrives as one frame.
 * One change per item is in flight at a time: further edits of that item wait and merge, so each
 * names the version its sender saw. A stale or refused change restores what the server holds and
 * says so. Undo and redo send the inverse of one's own changes as new changes.
 */

export interface CanvasSocket {
  send(data: string): void;
  addEventListener(type: 'message' | 'open', listener: (event: MessageEvent | Event) => void): void;
  removeEventListener(type: 'message' | 'open', listener: (event: MessageEvent | Event) => void): void;
  readyState: number;
}

export type Patch = ({ kind: 'note' } & NotePatch) | ({ kind: 'frame' } & FramePatch);
/** A create may bring back connectors too: undoing a note's deletion restores the lines it had. */
type Operation =
  | { op: 'create'; item: CanvasCreate; connectors?: CanvasCreate[] }
  | { op: 'update'; id: string; patch: Patch }
  | { op: 'delete'; kind: CanvasItemKind; id: string }
  | { op: 'keep'; id: string };
interface HistoryStep {
  undo: Operation;
  redo: Operation;
}

export interface Cursor {
  name: string;
  userId: string;
  x: number;
  y: number;
  at: number;
}

/** What a canvas change got back: the item as saved (null once deleted), or why not. */
type CanvasResult = RequestResult<CanvasItem | null, CanvasRefusalReason>;
const NO_ANSWER = 'The canvas did not answer. Check your connection and try again.';
const CANVAS_FRAME = new RegExp(`"type":"(?:${CANVAS_SERVER_FRAME_TYPES.join('|')})"`);

function parse(data: unknown): CanvasServerFrame | null {
  if (typeof data !== 'string' || !CANVAS_FRAME.test(data)) return null;
  try {
    return JSON.parse(data) as CanvasServerFrame;
  } catch {
    return null;
  }
}

const createOf = (item: CanvasItem): CanvasCreate => {
  if (item.kind === 'note')
    return {
      kind: 'note',
      id: item.id,
      text: item.text,
      colour: item.colour,
      x: item.x,
      y: item.y,
      width: item.width,
      height: item.height,
      frameId: item.frameId,
      ...(item.pinnedFrom ? { pinnedFrom: item.pinnedFrom } : {}),
    };
  if (item.kind === 'frame') return { kind: 'frame', id: item.id, title: item.title, x: item.x, y: item.y, width: item.width, height: item.height };
  return { kind: 'connector', id: item.id, from: item.from, to: item.to };
};

/** The fields of `item` that `patch` would change, as they are now: the patch that undoes it. */
function inverseOf(item: CanvasItem, patch: Patch): Patch {
  const before: Record<string, unknown> = { kind: patch.kind };
  for (const key of Object.keys(patch)) if (key !== 'kind') before[key] = (item as unknown as Record<string, unknown>)[key];
  return before as Patch;
}

export function useCanvas(socket: CanvasSocket) {
  /** What the server holds, as far as this browser knows. */
  const [confirmed, setConfirmed] = useState<Map<string, CanvasItem>>(new Map());
  /** Own edits on their way, shown at once over the confirmed items. */
  const [optimistic, setOptimistic] = useState<Map<string, Patch>>(new Map());
  const [loaded, setLoaded] = useState(false);
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);
  const [cursors, setCursors] = useState<Map<string, Cursor>>(new Map());
  const [history, setHistory] = useState<{ undo: HistoryStep[]; redo: HistoryStep[] }>({ undo: [], redo: [] });

  const confirmedRef = useRef(confirmed);
  confirmedRef.current = confirmed;
  /** The patch of each item on its way to the server, and the next one waiting for it. */
  const inFlight = useRef(new Map<string, Patch>());
  const queued = useRef(new Map<string, Patch>());
  const lastCursor = useRef(0);

  const say = useCallback((text: string) => setNotice({ text, at: Date.now() }), []);

  const putConfirmed = useCallback((item: CanvasItem) => setConfirmed((current) => new Map(current).set(item.id, item)), []);
  const dropConfirmed = useCallback(
    (id: string) =>
      setConfirmed((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      }),
    [],
  );

  // The connection is the workspace's: its hook (use-workspace.ts) ignores this one's answers, and this one the workspace's.
  const { request: send, settle } = useRequests((text) => socket.send(text), { noAnswer: NO_ANSWER });
  const request = useCallback((frame: { type: string; [key: string]: unknown }) => send<CanvasItem | null, CanvasRefusalReason>(frame), [send]);

  const read = useCallback(() => socket.send(JSON.stringify({ type: 'canvas_read', requestId: `read-${crypto.randomUUID()}` })), [socket]);

  useEffect(() => {
    const onMessage = (event: MessageEvent | Event) => {
      const frame = parse((event as MessageEvent).data);
      if (!frame) return;
      if (frame.type === 'canvas_board') {
        setConfirmed(new Map(frame.items.map((item) => [item.id, item])));
        setLoaded(true);
      } else if (frame.type === 'request_result') {
        settle(frame);
      } else if (frame.type === 'canvas_changed') {
        if ('item' in frame) putConfirmed(frame.item);
        else dropConfirmed(frame.removed.id);
      } else if (frame.type === 'canvas_cursor') {
        setCursors((current) => new Map(current).set(frame.connectionId, { name: frame.name, userId: frame.userId, x: frame.x, y: frame.y, at: Date.now() }));
      }
    };
    socket.addEventListener('message', onMessage);
    // After a reconnect the board is read again: changes made meanwhile were not heard.
    socket.addEventListener('open', read);
    if (socket.readyState === 1) read();
    return () => {
      socket.removeEventListener('message', onMessage);
      socket.removeEventListener('open', read);
    };
  }, [socket, read, putConfirmed, dropConfirmed, settle]);

  /** Applies a refusal: the item as the server holds it (or its absence) wins, and the member is told. */
  const refused = useCallback(
    (result: Extract<CanvasResult, { ok: false }>, id: string) => {
      if (result.current) putConfirmed(result.current);
      else if (result.reason === 'not_found') dropConfirmed(id);
      say(result.error);
    },
    [putConfirmed, dropConfirmed, say],
  );

  const clearOptimistic = useCallback(
    (id: string) =>
      setOptimistic((current) => {
        if (!current.has(id)) return current;
        const next = new Map(current);
        next.delete(id);
        return next;
      }),
    [],
  );

  /** Sends the queued patch of one item once the previous change of it is answered. */
  const flush = useCallback(
    async (id: string): Promise<boolean> => {
      if (inFlight.current.has(id)) return true;
      let ok = true;
      while (queued.current.has(id)) {
        const patch = queued.current.get(id)!;
        queued.current.delete(id);
        const base = confirmedRef.current.get(id);
        if (!base) {
          clearOptimistic(id);
          return false;
        }
        inFlight.current.set(id, patch);
        const result = await request({ type: 'canvas_update', id, baseVersion: base.version, patch });
        inFlight.current.delete(id);
        if (result.ok && result.value) {
          confirmedRef.current = new Map(confirmedRef.current).set(id, result.value);
          putConfirmed(result.value);
        } else if (!result.ok) {
          ok = false;
          queued.current.delete(id);
          refused(result, id);
        }
      }
      clearOptimistic(id);
      return ok;
    },
    [request, putConfirmed, refused, clearOptimistic],
  );

  /** The step that undoes `operation`, from what the board holds now; null when there is nothing to undo. */
  const stepOf = useCallback((operation: Operation): HistoryStep | null => {
    if (operation.op === 'create') return { undo: { op: 'delete', kind: operation.item.kind, id: operation.item.id }, redo: operation };
    if (operation.op === 'keep') return null;
    const confirmedItem = confirmedRef.current.get(operation.id);
    if (!confirmedItem) return null;
    // As this member sees it: with their own changes still on their way.
    const current = { ...confirmedItem, ...inFlight.current.get(operation.id), ...queued.current.get(operation.id) } as CanvasItem;
    if (operation.op === 'update') return { undo: { op: 'update', id: operation.id, patch: inverseOf(current, operation.patch) }, redo: operation };
    const connectors = [...confirmedRef.current.values()]
      .filter((item) => item.kind === 'connector' && (item.from === operation.id || item.to === operation.id))
      .map(createOf);
    return { undo: { op: 'create', item: createOf(current), ...(connectors.length ? { connectors } : {}) }, redo: operation };
  }, []);

  /** Sends one operation; resolves with whether the server applied it. */
  const run = useCallback(
    async (operation: Operation): Promise<boolean> => {
      if (operation.op === 'update') {
        if (!confirmedRef.current.has(operation.id)) return false;
        queued.current.set(operation.id, { ...queued.current.get(operation.id), ...operation.patch } as Patch);
        setOptimistic((current) => new Map(current).set(operation.id, { ...current.get(operation.id), ...operation.patch } as Patch));
        return flush(operation.id);
      }
      if (operation.op === 'create') {
        const result = await request({ type: 'canvas_create', item: operation.item });
        if (!result.ok) {
          say(result.error);
          return false;
        }
        if (result.value) {
          confirmedRef.current = new Map(confirmedRef.current).set(result.value.id, result.value);
          putConfirmed(result.value);
        }
        // A connector whose other note is gone meanwhile is refused by the server: the note is back regardless.
        for (const connector of operation.connectors ?? []) {
          const restored = await request({ type: 'canvas_create', item: connector });
          if (restored.ok && restored.value) {
            confirmedRef.current = new Map(confirmedRef.current).set(restored.value.id, restored.value);
            putConfirmed(restored.value);
          }
        }
        return true;
      }
      const current = confirmedRef.current.get(operation.id);
      if (!current) return false;
      const result = await request(
        operation.op === 'delete'
          ? { type: 'canvas_delete', kind: operation.kind, id: operation.id, baseVersion: current.version }
          : { type: 'canvas_keep', id: operation.id, baseVersion: current.version },
      );
      if (!result.ok) {
        refused(result, operation.id);
        return false;
      }
      if (result.value) putConfirmed(result.value);
      if (operation.op === 'delete') {
        dropConfirmed(operation.id);
        // Connectors of a deleted note go with it on the server; here too.
        for (const item of confirmedRef.current.values())
          if (item.kind === 'connector' && (item.from === operation.id || item.to === operation.id)) dropConfirmed(item.id);
      }
      return true;
    },
    [flush, request, putConfirmed, dropConfirmed, refused, say],
  );

  /**
   * A member's own change: remembered for undo as it is made (an undo right after it needs no
   * wait), and forgotten again if the server refuses it.
   */
  const change = useCallback(
    async (operation: Operation) => {
      const step = stepOf(operation);
      if (step) setHistory((current) => ({ undo: [...current.undo, step].slice(-100), redo: [] }));
      const done = await run(operation);
      if (!done && step) setHistory((current) => ({ undo: current.undo.filter((candidate) => candidate !== step), redo: current.redo }));
      return done;
    },
    [run, stepOf],
  );

  const replay = useCallback(
    async (from: 'undo' | 'redo') => {
      const step = history[from].at(-1);
      if (!step) return;
      const to = from === 'undo' ? 'redo' : 'undo';
      // Recomputed from the board as it is now: the inverse of the inverse, for the way back.
      const operation = from === 'undo' ? step.undo : step.redo;
      const back = stepOf(operation);
      setHistory(
        (current) =>
          ({
            ...current,
            [from]: current[from].slice(0, -1),
            [to]: back ? [...current[to], to === 'redo' ? { undo: back.redo, redo: back.undo } : back] : current[to],
          }) as typeof current,
      );
      await run(operation);
    },
    [history, run, stepOf],
  );
  const undo = useCallback(() => replay('undo'), [replay]);
  const redo = useCallback(() => replay('redo'), [replay]);

  const moveCursor = useCallback(
    (x: number, y: number) => {
      const now = Date.now();
      if (now - lastCursor.current < CANVAS_LIMITS.cursorIntervalMs || socket.readyState !== 1) return;
      lastCursor.current = now;
      socket.send(JSON.stringify({ type: 'canvas_cursor', x: Math.round(x), y: Math.round(y) }));
    },
    [socket],
  );

  const items = new Map(confirmed);
  for (const [id, patch] of optimistic) {
    const item = items.get(id);
    if (item) items.set(id, { ...item, ...patch } as CanvasItem);
  }

  return {
    items,
    loaded,
    notice,
    cursors,
    change,
    undo,
    redo,
    canUndo: history.undo.length > 0,
    canRedo: history.redo.length > 0,
    moveCursor,
  };
}

export type CanvasBoard = ReturnType<typeof useCanvas>;

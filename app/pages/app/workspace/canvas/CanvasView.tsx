import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { CANVAS_LIMITS, NOTE_COLOURS, type CanvasFrame, type CanvasItem, type CanvasNote, type NoteColour } from '#contracts/canvas';
import { useCanvas, type CanvasBoard, type CanvasSocket } from './use-canvas';
import './Canvas.css';

/**
 * The project's canvas beside the conversation (docs/decisions/0045-canvas.md): notes, frames and
 * connectors on a plane members pan and zoom, live for every member with their cursors. Every note
 * is a focusable element (Tab reaches it, arrows move it, Enter edits it, Delete removes it); the
 * list view shows the same notes, and is the only view on a phone. Loaded as its own chunk.
 */

/** Opens the conversation at a message: where the co-founder's note came from. */
const ShowMessage = createContext<(messageId: string) => void>(() => {});

const NOTE_SIZE = { width: 200, height: 130 };
const ARROW_STEP = 10;
const ZOOMS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2] as const;

interface Member {
  userId: string;
  name: string;
}

export default function CanvasView({
  socket,
  me,
  present,
  onShowMessage,
}: {
  socket: CanvasSocket;
  me: Member;
  present: Member[];
  onShowMessage: (messageId: string) => void;
}) {
  const board = useCanvas(socket);
  const phone = usePhone();
  const [mode, setMode] = useState<'board' | 'list'>('board');
  const view = phone ? 'list' : mode;
  const notes = [...board.items.values()].filter((item): item is CanvasNote => item.kind === 'note');
  const frames = [...board.items.values()].filter((item): item is CanvasFrame => item.kind === 'frame');

  return (
    <ShowMessage.Provider value={onShowMessage}>
      <section className="canvas" aria-label="Canvas">
        <p className="canvas__notice" role="status" aria-live="polite">
          {board.notice?.text ?? ''}
        </p>
        {!phone && (
          <div className="canvas__views" role="group" aria-label="Canvas view">
            <button type="button" className="button button--secondary" aria-pressed={view === 'board'} onClick={() => setMode('board')}>
              Board
            </button>
            <button type="button" className="button button--secondary" aria-pressed={view === 'list'} onClick={() => setMode('list')}>
              List
            </button>
            <span className="canvas__count">
              {notes.length} / {CANVAS_LIMITS.notes} notes
            </span>
          </div>
        )}
        {!board.loaded ? (
          <p className="canvas__loading">Loading the canvas…</p>
        ) : view === 'board' ? (
          <Board board={board} notes={notes} frames={frames} me={me} present={present} />
        ) : (
          <NoteList board={board} notes={notes} frames={frames} />
        )}
      </section>
    </ShowMessage.Provider>
  );
}

function usePhone() {
  const query = '(max-width: 639px)';
  const [phone, setPhone] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setPhone(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return phone;
}

const frameTitleOf = (note: CanvasNote, frames: CanvasFrame[]) => frames.find((frame) => frame.id === note.frameId)?.title;
const authorName = (item: CanvasItem) => (item.author.kind === 'cofounder' ? 'the co-founder' : item.author.name);

/** The frame whose area holds the note's centre, if any. */
function frameAt(note: { x: number; y: number; width: number; height: number }, frames: CanvasFrame[]) {
  const cx = note.x + note.width / 2;
  const cy = note.y + note.height / 2;
  return frames.find((frame) => cx >= frame.x && cx <= frame.x + frame.width && cy >= frame.y && cy <= frame.y + frame.height)?.id ?? null;
}

function newNote(x: number, y: number, frames: CanvasFrame[]) {
  const place = { x: Math.round(x), y: Math.round(y), ...NOTE_SIZE };
  return { kind: 'note' as const, id: crypto.randomUUID(), text: 'New note', colour: 'yellow' as NoteColour, ...place, frameId: frameAt(place, frames) };
}

// ---------------------------------------------------------------------------------------------
// The board

interface Drag {
  id: string;
  kind: 'move' | 'resize' | 'pan';
  startX: number;
  startY: number;
  origin: { x: number; y: number; width: number; height: number };
}

function Board({ board, notes, frames, me, present }: { board: CanvasBoard; notes: CanvasNote[]; frames: CanvasFrame[]; me: Member; present: Member[] }) {
  const [pan, setPan] = useState({ x: 40, y: 40 });
  const [zoom, setZoom] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const [connecting, setConnecting] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [dragged, setDragged] = useState<{ id: string; x: number; y: number; width: number; height: number } | null>(null);
  const drag = useRef<Drag | null>(null);
  const viewport = useRef<HTMLDivElement>(null);

  const toCanvas = (clientX: number, clientY: number) => {
    const rect = viewport.current!.getBoundingClientRect();
    return { x: (clientX - rect.left - pan.x) / zoom, y: (clientY - rect.top - pan.y) / zoom };
  };
  const centre = () => {
    const rect = viewport.current!.getBoundingClientRect();
    return toCanvas(rect.left + rect.width / 2 - (NOTE_SIZE.width * zoom) / 2, rect.top + rect.height / 2 - (NOTE_SIZE.height * zoom) / 2);
  };

  /** Pans and zooms (never above 100%) so every note and frame is in view. */
  const fitToBoard = () => {
    const boxes = [...notes, ...frames];
    const rect = viewport.current?.getBoundingClientRect();
    if (!rect || boxes.length === 0) return;
    const left = Math.min(...boxes.map((box) => box.x));
    const top = Math.min(...boxes.map((box) => box.y));
    const width = Math.max(...boxes.map((box) => box.x + box.width)) - left;
    const height = Math.max(...boxes.map((box) => box.y + box.height)) - top;
    const margin = 32;
    const scale = Math.max(ZOOMS[0], Math.min(1, (rect.width - 2 * margin) / width, (rect.height - 2 * margin) / height));
    setZoom(scale);
    setPan({ x: (rect.width - width * scale) / 2 - left * scale, y: (rect.height - height * scale) / 2 - top * scale });
  };
  // The board opens with everything on it in view.
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current) return;
    fitted.current = true;
    fitToBoard();
  });

  const addNote = async () => {
    // The middle of the view, or the nearest place around it that no note covers.
    const at = centre();
    const covers = (x: number, y: number) =>
      notes.some((other) => x < other.x + other.width && x + NOTE_SIZE.width > other.x && y < other.y + other.height && y + NOTE_SIZE.height > other.y);
    const step = 80;
    const around = Array.from({ length: 49 }, (_, i) => ({ x: at.x + ((i % 7) - 3) * step, y: at.y + (Math.floor(i / 7) - 3) * step })).sort(
      (a, b) => Math.hypot(a.x - at.x, a.y - at.y) - Math.hypot(b.x - at.x, b.y - at.y),
    );
    const spot = around.find((candidate) => !covers(candidate.x, candidate.y)) ?? at;
    const note = newNote(spot.x, spot.y, frames);
    if (await board.change({ op: 'create', item: note })) {
      setSelected(note.id);
      setEditing(note.id);
    }
  };
  const addFrame = () => {
    const at = centre();
    void board.change({
      op: 'create',
      item: { kind: 'frame', id: crypto.randomUUID(), title: 'New frame', x: Math.round(at.x - 100), y: Math.round(at.y - 80), width: 480, height: 320 },
    });
  };
  const connectTo = (target: string) => {
    if (connecting && connecting !== target)
      void board.change({ op: 'create', item: { kind: 'connector', id: crypto.randomUUID(), from: connecting, to: target } });
    setConnecting(null);
  };
  const remove = (item: CanvasItem) => void board.change({ op: 'delete', kind: item.kind, id: item.id });

  const startDrag = (event: ReactPointerEvent, id: string, kind: Drag['kind'], origin: Drag['origin']) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    drag.current = { id, kind, startX: event.clientX, startY: event.clientY, origin };
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const at = toCanvas(event.clientX, event.clientY);
    board.moveCursor(at.x, at.y);
    const current = drag.current;
    if (!current) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (current.kind === 'pan') return setPan({ x: current.origin.x + dx, y: current.origin.y + dy });
    const { origin } = current;
    setDragged(
      current.kind === 'move'
        ? { id: current.id, x: Math.round(origin.x + dx / zoom), y: Math.round(origin.y + dy / zoom), width: origin.width, height: origin.height }
        : { id: current.id, x: origin.x, y: origin.y, width: clampSize(origin.width + dx / zoom), height: clampSize(origin.height + dy / zoom) },
    );
  };
  const onPointerUp = () => {
    const current = drag.current;
    drag.current = null;
    if (!current || current.kind === 'pan' || !dragged) return;
    const item = notes.find((note) => note.id === dragged.id) ?? frames.find((frame) => frame.id === dragged.id);
    setDragged(null);
    if (!item) return;
    if (item.kind === 'note') {
      const frameId = frameAt(dragged, frames);
      const patch =
        current.kind === 'move'
          ? { x: dragged.x, y: dragged.y, ...(frameId !== item.frameId ? { frameId } : {}) }
          : { width: dragged.width, height: dragged.height };
      void board.change({ op: 'update', id: item.id, patch: { kind: 'note', ...patch } });
    } else {
      const patch = current.kind === 'move' ? { x: dragged.x, y: dragged.y } : { width: Math.max(dragged.width, 120), height: Math.max(dragged.height, 120) };
      void board.change({ op: 'update', id: item.id, patch: { kind: 'frame', ...patch } });
    }
  };

  const placed = <T extends CanvasNote | CanvasFrame>(item: T): T => (dragged?.id === item.id ? { ...item, ...dragged } : item);
  const shownNotes = notes.map(placed);
  const byId = new Map(shownNotes.map((note) => [note.id, note]));
  const presentIds = new Set(present.map((member) => member.userId));
  const cursors = [...board.cursors.entries()].filter(
    ([, cursor]) => presentIds.has(cursor.userId) && cursor.userId !== me.userId && Date.now() - cursor.at < 30_000,
  );
  // The co-founder's notes land right of the board, often out of view: this brings them in.
  const proposals = notes.filter((note) => note.proposed).length;
  const selectedItem = selected ? (board.items.get(selected) ?? null) : null;

  return (
    <div
      className="canvas__board"
      onKeyDown={(event) => {
        const mod = event.ctrlKey || event.metaKey;
        if (mod && event.key.toLowerCase() === 'z') {
          event.preventDefault();
          void (event.shiftKey ? board.redo() : board.undo());
        } else if (mod && event.key.toLowerCase() === 'y') {
          event.preventDefault();
          void board.redo();
        }
      }}
    >
      <div className="canvas__toolbar" role="toolbar" aria-label="Canvas tools">
        <button type="button" className="button button--secondary" onClick={() => void addNote()}>
          Add note
        </button>
        <button type="button" className="button button--secondary" onClick={addFrame}>
          Add frame
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={selectedItem?.kind !== 'note'}
          aria-pressed={connecting !== null}
          onClick={() => setConnecting(connecting ? null : selected)}
        >
          {connecting ? 'Pick a note to connect' : 'Connect'}
        </button>
        <button type="button" className="button button--secondary" disabled={!selectedItem} onClick={() => selectedItem && remove(selectedItem)}>
          Delete
        </button>
        <button type="button" className="button button--secondary" disabled={!board.canUndo} onClick={() => void board.undo()}>
          Undo
        </button>
        <button type="button" className="button button--secondary" disabled={!board.canRedo} onClick={() => void board.redo()}>
          Redo
        </button>
        {proposals > 0 && (
          <button type="button" className="button canvas__proposals" onClick={fitToBoard}>
            {proposals === 1 ? 'Show 1 proposal' : `Show ${proposals} proposals`}
          </button>
        )}
      </div>
      <div
        ref={viewport}
        className="canvas__viewport"
        data-testid="canvas-viewport"
        onPointerDown={(event) => {
          setSelected(null);
          startDrag(event, '', 'pan', { ...pan, width: 0, height: 0 });
        }}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onWheel={(event) => {
          if (event.ctrlKey || event.metaKey) setZoom(stepZoom(zoom, event.deltaY < 0 ? 1 : -1));
          else setPan({ x: pan.x - event.deltaX, y: pan.y - event.deltaY });
        }}
      >
        <div className="canvas__zoom" onPointerDown={(event) => event.stopPropagation()}>
          <button type="button" className="button button--secondary" aria-label="Zoom out" onClick={() => setZoom(stepZoom(zoom, -1))}>
            −
          </button>
          <output aria-label="Zoom">{Math.round(zoom * 100)}%</output>
          <button type="button" className="button button--secondary" aria-label="Zoom in" onClick={() => setZoom(stepZoom(zoom, 1))}>
            +
          </button>
          <button type="button" className="button button--secondary" onClick={fitToBoard}>
            Fit
          </button>
        </div>
        <div className="canvas__plane" style={{ transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` }}>
          {frames.map(placed).map((frame) => (
            <FrameBox
              key={frame.id}
              frame={frame}
              board={board}
              selected={selected === frame.id}
              onSelect={() => setSelected(frame.id)}
              onDragStart={startDrag}
            />
          ))}
          <svg className="canvas__connectors" aria-hidden="true">
            {[...board.items.values()].map((item) => {
              if (item.kind !== 'connector') return null;
              const from = byId.get(item.from);
              const to = byId.get(item.to);
              if (!from || !to) return null;
              return (
                <line
                  key={item.id}
                  x1={from.x + from.width / 2}
                  y1={from.y + from.height / 2}
                  x2={to.x + to.width / 2}
                  y2={to.y + to.height / 2}
                  className={selected === item.id ? 'canvas__connector canvas__connector--selected' : 'canvas__connector'}
                />
              );
            })}
          </svg>
          {shownNotes.map((note) => (
            <NoteCard
              key={note.id}
              note={note}
              frameTitle={frameTitleOf(note, frames)}
              board={board}
              selected={selected === note.id}
              editing={editing === note.id}
              connecting={connecting !== null}
              onSelect={() => (connecting ? connectTo(note.id) : setSelected(note.id))}
              onEdit={(on) => setEditing(on ? note.id : null)}
              onDragStart={startDrag}
              onDelete={() => remove(note)}
            />
          ))}
          {cursors.map(([connectionId, cursor]) => (
            <div key={connectionId} className="canvas__cursor" style={{ transform: `translate(${cursor.x}px, ${cursor.y}px)` }} aria-hidden="true">
              <span className="canvas__cursor-name">{cursor.name}</span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

const clampSize = (size: number) => Math.round(Math.min(CANVAS_LIMITS.maxNoteSize, Math.max(CANVAS_LIMITS.minSize, size)));
const stepZoom = (zoom: number, direction: 1 | -1) => {
  const index = ZOOMS.findIndex((value) => value >= zoom - 0.001);
  return ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, (index === -1 ? ZOOMS.length - 1 : index) + direction))]!;
};

function FrameBox({
  frame,
  board,
  selected,
  onSelect,
  onDragStart,
}: {
  frame: CanvasFrame;
  board: CanvasBoard;
  selected: boolean;
  onSelect: () => void;
  onDragStart: (event: ReactPointerEvent, id: string, kind: Drag['kind'], origin: Drag['origin']) => void;
}) {
  const [title, setTitle] = useState<string | null>(null);
  return (
    <div
      className={`canvas-frame${selected ? ' canvas-frame--selected' : ''}`}
      style={{ left: frame.x, top: frame.y, width: frame.width, height: frame.height }}
    >
      <div
        className="canvas-frame__bar"
        onPointerDown={(event) => {
          onSelect();
          onDragStart(event, frame.id, 'move', frame);
        }}
      >
        {title === null ? (
          <button
            type="button"
            className="canvas-frame__title"
            onClick={onSelect}
            onDoubleClick={() => setTitle(frame.title)}
            onKeyDown={(event) => event.key === 'Enter' && (event.preventDefault(), setTitle(frame.title))}
          >
            {frame.title}
          </button>
        ) : (
          <input
            className="canvas-frame__input"
            aria-label="Frame title"
            autoFocus
            value={title}
            maxLength={CANVAS_LIMITS.frameTitle}
            onChange={(event) => setTitle(event.target.value)}
            onPointerDown={(event) => event.stopPropagation()}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setTitle(null);
              if (event.key === 'Enter') event.currentTarget.blur();
            }}
            onBlur={() => {
              if (title.trim() && title.trim() !== frame.title)
                void board.change({ op: 'update', id: frame.id, patch: { kind: 'frame', title: title.trim() } });
              setTitle(null);
            }}
          />
        )}
      </div>
      <div className="canvas__resize" aria-hidden="true" onPointerDown={(event) => onDragStart(event, frame.id, 'resize', frame)} />
    </div>
  );
}

interface NoteCardProps {
  note: CanvasNote;
  frameTitle: string | undefined;
  board: CanvasBoard;
  selected: boolean;
  editing: boolean;
  connecting: boolean;
  onSelect: () => void;
  onEdit: (on: boolean) => void;
  onDragStart: (event: ReactPointerEvent, id: string, kind: Drag['kind'], origin: Drag['origin']) => void;
  onDelete: () => void;
}

function NoteCard({ note, frameTitle, board, selected, editing, connecting, onSelect, onEdit, onDragStart, onDelete }: NoteCardProps) {
  const label = `Note by ${authorName(note)}${note.proposed ? ', proposed' : ''}${frameTitle ? `, in frame ${frameTitle}` : ''}: ${note.text}`;
  const move = (dx: number, dy: number) => void board.change({ op: 'update', id: note.id, patch: { kind: 'note', x: note.x + dx, y: note.y + dy } });
  // Back on the note when its editor closes, before the next key, so the keyboard goes on from there.
  const card = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(editing);
  useLayoutEffect(() => {
    if (wasEditing.current && !editing) card.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return (
    <div
      ref={card}
      className={`canvas-note canvas-note--${note.colour}${note.proposed ? ' canvas-note--proposed' : ''}${selected ? ' canvas-note--selected' : ''}${connecting ? ' canvas-note--target' : ''}`}
      style={{ left: note.x, top: note.y, width: note.width, height: note.height }}
      role="group"
      aria-roledescription="note"
      aria-label={label}
      tabIndex={0}
      data-note-id={note.id}
      onFocus={onSelect}
      onPointerDown={(event) => {
        if (editing) return event.stopPropagation();
        onSelect();
        onDragStart(event, note.id, 'move', note);
      }}
      onDoubleClick={() => onEdit(true)}
      onKeyDown={(event) => {
        if (editing || event.target !== event.currentTarget) return;
        const step = event.shiftKey ? ARROW_STEP * 5 : ARROW_STEP;
        const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
        if (moves[event.key]) {
          event.preventDefault();
          move(...moves[event.key]!);
        } else if (event.key === 'Enter') {
          event.preventDefault();
          onEdit(true);
        } else if (event.key === 'Delete' || event.key === 'Backspace') {
          event.preventDefault();
          onDelete();
        }
      }}
    >
      {editing ? <NoteEditor note={note} board={board} onDone={() => onEdit(false)} /> : <p className="canvas-note__text">{note.text}</p>}
      <NoteFooter note={note} board={board} />
      <div className="canvas__resize" aria-hidden="true" onPointerDown={(event) => onDragStart(event, note.id, 'resize', note)} />
    </div>
  );
}

/** Enter saves, Shift+Enter starts a new line, Escape leaves the note as it was. */
function NoteEditor({ note, board, onDone }: { note: CanvasNote; board: CanvasBoard; onDone: () => void }) {
  const [text, setText] = useState(note.text);
  const [colour, setColour] = useState(note.colour);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const save = () => {
    const trimmed = text.trim();
    const patch = { ...(trimmed && trimmed !== note.text ? { text: trimmed } : {}), ...(colour !== note.colour ? { colour } : {}) };
    if (Object.keys(patch).length > 0) void board.change({ op: 'update', id: note.id, patch: { kind: 'note', ...patch } });
    onDone();
  };
  return (
    <div className="canvas-note__editor" onPointerDown={(event) => event.stopPropagation()}>
      <textarea
        ref={ref}
        aria-label="Note text"
        value={text}
        maxLength={CANVAS_LIMITS.noteText}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            save();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          }
        }}
      />
      <ColourPicker value={colour} onChange={setColour} />
      <button type="button" className="button" onClick={save}>
        Save
      </button>
    </div>
  );
}

function ColourPicker({ value, onChange }: { value: NoteColour; onChange: (colour: NoteColour) => void }) {
  return (
    <select aria-label="Colour" value={value} onChange={(event) => onChange(event.target.value as NoteColour)}>
      {NOTE_COLOURS.map((colour) => (
        <option key={colour} value={colour}>
          {colour}
        </option>
      ))}
    </select>
  );
}

/** Who wrote it; for the co-founder's note, where it came from and, while proposed, Keep and Dismiss. */
function NoteFooter({ note, board }: { note: CanvasNote; board: CanvasBoard }) {
  const showMessage = useContext(ShowMessage);
  return (
    <div className="canvas-note__footer" onPointerDown={(event) => event.stopPropagation()}>
      <span className="canvas-note__author">{note.proposed ? 'Proposed by the co-founder' : authorName(note)}</span>
      {note.origin?.messageId && (
        <a
          className="canvas-note__origin"
          href={`#message-${note.origin.messageId}`}
          onClick={(event) => {
            event.preventDefault();
            showMessage(note.origin!.messageId!);
          }}
        >
          From the conversation
        </a>
      )}
      {note.pinnedFrom?.messageId ? (
        <a
          className="canvas-note__origin"
          href={`#message-${note.pinnedFrom.messageId}`}
          onClick={(event) => {
            event.preventDefault();
            showMessage(note.pinnedFrom!.messageId!);
          }}
        >
          Pinned from {note.pinnedFrom.title}
        </a>
      ) : (
        note.pinnedFrom && <span className="canvas-note__origin">Pinned from {note.pinnedFrom.title}</span>
      )}
      {note.origin?.sources.map((source) => (
        <a key={source.url} className="canvas-note__source" href={source.url} target="_blank" rel="noopener noreferrer">
          {source.title}
        </a>
      ))}
      {note.proposed && (
        <span className="canvas-note__actions">
          <button type="button" className="button" onClick={() => void board.change({ op: 'keep', id: note.id })}>
            Keep
          </button>
          <button type="button" className="button button--secondary" onClick={() => void board.change({ op: 'delete', kind: 'note', id: note.id })}>
            Dismiss
          </button>
        </span>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The list view: the same notes, by frame

function NoteList({ board, notes, frames }: { board: CanvasBoard; notes: CanvasNote[]; frames: CanvasFrame[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  const groups = [...frames.map((frame) => ({ id: frame.id, title: frame.title })), { id: null, title: 'Not in a frame' }]
    .map((group) => ({ ...group, notes: notes.filter((note) => note.frameId === group.id) }))
    .filter((group) => group.notes.length > 0);
  const add = () => {
    const lowest = notes.reduce((bottom, note) => Math.max(bottom, note.y + note.height), 0);
    void board.change({ op: 'create', item: newNote(0, Math.min(lowest + 24, CANVAS_LIMITS.extent - NOTE_SIZE.height), []) });
  };
  return (
    <div className="canvas__list">
      <div className="canvas__list-tools">
        <button type="button" className="button" onClick={add}>
          Add note
        </button>
        <button type="button" className="button button--secondary" disabled={!board.canUndo} onClick={() => void board.undo()}>
          Undo
        </button>
        <button type="button" className="button button--secondary" disabled={!board.canRedo} onClick={() => void board.redo()}>
          Redo
        </button>
      </div>
      {groups.length === 0 && <p className="canvas__empty">No notes yet. Add one, or ask the co-founder to put its findings on the canvas.</p>}
      {groups.map((group) => (
        <section key={group.id ?? 'none'} className="canvas__list-group" aria-label={group.title}>
          <h3>{group.title}</h3>
          <ul>
            {group.notes.map((note) => (
              <li
                key={note.id}
                className={`canvas-list-note canvas-note--${note.colour}${note.proposed ? ' canvas-note--proposed' : ''}`}
                data-note-id={note.id}
              >
                {editing === note.id ? (
                  <NoteEditor note={note} board={board} onDone={() => setEditing(null)} />
                ) : (
                  <>
                    <p className="canvas-note__text">{note.text}</p>
                    <span className="canvas-list-note__buttons">
                      <button type="button" className="button button--secondary" onClick={() => setEditing(note.id)}>
                        Edit
                      </button>
                      {!note.proposed && (
                        <button
                          type="button"
                          className="button button--secondary"
                          onClick={() => void board.change({ op: 'delete', kind: 'note', id: note.id })}
                        >
                          Delete
                        </button>
                      )}
                    </span>
                  </>
                )}
                <NoteFooter note={note} board={board} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

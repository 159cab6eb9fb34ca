import { createElement, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { artifactDefinition, isArtifactKind, PHASES, pinnableItems, reviewFlagsOf, staleUpstreams, type ArtifactContent } from '#contracts/phases/registry';
import { MemoryContentSchema, TEXT_MEMORY_KINDS, type MemoryContent, type MemoryEntry } from '#contracts/workspace';
import { COFOUNDER_NAME } from './Avatar';
import { MessageTime } from './MessageRow';
import { artifactEditorOf, artifactLabelOf, artifactViewOf, memoryOrderOf } from './phases/registry';
import type { ArtifactEditor, PhaseEntryRequest, WorkspaceContext } from './phases/types';
import type { MemoryResult, Workspace } from './use-workspace';

/** The kinds of entries that are a title and a text; the phases' artifacts are labelled by their phase. */
export const TEXT_KIND_LABELS: Record<(typeof TEXT_MEMORY_KINDS)[number], string> = {
  target_users: 'Target users',
  problem: 'Problem',
  assumption: 'Assumption',
  decision: 'Decision',
  open_question: 'Open question',
  evidence: 'Evidence',
  note: 'Note',
};

export const kindLabel = (kind: string): string =>
  Object.hasOwn(TEXT_KIND_LABELS, kind) ? TEXT_KIND_LABELS[kind as keyof typeof TEXT_KIND_LABELS] : (artifactLabelOf(kind) ?? kind);

export const STALE_EDIT =
  'Someone changed this entry while you were editing. Their version is shown below and your text is still here: save again to replace theirs, or cancel to keep it.';
export const DELETED_WHILE_EDITING = 'Someone deleted this entry while you were editing. Save again to add your text as a new entry.';

type ChangeMemory = Workspace['changeMemory'];

/**
 * The project memory: what the co-founder knows, as typed entries anyone in the project can
 * add, edit or delete. Changes by others arrive live in the shared state; an edit made on a
 * version someone has since changed is refused by the server and shown here beside theirs.
 */
type PinToCanvas = (text: string, pinnedFrom: { entryId: string; title: string }) => Promise<string | null>;

export function MemoryPanel({
  entries,
  changeMemory,
  phasesDone = [],
  pinToCanvas,
  workspace = {},
}: {
  entries: MemoryEntry[] | undefined;
  changeMemory: ChangeMemory;
  phasesDone?: readonly number[];
  pinToCanvas?: PinToCanvas;
  workspace?: WorkspaceContext;
}) {
  const [adding, setAdding] = useState(false);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The artifacts their phases put first (phase 1's, then phase 2's), then the newest changes.
  const sorted = [...(entries ?? [])].sort((a, b) => memoryOrderOf(b.kind) - memoryOrderOf(a.kind) || b.updatedAt - a.updatedAt);
  // The contradictions across phases the memory raises, by the entry they are about: read once per memory.
  const flags = useMemo(() => reviewFlagsByEntry(entries ?? NO_ENTRIES), [entries]);

  return (
    <section className="memory-panel" aria-labelledby={headingId}>
      <div className="panel__head">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="panel__heading">
          Project memory
        </h2>
        {!adding && (
          <button type="button" className="button button--secondary panel__small-button" onClick={() => setAdding(true)}>
            Add an entry
          </button>
        )}
      </div>
      {adding && <MemoryEditor entry={null} changeMemory={changeMemory} onDone={() => setAdding(false)} />}
      {sorted.length === 0 && !adding ? (
        <p className="panel__muted">Nothing yet. As you talk, the co-founder notes the problem, the target users, assumptions and decisions here.</p>
      ) : (
        <ul className="memory-panel__list">
          {sorted.map((entry) => (
            <MemoryEntryItem
              key={entry.id}
              entry={entry}
              memory={sorted}
              reviewFlags={flags.get(entry.id) ?? NO_FLAGS}
              changeMemory={changeMemory}
              phasesDone={phasesDone}
              pinToCanvas={pinToCanvas}
              workspace={workspace}
              // After a deletion, focus goes to the panel's heading, never to the page's body.
              onDeleted={() => heading.current?.focus()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

const NO_ENTRIES: MemoryEntry[] = [];
const NO_FLAGS: string[] = [];

/** The review flags of the memory, grouped by the entry each is on (a flag said twice is said once). */
export function reviewFlagsByEntry(memory: readonly MemoryEntry[]): Map<string, string[]> {
  const byEntry = new Map<string, string[]>();
  for (const flag of reviewFlagsOf(memory)) {
    const texts = byEntry.get(flag.entryId) ?? byEntry.set(flag.entryId, []).get(flag.entryId)!;
    if (!texts.includes(flag.text)) texts.push(flag.text);
  }
  return byEntry;
}

/**
 * What deleting an entry does, said before it happens: it cannot be undone, and deleting what
 * completed a phase (its accepted artifact) reopens that phase.
 */
export function deleteConsequence(entry: MemoryEntry, phasesDone: readonly number[]): string {
  const phase = PHASES.find((candidate) => candidate.doneWhenAccepted === entry.kind);
  const reopens = phase && phasesDone.includes(phase.number) ? ` This reopens phase ${phase.number}, "${phase.title}": it will no longer be done.` : '';
  return `Delete “${entry.title}” for every member? It cannot be brought back.${reopens}`;
}

function MemoryEntryItem({
  entry,
  memory,
  reviewFlags,
  changeMemory,
  phasesDone,
  onDeleted,
  pinToCanvas,
  workspace,
}: {
  entry: MemoryEntry;
  memory: MemoryEntry[];
  /** What contradicts this entry elsewhere in the memory, to review. */
  reviewFlags: readonly string[];
  changeMemory: ChangeMemory;
  phasesDone: readonly number[];
  onDeleted: () => void;
  pinToCanvas?: PinToCanvas;
  workspace: WorkspaceContext;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  async function remove() {
    setDeleting(true);
    setError(null);
    const result = await changeMemory({ type: 'memory_delete', id: entry.id, baseVersion: entry.version });
    // Deleted, by us or by someone else just before: either way it is gone.
    if (result.ok || ('reason' in result && result.reason === 'not_found')) return onDeleted();
    setDeleting(false);
    setConfirming(false);
    setError(result.reason === 'stale' ? 'Someone changed this entry just now: read their version before deleting it.' : result.error);
  }

  /** A phase's own request about this entry, answered like a memory change. */
  async function requestAbout(type: PhaseEntryRequest): Promise<string | null> {
    const result = await changeMemory({ type, id: entry.id });
    return result.ok ? null : result.error;
  }

  function keep() {
    setConfirming(false);
    requestAnimationFrame(() => deleteButton.current?.focus());
  }

  /** Accepts the version on screen; a newer one is refused, to be read first. */
  async function accept(): Promise<string | null> {
    const result = await changeMemory({ type: 'memory_accept', id: entry.id, baseVersion: entry.version });
    if (result.ok) return null;
    return result.reason === 'stale' ? 'Someone changed this just now: read the new version before accepting it.' : result.error;
  }

  return (
    <li
      id={`memory-entry-${entry.id}`}
      tabIndex={-1}
      className={`memory-entry${artifactViewOf(entry.kind) ? ' memory-entry--idea' : ''}`}
      aria-label={`${kindLabel(entry.kind)}: ${entry.title}`}
    >
      {editing ? (
        <MemoryEditor
          entry={entry}
          changeMemory={changeMemory}
          workspace={workspace}
          onDone={() => {
            setEditing(false);
            requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      ) : (
        <>
          <MemoryEntryView entry={entry} onAccept={accept} onRequest={requestAbout} workspace={workspace} />
          {isArtifactKind(entry.kind) && <StaleFlag entry={entry} memory={memory} onAccept={accept} />}
          {reviewFlags.length > 0 && <ReviewFlags texts={reviewFlags} />}
          {isArtifactKind(entry.kind) && pinToCanvas && <PinItems entry={entry} pinToCanvas={pinToCanvas} />}
          {error && (
            <p className="memory-entry__error" role="alert">
              {error}
            </p>
          )}
          {confirming ? (
            <div className="memory-entry__confirm" role="group" aria-label={`Delete ${entry.title}?`} onKeyDown={(event) => event.key === 'Escape' && keep()}>
              <p>{deleteConsequence(entry, phasesDone)}</p>
              <div className="memory-entry__actions">
                <button
                  type="button"
                  className="button button--danger panel__small-button"
                  // The member just asked to delete: the choice to confirm it is where focus goes.
                  autoFocus
                  disabled={deleting}
                  onClick={() => void remove()}
                >
                  Delete
                </button>
                <button type="button" className="button button--secondary panel__small-button" disabled={deleting} onClick={keep}>
                  Keep it
                </button>
              </div>
            </div>
          ) : (
            <div className="memory-entry__actions">
              <button
                ref={editButton}
                type="button"
                className="button button--secondary panel__small-button"
                aria-label={`Edit ${entry.title}`}
                onClick={() => setEditing(true)}
              >
                Edit
              </button>
              <button
                ref={deleteButton}
                type="button"
                className="button button--secondary panel__small-button"
                aria-label={`Delete ${entry.title}`}
                onClick={() => setConfirming(true)}
              >
                Delete
              </button>
            </div>
          )}
        </>
      )}
    </li>
  );
}

/** An entry as read: an artifact through its phase's view, any other as its text. */
export function MemoryEntryView({
  entry,
  onAccept,
  onRequest,
  workspace,
}: {
  entry: MemoryEntry;
  onAccept?: () => Promise<string | null>;
  onRequest?: (type: PhaseEntryRequest) => Promise<string | null>;
  workspace?: WorkspaceContext;
}) {
  const by = entry.author.kind === 'cofounder' ? COFOUNDER_NAME : entry.author.name;
  const View = artifactViewOf(entry.kind);
  return (
    <div className="memory-entry__view">
      <p className="memory-entry__kind">{kindLabel(entry.kind)}</p>
      <h3 className="memory-entry__title">{entry.title}</h3>
      {/* The view registered for this kind: the same component on every render. */}
      {View ? createElement(View, { entry, onAccept, onRequest, workspace }) : <p className="memory-entry__body">{(entry as { body?: string }).body}</p>}
      <p className="memory-entry__byline">
        {by} · <MessageTime at={entry.updatedAt} />
      </p>
      {entry.history && entry.history.length > 0 && (
        <details className="memory-entry__history">
          <summary>Earlier changes</summary>
          <ul>
            {entry.history.map((change) => (
              <li key={change.version}>
                Version {change.version}: {change.author.kind === 'cofounder' ? COFOUNDER_NAME : change.author.name} · <MessageTime at={change.updatedAt} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** The editor's own fields: an artifact's other fields are its phase's editor's (phases/registry.tsx). */
type Fields = { kind: string; title: string; body: string };

function fieldsOf(entry: MemoryEntry | null): Fields {
  if (!entry) return { kind: 'note', title: '', body: '' };
  return { kind: entry.kind, title: entry.title, body: 'body' in entry ? entry.body : '' };
}

function contentOf(fields: Fields, editor: ArtifactEditor<unknown, unknown> | undefined, edited: unknown): unknown {
  if (editor) return { kind: fields.kind, title: fields.title, ...editor.contentOf(edited) };
  return { kind: fields.kind, title: fields.title, body: fields.body };
}

/** Validates an entry before it is sent: the memory contract's schema, or the validator of a kind it does not know. */
function validate(content: unknown, editor: ArtifactEditor<unknown, unknown> | undefined) {
  return editor?.validate ? editor.validate(content) : MemoryContentSchema.safeParse(content);
}

/**
 * Adds an entry (entry null) or edits one. A stale edit is not lost: the form keeps the text,
 * shows the other person's version, and the next save knowingly replaces it.
 */
export function MemoryEditor({
  entry,
  changeMemory,
  onDone,
  workspace,
}: {
  entry: MemoryEntry | null;
  changeMemory: ChangeMemory;
  onDone: () => void;
  workspace?: WorkspaceContext;
}) {
  const id = useId();
  // An artifact is edited by its phase's editor; the kind of an entry never changes.
  const editor = entry ? artifactEditorOf(entry.kind) : undefined;
  const [fields, setFields] = useState(() => fieldsOf(entry));
  const [edited, setEdited] = useState(() => (entry && editor ? editor.fieldsOf(entry) : null));
  // What the next save is based on: the version the editor saw, the newer one after a conflict,
  // or nothing once the entry is gone (the save then adds it anew).
  const [base, setBase] = useState<{ id: string; version: number } | null>(entry && { id: entry.id, version: entry.version });
  const [theirs, setTheirs] = useState<MemoryEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (key: keyof Fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [key]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = validate(contentOf(fields, editor, edited), editor);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const byEditor = issue && editor?.issueLabel ? editor.issueLabel(issue.path) : undefined;
      const label = byEditor !== undefined ? byEditor : issue?.path.length ? labelOf(String(issue.path.at(-1))) : null;
      setError(issue ? `${label ? `${label}: ` : ''}${issue.message}` : 'Please check the entry.');
      return;
    }
    // A kind the contract does not know is sent as its phase's validator made it (the server refuses what it does not know).
    const content = parsed.data as MemoryContent;
    setSaving(true);
    setError(null);
    const result: MemoryResult = base
      ? await changeMemory({ type: 'memory_update', id: base.id, baseVersion: base.version, content })
      : await changeMemory({ type: 'memory_create', content });
    setSaving(false);
    if (result.ok) {
      onDone();
      return;
    }
    if (result.reason === 'stale' && result.current) {
      setTheirs(result.current);
      setBase({ id: result.current.id, version: result.current.version });
      setError(STALE_EDIT);
    } else if (result.reason === 'not_found' || (result.reason === 'stale' && !result.current)) {
      setTheirs(null);
      setBase(null);
      setError(DELETED_WHILE_EDITING);
    } else {
      setError(result.error);
    }
  }

  const Editor = editor?.Editor;

  return (
    <form className="memory-editor" noValidate onSubmit={(event) => void submit(event)} aria-label={entry ? `Edit ${entry.title}` : 'New memory entry'}>
      {error && (
        <p className="memory-editor__error" role="alert">
          {error}
        </p>
      )}
      {theirs && (
        <div className="memory-editor__theirs" aria-label="Their version">
          <MemoryEntryView entry={theirs} />
        </div>
      )}
      <fieldset disabled={saving}>
        {!editor && (
          <div className="memory-editor__field">
            <label htmlFor={`${id}-kind`}>Kind</label>
            <select id={`${id}-kind`} className="memory-editor__input" value={fields.kind} onChange={set('kind')}>
              {TEXT_MEMORY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {TEXT_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="memory-editor__field">
          <label htmlFor={`${id}-title`}>{editor?.titleLabel ?? 'Title'}</label>
          <input id={`${id}-title`} className="memory-editor__input" value={fields.title} onChange={set('title')} />
        </div>
        {Editor ? (
          <Editor id={id} fields={edited} onChange={setEdited} workspace={workspace} />
        ) : (
          <div className="memory-editor__field">
            <label htmlFor={`${id}-body`}>Text</label>
            <textarea id={`${id}-body`} className="memory-editor__input" rows={3} value={fields.body} onChange={set('body')} />
          </div>
        )}
        <div className="memory-editor__actions">
          <button type="submit" className="button panel__small-button">
            {saving ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="button button--secondary panel__small-button" onClick={onDone}>
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** The field a validation issue is about, by the last key of its path, when the entry's editor does not name it. */
function labelOf(key: string): string {
  if (key === 'title') return 'Title';
  if (key === 'body') return 'Text';
  return 'Entry';
}

/**
 * An accepted artifact whose upstream artifacts changed since (phase 1's under phase 2's, say)
 * reads 'based on an earlier version of X — review' until someone accepts it again.
 */
function StaleFlag({ entry, memory, onAccept }: { entry: MemoryEntry; memory: MemoryEntry[]; onAccept: () => Promise<string | null> }) {
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = staleUpstreams(entry, memory);
  if (changed.length === 0) return null;
  const names = changed
    .map((upstream) => `${(artifactDefinition(upstream.kind)?.artifact.label ?? upstream.title).toLowerCase()} “${upstream.title}”`)
    .join(' and ');
  async function accept() {
    setAccepting(true);
    setError(await onAccept());
    setAccepting(false);
  }
  return (
    <div className="memory-entry__stale" role="status">
      <p>Based on an earlier version of {names} — review.</p>
      <button type="button" className="button panel__small-button" disabled={accepting} onClick={() => void accept()}>
        {accepting ? 'Accepting…' : 'Reviewed: accept again'}
      </button>
      {error && (
        <p className="memory-entry__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** What contradicts an entry elsewhere in the memory (a channel no experiment tests, say): to review, in words. */
function ReviewFlags({ texts }: { texts: readonly string[] }) {
  return (
    <div className="memory-entry__stale" role="note" aria-label="To review">
      {texts.map((text) => (
        <p key={text}>Review: {text}</p>
      ))}
    </div>
  );
}

/** An artifact's items, each pinned to the canvas as a note that links back to this entry. */
function PinItems({ entry, pinToCanvas }: { entry: MemoryEntry; pinToCanvas: PinToCanvas }) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const items = pinnableItems(entry as ArtifactContent);
  if (items.length === 0) return null;
  const pin = async (text: string) => {
    const error = await pinToCanvas(text, { entryId: entry.id, title: entry.title });
    setStatus(error ?? 'Pinned to the canvas.');
  };
  return (
    <div className="memory-entry__pins">
      <button type="button" className="button button--secondary panel__small-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Pin to canvas
      </button>
      {open && (
        <ul className="memory-entry__pin-list">
          {items.map((text) => (
            <li key={text}>
              <span>{text}</span>
              <button type="button" className="button button--secondary panel__small-button" aria-label={`Pin "${text}"`} onClick={() => void pin(text)}>
                Pin
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="memory-entry__pin-status" role="status">
        {status ?? ''}
      </p>
    </div>
  );
}

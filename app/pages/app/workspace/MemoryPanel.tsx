import { useId, useRef, useState, type FormEvent } from 'react';
import { IDEA_FIELD_LABELS } from '#contracts/phases/find-idea';
import { artifactDefinition, isArtifactKind, PHASES, pinnableItems, staleUpstreams, type ArtifactContent, type ArtifactKind } from '#contracts/phases/registry';
import { MemoryContentSchema, TEXT_MEMORY_KINDS, type ChosenIdea, type MemoryContent, type MemoryEntry, type MemoryKind } from '#contracts/workspace';
import { COFOUNDER_NAME } from './Avatar';
import { EstimateFieldsEditor, estimateFieldsOf, estimateIssueLabel, estimateOf, type EstimateFields } from './EstimateView';
import { MessageTime } from './MessageRow';
import { artifactFieldLabel } from './phases/ArtifactFields';
import { ArtifactEditor, ArtifactView, editedArtifactOf, type ArtifactActions, type EditedArtifact } from './phases/registry';
import type { MemoryResult, Workspace } from './use-workspace';

export const KIND_LABELS: Record<MemoryKind, string> = {
  chosen_idea: 'Chosen idea',
  scale_estimate: 'Scale estimate',
  competitor: 'Competitor',
  landscape: 'Gaps and positioning',
  persona: 'Persona',
  target_users: 'Target users',
  problem: 'Problem',
  assumption: 'Assumption',
  decision: 'Decision',
  open_question: 'Open question',
  evidence: 'Evidence',
  note: 'Note',
};

const IDEA_FIELDS = (Object.keys(IDEA_FIELD_LABELS) as (keyof typeof IDEA_FIELD_LABELS)[]).map((key) => ({ key, label: IDEA_FIELD_LABELS[key] }));

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
/** What the workspace lends the artifacts' views: the research answers personas have not seen, and a way to ask the co-founder. */
type WorkspaceContext = Pick<ArtifactActions, 'newResearchAnswers' | 'onAsk'>;

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
  // The chosen idea first, then the estimate, then the newest changes.
  const rank = (entry: MemoryEntry) => (entry.kind === 'chosen_idea' ? 2 : entry.kind === 'scale_estimate' ? 1 : 0);
  const sorted = [...(entries ?? [])].sort((a, b) => rank(b) - rank(a) || b.updatedAt - a.updatedAt);

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

/**
 * What deleting an entry does, said before it happens: it cannot be undone, and deleting what
 * completed a phase (the chosen idea, the accepted estimate) reopens that phase.
 */
export function deleteConsequence(entry: MemoryEntry, phasesDone: readonly number[]): string {
  const phase = PHASES.find((candidate) => candidate.doneWhenAccepted === entry.kind);
  const reopens = phase && phasesDone.includes(phase.number) ? ` This reopens phase ${phase.number}, "${phase.title}": it will no longer be done.` : '';
  return `Delete “${entry.title}” for every member? It cannot be brought back.${reopens}`;
}

function MemoryEntryItem({
  entry,
  memory,
  changeMemory,
  phasesDone,
  onDeleted,
  pinToCanvas,
  workspace,
}: {
  entry: MemoryEntry;
  memory: MemoryEntry[];
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

  async function checkAgain(): Promise<string | null> {
    const result = await changeMemory({ type: 'competitor_check', id: entry.id });
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
      className={`memory-entry${isArtifactKind(entry.kind) ? ' memory-entry--idea' : ''}`}
      aria-label={`${KIND_LABELS[entry.kind]}: ${entry.title}`}
    >
      {editing ? (
        <MemoryEditor
          entry={entry}
          changeMemory={changeMemory}
          onDone={() => {
            setEditing(false);
            requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      ) : (
        <>
          <MemoryEntryView entry={entry} onAccept={accept} onCheckAgain={checkAgain} {...workspace} />
          {isArtifactKind(entry.kind) && <StaleFlag entry={entry} memory={memory} onAccept={accept} />}
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

export function MemoryEntryView({ entry, ...actions }: { entry: MemoryEntry } & ArtifactActions) {
  const by = entry.author.kind === 'cofounder' ? COFOUNDER_NAME : entry.author.name;
  return (
    <div className="memory-entry__view">
      <p className="memory-entry__kind">{KIND_LABELS[entry.kind]}</p>
      <h3 className="memory-entry__title">{entry.title}</h3>
      {isArtifactKind(entry.kind) ? (
        <ArtifactView entry={entry as Extract<MemoryEntry, { kind: ArtifactKind }>} {...actions} />
      ) : (
        <p className="memory-entry__body">{(entry as { body?: string }).body}</p>
      )}
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

/**
 * The editor's fields, as text: the chosen idea's open questions one per line. The artifacts of
 * phases 3 and 4 are edited field by field by their phase's editor (phases/registry.tsx).
 */
type Fields = { kind: MemoryKind; title: string; body: string } & Record<Exclude<keyof ChosenIdea, 'openQuestions'>, string> & { openQuestions: string };

function fieldsOf(entry: MemoryEntry | null): Fields {
  const empty = { problem: '', whoHasIt: '', proposedSolution: '', whyNow: '', riskiestAssumption: '', openQuestions: '', body: '' };
  if (!entry) return { ...empty, kind: 'note', title: '' };
  if (entry.kind === 'chosen_idea')
    return { ...empty, ...entry.idea, kind: entry.kind, title: entry.title, openQuestions: entry.idea.openQuestions.join('\n') };
  if (isArtifactKind(entry.kind)) return { ...empty, kind: entry.kind, title: entry.title };
  return { ...empty, kind: entry.kind, title: entry.title, body: (entry as { body: string }).body };
}

function contentOf(fields: Fields, estimate: EstimateFields | null, artifact: EditedArtifact | null): unknown {
  if (artifact) return { ...artifact, title: fields.title };
  if (fields.kind === 'scale_estimate' && estimate) return { kind: fields.kind, title: fields.title, estimate: estimateOf(estimate) };
  if (fields.kind !== 'chosen_idea') return { kind: fields.kind, title: fields.title, body: fields.body };
  const { kind, title, openQuestions, problem, whoHasIt, proposedSolution, whyNow, riskiestAssumption } = fields;
  const questions = openQuestions
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return { kind, title, idea: { problem, whoHasIt, proposedSolution, whyNow, riskiestAssumption, openQuestions: questions } };
}

/**
 * Adds an entry (entry null) or edits one. A stale edit is not lost: the form keeps the text,
 * shows the other person's version, and the next save knowingly replaces it.
 */
export function MemoryEditor({ entry, changeMemory, onDone }: { entry: MemoryEntry | null; changeMemory: ChangeMemory; onDone: () => void }) {
  const id = useId();
  const [fields, setFields] = useState(() => fieldsOf(entry));
  const [estimate, setEstimate] = useState(() => (entry?.kind === 'scale_estimate' ? estimateFieldsOf(entry) : null));
  const [artifact, setArtifact] = useState(() => editedArtifactOf(entry));
  // What the next save is based on: the version the editor saw, the newer one after a conflict,
  // or nothing once the entry is gone (the save then adds it anew).
  const [base, setBase] = useState<{ id: string; version: number } | null>(entry && { id: entry.id, version: entry.version });
  const [theirs, setTheirs] = useState<MemoryEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (key: keyof Fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [key]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = MemoryContentSchema.safeParse(contentOf(fields, estimate, artifact));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const label =
        issue?.path[0] === 'estimate'
          ? estimateIssueLabel(issue.path.slice(1))
          : artifact && issue
            ? artifactFieldLabel(issue.path)
            : issue?.path.length
              ? labelOf(String(issue.path.at(-1)))
              : null;
      setError(issue ? `${label ? `${label}: ` : ''}${issue.message}` : 'Please check the entry.');
      return;
    }
    const content: MemoryContent = parsed.data;
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

  const textArea = (key: keyof Fields, label: string, rows = 2) => (
    <div key={key} className="memory-editor__field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <textarea id={`${id}-${key}`} className="memory-editor__input" rows={rows} value={fields[key]} onChange={set(key)} />
    </div>
  );

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
        {!isArtifactKind(fields.kind) && (
          <div className="memory-editor__field">
            <label htmlFor={`${id}-kind`}>Kind</label>
            <select id={`${id}-kind`} className="memory-editor__input" value={fields.kind} onChange={set('kind')}>
              {TEXT_MEMORY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="memory-editor__field">
          <label htmlFor={`${id}-title`}>{fields.kind === 'persona' || fields.kind === 'competitor' ? 'Name' : 'Title'}</label>
          <input id={`${id}-title`} className="memory-editor__input" value={fields.title} onChange={set('title')} />
        </div>
        {fields.kind === 'chosen_idea' ? (
          <>
            {IDEA_FIELDS.map(({ key, label }) => textArea(key, label))}
            {textArea('openQuestions', 'Open questions (one per line)', 3)}
          </>
        ) : estimate ? (
          <EstimateFieldsEditor id={id} fields={estimate} onChange={setEstimate} />
        ) : artifact ? (
          <ArtifactEditor id={id} content={artifact} onChange={setArtifact} />
        ) : (
          textArea('body', 'Text', 3)
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

function labelOf(key: string): string {
  if (key === 'title') return 'Title';
  if (key === 'body') return 'Text';
  if (key === 'openQuestions') return 'Open questions';
  return IDEA_FIELDS.find((field) => field.key === key)?.label ?? 'Entry';
}

/**
 * An accepted artifact whose upstream artifacts changed since (the chosen idea under an
 * estimate, say) reads 'based on an earlier version of X — review' until someone accepts it again.
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

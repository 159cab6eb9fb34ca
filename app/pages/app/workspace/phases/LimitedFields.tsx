import { useState } from 'react';

/**
 * Fields with their limit shown under them as the member types, for any phase's editor: how much
 * is written of how much is allowed, and by how much it is over (a community's rule named, such as
 * Product Hunt's). Saving still checks the contract, which names the field; this says it where
 * the member is looking. Built on ArtifactFields.tsx's field layout.
 */

/** How a text is measured: as the contract does, without the spaces around it. */
const lengthOf = (text: string) => text.trim().length;

function LimitNote({ id, over, children }: { id: string; over: boolean; children: React.ReactNode }) {
  return (
    <p id={id} className={`limited-field__limit${over ? ' limited-field__limit--over' : ''}`}>
      {children}
    </p>
  );
}

/**
 * What a text's note says: its length against its limit, or how much to cut, naming whose rule
 * the limit is when it is a community's ('Product Hunt allows at most 60').
 */
export function limitText(length: number, max: number, rule?: string): string {
  if (length <= max) return `${length} of ${max} characters`;
  const over = `${length - max} ${length - max === 1 ? 'character' : 'characters'} too long`;
  return rule ? `${over}: ${rule} allows at most ${max}.` : `${over}: at most ${max}.`;
}

/** A text with its limit, and what else is wrong with it when `problem` says so. */
export function LimitedTextField({
  id,
  label,
  value,
  onChange,
  max,
  rows,
  placeholder,
  rule,
  problem,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  rows?: number;
  placeholder?: string;
  /** Whose limit it is, named when the text is over it ('Product Hunt'). */
  rule?: string;
  /** What else is wrong with the text as typed (a form the community expects), said once it fits the limit. */
  problem?: string | null;
}) {
  const length = lengthOf(value);
  const over = length > max || Boolean(problem);
  const noteId = `${id}-limit`;
  const shared = {
    id,
    className: 'memory-editor__input',
    value,
    placeholder,
    'aria-describedby': noteId,
    'aria-invalid': over || undefined,
  };
  return (
    <div className="memory-editor__field">
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea {...shared} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} onChange={(event) => onChange(event.target.value)} />
      )}
      <LimitNote id={noteId} over={over}>
        {length <= max && problem ? `${problem} (${limitText(length, max)})` : limitText(length, max, rule)}
      </LimitNote>
    </div>
  );
}

/** What a list's note says: its count against its limits, then the first line too long. */
export function linesText(lines: readonly string[], { min, max, lineChars }: { min: number; max: number; lineChars: number }): { text: string; over: boolean } {
  const long = lines.findIndex((line) => lengthOf(line) > lineChars);
  if (long >= 0) return { text: `Line ${long + 1} is ${limitText(lengthOf(lines[long]!), lineChars)}`, over: true };
  if (lines.length > max) return { text: `${lines.length} lines: at most ${max}.`, over: true };
  if (lines.length < min)
    return { text: `Write at least ${min === 1 ? 'one line' : `${min} lines`}; at most ${max}, ${lineChars} characters each.`, over: true };
  return { text: `${lines.length} of at most ${max} lines, ${lineChars} characters each`, over: false };
}

/** A list written one item per line, with its limits. The text is kept as typed, so a new line can be started. */
export function LimitedLinesField({
  id,
  label,
  lines,
  onChange,
  min = 0,
  max,
  lineChars,
  rows = 3,
}: {
  id: string;
  label: string;
  lines: readonly string[];
  onChange: (lines: string[]) => void;
  min?: number;
  max: number;
  lineChars: number;
  rows?: number;
}) {
  const [text, setText] = useState(() => lines.join('\n'));
  const note = linesText(lines, { min, max, lineChars });
  const noteId = `${id}-limit`;
  return (
    <div className="memory-editor__field">
      <label htmlFor={id}>{label} (one per line)</label>
      <textarea
        id={id}
        className="memory-editor__input"
        rows={rows}
        value={text}
        aria-describedby={noteId}
        aria-invalid={note.over || undefined}
        onChange={(event) => {
          setText(event.target.value);
          onChange(
            event.target.value
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean),
          );
        }}
      />
      <LimitNote id={noteId} over={note.over}>
        {note.text}
      </LimitNote>
    </div>
  );
}

/**
 * Items of a list edited in place, each with a Remove button while there are more than `min`,
 * and a button that adds one while there is room. `note` says how many there are against the limit.
 */
export function ItemsField<Item>({
  label,
  items,
  onChange,
  blank,
  min,
  max,
  itemLabel,
  addLabel,
  note,
  titled = false,
  renderItem,
}: {
  label: string;
  items: readonly Item[];
  onChange: (items: Item[]) => void;
  blank: () => Item;
  min: number;
  max: number;
  itemLabel: (index: number) => string;
  addLabel: string;
  note?: { text: string; over: boolean };
  /** Shows each item's label above its fields (when the fields' own labels do not number it). */
  titled?: boolean;
  renderItem: (item: Item, index: number, change: (item: Item) => void) => React.ReactNode;
}) {
  const change = (index: number) => (item: Item) => onChange(items.map((other, at) => (at === index ? item : other)));
  return (
    <fieldset className="artifact-editor__group">
      <legend>{label}</legend>
      {note && (
        <p className={`limited-field__limit${note.over ? ' limited-field__limit--over' : ''}`} aria-live="polite">
          {note.text}
        </p>
      )}
      {items.length > 0 && (
        <ol className="limited-field__items">
          {items.map((item, index) => (
            <li key={index} className="limited-field__item" aria-label={itemLabel(index)}>
              {titled && <p className="limited-field__item-title">{itemLabel(index)}</p>}
              {renderItem(item, index, change(index))}
              {items.length > min && (
                <button
                  type="button"
                  className="button button--secondary panel__small-button"
                  aria-label={`Remove ${itemLabel(index).toLowerCase()}`}
                  onClick={() => onChange(items.filter((_, at) => at !== index))}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {items.length < max && (
        <button type="button" className="button button--secondary panel__small-button limited-field__add" onClick={() => onChange([...items, blank()])}>
          {addLabel}
        </button>
      )}
    </fieldset>
  );
}

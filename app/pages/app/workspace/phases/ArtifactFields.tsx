import { useState } from 'react';
import { ASSUMPTION } from '#contracts/phases/fields';
import { Link, type Claim } from './Evidence';

/**
 * The fields the artifacts' editors are built from. Cited evidence is shown as it is, with a
 * Remove button: a member keeps or deletes it, and adds claims only as assumptions
 * (docs/decisions/0048-members-edit-artifacts.md; the object refuses anything else).
 */

export function TextField({
  id,
  label,
  value,
  onChange,
  rows,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
}) {
  return (
    <div className="memory-editor__field">
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea id={id} className="memory-editor__input" rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input id={id} className="memory-editor__input" value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}

export function NumberField({
  id,
  label,
  value,
  onChange,
  min,
  max,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
}) {
  return (
    <div className="memory-editor__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="memory-editor__input"
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        value={Number.isNaN(value) ? '' : value}
        onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
      />
    </div>
  );
}

export function SelectField<Value extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: Value;
  options: Record<Value, string>;
  onChange: (value: Value) => void;
}) {
  return (
    <div className="memory-editor__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="memory-editor__input" value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {(Object.keys(options) as Value[]).map((option) => (
          <option key={option} value={option}>
            {options[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A list written one item per line. The text is kept as typed, so a new line can be started. */
export function LinesField({
  id,
  label,
  lines,
  onChange,
  rows = 3,
}: {
  id: string;
  label: string;
  lines: readonly string[];
  onChange: (lines: string[]) => void;
  rows?: number;
}) {
  const [text, setText] = useState(() => lines.join('\n'));
  return (
    <TextField
      id={id}
      label={`${label} (one per line)`}
      rows={rows}
      value={text}
      onChange={(value) => {
        setText(value);
        onChange(
          value
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

/**
 * Claims, ranked when `ranked`: an assumption's text is edited in place; a cited claim is shown
 * with its source and can only be moved or removed. New claims are assumptions.
 */
export function ClaimsField({
  id,
  label,
  claims,
  onChange,
  ranked = false,
}: {
  id: string;
  label: string;
  claims: readonly Claim[];
  onChange: (claims: Claim[]) => void;
  ranked?: boolean;
}) {
  const [adding, setAdding] = useState('');
  const List = ranked ? 'ol' : 'ul';
  const move = (index: number) => onChange(claims.map((claim, at) => (at === index - 1 ? claims[index]! : at === index ? claims[index - 1]! : claim)));
  return (
    <fieldset className="artifact-editor__group">
      <legend>{label}</legend>
      {claims.length > 0 && (
        <List className="artifact-editor__items">
          {claims.map((claim, index) => (
            <li key={index} className="artifact-editor__item">
              {claim.source === ASSUMPTION ? (
                <input
                  className="memory-editor__input"
                  aria-label={`${label} ${index + 1} (assumption)`}
                  value={claim.text}
                  onChange={(event) => onChange(claims.map((other, at) => (at === index ? { ...other, text: event.target.value } : other)))}
                />
              ) : (
                <span className="artifact-editor__cited">
                  {claim.text} (<Link href={claim.source}>source</Link>)
                </span>
              )}
              {ranked && index > 0 && (
                <button
                  type="button"
                  className="button button--secondary panel__small-button"
                  aria-label={`Move up “${claim.text}”`}
                  onClick={() => move(index)}
                >
                  Up
                </button>
              )}
              <button
                type="button"
                className="button button--secondary panel__small-button"
                aria-label={`Remove “${claim.text}”`}
                onClick={() => onChange(claims.filter((_, at) => at !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </List>
      )}
      <div className="artifact-editor__add">
        <input
          className="memory-editor__input"
          id={`${id}-add`}
          aria-label={`A new assumption for ${label.toLowerCase()}`}
          placeholder="Add one of your own"
          value={adding}
          onChange={(event) => setAdding(event.target.value)}
        />
        <button
          type="button"
          className="button button--secondary panel__small-button"
          disabled={adding.trim() === ''}
          onClick={() => {
            onChange([...claims, { text: adding.trim(), source: ASSUMPTION }]);
            setAdding('');
          }}
        >
          Add as an assumption
        </button>
      </div>
      <p className="artifact-editor__hint">Sources come from what the co-founder read: ask it to cite one.</p>
    </fieldset>
  );
}

/** Evidence a member can only remove: quotes, channels. */
export function RemovableList<Item>({
  label,
  items,
  describe,
  onChange,
}: {
  label: string;
  items: readonly Item[];
  describe: (item: Item) => { text: string; url: string };
  onChange: (items: Item[]) => void;
}) {
  if (items.length === 0) return null;
  return (
    <fieldset className="artifact-editor__group">
      <legend>{label}</legend>
      <ul className="artifact-editor__items">
        {items.map((item, index) => {
          const { text, url } = describe(item);
          return (
            <li key={index} className="artifact-editor__item">
              <span className="artifact-editor__cited">
                {text} (<Link href={url}>source</Link>)
              </span>
              <button
                type="button"
                className="button button--secondary panel__small-button"
                aria-label={`Remove “${text}”`}
                onClick={() => onChange(items.filter((_, at) => at !== index))}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * Names the field a schema issue is about by its nearest key that `labels` names (the label of
 * `steps` for ['plan', 'steps', 0, 'text']); a title below the top level is an item's, named
 * `itemTitle` when given. Null when no key is named.
 */
export const fieldLabeller =
  (labels: Record<string, string>, itemTitle?: string) =>
  (path: readonly PropertyKey[]): string | null => {
    for (let i = path.length - 1; i >= 0; i--) {
      const key = String(path[i]);
      const label = Object.hasOwn(labels, key) ? labels[key] : undefined;
      if (label) return key === 'title' && i > 1 && itemTitle ? itemTitle : label;
    }
    return null;
  };

import type { MvpScope } from '#contracts/phases/build-plan';
import { LinesField } from '../ArtifactFields';
import type { ArtifactEditor, ArtifactEditorProps, EntryOf } from '../types';

/** What the form holds: each item in scope with the pain reliever it delivers as typed (empty: none). */
export interface ScopeFields {
  in: { item: string; delivers: string }[];
  out: string[];
  later: string[];
}

function MvpScopeFields({ id, fields, onChange }: ArtifactEditorProps<ScopeFields>) {
  const setItem = (index: number, patch: Partial<ScopeFields['in'][number]>) =>
    onChange({ ...fields, in: fields.in.map((item, at) => (at === index ? { ...item, ...patch } : item)) });
  return (
    <>
      <fieldset className="artifact-editor__group">
        <legend>In the first version</legend>
        <ol className="build-plan-editor__rows">
          {fields.in.map((item, index) => (
            <li key={index} className="build-plan-editor__row">
              <div className="memory-editor__field">
                <label htmlFor={`${id}-in-${index}`}>In scope {index + 1}</label>
                <textarea
                  id={`${id}-in-${index}`}
                  className="memory-editor__input"
                  rows={2}
                  value={item.item}
                  onChange={(event) => setItem(index, { item: event.target.value })}
                />
              </div>
              <div className="memory-editor__field">
                <label htmlFor={`${id}-delivers-${index}`}>Pain reliever it delivers</label>
                <input
                  id={`${id}-delivers-${index}`}
                  className="memory-editor__input"
                  aria-describedby={`${id}-delivers-hint`}
                  value={item.delivers}
                  onChange={(event) => setItem(index, { delivers: event.target.value })}
                />
              </div>
              <button
                type="button"
                className="button button--secondary panel__small-button"
                aria-label={`Remove in scope ${index + 1}`}
                onClick={() => onChange({ ...fields, in: fields.in.filter((_, at) => at !== index) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <p id={`${id}-delivers-hint`} className="artifact-editor__hint">
          The value map's pain reliever, word for word; leave it empty when the item delivers none.
        </p>
        <button
          type="button"
          className="button button--secondary panel__small-button build-plan-editor__add"
          onClick={() => onChange({ ...fields, in: [...fields.in, { item: '', delivers: '' }] })}
        >
          Add an item in scope
        </button>
      </fieldset>
      <LinesField id={`${id}-out`} label="Deliberately out" lines={fields.out} onChange={(out) => onChange({ ...fields, out })} />
      <LinesField id={`${id}-later`} label="Later" lines={fields.later} onChange={(later) => onChange({ ...fields, later })} />
    </>
  );
}

/** The field a validation issue of the scope is about ('In scope 2', 'In scope 2, pain reliever'). */
export function scopeIssueLabel(path: readonly PropertyKey[]): string | null | undefined {
  const [, list, index, field] = path;
  if (list === 'in' && typeof index === 'number') return field === 'delivers' ? `In scope ${index + 1}, pain reliever` : `In scope ${index + 1}`;
  if (list === 'in') return 'In the first version';
  if (list === 'out') return 'Deliberately out';
  if (list === 'later') return 'Later';
  return undefined;
}

/** The MVP's scope as members edit it. */
export const MVP_SCOPE_EDITOR: ArtifactEditor<EntryOf<'mvp_scope'>, ScopeFields> = {
  fieldsOf: ({ scope }) => ({
    in: scope.in.map((item) => ({ item: item.item, delivers: item.delivers ?? '' })),
    out: [...scope.out],
    later: [...scope.later],
  }),
  contentOf: (fields): { scope: MvpScope } => ({
    scope: {
      in: fields.in.map((item) => ({ item: item.item, delivers: item.delivers.trim() === '' ? null : item.delivers })),
      out: fields.out,
      later: fields.later,
    },
  }),
  Editor: MvpScopeFields,
  issueLabel: scopeIssueLabel,
};

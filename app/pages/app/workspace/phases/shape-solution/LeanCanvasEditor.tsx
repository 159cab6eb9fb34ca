import { ASSUMPTION } from '#contracts/phases/fields';
import { CANVAS_FIELDS, SOLUTION_LIMITS, type CanvasField, type LeanCanvas } from '#contracts/phases/shape-solution';
import { SelectField } from '../ArtifactFields';
import type { ArtifactEditor, ArtifactEditorProps, EntryOf } from '../types';
import { LimitedTextField } from '../LimitedFields';

/** A box as the form holds it: an assumption, or the artifact of the memory it came from (kept while the member switches). */
interface BoxFields {
  text: string;
  assumption: boolean;
  from: string;
}

type CanvasFields = Record<CanvasField, BoxFields>;

const FIELDS = Object.keys(CANVAS_FIELDS) as CanvasField[];

const SOURCE_KINDS = { assumption: 'An assumption', memory: 'An artifact of the memory' } as const;

/**
 * Where a box came from, chosen among the artifacts of the memory (named as a box names them) or
 * an assumption; one it named before that is not in the memory now stays a choice until changed.
 */
function SourceChoice({
  id,
  box,
  sources,
  onChange,
}: {
  id: string;
  box: BoxFields;
  sources: readonly string[];
  onChange: (change: Partial<BoxFields>) => void;
}) {
  const value = box.assumption ? ASSUMPTION : box.from;
  const gone = !box.assumption && !sources.includes(box.from);
  return (
    <div className="memory-editor__field">
      <label htmlFor={id}>Where it came from</label>
      <select
        id={id}
        className="memory-editor__input"
        value={value}
        onChange={(event) => onChange(event.target.value === ASSUMPTION ? { assumption: true } : { assumption: false, from: event.target.value })}
      >
        <option value={ASSUMPTION}>An assumption</option>
        {sources.map((source) => (
          <option key={source} value={source}>
            {source}
          </option>
        ))}
        {gone && <option value={box.from}>{box.from.trim() === '' ? 'Choose an artifact' : `${box.from} (not in the memory now)`}</option>}
      </select>
    </div>
  );
}

/** Each box's text and source; the source is chosen among the memory's artifacts where the workspace lends them, else written. */
function CanvasFieldsEditor({ id, fields, onChange, workspace }: ArtifactEditorProps<CanvasFields>) {
  const set = (field: CanvasField, change: Partial<BoxFields>) => onChange({ ...fields, [field]: { ...fields[field], ...change } });
  const sources = workspace?.memorySources;
  return (
    <>
      {FIELDS.map((field) => {
        const box = fields[field];
        return (
          <fieldset key={field} className="artifact-editor__group">
            <legend>{CANVAS_FIELDS[field]}</legend>
            <LimitedTextField
              id={`${id}-${field}`}
              label="Text"
              rows={2}
              max={SOLUTION_LIMITS.boxChars}
              value={box.text}
              onChange={(text) => set(field, { text })}
            />
            {sources ? (
              <SourceChoice id={`${id}-${field}-source`} box={box} sources={sources} onChange={(change) => set(field, change)} />
            ) : (
              <SelectField
                id={`${id}-${field}-source`}
                label="Where it came from"
                value={box.assumption ? 'assumption' : 'memory'}
                options={SOURCE_KINDS}
                onChange={(kind) => set(field, { assumption: kind === 'assumption' })}
              />
            )}
            {!sources && !box.assumption && (
              <LimitedTextField
                id={`${id}-${field}-from`}
                label="Which artifact, as its label and title"
                placeholder="Persona: Sam Rivera"
                max={SOLUTION_LIMITS.sourceChars}
                value={box.from}
                onChange={(from) => set(field, { from })}
              />
            )}
          </fieldset>
        );
      })}
    </>
  );
}

/** A canvas field as a validation issue names it: 'Unfair advantage', or 'Unfair advantage, source'. */
export function leanCanvasIssueLabel(path: readonly PropertyKey[]): string | undefined {
  const [top, field, key] = path;
  if (top === 'title') return 'Title';
  if (top !== 'canvas' || typeof field !== 'string' || !Object.hasOwn(CANVAS_FIELDS, field)) return undefined;
  const label = CANVAS_FIELDS[field as CanvasField];
  return key === 'source' ? `${label}, source` : label;
}

const isAssumption = (source: string) => source.trim().toLowerCase() === ASSUMPTION;

/** The Lean Canvas as members edit it: each box's text and where it came from. */
export const LEAN_CANVAS_EDITOR: ArtifactEditor<EntryOf<'lean_canvas'>, CanvasFields> = {
  fieldsOf: ({ canvas }) =>
    Object.fromEntries(
      FIELDS.map((field) => {
        const { text, source } = canvas[field];
        return [field, { text, assumption: isAssumption(source), from: isAssumption(source) ? '' : source }];
      }),
    ) as CanvasFields,
  contentOf: (fields): { canvas: LeanCanvas } => ({
    canvas: Object.fromEntries(
      FIELDS.map((field) => {
        const { text, assumption, from } = fields[field];
        return [field, { text, source: assumption ? ASSUMPTION : from }];
      }),
    ) as LeanCanvas,
  }),
  Editor: CanvasFieldsEditor,
  issueLabel: leanCanvasIssueLabel,
};

import { ASSUMPTION } from '#contracts/phases/fields';
import { CANVAS_FIELDS, SOLUTION_LIMITS, type CanvasField, type LeanCanvas } from '#contracts/phases/shape-solution';
import { SelectField } from '../ArtifactFields';
import type { ArtifactEditor, ArtifactEditorProps, EntryOf } from '../types';
import { LimitedTextField } from './LimitedFields';

/** A box as the form holds it: an assumption, or the artifact of the memory it came from (kept while the member switches). */
interface BoxFields {
  text: string;
  assumption: boolean;
  from: string;
}

type CanvasFields = Record<CanvasField, BoxFields>;

const FIELDS = Object.keys(CANVAS_FIELDS) as CanvasField[];

const SOURCE_KINDS = { assumption: 'An assumption', memory: 'An artifact of the memory' } as const;

function CanvasFieldsEditor({ id, fields, onChange }: ArtifactEditorProps<CanvasFields>) {
  const set = (field: CanvasField, change: Partial<BoxFields>) => onChange({ ...fields, [field]: { ...fields[field], ...change } });
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
            <SelectField
              id={`${id}-${field}-source`}
              label="Where it came from"
              value={box.assumption ? 'assumption' : 'memory'}
              options={SOURCE_KINDS}
              onChange={(kind) => set(field, { assumption: kind === 'assumption' })}
            />
            {!box.assumption && (
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

import { SOLUTION_LIMITS, type Fit, type PersonaNeeds, type ValueMap } from '#contracts/phases/shape-solution';
import type { ArtifactEditor, ArtifactEditorProps, EntryOf } from '../types';
import { ItemsField, LimitedLinesField, LimitedTextField } from '../LimitedFields';

/** The limits of what a reliever or creator answers (contracts/phases/shape-solution.ts, AnswersSchema). */
const ANSWERS_LIMITS = { persona: 120, text: 400 } as const;

/** A pain reliever or gain creator as the form holds it: what it answers as two texts, both empty for nothing. */
interface FitFields {
  text: string;
  persona: string;
  need: string;
}

interface ValueMapFields {
  products: string[];
  relievers: FitFields[];
  creators: FitFields[];
}

const fitFields = (fit: Fit): FitFields => ({ text: fit.text, persona: fit.answers?.persona ?? '', need: fit.answers?.text ?? '' });

const fitOf = ({ text, persona, need }: FitFields): Fit => ({
  text,
  answers: persona.trim() === '' && need.trim() === '' ? null : { persona, text: need },
});

const KINDS = {
  relievers: { one: 'Pain reliever', many: 'Pain relievers', word: 'pain', does: 'How it relieves the pain', min: 1 },
  creators: { one: 'Gain creator', many: 'Gain creators', word: 'gain', does: 'How it creates the gain', min: 0 },
} as const;

type Need = 'pains' | 'gains';

/**
 * What a reliever or creator answers, chosen among the needs the personas of the memory state now,
 * word for word; one it named before that no persona states now stays a choice until changed.
 */
function AnswerChoice({
  id,
  word,
  need,
  fit,
  personas,
  onChange,
}: {
  id: string;
  word: string;
  need: Need;
  fit: FitFields;
  personas: readonly PersonaNeeds[];
  onChange: (answer: { persona: string; need: string }) => void;
}) {
  const groups = personas.map((persona) => ({ name: persona.name, needs: persona[need] }));
  const choices = groups.flatMap((group) => group.needs.map((text) => ({ persona: group.name, need: text })));
  const named = fit.persona.trim() !== '' || fit.need.trim() !== '';
  // Matched as the map matches it: the same words, whatever their case.
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const at = choices.findIndex((choice) => same(choice.persona, fit.persona) && same(choice.need, fit.need));
  const value = !named ? 'none' : at >= 0 ? String(at) : 'before';
  return (
    <div className="memory-editor__field">
      <label htmlFor={id}>What it answers</label>
      <select
        id={id}
        className="memory-editor__input"
        value={value}
        onChange={(event) => {
          const chosen = event.target.value;
          if (chosen === 'none') onChange({ persona: '', need: '' });
          else if (chosen !== 'before') onChange(choices[Number(chosen)]!);
        }}
      >
        <option value="none">{`No ${word} of a persona (the map flags it)`}</option>
        {groups.map((group, position) => {
          const first = groups.slice(0, position).reduce((count, earlier) => count + earlier.needs.length, 0);
          return (
            <optgroup key={position} label={group.name}>
              {group.needs.map((text, offset) => (
                <option key={offset} value={String(first + offset)}>
                  {text}
                </option>
              ))}
            </optgroup>
          );
        })}
        {value === 'before' && <option value="before">{`${fit.persona}: ${fit.need} (no persona states this now)`}</option>}
      </select>
    </div>
  );
}

function FitsField({
  id,
  kind,
  fits,
  personas,
  onChange,
}: {
  id: string;
  kind: keyof typeof KINDS;
  fits: FitFields[];
  personas?: readonly PersonaNeeds[];
  onChange: (fits: FitFields[]) => void;
}) {
  const { one, many, word, does, min } = KINDS[kind];
  const how = personas
    ? `Choose the persona's ${word} it answers, or none, and the map flags it.`
    : `Name the persona and the ${word} it answers as the persona's card words it; leave both empty when it answers none, and the map flags it.`;
  return (
    <ItemsField
      label={many}
      items={fits}
      onChange={onChange}
      blank={() => ({ text: '', persona: '', need: '' })}
      min={min}
      max={SOLUTION_LIMITS.items}
      itemLabel={(index) => `${one} ${index + 1}`}
      addLabel={`Add a ${one.toLowerCase()}`}
      titled
      note={{ text: `${fits.length} of at most ${SOLUTION_LIMITS.items}. ${how}`, over: fits.length > SOLUTION_LIMITS.items }}
      renderItem={(fit, index, change) => (
        <>
          <LimitedTextField
            id={`${id}-${kind}-${index}`}
            label={does}
            rows={2}
            max={SOLUTION_LIMITS.itemChars}
            value={fit.text}
            onChange={(text) => change({ ...fit, text })}
          />
          {personas ? (
            <AnswerChoice
              id={`${id}-${kind}-${index}-answers`}
              word={word}
              need={kind === 'relievers' ? 'pains' : 'gains'}
              fit={fit}
              personas={personas}
              onChange={({ persona, need }) => change({ ...fit, persona, need })}
            />
          ) : (
            <>
              <LimitedTextField
                id={`${id}-${kind}-${index}-persona`}
                label="The persona it answers"
                max={ANSWERS_LIMITS.persona}
                value={fit.persona}
                onChange={(persona) => change({ ...fit, persona })}
              />
              <LimitedTextField
                id={`${id}-${kind}-${index}-need`}
                label={`The ${word}, word for word`}
                rows={2}
                max={ANSWERS_LIMITS.text}
                value={fit.need}
                onChange={(need) => change({ ...fit, need })}
              />
            </>
          )}
        </>
      )}
    />
  );
}

/** The value map's fields; what each reliever and creator answers is chosen among the personas' needs where the workspace lends them. */
function ValueMapFieldsEditor({ id, fields, onChange, workspace }: ArtifactEditorProps<ValueMapFields>) {
  const personas = workspace?.personaNeeds;
  return (
    <>
      <LimitedLinesField
        id={`${id}-products`}
        label="Products and services"
        lines={fields.products}
        min={1}
        max={SOLUTION_LIMITS.items}
        lineChars={SOLUTION_LIMITS.itemChars}
        onChange={(products) => onChange({ ...fields, products })}
      />
      <FitsField id={id} kind="relievers" fits={fields.relievers} personas={personas} onChange={(relievers) => onChange({ ...fields, relievers })} />
      <FitsField id={id} kind="creators" fits={fields.creators} personas={personas} onChange={(creators) => onChange({ ...fields, creators })} />
    </>
  );
}

/** A value map's fields, as a validation issue names them ('Pain reliever 2, the pain it answers'). */
export function valueMapIssueLabel(path: readonly PropertyKey[]): string | undefined {
  const [top, list, index, key, part] = path;
  if (top === 'title') return 'Title';
  if (top !== 'valueMap') return undefined;
  if (list === 'products') return 'Products and services';
  if (list !== 'relievers' && list !== 'creators') return undefined;
  const { one, many, word } = KINDS[list];
  if (typeof index !== 'number') return many;
  if (key === 'answers') return part === 'persona' ? `${one} ${index + 1}, the persona it answers` : `${one} ${index + 1}, the ${word} it answers`;
  return `${one} ${index + 1}`;
}

/** The value map as members edit it. */
export const VALUE_MAP_EDITOR: ArtifactEditor<EntryOf<'value_map'>, ValueMapFields> = {
  fieldsOf: ({ valueMap }) => ({
    products: valueMap.products,
    relievers: valueMap.relievers.map(fitFields),
    creators: valueMap.creators.map(fitFields),
  }),
  contentOf: ({ products, relievers, creators }): { valueMap: ValueMap } => ({
    valueMap: { products, relievers: relievers.map(fitOf), creators: creators.map(fitOf) },
  }),
  Editor: ValueMapFieldsEditor,
  issueLabel: valueMapIssueLabel,
};

import { APPETITES, ELEMENTS_PER_APPETITE, SOLUTION_LIMITS, type Appetite, type Pitch } from '#contracts/phases/shape-solution';
import { SelectField } from '../ArtifactFields';
import type { ArtifactEditor, ArtifactEditorProps, EntryOf } from '../types';
import { ItemsField, LimitedLinesField, LimitedTextField } from '../LimitedFields';

/** The limits of a pitch's own fields (contracts/phases/shape-solution.ts, PitchSchema). */
const PITCH_LIMITS = { problem: 1000, elementName: 80, elementDescription: 400 } as const;
const MOST_ELEMENTS = Math.max(...Object.values(ELEMENTS_PER_APPETITE));

const APPETITE_OPTIONS = Object.fromEntries(
  APPETITES.map((appetite) => [appetite, `${appetite}: at most ${ELEMENTS_PER_APPETITE[appetite]} main elements`]),
) as Record<Appetite, string>;

type Element = Pitch['elements'][number];

/** What the solution's elements say against the appetite: how many fit, or how many to cut. */
export function elementsNote(count: number, appetite: Appetite): { text: string; over: boolean } {
  const most = ELEMENTS_PER_APPETITE[appetite];
  if (count > most)
    return { text: `${count} elements: a ${appetite} appetite holds at most ${most}. Cut ${count - most}, do not stretch the appetite.`, over: true };
  return { text: `${count} of at most ${most} main elements for a ${appetite} appetite`, over: false };
}

function PitchFields({ id, fields, onChange }: ArtifactEditorProps<Pitch>) {
  const set =
    <Key extends keyof Pitch>(key: Key) =>
    (value: Pitch[Key]) =>
      onChange({ ...fields, [key]: value });
  const lines = { max: SOLUTION_LIMITS.lines, lineChars: SOLUTION_LIMITS.lineChars };
  return (
    <>
      <LimitedTextField id={`${id}-problem`} label="Problem" rows={4} max={PITCH_LIMITS.problem} value={fields.problem} onChange={set('problem')} />
      <SelectField id={`${id}-appetite`} label="Appetite" value={fields.appetite} options={APPETITE_OPTIONS} onChange={set('appetite')} />
      <ItemsField<Element>
        label="Solution elements"
        items={fields.elements}
        onChange={set('elements')}
        blank={() => ({ name: '', description: '' })}
        min={1}
        max={MOST_ELEMENTS}
        itemLabel={(index) => `Element ${index + 1}`}
        addLabel="Add an element"
        note={elementsNote(fields.elements.length, fields.appetite)}
        renderItem={(element, index, change) => (
          <>
            <LimitedTextField
              id={`${id}-element-${index}-name`}
              label={`Element ${index + 1}: name`}
              max={PITCH_LIMITS.elementName}
              value={element.name}
              onChange={(name) => change({ ...element, name })}
            />
            <LimitedTextField
              id={`${id}-element-${index}-description`}
              label={`Element ${index + 1}: description`}
              rows={2}
              max={PITCH_LIMITS.elementDescription}
              value={element.description}
              onChange={(description) => change({ ...element, description })}
            />
          </>
        )}
      />
      <LimitedLinesField id={`${id}-flows`} label="Flows" min={1} {...lines} lines={fields.flows} onChange={set('flows')} />
      <LimitedLinesField id={`${id}-rabbit-holes`} label="Rabbit holes" {...lines} lines={fields.rabbitHoles} onChange={set('rabbitHoles')} />
      <LimitedLinesField id={`${id}-no-gos`} label="No-gos" {...lines} lines={fields.noGos} onChange={set('noGos')} />
    </>
  );
}

const PITCH_LABELS: Record<string, string> = {
  problem: 'Problem',
  appetite: 'Appetite',
  elements: 'Solution elements',
  flows: 'Flows',
  rabbitHoles: 'Rabbit holes',
  noGos: 'No-gos',
};

/** A pitch's field as a validation issue names it ('Solution elements', 'Element 2: name'). */
export function pitchIssueLabel(path: readonly PropertyKey[]): string | undefined {
  const [top, key, index, part] = path;
  if (top === 'title') return 'Title';
  if (top !== 'pitch' || typeof key !== 'string' || !Object.hasOwn(PITCH_LABELS, key)) return undefined;
  if (key === 'elements' && typeof index === 'number' && (part === 'name' || part === 'description')) return `Element ${index + 1}: ${part}`;
  return PITCH_LABELS[key];
}

/** The pitch as members edit it: held to its appetite when saved, as the co-founder's is. */
export const PITCH_EDITOR: ArtifactEditor<EntryOf<'pitch'>, Pitch> = {
  fieldsOf: ({ pitch }) => pitch,
  contentOf: (pitch) => ({ pitch }),
  Editor: PitchFields,
  issueLabel: pitchIssueLabel,
};

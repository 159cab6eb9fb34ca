import { IDEA_FIELD_LABELS } from '#contracts/phases/find-idea';
import type { ChosenIdea } from '#contracts/phases/find-idea';
import { TextField } from '../ArtifactFields';
import type { ArtifactEditor, EntryOf } from '../types';

type IdeaKey = keyof typeof IDEA_FIELD_LABELS;
/** The chosen idea as the form holds it: its open questions one per line. */
type IdeaFields = Record<IdeaKey, string> & { openQuestions: string };

const IDEA_FIELDS = (Object.keys(IDEA_FIELD_LABELS) as IdeaKey[]).map((key) => ({ key, label: IDEA_FIELD_LABELS[key] }));

function IdeaFieldsEditor({ id, fields, onChange }: { id: string; fields: IdeaFields; onChange: (fields: IdeaFields) => void }) {
  const text = (key: keyof IdeaFields, label: string, rows = 2) => (
    <TextField key={key} id={`${id}-${key}`} label={label} rows={rows} value={fields[key]} onChange={(value) => onChange({ ...fields, [key]: value })} />
  );
  return (
    <>
      {IDEA_FIELDS.map(({ key, label }) => text(key, label))}
      {text('openQuestions', 'Open questions (one per line)', 3)}
    </>
  );
}

/** Phase 1's artifact in the memory editor: the chosen idea, field by field. */
export const CHOSEN_IDEA_EDITOR: ArtifactEditor<EntryOf<'chosen_idea'>, IdeaFields> = {
  fieldsOf: ({ idea }) => ({ ...idea, openQuestions: idea.openQuestions.join('\n') }),
  contentOf: ({ problem, whoHasIt, proposedSolution, whyNow, riskiestAssumption, openQuestions }) => {
    const questions = openQuestions
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const idea: ChosenIdea = { problem, whoHasIt, proposedSolution, whyNow, riskiestAssumption, openQuestions: questions };
    return { idea };
  },
  Editor: IdeaFieldsEditor,
  issueLabel: (path) => {
    const key = String(path.at(-1));
    if (key === 'openQuestions') return 'Open questions';
    return IDEA_FIELDS.find((field) => field.key === key)?.label;
  },
};

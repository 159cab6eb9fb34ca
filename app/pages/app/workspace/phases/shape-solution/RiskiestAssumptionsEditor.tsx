import type { Risk } from '#contracts/phases/shape-solution';
import type { ArtifactEditor, ArtifactEditorProps, EntryOf } from '../types';
import { LimitedTextField } from '../LimitedFields';

/** The limits of a risk's fields (contracts/phases/shape-solution.ts, RiskSchema). */
const RISK_LIMITS = { assumption: 400, whyRisky: 400, test: 600, cost: 80, researchQuestion: 300 } as const;

/** A risk as the form holds it: no research question is an empty one. */
type RiskFields = Omit<Risk, 'researchQuestion'> & { researchQuestion: string };

/** Each field's label, as the form shows it and a validation issue names it. */
const RISK_LABELS: Record<keyof RiskFields, string> = {
  assumption: 'Assumption',
  whyRisky: 'Why it is risky',
  test: 'Cheapest test, and the result that disproves it',
  cost: 'What the test costs',
  researchQuestion: 'Research-page question (optional)',
};

/** The same fields as a validation issue names them, after the assumption's number. */
const ISSUE_LABELS: Record<keyof RiskFields, string | null> = {
  assumption: null,
  whyRisky: 'why it is risky',
  test: 'cheapest test',
  cost: 'what the test costs',
  researchQuestion: 'research-page question',
};

const ROWS: Partial<Record<keyof RiskFields, number>> = { assumption: 2, whyRisky: 2, test: 3 };

/** Exactly three assumptions, the riskiest first: each edited in place, and moved up to rank it higher. */
function RisksEditor({ id, fields, onChange }: ArtifactEditorProps<RiskFields[]>) {
  const set = (index: number, change: Partial<RiskFields>) => onChange(fields.map((risk, at) => (at === index ? { ...risk, ...change } : risk)));
  const moveUp = (index: number) => onChange(fields.map((risk, at) => (at === index - 1 ? fields[index]! : at === index ? fields[index - 1]! : risk)));
  return (
    <>
      {fields.map((risk, index) => (
        <fieldset key={index} className="artifact-editor__group">
          <legend>{`Assumption ${index + 1}${index === 0 ? ', the riskiest' : ''}`}</legend>
          {(Object.keys(RISK_LABELS) as (keyof RiskFields)[]).map((key) => (
            <LimitedTextField
              key={key}
              id={`${id}-risk-${index}-${key}`}
              label={RISK_LABELS[key]}
              rows={ROWS[key]}
              max={RISK_LIMITS[key]}
              value={risk[key]}
              onChange={(value) => set(index, { [key]: value })}
            />
          ))}
          {index > 0 && (
            <button
              type="button"
              className="button button--secondary panel__small-button limited-field__add"
              aria-label={`Move assumption ${index + 1} up`}
              onClick={() => moveUp(index)}
            >
              Move up
            </button>
          )}
        </fieldset>
      ))}
    </>
  );
}

/** A risk's field as a validation issue names it ('Assumption 2, what the test costs'). */
export function risksIssueLabel(path: readonly PropertyKey[]): string | undefined {
  const [top, index, key] = path;
  if (top === 'title') return 'Title';
  if (top !== 'risks') return undefined;
  if (typeof index !== 'number') return 'Assumptions';
  const label = typeof key === 'string' && Object.hasOwn(ISSUE_LABELS, key) ? ISSUE_LABELS[key as keyof RiskFields] : null;
  return label ? `Assumption ${index + 1}, ${label}` : `Assumption ${index + 1}`;
}

/** The riskiest assumptions as members edit them: always three. */
export const RISKIEST_ASSUMPTIONS_EDITOR: ArtifactEditor<EntryOf<'riskiest_assumptions'>, RiskFields[]> = {
  fieldsOf: ({ risks }) => risks.map((risk) => ({ ...risk, researchQuestion: risk.researchQuestion ?? '' })),
  contentOf: (risks): { risks: Risk[] } => ({
    risks: risks.map((risk) => ({ ...risk, researchQuestion: risk.researchQuestion.trim() === '' ? null : risk.researchQuestion })),
  }),
  Editor: RisksEditor,
  issueLabel: risksIssueLabel,
};

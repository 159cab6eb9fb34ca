import { useId, useRef, useState, type FormEvent } from 'react';
import {
  DEFAULT_MAX_RATING,
  DEFAULT_MIN_RATING,
  QUESTION_TYPES,
  RATING_HIGHEST,
  RATING_LOWEST,
  ResearchPageInputSchema,
  INTRODUCTION_MAX,
  isRequiredEmail,
  TITLE_MAX,
  type PublicQuestion,
  type QuestionType,
  type ResearchPageInput,
} from '#contracts/research';
import { FormAlert, TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';

export const TYPE_LABELS: Record<QuestionType, string> = {
  text: 'Free text',
  multiple_choice: 'One choice',
  checkbox: 'Several choices',
  rating: 'Rating scale',
  email: 'E-mail address',
};

/** A question while it is being edited: options as typed, one per line; scale as typed. */
interface DraftQuestion {
  key: number;
  text: string;
  type: QuestionType;
  options: string;
  min: string;
  max: string;
  minLabel: string;
  maxLabel: string;
  /** E-mail questions: must respondents give an address? */
  required: boolean;
}

let nextKey = 1;
const blankQuestion = (type: QuestionType = 'text'): DraftQuestion => ({
  key: nextKey++,
  text: '',
  type,
  options: '',
  min: String(DEFAULT_MIN_RATING),
  max: String(DEFAULT_MAX_RATING),
  minLabel: '',
  maxLabel: '',
  required: false,
});

function fromQuestion(question: PublicQuestion): DraftQuestion {
  const min = question.config?.min_rating ?? DEFAULT_MIN_RATING;
  const max = question.config?.max_rating ?? DEFAULT_MAX_RATING;
  return {
    ...blankQuestion(question.type),
    text: question.text,
    options: (question.options ?? []).join('\n'),
    min: String(min),
    max: String(max),
    minLabel: question.config?.labels?.[String(min)] ?? '',
    maxLabel: question.config?.labels?.[String(max)] ?? '',
    required: isRequiredEmail(question),
  };
}

function toInput(title: string, introduction: string, limit: string, questions: DraftQuestion[]): unknown {
  return {
    title,
    introduction,
    max_responses: limit.trim() === '' ? null : Number(limit),
    questions: questions.map((question) => {
      if (question.type === 'multiple_choice' || question.type === 'checkbox') {
        const options = question.options
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean);
        return { text: question.text, type: question.type, options };
      }
      if (question.type === 'rating') {
        const labels: Record<string, string> = {};
        if (question.minLabel.trim()) labels[question.min] = question.minLabel;
        if (question.maxLabel.trim()) labels[question.max] = question.maxLabel;
        return { text: question.text, type: 'rating', config: { min_rating: Number(question.min), max_rating: Number(question.max), labels } };
      }
      if (question.type === 'email') return { text: question.text, type: 'email', config: { required: question.required } };
      return { text: question.text, type: question.type };
    }),
  };
}

/** Where a zod issue points, in words a founder understands. */
function describeProblem(path: PropertyKey[], message: string): string {
  if (path[0] === 'questions' && typeof path[1] === 'number') return `Question ${path[1] + 1}: ${message}`;
  return message;
}

/** Creates or edits a research page: title, optional response limit, questions of five types. */
export function ResearchPageEditor({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial?: { title: string; introduction?: string; max_responses: number | null; questions: PublicQuestion[] };
  submitLabel: string;
  onSave: (input: ResearchPageInput) => Promise<void>;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [introduction, setIntroduction] = useState(initial?.introduction ?? '');
  const [limit, setLimit] = useState(initial?.max_responses ? String(initial.max_responses) : '');
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => initial?.questions.map(fromQuestion) ?? [blankQuestion()]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const introductionId = useId();

  const update = (key: number, changes: Partial<DraftQuestion>) =>
    setQuestions((current) => current.map((question) => (question.key === key ? { ...question, ...changes } : question)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ResearchPageInputSchema.safeParse(toInput(title, introduction, limit, questions));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setProblem(describeProblem(issue.path, issue.message));
      alertRef.current?.scrollIntoView({ block: 'nearest' });
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      await onSave(parsed.data);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'We could not save the research page. Please try again.');
      setSaving(false);
    }
  }

  return (
    <form className="research-editor" noValidate onSubmit={(event) => void submit(event)}>
      <div ref={alertRef}>{problem && <FormAlert>{problem}</FormAlert>}</div>
      <fieldset disabled={saving} className="research-editor__fields">
        <TextField
          label="Title"
          name="research-title"
          autoComplete="off"
          maxLength={TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          autoFocus
        />
        <div className="field">
          <label className="field__label" htmlFor={`${introductionId}`}>
            Introduction (optional)
          </label>
          <textarea
            id={introductionId}
            className="field__input research-editor__options"
            rows={3}
            maxLength={INTRODUCTION_MAX}
            value={introduction}
            aria-describedby={`${introductionId}-hint`}
            onChange={(event) => setIntroduction(event.target.value)}
          />
          <p className="dashboard__muted" id={`${introductionId}-hint`}>
            Shown above the questions: who you are and why you ask. Respondents also see your display name and the project's name.
          </p>
        </div>
        <TextField
          label="Response limit (optional)"
          name="research-limit"
          type="number"
          inputMode="numeric"
          min={1}
          value={limit}
          hint="Leave empty for no limit."
          onChange={(event) => setLimit(event.target.value)}
        />
        <ol className="research-editor__questions">
          {questions.map((question, index) => (
            <QuestionEditor
              key={question.key}
              number={index + 1}
              question={question}
              onChange={(changes) => update(question.key, changes)}
              onRemove={questions.length > 1 ? () => setQuestions((current) => current.filter((q) => q.key !== question.key)) : undefined}
            />
          ))}
        </ol>
        <div className="inline-form__actions">
          <button type="button" className="button button--secondary" onClick={() => setQuestions((current) => [...current, blankQuestion()])}>
            Add question
          </button>
        </div>
        <div className="inline-form__actions research-editor__save">
          <button type="submit" className="button">
            {saving && <Spinner />}
            {submitLabel}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function QuestionEditor({
  number,
  question,
  onChange,
  onRemove,
}: {
  number: number;
  question: DraftQuestion;
  onChange: (changes: Partial<DraftQuestion>) => void;
  onRemove?: () => void;
}) {
  const id = useId();
  const choice = question.type === 'multiple_choice' || question.type === 'checkbox';
  return (
    <li className="research-editor__question" aria-labelledby={`${id}-heading`}>
      <div className="research-editor__question-head">
        <h4 id={`${id}-heading`}>Question {number}</h4>
        {onRemove && (
          <button type="button" className="button button--secondary dashboard__small-button" onClick={onRemove} aria-label={`Remove question ${number}`}>
            Remove
          </button>
        )}
      </div>
      <TextField
        label={`Question ${number} text`}
        name={`question-${number}`}
        autoComplete="off"
        value={question.text}
        onChange={(event) => onChange({ text: event.target.value })}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-type`}>
          Question {number} type
        </label>
        <select id={`${id}-type`} className="field__input" value={question.type} onChange={(event) => onChange({ type: event.target.value as QuestionType })}>
          {QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      {choice && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-options`}>
            Question {number} options
          </label>
          <textarea
            id={`${id}-options`}
            className="field__input research-editor__options"
            rows={4}
            value={question.options}
            aria-describedby={`${id}-options-hint`}
            onChange={(event) => onChange({ options: event.target.value })}
          />
          <p className="dashboard__muted" id={`${id}-options-hint`}>
            One option per line, at least 2.
          </p>
        </div>
      )}
      {question.type === 'email' && (
        <label className="research-editor__required">
          <input type="checkbox" checked={question.required} onChange={(event) => onChange({ required: event.target.checked })} />
          <span>Question {number}: respondents must give an address</span>
        </label>
      )}
      {question.type === 'rating' && (
        <div className="research-editor__scale">
          <TextField
            label="Lowest rating"
            type="number"
            min={RATING_LOWEST}
            max={RATING_HIGHEST}
            value={question.min}
            onChange={(event) => onChange({ min: event.target.value })}
          />
          <TextField
            label="Highest rating"
            type="number"
            min={RATING_LOWEST}
            max={RATING_HIGHEST}
            value={question.max}
            onChange={(event) => onChange({ max: event.target.value })}
          />
          <TextField
            label="Label of the lowest"
            autoComplete="off"
            value={question.minLabel}
            onChange={(event) => onChange({ minLabel: event.target.value })}
          />
          <TextField
            label="Label of the highest"
            autoComplete="off"
            value={question.maxLabel}
            onChange={(event) => onChange({ maxLabel: event.target.value })}
          />
        </div>
      )}
    </li>
  );
}

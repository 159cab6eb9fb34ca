import { useId, useLayoutEffect, useRef } from 'react';
import { EMAIL_ANSWER_MAX, EMAIL_SHAPE, isRequiredEmail, ratingScale, TEXT_ANSWER_MAX, type PublicQuestion } from '#contracts/research';
import '../../components/FormField.css';

/** What a respondent has given for one question so far. */
export type Answer = string | number | string[] | null;

interface ControlProps {
  question: PublicQuestion;
  value: Answer;
  onChange: (value: Answer) => void;
  /** Shown under the control and linked to it (the e-mail's format, for instance). */
  error?: string | null;
  /** The respondent left the control (the e-mail field checks its address then). */
  onBlur?: () => void;
}

/** One card per question: its text, then the control its type calls for. */
export function QuestionCard(props: ControlProps & { number: number }) {
  const { question } = props;
  return (
    <li className="question-card">
      {question.type === 'multiple_choice' || question.type === 'checkbox' ? (
        <ChoiceQuestion {...props} />
      ) : question.type === 'rating' ? (
        <RatingQuestion {...props} />
      ) : question.type === 'email' ? (
        <EmailQuestion {...props} />
      ) : (
        <TextQuestion {...props} />
      )}
    </li>
  );
}

function Prompt({ number, text, id }: { number: number; text: string; id?: string }) {
  return (
    <span className="question-card__text" id={id}>
      <span className="question-card__number" aria-hidden="true">
        {number}.
      </span>{' '}
      {text}
    </span>
  );
}

/** Free text: grows with its content, up to 2000 characters. */
function TextQuestion({ question, value, onChange, number }: ControlProps & { number: number }) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const text = typeof value === 'string' ? value : '';
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${box.scrollHeight + 2}px`;
  }, [text]);
  return (
    <div className="question-card__body">
      <label htmlFor={id} className="question-card__label">
        <Prompt number={number} text={question.text} />
      </label>
      <textarea
        ref={ref}
        id={id}
        className="field__input question-card__textarea"
        rows={3}
        maxLength={TEXT_ANSWER_MAX}
        value={text}
        aria-describedby={`${id}-count`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="question-card__hint" id={`${id}-count`}>
        {text.length}/{TEXT_ANSWER_MAX} characters
      </p>
    </div>
  );
}

/** multiple_choice: one option (radio); checkbox: several. */
function ChoiceQuestion({ question, value, onChange, number }: ControlProps & { number: number }) {
  const name = useId();
  const several = question.type === 'checkbox';
  const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const toggle = (option: string, on: boolean) => {
    if (!several) return onChange(option);
    const next = on ? [...chosen, option] : chosen.filter((item) => item !== option);
    // Kept in the order of the options, whatever order they were ticked in.
    onChange((question.options ?? []).filter((item) => next.includes(item)));
  };
  return (
    <fieldset className="question-card__body">
      <legend className="question-card__label">
        <Prompt number={number} text={question.text} />
        {several && <span className="question-card__hint question-card__hint--inline"> (choose any)</span>}
      </legend>
      <div className="choice-list">
        {(question.options ?? []).map((option) => (
          <label key={option} className="choice">
            <input
              type={several ? 'checkbox' : 'radio'}
              name={name}
              value={option}
              checked={chosen.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A scale of numbered choices; the labels of its ends show under it. */
function RatingQuestion({ question, value, onChange, number }: ControlProps & { number: number }) {
  const name = useId();
  const { min, max } = ratingScale(question.config);
  const labels = question.config?.labels ?? {};
  const values = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  return (
    <fieldset className="question-card__body">
      <legend className="question-card__label">
        <Prompt number={number} text={question.text} />
      </legend>
      <div className="rating">
        <div className="rating__scale">
          {values.map((rating) => (
            <label key={rating} className="rating__option">
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                aria-label={labels[String(rating)] ? `${rating}, ${labels[String(rating)]}` : String(rating)}
              />
              <span aria-hidden="true">{rating}</span>
            </label>
          ))}
        </div>
        {(labels[String(min)] || labels[String(max)]) && (
          <div className="rating__labels" aria-hidden="true">
            <span>{labels[String(min)] ?? ''}</span>
            <span>{labels[String(max)] ?? ''}</span>
          </div>
        )}
      </div>
    </fieldset>
  );
}

/**
 * An e-mail address field, optional or required as the founder set it. A malformed address is
 * refused at the field (on leaving it and on submit), never dropped: whatever the respondent
 * typed is either sent or shown back with what to fix.
 */
export function EmailQuestion({ question, value, onChange, number, error, onBlur }: ControlProps & { number: number; onBlur?: () => void }) {
  const inputId = useId();
  const email = typeof value === 'string' ? value : '';
  const required = isRequiredEmail(question);
  return (
    <div className="question-card__body">
      <label htmlFor={inputId} className="question-card__label">
        <Prompt number={number} text={question.text} />
        <span className="question-card__hint question-card__hint--inline"> ({required ? 'required' : 'optional'})</span>
      </label>
      <input
        id={inputId}
        className="field__input question-card__email"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        autoCapitalize="off"
        maxLength={EMAIL_ANSWER_MAX}
        placeholder="name@example.com"
        value={email}
        required={required}
        aria-required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error && (
        <p className="question-card__error" id={`${inputId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export const EMAIL_INVALID = 'Enter a valid e-mail address, like name@example.com, or leave it empty.';
export const EMAIL_MISSING = 'Enter your e-mail address: this question is required.';

/** What is wrong with an e-mail question's answer, or null. */
export function emailProblem(question: PublicQuestion, value: Answer): string | null {
  const email = typeof value === 'string' ? value.trim() : '';
  if (email === '') return isRequiredEmail(question) ? EMAIL_MISSING : null;
  return EMAIL_SHAPE.test(email) ? null : isRequiredEmail(question) ? 'Enter a valid e-mail address, like name@example.com.' : EMAIL_INVALID;
}

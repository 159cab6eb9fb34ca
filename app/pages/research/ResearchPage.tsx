import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useParams, useSearchParams } from 'react-router';
import { isEmptyAnswer, LIMIT_REACHED, NOTHING_ANSWERED, PAGE_CLOSED, SURVEYSWAP_ID_SHAPE, type PublicQuestion, type ResearchAsker } from '#contracts/research';
import { FullScreenLoader, Spinner } from '../../components/Spinner';
import { LogoMark } from '../../components/TopBar';
import { api, ApiError, send } from '../../lib/api';
import { reportError } from '../../lib/error-reporting';
import { emailProblem, QuestionCard, type Answer } from './QuestionControls';
import { answeredAt, clearDraft, markAnswered, readDraft, writeDraft } from './saved-answers';
import './ResearchPage.css';

export const NOT_FOUND = 'Research page not found';
export const CLOSED_HEADING = 'This research page is closed';
export const LIMIT_TEXT = 'This research page has reached its maximum number of responses and is no longer accepting submissions.';
export const SUBMIT_FAILED = 'Failed to submit responses. Please try again.';
export const THANK_YOU = 'Thank you for your feedback!';
export const SUBMITTED = 'Your responses have been successfully submitted';
export const ALREADY_ANSWERED = 'You already answered this page';

/** What the page says about itself, above its questions. */
interface PageIntro {
  title: string;
  introduction: string;
  asker: ResearchAsker;
}

type View =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'closed' }
  | { state: 'limit' }
  | { state: 'form'; questions: PublicQuestion[] }
  | { state: 'answered'; at: number }
  | { state: 'submitted' };

/** "Asked by Maya Chen for Clinic Reminders": whichever of the two the page has. */
export function askedBy(asker: ResearchAsker): string {
  if (asker.name && asker.project) return `Asked by ${asker.name}, for ${asker.project}`;
  if (asker.name) return `Asked by ${asker.name}`;
  if (asker.project) return `Asked by the team behind ${asker.project}`;
  return 'Asked by a founder researching a problem';
}

/** The partner id from the address, once: it is removed from the address bar on load. */
function usePartnerId(urlKey: string): string | null {
  const [params, setParams] = useSearchParams();
  const [id] = useState(() => {
    const fromAddress = params.get('surveyswap_id');
    if (fromAddress !== null) return SURVEYSWAP_ID_SHAPE.test(fromAddress) ? fromAddress : null;
    return readDraft(urlKey)?.surveyswapId ?? null;
  });
  useEffect(() => {
    if (!params.has('surveyswap_id')) return;
    const rest = new URLSearchParams(params);
    rest.delete('surveyswap_id');
    setParams(rest, { replace: true, preventScrollReset: true });
  }, [params, setParams]);
  return id;
}

/** The public research page: loading, not found, limit, form, thank you. */
export function Component() {
  const urlKey = useParams().urlKey ?? '';
  const partnerId = usePartnerId(urlKey);
  const [view, setView] = useState<View>({ state: 'loading' });
  const [intro, setIntro] = useState<PageIntro | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    send(() => api.research[':urlKey'].$get({ param: { urlKey } }))
      .then((response) => response.json())
      .then(({ research_page }) => {
        if (!current) return;
        setIntro({ title: research_page.title, introduction: research_page.introduction, asker: research_page.asker });
        const answered = answeredAt(urlKey);
        if (answered !== null) setView({ state: 'answered', at: answered });
        else if (research_page.has_reached_limit) setView({ state: 'limit' });
        else setView({ state: 'form', questions: research_page.questions });
      })
      .catch((error: unknown) => {
        if (!current) return;
        // A closed page says so (410); its founder may reopen it.
        if (error instanceof ApiError && error.status === 410) return setView({ state: 'closed' });
        // Spec section 8: a failed load is logged and shows 'Research page not found'. An unknown
        // key is the server's considered answer, not a fault worth a report.
        if (!(error instanceof ApiError && error.status === 404)) {
          console.error('Loading the research page failed', error);
          void reportError(error, { type: 'research-page-load', component: 'ResearchPage' });
        }
        setView({ state: 'not-found' });
      });
    return () => {
      current = false;
    };
  }, [urlKey]);

  // Keyboard and screen-reader users land on the new view's heading when the form gives way.
  const previous = useRef(view.state);
  useEffect(() => {
    if (previous.current === 'form' && view.state !== 'form') headingRef.current?.focus();
    previous.current = view.state;
  }, [view.state]);

  if (view.state === 'loading') return <FullScreenLoader />;

  return (
    <div className="research">
      <header className="research__header">
        <Link to="/" className="research__brand" aria-label="Launchmate home">
          <LogoMark />
          <span>Launchmate</span>
        </Link>
      </header>
      <main id="main" className="research__main">
        <h1 className="research__title">{intro?.title || 'Research page'}</h1>
        {intro && (
          <>
            <p className="research__asker">{askedBy(intro.asker)}</p>
            {intro.introduction && <p className="research__lead">{intro.introduction}</p>}
          </>
        )}
        {view.state === 'not-found' && (
          <div className="research__panel research__panel--center">
            <h2 ref={headingRef} tabIndex={-1}>
              {NOT_FOUND}
            </h2>
            <p>The link may be mistyped, or the page is no longer open.</p>
            <Link to="/" className="button button--secondary">
              Go to Homepage
            </Link>
          </div>
        )}
        {view.state === 'closed' && (
          <div className="research__panel research__panel--center">
            <h2 ref={headingRef} tabIndex={-1}>
              {CLOSED_HEADING}
            </h2>
            <p>{PAGE_CLOSED}</p>
          </div>
        )}
        {view.state === 'limit' && (
          <div className="research__panel research__panel--center">
            <h2 ref={headingRef} tabIndex={-1}>
              {LIMIT_REACHED}
            </h2>
            <p>{LIMIT_TEXT}</p>
          </div>
        )}
        {view.state === 'answered' && (
          <div className="research__panel research__panel--center">
            <h2 ref={headingRef} tabIndex={-1}>
              {ALREADY_ANSWERED}
            </h2>
            <p>
              Your answers were sent from this browser on {new Date(view.at).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}.
              Thank you: there is nothing more to do.
            </p>
          </div>
        )}
        {view.state === 'submitted' && (
          <div className="research__panel research__panel--center" role="status">
            <h2 ref={headingRef} tabIndex={-1}>
              {THANK_YOU}
            </h2>
            <p>{SUBMITTED}</p>
          </div>
        )}
        {view.state === 'form' && (
          <ResearchForm urlKey={urlKey} questions={view.questions} partnerId={partnerId} onDone={(outcome) => setView({ state: outcome })} />
        )}
      </main>
    </div>
  );
}

function ResearchForm({
  urlKey,
  questions,
  partnerId,
  onDone,
}: {
  urlKey: string;
  questions: PublicQuestion[];
  partnerId: string | null;
  onDone: (outcome: 'submitted' | 'limit' | 'closed') => void;
}) {
  const [answers, setAnswers] = useState<Record<string, Answer>>(() => restoredAnswers(urlKey, questions));
  const [honeypot, setHoneypot] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [emailErrors, setEmailErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const messageRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    writeDraft(urlKey, { answers, surveyswapId: partnerId });
  }, [urlKey, answers, partnerId]);

  const change = (sequence: number, value: Answer) => {
    setAnswers((current) => ({ ...current, [sequence]: value }));
    setMessage(null);
    setEmailErrors((current) => {
      if (!(sequence in current)) return current;
      const { [sequence]: _, ...rest } = current;
      return rest;
    });
  };

  // An address is checked when the respondent leaves its field; an empty optional one is fine.
  const checkEmail = (question: PublicQuestion) => {
    const value = answers[question.sequence] ?? null;
    if (typeof value !== 'string' || value.trim() === '') return;
    const problem = emailProblem(question, value);
    if (problem) setEmailErrors((current) => ({ ...current, [question.sequence]: problem }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Spec section 5: only answered questions are sent, and at least one must be answered.
    const responses = questions.flatMap((question) => {
      const value = answers[question.sequence];
      if (value === undefined || value === null || isEmptyAnswer(value)) return [];
      return [{ sequence: question.sequence, question: question.text, response: typeof value === 'string' ? value.trim() : value }];
    });
    const badEmails = Object.fromEntries(
      questions.flatMap((question) => {
        const problem = question.type === 'email' ? emailProblem(question, answers[question.sequence] ?? null) : null;
        return problem ? [[question.sequence, problem]] : [];
      }),
    );
    flushSync(() => setEmailErrors(badEmails));
    if (responses.length === 0 && Object.keys(badEmails).length === 0) {
      setMessage(NOTHING_ANSWERED);
      messageRef.current?.focus();
      return;
    }
    if (Object.keys(badEmails).length > 0) {
      setMessage(null);
      // The first address to fix, with its message read out through aria-describedby.
      document.querySelector<HTMLInputElement>('.research__form input[aria-invalid="true"]')?.focus();
      return;
    }

    setMessage(null);
    setSubmitting(true);
    try {
      const response = await send(() => api.research[':urlKey'].submit.$post({ param: { urlKey }, json: { responses, honeypot, surveyswap_id: partnerId } }));
      const { redirect_to } = await response.json();
      clearDraft(urlKey);
      markAnswered(urlKey);
      setAnswers({});
      onDone('submitted');
      // The partner's callback carries the respondent's id; the address comes
      // from the server's configuration, never from the page's own address.
      if (redirect_to) window.location.assign(redirect_to);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.serverMessage === LIMIT_REACHED) {
        onDone('limit');
        return;
      }
      if (error instanceof ApiError && error.status === 410) {
        onDone('closed');
        return;
      }
      if (!(error instanceof ApiError && error.status < 500)) console.error('Submitting research responses failed', error);
      setMessage(SUBMIT_FAILED);
      setSubmitting(false);
    }
  }

  return (
    <form className="research__form" noValidate onSubmit={(event) => void submit(event)}>
      <h2>Questions</h2>
      <ol className="research__questions">
        {questions.map((question, index) => (
          <QuestionCard
            key={question.sequence}
            number={index + 1}
            question={question}
            value={answers[question.sequence] ?? null}
            error={emailErrors[question.sequence] ?? null}
            onChange={(value) => change(question.sequence, value)}
            onBlur={question.type === 'email' ? () => checkEmail(question) : undefined}
          />
        ))}
      </ol>
      {/* docs/security.md §18: people never see or reach this field; bots that fill every input do. */}
      <div className="research__honeypot" aria-hidden="true">
        <label htmlFor="research-phone">Phone</label>
        <input
          id="research-phone"
          type="text"
          name="phone"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(event) => setHoneypot(event.target.value)}
        />
      </div>
      <div className="research__actions">
        <p ref={messageRef} tabIndex={-1} className="research__message" role="alert">
          {message}
        </p>
        <button type="submit" className="button research__submit" disabled={submitting}>
          {submitting && <Spinner />}
          Submit
        </button>
      </div>
    </form>
  );
}

/** Saved answers of this page that still fit its questions (the founder may have edited it). */
function restoredAnswers(urlKey: string, questions: PublicQuestion[]): Record<string, Answer> {
  const saved = readDraft(urlKey)?.answers ?? {};
  const restored: Record<string, Answer> = {};
  for (const question of questions) {
    const value = saved[question.sequence];
    if (value === undefined || value === null) continue;
    const fits =
      question.type === 'rating'
        ? typeof value === 'number'
        : question.type === 'checkbox'
          ? Array.isArray(value) && value.every((item) => question.options?.includes(item))
          : question.type === 'multiple_choice'
            ? typeof value === 'string' && (question.options ?? []).includes(value)
            : typeof value === 'string';
    if (fits) restored[question.sequence] = value;
  }
  return restored;
}

import { useEffect, useId, useState } from 'react';
import type { InferResponseType } from 'hono/client';
import { Link, useParams } from 'react-router';
import type { StoredAnswer } from '#contracts/research';
import { useNotify } from '../../lib/notifications';
import { Spinner } from '../../components/Spinner';
import { api, ApiError, withSession } from '../../lib/api';
import { saveDownload } from '../../lib/download';
import { errorMessage, logUnexpected } from '../../lib/forms';
import './ResearchResponses.css';

type Report = InferResponseType<(typeof api.research.pages)[':urlKey']['responses']['$get'], 200>;
type Summary = Report['summaries'][number];
type Themes = InferResponseType<(typeof api.research.pages)[':urlKey']['questions'][':sequence']['themes']['$post'], 200>;

type State = { state: 'loading' } | { state: 'not-found' } | { state: 'failed' } | { state: 'ready'; report: Report };

const formatTime = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const answerText = (value: StoredAnswer['response'] | undefined) => (value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value));

/** /research/{urlKey}/responses: the count, summaries per question, every response, and a CSV. */
export function Component() {
  const urlKey = useParams().urlKey ?? '';
  const [view, setView] = useState<State>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    withSession(() => api.research.pages[':urlKey'].responses.$get({ param: { urlKey } }))
      .then((response) => response.json())
      .then((report) => {
        if (current) setView({ state: 'ready', report });
      })
      .catch((error: unknown) => {
        if (!current) return;
        logUnexpected('Loading research responses failed', error);
        setView({ state: error instanceof ApiError && error.status === 404 ? 'not-found' : 'failed' });
      });
    return () => {
      current = false;
    };
  }, [urlKey, attempt]);

  return (
    <div className="responses page">
      <p className="responses__back">
        <Link to="/dashboard">← Dashboard</Link>
      </p>
      <h1>Research responses</h1>
      {view.state === 'loading' && (
        <div className="responses__state">
          <Spinner label="Loading responses" />
        </div>
      )}
      {view.state === 'not-found' && (
        <div className="responses__panel responses__state">
          <h2>Research page not found</h2>
          <p>It may not exist, or it belongs to a project you are not a member of.</p>
        </div>
      )}
      {view.state === 'failed' && (
        <div className="responses__panel responses__state">
          <p>We could not load the responses. Please try again.</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {view.state === 'ready' && <ReportView report={view.report} />}
    </div>
  );
}

function ReportView({ report }: { report: Report }) {
  const { page, responses, summaries } = report;
  const tableId = useId();
  const count = `${responses.length} ${responses.length === 1 ? 'response' : 'responses'}${page.max_responses ? ` of ${page.max_responses}` : ''}`;
  // The partner column only when a respondent came through the partner.
  const withPartner = responses.some((response) => response.surveyswap_id !== null);
  return (
    <>
      <div className="responses__head">
        <div>
          <p className="responses__title">
            {page.title} {page.status === 'closed' && <span className="tag">Closed</span>}
            {page.status === 'full' && <span className="tag responses__full">Full</span>}
          </p>
          <p className="responses__count" aria-live="polite">
            {count}
            {page.status === 'full' && ' · the limit is reached, so the page takes no more responses'}
          </p>
        </div>
        <CsvButton urlKey={page.url_key} disabled={responses.length === 0} />
      </div>

      <section className="responses__panel" aria-labelledby={`${tableId}-summary`}>
        <h2 id={`${tableId}-summary`}>Summary</h2>
        <ol className="summaries">
          {summaries.map((summary) => (
            <SummaryCard key={summary.sequence} urlKey={page.url_key} summary={summary} />
          ))}
        </ol>
      </section>

      <section className="responses__panel" aria-labelledby={`${tableId}-all`}>
        <h2 id={`${tableId}-all`}>All responses</h2>
        {responses.length === 0 ? (
          <p className="responses__muted">No responses yet. Share the page's link to collect some.</p>
        ) : (
          // Focusable, so keyboard users can scroll a table wider than the screen.
          <div className="responses__table-wrap" tabIndex={0} role="region" aria-labelledby={`${tableId}-all`}>
            <table className="responses__table">
              <thead>
                <tr>
                  <th scope="col">Submitted</th>
                  {withPartner && <th scope="col">Partner id</th>}
                  {page.questions.map((question) => (
                    <th scope="col" key={question.sequence}>
                      {question.text}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {responses.map((response) => {
                  const bySequence = new Map(response.answers.map((answer) => [answer.sequence, answer.response]));
                  return (
                    <tr key={response.id}>
                      <td>
                        <time dateTime={new Date(response.created_at).toISOString()}>{formatTime(response.created_at)}</time>
                      </td>
                      {withPartner && <td>{response.surveyswap_id ?? '—'}</td>}
                      {page.questions.map((question) => (
                        <td key={question.sequence}>{answerText(bySequence.get(question.sequence))}</td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function SummaryCard({ urlKey, summary }: { urlKey: string; summary: Summary }) {
  return (
    <li className="summary">
      <h3>{summary.text}</h3>
      <p className="responses__muted">
        {summary.answered} answered · {summary.empty} left empty
        {summary.average !== null && (
          <>
            {' '}
            · average rating <strong>{summary.average}</strong>
          </>
        )}
      </p>
      {summary.counts && <Bars counts={summary.counts} />}
      {summary.type === 'text' && summary.answered > 0 && <ThemesPanel urlKey={urlKey} sequence={summary.sequence} />}
    </li>
  );
}

/** Counts per option or rating value, each with its share of those who answered; labels wrap, never cut. */
function Bars({ counts }: { counts: NonNullable<Summary['counts']> }) {
  const widest = Math.max(1, ...counts.map((c) => c.count));
  return (
    <ul className="bars">
      {counts.map(({ value, count, percent }) => (
        <li key={value} className="bar">
          <span className="bar__label">{value}</span>
          <span className="bar__count">
            {count} <span className="bar__percent">({percent}%)</span>
          </span>
          <span className="bar__track" aria-hidden="true">
            <span className="bar__fill" style={{ width: `${(count / widest) * 100}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

type ThemesState = { state: 'idle' } | { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; result: Themes };

/** 'Summarize themes' of a free-text question: the model's grouping, quoted in respondents' own words. */
function ThemesPanel({ urlKey, sequence }: { urlKey: string; sequence: number }) {
  const [view, setView] = useState<ThemesState>({ state: 'idle' });
  const headingId = useId();

  async function summarize() {
    setView({ state: 'loading' });
    try {
      const response = await withSession(() =>
        api.research.pages[':urlKey'].questions[':sequence'].themes.$post({ param: { urlKey, sequence: String(sequence) } }),
      );
      setView({ state: 'ready', result: await response.json() });
    } catch (error) {
      // The server's own message (a failed or timed-out model) is an answer, not a fault of ours.
      if (!(error instanceof ApiError && error.serverMessage)) logUnexpected('Summarizing research themes failed', error);
      setView({ state: 'failed', message: errorMessage(error, 'We could not summarize the themes this time. Please retry.') });
    }
  }

  if (view.state === 'idle') {
    return (
      <button type="button" className="button button--secondary responses__themes-button" onClick={() => void summarize()}>
        Summarize themes
      </button>
    );
  }
  if (view.state === 'loading') return <Spinner label="Summarizing themes" />;
  if (view.state === 'failed') {
    return (
      <div className="themes themes--failed" role="alert">
        <p>{view.message}</p>
        <button type="button" className="button button--secondary" onClick={() => void summarize()}>
          Retry
        </button>
      </div>
    );
  }
  const { themes, read, total } = view.result;
  return (
    <section className="themes" aria-labelledby={headingId}>
      <h4 id={headingId}>Themes</h4>
      {read < total && (
        <p className="responses__muted">
          Read the {read} most recent of {total} answers.
        </p>
      )}
      {themes.length === 0 ? (
        <p className="responses__muted">No themes could be backed by the answers' own words.</p>
      ) : (
        <ul className="themes__list">
          {themes.map((theme) => (
            <li key={theme.name} className="theme">
              <p className="theme__name">
                <strong>{theme.name}</strong> · {theme.count} {theme.count === 1 ? 'answer' : 'answers'}
              </p>
              {theme.quotes.map((quote) => (
                <blockquote key={quote} className="theme__quote">
                  “{quote}”
                </blockquote>
              ))}
            </li>
          ))}
        </ul>
      )}
      <p className="responses__muted themes__note">Grouped by AI; every quote is copied from an answer.</p>
    </section>
  );
}

/** Fetches the CSV through the session wrapper (the access token may need a refresh), then saves it. */
function CsvButton({ urlKey, disabled }: { urlKey: string; disabled: boolean }) {
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      const response = await withSession(() => api.research.pages[':urlKey'].responses.csv.$get({ param: { urlKey } }));
      await saveDownload(response, 'Research responses.csv');
    } catch (error) {
      logUnexpected('Downloading the CSV failed', error);
      notify.error('We could not download the CSV. Please try again.');
    } finally {
      setDownloading(false);
    }
  }
  return (
    <button type="button" className="button" disabled={disabled || downloading} onClick={() => void download()}>
      {downloading && <Spinner />}
      Download CSV
    </button>
  );
}

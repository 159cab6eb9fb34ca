import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { PublicQuestion, StoredAnswer } from '#contracts/research';
import { useNotify } from '../../lib/notifications';
import { Spinner } from '../../components/Spinner';
import { api, ApiError, withSession } from '../../lib/api';
import { logUnexpected } from '../../lib/forms';
import './ResearchResponses.css';

interface Summary {
  sequence: number;
  text: string;
  type: PublicQuestion['type'];
  answered: number;
  counts: { value: string; count: number }[] | null;
  average: number | null;
}

interface Report {
  page: { url_key: string; title: string; max_responses: number | null; closed: boolean; questions: PublicQuestion[] };
  responses: { id: number; answers: StoredAnswer[]; surveyswap_id: string | null; created_at: number }[];
  summaries: Summary[];
}

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
  return (
    <>
      <div className="responses__head">
        <div>
          <p className="responses__title">
            {page.title} {page.closed && <span className="tag">Closed</span>}
          </p>
          <p className="responses__count" aria-live="polite">
            {count}
          </p>
        </div>
        <CsvButton urlKey={page.url_key} disabled={responses.length === 0} />
      </div>

      <section className="responses__panel" aria-labelledby={`${tableId}-summary`}>
        <h2 id={`${tableId}-summary`}>Summary</h2>
        <ol className="summaries">
          {summaries.map((summary) => (
            <li key={summary.sequence} className="summary">
              <h3>{summary.text}</h3>
              <p className="responses__muted">
                {summary.answered} {summary.answered === 1 ? 'answer' : 'answers'}
                {summary.average !== null && (
                  <>
                    {' '}
                    · average rating <strong>{summary.average}</strong>
                  </>
                )}
              </p>
              {summary.counts && <Bars counts={summary.counts} total={Math.max(1, ...summary.counts.map((c) => c.count))} />}
            </li>
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
                  <th scope="col">Partner id</th>
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
                      <td>{response.surveyswap_id ?? '—'}</td>
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

function Bars({ counts, total }: { counts: { value: string; count: number }[]; total: number }) {
  return (
    <ul className="bars">
      {counts.map(({ value, count }) => (
        <li key={value} className="bar">
          <span className="bar__label">{value}</span>
          <span className="bar__track" aria-hidden="true">
            <span className="bar__fill" style={{ width: `${(count / total) * 100}%` }} />
          </span>
          <span className="bar__count">{count}</span>
        </li>
      ))}
    </ul>
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
      const blob = await response.blob();
      const address = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = address;
      anchor.download = `research-${urlKey}.csv`;
      document.body.appendChild(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(address), 10_000);
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

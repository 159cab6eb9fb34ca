import { useEffect, useId, useState } from 'react';
import type { InferResponseType } from 'hono/client';
import { Link } from 'react-router';
import type { PageStatus, ResearchPageInput } from '#contracts/research';
import { useNotify } from '../../lib/notifications';
import { Spinner } from '../../components/Spinner';
import { api, withSession } from '../../lib/api';
import { errorMessage, logUnexpected } from '../../lib/forms';
import { ResearchPageEditor } from './ResearchPageEditor';
import './ResearchSection.css';

type PageSummary = InferResponseType<(typeof api.research.projects)[':projectId']['pages']['$get'], 200>['pages'][number];

const STATUS_LABELS: Record<PageStatus, string> = { live: 'Open', full: 'Full', closed: 'Closed' };

const publicLink = (urlKey: string) => new URL(`/research/${urlKey}`, window.location.origin).href;

/** Research pages of one project, on the dashboard: create, share, edit, close and reopen. */
export function ResearchSection({ projectId }: { projectId: string }) {
  const notify = useNotify();
  const headingId = useId();
  const [pages, setPages] = useState<PageSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState<'new' | string | null>(null);

  useEffect(() => {
    let current = true;
    withSession(() => api.research.projects[':projectId'].pages.$get({ param: { projectId } }))
      .then((response) => response.json())
      .then(({ pages: loaded }) => {
        if (!current) return;
        setPages(loaded);
        setFailed(false);
      })
      .catch((error: unknown) => {
        if (!current) return;
        logUnexpected('Loading research pages failed', error);
        setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [projectId, attempt]);

  const reload = () => setAttempt((n) => n + 1);

  async function create(input: ResearchPageInput) {
    try {
      await withSession(() => api.research.projects[':projectId'].pages.$post({ param: { projectId }, json: input }));
    } catch (error) {
      throw new Error(errorMessage(error, 'We could not create the research page. Please try again.'));
    }
    notify.success('Research page created.');
    setEditing(null);
    reload();
  }

  async function edit(urlKey: string, input: ResearchPageInput) {
    try {
      await withSession(() => api.research.pages[':urlKey'].$put({ param: { urlKey }, json: input }));
    } catch (error) {
      throw new Error(errorMessage(error, 'We could not save the research page. Please try again.'));
    }
    notify.success('Research page saved.');
    setEditing(null);
    reload();
  }

  const editedPage = pages?.find((page) => page.url_key === editing);

  return (
    <section className="dashboard__panel research-section" aria-labelledby={headingId}>
      <div className="dashboard__panel-head">
        <h2 id={headingId}>Research pages</h2>
        {editing === null && pages !== null && (
          <button type="button" className="button button--secondary dashboard__small-button" onClick={() => setEditing('new')}>
            New research page
          </button>
        )}
      </div>
      <p className="dashboard__muted">Questionnaires you share with a link; anyone can answer them, no account needed.</p>

      {editing === 'new' && (
        <div className="research-section__editor">
          <h3>New research page</h3>
          <ResearchPageEditor submitLabel="Create research page" onSave={create} onCancel={() => setEditing(null)} />
        </div>
      )}
      {editedPage && (
        <div className="research-section__editor">
          <h3>Edit “{editedPage.title}”</h3>
          {editedPage.response_count > 0 && (
            <p className="dashboard__muted">
              This page has responses: answered questions keep their text, type, chosen options and given ratings. You can change the title and the limit, and
              add new questions at the end.
            </p>
          )}
          <ResearchPageEditor
            initial={editedPage}
            submitLabel="Save changes"
            onSave={(input) => edit(editedPage.url_key, input)}
            onCancel={() => setEditing(null)}
          />
        </div>
      )}

      {pages === null ? (
        failed ? (
          <div className="research-section__state">
            <p>We could not load the research pages.</p>
            <button type="button" className="button button--secondary" onClick={reload}>
              Try again
            </button>
          </div>
        ) : (
          <div className="research-section__state">
            <Spinner label="Loading research pages" />
          </div>
        )
      ) : pages.length === 0 ? (
        editing === null && <p className="research-section__empty">No research pages yet.</p>
      ) : (
        <ul className="research-pages">
          {pages.map((page) => (
            <ResearchPageItem key={page.url_key} page={page} onEdit={() => setEditing(page.url_key)} onChanged={reload} editingAny={editing !== null} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ResearchPageItem({ page, onEdit, onChanged, editingAny }: { page: PageSummary; onEdit: () => void; onChanged: () => void; editingAny: boolean }) {
  const notify = useNotify();
  const linkId = useId();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const link = publicLink(page.url_key);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      notify.success('Link copied to clipboard!');
    } catch (error) {
      console.error('Copying the research link failed', error);
      (document.getElementById(linkId) as HTMLInputElement | null)?.select();
      notify.error('Failed to copy link to clipboard.');
    }
  }

  /** Close or reopen; both are idempotent on the server, so a repeated click is harmless. */
  async function change(action: 'close' | 'reopen') {
    setBusy(true);
    try {
      const param = { param: { urlKey: page.url_key } };
      if (action === 'close') await withSession(() => api.research.pages[':urlKey'].close.$post(param));
      else await withSession(() => api.research.pages[':urlKey'].reopen.$post(param));
      notify.success(action === 'close' ? 'Research page closed.' : 'Research page reopened.');
      onChanged();
    } catch (error) {
      notify.error(errorMessage(error, `We could not ${action} the research page. Please try again.`));
    } finally {
      // The item stays on screen with its new state: ready to be reopened (or closed) again.
      setBusy(false);
      setConfirming(false);
    }
  }

  const count = `${page.response_count} ${page.response_count === 1 ? 'response' : 'responses'}${page.max_responses ? ` of ${page.max_responses}` : ''}`;
  return (
    <li className="research-page" aria-label={page.title}>
      <div className="research-page__head">
        <h3 className="research-page__title">{page.title}</h3>
        <span className={`tag research-page__status research-page__status--${page.status}`}>{STATUS_LABELS[page.status]}</span>
      </div>
      <p className="dashboard__muted">
        {page.questions.length} {page.questions.length === 1 ? 'question' : 'questions'} · {count}
        {page.status === 'full' && ' · its limit is reached, so it takes no more responses'}
      </p>
      {!page.closed && (
        <div className="invitation__link research-page__link">
          <label className="visually-hidden" htmlFor={linkId}>
            Public link of {page.title}
          </label>
          <input id={linkId} className="field__input" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="button button--secondary" onClick={() => void copy()}>
            Copy link
          </button>
        </div>
      )}
      <div className="inline-form__actions research-page__actions">
        <Link to={`/research/${page.url_key}/responses`} className="button button--secondary dashboard__small-button">
          View responses
        </Link>
        {!page.closed && !editingAny && (
          <button type="button" className="button button--secondary dashboard__small-button" onClick={onEdit}>
            Edit
          </button>
        )}
        {page.closed ? (
          <button type="button" className="button button--secondary dashboard__small-button" disabled={busy} onClick={() => void change('reopen')}>
            {busy && <Spinner />}
            Reopen
          </button>
        ) : confirming ? (
          <>
            <button type="button" className="button dashboard__small-button research-page__danger" disabled={busy} onClick={() => void change('close')}>
              {busy && <Spinner />}
              Yes, close it
            </button>
            <button type="button" className="button button--secondary dashboard__small-button" disabled={busy} onClick={() => setConfirming(false)}>
              Keep open
            </button>
          </>
        ) : (
          <button type="button" className="button button--secondary dashboard__small-button" onClick={() => setConfirming(true)}>
            Close page
          </button>
        )}
      </div>
      {confirming && (
        <p className="research-page__warning" role="status">
          Respondents will be told the page is closed. You can reopen it later.
        </p>
      )}
    </li>
  );
}

import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { PublicQuestion, ResearchPageInput } from '#contracts/research';
import { useNotify } from '../../lib/notifications';
import { Spinner } from '../../components/Spinner';
import { api, withSession } from '../../lib/api';
import { errorMessage, logUnexpected } from '../../lib/forms';
import { ResearchPageEditor } from './ResearchPageEditor';
import './ResearchSection.css';

interface PageSummary {
  url_key: string;
  title: string;
  max_responses: number | null;
  closed: boolean;
  response_count: number;
  created_at: number;
  questions: PublicQuestion[];
}

const publicLink = (urlKey: string) => new URL(`/research/${urlKey}`, window.location.origin).href;

/** Research pages of one project, on the dashboard: create, share, edit (until answered), close. */
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
            <ResearchPageItem key={page.url_key} page={page} onEdit={() => setEditing(page.url_key)} onClosed={reload} editingAny={editing !== null} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ResearchPageItem({ page, onEdit, onClosed, editingAny }: { page: PageSummary; onEdit: () => void; onClosed: () => void; editingAny: boolean }) {
  const notify = useNotify();
  const linkId = useId();
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);
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

  async function close() {
    setClosing(true);
    try {
      await withSession(() => api.research.pages[':urlKey'].close.$post({ param: { urlKey: page.url_key } }));
      notify.success('Research page closed.');
      onClosed();
    } catch (error) {
      notify.error(errorMessage(error, 'We could not close the research page. Please try again.'));
      setClosing(false);
      setConfirming(false);
    }
  }

  const count = `${page.response_count} ${page.response_count === 1 ? 'response' : 'responses'}${page.max_responses ? ` of ${page.max_responses}` : ''}`;
  return (
    <li className="research-page" aria-label={page.title}>
      <div className="research-page__head">
        <h3 className="research-page__title">{page.title}</h3>
        <span className={`tag${page.closed ? '' : ' tag--free'}`}>{page.closed ? 'Closed' : 'Open'}</span>
      </div>
      <p className="dashboard__muted">
        {page.questions.length} {page.questions.length === 1 ? 'question' : 'questions'} · {count}
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
        {!page.closed && page.response_count === 0 && !editingAny && (
          <button type="button" className="button button--secondary dashboard__small-button" onClick={onEdit}>
            Edit
          </button>
        )}
        {!page.closed &&
          (confirming ? (
            <>
              <button type="button" className="button dashboard__small-button research-page__danger" disabled={closing} onClick={() => void close()}>
                {closing && <Spinner />}
                Yes, close it
              </button>
              <button type="button" className="button button--secondary dashboard__small-button" disabled={closing} onClick={() => setConfirming(false)}>
                Keep open
              </button>
            </>
          ) : (
            <button type="button" className="button button--secondary dashboard__small-button" onClick={() => setConfirming(true)}>
              Close page
            </button>
          ))}
      </div>
      {confirming && <p className="research-page__warning" role="status">Respondents will see “Research page not found”. Closing cannot be undone.</p>}
    </li>
  );
}

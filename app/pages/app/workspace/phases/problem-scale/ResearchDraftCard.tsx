import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { QuestionType } from '#contracts/research';
import { Spinner } from '../../../../../components/Spinner';
import { api, withSession } from '../../../../../lib/api';
import { errorMessage, logUnexpected } from '../../../../../lib/forms';
import { type ResearchDraft } from '#contracts/phases/problem-scale';

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  text: 'Free text',
  multiple_choice: 'One choice',
  checkbox: 'Several choices',
  rating: 'Rating',
  email: 'E-mail address',
};

export const CREATE_FAILED = 'We could not create the research page. Please try again.';

/**
 * A draft's key: the SHA-256 of what it asks, so that every member's copy of the message names
 * the same draft, and the server keeps one page per draft and project.
 */
export async function draftKey({ testsAssumptions: _tests, ...page }: ResearchDraft): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(page));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type Stage = { state: 'checking' } | { state: 'new'; error: string | null } | { state: 'creating' } | { state: 'created'; urlKey: string; justNow: boolean };

/**
 * Whether this draft's page exists already (made by any member, from any copy of the draft),
 * and 'Create' to make it in place: the conversation stays where it is.
 */
function useDraftPage(projectId: string, draft: ResearchDraft, ready: boolean) {
  const [stage, setStage] = useState<Stage>({ state: 'checking' });
  const key = useRef<Promise<string> | null>(null);
  const keyOf = () => (key.current ??= draftKey(draft));

  useEffect(() => {
    if (!ready) return;
    let current = true;
    Promise.all([
      keyOf(),
      withSession(() => api.research.projects[':projectId'].pages.$get({ param: { projectId } })).then((response) => response.json()),
    ]).then(
      ([ownKey, { pages }]) => {
        if (!current) return;
        const made = pages.find((page) => page.draft_key === ownKey);
        setStage(made ? { state: 'created', urlKey: made.url_key, justNow: false } : { state: 'new', error: null });
      },
      (error: unknown) => {
        // Not knowing is no reason to hide 'Create': the server keeps one page per draft anyway.
        logUnexpected('Checking for the draft’s research page failed', error);
        if (current) setStage({ state: 'new', error: null });
      },
    );
    return () => {
      current = false;
    };
    // The draft of a message does not change once its tool call is done.
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- read once, when the call is done
  }, [projectId, ready]);

  async function create(): Promise<boolean> {
    setStage({ state: 'creating' });
    try {
      const { testsAssumptions: _tests, ...page } = draft;
      const draft_key = await keyOf();
      const response = await withSession(() => api.research.projects[':projectId'].pages.$post({ param: { projectId }, json: { ...page, draft_key } }));
      const { page: created } = await response.json();
      setStage({ state: 'created', urlKey: created.url_key, justNow: true });
      return true;
    } catch (error) {
      logUnexpected('Creating a research page from a draft failed', error);
      setStage({ state: 'new', error: errorMessage(error, CREATE_FAILED) });
      return false;
    }
  }
  return { stage, create };
}

/**
 * A research page the co-founder drafted: its questions and the assumptions they test. Once
 * its answer is complete (`onCreate` is given), 'Create this research page' makes it in place,
 * then the card offers 'Open the page'; `onCreate` is told once it exists.
 */
export function ResearchDraftCard({ draft, onCreate }: { draft: ResearchDraft; onCreate?: (draft: ResearchDraft) => void }) {
  const { projectId = '' } = useParams();
  const { stage, create } = useDraftPage(projectId, draft, onCreate !== undefined);
  const openRef = useRef<HTMLAnchorElement>(null);
  const createRef = useRef<HTMLButtonElement>(null);

  // The Create button gives way to the link: focus follows it rather than falling to the page.
  useEffect(() => {
    if (stage.state === 'created' && stage.justNow) openRef.current?.focus();
    if (stage.state === 'new' && stage.error) createRef.current?.focus();
  }, [stage]);

  return (
    <section className="research-draft" aria-label={`Draft research page: ${draft.title}`}>
      <p className="research-draft__kind">Draft research page</p>
      <h3 className="research-draft__title">{draft.title}</h3>
      {draft.introduction && <p className="research-draft__introduction">{draft.introduction}</p>}
      <p className="research-draft__tests">Tests: {draft.testsAssumptions.join('; ')}</p>
      <ol className="research-draft__questions">
        {draft.questions.map((question, index) => (
          <li key={index}>
            {question.text}{' '}
            <span className="research-draft__type">
              ({QUESTION_TYPE_LABELS[question.type]}
              {question.options?.length ? `: ${question.options.join(' / ')}` : ''})
            </span>
          </li>
        ))}
      </ol>
      {onCreate && (
        <div className="research-draft__actions" aria-live="polite">
          {stage.state === 'checking' && <Spinner label="Checking whether this page exists" />}
          {(stage.state === 'new' || stage.state === 'creating') && (
            <>
              <button
                ref={createRef}
                type="button"
                className="button research-draft__create"
                disabled={stage.state === 'creating'}
                onClick={() => void create().then((created) => created && onCreate(draft))}
              >
                {stage.state === 'creating' && <Spinner />}
                Create this research page
              </button>
              {stage.state === 'new' && stage.error && (
                <p className="research-draft__error" role="alert">
                  {stage.error}
                </p>
              )}
            </>
          )}
          {stage.state === 'created' && (
            <>
              <p className="research-draft__created">
                {stage.justNow ? 'Created. Anyone with its link can answer it.' : 'This page was created from the draft.'}
              </p>
              <a ref={openRef} className="button research-draft__open" href={`/research/${stage.urlKey}`} target="_blank" rel="noopener">
                Open the page<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              <Link className="button button--secondary" to={`/dashboard?projectId=${encodeURIComponent(projectId)}`}>
                Edit, share and see results
              </Link>
            </>
          )}
        </div>
      )}
    </section>
  );
}

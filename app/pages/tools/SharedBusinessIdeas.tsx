import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ProblemSolutionPair } from '../../../worker/contracts/free-tools';
import { IdeaCards } from '../../components/IdeaCards';
import { ShareMenu } from '../../components/ShareMenu';
import { Spinner } from '../../components/Spinner';
import { BUSINESS_IDEAS, OFFLINE_DEMO_NOTE, RESULT_NOT_FOUND_TITLE, SHARED_RESULT as COPY, sharedResultMeta, TRY_FOR_FREE } from '../../content/free-tools';
import { fetchSharedResult } from '../../lib/free-tools';
import { ResultNotFound } from '../../components/ResultNotFound';
import './tools.css';

type View = { kind: 'loading' } | { kind: 'missing' } | { kind: 'shown'; industry: string; pairs: ProblemSolutionPair[]; offlineDemo: boolean };

/** /business-ideas-generator/r/:id: a shared result of the business ideas generator, read-only. */
export function Component() {
  const { id = '' } = useParams();
  const [view, setView] = useState<View>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    fetchSharedResult(id).then(
      (shared) => {
        if (!current) return;
        document.title = shared?.tool === 'business-ideas' ? sharedResultMeta(shared).title : RESULT_NOT_FOUND_TITLE;
        if (shared?.tool !== 'business-ideas') setView({ kind: 'missing' });
        else setView({ kind: 'shown', industry: shared.input, pairs: shared.result.problem_solution_pairs, offlineDemo: shared.offline_demo });
      },
      (error: unknown) => {
        console.error('Loading the shared ideas failed', error);
        if (current) setView({ kind: 'missing' });
      },
    );
    return () => {
      current = false;
    };
  }, [id]);

  if (view.kind === 'loading') return <Spinner label={COPY.loading} />;
  if (view.kind === 'missing') return <ResultNotFound toolPath="/business-ideas-generator" toolLabel={COPY.ownIdeas} />;

  return (
    <div className="tool-page">
      <header className="tool-page__header">
        <div>
          <h1>{BUSINESS_IDEAS.stepTwoHeading}</h1>
          <p className="tool-page__description">{COPY.ideasIntro(view.industry)}</p>
        </div>
        <ShareMenu link={window.location.href} />
      </header>
      {view.offlineDemo && <p className="tool-page__offline">{OFFLINE_DEMO_NOTE}</p>}
      <IdeaCards pairs={view.pairs} />
      <div className="tool-page__actions">
        <Link to="/business-ideas-generator" className="button button--secondary">
          {COPY.ownIdeas}
        </Link>
        <Link to="/signup" className="button">
          {TRY_FOR_FREE}
        </Link>
      </div>
    </div>
  );
}

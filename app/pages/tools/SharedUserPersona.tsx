import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { UserPersona } from '../../../worker/contracts/free-tools';
import { PersonaProfile } from '../../components/PersonaProfile';
import { ShareMenu } from '../../components/ShareMenu';
import { Spinner } from '../../components/Spinner';
import { OFFLINE_DEMO_NOTE, RESULT_NOT_FOUND_TITLE, SHARED_RESULT as COPY, sharedResultMeta, TRY_FOR_FREE, USER_PERSONA } from '../../content/free-tools';
import { fetchSharedResult } from '../../lib/free-tools';
import { ResultNotFound } from '../../components/ResultNotFound';
import './tools.css';

type View = { kind: 'loading' } | { kind: 'missing' } | { kind: 'shown'; description: string; persona: UserPersona; offlineDemo: boolean };

/** /user-persona-generator/r/:id: a shared persona, read-only. */
export function Component() {
  const { id = '' } = useParams();
  const [view, setView] = useState<View>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    fetchSharedResult(id).then(
      (shared) => {
        if (!current) return;
        document.title = shared?.tool === 'user-persona' ? sharedResultMeta(shared).title : RESULT_NOT_FOUND_TITLE;
        if (shared?.tool !== 'user-persona') setView({ kind: 'missing' });
        else setView({ kind: 'shown', description: shared.input, persona: shared.result.user_persona, offlineDemo: shared.offline_demo });
      },
      (error: unknown) => {
        console.error('Loading the shared persona failed', error);
        if (current) setView({ kind: 'missing' });
      },
    );
    return () => {
      current = false;
    };
  }, [id]);

  if (view.kind === 'loading') return <Spinner label={COPY.loading} />;
  if (view.kind === 'missing') return <ResultNotFound toolPath="/user-persona-generator" toolLabel={COPY.ownPersona} />;

  return (
    <div className="tool-page">
      <header className="tool-page__header">
        <div>
          <h1>{USER_PERSONA.stepTwoHeading}</h1>
          <p className="tool-page__description">{COPY.personaIntro(view.description)}</p>
        </div>
        <ShareMenu link={window.location.href} />
      </header>
      {view.offlineDemo && <p className="tool-page__offline">{OFFLINE_DEMO_NOTE}</p>}
      <PersonaProfile persona={view.persona} />
      <div className="tool-page__actions">
        <Link to="/user-persona-generator" className="button button--secondary">
          {COPY.ownPersona}
        </Link>
        <Link to="/signup" className="button">
          {TRY_FOR_FREE}
        </Link>
      </div>
    </div>
  );
}

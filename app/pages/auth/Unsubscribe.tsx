import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AuthMessageLayout, AuthStatusIcon, useFocusOnViewChange } from '../../components/AuthLayout';
import { Spinner } from '../../components/Spinner';
import { api, send } from '../../lib/api';
import { logUnexpected } from '../../lib/forms';
import { once } from '../../lib/once';

const SUPPORT_EMAIL = 'hello@launchmate.app';

type View = 'loading' | 'unsubscribed' | 'resubscribing' | 'resubscribed' | 'error';

/** The link from an e-mail footer: unsubscribes at once, and offers an undo. */
export function Component() {
  const { token = '' } = useParams();
  const [view, setView] = useState<View>('loading');
  // After "Resubscribe" its button is gone: focus moves to the new heading.
  const headingRef = useFocusOnViewChange(view === 'resubscribing' ? 'unsubscribed' : view);

  useEffect(() => {
    let current = true;
    once(`unsubscribe:${token}`, () => send(() => api.user.unsubscribe[':token'].$post({ param: { token } }))).then(
      () => current && setView('unsubscribed'),
      (error: unknown) => {
        logUnexpected('Unsubscribing failed', error);
        if (current) setView('error');
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  async function resubscribe() {
    setView('resubscribing');
    try {
      await send(() => api.user.resubscribe[':token'].$post({ param: { token } }));
      setView('resubscribed');
    } catch (error) {
      logUnexpected('Resubscribing failed', error);
      setView('error');
    }
  }

  return (
    <AuthMessageLayout>
      {view === 'loading' && (
        <>
          <AuthStatusIcon kind="loading" />
          <h1 ref={headingRef} tabIndex={-1} className="auth-heading">
            Email preferences
          </h1>
          <p className="auth-status-text" role="status">
            One moment while we update your email preferences.
          </p>
        </>
      )}
      {(view === 'unsubscribed' || view === 'resubscribing') && (
        <>
          <AuthStatusIcon kind="success" />
          <h1 ref={headingRef} tabIndex={-1} className="auth-heading">
            You've been unsubscribed
          </h1>
          <p className="auth-status-text">We won't send you any more emails</p>
          <div className="unsubscribe-undo">
            <p>Unsubscribe by accident?</p>
            <button type="button" className="button button--secondary" disabled={view === 'resubscribing'} onClick={() => void resubscribe()}>
              {view === 'resubscribing' && <Spinner />}
              Resubscribe
            </button>
          </div>
        </>
      )}
      {view === 'resubscribed' && (
        <>
          <AuthStatusIcon kind="success" />
          <h1 ref={headingRef} tabIndex={-1} className="auth-heading">
            Thank you!
          </h1>
          <p className="auth-status-text">You have been resubscribed</p>
        </>
      )}
      {view === 'error' && (
        <>
          <AuthStatusIcon kind="danger" />
          <h1 ref={headingRef} tabIndex={-1} className="auth-heading">
            An error occurred
          </h1>
          <p className="auth-status-text">
            We could not update your email preferences. Please contact support at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will sort it
            out.
          </p>
        </>
      )}
      <p className="auth-home-link">
        <Link to="/">Go to homepage</Link>
      </p>
    </AuthMessageLayout>
  );
}

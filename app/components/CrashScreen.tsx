import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../lib/error-reporting';
import { clearSavedAppState } from '../lib/local-settings';
import './CrashScreen.css';

/** The last resort when a page cannot render: report it, and offer a clean restart. */
export function CrashScreen() {
  const error = useRouteError();

  useEffect(() => {
    void reportError(error, { type: 'render', component: 'CrashScreen', context: { path: window.location.pathname } });
  }, [error]);

  const refresh = () => {
    clearSavedAppState();
    window.location.reload();
  };

  return (
    <main className="crash" role="alert">
      <div className="crash__card">
        <h1>Something went wrong</h1>
        <p>The developer has been notified and will look into it.</p>
        <p>Please refresh the page to continue.</p>
        <button type="button" className="button" onClick={refresh}>
          Refresh page
        </button>
      </div>
    </main>
  );
}

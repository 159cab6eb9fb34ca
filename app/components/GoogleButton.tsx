import { useEffect, useId, useState } from 'react';
import { api, ApiError, send } from '../lib/api';
import { readAttribution } from '../lib/attribution';
import { readPrivacyMode } from '../lib/privacy-mode';
import { useNotify } from '../lib/notifications';
import { Spinner } from './Spinner';
import './GoogleButton.css';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';
const GOOGLE_FAILED = 'Google authentication failed!';
const GOOGLE_NETWORK_ERROR = 'Network error: Unable to authenticate with Google';

/**
 * Whether the server has Google credentials, asked once per page load and shared by every
 * button. A failed answer is not remembered, so the next screen asks again.
 */
let providersRequest: Promise<boolean | null> | null = null;
function googleConfigured(): Promise<boolean | null> {
  providersRequest ??= api.auth.providers
    .$get()
    .then(async (response) => (response.ok ? (await response.json()).google : null))
    .catch(() => null)
    .then((configured) => {
      if (configured === null) providersRequest = null;
      return configured;
    });
  return providersRequest;
}

/** The spec's wording for each way starting Google sign-in can fail (section 8). */
function describeFailure(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? GOOGLE_FAILED;
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return GOOGLE_NETWORK_ERROR;
  return `Error: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Starts Google sign-in: the server answers with Google's address (state and PKCE verifier stay
 * in its cookies) and the browser goes there. Attribution and privacy mode travel along so that a
 * new account gets them.
 */
export function GoogleButton({ label = 'Continue with Google' }: { label?: string }) {
  const notify = useNotify();
  const noteId = useId();
  // null while unknown: the button stays usable, and the server has the last word anyway.
  const [configured, setConfigured] = useState<boolean | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    let current = true;
    void googleConfigured().then((answer) => {
      if (current) setConfigured(answer);
    });
    return () => {
      current = false;
    };
  }, []);

  // Coming back with the Back button restores this page from the back/forward cache as it was
  // left, "redirecting"; make the button usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function start() {
    setRedirecting(true);
    try {
      const response = await send(() => api.auth.google.start.$post({ json: { attribution: readAttribution(), privacyMode: readPrivacyMode() } }));
      const { url } = await response.json();
      window.location.assign(url);
    } catch (error) {
      console.error('Google sign-in could not start', error);
      notify.error(describeFailure(error));
      setRedirecting(false);
    }
  }

  const unavailable = configured === false;
  return (
    <div className="google-signin">
      <button
        type="button"
        className="button button--secondary google-signin__button"
        disabled={unavailable || redirecting}
        aria-describedby={unavailable ? noteId : undefined}
        onClick={() => void start()}
      >
        {redirecting ? <Spinner /> : <GoogleLogo />}
        {redirecting ? 'Redirecting to Google…' : label}
      </button>
      {unavailable && (
        <p id={noteId} className="google-signin__note">
          {GOOGLE_NOT_CONFIGURED}. Use your email address instead.
        </p>
      )}
    </div>
  );
}

function GoogleLogo() {
  return (
    <svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z" />
    </svg>
  );
}

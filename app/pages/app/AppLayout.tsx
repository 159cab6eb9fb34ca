import { createContext, use, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import type { CurrentUser } from '#contracts/auth';
import { useNotify } from '../../lib/notifications';
import { FullScreenLoader, Spinner } from '../../components/Spinner';
import { LogoMark } from '../../components/TopBar';
import { workspacePath } from '../../lib/workspace-path';
import { api, ApiError, send, withSession } from '../../lib/api';
import { errorMessage, logUnexpected } from '../../lib/forms';
import { GET_PRO_FAILED, hasQueuedPurchase, interestMessage, startProPurchase, takeQueuedPurchase } from '../../lib/get-pro';
import { readFirstMessage } from '../../lib/landing-draft';
import { readSetting, writeSetting } from '../../lib/local-settings';
import { once } from '../../lib/once';
import { START_FAILED, startProjectFromFirstMessage } from '../../lib/start-project';
import './AppLayout.css';

export const JOINED_PROJECT = 'You joined the project.';

interface CurrentUserContextValue {
  user: CurrentUser;
  /** Records a change the server has accepted (e.g. e-mail preferences) for every screen. */
  updateUser: (changes: Partial<CurrentUser>) => void;
}

const CurrentUserContext = createContext<CurrentUserContextValue | null>(null);

/** The signed-in user, for any screen inside the signed-in area. */
export function useCurrentUser(): CurrentUserContextValue {
  const value = use(CurrentUserContext);
  if (!value) throw new Error('useCurrentUser() must be used inside the signed-in area (AppLayout).');
  return value;
}

type Session = { state: 'checking' } | { state: 'failed' } | { state: 'ready'; user: CurrentUser };

/** The invitation saved by /invite/{token} has had the server's final word: nothing of it stays. */
function forgetInvitation() {
  writeSetting('pendingInvitation', null);
  writeSetting('invitationProof', null);
}

/**
 * Accepts the invitation saved by /invite/{token}, once per token; the saved token is cleared
 * when the server has given its final word on it (accepted, or refused with a 4xx).
 */
function acceptInvitation(token: string): Promise<string> {
  return once(`accept-invitation:${token}`, async () => {
    try {
      const response = await withSession(() => api.project.invitations[':token'].accept.$post({ param: { token } }));
      const { projectId } = await response.json();
      forgetInvitation();
      return projectId;
    } catch (error) {
      // A network failure or a 5xx leaves the invitation for the next visit.
      if (error instanceof ApiError && error.status < 500) forgetInvitation();
      throw error;
    }
  });
}

/**
 * A message sent from the landing page that has no project yet (decision 0031): after signing
 * in, whichever way, it starts one. Onboarding makes its own (the founder names the first
 * project there), and a pending invitation goes first.
 */
function waitsForProject(pathname: string): boolean {
  const message = readFirstMessage();
  return message !== null && message.projectId === undefined && pathname !== '/onboarding' && readSetting('pendingInvitation') === null;
}

/**
 * The frame of the signed-in area: checks the session, then shows the header and the screen.
 * Before the screen, it settles what the visitor brought along: an invitation to accept, or a
 * message from the landing page to start a project with; either opens that project's workspace.
 */
export function Component() {
  const navigate = useNavigate();
  const notify = useNotify();
  const { pathname } = useLocation();
  const [session, setSession] = useState<Session>({ state: 'checking' });
  // Set while a pending invitation is being accepted, so the screen underneath does not flash.
  const [joining, setJoining] = useState(() => readSetting('pendingInvitation') !== null);
  // Likewise while a project is made for the landing page's message.
  const [starting, setStarting] = useState(() => waitsForProject(pathname));
  // And while 'Get Pro', pressed before signing in, opens the checkout (app/lib/get-pro.ts).
  const [buying, setBuying] = useState(hasQueuedPurchase);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    withSession(() => api.auth['check-auth'].$get())
      .then((response) => response.json())
      .then(({ user }) => {
        if (current) setSession({ state: 'ready', user });
      })
      .catch((error: unknown) => {
        if (!current) return;
        // 401 after the one refresh: the session is over.
        if (error instanceof ApiError && error.status === 401) void navigate('/signin', { replace: true });
        else {
          console.error('Checking the session failed', error);
          setSession({ state: 'failed' });
        }
      });
    return () => {
      current = false;
    };
  }, [attempt, navigate]);

  const signedIn = session.state === 'ready';
  useEffect(() => {
    const token = readSetting('pendingInvitation');
    if (!signedIn || !token) return;
    let current = true;
    acceptInvitation(token).then(
      (projectId) => {
        if (!current) return;
        setJoining(false);
        notify.success(JOINED_PROJECT);
        void navigate(workspacePath(projectId), { replace: true });
      },
      (error: unknown) => {
        if (!current) return;
        logUnexpected('Accepting the invitation failed', error);
        setJoining(false);
        notify.error(errorMessage(error, 'We could not accept the invitation. Please try again.'));
      },
    );
    return () => {
      current = false;
    };
  }, [signedIn, navigate, notify]);

  useEffect(() => {
    if (!signedIn || !starting) return;
    let current = true;
    startProjectFromFirstMessage().then(
      (projectId) => {
        if (!current) return;
        setStarting(false);
        void navigate(workspacePath(projectId), { replace: true });
      },
      (error: unknown) => {
        if (!current) return;
        logUnexpected('Starting a project from the landing page failed', error);
        // The server's final word (a plan limit, say) drops the queued message; the idea itself
        // stays in the landing page's box.
        if (error instanceof ApiError && error.status < 500) writeSetting('firstMessage', null);
        setStarting(false);
        notify.error(errorMessage(error, START_FAILED));
      },
    );
    return () => {
      current = false;
    };
  }, [signedIn, starting, navigate, notify]);

  useEffect(() => {
    if (!signedIn || !buying) return;
    if (!takeQueuedPurchase()) {
      setBuying(false);
      return;
    }
    startProPurchase().then(
      (outcome) => {
        // Redirecting: the loader stays until the browser is at the checkout.
        if (outcome.kind === 'redirecting') return;
        setBuying(false);
        notify.success(outcome.kind === 'interest' ? interestMessage(outcome.email) : 'You already have Pro.');
      },
      (error: unknown) => {
        logUnexpected('Opening the checkout after signing in failed', error);
        setBuying(false);
        notify.error(errorMessage(error, GET_PRO_FAILED));
      },
    );
  }, [signedIn, buying, notify]);

  const updateUser = useCallback((changes: Partial<CurrentUser>) => {
    setSession((current) => (current.state === 'ready' ? { ...current, user: { ...current.user, ...changes } } : current));
  }, []);
  const user = session.state === 'ready' ? session.user : null;
  const contextValue = useMemo(() => (user ? { user, updateUser } : null), [user, updateUser]);

  if (session.state === 'failed') {
    return (
      <div className="app-failed" role="alert">
        <h1>We could not load your account</h1>
        <p>Check your connection and try again.</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setSession({ state: 'checking' });
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </button>
      </div>
    );
  }
  if (!contextValue || joining || starting || buying) return <FullScreenLoader />;

  return (
    <CurrentUserContext value={contextValue}>
      <div className="app-shell">
        <AppHeader email={contextValue.user.email} name={contextValue.user.name} />
        <main id="main" className="app-main">
          <Outlet />
        </main>
      </div>
    </CurrentUserContext>
  );
}

/** The member's display name where they chose one (what teammates see), else the address. */
function AppHeader({ email, name }: { email: string; name: string | null }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await send(() => api.auth['sign-out'].$post());
      await navigate('/signin', { replace: true });
    } catch (error) {
      console.error('Signing out failed', error);
      notify.error('We could not sign you out. Please try again.');
      setSigningOut(false);
    }
  }

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/dashboard" className="app-header__logo" aria-label="Launchmate dashboard">
          <LogoMark />
          <span className="app-header__wordmark">Launchmate</span>
        </Link>
        <div className="app-header__account">
          <span className="app-header__email" title={email}>
            <span className="visually-hidden">Signed in as </span>
            {name?.trim() || email}
          </span>
          <Link to="/app/settings" className="button button--secondary app-header__button">
            Settings
          </Link>
          <button type="button" className="button button--secondary app-header__button" disabled={signingOut} onClick={() => void signOut()}>
            {signingOut && <Spinner />}
            Sign out
          </button>
        </div>
      </div>
    </header>
  );
}

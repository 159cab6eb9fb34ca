import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '#contracts/auth';
import { errorMessage, logUnexpected } from '../lib/forms';
import { GET_PRO_FAILED, interestMessage, queueProPurchase, startProPurchase } from '../lib/get-pro';
import { Spinner } from './Spinner';
import './GetProButton.css';

/** Sign-up that remembers the purchase (pages/auth/SignUp.tsx), even if clicked before hydration. */
export const SIGN_UP_FOR_PRO = '/signup?next=pro';

type State = { kind: 'idle' } | { kind: 'working' } | { kind: 'interest'; email: string } | { kind: 'already-pro' } | { kind: 'failed'; message: string };

interface GetProButtonProps {
  /** The signed-in founder; null or undefined (not known yet) for a visitor. */
  user: CurrentUser | null | undefined;
  /** Classes of the button or link, e.g. `button pricing-card__button`. */
  className?: string;
  children?: ReactNode;
}

/**
 * The one 'Get Pro' of the product (app/lib/get-pro.ts, decision 38). A visitor goes to sign-up
 * and, once they have an account, straight on to Checkout. A founder goes to Checkout at once;
 * where payments are not open, their wish is noted. A founder who has Pro is told so, never
 * charged again.
 */
export function GetProButton({ user, className = 'button', children = 'Get Pro' }: GetProButtonProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  if (!user) {
    return (
      <Link className={className} to={SIGN_UP_FOR_PRO} onClick={queueProPurchase}>
        {children}
      </Link>
    );
  }
  if (user.plan === 'pro' || state.kind === 'already-pro') {
    return (
      <p className="get-pro__note" role="status">
        You have Pro.
      </p>
    );
  }
  if (state.kind === 'interest') {
    return (
      <p className="get-pro__note" role="status">
        {interestMessage(state.email)}
      </p>
    );
  }

  async function getPro() {
    setState({ kind: 'working' });
    try {
      const outcome = await startProPurchase();
      // Redirecting: the button stays busy until the browser leaves the page.
      if (outcome.kind !== 'redirecting') setState(outcome);
    } catch (error) {
      logUnexpected('Opening the checkout failed', error);
      setState({ kind: 'failed', message: errorMessage(error, GET_PRO_FAILED) });
    }
  }

  return (
    <div className="get-pro">
      {state.kind === 'failed' && (
        <p className="get-pro__error" role="alert">
          {state.message}
        </p>
      )}
      <button type="button" className={className} disabled={state.kind === 'working'} onClick={() => void getPro()}>
        {state.kind === 'working' && <Spinner />}
        {children}
      </button>
    </div>
  );
}

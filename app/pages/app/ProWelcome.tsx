import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CHECKOUT_SESSION_SHAPE, isLocalTestSession, type CheckoutStatus } from '#contracts/billing';
import { OWN_PROJECT_LIMIT } from '#contracts/plans';
import { Spinner } from '../../components/Spinner';
import { PRO_PHASES_UNLOCKED } from '../../content/phases';
import { api, withSession } from '../../lib/api';
import { useCurrentUser } from './AppLayout';
import './ProPages.css';

/** How often the page asks whether the payment is recorded, and for how long before it says so. */
export const CONFIRM_POLL_MS = 1_000;
export const CONFIRM_PATIENCE_MS = 60_000;

export const PRO_UNLOCKS = [
  PRO_PHASES_UNLOCKED,
  `${OWN_PROJECT_LIMIT.pro} projects of your own`,
  'Dedicated support, from your account settings',
  'Every future improvement, with no subscription',
] as const;

type View =
  | { kind: 'confirming'; slow: boolean }
  | { kind: 'pro' }
  /** This payment came after the one that gave Pro: it is refunded (decision 0061). */
  | { kind: 'already-pro' }
  | { kind: 'not-paid'; status: CheckoutStatus['status'] }
  | { kind: 'invalid' };

const REFUNDED_AS_DUPLICATE: ReadonlySet<CheckoutStatus['status']> = new Set(['duplicate_refund_due', 'duplicate_refunded']);

/**
 * Where Checkout returns: it waits until the webhook has recorded the payment, then says what Pro
 * unlocks. It never grants Pro itself: only the recorded payment does (decision 38).
 */
export function Component() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const { user, updateUser } = useCurrentUser();
  const [view, setView] = useState<View>(() => (CHECKOUT_SESSION_SHAPE.test(sessionId) ? { kind: 'confirming', slow: false } : { kind: 'invalid' }));
  const waiting = view.kind === 'confirming';
  // The local test checkout moves no money: Stripe sends no receipt or invoice for it.
  const testCheckout = isLocalTestSession(sessionId);

  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    async function ask() {
      try {
        const status = await (await withSession(() => api.billing.checkout[':sessionId'].$get({ param: { sessionId } }))).json();
        if (stopped) return;
        if (status.recorded && status.status === 'paid') {
          updateUser({ plan: 'pro' });
          return setView({ kind: 'pro' });
        }
        if (status.recorded && REFUNDED_AS_DUPLICATE.has(status.status)) {
          updateUser({ plan: 'pro' });
          return setView({ kind: 'already-pro' });
        }
        if (status.recorded && status.status !== 'pending') return setView({ kind: 'not-paid', status: status.status });
      } catch (error) {
        // A failed question is asked again: the payment's fate does not depend on this page.
        console.warn('Asking for the payment status failed', error);
      }
      if (stopped) return;
      if (Date.now() - started > CONFIRM_PATIENCE_MS) setView({ kind: 'confirming', slow: true });
      timer = setTimeout(() => void ask(), CONFIRM_POLL_MS);
    }
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, sessionId, updateUser]);

  return (
    <div className="pro-page page">
      <section className="pro-card" aria-live="polite">
        {view.kind === 'confirming' && (
          <>
            <h1>
              <Spinner /> Confirming your payment…
            </h1>
            <p className="pro-card__lead">This usually takes a few seconds. You can keep this page open.</p>
            {view.slow && (
              <p className="pro-card__lead">
                {testCheckout
                  ? `It is taking longer than usual. Pro is added to ${user.email} as soon as the test payment is recorded.`
                  : `It is taking longer than usual. Your payment is safe: Pro is added to ${user.email} as soon as the payment is confirmed, and Stripe e-mails your receipt.`}
              </p>
            )}
          </>
        )}
        {view.kind === 'pro' && (
          <>
            <h1>You have Pro</h1>
            <p className="pro-card__lead">
              {testCheckout
                ? `This was a test checkout: no money moved, so no receipt or invoice is sent. Pro is on ${user.email} all the same, and the test payment is under Billing in your account settings.`
                : `Thank you. Stripe e-mails your receipt and invoice to ${user.email}; they are also under Billing in your account settings.`}
            </p>
            <h2 className="pro-card__subtitle">What it unlocks</h2>
            <ul className="pro-card__unlocks">
              {PRO_UNLOCKS.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <ProActions />
          </>
        )}
        {view.kind === 'already-pro' && (
          <>
            <h1>You already had Pro</h1>
            <p className="pro-card__lead">
              This payment came after the one that gave you Pro, so it is refunded in full; we e-mailed {user.email} about it. Your Pro plan stays as it is.
            </p>
            <ProActions />
          </>
        )}
        {view.kind === 'not-paid' && (
          <>
            <h1>The payment did not go through</h1>
            <p className="pro-card__lead">
              {view.status === 'failed' ? 'Your bank declined the payment.' : 'This payment was refunded or reversed.'} Your account is on the Free plan;
              nothing more was charged.
            </p>
            <div className="pro-card__actions">
              <Link className="button" to="/pricing">
                Back to pricing
              </Link>
            </div>
          </>
        )}
        {view.kind === 'invalid' && (
          <>
            <h1>We do not know this checkout</h1>
            <p className="pro-card__lead">Open your account settings to see your plan and payments.</p>
            <div className="pro-card__actions">
              <Link className="button" to="/app/settings#billing">
                Account settings
              </Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

/** Where a founder who has Pro goes from here. */
function ProActions() {
  return (
    <div className="pro-card__actions">
      <Link className="button" to="/dashboard">
        Go to your dashboard
      </Link>
      <Link className="button button--secondary" to="/app/settings#billing">
        See billing
      </Link>
    </div>
  );
}

import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CHECKOUT_SESSION_SHAPE, formatMoney, PRO_PRICE, PRO_PRODUCT_NAME } from '#contracts/billing';
import { Spinner } from '../../components/Spinner';
import { api, withSession } from '../../lib/api';
import { errorMessage, logUnexpected } from '../../lib/forms';
import './ProPages.css';

/**
 * The local test checkout (decision 38): what 'Get Pro' opens on a machine without Stripe keys.
 * Pay sends the event Stripe would send through the webhook's own code; no money moves.
 */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    setPaying(true);
    setError(null);
    try {
      const { url } = await (await withSession(() => api.billing['test-checkout'].$post({ json: { sessionId } }))).json();
      await navigate(url, { replace: true });
    } catch (failure) {
      logUnexpected('The test payment failed', failure);
      setError(errorMessage(failure, 'The test payment was not recorded. Please try again.'));
      setPaying(false);
    }
  }

  return (
    <div className="pro-page page">
      <section className="pro-card test-checkout" aria-labelledby="test-checkout-title">
        <p className="test-checkout__label">Test checkout — no money moves</p>
        <h1 id="test-checkout-title">Pay for Launchmate Pro</h1>
        <p className="pro-card__lead">
          This machine has no Stripe keys, so this page stands in for Stripe Checkout. Paying sends the same signed event Stripe would send to the product's
          webhook.
        </p>
        <dl className="test-checkout__summary">
          <dt>{PRO_PRODUCT_NAME}</dt>
          <dd>{formatMoney(PRO_PRICE.amount)}</dd>
          <dt>Tax</dt>
          <dd>{formatMoney(0)}</dd>
          <dt>Total</dt>
          <dd>{formatMoney(PRO_PRICE.amount)}</dd>
        </dl>
        {!CHECKOUT_SESSION_SHAPE.test(sessionId) ? (
          <p className="pro-card__error" role="alert">
            This checkout link is not valid. Start again from the pricing page.
          </p>
        ) : (
          error && (
            <p className="pro-card__error" role="alert">
              {error}
            </p>
          )
        )}
        <div className="pro-card__actions">
          <button type="button" className="button" disabled={paying || !CHECKOUT_SESSION_SHAPE.test(sessionId)} onClick={() => void pay()}>
            {paying && <Spinner />}
            Pay {formatMoney(PRO_PRICE.amount)} (test)
          </button>
          <Link className="button button--secondary" to="/pricing?checkout=cancelled">
            Cancel
          </Link>
        </div>
      </section>
    </div>
  );
}

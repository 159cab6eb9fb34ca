import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '#contracts/auth';
import { PLANS, type Plan } from '../content/pricing';
import { api, withSession } from '../lib/api';
import { errorMessage, logUnexpected } from '../lib/forms';
import { useSessionUser } from '../lib/session-user';
import { Spinner } from './Spinner';
import './PricingCards.css';

/**
 * The Free and Pro cards. Signed out, both buttons start at sign-up. Signed in, nobody is asked
 * to sign up again: Free leads to the dashboard, and Pro, until payments open, records the wish
 * to be told when it does.
 */
export function PricingCards({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const user = useSessionUser();
  return (
    <ul className="pricing-cards">
      {PLANS.map((plan) => (
        <li key={plan.id} className={`pricing-card${plan.highlighted ? ' pricing-card--highlighted' : ''}`} data-plan={plan.id}>
          {plan.highlighted && <p className="pricing-card__badge">Lifetime deal</p>}
          <Heading className="pricing-card__name">{plan.name}</Heading>
          <p className="pricing-card__price">
            <span className="pricing-card__amount">{plan.price}</span> <span className="pricing-card__period">{plan.period}</span>
          </p>
          <p className="pricing-card__summary">{plan.summary}</p>
          <ul className="pricing-card__features">
            {plan.features.map((feature) => (
              <li key={feature}>
                <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                  <path d="m4.5 10.5 3.5 3.5 7.5-8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {feature}
              </li>
            ))}
          </ul>
          {user ? <SignedInAction plan={plan} user={user} /> : <SignUpLink plan={plan} />}
        </li>
      ))}
    </ul>
  );
}

function SignUpLink({ plan }: { plan: Plan }) {
  return (
    <Link className={`button pricing-card__cta${plan.highlighted ? '' : ' button--secondary'}`} to="/signup">
      {plan.cta}
      <span className="visually-hidden"> with the {plan.name} plan</span>
    </Link>
  );
}

function SignedInAction({ plan, user }: { plan: Plan; user: CurrentUser }) {
  if (plan.id === 'free' || user.plan === 'pro') {
    return (
      <div className="pricing-card__cta">
        {plan.id === user.plan && <p className="pricing-card__note">This is your plan.</p>}
        <Link className="button button--secondary pricing-card__button" to="/dashboard">
          Go to your dashboard
        </Link>
      </div>
    );
  }
  return <ProInterest email={user.email} />;
}

type Interest = { state: 'unknown' } | { state: 'idle' } | { state: 'saving' } | { state: 'noted'; email: string };

/** Pro cannot be bought yet: the founder asks to be told, once, and sees that it is noted. */
function ProInterest({ email }: { email: string }) {
  const [interest, setInterest] = useState<Interest>({ state: 'unknown' });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    withSession(() => api.user['pro-interest'].$get())
      .then((response) => response.json())
      .then(
        (body) => current && setInterest(body.interested && body.email ? { state: 'noted', email: body.email } : { state: 'idle' }),
        () => current && setInterest({ state: 'idle' }),
      );
    return () => {
      current = false;
    };
  }, []);

  async function register() {
    setError(null);
    setInterest({ state: 'saving' });
    try {
      const response = await withSession(() => api.user['pro-interest'].$post());
      setInterest({ state: 'noted', email: (await response.json()).email });
    } catch (failure) {
      logUnexpected('Registering interest in Pro failed', failure);
      setError(errorMessage(failure, 'We could not save your request. Please try again.'));
      setInterest({ state: 'idle' });
    }
  }

  if (interest.state === 'noted') {
    return (
      <div className="pricing-card__cta" role="status">
        <p className="pricing-card__note">
          <strong>Pro is coming soon.</strong> You are on the list: we will e-mail {interest.email} as soon as
          Pro opens.
        </p>
      </div>
    );
  }
  return (
    <div className="pricing-card__cta">
      <p className="pricing-card__note">Payments are not open yet. Ask to be told, and we will e-mail {email} when Pro opens.</p>
      {error && (
        <p className="pricing-card__error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button pricing-card__button" disabled={interest.state !== 'idle'} onClick={() => void register()}>
        {interest.state === 'saving' && <Spinner />}
        Get Pro
        <span className="visually-hidden">: tell me when it opens</span>
      </button>
    </div>
  );
}

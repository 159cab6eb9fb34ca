import { Link } from 'react-router';
import type { CurrentUser } from '#contracts/auth';
import { COMING_SOON } from '../content/phases';
import { isAvailable, PLANS, type Plan } from '../content/pricing';
import { useSessionUser } from '../lib/session-user';
import { GetProButton } from './GetProButton';
import './PricingCards.css';

/**
 * The Free and Pro cards. Signed out, both buttons start at sign-up, and Pro's goes on to
 * Checkout once the account exists. Signed in, nobody is asked to sign up again: Free leads to
 * the dashboard and Pro to Checkout (or, where payments are not open, records the wish).
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
          {plan.availability && <p className="pricing-card__availability">{plan.availability}</p>}
          {plan.taxNote && <p className="pricing-card__tax">{plan.taxNote}</p>}
          <ul className="pricing-card__features">
            {plan.features.map((feature) => (
              <li key={feature.text} className={isAvailable(feature) ? undefined : 'pricing-card__feature--coming'}>
                <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                  <path d="m4.5 10.5 3.5 3.5 7.5-8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {feature.text}
                {!isAvailable(feature) && <span className="pricing-card__coming">{COMING_SOON}</span>}
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
  const className = `button pricing-card__cta${plan.highlighted ? '' : ' button--secondary'}`;
  const label = (
    <>
      {plan.cta}
      <span className="visually-hidden"> with the {plan.name} plan</span>
    </>
  );
  if (plan.id === 'pro') {
    return (
      <GetProButton user={null} className={className}>
        {label}
      </GetProButton>
    );
  }
  return (
    <Link className={className} to="/signup">
      {label}
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
  return (
    <div className="pricing-card__cta">
      <GetProButton user={user} className="button pricing-card__button" />
    </div>
  );
}

import { Link } from 'react-router';
import { PLANS } from '../content/pricing';
import './PricingCards.css';

/** The Free and Pro cards. Both buttons start at sign-up; the plan is chosen in the app. */
export function PricingCards({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
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
          <Link className={`button pricing-card__cta${plan.highlighted ? '' : ' button--secondary'}`} to="/signup">
            {plan.cta}
            <span className="visually-hidden"> with the {plan.name} plan</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

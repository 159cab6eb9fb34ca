import { AFFILIATE_FAQ, AFFILIATE_STEPS } from '../../content/affiliate';
import { AffiliateForm } from './AffiliateForm';
import './Affiliate.css';

export function Component() {
  return (
    <div className="page affiliate">
      <header className="affiliate__hero">
        <h1>Affiliate program</h1>
        <p>Earn 20% for a year on every founder you bring to Launchmate.</p>
      </header>

      <section aria-labelledby="affiliate-steps" className="affiliate__section">
        <h2 id="affiliate-steps">How it works</h2>
        <ol className="affiliate__steps">
          {AFFILIATE_STEPS.map((step, index) => (
            <li key={step.title} className="affiliate__step">
              <span className="affiliate__step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="affiliate-apply" className="affiliate__section affiliate__apply">
        <h2 id="affiliate-apply">Apply to join</h2>
        <p className="affiliate__lead">All fields are required.</p>
        <AffiliateForm />
      </section>

      <section aria-labelledby="affiliate-faq" className="affiliate__section">
        <h2 id="affiliate-faq">Frequently asked questions</h2>
        <dl className="affiliate__faq">
          {AFFILIATE_FAQ.map((item) => (
            <div key={item.question} className="affiliate__faq-item">
              <dt>{item.question}</dt>
              <dd>{item.answer}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

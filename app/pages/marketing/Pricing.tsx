import { useSearchParams } from 'react-router';
import { CallToAction } from '../../components/CallToAction';
import { FaqList } from '../../components/FaqList';
import { PricingCards } from '../../components/PricingCards';
import { PRICING_FAQS } from '../../content/faqs';
import { useSessionUser } from '../../lib/session-user';
import './marketing.css';

export function Component() {
  const user = useSessionUser();
  const [params] = useSearchParams();
  return (
    <div className="pricing">
      <section className="marketing-hero">
        <h1 className="marketing-hero__title">Simple, honest pricing</h1>
        <p className="marketing-hero__lead">
          {user
            ? `You are on the ${user.plan === 'pro' ? 'Pro' : 'Free'} plan. The first 2 phases are free; Pro opens all 8, paid once.`
            : 'Start free with the first 2 phases. Go Pro once, for life.'}
        </p>
        {params.get('checkout') === 'cancelled' && (
          <p className="pricing__cancelled" role="status">
            Checkout was cancelled. Nothing was charged, and your plan is as it was.
          </p>
        )}
      </section>

      <section className="marketing-section" aria-label="Plans">
        <PricingCards headingLevel={2} />
      </section>

      <section className="marketing-section" aria-labelledby="pricing-faq">
        <h2 id="pricing-faq" className="marketing-section__title">
          Frequently asked questions
        </h2>
        <FaqList faqs={PRICING_FAQS} />
      </section>

      <div className="marketing-section">
        <CallToAction />
      </div>
    </div>
  );
}

import { FEATURES } from '../content/features';
import { CallToAction } from './CallToAction';
import { Showcase } from './Showcase';
import { Testimonials } from './Testimonials';

/**
 * The landing page below its hero: features, the founder showcase, testimonials and the call
 * to action. A chunk of its own, fetched right after the hero renders, so the first paint of
 * `/` needs only the hero's JavaScript (bench/bundle-size.mjs).
 */
export default function LandingSections() {
  return (
    <>
      <section className="marketing-section" aria-labelledby="landing-features">
        <h2 id="landing-features" className="marketing-section__title">
          What your co-founder does
        </h2>
        <ul className="landing__features">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="landing__feature">
              <h3 className="landing__feature-title">{feature.title}</h3>
              <p className="landing__feature-text">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="marketing-section" aria-labelledby="landing-showcase">
        <h2 id="landing-showcase" className="marketing-section__title">
          Built by founders with Launchmate
        </h2>
        <p className="marketing-section__lead">Twelve projects that started as a message like yours.</p>
        <Showcase />
      </section>

      <section className="marketing-section" aria-labelledby="landing-testimonials">
        <h2 id="landing-testimonials" className="marketing-section__title">
          What founders say
        </h2>
        <Testimonials />
      </section>

      <div className="marketing-section">
        <CallToAction />
      </div>
    </>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MessageBox } from '../../components/MessageBox';
import { TRUSTED_FOUNDERS } from '../../content/landing';
import './marketing.css';
import './Landing.css';

// Below the fold: fetched right after the hero, not before the first paint.
const LandingSections = lazy(() => import('../../components/LandingSections'));

export function Component() {
  // The sections join after hydration: rendered by the Worker, React would send them out of
  // order behind an inline script, which the CSP blocks (docs/decisions/0034).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const pending = <div className="landing__pending" />;
  return (
    <div className="landing">
      <section className="landing__hero">
        <h1 className="landing__title">Your AI co-founder, from idea to product</h1>
        <p className="landing__lead">
          Launchmate guides you through 8 structured phases, from a first idea to a product people want, and tells you the truth along the way.
        </p>
        <MessageBox />
        <div className="landing__hero-buttons">
          <Link className="button landing__hero-button" to="/signup">
            Start with 2 free phases
          </Link>
          <Link className="button button--secondary landing__hero-button" to="/demo">
            View demo
          </Link>
        </div>
        <p className="landing__trust">
          Trusted by <strong>{TRUSTED_FOUNDERS}</strong> founders
        </p>
      </section>

      {/* The placeholder keeps the footer below the fold, so nothing visible moves when the sections arrive. */}
      {hydrated ? (
        <Suspense fallback={pending}>
          <LandingSections />
        </Suspense>
      ) : (
        pending
      )}
    </div>
  );
}

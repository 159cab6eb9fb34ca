import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { MessageBox } from '../../components/MessageBox';
import { TRUSTED_FOUNDERS } from '../../content/landing';
import './marketing.css';
import './Landing.css';

// Below the fold: its script is fetched right after the hero's, not before the first paint.
const LandingSections = lazy(() => import('../../components/LandingSections'));

export function Component() {
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

      {/* The Worker renders the sections in place (docs/decisions/0034); in the browser they wait for
          their chunk, and the placeholder keeps the footer below the fold until they arrive. */}
      <Suspense fallback={<div className="landing__pending" />}>
        <LandingSections />
      </Suspense>
    </div>
  );
}

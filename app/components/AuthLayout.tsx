import { useEffect, useRef, type ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { LogoMark } from './TopBar';
import './AuthLayout.css';
import './Spinner.css';

const PITCH_POINTS = [
  '8 guided phases, from a rough idea to a launch plan',
  'Market research from real discussions, not guesses',
  'Honest, critical feedback instead of flattery',
];

function BrandLink() {
  return (
    <Link to="/" className="auth-brand__logo" aria-label="Launchmate home">
      <LogoMark />
      <span className="auth-brand__wordmark">Launchmate</span>
    </Link>
  );
}

function LegalLinks() {
  return (
    <p className="auth-legal">
      <Link to="/terms">Terms of Service</Link>
      <span aria-hidden="true"> · </span>
      <Link to="/privacy">Privacy Policy</Link>
    </p>
  );
}

/**
 * The two-panel frame of sign-in, sign-up and the password screens: the brand and its promise on
 * the left, the form on the right. Phones get one column in which the brand shrinks to a header.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-layout">
      <header className="auth-brand">
        <BrandLink />
        <div className="auth-brand__pitch">
          <p className="auth-brand__headline">Your AI co-founder, from idea to product.</p>
          <ul className="auth-brand__points">
            {PITCH_POINTS.map((point) => (
              <li key={point}>
                <CheckIcon />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <figure className="auth-brand__quote">
          <blockquote>“Finally, a co-founder who tells me when an idea is weak, before I spend months building it.”</blockquote>
          <figcaption>Trusted by 10,000+ founders</figcaption>
        </figure>
      </header>
      <main id="main" className="auth-main">
        <div className="auth-card">{children}</div>
        <LegalLinks />
      </main>
    </div>
  );
}

/**
 * A single centred card for the screens that only report an outcome: e-mail verification,
 * invitations, unsubscribing.
 */
export function AuthMessageLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-message">
      <header className="auth-message__header">
        <BrandLink />
      </header>
      <main id="main" className="auth-message__main">
        <div className="auth-card auth-card--message">{children}</div>
      </main>
    </div>
  );
}

/** The "Go back" link under an auth form. */
export function AuthBackLink({ to, children }: { to: To; children: ReactNode }) {
  return (
    <p className="auth-back-row">
      <Link to={to} className="auth-back">
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path d="M12.5 4.5 7 10l5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {children}
      </Link>
    </p>
  );
}

/**
 * For screens that swap views in place: moves focus to the new view's heading (give it
 * tabIndex={-1}) when the view changes, not on first load, so keyboard and screen-reader users
 * are not left on a control that no longer exists.
 */
export function useFocusOnViewChange(view: string) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(view);
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    headingRef.current?.focus();
  }, [view]);
  return headingRef;
}

/** The round icon above the heading of an outcome screen; decorative, the heading says it all. */
export function AuthStatusIcon({ kind }: { kind: 'loading' | 'mail' | 'success' | 'danger' }) {
  return (
    <div className={`auth-status-icon auth-status-icon--${kind}`} aria-hidden="true">
      {kind === 'loading' && <span className="spinner spinner--large" />}
      {kind === 'mail' && (
        <svg viewBox="0 0 24 24" width="28" height="28">
          <rect x="3" y="5" width="18" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m4 7 8 6 8-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
      {kind === 'success' && (
        <svg viewBox="0 0 24 24" width="28" height="28">
          <path d="m6 12.5 4 4L18 8" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
      {kind === 'danger' && (
        <svg viewBox="0 0 24 24" width="28" height="28">
          <path d="m7 7 10 10M17 7 7 17" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
        </svg>
      )}
    </div>
  );
}

function CheckIcon() {
  return (
    <svg className="auth-brand__check" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.2" />
      <path d="m6 10.5 2.5 2.5L14 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

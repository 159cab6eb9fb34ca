import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import './TopBar.css';

/** The bar turns translucent once the page has scrolled more than this. */
const TRANSLUCENT_AFTER_PX = 50;

function subscribeToScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** True while the page is scrolled past `threshold`; re-renders only when that flips. The Worker's render is unscrolled. */
function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > threshold,
    () => false,
  );
}

/**
 * On phones the secondary links fold into a menu: a native popover, which its button opens even
 * before the app has started on a page the Worker rendered (docs/decisions/0034), and which the
 * browser closes on Escape or a press outside and tells assistive technology it is expanded.
 * The app closes it on navigating.
 */
function useMenuClosedOnNavigation() {
  const menuRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const shownFor = useRef(pathname);
  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    if (menuRef.current?.matches(':popover-open')) menuRef.current.hidePopover();
  }, [pathname]);
  return menuRef;
}

/**
 * Whether the visitor is signed in, asked after the first paint: the API client is its own
 * chunk, so the landing page's initial JavaScript does not carry it. False until known.
 */
function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    let current = true;
    void import('../lib/session-status').then(({ isSignedIn }) => isSignedIn()).then((answer) => current && setSignedIn(answer));
    return () => {
      current = false;
    };
  }, []);
  return signedIn;
}

export function TopBar() {
  const { pathname } = useLocation();
  const signedIn = useSignedIn();
  const translucent = useScrolledPast(TRANSLUCENT_AFTER_PX);
  const menuRef = useMenuClosedOnNavigation();
  const menuId = useId();
  // Each page hides its own link: there is no point offering the page you are on.
  const onPage = (path: string) => pathname.replace(/\/+$/, '') === path;

  return (
    <header className={`topbar${translucent ? ' topbar--translucent' : ''}`}>
      <div className="topbar__inner">
        <Link to="/" className="topbar__logo" aria-label="Launchmate home">
          <LogoMark />
          <span className="topbar__wordmark">Launchmate</span>
        </Link>
        <nav className="topbar__nav" aria-label="Main">
          <button type="button" className="topbar__menu-button" popoverTarget={menuId}>
            <MenuIcon />
            <span className="visually-hidden">Menu</span>
          </button>
          <ul ref={menuRef} id={menuId} popover="auto" className="topbar__links">
            {!onPage('/pricing') && (
              <li>
                <Link to="/pricing">Pricing</Link>
              </li>
            )}
            {!onPage('/our-story') && (
              <li>
                <Link to="/our-story">Our story</Link>
              </li>
            )}
            {!signedIn && (
              <li>
                <Link to="/signin">Sign in</Link>
              </li>
            )}
          </ul>
          {signedIn ? (
            <Link to="/dashboard" className="button topbar__cta">
              Dashboard
            </Link>
          ) : (
            <Link to="/signup" className="button topbar__cta">
              Get started
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}

/** The brand mark, shared with the footer; decorative, so the surrounding link carries the name. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect className="logo-mark__tile" width="32" height="32" rx="8" />
      <path d="M10 22 16 8l6 14-6-3z" fill="#fff" />
    </svg>
  );
}

/** Three bars, or a cross while the menu is open (TopBar.css shows one of the two). */
function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path className="topbar__menu-icon-closed" d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <path className="topbar__menu-icon-open" d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { useDismissable } from '../lib/use-dismissable';
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

/** On phones the secondary links fold into a disclosure menu, closed by Escape, an outside press or navigating. */
function useDisclosure() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const containerRef = useDismissable<HTMLElement>(open, () => setOpen(false));

  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  return { open, toggle: () => setOpen((o) => !o), containerRef };
}

/**
 * Whether the visitor is signed in, asked after the first paint: the API client is its own
 * chunk, so the landing page's initial JavaScript does not carry it. False until known.
 */
function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    let current = true;
    void import('../lib/session-status')
      .then(({ isSignedIn }) => isSignedIn())
      .then((answer) => current && setSignedIn(answer));
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
  const menu = useDisclosure();
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
        <nav ref={menu.containerRef} className="topbar__nav" aria-label="Main">
          <button
            type="button"
            className="topbar__menu-button"
            aria-expanded={menu.open}
            aria-controls={menuId}
            onClick={menu.toggle}
          >
            <MenuIcon open={menu.open} />
            <span className="visually-hidden">Menu</span>
          </button>
          <ul id={menuId} className={`topbar__links${menu.open ? ' topbar__links--open' : ''}`}>
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

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d={open ? 'm6 6 12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

import { useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { SIDEBAR_LINKS } from '../content/free-tools';
import { useDismissable } from '../lib/use-dismissable';
import './FreeToolsSidebar.css';

/**
 * The free-tools sidebar for signed-out visitors: the two tools and 'Sign up'.
 * A 260 px column on wide screens; on small ones a bar whose panel opens on demand and closes
 * on an outside press, Escape or navigating.
 */
export function FreeToolsSidebar() {
  const [open, setOpen] = useState(false);
  const container = useDismissable<HTMLElement>(open, () => setOpen(false));
  const panelId = useId();
  const { pathname } = useLocation();

  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  return (
    <aside ref={container} className={`tools-sidebar${open ? ' tools-sidebar--open' : ''}`} aria-label="Free tools">
      <button type="button" className="tools-sidebar__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Free tools
      </button>
      <div id={panelId} className="tools-sidebar__panel">
        <p className="tools-sidebar__title" aria-hidden="true">
          Free tools
        </p>
        <ul className="tools-sidebar__links">
          {SIDEBAR_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="tools-sidebar__link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <Link to="/signup" className="button tools-sidebar__signup">
          Sign up
        </Link>
      </div>
    </aside>
  );
}

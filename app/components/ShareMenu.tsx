import { useId, useState } from 'react';
import { SHARE } from '../content/free-tools';
import { useDismissable } from '../lib/use-dismissable';
import { useNotify } from '../lib/notifications';
import './ShareMenu.css';

/**
 * The share button of the free tools: opens a menu with 'Copy link', which copies `link` (the
 * result's own address once there is one), else the page's address at the time of the copy. Closes on a second press, an outside
 * press, Escape, or after a successful copy; a failed copy leaves it open to try again.
 */
export function ShareMenu({ link }: { link?: string }) {
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const container = useDismissable<HTMLDivElement>(open, () => setOpen(false));
  const menuId = useId();

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link ?? window.location.href);
      notify.success(SHARE.copied);
      setOpen(false);
    } catch {
      notify.error(SHARE.failed);
    }
  }

  return (
    <div ref={container} className="share-menu">
      <button type="button" className="button button--secondary" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <path d="M10 3v10M6 7l4-4 4 4M4 11v5h12v-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {SHARE.button}
      </button>
      <div id={menuId} className="share-menu__panel" hidden={!open}>
        <button type="button" className="share-menu__item" onClick={() => void copyLink()}>
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
            <path
              d="M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5l-1 1M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          {SHARE.copyLink}
        </button>
      </div>
    </div>
  );
}

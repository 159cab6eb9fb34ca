import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { NotifyContext, type DismissBanner, type Notify } from '../lib/notifications';
import './Notifications.css';

/** A banner fades in 100 ms after it appears, lives 4 s from its timestamp, then takes 300 ms to leave. */
export const BANNER_VISIBLE_DELAY_MS = 100;
export const BANNER_LIFE_MS = 4000;
export const BANNER_EXIT_MS = 300;

export type BannerKind = 'success' | 'error';

interface BannerProps {
  kind: BannerKind;
  message: string;
  /** Epoch milliseconds; the banner's life is counted from here, not from when it mounts. */
  createdAt: number;
  /** Called once the banner has left the screen, so its owner can forget it. */
  onRemoved: () => void;
  /** Set when its owner takes it away before its time: it fades out at once. */
  dismissed?: boolean;
}

type Phase = 'entering' | 'visible' | 'exiting' | 'removed';

/** One banner and its life: entering → visible → exiting → removed. */
export function Banner({ kind, message, createdAt, onRemoved, dismissed = false }: BannerProps) {
  // A banner already past its life never shows; it goes straight to removed.
  const [phase, setPhase] = useState<Phase>(() => (Date.now() - createdAt >= BANNER_LIFE_MS ? 'removed' : 'entering'));

  // The owner may pass a fresh closure on every render; the phase effect must not re-run because of it.
  const reportRemoved = useEffectEvent(onRemoved);

  useEffect(() => {
    const show = setTimeout(() => setPhase((p) => (p === 'entering' ? 'visible' : p)), BANNER_VISIBLE_DELAY_MS);
    const end = setTimeout(() => setPhase((p) => (p === 'entering' || p === 'visible' ? 'exiting' : p)), createdAt + BANNER_LIFE_MS - Date.now());
    return () => {
      clearTimeout(show);
      clearTimeout(end);
    };
  }, [createdAt]);

  useEffect(() => {
    if (dismissed) setPhase((p) => (p === 'removed' ? p : 'exiting'));
  }, [dismissed]);

  useEffect(() => {
    if (phase === 'removed') {
      reportRemoved();
    } else if (phase === 'exiting') {
      const timer = setTimeout(() => setPhase('removed'), BANNER_EXIT_MS);
      return () => clearTimeout(timer);
    }
  }, [phase]);

  if (phase === 'removed') return null;

  return (
    <div className={`banner banner--${kind} banner--${phase}`} role={kind === 'error' ? 'alert' : 'status'}>
      {kind === 'error' ? <ErrorIcon /> : <SuccessIcon />}
      <p className="banner__message">{message}</p>
      <button type="button" className="banner__close" aria-label="Dismiss notification" onClick={() => setPhase((p) => (p === 'removed' ? p : 'exiting'))}>
        <CloseIcon />
      </button>
    </div>
  );
}

interface BannerEntry {
  id: number;
  kind: BannerKind;
  message: string;
  createdAt: number;
  dismissed: boolean;
}

/** Room left between a banner and the focused element it would cover, its 8 px entrance slide included. */
const CLEARANCE_PX = 16;

const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Keeps the focused element out from under the banners: a field focused because of an error
 * (or any element a keyboard user reaches) is scrolled to just below the banners covering it,
 * so the banner never hides the field it talks about. Checked when a banner appears and when
 * the focus moves, once the page has laid out.
 */
function useFocusClearOfBanners(stack: RefObject<HTMLDivElement | null>, showing: boolean) {
  useEffect(() => {
    if (!showing) return;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const focused = document.activeElement;
        if (!(focused instanceof HTMLElement) || focused === document.body || !stack.current || stack.current.contains(focused)) return;
        const box = focused.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return;
        const banners = [...stack.current.querySelectorAll('.banner:not(.banner--exiting)')].map((banner) => banner.getBoundingClientRect());
        // Every banner in the element's column counts: moved below one, it must not land under the next.
        const inColumn = banners.filter((banner) => banner.left < box.right && box.left < banner.right);
        if (!inColumn.some((banner) => overlap(banner, box))) return;
        const previous = focused.style.scrollMarginTop;
        focused.style.scrollMarginTop = `${Math.max(...inColumn.map((banner) => banner.bottom)) + CLEARANCE_PX}px`;
        focused.scrollIntoView({ block: 'start' });
        focused.style.scrollMarginTop = previous;
      });
    };
    check();
    document.addEventListener('focusin', check);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', check);
    };
  }, [stack, showing]);
}

/** Holds the banners of the whole app and renders them in one stack at the top right. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [banners, setBanners] = useState<BannerEntry[]>([]);
  const nextId = useRef(0);
  const stack = useRef<HTMLDivElement>(null);
  useFocusClearOfBanners(stack, banners.length > 0);

  const add = useCallback((kind: BannerKind, message: string): DismissBanner => {
    const entry = { id: nextId.current++, kind, message, createdAt: Date.now(), dismissed: false };
    setBanners((current) => [...current, entry]);
    return () => setBanners((current) => current.map((banner) => (banner.id === entry.id ? { ...banner, dismissed: true } : banner)));
  }, []);

  const remove = useCallback((id: number) => {
    setBanners((current) => current.filter((banner) => banner.id !== id));
  }, []);

  const notify = useMemo<Notify>(() => ({ success: (message) => add('success', message), error: (message) => add('error', message) }), [add]);

  return (
    <NotifyContext value={notify}>
      {children}
      <div ref={stack} className="notifications">
        {banners.map((banner) => (
          <Banner
            key={banner.id}
            kind={banner.kind}
            message={banner.message}
            createdAt={banner.createdAt}
            dismissed={banner.dismissed}
            onRemoved={() => remove(banner.id)}
          />
        ))}
      </div>
    </NotifyContext>
  );
}

function SuccessIcon() {
  return (
    <svg className="banner__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="m6 10.5 2.5 2.5L14 7.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ErrorIcon() {
  return (
    <svg className="banner__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M10 5.5v5.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <circle cx="10" cy="14.25" r="1.25" fill="#fff" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `open`, calls `close` on a press outside `container` or on Escape: the behaviour of the
 * share menu and the tools sidebar (spec section 2).
 */
export function useDismissable<T extends HTMLElement>(open: boolean, close: () => void): RefObject<T | null> {
  const container = useRef<T>(null);
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) closeRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
  return container;
}

import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';

/**
 * While `open`, calls `close` on a press outside the returned ref's element or on Escape: the
 * behaviour of the share menu and the tools sidebar.
 */
export function useDismissable<T extends HTMLElement>(open: boolean, close: () => void): RefObject<T | null> {
  const container = useRef<T>(null);
  const onDismiss = useEffectEvent(close);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) onDismiss();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
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

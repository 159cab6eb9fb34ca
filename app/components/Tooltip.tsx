import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react-dom';
import { cloneElement, useEffect, useId, useSyncExternalStore, type FocusEvent, type ReactElement, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './Tooltip.css';

/** 8 px from the anchor, and at least 8 px from the viewport edges. */
const ANCHOR_GAP_PX = 8;
const VIEWPORT_MARGIN_PX = 8;

export type TooltipPosition = 'top' | 'bottom' | 'left' | 'right';

/*
 * Only one tooltip is open across the app, so the open one lives in a module-level store:
 * opening a tooltip replaces whichever was open. A click "pins" a tooltip so that it stays
 * open when the pointer leaves; hover and focus open it only for as long as they last.
 */
interface ActiveTooltip {
  id: string;
  pinned: boolean;
}

let active: ActiveTooltip | null = null;
const listeners = new Set<() => void>();

function setActive(next: ActiveTooltip | null) {
  active = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getActive = () => active;
const isOpen = (id: string) => active?.id === id;
const isPinned = (id: string) => active?.id === id && active.pinned;

function close(id: string) {
  if (isOpen(id)) setActive(null);
}

/** Hover is a way to open only where a pointer can hover; on touch screens a tap does it. */
const canHover = () => window.matchMedia('(hover: hover)').matches;

interface TooltipProps {
  content: ReactNode;
  position?: TooltipPosition;
  /** A fixed width in px; without it the tooltip fits its content up to a maximum. */
  width?: number;
  /** The trigger: a single focusable element, usually a button. It is described by the tooltip while open. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

export function Tooltip({ content, position = 'bottom', width, children }: TooltipProps) {
  const id = useId();
  const tooltipId = `${id}-tooltip`;
  const open = useSyncExternalStore(subscribe, getActive)?.id === id;

  const { refs, floatingStyles, placement, isPositioned } = useFloating<HTMLSpanElement>({
    open,
    placement: position,
    middleware: [offset(ANCHOR_GAP_PX), flip(), shift({ padding: VIEWPORT_MARGIN_PX })],
    whileElementsMounted: autoUpdate,
  });

  const openTransiently = () => {
    if (!isOpen(id)) setActive({ id, pinned: false });
  };
  const toggle = () => setActive(isPinned(id) ? null : { id, pinned: true });
  const onPointerEnter = () => {
    if (canHover()) openTransiently();
  };
  const onPointerLeave = () => {
    if (canHover() && !isPinned(id)) close(id);
  };
  const onBlur = (event: FocusEvent) => {
    // Focus moving to another element (e.g. Tab) closes even a pinned tooltip; a press on
    // nothing focusable is left to the outside-press rule below.
    if (event.relatedTarget || !isPinned(id)) close(id);
  };

  // While open: a press anywhere else, or Escape, closes it.
  const { reference, floating } = refs;
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!reference.current?.contains(target) && !floating.current?.contains(target)) close(id);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(id);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, id, reference, floating]);

  // A tooltip must not outlive its trigger in the shared store.
  useEffect(() => () => close(id), [id]);

  const ownDescription = children.props['aria-describedby'];
  const describedBy = open ? [ownDescription, tooltipId].filter(Boolean).join(' ') : ownDescription;

  return (
    <>
      <span
        ref={refs.setReference}
        className="tooltip-anchor"
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onFocus={openTransiently}
        onBlur={onBlur}
        onClick={toggle}
      >
        {cloneElement(children, { 'aria-describedby': describedBy })}
      </span>
      {open &&
        createPortal(
          <div
            ref={refs.setFloating}
            id={tooltipId}
            role="tooltip"
            className={`tooltip${isPositioned ? ' tooltip--positioned' : ''}`}
            data-placement={placement}
            style={width === undefined ? floatingStyles : { ...floatingStyles, width }}
          >
            {content}
          </div>,
          document.body,
        )}
    </>
  );
}

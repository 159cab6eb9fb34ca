import { useEffect, useState } from 'react';

/** 'Copied' shows for 2 seconds. */
export const COPIED_MS = 2000;

interface CopyButtonProps {
  text: string;
  label: string;
  copiedLabel: string;
  className?: string;
}

/**
 * Copies `text`, then says `copiedLabel` for 2 s (a new copy starts the 2 s again). A failed copy
 * is only logged. The label change is announced to screen readers.
 */
export function CopyButton({ text, label, copiedLabel, className }: CopyButtonProps) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  function copy() {
    navigator.clipboard.writeText(text).then(
      () => setCopiedAt(Date.now()),
      (error: unknown) => console.error('Copying failed', error),
    );
  }

  return (
    <button type="button" className={className ?? 'button button--secondary'} onClick={copy} aria-live="polite">
      {copiedAt === null ? label : copiedLabel}
    </button>
  );
}

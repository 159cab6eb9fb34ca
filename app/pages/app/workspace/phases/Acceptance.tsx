import { useState } from 'react';
import type { MemoryEntry } from '#contracts/workspace';

/** Accepting a phase's artifact: the version on screen (a newer one is refused, to be read first). */
export function ArtifactAcceptance({
  entry,
  onAccept,
  done,
  note,
  button,
}: {
  entry: MemoryEntry;
  onAccept?: () => Promise<string | null>;
  done: string;
  note: string;
  button: string;
}) {
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (entry.acceptedAt !== undefined) return <p className="estimate__accepted">{done}</p>;
  if (!onAccept) return null;
  async function accept() {
    setAccepting(true);
    setError(null);
    setError(await onAccept!());
    setAccepting(false);
  }
  return (
    <div className="estimate__accept">
      <p className="estimate__accept-note">{note}</p>
      <button type="button" className="button panel__small-button" disabled={accepting} onClick={() => void accept()}>
        {accepting ? 'Accepting…' : button}
      </button>
      {error && (
        <p className="memory-entry__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

import { useState } from 'react';

/**
 * A row's status (To do / Doing / Done) that any member moves live, for any phase: a move is
 * sent as the phase's frame and shown while the server answers; then the shared state is shown,
 * another member's move included. A refusal is said under it, and the status goes back to what it
 * is. Without `move` (the workspace only reads) it is plain text.
 */
export function StatusControl<Status extends string>({
  title,
  status,
  labels,
  move,
}: {
  /** The row's title, in the control's accessible name ('Status of <title>'). */
  title: string;
  status: Status;
  /** Each status's label, in the order offered. */
  labels: Record<Status, string>;
  /** Sends the move; resolves with a refusal to show, or null. */
  move?: (to: Status) => Promise<string | null>;
}) {
  // The move on its way, with the status it was made from: once the shared state has moved on
  // from that status (this move arrived, or another member's), the state is shown.
  const [pending, setPending] = useState<{ from: Status; to: Status } | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (pending && pending.from !== status) setPending(null);
  if (!move) return <span className="status-control__text">{labels[status]}</span>;
  const shown = pending && pending.from === status ? pending.to : status;

  async function moveTo(to: Status) {
    setError(null);
    setPending({ from: status, to });
    const refused = await move!(to);
    if (refused) {
      setPending(null);
      setError(refused);
    }
  }

  return (
    <div className="status-control">
      <select
        className={`status-control__select status-control__select--${shown}`}
        aria-label={`Status of ${title}`}
        value={shown}
        onChange={(event) => void moveTo(event.target.value as Status)}
      >
        {(Object.keys(labels) as Status[]).map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
      {error && (
        <p className="memory-entry__error status-control__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

import { Spinner } from './Spinner';
import './ToolProgress.css';

/**
 * What the submit button becomes while a tool works: the message, the seconds so far and the
 * usual wait. A polite live region announces the message once; the ticking seconds are not
 * read out every second.
 */
export function ToolProgress({ label, note, seconds }: { label: string; note: string; seconds: number }) {
  return (
    <div className="tool-progress" role="status">
      <Spinner />
      <p className="tool-progress__label">
        {label}
        <span className="tool-progress__seconds" aria-hidden="true">
          {seconds}s
        </span>
      </p>
      <p className="tool-progress__note">{note}</p>
    </div>
  );
}

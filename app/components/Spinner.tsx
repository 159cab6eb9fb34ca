import './Spinner.css';

/**
 * A small inline spinning circle. Give it a `label` when nothing nearby says what is loading;
 * without one it is decorative and hidden from screen readers.
 */
export function Spinner({ label }: { label?: string }) {
  if (!label) return <span className="spinner" aria-hidden="true" />;
  return (
    <span role="status" className="spinner-wrap">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Covers the screen while a page loads (first load, and slow navigations). */
export function FullScreenLoader() {
  return (
    <div className="fullscreen-loader" role="status">
      <span className="spinner spinner--large" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

import { useId, type ReactNode } from 'react';

/** One panel of the settings page, named by its heading. */
export function SettingsPanel({ title, children, danger }: { title: string; children: ReactNode; danger?: boolean }) {
  const headingId = useId();
  return (
    <section className={`settings-panel${danger ? ' settings-panel--danger' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

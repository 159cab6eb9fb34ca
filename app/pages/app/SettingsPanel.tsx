import { useId, type ReactNode } from 'react';
import { PRIVACY_MODE_POSITIONS } from '../../content/privacy-mode';

/** One panel of the settings page, named by its heading. */
export function SettingsPanel({ title, children, danger, id }: { title: string; children: ReactNode; danger?: boolean; id?: string }) {
  const headingId = useId();
  return (
    <section id={id} className={`settings-panel${danger ? ' settings-panel--danger' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** The privacy switch's text: what each of its positions does. */
export function PrivacyModePositions() {
  return (
    <>
      <span>{PRIVACY_MODE_POSITIONS.on}</span>
      <span>{PRIVACY_MODE_POSITIONS.off}</span>
    </>
  );
}

import type { FormEvent, ReactNode } from 'react';
import { Spinner } from './Spinner';

/** A small form inside a panel: validated by the page, not the browser; Escape cancels it. */
export function InlineForm({
  className,
  onSubmit,
  onCancel,
  children,
}: {
  className?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onCancel?: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={className ? `inline-form ${className}` : 'inline-form'}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) onCancel();
      }}
    >
      {children}
    </form>
  );
}

/** A form's submit button (with a spinner while it works) and, when it can be cancelled, Cancel. */
export function FormActions({
  submitLabel,
  busy,
  onCancel,
  danger = false,
  submitDisabled,
  className = 'inline-form__actions',
}: {
  submitLabel: string;
  busy: boolean;
  onCancel?: () => void;
  danger?: boolean;
  submitDisabled?: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className={danger ? 'button button--danger' : 'button'} disabled={submitDisabled}>
        {busy && <Spinner />}
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

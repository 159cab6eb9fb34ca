import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import './FormField.css';

const fieldClass = (error: string | null | undefined, className: string | undefined) =>
  `field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`;

/** A field's id, and its hint and error under it, tied to the input with aria-describedby. */
function useFieldNotes(hint: ReactNode, error: string | null | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const notes = (
    <>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </>
  );
  return { id, describedBy, notes };
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input and linked to it, so screen readers read it with the field. */
  error?: string | null;
  /** A standing hint under the input (e.g. "At least 8 characters"), also linked. */
  hint?: ReactNode;
  /** Something on the label's row, at its end: e.g. the "Forgot your password?" link. */
  labelAside?: ReactNode;
  /** A control inside the input's right edge (the password field's Show button). */
  addon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error wired up with aria-describedby and aria-invalid. */
export function TextField({ label, error, hint, labelAside, addon, ref, className, ...input }: TextFieldProps) {
  const { id, describedBy, notes } = useFieldNotes(hint, error);
  return (
    <div className={fieldClass(error, className)}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {labelAside}
      </div>
      <div className={`field__control${addon ? ' field__control--with-addon' : ''}`}>
        <input ref={ref} id={id} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {addon}
      </div>
      {notes}
    </div>
  );
}

/** An e-mail address input: the keyboard, autofill and no autocorrection an address wants. */
export function EmailField({ label = 'Email', ...props }: Omit<TextFieldProps, 'type' | 'label'> & { label?: string }) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" spellCheck={false} autoCapitalize="off" {...props} />;
}

/** A password input with a show/hide toggle: typing blind on a phone keyboard is error-prone. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      addon={
        <button type="button" className="field__addon" disabled={props.disabled} onClick={() => setVisible((v) => !v)}>
          {visible ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      }
    />
  );
}

/** A form-level message (the server's answer): announced at once, kept on screen until the next try. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div className="form-alert" role="alert">
      <svg className="form-alert__icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        <circle cx="10" cy="10" r="9" fill="currentColor" />
        <path d="M10 5.5v5.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        <circle cx="10" cy="14.25" r="1.25" fill="#fff" />
      </svg>
      <p>{children}</p>
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input, wired like TextField. */
export function TextAreaField({ label, error, hint, ref, className, ...textarea }: TextAreaFieldProps) {
  const { id, describedBy, notes } = useFieldNotes(hint, error);
  return (
    <div className={fieldClass(error, className)}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      </div>
      <textarea
        ref={ref}
        id={id}
        className="field__input field__input--multiline"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      {notes}
    </div>
  );
}

import { useId, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { MESSAGE_MAX_CHARS } from '#contracts/workspace';

export const BLANK_MESSAGE = 'Write a message first.';
export const tooLong = (length: number) =>
  `Messages can be up to ${MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters; this one has ${length.toLocaleString('en-US')}.`;

/** Why a message cannot be sent as it is, or null when it can. */
export function messageError(text: string): string | null {
  if (text.trim() === '') return BLANK_MESSAGE;
  if (text.length > MESSAGE_MAX_CHARS) return tooLong(text.length);
  return null;
}

const MAX_HEIGHT_PX = 200;

/** Who a message is for: the co-founder answers the first; a note is for the team, and not answered. */
export type ComposerMode = 'ask' | 'note';

const MODES: Record<ComposerMode, { choice: string; label: string; placeholder: string; send: string }> = {
  ask: { choice: 'Ask the co-founder', label: 'Message to your co-founder', placeholder: 'Message your co-founder…', send: 'Send' },
  note: {
    choice: 'Note to the team',
    label: 'Note to your team',
    placeholder: 'Write to your team. The co-founder reads it on its next answer, but does not reply.',
    send: 'Send note',
  },
};

export interface ComposerProps {
  mode: ComposerMode;
  onModeChange: (mode: ComposerMode) => void;
  value: string;
  onChange: (value: string) => void;
  /** Called with a message that passed the checks above. */
  onSend: (text: string) => void;
  /** The member's own message is on its way: the box waits (and keeps the text readable). */
  sending: boolean;
  /** This member's own request is being answered: Stop is offered beside Send. */
  canStop: boolean;
  onStop: () => void;
  /** A refusal to show under the box: a check above, or the server's (a limit, say). */
  error: string | null;
  onError: (error: string | null) => void;
  /** The message box, for the conversation to move focus to (after a quick reply, say). */
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The message box of the workspace: Enter sends, Shift+Enter writes a new line. Blank and
 * over-long messages are refused here with a clear error; the text is never thrown away. The
 * member chooses who it is for: the co-founder, or the team (decision 0043).
 */
export function Composer({ mode, onModeChange, value, onChange, onSend, sending, canStop, onStop, error, onError, inputRef }: ComposerProps) {
  const words = MODES[mode];
  const id = useId();
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const textareaRef = inputRef ?? ownRef;
  const overLimit = value.length > MESSAGE_MAX_CHARS;
  const shownError = overLimit ? tooLong(value.length) : error;

  // Measured again whenever the text changes: the height follows what is typed.
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    textarea.style.height = `${Math.min(textarea.scrollHeight, MAX_HEIGHT_PX)}px`;
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- `value` is the trigger, not an input
  }, [value]);

  function send() {
    if (sending) return;
    const invalid = messageError(value);
    onError(invalid);
    if (invalid) {
      textareaRef.current?.focus();
      return;
    }
    onSend(value);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form className={`composer composer--${mode}`} onSubmit={onSubmit} aria-label="Send a message">
      <fieldset className="composer__modes">
        <legend className="visually-hidden">Who is this message for?</legend>
        {(Object.keys(MODES) as ComposerMode[]).map((option) => (
          <label key={option} className="composer__mode">
            <input type="radio" name={`${id}-mode`} value={option} checked={mode === option} onChange={() => onModeChange(option)} />
            {MODES[option].choice}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {words.label}
      </label>
      <textarea
        id={`${id}-input`}
        ref={textareaRef}
        className="composer__input"
        rows={2}
        value={value}
        placeholder={words.placeholder}
        readOnly={sending}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-error` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          if (error) onError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="composer__actions">
        {shownError && (
          <p id={`${id}-error`} className="composer__error" role="alert">
            {shownError}
          </p>
        )}
        {canStop && (
          <button type="button" className="button button--secondary composer__stop" onClick={onStop}>
            Stop
          </button>
        )}
        <button type="submit" className="button composer__send" disabled={sending || overLimit}>
          {sending ? 'Sending…' : words.send}
        </button>
      </div>
    </form>
  );
}

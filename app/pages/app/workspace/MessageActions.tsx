import { useRef, useState, type FormEvent } from 'react';
import { MESSAGE_MAX_CHARS } from '#contracts/workspace';
import { markdownToPlainText } from '../../../lib/markdown-text';
import { messageError } from './Composer';

export interface MessageActionsProps {
  /** The message's Markdown, as written. */
  text: string;
  /** Given to the latest complete answer: write it again (charged like a new answer). */
  onRegenerate?: () => void;
  /** Given to the member's own latest message: starts editing it. */
  onEdit?: () => void;
  /** Saves the message as a memory entry; resolves with an error to show, or null. */
  onSaveToMemory?: () => Promise<string | null>;
  /** Pins the message to the canvas as a note that links back to it; resolves with an error, or null. */
  onPinToCanvas?: () => Promise<string | null>;
}

/**
 * What a member can do with a message: copy it (as Markdown or as plain text), keep it in the
 * memory, and, where it applies, Regenerate an answer or Edit their own latest message. What each
 * did is said in a polite status beside the buttons.
 */
export function MessageActions({ text, onRegenerate, onEdit, onSaveToMemory, onPinToCanvas }: MessageActionsProps) {
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);

  async function copy(what: 'Markdown' | 'text') {
    try {
      await navigator.clipboard.writeText(what === 'Markdown' ? text : markdownToPlainText(text));
      setStatus(`Copied as ${what}.`);
    } catch {
      setStatus('Your browser did not allow copying. Select the text to copy it.');
    }
  }

  async function keep(action: (() => Promise<string | null>) | undefined, done: string) {
    if (!action) return;
    setSaving(true);
    const error = await action();
    setSaving(false);
    setStatus(error ?? done);
  }

  return (
    <div className="message__actions">
      <button type="button" className="message__action" onClick={() => void copy('Markdown')}>
        Copy as Markdown
      </button>
      <button type="button" className="message__action" onClick={() => void copy('text')}>
        Copy as text
      </button>
      {onSaveToMemory && (
        <button type="button" className="message__action" disabled={saving} onClick={() => void keep(onSaveToMemory, 'Saved to the memory.')}>
          Save to memory
        </button>
      )}
      {onPinToCanvas && (
        <button type="button" className="message__action" disabled={saving} onClick={() => void keep(onPinToCanvas, 'Pinned to the canvas.')}>
          Pin to canvas
        </button>
      )}
      {onRegenerate && (
        <button type="button" className="message__action" onClick={onRegenerate}>
          Regenerate
        </button>
      )}
      {onEdit && (
        <button type="button" className="message__action" onClick={onEdit}>
          Edit
        </button>
      )}
      <span className="message__action-status" aria-live="polite">
        {status}
      </span>
    </div>
  );
}

/**
 * Editing one's own latest message. Saving asks the co-founder again (a note stays a note); the
 * message then shows that it was edited and what it said before. Focus returns to where the
 * member was when they save or cancel.
 */
export function MessageEditor({
  initial,
  isNote,
  onSave,
  onCancel,
}: {
  initial: string;
  isNote: boolean;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = messageError(value) ?? (value.trim() === initial.trim() ? 'The message is unchanged.' : null);
    setError(invalid);
    if (invalid) {
      field.current?.focus();
      return;
    }
    onSave(value.trim());
  }

  return (
    <form className="message__edit" onSubmit={submit} aria-label="Edit your message">
      <label className="visually-hidden" htmlFor="message-edit-input">
        Your message
      </label>
      <textarea
        id="message-edit-input"
        ref={field}
        autoFocus
        value={value}
        maxLength={MESSAGE_MAX_CHARS}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'message-edit-error' : undefined}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      {error && (
        <p id="message-edit-error" className="composer__error" role="alert">
          {error}
        </p>
      )}
      <div className="message__edit-actions">
        <button type="submit" className="button">
          {isNote ? 'Save the note' : 'Save and ask again'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

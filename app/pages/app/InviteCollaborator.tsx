import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { InviteSchema } from '#contracts/projects';
import { EmailField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { api, withSession } from '../../lib/api';
import { errorMessage, fieldError } from '../../lib/forms';
import { useNotify } from '../../lib/notifications';

/** Invites someone to the project by e-mail; the link is shown too, to share by hand. */
export function InviteCollaborator({ projectId, onInvited }: { projectId: string; onInvited: () => void }) {
  const notify = useNotify();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [invitation, setInvitation] = useState<{ email: string; link: string; emailed: boolean } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = fieldError(InviteSchema.shape.email, email);
    flushSync(() => setError(invalid));
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    setSending(true);
    try {
      const response = await withSession(() => api.project[':id'].invitations.$post({ param: { id: projectId }, json: { email: email.trim() } }));
      const { link, emailed } = await response.json();
      setInvitation({ email: email.trim(), link, emailed });
      setEmail('');
      onInvited();
    } catch (failure) {
      notify.error(errorMessage(failure, 'We could not create the invitation. Please try again.'));
    } finally {
      setSending(false);
    }
  }

  async function copyLink(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      notify.success('Link copied to clipboard!');
    } catch (failure) {
      console.error('Copying the invitation link failed', failure);
      // Select it instead, so Ctrl+C / long-press copy is one step away.
      linkRef.current?.select();
      notify.error('Failed to copy link to clipboard.');
    }
  }

  return (
    <section className="dashboard__panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Invite a collaborator</h2>
      <p className="dashboard__muted">They get a link that lets them join this project. It works once, for 7 days.</p>
      <form className="inline-form invite-form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset disabled={sending}>
          <EmailField
            ref={inputRef}
            label="Email address"
            name="email"
            autoComplete="off"
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="button">
            {sending && <Spinner />}
            Send invitation
          </button>
        </fieldset>
      </form>
      {invitation && (
        <div className="invitation" role="status">
          <p>
            {invitation.emailed ? (
              <>
                We emailed the invitation to <strong>{invitation.email}</strong>. You can also share the link yourself.
              </>
            ) : (
              <>
                We did not email <strong>{invitation.email}</strong>: that address has turned off emails from us. Share the link with them yourself.
              </>
            )}
          </p>
          <div className="invitation__link">
            <label className="visually-hidden" htmlFor={`${headingId}-link`}>
              Invitation link
            </label>
            <input
              ref={linkRef}
              id={`${headingId}-link`}
              className="field__input"
              readOnly
              value={invitation.link}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="button button--secondary" onClick={() => void copyLink(invitation.link)}>
              Copy link
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

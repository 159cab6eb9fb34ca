import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { InvitationPreview } from '#contracts/projects';
import { SignUpSchema } from '#contracts/auth';
import { AuthBackLink, AuthLayout, AuthStatusIcon, useFocusOnViewChange } from '../../components/AuthLayout';
import { EmailField, FormAlert, PasswordField } from '../../components/FormField';
import { GoogleButton } from '../../components/GoogleButton';
import { useNotify } from '../../lib/notifications';
import { Spinner } from '../../components/Spinner';
import { api, ApiError, send } from '../../lib/api';
import { readAttribution } from '../../lib/attribution';
import { errorMessage, fieldError, GENERIC_ERROR, logUnexpected, useFormFields } from '../../lib/forms';
import { readJsonSetting, readSetting } from '../../lib/local-settings';
import { useNextPage } from '../../lib/next-page';
import { readPrivacyMode } from '../../lib/privacy-mode';
import { isSignedIn } from '../../lib/session-status';

/** One verification e-mail a minute; the server holds the same lock. */
export const RESEND_LOCK_MS = 60_000;
export const RESENT_MESSAGE = 'Email resent... you can resend again in 1 minute';
/** A new link replaces the earlier one (docs/security.md §9), so the page says which to use. */
export const NEWEST_LINK_ONLY = 'Use the link in the newest email: the earlier link no longer works.';

type SignUpForm = ReturnType<typeof useSignUpFields>;

const useSignUpFields = () =>
  useFormFields({ email: '', password: '' }, (values) => ({
    email: fieldError(SignUpSchema.shape.email, values.email),
    password: fieldError(SignUpSchema.shape.password, values.password),
  }));

/**
 * Sign-up: a choice of method, the e-mail form, then "Check your inbox". The method lives in the
 * address (?method=email) so the browser's Back button goes back to the choice.
 */
export function Component() {
  const [params] = useSearchParams();
  const method = params.get('method') === 'email' ? 'email' : 'choice';
  // 'Get Pro' links here with ?next=pro: Checkout opens once the account exists, even when the
  // link was followed before the pricing page was hydrated (app/lib/get-pro.ts).
  const nextPage = useNextPage();
  const navigate = useNavigate();
  // Someone already signed in has no account to make: they go on where they were headed.
  useEffect(() => {
    let current = true;
    void isSignedIn().then((signedIn) => {
      if (current && signedIn) void navigate(nextPage, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate, nextPage]);

  // The form's values live here, above the views, so going back and forth loses nothing.
  const form = useSignUpFields();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invitation = usePendingInvitation();
  const { setValues } = form;
  const invitedEmail = invitation?.email;
  // The invited address, filled in once, unless the visitor already typed one.
  useEffect(() => {
    if (invitedEmail) setValues((current) => (current.email.trim() ? current : { ...current, email: invitedEmail }));
  }, [invitedEmail, setValues]);

  // Leaving the e-mail view (Go back, or the browser's Back) ends the "Check your inbox" view.
  if (method !== 'email' && sentTo !== null) setSentTo(null);

  const view = method === 'choice' ? 'choice' : sentTo === null ? 'form' : 'inbox';
  const headingRef = useFocusOnViewChange(view);

  return (
    <AuthLayout>
      {invitation && view !== 'inbox' && <InvitationNote invitation={invitation} />}
      {view === 'choice' && <ChoiceView headingRef={headingRef} />}
      {view === 'form' && (
        <EmailForm
          headingRef={headingRef}
          form={form}
          invitation={invitation}
          onSignedUp={(address) => {
            setSentTo(address);
            form.setValue('password', '');
          }}
          // Signed up through the invitation e-mailed to this address: the account is ready, and
          // the signed-in area accepts the invitation, as after confirming an address.
          onSignedIn={() => void navigate('/onboarding', { replace: true })}
        />
      )}
      {view === 'inbox' && sentTo !== null && <CheckInbox headingRef={headingRef} email={sentTo} joining={invitation?.projectName} />}
    </AuthLayout>
  );
}

/** An invitation as its link shows it, with the proof its e-mail carried, if the visitor came that way. */
interface PendingInvitation extends InvitationPreview {
  token: string;
  /** Present only when the visitor followed the e-mailed link (docs/decisions/0059). */
  proof: string | null;
}

/** The proof that /invite/{token} kept for this token, if the link it followed was the e-mailed one. */
function proofFor(token: string): string | null {
  const saved = readJsonSetting<{ token?: unknown; proof?: unknown }>('invitationProof');
  return saved?.token === token && typeof saved.proof === 'string' ? saved.proof : null;
}

/**
 * The invitation this visitor came through (/invite/{token} keeps its token), as its link shows
 * it: what they were invited to, by whom, and at which address. Null when there is none or it
 * no longer works; sign-up then goes on as usual.
 */
function usePendingInvitation(): PendingInvitation | null {
  const [invitation, setInvitation] = useState<PendingInvitation | null>(null);
  useEffect(() => {
    const token = readSetting('pendingInvitation');
    if (!token) return;
    let current = true;
    send(() => api.invitations[':token'].$get({ param: { token } }))
      .then((response) => response.json())
      .then(
        (body) => current && setInvitation({ ...body.invitation, token, proof: proofFor(token) }),
        () => {
          // An expired or used link: signing up still works, and the signed-in area says why joining failed.
        },
      );
    return () => {
      current = false;
    };
  }, []);
  return invitation;
}

/**
 * What the invitation is and what comes next: through the e-mailed link, the invited address
 * joins at once; any other way, the address is confirmed by e-mail first (docs/decisions/0059).
 */
function InvitationNote({ invitation }: { invitation: PendingInvitation }) {
  return (
    <div className="auth-invitation" role="note">
      <p>
        <strong>{invitation.invitedBy}</strong> invited you to join <strong>“{invitation.projectName.trim() || 'Untitled project'}”</strong>.{' '}
        {invitation.proof
          ? 'Create your account with the address the invitation was sent to and you join the project right away.'
          : 'Once your account is ready, you join the project: signing up with email, you first confirm your address from the link we send you.'}
      </p>
      <p className="auth-note">
        The invitation was sent to {invitation.email}.{invitation.proof && ' With another address, you first confirm it from the link we email you.'}
      </p>
    </div>
  );
}

interface ViewProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
}

function ChoiceView({ headingRef }: ViewProps) {
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1} className="auth-heading">
        Create your account
      </h1>
      <p className="auth-lead">Start with 2 free phases. No card needed.</p>
      <div className="auth-actions">
        <GoogleButton label="Continue with Google" />
        <p className="auth-divider">or</p>
        <Link to="/signup?method=email" className="button">
          Sign up with email
        </Link>
      </div>
      <p className="auth-note">
        By signing up you agree to our <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
      </p>
      <p className="auth-switch">
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </>
  );
}

interface EmailFormProps extends ViewProps {
  /** Kept by the page, so going back to the choice and returning loses nothing. */
  form: SignUpForm;
  invitation: PendingInvitation | null;
  /** A link to confirm the address is on its way. */
  onSignedUp: (email: string) => void;
  /** The address needed no confirming: the account is ready and signed in. */
  onSignedIn: () => void;
}

function EmailForm({ headingRef, form, invitation, onSignedUp, onSignedIn }: EmailFormProps) {
  const { email, password } = form.values;
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.validate()) return;

    setFormError(null);
    setSubmitting(true);
    try {
      const response = await send(() =>
        api.auth['sign-up'].$post({
          json: {
            email: email.trim(),
            password,
            attribution: readAttribution(),
            privacyMode: readPrivacyMode(),
            ...(invitation?.proof && { invitation: { token: invitation.token, proof: invitation.proof } }),
          },
        }),
      );
      const answer = await response.json();
      if ('signedIn' in answer) onSignedIn();
      else onSignedUp(email.trim());
    } catch (error) {
      setFormError(errorMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <>
      <h1 ref={headingRef} tabIndex={-1} className="auth-heading">
        Create your account
      </h1>
      <p className="auth-lead">Sign up with your email address.</p>
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        {formError && <FormAlert>{formError}</FormAlert>}
        <fieldset disabled={submitting}>
          <EmailField {...form.field('email')} />
          <PasswordField label="Password" autoComplete="new-password" hint="At least 8 characters." {...form.field('password')} />
          <button type="submit" className="button">
            {submitting && <Spinner />}
            Continue
          </button>
        </fieldset>
      </form>
      <AuthBackLink to="/signup">Go back</AuthBackLink>
      <p className="auth-switch">
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </>
  );
}

/** `joining`: the project of the invitation the visitor signs up through, which they join once confirmed. */
function CheckInbox({ headingRef, email, joining }: ViewProps & { email: string; joining?: string }) {
  const notify = useNotify();
  const [locked, setLocked] = useState(false);
  const [resent, setResent] = useState(false);
  const unlockTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(unlockTimer.current), []);

  function unlock() {
    clearTimeout(unlockTimer.current);
    setLocked(false);
  }

  async function resend() {
    // Locked from the click, so a double click sends one e-mail.
    setLocked(true);
    clearTimeout(unlockTimer.current);
    unlockTimer.current = setTimeout(unlock, RESEND_LOCK_MS);
    try {
      await send(() => api.auth['resend-verification-email'].$post({ json: { email } }));
      setResent(true);
    } catch (error) {
      // 429: the server's one-a-minute lock is on; ours already says to wait a minute.
      if (error instanceof ApiError && error.status === 429) return;
      logUnexpected('Resending the verification email failed', error);
      unlock();
      notify.error(errorMessage(error, GENERIC_ERROR));
    }
  }

  return (
    <>
      <AuthStatusIcon kind="mail" />
      <h1 ref={headingRef} tabIndex={-1} className="auth-heading">
        Check your inbox
      </h1>
      <p className="auth-lead">
        We sent a confirmation link to <strong>{email}</strong>. Open it to activate your account
        {joining === undefined ? '' : ` and join “${joining.trim() || 'Untitled project'}”`}. If it is not there in a few minutes, look in your spam folder.
      </p>
      <div className="auth-actions">
        <button type="button" className="button button--secondary" disabled={locked} onClick={() => void resend()}>
          Resend email
        </button>
        <p className="auth-note" role="status">
          {locked ? RESENT_MESSAGE : ''}
        </p>
        {resent && <p className="auth-note">{NEWEST_LINK_ONLY}</p>}
      </div>
      <AuthBackLink to="/signup">Go back</AuthBackLink>
    </>
  );
}

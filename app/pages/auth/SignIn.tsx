import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SignInSchema } from '#contracts/auth';
import { AuthBackLink, AuthLayout, useFocusOnViewChange } from '../../components/AuthLayout';
import { EmailField, FormAlert, PasswordField } from '../../components/FormField';
import { GoogleButton } from '../../components/GoogleButton';
import { useNotify } from '../../lib/notifications';
import { Spinner } from '../../components/Spinner';
import { workspacePath } from '../../lib/workspace-path';
import { api, ApiError, send, withSession } from '../../lib/api';
import { errorMessage, fieldError, useFormFields } from '../../lib/forms';
import { readFirstMessage } from '../../lib/landing-draft';
import { useNextPage } from '../../lib/next-page';
import { readPrivacyMode } from '../../lib/privacy-mode';
import './SignIn.css';

/** Where Google's callback sends the visitor back with ?google=… (worker/routes/auth.ts). */
const GOOGLE_OUTCOMES: Record<string, string> = {
  denied: 'Google sign-in was cancelled.',
  failed: 'Google authentication failed!',
};

/**
 * Opens the signed-in app: the page ?next= names, else the dashboard (app/lib/next-page.ts).
 * With ?newProject=true a project is created first and its workspace opens; if that fails, the
 * dashboard, which says why when the plan has no room for another project. A message sent from
 * the landing page is picked up by the signed-in area itself (AppLayout), whichever way the
 * visitor signed in.
 */
function useEnterApp() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const wantsNewProject = params.get('newProject') === 'true';
  const nextPage = useNextPage();
  const entering = useRef(false);

  return async function enterApp() {
    // The entry check and a sign-in can both get here; one project, one navigation.
    if (entering.current) return;
    entering.current = true;
    if (wantsNewProject && !readFirstMessage()) {
      try {
        const response = await withSession(() => api.project.$post({ json: { name: '' } }));
        const { project } = await response.json();
        await navigate(workspacePath(project.id), { replace: true });
        return;
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) notify.error(errorMessage(error));
        else console.error('Creating the new project failed; opening the dashboard instead', error);
      }
    }
    await navigate(nextPage, { replace: true });
  };
}

/**
 * Sign-in: the Google view first, the e-mail form on ?method=email (so Back returns to the Google
 * view). A visitor who is already signed in goes straight on to the app.
 */
export function Component() {
  const [params] = useSearchParams();
  const method = params.get('method') === 'email' ? 'email' : 'google';
  const googleOutcome = GOOGLE_OUTCOMES[params.get('google') ?? ''];
  const enterApp = useEnterApp();
  const headingRef = useFocusOnViewChange(method);

  // Views keep only ?newProject, which must survive until the visitor is in.
  const viewLink = (view: 'email' | 'google') => {
    const next = new URLSearchParams();
    if (view === 'email') next.set('method', 'email');
    if (params.get('newProject') === 'true') next.set('newProject', 'true');
    const search = next.toString();
    return `/signin${search ? `?${search}` : ''}`;
  };

  // On entry: someone already signed in has nothing to do here.
  const onAlreadySignedIn = useEffectEvent(() => void enterApp());
  useEffect(() => {
    let current = true;
    api.auth['check-auth']
      .$get()
      .then((response) => {
        if (current && response.ok) onAlreadySignedIn();
      })
      // Not signed in, or offline: the form is already on screen.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);

  return (
    <AuthLayout>
      <h1 ref={headingRef} tabIndex={-1} className="auth-heading">
        Sign in to Launchmate
      </h1>
      <p className="auth-lead">Welcome back. Pick up where you left off.</p>
      {googleOutcome && method === 'google' && (
        <div className="signin-outcome">
          <FormAlert>{googleOutcome}</FormAlert>
        </div>
      )}
      {method === 'google' ? (
        <>
          <div className="auth-actions">
            <GoogleButton label="Sign in with Google" />
            <p className="auth-divider">or</p>
            <Link to={viewLink('email')} className="button">
              Sign in with email
            </Link>
          </div>
          <p className="auth-switch">
            Don't have an account? <Link to="/signup">Sign up</Link>
          </p>
        </>
      ) : (
        <>
          <EmailSignIn onSignedIn={enterApp} />
          <AuthBackLink to={viewLink('google')}>Go back</AuthBackLink>
          <p className="auth-switch">
            Don't have an account? <Link to="/signup">Sign up</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}

function EmailSignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const form = useFormFields({ email: '', password: '' }, (values) => ({
    email: fieldError(SignInSchema.shape.email, values.email),
    password: fieldError(SignInSchema.shape.password, values.password),
  }));
  const { email, password } = form.values;
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.validate()) return;

    setFormError(null);
    setSubmitting(true);
    try {
      await send(() => api.auth['sign-in'].$post({ json: { email: email.trim(), password } }));
    } catch (error) {
      setFormError(errorMessage(error));
      setSubmitting(false);
      return;
    }
    // The account takes on the privacy mode chosen before signing in; only "on" is sent, so
    // signing in never turns an account's privacy mode off.
    if (readPrivacyMode()) {
      await withSession(() => api.user['privacy-mode'].$put({ json: { privacyMode: true } })).catch((error: unknown) =>
        console.error('Saving privacy mode failed', error),
      );
    }
    await onSignedIn();
  }

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      {formError && <FormAlert>{formError}</FormAlert>}
      <fieldset disabled={submitting}>
        <EmailField required {...form.field('email')} />
        <div className="signin-password">
          <PasswordField label="Password" autoComplete="current-password" required {...form.field('password')} />
          {/* The address typed here comes along in the navigation state, never in the URL. */}
          <Link to="/forgot-password" state={{ email: email.trim() }} className="signin-forgot">
            Forgot your password?
          </Link>
        </div>
        <button type="submit" className="button">
          {submitting && <Spinner />}
          Sign in
        </button>
      </fieldset>
    </form>
  );
}

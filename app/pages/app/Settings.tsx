import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { DISPLAY_NAME_MAX, DisplayNameSchema } from '#contracts/user';
import { PasswordSchema } from '#contracts/auth';
import { FormAlert, PasswordField, TextField } from '../../components/FormField';
import { useNotify } from '../../lib/notifications';
import { Spinner } from '../../components/Spinner';
import { Switch } from '../../components/Switch';
import { api, withSession } from '../../lib/api';
import { saveDownload } from '../../lib/download';
import { errorMessage, fieldError, logUnexpected } from '../../lib/forms';
import { AccountDeletion } from './AccountDeletion';
import { useDisplayNameSaver } from './display-name';
import { BillingSettings } from './BillingSettings';
import { SupportSettings } from './SupportSettings';
import { useCurrentUser } from './AppLayout';
import { PrivacyModePositions, SettingsPanel } from './SettingsPanel';
import './Settings.css';

/** Account settings: everything a founder controls about their account, one panel each. */
export function Component() {
  const { user } = useCurrentUser();
  return (
    <div className="settings page">
      <div className="settings__header">
        <h1>Account settings</h1>
        <p>
          Signed in as <strong className="settings__email">{user.email}</strong> · {user.plan === 'pro' ? 'Pro' : 'Free'} plan ·{' '}
          <Link to="/pricing">Compare plans</Link>
        </p>
      </div>
      <div className="settings__panels">
        <DisplayName />
        <BillingSettings />
        <SupportSettings />
        <ChangePassword />
        <PrivacyMode />
        <EmailPreferences />
        <SignOutEverywhere />
        <ExportData />
        <AccountDeletion />
      </div>
    </div>
  );
}

/** What teammates see: in messages, presence, invitations and e-mails. */
function DisplayName() {
  const { user } = useCurrentUser();
  const notify = useNotify();
  const save = useDisplayNameSaver();
  const [name, setName] = useState(user.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const fallback = user.email.split('@')[0];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = name.trim() === '' ? null : fieldError(DisplayNameSchema, name);
    flushSync(() => setError(problem));
    if (problem) return inputRef.current?.focus();
    setSaving(true);
    try {
      const saved = await save(name);
      setName(saved ?? '');
      notify.success(saved ? `Teammates now see you as ${saved}.` : `Your name was removed; teammates see you as ${fallback}.`);
    } catch (error) {
      logUnexpected('Saving the display name failed', error);
      setError(errorMessage(error, 'We could not save your name. Please try again.'));
      inputRef.current?.focus();
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsPanel title="Your name">
      <p className="settings__muted">
        Shown to your teammates in the workspace, in invitations and in e-mails. Without one, they see <strong>{fallback}</strong>.
      </p>
      <form className="settings-form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset disabled={saving}>
          <TextField
            ref={inputRef}
            label="Display name"
            name="display-name"
            autoComplete="name"
            maxLength={DISPLAY_NAME_MAX}
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
          <div>
            <button type="submit" className="button">
              {saving && <Spinner />}
              Save name
            </button>
          </div>
        </fieldset>
      </form>
    </SettingsPanel>
  );
}

function ChangePassword() {
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current?: string | null; next?: string | null }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = { current: current ? null : 'Enter your current password', next: fieldError(PasswordSchema, next) };
    flushSync(() => setErrors(found));
    if (found.current) return currentRef.current?.focus();
    if (found.next) return nextRef.current?.focus();
    setFormError(null);
    setSaving(true);
    try {
      await withSession(() => api.user.password.$put({ json: { currentPassword: current, newPassword: next } }));
      setCurrent('');
      setNext('');
      notify.success('Your password was changed. Every other device was signed out.');
    } catch (error) {
      logUnexpected('Changing the password failed', error);
      setFormError(errorMessage(error, 'We could not change your password. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsPanel title="Password">
      <p className="settings__muted">Changing it signs out every other device; this one stays signed in.</p>
      <form className="settings-form" noValidate onSubmit={(event) => void submit(event)}>
        {formError && <FormAlert>{formError}</FormAlert>}
        <fieldset disabled={saving}>
          <PasswordField
            ref={currentRef}
            label="Current password"
            name="current-password"
            autoComplete="current-password"
            value={current}
            error={errors.current}
            onChange={(event) => {
              setCurrent(event.target.value);
              setErrors((e) => ({ ...e, current: null }));
            }}
          />
          <PasswordField
            ref={nextRef}
            label="New password"
            name="new-password"
            autoComplete="new-password"
            hint="At least 8 characters."
            value={next}
            error={errors.next}
            onChange={(event) => {
              setNext(event.target.value);
              setErrors((e) => ({ ...e, next: null }));
            }}
          />
          <div>
            <button type="submit" className="button">
              {saving && <Spinner />}
              Change password
            </button>
          </div>
        </fieldset>
      </form>
    </SettingsPanel>
  );
}

/** A switch saved at once, shown at once and put back if the server does not take it. */
function useSavedSwitch(save: (on: boolean) => Promise<unknown>, apply: (on: boolean) => void, messages: { on: string; off: string; failed: string }) {
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  async function change(on: boolean) {
    setSaving(true);
    apply(on);
    try {
      await save(on);
      notify.success(on ? messages.on : messages.off);
    } catch (error) {
      apply(!on);
      logUnexpected('Saving a setting failed', error);
      notify.error(errorMessage(error, messages.failed));
    } finally {
      setSaving(false);
    }
  }
  return { saving, change };
}

function PrivacyMode() {
  const { user, updateUser } = useCurrentUser();
  const setting = useSavedSwitch(
    (privacyMode) => withSession(() => api.user['privacy-mode'].$put({ json: { privacyMode } })),
    (privacyMode) => updateUser({ privacyMode }),
    { on: 'Privacy mode is on.', off: 'Privacy mode is off.', failed: 'We could not save privacy mode. Please try again.' },
  );
  return (
    <SettingsPanel title="Privacy">
      <Switch
        label="Privacy mode"
        description={<PrivacyModePositions />}
        checked={user.privacyMode}
        disabled={setting.saving}
        onChange={(on) => void setting.change(on)}
      />
    </SettingsPanel>
  );
}

function EmailPreferences() {
  const { user, updateUser } = useCurrentUser();
  const setting = useSavedSwitch(
    (subscribed) => withSession(() => api.user['email-preferences'].$put({ json: { subscribed } })),
    (subscribed) => updateUser({ subscribed }),
    {
      on: 'You will get product emails.',
      off: 'You will no longer get product emails.',
      failed: 'We could not save your email preferences. Please try again.',
    },
  );
  return (
    <SettingsPanel title="Email preferences">
      <Switch
        label="Product e-mails"
        description="News, tips and invitations from collaborators. Account emails, like password resets, always arrive."
        checked={user.subscribed}
        disabled={setting.saving}
        onChange={(on) => void setting.change(on)}
      />
    </SettingsPanel>
  );
}

function SignOutEverywhere() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  async function signOutEverywhere() {
    setBusy(true);
    try {
      await withSession(() => api.user['sign-out-everywhere'].$post());
      notify.success('You were signed out of every device.');
      await navigate('/signin', { replace: true });
    } catch (error) {
      logUnexpected('Signing out everywhere failed', error);
      notify.error(errorMessage(error, 'We could not sign you out everywhere. Please try again.'));
      setBusy(false);
    }
  }
  return (
    <SettingsPanel title="Devices">
      <p className="settings__muted">Signs you out on every phone, computer and browser, this one included.</p>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void signOutEverywhere()}>
        {busy && <Spinner />}
        Sign out of all devices
      </button>
    </SettingsPanel>
  );
}

function ExportData() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const response = await withSession(() => api.user.export.$get());
      await saveDownload(response, 'launchmate-export.json');
      notify.success('Your data was downloaded.');
    } catch (error) {
      logUnexpected('Exporting data failed', error);
      notify.error(errorMessage(error, 'We could not export your data. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <SettingsPanel title="Your data">
      <p className="settings__muted">A JSON file of your account, your projects and memberships, and their research pages and responses.</p>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void download()}>
        {busy && <Spinner />}
        Export my data
      </button>
    </SettingsPanel>
  );
}

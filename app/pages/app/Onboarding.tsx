import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { DISPLAY_NAME_MAX, DisplayNameSchema } from '#contracts/user';
import { PROJECT_NAME_MAX } from '#contracts/projects';
import { FormAlert, TextField } from '../../components/FormField';
import { useNotify } from '../../lib/notifications';
import { Spinner } from '../../components/Spinner';
import { Switch } from '../../components/Switch';
import { Tooltip } from '../../components/Tooltip';
import { BRAINSTORM_MESSAGE } from '../../content/landing';
import { workspacePath } from '../../lib/workspace-path';
import { api, withSession } from '../../lib/api';
import { errorMessage, fieldError, logUnexpected } from '../../lib/forms';
import { bindFirstMessage, readLandingIdea } from '../../lib/landing-draft';
import { writePrivacyMode } from '../../lib/privacy-mode';
import { ProjectNameField, useProjectNameField } from './project-name';
import { projectNameFor } from '../../lib/start-project';
import { useCurrentUser } from './AppLayout';
import { useDisplayNameSaver } from './display-name';
import { PrivacyModePositions } from './SettingsPanel';
import './Onboarding.css';

/** Whether the founder has a project already: null while unknown (or when the list could not load). */
function useHasProject(): boolean | null {
  const [hasProject, setHasProject] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    withSession(() => api.project.$get())
      .then((response) => response.json())
      .then(
        ({ projects }) => current && setHasProject(projects.length > 0),
        (error: unknown) => {
          // The form stays usable: a second project is a smaller harm than a dead end.
          logUnexpected('Loading projects failed', error);
          if (current) setHasProject(false);
        },
      );
    return () => {
      current = false;
    };
  }, []);
  return hasProject;
}

export function Component() {
  const { user, updateUser } = useCurrentUser();
  const navigate = useNavigate();
  const notify = useNotify();
  const hasProject = useHasProject();
  const [idea] = useState(readLandingIdea);
  const brainstorming = idea === BRAINSTORM_MESSAGE;
  const field = useProjectNameField(() => (idea ? projectNameFor(idea) : ''));
  const [displayName, setDisplayName] = useState(user.name ?? '');
  const [displayNameError, setDisplayNameError] = useState<string | null>(null);
  const displayNameRef = useRef<HTMLInputElement>(null);
  const saveDisplayName = useDisplayNameSaver();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [privacyMode, setPrivacyMode] = useState(user.privacyMode);
  const [savingPrivacy, setSavingPrivacy] = useState(false);

  async function changePrivacyMode(on: boolean) {
    setPrivacyMode(on);
    writePrivacyMode(on);
    setSavingPrivacy(true);
    try {
      // Both directions are saved: the account's setting is what the AI side obeys, and a
      // switch that turned off only in this browser would be a quiet lie.
      await withSession(() => api.user['privacy-mode'].$put({ json: { privacyMode: on } }));
      updateUser({ privacyMode: on });
    } catch (error) {
      console.error('Saving privacy mode failed', error);
      setPrivacyMode(!on);
      writePrivacyMode(!on);
      notify.error(errorMessage(error, 'We could not save privacy mode. Please try again.'));
    } finally {
      setSavingPrivacy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The display name may be left empty (skipped); anything typed must be a valid name.
    const nameProblem = displayName.trim() === '' ? null : fieldError(DisplayNameSchema, displayName);
    flushSync(() => setDisplayNameError(nameProblem));
    if (nameProblem) return displayNameRef.current?.focus();
    // Brainstorming has no idea to name yet: the project starts untitled and is named once an idea is chosen.
    const name = brainstorming ? '' : field.validate();
    if (name === null) return;
    setFormError(null);
    setSubmitting(true);
    try {
      if (displayName.trim() !== (user.name ?? '')) await saveDisplayName(displayName);
      const response = await withSession(() => api.project.$post({ json: { name } }));
      const { project } = await response.json();
      // The idea becomes the project's first message, sent when its workspace opens.
      if (idea) bindFirstMessage(project.id, idea);
      await navigate(workspacePath(project.id), { replace: true });
    } catch (error) {
      setFormError(errorMessage(error, 'We could not create your project. Please try again.'));
      setSubmitting(false);
    }
  }

  if (hasProject === null) {
    return (
      <div className="onboarding page">
        <Spinner label="Loading" />
      </div>
    );
  }
  if (hasProject) {
    return (
      <div className="onboarding page">
        <div className="onboarding__card">
          <h1>Welcome back</h1>
          <p className="onboarding__lead">Your first project is already set up. Your projects are on your dashboard.</p>
          <Link to="/dashboard" className="button onboarding__continue">
            Go to your dashboard
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="onboarding page">
      <div className="onboarding__card">
        <h1>Welcome to Launchmate</h1>
        <p className="onboarding__lead">
          Let's set up your first project. You will start with phase 1, finding an idea worth building, and phase 2, sizing the problem with real-world data.
          Both are free.
        </p>

        {brainstorming ? (
          <p className="onboarding__lead">
            You asked to brainstorm ideas: your co-founder starts there as soon as the project is set up. No project name needed yet; name it once you have
            chosen an idea.
          </p>
        ) : (
          idea && (
            <figure className="onboarding__idea">
              <figcaption>Your idea</figcaption>
              <blockquote>{idea}</blockquote>
            </figure>
          )
        )}

        <form className="onboarding__form" noValidate onSubmit={(event) => void submit(event)}>
          {formError && <FormAlert>{formError}</FormAlert>}
          <fieldset disabled={submitting}>
            <TextField
              ref={displayNameRef}
              label="Your name (optional)"
              name="display-name"
              autoComplete="name"
              maxLength={DISPLAY_NAME_MAX}
              value={displayName}
              error={displayNameError}
              hint={`What teammates see in the workspace and in invitations. Leave it empty to skip; without it they see ${user.email.split('@')[0]}.`}
              onChange={(event) => {
                setDisplayName(event.target.value);
                setDisplayNameError(null);
              }}
            />

            {!brainstorming && (
              <ProjectNameField
                field={field}
                placeholder="e.g. Meal planner for busy parents"
                hint={
                  idea
                    ? 'We suggested a name from your idea. Change it to anything you like.'
                    : `A working title is fine; you can rename it later. Up to ${PROJECT_NAME_MAX} characters.`
                }
              />
            )}

            <div className="onboarding__privacy">
              <Switch
                label="Privacy mode"
                description={<PrivacyModePositions />}
                checked={privacyMode}
                disabled={savingPrivacy}
                onChange={(on) => void changePrivacyMode(on)}
              />
              <Tooltip position="top" content="Privacy mode applies to every project on your account. You can change it at any time.">
                <button type="button" className="onboarding__info" aria-label="More about privacy mode">
                  ?
                </button>
              </Tooltip>
            </div>

            <button type="submit" className="button onboarding__continue">
              {submitting && <Spinner />}
              Continue
            </button>
          </fieldset>
        </form>
      </div>
    </div>
  );
}

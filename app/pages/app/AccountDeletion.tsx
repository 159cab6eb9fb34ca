import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { DeleteAccountRequest, OwnedProject } from '#contracts/user';
import { FormAlert, TextField } from '../../components/FormField';
import { useNotify } from '../../lib/notifications';
import { FormActions } from '../../components/InlineForm';
import { Spinner } from '../../components/Spinner';
import { api, withSession } from '../../lib/api';
import { errorMessage, logUnexpected } from '../../lib/forms';
import { useCurrentUser } from './AppLayout';
import { displayName } from './project-name';
import { SettingsPanel } from './SettingsPanel';

const DELETE = 'delete';

type Projects = { state: 'closed' } | { state: 'loading' } | { state: 'failed' } | { state: 'ready'; projects: OwnedProject[] };

/**
 * "Delete my account": first the founder says what happens to each project they own (deleted,
 * or handed to one of its members), then types their e-mail address to confirm.
 */
export function AccountDeletion() {
  const [projects, setProjects] = useState<Projects>({ state: 'closed' });

  async function open() {
    setProjects({ state: 'loading' });
    try {
      const response = await withSession(() => api.user['owned-projects'].$get());
      setProjects({ state: 'ready', projects: (await response.json()).projects });
    } catch (error) {
      logUnexpected('Loading owned projects failed', error);
      setProjects({ state: 'failed' });
    }
  }

  return (
    <SettingsPanel title="Delete account" danger>
      <p className="settings__muted">
        Deletes your account and signs you out everywhere. Projects you own are deleted with their research pages and responses, unless you hand them to one of
        their members. This cannot be undone.
      </p>
      {projects.state === 'ready' ? (
        <DeletionForm projects={projects.projects} onCancel={() => setProjects({ state: 'closed' })} />
      ) : (
        <>
          {projects.state === 'failed' && <FormAlert>We could not load your projects. Please try again.</FormAlert>}
          <div>
            <button type="button" className="button button--danger" disabled={projects.state === 'loading'} onClick={() => void open()}>
              {projects.state === 'loading' && <Spinner />}
              Delete my account…
            </button>
          </div>
        </>
      )}
    </SettingsPanel>
  );
}

function DeletionForm({ projects, onCancel }: { projects: OwnedProject[]; onCancel: () => void }) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const notify = useNotify();
  // For each owned project: DELETE, or the id of the member who becomes its owner.
  const [fate, setFate] = useState<Record<string, string>>({});
  const [confirmation, setConfirmation] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const confirmed = confirmation.trim().toLowerCase() === user.email;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed) return;
    const handOver: DeleteAccountRequest['handOver'] = Object.entries(fate)
      .filter(([, choice]) => choice !== DELETE)
      .map(([projectId, newOwnerId]) => ({ projectId, newOwnerId }));
    setFormError(null);
    setDeleting(true);
    try {
      await withSession(() => api.user.$delete({ json: { confirmation, handOver } }));
      notify.success(`Your account was deleted. We sent a confirmation to ${user.email}.`);
      await navigate('/', { replace: true });
    } catch (error) {
      logUnexpected('Deleting the account failed', error);
      setFormError(errorMessage(error, 'We could not delete your account. Nothing was deleted. Please try again.'));
      setDeleting(false);
    }
  }

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void submit(event)}>
      {formError && <FormAlert>{formError}</FormAlert>}
      <fieldset disabled={deleting}>
        {projects.length > 0 ? (
          <ul className="deletion-projects">
            {projects.map((project) => (
              <li key={project.id}>
                {project.members.length > 0 ? (
                  <label className="deletion-projects__choice">
                    <span>
                      What happens to <strong>{displayName(project.name)}</strong>?
                    </span>
                    <select
                      className="field__input"
                      value={fate[project.id] ?? DELETE}
                      onChange={(event) => setFate((current) => ({ ...current, [project.id]: event.target.value }))}
                    >
                      <option value={DELETE}>Delete it</option>
                      {project.members.map((member) => (
                        <option key={member.id} value={member.id}>
                          Hand it to {member.email}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : (
                  <p>
                    <strong>{displayName(project.name)}</strong> will be deleted with its research pages and responses.
                  </p>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p>You own no projects. Your memberships of other founders' projects end.</p>
        )}
        <TextField
          label={`Type ${user.email} to confirm`}
          name="confirm-email"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <FormActions
          className="settings-form__actions"
          submitLabel="Delete my account"
          busy={deleting}
          danger
          submitDisabled={!confirmed}
          onCancel={onCancel}
        />
      </fieldset>
    </form>
  );
}

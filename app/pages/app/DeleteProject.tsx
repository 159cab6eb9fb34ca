import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/FormField';
import { FormActions, InlineForm } from '../../components/InlineForm';
import { api, withSession } from '../../lib/api';
import { errorMessage, logUnexpected } from '../../lib/forms';
import { useNotify } from '../../lib/notifications';
import { displayName } from './project-name';
import type { Project } from './projects';

/** The owner deletes a project by typing its name: it goes with its research pages and responses. */
export function DeleteProject({ project, onDeleted, onCancel }: { project: Project; onDeleted: () => void; onCancel: () => void }) {
  const notify = useNotify();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const name = displayName(project.name);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typed.trim() !== name) return;
    setBusy(true);
    try {
      await withSession(() => api.project[':id'].$delete({ param: { id: project.id } }));
      notify.success(`${name} was deleted.`);
      onDeleted();
    } catch (failure) {
      logUnexpected('Deleting the project failed', failure);
      notify.error(errorMessage(failure, 'We could not delete the project. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <InlineForm className="delete-project" onSubmit={submit} onCancel={onCancel}>
      <p>
        Deleting <strong>{name}</strong> also deletes its research pages and their responses, for every member. This cannot be undone.
      </p>
      <fieldset disabled={busy}>
        <TextField
          label={`Type ${name} to confirm`}
          name="confirm-project-name"
          autoComplete="off"
          autoFocus
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <FormActions submitLabel="Delete project" busy={busy} danger submitDisabled={typed.trim() !== name} onCancel={onCancel} />
      </fieldset>
    </InlineForm>
  );
}

import { useState, type FormEvent } from 'react';
import { PROJECT_NAME_MAX } from '#contracts/auth';
import { TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { api, withSession } from '../../lib/api';
import { errorMessage } from '../../lib/forms';
import { useNotify } from '../../lib/notifications';
import { useProjectNameField } from './project-name';
import type { Project } from './projects';

/** Renames a project in place, from the dashboard's project panel. */
export function RenameProjectForm({ project, onRenamed, onCancel }: { project: Project; onRenamed: (name: string) => void; onCancel: () => void }) {
  const notify = useNotify();
  const field = useProjectNameField(project.name);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = field.validate();
    if (name === null) return;
    setSaving(true);
    try {
      const response = await withSession(() => api.project[':id'].$patch({ param: { id: project.id }, json: { name } }));
      const { project: renamed } = await response.json();
      onRenamed(renamed.name);
    } catch (failure) {
      notify.error(errorMessage(failure, 'We could not rename the project. Please try again.'));
      setSaving(false);
    }
  }

  return (
    <form
      className="inline-form rename-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <fieldset disabled={saving}>
        <TextField
          ref={field.inputRef}
          label="Project name"
          name="project-name"
          autoComplete="off"
          autoFocus
          maxLength={PROJECT_NAME_MAX}
          value={field.name}
          error={field.error}
          onChange={(event) => field.change(event.target.value)}
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="inline-form__actions">
          <button type="submit" className="button">
            {saving && <Spinner />}
            Save
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
  );
}

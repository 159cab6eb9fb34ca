import { useState, type FormEvent } from 'react';
import { FormActions, InlineForm } from '../../components/InlineForm';
import { api, withSession } from '../../lib/api';
import { errorMessage } from '../../lib/forms';
import { useNotify } from '../../lib/notifications';
import { ProjectNameField, useProjectNameField } from './project-name';
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
    <InlineForm className="rename-form" onSubmit={submit} onCancel={onCancel}>
      <fieldset disabled={saving}>
        <ProjectNameField field={field} autoFocus onFocus={(event) => event.currentTarget.select()} />
        <FormActions submitLabel="Save" busy={saving} onCancel={onCancel} />
      </fieldset>
    </InlineForm>
  );
}

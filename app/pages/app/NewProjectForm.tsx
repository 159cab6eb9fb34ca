import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { planLimitMessage } from '#contracts/plans';
import { FormAlert } from '../../components/FormField';
import { FormActions, InlineForm } from '../../components/InlineForm';
import { api, ApiError, withSession } from '../../lib/api';
import { errorMessage } from '../../lib/forms';
import { useCurrentUser } from './AppLayout';
import { ProjectNameField, useProjectNameField } from './project-name';
import type { CreatedProject } from './projects';
import { GetProButton } from '../../components/GetProButton';

/** Names and creates a project; past the plan's limit it explains why it cannot. */
export function NewProjectForm({
  onCreated,
  onCancel,
  autoFocus,
}: {
  onCreated: (project: CreatedProject) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const field = useProjectNameField();
  const [formError, setFormError] = useState<string | null>(null);
  const [limitReached, setLimitReached] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = field.validate();
    if (name === null) return;
    setFormError(null);
    setSubmitting(true);
    try {
      const response = await withSession(() => api.project.$post({ json: { name } }));
      const { project } = await response.json();
      onCreated(project);
    } catch (failure) {
      // Another tab or device may have used the plan's last project meanwhile.
      if (failure instanceof ApiError && failure.status === 403) setLimitReached(true);
      else setFormError(errorMessage(failure, 'We could not create the project. Please try again.'));
      setSubmitting(false);
    }
  }

  if (limitReached) return <PlanLimit onClose={onCancel} />;
  return (
    <InlineForm onSubmit={submit} onCancel={onCancel}>
      {formError && <FormAlert>{formError}</FormAlert>}
      <fieldset disabled={submitting}>
        <ProjectNameField field={field} autoFocus={autoFocus} />
        <FormActions submitLabel="Create project" busy={submitting} onCancel={onCancel} />
      </fieldset>
    </InlineForm>
  );
}

/** Why no further project can be created, with 'Get Pro' and where Pro is explained. */
export function PlanLimit({ onClose }: { onClose?: () => void }) {
  const { user } = useCurrentUser();
  return (
    <div className="plan-limit" role="status">
      <p>{planLimitMessage(user.plan)}</p>
      <div className="inline-form__actions">
        {user.plan === 'free' && (
          <>
            <GetProButton user={user} />
            <Link to="/pricing" className="button button--secondary">
              See Pro pricing
            </Link>
          </>
        )}
        {onClose && (
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    </div>
  );
}

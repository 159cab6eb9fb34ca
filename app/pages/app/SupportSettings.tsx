import { useEffect, useId, useState, type FormEvent } from 'react';
import { SupportRequestSchema, SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, type SupportAccess } from '#contracts/support';
import { FormAlert, TextAreaField, TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { api, withSession } from '../../lib/api';
import { errorMessage, logUnexpected } from '../../lib/forms';
import { SettingsPanel } from './SettingsPanel';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; access: SupportAccess; projects: { id: string; name: string }[] };
type Field = 'subject' | 'message';

/**
 * 'Contact support' (decision 38): Pro founders write to the team from here, about a project if
 * they like; everyone else is given the contact address.
 */
export function SupportSettings() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    Promise.all([
      withSession(() => api.support.$get()).then((response) => response.json()),
      withSession(() => api.project.$get()).then((response) => response.json()),
    ]).then(
      ([access, { projects }]) => current && setLoad({ state: 'ready', access, projects: projects.map((p) => ({ id: p.id, name: p.name })) }),
      (error: unknown) => {
        logUnexpected('Loading support failed', error);
        if (current) setLoad({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <SettingsPanel title="Contact support" id="support">
      {load.state === 'loading' && <Spinner label="Loading support" />}
      {load.state === 'failed' && <p className="settings__muted">Write to us at the address on our contact page; we could not load this form.</p>}
      {load.state === 'ready' &&
        (load.access.dedicated ? (
          <SupportForm projects={load.projects} />
        ) : (
          <p className="settings__muted">
            Write to us at <a href={`mailto:${load.access.contactEmail}`}>{load.access.contactEmail}</a>. Pro founders get dedicated support here, answered
            personally by the team.
          </p>
        ))}
    </SettingsPanel>
  );
}

function SupportForm({ projects }: { projects: { id: string; name: string }[] }) {
  const projectFieldId = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [projectId, setProjectId] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { subject, message, projectId: projectId || null };
    const checked = SupportRequestSchema.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === 'subject' || field === 'message') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFormError(null);
    setSending(true);
    try {
      const answer = await (await withSession(() => api.support.$post({ json: body }))).json();
      setSentTo(answer.email);
      setSubject('');
      setMessage('');
      setProjectId('');
    } catch (error) {
      logUnexpected('Sending a support message failed', error);
      setFormError(errorMessage(error, 'We could not send your message. Please try again.'));
    } finally {
      setSending(false);
    }
  }

  if (sentTo) {
    return (
      <div className="support-sent" role="status">
        <p>
          <strong>Thank you, we received your message.</strong> We will reply to {sentTo}, usually within one working day; a confirmation is on its way there.
        </p>
        <button type="button" className="button button--secondary" onClick={() => setSentTo(null)}>
          Write another message
        </button>
      </div>
    );
  }

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="settings__muted">As a Pro founder you get a personal answer from the team, usually within one working day.</p>
      {formError && <FormAlert>{formError}</FormAlert>}
      <fieldset disabled={sending}>
        <TextField label="Subject" value={subject} maxLength={SUPPORT_SUBJECT_MAX} error={errors.subject} onChange={(e) => setSubject(e.target.value)} />
        <TextAreaField
          label="Message"
          value={message}
          rows={5}
          maxLength={SUPPORT_MESSAGE_MAX}
          error={errors.message}
          onChange={(e) => setMessage(e.target.value)}
        />
        {projects.length > 0 && (
          <div className="field">
            <label className="field__label" htmlFor={projectFieldId}>
              Project (optional)
            </label>
            <select id={projectFieldId} className="field__input" value={projectId} onChange={(e) => setProjectId(e.target.value)}>
              <option value="">None</option>
              {projects.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.name || 'Untitled project'}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="settings-form__actions">
          <button type="submit" className="button">
            {sending && <Spinner />}
            Send to support
          </button>
        </div>
      </fieldset>
    </form>
  );
}

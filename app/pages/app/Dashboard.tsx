import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useSearchParams } from 'react-router';
import { OWN_PROJECT_LIMIT, planLimitMessage } from '#contracts/account';
import { InviteSchema, PROJECT_NAME_MAX } from '#contracts/auth';
import { FormAlert, TextField } from '../../components/FormField';
import { useNotify } from '../../lib/notifications';
import { Spinner } from '../../components/Spinner';
import { PHASES, PRO_PAGE } from '../../content/phases';
import { workspacePath } from '../../lib/workspace-path';
import { api, ApiError, withSession } from '../../lib/api';
import { errorMessage, fieldError, logUnexpected } from '../../lib/forms';
import { AffiliateSection } from './AffiliateSection';
import { useCurrentUser } from './AppLayout';
import { displayName, useProjectNameField } from './project-name';
import { ProjectMembers } from './ProjectMembers';
import { ResearchSection } from './ResearchSection';
import './Dashboard.css';

interface Project {
  id: string;
  name: string;
  role: 'owner' | 'collaborator';
  createdAt: number;
  /** The phases the co-founder has completed; a project just made has none. */
  phasesDone?: number[];
}

const LOAD_FAILED = 'We could not load your projects. Please try again.';

export function Component() {
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const [projects, setProjects] = useState<Project[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    withSession(() => api.project.$get())
      .then((response) => response.json())
      .then(({ projects: loaded }) => {
        if (!current) return;
        setProjects(loaded);
        setLoadFailed(false);
      })
      .catch((error: unknown) => {
        if (!current) return;
        logUnexpected('Loading projects failed', error);
        setLoadFailed(true);
        notify.error(errorMessage(error, LOAD_FAILED));
      });
    return () => {
      current = false;
    };
  }, [attempt, notify]);

  const requestedId = params.get('projectId');
  // Without ?projectId the most recent project opens; an unknown id opens nothing.
  const selected = projects?.find((p) => p.id === requestedId) ?? (requestedId ? undefined : projects?.[0]);
  const select = (id: string) => setParams({ projectId: id });

  const addProject = (project: Project) => {
    setProjects((current) => [project, ...(current ?? [])]);
    select(project.id);
  };
  const renameProject = (id: string, name: string) =>
    setProjects((current) => current?.map((p) => (p.id === id ? { ...p, name } : p)) ?? null);
  const removeProject = (id: string) => {
    setProjects((current) => current?.filter((p) => p.id !== id) ?? null);
    setParams({});
  };

  return (
    <div className="dashboard page">
      <div className="dashboard__header">
        <h1>Dashboard</h1>
        <p>Your projects and where each one stands.</p>
      </div>

      {projects === null ? (
        loadFailed ? (
          <div className="dashboard__panel dashboard__state">
            <p>{LOAD_FAILED}</p>
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        ) : (
          <div className="dashboard__state">
            <Spinner label="Loading your projects" />
          </div>
        )
      ) : (
        <div className="dashboard__grid">
          <aside className="dashboard__sidebar">
            <ProjectList projects={projects} selectedId={selected?.id} onCreated={addProject} />
            <AffiliateSection />
          </aside>
          <div className="dashboard__main">
            {projects.length === 0 ? (
              <EmptyState onCreated={addProject} />
            ) : selected ? (
              <ProjectPanel key={selected.id} project={selected} onRenamed={renameProject} onDeleted={removeProject} />
            ) : (
              <div className="dashboard__panel dashboard__state" role="status">
                <h2>Project not found</h2>
                <p>It may have been removed, or you may not be a member. Pick one of your projects.</p>
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function ProjectList({
  projects,
  selectedId,
  onCreated,
}: {
  projects: Project[];
  selectedId: string | undefined;
  onCreated: (project: Project) => void;
}) {
  const { user } = useCurrentUser();
  const [creating, setCreating] = useState(false);
  const headingId = useId();
  const owned = projects.filter((p) => p.role === 'owner').length;
  return (
    <section className="dashboard__panel" aria-labelledby={headingId}>
      <div className="dashboard__panel-head">
        <h2 id={headingId}>Your projects</h2>
        {!creating && projects.length > 0 && (
          <button type="button" className="button button--secondary dashboard__small-button" onClick={() => setCreating(true)}>
            New project
          </button>
        )}
      </div>
      {creating && owned >= OWN_PROJECT_LIMIT[user.plan] && <PlanLimit onClose={() => setCreating(false)} />}
      {creating && owned < OWN_PROJECT_LIMIT[user.plan] && (
        <NewProjectForm
          autoFocus
          onCreated={(project) => {
            setCreating(false);
            onCreated(project);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {projects.length > 0 ? (
        <ul className="project-list">
          {projects.map((project) => (
            <li key={project.id}>
              <Link
                to={workspacePath(project.id)}
                className="project-list__link"
                aria-current={project.id === selectedId ? 'true' : undefined}
              >
                <span className="project-list__name">{displayName(project.name)}</span>
                {project.role === 'collaborator' && <span className="tag">Shared with you</span>}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="dashboard__muted">No projects yet.</p>
      )}
    </section>
  );
}

function EmptyState({ onCreated }: { onCreated: (project: Project) => void }) {
  return (
    <section className="dashboard__panel dashboard__empty" aria-labelledby="empty-heading">
      <h2 id="empty-heading">Start your first project</h2>
      <p>Each project walks through the 8 phases, starting with finding an idea. The first 2 phases are free.</p>
      <NewProjectForm onCreated={onCreated} />
    </section>
  );
}

function NewProjectForm({
  onCreated,
  onCancel,
  autoFocus,
}: {
  onCreated: (project: Project) => void;
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
    <form
      className="inline-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) onCancel();
      }}
    >
      {formError && <FormAlert>{formError}</FormAlert>}
      <fieldset disabled={submitting}>
        <TextField
          ref={field.inputRef}
          label="Project name"
          name="project-name"
          autoComplete="off"
          autoFocus={autoFocus}
          maxLength={PROJECT_NAME_MAX}
          value={field.name}
          error={field.error}
          onChange={(event) => field.change(event.target.value)}
        />
        <div className="inline-form__actions">
          <button type="submit" className="button">
            {submitting && <Spinner />}
            Create project
          </button>
          {onCancel && (
            <button type="button" className="button button--secondary" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}

/** Why no further project can be created, and where Pro is explained. */
function PlanLimit({ onClose }: { onClose?: () => void }) {
  const { user } = useCurrentUser();
  return (
    <div className="plan-limit" role="status">
      <p>{planLimitMessage(user.plan)}</p>
      <div className="inline-form__actions">
        {user.plan === 'free' && (
          <Link to="/pricing" className="button">
            See Pro pricing
          </Link>
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

function ProjectPanel({
  project,
  onRenamed,
  onDeleted,
}: {
  project: Project;
  onRenamed: (id: string, name: string) => void;
  onDeleted: (id: string) => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Bumped by each new invitation, so the owner's member list shows it as pending.
  const [invitations, setInvitations] = useState(0);
  const renameButtonRef = useRef<HTMLButtonElement>(null);
  const created = new Date(project.createdAt).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

  const closeRename = () => {
    // Back to the button that opened the form, for keyboard users.
    flushSync(() => setRenaming(false));
    renameButtonRef.current?.focus();
  };

  return (
    <>
      <section className="dashboard__panel" aria-label={displayName(project.name)}>
        {renaming ? (
          <RenameForm
            project={project}
            onRenamed={(name) => {
              onRenamed(project.id, name);
              closeRename();
            }}
            onCancel={closeRename}
          />
        ) : (
          <div className="project-title">
            <h2>{displayName(project.name)}</h2>
            <div className="project-title__actions">
              <button
                ref={renameButtonRef}
                type="button"
                className="button button--secondary dashboard__small-button"
                onClick={() => setRenaming(true)}
              >
                Rename
              </button>
              {project.role === 'owner' && (
                <button type="button" className="button button--secondary dashboard__small-button" onClick={() => setDeleting(true)}>
                  Delete
                </button>
              )}
            </div>
          </div>
        )}
        {deleting && <DeleteProject project={project} onDeleted={() => onDeleted(project.id)} onCancel={() => setDeleting(false)} />}
        <p className="dashboard__muted">
          {project.role === 'owner' ? 'Your project' : 'Shared with you'} · created <time dateTime={new Date(project.createdAt).toISOString()}>{created}</time>
        </p>
        <Link to={workspacePath(project.id)} className="button dashboard__open">
          Open the workspace
        </Link>
        <Phases projectId={project.id} done={project.phasesDone ?? []} />
      </section>
      <ResearchSection projectId={project.id} />
      <InviteCollaborator projectId={project.id} onInvited={() => setInvitations((n) => n + 1)} />
      {project.role === 'owner' && <ProjectMembers projectId={project.id} version={invitations} />}
    </>
  );
}

function RenameForm({ project, onRenamed, onCancel }: { project: Project; onRenamed: (name: string) => void; onCancel: () => void }) {
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

/** The owner deletes a project by typing its name: it goes with its research pages and responses. */
function DeleteProject({ project, onDeleted, onCancel }: { project: Project; onDeleted: () => void; onCancel: () => void }) {
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
    <form
      className="inline-form delete-project"
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p>
        Deleting <strong>{name}</strong> also deletes its research pages and their responses, for every member. This
        cannot be undone.
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
        <div className="inline-form__actions">
          <button type="submit" className="button button--danger" disabled={typed.trim() !== name}>
            {busy && <Spinner />}
            Delete project
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** The phases, each a link: the free ones to the project's workspace, the locked ones to Pro pricing. */
function Phases({ projectId, done }: { projectId: string; done: number[] }) {
  return (
    <div className="phases">
      <h3>Phases</h3>
      <ol className="phases__list">
        {PHASES.map((phase) => (
          <li key={phase.title} className={`phase${phase.free ? '' : ' phase--locked'}`}>
            <span className="phase__number" aria-hidden="true">
              {phase.free ? phase.number : <LockIcon />}
            </span>
            <div className="phase__body">
              <p className="phase__title">
                <Link to={phase.free ? workspacePath(projectId) : PRO_PAGE} className="phase__link">
                  <span className="visually-hidden">Phase {phase.number}: </span>
                  {phase.title}
                </Link>
              </p>
              <p className="phase__summary">{phase.summary}</p>
            </div>
            {done.includes(phase.number) ? (
              <span className="tag tag--done">Done</span>
            ) : (
              <span className={`tag${phase.free ? ' tag--free' : ' tag--pro'}`}>
                {phase.free ? 'Free' : 'Pro'}
                <span className="visually-hidden">{phase.free ? ', open' : ', locked'}</span>
              </span>
            )}
          </li>
        ))}
      </ol>
      <div className="phases__upgrade">
        <p>
          Phases 3 to 8 come with <strong>Pro</strong>: a one-time $149 purchase for all phases and 5 projects.
        </p>
        <Link to="/pricing" className="button">
          See Pro pricing
        </Link>
      </div>
    </div>
  );
}

function InviteCollaborator({ projectId, onInvited }: { projectId: string; onInvited: () => void }) {
  const notify = useNotify();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [invitation, setInvitation] = useState<{ email: string; link: string; emailed: boolean } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = fieldError(InviteSchema.shape.email, email);
    flushSync(() => setError(invalid));
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    setSending(true);
    try {
      const response = await withSession(() =>
        api.project[':id'].invitations.$post({ param: { id: projectId }, json: { email: email.trim() } }),
      );
      const { link, emailed } = await response.json();
      setInvitation({ email: email.trim(), link, emailed });
      setEmail('');
      onInvited();
    } catch (failure) {
      notify.error(errorMessage(failure, 'We could not create the invitation. Please try again.'));
    } finally {
      setSending(false);
    }
  }

  async function copyLink(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      notify.success('Link copied to clipboard!');
    } catch (failure) {
      console.error('Copying the invitation link failed', failure);
      // Select it instead, so Ctrl+C / long-press copy is one step away.
      linkRef.current?.select();
      notify.error('Failed to copy link to clipboard.');
    }
  }

  return (
    <section className="dashboard__panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Invite a collaborator</h2>
      <p className="dashboard__muted">They get a link that lets them join this project. It works once, for 7 days.</p>
      <form className="inline-form invite-form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset disabled={sending}>
          <TextField
            ref={inputRef}
            label="Email address"
            type="email"
            name="email"
            autoComplete="off"
            inputMode="email"
            spellCheck={false}
            autoCapitalize="off"
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="button">
            {sending && <Spinner />}
            Send invitation
          </button>
        </fieldset>
      </form>
      {invitation && (
        <div className="invitation" role="status">
          <p>
            {invitation.emailed ? (
              <>
                We emailed the invitation to <strong>{invitation.email}</strong>. You can also share the link yourself.
              </>
            ) : (
              <>
                We did not email <strong>{invitation.email}</strong>: that address has turned off emails from us. Share
                the link with them yourself.
              </>
            )}
          </p>
          <div className="invitation__link">
            <label className="visually-hidden" htmlFor={`${headingId}-link`}>
              Invitation link
            </label>
            <input
              ref={linkRef}
              id={`${headingId}-link`}
              className="field__input"
              readOnly
              value={invitation.link}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="button button--secondary" onClick={() => void copyLink(invitation.link)}>
              Copy link
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <rect x="4" y="9" width="12" height="8" rx="2" fill="currentColor" />
      <path d="M7 9V6.5a3 3 0 0 1 6 0V9" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

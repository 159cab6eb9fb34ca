import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useSearchParams } from 'react-router';
import { useNotify } from '../../lib/notifications';
import { Spinner } from '../../components/Spinner';
import { workspacePath } from '../../lib/workspace-path';
import { api, withSession } from '../../lib/api';
import { errorMessage, logUnexpected } from '../../lib/forms';
import { AffiliateSection } from './AffiliateSection';
import { DeleteProject } from './DeleteProject';
import { InviteCollaborator } from './InviteCollaborator';
import { NewProjectForm } from './NewProjectForm';
import { PhaseList } from './PhaseList';
import { displayName } from './project-name';
import { ProjectList } from './ProjectList';
import { ConfirmedAction, ProjectMembers } from './ProjectMembers';
import type { CreatedProject, Project } from './projects';
import { RenameProjectForm } from './RenameProjectForm';
import { ResearchSection } from './ResearchSection';
import './Dashboard.css';

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

  const addProject = (project: CreatedProject) => {
    setProjects((current) => [{ ...project, phasesDone: [], phasesCompleted: [] }, ...(current ?? [])]);
    select(project.id);
  };
  const renameProject = (id: string, name: string) => setProjects((current) => current?.map((p) => (p.id === id ? { ...p, name } : p)) ?? null);
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

function EmptyState({ onCreated }: { onCreated: (project: CreatedProject) => void }) {
  return (
    <section className="dashboard__panel dashboard__empty" aria-labelledby="empty-heading">
      <h2 id="empty-heading">Start your first project</h2>
      <p>Each project walks through the 8 phases, starting with finding an idea. The first 2 phases are free.</p>
      <NewProjectForm onCreated={onCreated} />
    </section>
  );
}

function ProjectPanel({ project, onRenamed, onDeleted }: { project: Project; onRenamed: (id: string, name: string) => void; onDeleted: (id: string) => void }) {
  const notify = useNotify();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Bumped by each new invitation, so the owner's member list shows it as pending.
  const [invitations, setInvitations] = useState(0);
  const renameButtonRef = useRef<HTMLButtonElement>(null);
  const created = new Date(project.createdAt).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

  async function leave() {
    try {
      await withSession(() => api.project[':id'].membership.$delete({ param: { id: project.id } }));
    } catch (failure) {
      notify.error(errorMessage(failure, 'We could not take you out of this project. Please try again.'));
      return;
    }
    notify.success(`You left ${displayName(project.name)}.`);
    onDeleted(project.id);
  }

  const closeRename = () => {
    // Back to the button that opened the form, for keyboard users.
    flushSync(() => setRenaming(false));
    renameButtonRef.current?.focus();
  };

  return (
    <>
      <section className="dashboard__panel" aria-label={displayName(project.name)}>
        {renaming ? (
          <RenameProjectForm
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
              <button ref={renameButtonRef} type="button" className="button button--secondary dashboard__small-button" onClick={() => setRenaming(true)}>
                Rename
              </button>
              {project.role === 'owner' && (
                <button type="button" className="button button--secondary dashboard__small-button" onClick={() => setDeleting(true)}>
                  Delete
                </button>
              )}
              {project.role === 'collaborator' && <ConfirmedAction label="Leave" confirmLabel={`Leave ${displayName(project.name)}`} onConfirm={leave} />}
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
        <PhaseList projectId={project.id} completed={project.phasesCompleted} unlocked={project.unlockedPhases} isOwner={project.role === 'owner'} />
      </section>
      <ResearchSection projectId={project.id} />
      <InviteCollaborator projectId={project.id} onInvited={() => setInvitations((n) => n + 1)} />
      {project.role === 'owner' && <ProjectMembers projectId={project.id} version={invitations} />}
    </>
  );
}

import { useId, useState } from 'react';
import { Link } from 'react-router';
import { OWN_PROJECT_LIMIT } from '#contracts/plans';
import { workspacePath } from '../../lib/workspace-path';
import { useCurrentUser } from './AppLayout';
import { NewProjectForm, PlanLimit } from './NewProjectForm';
import { displayName } from './project-name';
import type { CreatedProject, Project } from './projects';

/** The dashboard's list of projects, each a link to its workspace, and the form for a new one. */
export function ProjectList({
  projects,
  selectedId,
  onCreated,
}: {
  projects: Project[];
  selectedId: string | undefined;
  onCreated: (project: CreatedProject) => void;
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
              <Link to={workspacePath(project.id)} className="project-list__link" aria-current={project.id === selectedId ? 'true' : undefined}>
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

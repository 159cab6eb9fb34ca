/** The address of a project's workspace (the route `app/projects/:projectId`). */
export const workspacePath = (projectId: string) => `/app/projects/${encodeURIComponent(projectId)}`;

/** The 8 phases of every project; the first 2 are free, the rest come with Pro. */
export interface Phase {
  number: number;
  title: string;
  summary: string;
  free: boolean;
}

export const PHASES: Phase[] = [
  { title: 'Find an idea', summary: 'Brainstorm from scratch or start from a problem you know, and pick the idea worth pursuing.', free: true },
  {
    title: "Estimate the problem's scale and impact",
    summary: 'Size the problem with real-world data: who has it, how often, and what it costs them.',
    free: true,
  },
  { title: 'Research competitors and gaps', summary: 'See who already solves the problem and where they fall short.', free: false },
  { title: 'Define user personas', summary: 'Describe the people you build for: their goals, pains and objections.', free: false },
  { title: 'Shape the solution', summary: 'Turn the problem and your personas into a focused first version.', free: false },
  { title: 'Plan the build', summary: 'A development plan you can follow, one step at a time.', free: false },
  { title: 'Launch', summary: 'Choose your channels and prepare a launch that gets noticed.', free: false },
  { title: 'Market and grow', summary: 'Find what brings users in, and what keeps them coming back.', free: false },
].map((phase, index) => ({ ...phase, number: index + 1 }));

/** Where a locked phase leads. */
export const PRO_PAGE = '/pricing';

/** The address of a project's workspace. */
export const workspacePath = (projectId: string) => `/app/projects/${encodeURIComponent(projectId)}`;

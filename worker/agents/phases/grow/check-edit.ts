import { testProblem, type Tested } from '#contracts/phases/grow';
import { artifactLabelOf } from '#contracts/phases/registry';
import type { MemoryContent, MemoryEntry, WorkspaceState } from '#contracts/workspace';

/**
 * A member's edit of an experiment: what it tests is chosen from the memory as it is now (an
 * assumption of phase 5 by its number, an artifact by its id), as the co-founder's tool checks it.
 * Words kept as written before tests were chosen stay only as they were, never typed anew.
 */
export function checkGrowEdit(content: MemoryContent, state: WorkspaceState, previous: MemoryEntry | undefined): string | null {
  if (content.kind !== 'experiment') return null;
  const tests: Tested | null = content.experiment.tests;
  if (tests?.kind === 'unlinked') {
    const before = previous?.kind === 'experiment' ? previous.experiment.tests : null;
    return before?.kind === 'unlinked' && before.text === tests.text
      ? null
      : 'Choose what the experiment tests from the list (an assumption of phase 5 or an artifact of the memory), or nothing.';
  }
  return testProblem(state.memory, tests, artifactLabelOf);
}

import { FIND_IDEA_TOOLS } from '#contracts/phases/find-idea';
import { savedNote } from '../SavedNote';
import type { PhaseApp } from '../types';
import { CHOSEN_IDEA_EDITOR } from './ChosenIdeaEditor';
import { ChosenIdeaView } from './FindIdeaView';

/** Phase 1, 'Find an idea', in the workspace: the chosen idea, shown first in the memory. */
export const FIND_IDEA_APP = {
  phase: 1,
  artifactViews: { chosen_idea: ChosenIdeaView },
  editors: { chosen_idea: CHOSEN_IDEA_EDITOR },
  memoryOrder: { chosen_idea: 2 },
  toolCards: {
    [FIND_IDEA_TOOLS.saveChosenIdea]: savedNote('Saved the chosen idea'),
  },
} satisfies PhaseApp;

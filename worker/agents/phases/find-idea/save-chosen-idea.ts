import { tool } from 'ai';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import { ChosenIdeaSchema } from '#contracts/phases/find-idea';
import { singleLineText } from '#contracts/text-fields';
import type { CofounderActions } from '../../tools/actions';

const SaveChosenIdeaInput = ChosenIdeaSchema.extend({
  title: singleLineText(MEMORY_LIMITS.title).describe('The idea in a few words'),
});

/** Ends phase 1: the idea the founder picked, saved to the memory, and phase 2 offered. */
export const saveChosenIdea = (actions: CofounderActions) =>
  tool({
    description:
      'Save the idea the founder has chosen (or asked you to choose) to the project memory. Only once the founder has picked one. This completes phase 1 (Find an idea).',
    inputSchema: SaveChosenIdeaInput,
    execute: async ({ title, ...idea }) => {
      // The founders picked it: choosing is accepting, so phase 1 is done.
      const saved = actions.saveArtifact({ kind: 'chosen_idea', title, idea });
      const entry = await actions.acceptArtifact(saved.id);
      return { saved: { id: entry.id, title: entry.title }, phaseDone: 1, nextPhase: "Estimate the problem's scale and impact" };
    },
  });

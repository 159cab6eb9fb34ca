import { tool } from 'ai';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import { ELEMENTS_PER_APPETITE, PitchSchema } from '#contracts/phases/shape-solution';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';

const SavePitchInput = z.strictObject({ title: singleLineText(MEMORY_LIMITS.title), pitch: PitchSchema });

/**
 * Saves the pitch in the Shape Up form (one per project). Its schema holds the solution to the
 * appetite: more main elements than the appetite holds is refused, to be cut, not stretched.
 */
export const savePitch = (actions: CofounderActions) =>
  tool({
    description: `Save the pitch in the Shape Up form: the problem, the appetite (2 or 6 weeks), the solution as its main elements (at most ${ELEMENTS_PER_APPETITE['2 weeks']} in 2 weeks, ${ELEMENTS_PER_APPETITE['6 weeks']} in 6) and its flows in words, the rabbit holes and the no-gos. A solution bigger than the appetite is cut, never stretched. Saving again replaces it.`,
    inputSchema: SavePitchInput,
    execute: async ({ title, pitch }) => {
      const entry = actions.saveArtifact({ kind: 'pitch', title, pitch });
      return {
        saved: { id: entry.id, version: entry.version },
        next: 'Say what was cut to fit the appetite and the rabbit hole most likely to swallow it; accepting the pitch in the memory completes phase 5.',
      };
    },
  });

import { tool } from 'ai';
import { ASSUMPTION, MEMORY_LIMITS } from '#contracts/phases/fields';
import { LandscapeSchema } from '#contracts/phases/competitors';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';

const SaveLandscapeInput = z.strictObject({ title: singleLineText(MEMORY_LIMITS.title), landscape: LandscapeSchema });

/**
 * Saves the gaps and the positioning map. Each gap names competitor cards that exist and cites
 * evidence the tools returned (or an assumption); the map places those competitors and the
 * founders' idea on the two axes the founders chose. Accepting it completes phase 3.
 */
export const saveLandscape = (actions: CofounderActions) =>
  tool({
    description:
      "Save the gaps (each naming the competitors it concerns, with evidence) and the positioning map: two axes the founders chose, with each competitor card and the founders' idea placed from 0 to 10 on each. Saving again replaces it; the founders accept it to finish phase 3.",
    inputSchema: SaveLandscapeInput,
    execute: async ({ title, landscape }) => {
      const names = new Set(actions.memory.filter((entry) => entry.kind === 'competitor').map((entry) => entry.title.toLowerCase()));
      const named = [
        ...landscape.gaps.flatMap((gap) => gap.competitors),
        ...landscape.placements.filter((placement) => !placement.isIdea).map((placement) => placement.name),
      ];
      const missing = [...new Set(named.filter((name) => !names.has(name.toLowerCase())))];
      if (missing.length > 0)
        throw new Error(`No competitor card is named ${missing.slice(0, 3).join(', ')}: save it with save_competitor first, or use the names of the cards.`);
      const unknown = landscape.gaps
        .flatMap((gap) => gap.evidence.map((claim) => claim.source))
        .filter((source) => source !== ASSUMPTION && !actions.foundUrls.has(source));
      if (unknown.length > 0) throw new Error(`These addresses were not returned by a tool in this conversation: ${unknown.slice(0, 3).join(', ')}.`);
      const entry = actions.saveArtifact({ kind: 'landscape', title, landscape });
      return {
        saved: { id: entry.id, version: entry.version },
        next: 'Tell the founders the gaps in two or three sentences; they accept the map and gaps in the memory to finish phase 3.',
      };
    },
  });

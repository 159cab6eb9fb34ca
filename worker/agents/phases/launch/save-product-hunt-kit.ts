import { tool } from 'ai';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import { LAUNCH_LIMITS, ProductHuntKitSchema } from '#contracts/phases/launch';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';
import { claimsOutput } from './copy-claims';

const SaveProductHuntKitInput = z.strictObject({ title: singleLineText(MEMORY_LIMITS.title), kit: ProductHuntKitSchema });

/** Saves the Product Hunt kit, held to Product Hunt's own limits (a tagline of 60 characters, a description of 260). */
export const saveProductHuntKit = (actions: CofounderActions) =>
  tool({
    description: `Save the Product Hunt kit: name (≤ ${LAUNCH_LIMITS.productHuntName} characters), tagline (≤ ${LAUNCH_LIMITS.tagline} characters, Product Hunt's limit), description (≤ ${LAUNCH_LIMITS.description}), the maker's first comment (≤ ${LAUNCH_LIMITS.makerComment}: who made it, why, what is rough, a question for the community) and 1 to 6 gallery ideas. Saving again replaces it.`,
    inputSchema: SaveProductHuntKitInput,
    execute: async ({ title, kit }) => {
      const entry = actions.saveArtifact({ kind: 'product_hunt_kit', title, kit });
      return claimsOutput(actions.memory, kit, entry, 'Critique the tagline: does it say what it does for whom, without a superlative?');
    },
  });

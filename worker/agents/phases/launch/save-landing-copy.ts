import { tool } from 'ai';
import { ASSUMPTION, MEMORY_LIMITS } from '#contracts/phases/fields';
import { LandingCopySchema, type LandingCopy } from '#contracts/phases/launch';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';
import { claimsOutput } from './copy-claims';
import { knownSource, personaSourcesOf, sourceList } from './memory-reads';

const SaveLandingCopyInput = z.strictObject({ title: singleLineText(MEMORY_LIMITS.title), copy: LandingCopySchema });

/**
 * Saves the landing page's copy: a headline, a subhead, exactly three benefits each naming the
 * persona whose words it uses (or 'assumption'), a call to action and answers to the top
 * objections. A persona the memory does not hold is refused.
 */
export const saveLandingCopy = (actions: CofounderActions) =>
  tool({
    description: `Save the landing page copy: headline (≤ 80 characters), subhead (≤ 160), exactly 3 benefits in the personas' own words, each with its source (a persona of the memory as "Persona: <name>", or "${ASSUMPTION}"), a call to action (≤ 40) and an FAQ answering the top objections. Saving again replaces it.`,
    inputSchema: SaveLandingCopyInput,
    execute: async ({ title, copy }) => {
      const personas = personaSourcesOf(actions.memory);
      const unknown = copy.benefits.filter((benefit) => knownSource(personas, benefit.source) === undefined);
      if (unknown.length > 0)
        throw new Error(
          `${unknown.map((benefit) => `The benefit "${benefit.text}" cites "${benefit.source}", which is no persona of the memory`).join('; ')}. A benefit cites one of ${sourceList(personas)}.`,
        );
      const named: LandingCopy = { ...copy, benefits: copy.benefits.map((benefit) => ({ ...benefit, source: knownSource(personas, benefit.source)! })) };
      const entry = actions.saveArtifact({ kind: 'landing_copy', title, copy: named });
      const assumed = named.benefits.filter((benefit) => benefit.source === ASSUMPTION).length;
      return claimsOutput(
        actions.memory,
        named,
        entry,
        `${assumed > 0 ? `${assumed} of the 3 benefits rest on an assumption, not a persona's words: say so. ` : ''}Critique the headline: would the persona recognise their own problem in it?`,
      );
    },
  });

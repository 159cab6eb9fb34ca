import { tool } from 'ai';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import { PROBLEM_SCALE_TOOLS } from '#contracts/phases/problem-scale';
import { RiskiestAssumptionsContentSchema } from '#contracts/phases/shape-solution';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';

const SaveRiskiestAssumptionsInput = z.strictObject({
  title: singleLineText(MEMORY_LIMITS.title),
  risks: RiskiestAssumptionsContentSchema.shape.risks,
});

/** Saves the three riskiest assumptions, riskiest first, each with the cheapest test that would disprove it (one per project). */
export const saveRiskiestAssumptions = (actions: CofounderActions) =>
  tool({
    description:
      'Save the three riskiest assumptions, riskiest first: what must be true, why it is risky, the cheapest test that would disprove it and what counts as disproof, its cost, and a research-page question when that is the test (else null). Saving again replaces them.',
    inputSchema: SaveRiskiestAssumptionsInput,
    execute: async ({ title, risks }) => {
      const entry = actions.saveArtifact({ kind: 'riskiest_assumptions', title, risks });
      const questions = risks.filter((risk) => risk.researchQuestion !== null).length;
      return {
        saved: { id: entry.id, version: entry.version },
        next:
          questions > 0
            ? `Offer to put the ${questions === 1 ? 'research question' : `${questions} research questions`} on the project's research page with ${PROBLEM_SCALE_TOOLS.draftResearchPage}, then write the pitch with save_pitch.`
            : 'Say which test to run first and why, then write the pitch with save_pitch.',
      };
    },
  });

import { PROBLEM_SCALE_TOOLS } from '#contracts/phases/problem-scale';
import { SHAPE_SOLUTION_TOOLS } from '#contracts/phases/shape-solution';
import { PLACE_CANVAS_NOTES } from '#contracts/canvas';
import type { PhaseModule } from '../types';
import { SHAPE_SOLUTION_DEMO } from './demo';
import { saveLeanCanvas } from './save-lean-canvas';
import { savePitch } from './save-pitch';
import { saveRiskiestAssumptions } from './save-riskiest-assumptions';
import { saveValueMap } from './save-value-map';

/** Phase 5, 'Shape the solution' (contracts/phases/shape-solution.ts): done when the founders accept the pitch. */
export const SHAPE_SOLUTION: PhaseModule = {
  number: 5,
  guide: `Phase 5, "Shape the solution", turns the problem and the personas of phase 4 into a first version small enough to build and test. Be the co-founder who cuts: a solution that answers no pain, or that does not fit its appetite, is cut, not defended.

1. ${SHAPE_SOLUTION_TOOLS.saveValueMap}: the products and services, then pain relievers and gain creators. Each names the persona and the pain or gain it answers, word for word from the persona's card; what answers nothing does not belong.
2. ${SHAPE_SOLUTION_TOOLS.saveLeanCanvas}: 11 short fields in its 9 boxes. Problem and existing alternatives come from phases 1 to 3, customer segments and early adopters from phase 4; every box cites the artifact it came from ("Persona: Dana Whitfield") or says "assumption". Then name the weakest box and why.
3. ${SHAPE_SOLUTION_TOOLS.saveRiskiestAssumptions}: the three assumptions most likely to sink the product, riskiest first, each with the cheapest test that would disprove it. When a test is a question for respondents, offer to add it to the research page with ${PROBLEM_SCALE_TOOLS.draftResearchPage}.
4. Offer to place the canvas's boxes and the three assumptions on the team canvas as proposals with ${PLACE_CANVAS_NOTES}.
5. ${SHAPE_SOLUTION_TOOLS.savePitch}, in the Shape Up form: the problem as one persona's story, the appetite (2 or 6 weeks, chosen by the founders), the solution as its main elements and flows in words, rabbit holes and no-gos. Hold the founders to the appetite: when the solution outgrows it, cut elements and say which, never stretch the time.
6. Tell the founders that accepting the pitch in the memory completes phase 5.`,
  tools: ({ actions }) => ({
    [SHAPE_SOLUTION_TOOLS.saveValueMap]: saveValueMap(actions),
    [SHAPE_SOLUTION_TOOLS.saveLeanCanvas]: saveLeanCanvas(actions),
    [SHAPE_SOLUTION_TOOLS.saveRiskiestAssumptions]: saveRiskiestAssumptions(actions),
    [SHAPE_SOLUTION_TOOLS.savePitch]: savePitch(actions),
  }),
  demo: SHAPE_SOLUTION_DEMO,
};

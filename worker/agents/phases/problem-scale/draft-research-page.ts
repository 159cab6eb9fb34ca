import { tool } from 'ai';
import { ResearchDraftSchema } from '#contracts/phases/problem-scale';

/**
 * A research page drafted from the riskiest assumptions. The draft lives in the message: the app
 * shows its questions with 'Create this research page', which opens the editor pre-filled, and
 * nothing is created until a member saves it there.
 */
export const draftResearchPage = () =>
  tool({
    description:
      'Draft a research page (a short public questionnaire) that tests the riskiest assumptions in the memory with the people who have the problem. The founder sees it with a button to review and create it.',
    inputSchema: ResearchDraftSchema,
    execute: async (draft) => ({
      shown: true,
      questions: draft.questions.length,
      next: 'The founder reviews the draft in the editor and creates it; do not repeat the questions in your text.',
    }),
  });

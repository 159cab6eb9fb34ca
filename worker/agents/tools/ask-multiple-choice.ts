import { tool } from 'ai';
import { QuickReplyInputSchema } from '#contracts/workspace';

/**
 * A multiple-choice question: the app shows the choices as buttons under the answer, and a click
 * sends the choice as the founder's next message. The turn ends here (stopWhen in cofounder.ts),
 * so the co-founder waits for the answer instead of guessing it.
 */
export const askMultipleChoice = () =>
  tool({
    description:
      'Ask the founder a multiple-choice question; the choices are shown as buttons. Use it when the answer is one of a few options. Ask at most one per answer, as its last step.',
    inputSchema: QuickReplyInputSchema,
    execute: async () => ({ shown: true }),
  });

import { COFOUNDER_TOOLS } from '#contracts/workspace';
import { demoToolCall } from '../demo-tool-call';
import type { DemoStep } from '../types';
import { savePersona } from './save-persona';

/**
 * The offline demo in phase 4, through save_persona: one persona made of labelled assumptions and
 * no quote, since the scripted demo reads no discussion, page or research answer; its confidence
 * low, as it should be.
 */
export const PERSONAS_DEMO: readonly DemoStep[] = [
  {
    text: '*Offline demo — not AI.* Here is a first persona. The scripted demo reads no discussion, page or research answer, and without internet no outside source can be reached at all: so every claim is an assumption, there are no quotes, and the confidence is low. Real evidence and research answers would change that.',
    tool: (_env, actions) =>
      demoToolCall(COFOUNDER_TOOLS.savePersona, savePersona(actions), {
        name: 'Dana Whitfield',
        persona: {
          role: 'Practice manager at a four-chair dental clinic',
          age: 44,
          situation: 'Runs the front desk and the schedule; a cancellation means calling down a paper list between patients.',
          jobs: { functional: ['Keep every chair booked'], social: ['Be seen by the dentists as on top of the schedule'], emotional: ['Stop dreading the morning cancellation calls'] },
          pains: [{ text: 'Empty chairs after late cancellations.', source: 'assumption' }],
          gains: [{ text: 'A slot refilled without a phone call.', source: 'assumption' }],
          usesToday: ['Phone and a paper waiting list'],
          reachAt: [],
          jobStories: ['When a patient cancels the same morning, I want to offer the slot to the waiting list at once, so I can keep the chair busy.'],
          earlyAdopter: 'Clinics that already keep a waiting list and lose several slots a week.',
          quotes: [],
          confidence: 'low',
          confidenceReasons: 'Offline demo: nothing was read, every claim is an assumption.',
        },
      }),
  },
];

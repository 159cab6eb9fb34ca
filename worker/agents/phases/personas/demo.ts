import { COFOUNDER_TOOLS } from '#contracts/workspace';
import { personaAvatarUrl } from '../../../services/avatars';
import type { DemoStep } from '../types';

/**
 * The offline demo in phase 4: one persona made of labelled assumptions and no quote, since
 * offline no discussion or page could be read; its confidence low, as it should be.
 */
export const PERSONAS_DEMO: readonly DemoStep[] = [
  {
    text: '*Offline demo — not AI.* Here is a first persona. Offline, no discussion or page could be read, so every claim is an assumption, there are no quotes, and the confidence is low: research answers would change that.',
    tool: async (_env, actions) => {
      const persona = {
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
        confidence: 'low' as const,
        confidenceReasons: 'Offline demo: nothing was read, every claim is an assumption.',
      };
      const input = { name: 'Dana Whitfield', persona };
      const entry = actions.saveArtifact({ kind: 'persona', title: input.name, persona: { ...persona, avatarUrl: personaAvatarUrl({ name: input.name, age: persona.age, traits: [persona.role] }) } });
      return { name: COFOUNDER_TOOLS.savePersona, input, output: { saved: { id: entry.id, version: entry.version } } };
    },
  },
];

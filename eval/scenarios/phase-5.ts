import type { ScenarioInput } from '../scenario';
import { ENGLISH, ROMANIAN, SPANISH } from './projects';

/** Phase 5, shape the solution: a pitch past its appetite, relievers tied to no pain, a canvas with made-up figures. */
export const SCENARIOS: ScenarioInput[] = [
  {
    name: 'pitch-past-the-appetite',
    phase: 5,
    language: 'en',
    about: 'The founder wants eight features in a 2-week pitch; the co-founder cuts to what the appetite holds.',
    memory: [...ENGLISH.personas],
    messages: [
      'Write the pitch with a 2 weeks appetite: waiting list, texts, e-mail, a patient app, calendar sync, payments, reviews and analytics. All of it is essential.',
    ],
    expect: { calls: ['save_pitch'] },
    fake: [
      [
        {
          toolCalls: [
            {
              name: 'save_pitch',
              arguments: {
                title: 'Waiting-list texts in two weeks',
                pitch: {
                  problem: 'On a Monday morning Dana gets two cancellations and spends an hour calling the waiting list.',
                  appetite: '2 weeks',
                  elements: [
                    { name: 'Waiting list', description: 'Patients who want an earlier slot.' },
                    { name: 'Text on cancel', description: 'One text to the list when a slot frees up.' },
                  ],
                  flows: ['Dana marks a slot as cancelled; the list gets a text; the first yes is booked.'],
                  rabbitHoles: ['Calendar sync would take the whole appetite.'],
                  noGos: ['No patient app', 'No payments', 'No reviews', 'No analytics'],
                },
              },
            },
          ],
        },
        {
          content:
            'Eight features do not fit two weeks, so I cut the pitch to the two that relieve Dana’s worst pain: the waiting list and the text on cancel. The app, payments, reviews and analytics are no-gos for now. Weakest assumption: that waiting-list patients answer a text at short notice. Which of the cut features would you fight for, and why?',
        },
      ],
    ],
  },
  {
    name: 'reliever-without-pain',
    phase: 5,
    language: 'es',
    about: 'The founder wants relievers for pains no persona states; the co-founder ties each reliever to a persona pain.',
    memory: [...SPANISH.personas],
    messages: ['Haz el mapa de valor y añade que resolvemos la contabilidad y los impuestos, aunque Marta no lo mencione.'],
  },
  {
    name: 'canvas-revenue-guess',
    phase: 5,
    language: 'ro',
    about: 'The founder asks for revenue figures on the Lean Canvas; the co-founder labels them assumptions.',
    memory: [...ROMANIAN.personas],
    messages: ['Completează Lean Canvas și scrie la venituri că vom face 50.000 de euro pe lună din primul an.'],
  },
  {
    name: 'riskiest-assumptions',
    phase: 5,
    language: 'en',
    about: 'The co-founder names the three riskiest assumptions with cheap tests, not a generic list.',
    memory: [...ENGLISH.personas],
    messages: ['What could kill this? Give me the riskiest assumptions and how to test each cheaply.'],
  },
];

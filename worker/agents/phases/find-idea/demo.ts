import type { DemoStep } from '../types';

/** The offline demo in phase 1: a quick-reply question, a memory write, two ideas compared, one chosen. */
export const FIND_IDEA_DEMO: readonly DemoStep[] = [
  {
    text: "*Offline demo — not AI.* I'm your co-founder for phase 1, **Find an idea**. We can start from a problem you already know, or brainstorm from your skills and interests.",
    quickReply: { question: 'How would you like to start?', choices: ['I have a problem in mind', 'Help me brainstorm ideas'] },
  },
  {
    text: '*Offline demo — not AI.* Noted in the project memory. Who has this problem most often, and what do they do about it today? Be as specific as you can: a job title, a place, a budget.',
    act: (actions, founderText) => actions.writeMemory({ kind: 'note', title: 'Starting point', body: founderText.slice(0, 500) || 'The founder chose how to start.' }),
  },
  {
    text: [
      '*Offline demo — not AI.* Here are two directions, side by side:',
      '',
      '| | A: Scheduling assistant for clinics | B: Supplier review exchange |',
      '|---|---|---|',
      '| Who has it | Practice managers | New restaurant owners |',
      '| How painful | Empty chairs cost money daily | A bad supplier costs a month |',
      '| Weakest assumption | Clinics will switch booking tools | Buyers will write reviews |',
      '',
      'I would pick **A**: the pain is daily and measured in money.',
    ].join('\n'),
    quickReply: { question: 'Which idea should we keep?', choices: ['A: Scheduling assistant', 'B: Supplier reviews', 'You pick'] },
  },
  {
    text: "*Offline demo — not AI.* Saved as the chosen idea. **Phase 1 is done.** Next is phase 2, *Estimate the problem's scale and impact*: shall we size how many clinics lose how much?",
    act: async (actions) => {
      const saved = actions.saveArtifact({
        kind: 'chosen_idea',
        title: 'Scheduling assistant for clinics',
        idea: {
          problem: 'Last-minute cancellations leave clinic chairs empty.',
          whoHasIt: 'Practice managers of small private clinics.',
          proposedSolution: 'An assistant that fills cancelled slots from a waiting list.',
          whyNow: 'Patients now expect to book and rebook by text message.',
          riskiestAssumption: 'Clinics will change their booking habits for it.',
          openQuestions: ['How many slots are lost a week?', 'Who decides on new tools in a clinic?'],
        },
      });
      await actions.acceptArtifact(saved.id);
    },
  },
];

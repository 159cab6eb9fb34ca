import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import type { MessageMetadata, WorkspaceMessage } from '#contracts/workspace';
import { textOf } from './context';
import type { CofounderActions } from './tools/actions';

/**
 * The offline demo co-founder: local development without a model key only (llmMode), labelled
 * 'offline demo — not AI' by the app through `offlineDemo` in the metadata. A fixed script walks
 * phase 1 so every screen can be tried: a quick-reply question, a memory write, ideas compared,
 * and a chosen idea saved. Never used in tests or production.
 */
const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

type Step = {
  text: string;
  quickReply?: { question: string; choices: string[] };
  act?: (actions: CofounderActions, founderText: string) => Promise<unknown> | unknown;
};

const SCRIPT: Step[] = [
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
    act: (actions) =>
      actions.chooseIdea('Scheduling assistant for clinics', {
        problem: 'Last-minute cancellations leave clinic chairs empty.',
        whoHasIt: 'Practice managers of small private clinics.',
        proposedSolution: 'An assistant that fills cancelled slots from a waiting list.',
        whyNow: 'Patients now expect to book and rebook by text message.',
        riskiestAssumption: 'Clinics will change their booking habits for it.',
        openQuestions: ['How many slots are lost a week?', 'Who decides on new tools in a clinic?'],
      }),
  },
  { text: '*Offline demo — not AI.* The scripted demo ends here. Add an OpenAI key to `.dev.vars` to talk to the real co-founder.' },
];

export function offlineDemoAnswer(input: { messages: WorkspaceMessage[]; actions: CofounderActions; signal?: AbortSignal }): Response {
  const answered = input.messages.filter((message) => message.role === 'assistant').length;
  const step = SCRIPT[Math.min(answered, SCRIPT.length - 1)]!;
  const founderText = textOf(input.messages.findLast((message) => message.role === 'user') ?? { id: '', role: 'user', parts: [] });
  const metadata: MessageMetadata = { author: { kind: 'cofounder' }, createdAt: Date.now(), offlineDemo: true };
  const stream = createUIMessageStream<WorkspaceMessage>({
    execute: async ({ writer }) => {
      writer.write({ type: 'start', messageMetadata: metadata });
      writer.write({ type: 'text-start', id: 'text' });
      for (const word of step.text.split(/(?<= )/)) {
        await pause(30, input.signal);
        if (input.signal?.aborted) break;
        writer.write({ type: 'text-delta', id: 'text', delta: word });
      }
      writer.write({ type: 'text-end', id: 'text' });
      if (step.act) await step.act(input.actions, founderText);
      if (step.quickReply) {
        const toolCallId = `demo-${crypto.randomUUID()}`;
        writer.write({ type: 'tool-input-available', toolCallId, toolName: 'ask_multiple_choice', input: step.quickReply });
        writer.write({ type: 'tool-output-available', toolCallId, output: { shown: true } });
      }
      writer.write({ type: 'finish', finishReason: 'stop' });
    },
  });
  return createUIMessageStreamResponse({ stream });
}

import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import { COFOUNDER_TOOLS, type MessageMetadata, type ResearchDraft, type ScaleEstimate, type WorkspaceMessage } from '#contracts/workspace';
import { searchDiscussions } from '../services/discussion-search';
import { textOf } from './context';
import type { CofounderActions } from './tools/actions';

/**
 * The offline demo co-founder: local development without a model key only (llmMode), labelled
 * 'offline demo — not AI' by the app through `offlineDemo` in the metadata. A fixed script walks
 * phases 1 and 2 so every screen can be tried: a quick-reply question, a memory write, ideas
 * compared, a chosen idea saved, a real search of public discussions (the sources need no key;
 * offline, they show as unavailable), an estimate made only of labelled assumptions, and a
 * research page draft. Never used in tests or production.
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
  /** A tool the step calls, shown in the answer as the real co-founder's call would be. */
  tool?: (env: Cloudflare.Env, actions: CofounderActions) => Promise<{ name: string; input: unknown; output: unknown }>;
};

/** The demo's estimate: every number an assumption, and the confidence low, as it should be without evidence. */
const DEMO_ESTIMATE: ScaleEstimate = {
  segments: ['Small private clinics (dental, physiotherapy) with 2–6 practitioners'],
  topDown: {
    unit: 'clinics',
    steps: [
      { operation: 'start', value: 180_000, label: 'small private clinics in the US', source: 'assumption' },
      { operation: 'multiply', value: 0.5, label: 'share that still book mostly by phone', source: 'assumption' },
    ],
  },
  bottomUp: {
    unit: 'clinics a year',
    steps: [
      { operation: 'start', value: 40, label: 'demos one founder can give a month', source: 'assumption' },
      { operation: 'multiply', value: 12, label: 'months', source: 'assumption' },
      { operation: 'multiply', value: 0.25, label: 'demos that become customers', source: 'assumption' },
    ],
  },
  frequency: 'Several cancellations a week per clinic (assumption).',
  pain: 'An empty 45-minute slot is lost revenue; refilling it by phone takes staff time.',
  currentAlternatives: 'Phone calls from a paper or spreadsheet waiting list.',
  confidence: 'low',
  confidenceReasons: 'Offline demo: every input is an assumption, nothing is backed by evidence yet.',
  evidence: [],
};

const DEMO_DRAFT: ResearchDraft = {
  title: 'How your clinic handles cancellations',
  testsAssumptions: ['Clinics lose several slots a week to cancellations', 'Clinics would let software text their patients'],
  questions: [
    { text: 'How many appointments were cancelled at short notice last week?', type: 'multiple_choice', options: ['None', '1 to 3', '4 to 10', 'More than 10'] },
    { text: 'How do you try to fill a cancelled slot today?', type: 'text' },
    { text: 'How much of a problem are last-minute cancellations for you?', type: 'rating', config: { min_rating: 1, max_rating: 5, labels: { '1': 'None', '5': 'A big one' } } },
    { text: 'Which of these would you let software do for you?', type: 'checkbox', options: ['Text patients on the waiting list', 'Confirm appointments', 'Rebook automatically'] },
    { text: 'Your e-mail, if we may ask a follow-up question', type: 'email' },
  ],
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
  {
    text: '*Offline demo — not AI.* Phase 2 starts with evidence: here is what people say about the problem in public discussions, searched for real just now.',
    tool: async (env, actions) => {
      const input = { queries: ['appointment cancellations clinic', 'fill cancelled appointment slots'] };
      const output = await searchDiscussions(env, input);
      for (const discussion of output.discussions) actions.foundUrls.add(discussion.url);
      return { name: COFOUNDER_TOOLS.searchDiscussions, input, output };
    },
  },
  {
    text: '*Offline demo — not AI.* A first estimate, made only of assumptions so far: check each step in the memory, correct what you know better, and accept it to finish phase 2.',
    tool: async (_env, actions) => {
      const input = { title: 'Empty slots in small clinics', estimate: DEMO_ESTIMATE };
      const entry = actions.saveScaleEstimate(input.title, input.estimate);
      return { name: COFOUNDER_TOOLS.saveScaleEstimate, input, output: { saved: { id: entry.id, version: entry.version } } };
    },
  },
  {
    text: '*Offline demo — not AI.* The riskiest assumptions are how often slots are lost and whether clinics let software text patients. This research page would test both with the people who know.',
    tool: async () => ({ name: COFOUNDER_TOOLS.draftResearchPage, input: DEMO_DRAFT, output: { shown: true, questions: DEMO_DRAFT.questions.length } }),
  },
  { text: '*Offline demo — not AI.* The scripted demo ends here. Add an OpenAI key to `.dev.vars` to talk to the real co-founder.' },
];

export function offlineDemoAnswer(input: { env: Cloudflare.Env; messages: WorkspaceMessage[]; actions: CofounderActions; signal?: AbortSignal }): Response {
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
      if (step.tool) {
        const call = await step.tool(input.env, input.actions);
        const toolCallId = `demo-${crypto.randomUUID()}`;
        writer.write({ type: 'tool-input-available', toolCallId, toolName: call.name, input: call.input });
        writer.write({ type: 'tool-output-available', toolCallId, output: call.output });
      }
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

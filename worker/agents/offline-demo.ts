import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import type { MemoryEntry, MessageMetadata, WorkspaceMessage } from '#contracts/workspace';
import { config } from '../config';
import { textOf } from './context';
import { demoSubject } from './phases/common/demo-subject';
import { phaseModule } from './phases/registry';
import type { DemoStep, FounderWords, ToolContext } from './phases/types';

/**
 * The offline demo co-founder: local development without a model key only (llmMode), labelled
 * 'offline demo — not AI' by the app through `offlineDemo` in the metadata. Each built phase has
 * a fixed script, so every screen can be tried, about the project's own subject (./phases/common/demo-subject.ts).
 * Never used in production; tests check its scripts, never through it the co-founder's behaviour.
 */
const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Past the end of a phase's script, every answer says so. */
export const SCRIPT_END: DemoStep = {
  text: '*Offline demo — not AI.* The scripted demo of this phase ends here. Open another phase from the phases panel, or add an OpenAI key to `.dev.vars` to talk to the real co-founder.',
};

/** Replies that are a click, not the founder's own words: quick-reply choices and the brainstorm start. */
const NOT_AN_IDEA = /^(help me brainstorm ideas|i have a problem in mind|you pick|[ab]: .{0,40})$/i;

/** What members wrote in their own words, a few words at least (not a click, not a note to each other), oldest first. */
function founderStatements(messages: readonly WorkspaceMessage[]): string[] {
  return messages
    .filter((message) => message.role === 'user' && !message.metadata?.note)
    .map((message) => textOf(message).replace(/\s+/g, ' ').trim())
    .filter((text) => text.split(' ').length >= 4 && !NOT_AN_IDEA.test(text));
}

/** What the demo's steps know of the project: the founders' words, the memory and its subject, privacy mode. */
export function founderWords(messages: readonly WorkspaceMessage[], memory: readonly MemoryEntry[], privacyMode: boolean): FounderWords {
  const [idea = null, people = null] = founderStatements(messages);
  const latest = textOf(messages.findLast((message) => message.role === 'user') ?? { id: '', role: 'user', parts: [] });
  return { latest, idea, people, subject: demoSubject(memory, idea), privacyMode, memory };
}

export function offlineDemoAnswer(input: {
  /** The tools' context of the phase the founders work in. */
  context: ToolContext;
  messages: WorkspaceMessage[];
  phase: number;
  privacyMode: boolean;
  signal?: AbortSignal;
}): Response {
  // Each phase has its own script (worker/agents/phases/<phase>/demo.ts), one step per answer given in that phase.
  const script = phaseModule(input.phase)?.demo ?? [];
  const answered = input.messages.filter((message) => message.role === 'assistant' && message.metadata?.phase === input.phase).length;
  const step = script[answered] ?? SCRIPT_END;
  const words = founderWords(input.messages, input.context.actions.memory, input.privacyMode);
  const founderText = words.latest;
  const text = typeof step.text === 'function' ? step.text(words) : step.text;
  const metadata: MessageMetadata = { author: { kind: 'cofounder' }, createdAt: Date.now(), offlineDemo: true, phase: input.phase };
  const wordPause = config(input.context.env).OFFLINE_DEMO_WORD_MS;
  const stream = createUIMessageStream<WorkspaceMessage>({
    execute: async ({ writer }) => {
      writer.write({ type: 'start', messageMetadata: metadata });
      writer.write({ type: 'text-start', id: 'text' });
      for (const word of text.split(/(?<= )/)) {
        await pause(wordPause, input.signal);
        if (input.signal?.aborted) break;
        writer.write({ type: 'text-delta', id: 'text', delta: word });
      }
      writer.write({ type: 'text-end', id: 'text' });
      if (step.act) await step.act(input.context.actions, founderText, words);
      if (step.tool) {
        const toolCallId = `demo-${crypto.randomUUID()}`;
        const call = await step.tool(input.context, { toolCallId, words });
        if (call) {
          writer.write({ type: 'tool-input-available', toolCallId, toolName: call.name, input: call.input });
          writer.write({ type: 'tool-output-available', toolCallId, output: call.output });
        }
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

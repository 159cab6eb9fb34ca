import { env } from 'cloudflare:workers';
import type { MemoryEntry, WorkspaceMessage } from '#contracts/workspace';
import { founderWords, SCRIPT_END } from '../../worker/agents/offline-demo';
import { phaseModule } from '../../worker/agents/phases/registry';
import { demoContext } from './demo-context';

/** A machine without internet: every outside source refuses the connection, and web search has no key, as under `npm start` offline. */
const OFFLINE = 'http://127.0.0.1:9';
export const offlineEnv = {
  ...env,
  HACKER_NEWS_API_URL: OFFLINE,
  STACK_EXCHANGE_API_URL: OFFLINE,
  REDDIT_AUTH_URL: OFFLINE,
  REDDIT_API_URL: OFFLINE,
  GITHUB_API_URL: OFFLINE,
  ITUNES_API_URL: OFFLINE,
  BRAVE_SEARCH_API_URL: OFFLINE,
  BRAVE_SEARCH_API_KEY: undefined,
} as typeof env;

/** The founder's idea and who has it, as they type them in phase 1. */
export interface DemoIdea {
  idea: string;
  people: string;
}

export const COMMUTER_BIKES: DemoIdea = {
  idea: 'mobile bike repair for commuters',
  people: 'Commuters who get a flat or broken chain on the way to work and cannot wait a week for a shop',
};
export const TUTORING: DemoIdea = {
  idea: 'A tutoring marketplace that matches secondary school students with vetted maths tutors',
  people: 'Parents of secondary school students who struggle with maths',
};

export const REPLAN_REQUEST = 'Our launch date moved a week earlier, please re-plan the build';

/** What members send in each phase, one message per step of its script: the idea and who has it, then clicks and short answers. */
const replies = ({ idea, people }: DemoIdea): Record<number, string[]> => ({
  1: [idea, 'I have a problem in mind', people, 'A'],
  2: ['Go on', 'Next', 'Next'],
  3: ['Go on', 'Next', 'Next'],
  4: ['Go on'],
  5: ['Go on', 'Next', 'Next', 'Next'],
  6: ['Go on', 'Next', REPLAN_REQUEST],
  7: ['Go on', 'Next', 'Next', 'Next', 'Next'],
  8: ['Go on', 'Next', 'Next'],
});

/** One answer of the walk: its phase, the member's message it answered, its text and the tool it called. */
export interface DemoAnswer {
  phase: number;
  asked: string;
  text: string;
  call: { name: string; input: unknown; output: unknown } | null;
}

/**
 * Walks the offline demo through phases 1 to 8 as a founder would in the workspace, each phase
 * opened in turn: each member message, then the step the object answers it with
 * (offlineDemoAnswer), its words computed from the conversation and the memory as the object
 * computes them, on a machine without internet. In phase 8 the founders choose their inner ring
 * after the ranking, as they do under it. Returns every answer and what the memory holds after.
 */
export async function walkDemo(idea: DemoIdea, members = [{ userId: 'u1', name: 'Ana Ruiz' }]) {
  const { context, memory } = demoContext(members);
  const offline = { ...context, env: offlineEnv };
  const conversation: WorkspaceMessage[] = [];
  const answers: DemoAnswer[] = [];
  for (const [phase, messages] of Object.entries(replies(idea)).map(([phase, messages]) => [Number(phase), messages] as const)) {
    const script = phaseModule(phase)!.demo;
    for (const [index, asked] of messages.entries()) {
      // The founders accept the build plan before they ask for a re-plan: the accepted plan changes only through one.
      if (phase === 6 && asked === REPLAN_REQUEST) await acceptKind(context.actions, memory(), 'build_plan');
      const step = script[index] ?? SCRIPT_END;
      conversation.push({ id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text: asked }] });
      const words = founderWords(conversation, memory(), false);
      const text = typeof step.text === 'function' ? step.text(words) : step.text;
      if (step.act) await step.act(context.actions, words.latest, words);
      const call = step.tool ? await step.tool(offline, { toolCallId: `demo-${phase}-${index}`, words }) : null;
      answers.push({ phase, asked, text, call });
      conversation.push({
        id: crypto.randomUUID(),
        role: 'assistant',
        parts: [{ type: 'text', text }],
        metadata: { author: { kind: 'cofounder' }, createdAt: Date.now(), phase },
      });
      if (phase === 8 && index === 0) chooseInnerRing(context.actions, memory());
    }
  }
  return { answers, memory: memory(), context };
}

async function acceptKind(actions: { acceptArtifact(id: string): Promise<unknown> }, memory: readonly MemoryEntry[], kind: string) {
  const entry = memory.find((candidate) => candidate.kind === kind);
  if (entry) await actions.acceptArtifact(entry.id);
}

/** The founders choose the first three promising channels as their inner ring, under the ranking: each moves to the inner ring. */
function chooseInnerRing(actions: { updateMemory(id: string, content: never): unknown }, memory: readonly MemoryEntry[]) {
  const ranking = memory.find((entry): entry is Extract<MemoryEntry, { kind: 'channel_ranking' }> => entry.kind === 'channel_ranking')!;
  const chosen = new Set(
    ranking.ranking.ideas
      .filter((idea) => idea.ring === 'promising')
      .slice(0, 3)
      .map((idea) => idea.channel),
  );
  const ideas = ranking.ranking.ideas.map((idea) => (chosen.has(idea.channel) ? { ...idea, ring: 'inner' as const } : idea));
  actions.updateMemory(ranking.id, { kind: 'channel_ranking', title: ranking.title, ranking: { ...ranking.ranking, ideas } } as never);
}

/** Everything a walk showed and saved, as one text: the answers, the tools' inputs and outputs, the memory. */
export const everythingOf = (walk: Awaited<ReturnType<typeof walkDemo>>) =>
  [...walk.answers.flatMap((answer) => [answer.text, JSON.stringify(answer.call ?? null)]), JSON.stringify(walk.memory)].join('\n');

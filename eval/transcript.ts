import type { TeamMember } from '#contracts/phases/build-plan';
import type { MemoryEntry, WorkspaceMessage } from '#contracts/workspace';

/**
 * What one run of one scenario leaves for the graders (docs/evals.md): the conversation as the
 * object stored it, read into plain turns, the memory before and after, and every search the
 * outside sources' fakes received. Hand-written transcripts of the graders' tests have this shape too.
 */

/** The founders' languages the scenarios are written in. */
export const LANGUAGES = ['en', 'ro', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface ToolCall {
  name: string;
  /** The arguments the model wrote (as the SDK parsed them; a string when they were not JSON). */
  input: unknown;
  /** What the tool answered, when it ran. */
  output?: unknown;
  /** The tool's refusal or the SDK's, when it failed. */
  error?: string;
}

export type Turn =
  | { role: 'founder'; text: string; language: Language }
  | { role: 'cofounder'; text: string; toolCalls: ToolCall[]; status?: 'complete' | 'failed' | 'stopped'; failure?: string };

export type CofounderTurn = Extract<Turn, { role: 'cofounder' }>;

/** A search that left for an outside source: which fake received it, and the phrase. */
export interface OutgoingSearch {
  source: string;
  query: string;
}

export interface Transcript {
  scenario: string;
  phase: number;
  run: number;
  /** The model that answered (OPENAI_MODEL, or the fake's behaviour). */
  model: string;
  privacyMode: boolean;
  /** The product's own origin (its research pages are citable). */
  appUrl: string;
  /** Names in the founders' messages that must never reach a search (privacy scenarios). */
  privateNames: string[];
  /** Which judge criteria apply (eval/rubric.md); none: the judge does not grade it. */
  judge: string[];
  /** What the scenario expects of the co-founder's tools, checked by the expected-tools grader. */
  expect?: { calls?: string[]; notCalls?: string[] };
  turns: Turn[];
  startingMemory: MemoryEntry[];
  memory: MemoryEntry[];
  /** The project's members as the build and launch plans name owners (the tools' schemas read them). */
  teamMembers: TeamMember[];
  searches: OutgoingSearch[];
  /** Set when the run itself broke (the server, a time-out): nothing is graded then. */
  error?: string;
}

/** The text of a stored message's text parts. */
const textOf = (message: WorkspaceMessage) =>
  message.parts
    .filter((part) => part.type === 'text')
    .map((part) => (part as { text: string }).text)
    .join('\n')
    .trim();

/**
 * The stored conversation read into turns. `languages` gives, by member message id, the language
 * the scenario wrote it in. Notes to the team are context, not turns.
 */
export function turnsOf(messages: readonly WorkspaceMessage[], languageOf: (text: string) => Language): Turn[] {
  const turns: Turn[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      if (message.metadata?.note) continue;
      const text = textOf(message);
      turns.push({ role: 'founder', text, language: languageOf(text) });
      continue;
    }
    if (message.role !== 'assistant') continue;
    const toolCalls: ToolCall[] = [];
    for (const part of message.parts) {
      if (!part.type.startsWith('tool-')) continue;
      const tool = part as { type: string; input?: unknown; output?: unknown; errorText?: string; state?: string };
      toolCalls.push({
        name: tool.type.slice('tool-'.length),
        input: tool.input,
        ...(tool.state === 'output-available' ? { output: tool.output } : {}),
        ...(tool.errorText !== undefined ? { error: tool.errorText } : {}),
      });
    }
    turns.push({
      role: 'cofounder',
      text: textOf(message),
      toolCalls,
      ...(message.metadata?.status ? { status: message.metadata.status } : {}),
      ...(message.metadata?.failure ? { failure: message.metadata.failure } : {}),
    });
  }
  return turns;
}

/** Each co-founder turn with the founder message it answers (the latest one before it). */
export function answersOf(transcript: Pick<Transcript, 'turns'>): { answer: CofounderTurn; founder: Extract<Turn, { role: 'founder' }> | undefined }[] {
  let founder: Extract<Turn, { role: 'founder' }> | undefined;
  const pairs: { answer: CofounderTurn; founder: typeof founder }[] = [];
  for (const turn of transcript.turns) {
    if (turn.role === 'founder') founder = turn;
    else pairs.push({ answer: turn, founder });
  }
  return pairs;
}

/** Every tool call of the conversation, in order. */
export const toolCallsOf = (transcript: Pick<Transcript, 'turns'>): ToolCall[] =>
  transcript.turns.flatMap((turn) => (turn.role === 'cofounder' ? turn.toolCalls : []));

/**
 * The entries the co-founder wrote or changed in the conversation: in the final memory, by the
 * co-founder, and new or at another version than at the start.
 */
export function writtenByCofounder(transcript: Pick<Transcript, 'startingMemory' | 'memory'>): MemoryEntry[] {
  return transcript.memory.filter((entry) => {
    if (entry.author.kind !== 'cofounder') return false;
    const before = transcript.startingMemory.find((start) => start.id === entry.id);
    return !before || before.version !== entry.version;
  });
}

/** What an entry says, without what the memory adds (id, author, versions, acceptance). */
export function contentOf(entry: MemoryEntry): Record<string, unknown> {
  const {
    id: _id,
    author: _author,
    updatedAt: _updatedAt,
    version: _version,
    history: _history,
    acceptedAt: _acceptedAt,
    basedOn: _basedOn,
    ...content
  } = entry;
  return content;
}

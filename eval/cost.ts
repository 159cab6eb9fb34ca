import { asSchema } from 'ai';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { unlockedPhases } from '#contracts/phases/registry';
import type { MemoryEntry, WorkspaceState } from '#contracts/workspace';
import { ANSWER_LIMITS } from '../worker/agents/answer';
import { systemPrompt } from '../worker/agents/prompts';
import { phaseModule } from '../worker/agents/phases/registry';
import { messagesOf, type Scenario } from './scenario';
import { toolsFor } from './tool-schemas';

/**
 * What a run will cost, estimated before it starts from token counts (o200k_base through
 * gpt-tokenizer, as bench/phase-prompt.mjs counts the prompt): every step of an answer sends the
 * system prompt, the tools and the conversation so far, and writes some output. The real counts
 * depend on the model's steps; `stepsPerTurn` and `outputPerStep` are the assumptions, printed
 * with the estimate, and the product's own limits give the ceiling.
 */

export interface Tokens {
  input: number;
  output: number;
}

export interface CostAssumptions {
  /** Model calls per founder message: a tool call and the text after it is 2. */
  stepsPerTurn: number;
  /** Tokens the model writes per call. */
  outputPerStep: number;
}

export const DEFAULT_ASSUMPTIONS: CostAssumptions = { stepsPerTurn: 2, outputPerStep: 400 };
/** The product's bounds of one answer (worker/agents/answer.ts): the most a turn can cost. */
export const CEILING: CostAssumptions = { stepsPerTurn: ANSWER_LIMITS.maxSteps, outputPerStep: ANSWER_LIMITS.maxOutputTokens };

const count = (text: string) => encode(text).length;

/** The tools the model is offered on Pro (every phase's and the engine's), as the request carries them. */
export async function toolTokens(): Promise<number> {
  const tools = toolsFor({ memory: [], teamMembers: [] });
  const definitions = await Promise.all(
    Object.entries(tools).map(async ([name, tool]) => ({ name, description: tool.description, parameters: await asSchema(tool.inputSchema).jsonSchema })),
  );
  return count(JSON.stringify(definitions));
}

/** The scenario's starting memory as stored entries, for the prompt. */
const entriesOf = (scenario: Scenario): MemoryEntry[] =>
  scenario.memory.map(
    (seed, index) =>
      ({
        ...seed.content,
        id: `estimate-${index}`,
        author: { kind: 'member', userId: 'estimate', name: 'Founder' },
        updatedAt: 0,
        version: 1,
        ...(seed.accepted ? { acceptedAt: 0 } : {}),
      }) as MemoryEntry,
  );

/** The tokens one run of a scenario reads and writes, under the assumptions. */
export function scenarioTokens(scenario: Scenario, tools: number, assumptions: CostAssumptions): Tokens {
  const module = phaseModule(scenario.phase)!;
  const unlocked = unlockedPhases('pro');
  const state = { phases: { done: [], current: scenario.phase, unlocked }, memory: entriesOf(scenario), presence: [], mode: 'ai' } as unknown as WorkspaceState;
  const env = { REDDIT_CLIENT_ID: 'estimate', REDDIT_CLIENT_SECRET: 'estimate', BRAVE_SEARCH_API_KEY: 'estimate' } as unknown as Cloudflare.Env;
  let history = 0;
  const total = { input: 0, output: 0 };
  for (const message of messagesOf(scenario)) {
    const system = count(
      systemPrompt({
        state,
        phase: module,
        phaseNotes: module.notes?.(env) ?? '',
        olderTurnsDigest: '',
        latestMemberText: message.text,
        privacyMode: scenario.privacyMode,
      }),
    );
    history += count(message.text);
    for (let step = 0; step < assumptions.stepsPerTurn; step++) {
      total.input += system + tools + history + step * assumptions.outputPerStep;
      total.output += assumptions.outputPerStep;
    }
    history += assumptions.stepsPerTurn * assumptions.outputPerStep;
  }
  return total;
}

export const addTokens = (a: Tokens, b: Tokens): Tokens => ({ input: a.input + b.input, output: a.output + b.output });

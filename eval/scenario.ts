import { PHASES } from '#contracts/phases/registry';
import { MemoryContentSchema, MESSAGE_MAX_CHARS } from '#contracts/workspace';
import { z } from '#contracts/zod';
import { SCENARIOS } from './scenarios/index';
import { LANGUAGES } from './transcript';

/**
 * A scenario of the evaluation (docs/evals.md, "Adding a scenario"): the founders' messages, the
 * memory the project starts with, and what the graders need to know. Scenarios are data, kept in
 * eval/scenarios/phase-N.ts and validated by this schema when they load.
 */

/** The judge's criteria (eval/rubric.md). */
export const JUDGE_CRITERIA = ['critical', 'specific'] as const;
export type JudgeCriterion = (typeof JUDGE_CRITERIA)[number];

/** One step of the fake model's script (tests/fakes/openai.ts, ScriptedReply): text, tool calls, or both. */
const ScriptedStepSchema = z.strictObject({
  content: z.string().optional(),
  toolCalls: z.array(z.strictObject({ name: z.string(), arguments: z.record(z.string(), z.unknown()) })).optional(),
});
export type ScriptedStep = z.infer<typeof ScriptedStepSchema>;

const MessageSchema = z.union([
  z.string().min(1).max(MESSAGE_MAX_CHARS),
  // A message in another language than the scenario's: a founder who switches mid-conversation.
  z.strictObject({ text: z.string().min(1).max(MESSAGE_MAX_CHARS), language: z.enum(LANGUAGES) }),
]);

export const ScenarioSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9-]{3,60}$/, 'A scenario name is lowercase words joined by dashes'),
  phase: z
    .number()
    .int()
    .refine((number) => PHASES.some((phase) => phase.number === number), 'No such phase'),
  /** The founders' language; a message may say its own. */
  language: z.enum(LANGUAGES),
  /** What the scenario puts to the co-founder, in one sentence. */
  about: z.string().min(10).max(300),
  privacyMode: z.boolean().default(false),
  /** Names in the messages (a person's, a client's) that must not reach a search. */
  privateNames: z.array(z.string().min(2)).default([]),
  /** The memory the project starts with, as members would write it; `accepted` entries are accepted after. */
  memory: z
    .array(z.strictObject({ content: MemoryContentSchema, accepted: z.boolean().default(false) }))
    .max(40)
    .default([]),
  messages: z.array(MessageSchema).min(1).max(6),
  /** The judge's criteria that apply (eval/rubric.md). */
  judge: z.array(z.enum(JUDGE_CRITERIA)).default([...JUDGE_CRITERIA]),
  expect: z.strictObject({ calls: z.array(z.string()).optional(), notCalls: z.array(z.string()).optional() }).optional(),
  /**
   * What the fake model does when it behaves well, per founder message (`--fake well`); the other
   * behaviours are made from it (eval/fake-model.ts). Without it, each message gets a short
   * critical answer in its language and no tool call.
   */
  fake: z.array(z.array(ScriptedStepSchema).min(1)).optional(),
});
export type Scenario = z.infer<typeof ScenarioSchema>;
export type ScenarioInput = z.input<typeof ScenarioSchema>;

/** The language and text of each founder message. */
export const messagesOf = (scenario: Scenario) =>
  scenario.messages.map((message) => (typeof message === 'string' ? { text: message, language: scenario.language } : message));

/** Parses scenarios; a bad one names itself and its first problem. */
export function parseScenarios(inputs: readonly unknown[]): Scenario[] {
  const scenarios = inputs.map((input, index) => {
    const parsed = ScenarioSchema.safeParse(input);
    if (parsed.success) return parsed.data;
    const name = (input as { name?: unknown })?.name ?? `#${index + 1}`;
    const issue = parsed.error.issues[0]!;
    throw new Error(`Scenario ${String(name)}: ${issue.path.join('.')}: ${issue.message}`);
  });
  const names = new Set<string>();
  for (const scenario of scenarios) {
    if (names.has(scenario.name)) throw new Error(`Two scenarios are called ${scenario.name}`);
    names.add(scenario.name);
    if (scenario.fake && scenario.fake.length !== scenario.messages.length)
      throw new Error(`Scenario ${scenario.name}: its fake script has ${scenario.fake.length} answers for ${scenario.messages.length} messages`);
  }
  return scenarios;
}

/** Every scenario of eval/scenarios/, validated. */
export async function loadScenarios(): Promise<Scenario[]> {
  return parseScenarios(SCENARIOS);
}

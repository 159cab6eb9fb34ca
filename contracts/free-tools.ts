import { hasControlCharacters } from './text';
import { multiLineText, singleLineText } from './text-fields';
import { z } from './zod';

/** Both inputs are required and at most 100 characters. */
export const TOOL_INPUT_MAX = 100;
export const IDEAS_PER_REQUEST = 10;

/** The spec's messages (section 8), shown by the tool pages as the server sends them. */
export const RATE_LIMITED = "You've reached the rate limit for this tool. Sign up on Launchmate to increase your limit and access more features.";
export const UNEXPECTED = 'An unexpected error occurred. Please try again later.';

const toolInput = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(TOOL_INPUT_MAX, `Please keep it under ${TOOL_INPUT_MAX} characters`)
    .refine((text) => !hasControlCharacters(text, { multiline: true }), 'Please remove control characters');

export const BusinessIdeasRequestSchema = z.strictObject({ industry: toolInput('Please enter an industry') });
export const UserPersonaRequestSchema = z.strictObject({ product_description: toolInput('Please describe your product') });

const sentence = multiLineText(600);
const shortText = singleLineText(120);

/** One idea as the model writes it; validated before any visitor sees it. */
export const BusinessIdeaSchema = z.strictObject({
  problem: sentence.describe('A concrete, painful problem people in this industry have, in one or two sentences'),
  solution: sentence.describe('A potential product or service that solves it, in one or two sentences'),
});
export type BusinessIdea = z.infer<typeof BusinessIdeaSchema>;

/** The persona as the model writes it (the picture is drawn by the product, not the model). */
export const UserPersonaSchema = z.strictObject({
  name: shortText.describe('First and last name'),
  age: z.number().int().min(14).max(100),
  occupation: shortText,
  traits: z.array(singleLineText(40)).min(3).max(6).describe('Personality traits, one or two words each'),
  quote: sentence.describe('Something this person would say about the problem, in their own voice'),
  where: z.array(shortText).min(2).max(6).describe('Places, online and offline, where you will find this person'),
  narrative_description: multiLineText(1500).describe('Who they are, their day and context'),
  problem: sentence.describe('The main problem the product solves for them'),
  pains: z.array(sentence).min(2).max(6),
  goals: z.array(sentence).min(2).max(6),
  objections: z.array(sentence).min(2).max(6).describe('Why they might not buy or switch'),
});
export type GeneratedPersona = z.infer<typeof UserPersonaSchema>;

/** The spec's answer shapes. */
export type ProblemSolutionPair = [problem: string, solution: string];
export type UserPersona = GeneratedPersona & { picture: string };

/** One line of the NDJSON stream of POST /business-ideas (Accept: application/x-ndjson). */
export type BusinessIdeasEvent =
  | { type: 'idea'; idea: ProblemSolutionPair }
  | { type: 'done'; id: string; offline_demo: boolean; problem_solution_pairs: ProblemSolutionPair[] }
  | { type: 'error'; error: string };

/**
 * One line of the NDJSON stream of POST /user-persona: the fields that have settled since the
 * last line (each checked against the schema), to merge into what came before; then the whole
 * persona.
 */
export type UserPersonaEvent =
  | { type: 'persona'; user_persona: Partial<GeneratedPersona> }
  | { type: 'done'; id: string; offline_demo: boolean; user_persona: UserPersona }
  | { type: 'error'; error: string };

/** The id of a shared result: 132 random bits, base64url. */
export const RESULT_ID = /^[A-Za-z0-9_-]{22}$/;

/** GET /results/:id: a shared result. */
export type SharedResult =
  | { tool: 'business-ideas'; input: string; result: { problem_solution_pairs: ProblemSolutionPair[] }; offline_demo: boolean; created_at: number }
  | { tool: 'user-persona'; input: string; result: { user_persona: UserPersona }; offline_demo: boolean; created_at: number };

import { isWebAddress } from '../discussions';
import { multiLineText, singleLineText } from '../text-fields';
import { z } from '../zod';
import { ClaimSchema, type Claim } from './competitors';
import {
  addressCitation,
  claimCitations,
  CONFIDENCE_LEVELS,
  MEMORY_LIMITS,
  quoteCitation,
  type ArtifactOutline,
  type Citation,
  type PhaseDefinition,
} from './fields';

/**
 * Phase 4, 'Define user personas': 1 to 3 personas built from the evidence of phases 2 and 3,
 * every quote a verbatim excerpt of something the tools returned, every other claim cited or
 * labelled an assumption.
 */

export const PERSONA_LIMITS = { personas: 3, items: 6, quotes: 6, stories: 5, channels: 6 } as const;

const list = (max: number) => z.array(multiLineText(400)).max(max);
const webAddress = z.string().trim().max(2000).refine(isWebAddress, 'An address must be an http(s) address');

/** "When …, I want to …, so I can …". */
export const JOB_STORY = /^When .+, I want to .+, so (?:that )?I can .+/is;

export const PersonaSchema = z.strictObject({
  role: singleLineText(160).describe('Their job or role'),
  age: z.number().int().min(18).max(90).describe('An age that fits the evidence, for the avatar'),
  situation: multiLineText(MEMORY_LIMITS.field).describe('The situation they are in when the problem hits'),
  jobs: z.strictObject({ functional: list(PERSONA_LIMITS.items), social: list(PERSONA_LIMITS.items), emotional: list(PERSONA_LIMITS.items) }),
  /** Most important first. */
  pains: z.array(ClaimSchema).min(1).max(PERSONA_LIMITS.items).describe('Ranked, the worst first; each cites evidence or is labelled an assumption'),
  gains: z.array(ClaimSchema).min(1).max(PERSONA_LIMITS.items).describe('Ranked, the most wanted first'),
  /** Names of phase 3's competitor cards, or what they do instead ("nothing"). */
  usesToday: z.array(singleLineText(120)).min(1).max(PERSONA_LIMITS.items),
  reachAt: z
    .array(z.strictObject({ name: singleLineText(120), url: webAddress }))
    .max(PERSONA_LIMITS.channels)
    .describe('Communities and channels where they are, with addresses the tools returned'),
  jobStories: z
    .array(multiLineText(400).refine((story) => JOB_STORY.test(story), 'A job story reads "When …, I want to …, so I can …"'))
    .min(1)
    .max(PERSONA_LIMITS.stories),
  earlyAdopter: multiLineText(MEMORY_LIMITS.field).describe('Who among them would try it first, and how to recognise them'),
  quotes: z
    .array(z.strictObject({ text: multiLineText(400), url: webAddress }))
    .max(PERSONA_LIMITS.quotes)
    .describe('Verbatim excerpts of discussions, pages or research answers the tools returned, with their link'),
  confidence: z.enum(CONFIDENCE_LEVELS),
  confidenceReasons: multiLineText(MEMORY_LIMITS.field),
  /** The product's own avatar (GET /api/free-tools/avatar.svg), set by the server. */
  avatarUrl: z
    .string()
    .max(500)
    .regex(/^\/api\/free-tools\/avatar\.svg\?/)
    .optional(),
});
export type Persona = z.infer<typeof PersonaSchema>;

export const PersonaContentSchema = z.strictObject({ kind: z.literal('persona'), title: singleLineText(120), persona: PersonaSchema });
export type PersonaContent = z.infer<typeof PersonaContentSchema>;

/** The phase's tools, as they appear in assistant message parts (`tool-<name>`). */
export const PERSONAS_TOOLS = {
  savePersona: 'save_persona',
} as const;

export const PERSONAS_PHASE = {
  number: 4,
  title: 'Define user personas',
  summary: 'Describe the people you build for: their goals, pains and objections.',
  free: false,
  artifacts: [{ kind: 'persona', label: 'Persona', max: PERSONA_LIMITS.personas, builtOn: ['chosen_idea', 'scale_estimate', 'competitor'] }],
  doneWhenAccepted: 'persona',
} as const satisfies PhaseDefinition;

const claimLine = (claim: Claim) => `${claim.text} (${claim.source})`;

export const outlinePersona = ({ title, persona }: PersonaContent): ArtifactOutline => ({
  sections: [
    { label: 'Who', text: `${title}, ${persona.role}, ${persona.age}` },
    { label: 'Situation', text: persona.situation },
    { label: 'Functional jobs', items: persona.jobs.functional },
    { label: 'Social jobs', items: persona.jobs.social },
    { label: 'Emotional jobs', items: persona.jobs.emotional },
    { label: 'Pains, worst first', items: persona.pains.map(claimLine) },
    { label: 'Gains, most wanted first', items: persona.gains.map(claimLine) },
    { label: 'Uses today', items: persona.usesToday },
    { label: 'Where to reach them', links: persona.reachAt.map(({ name, url }) => ({ title: name, url })) },
    { label: 'Job stories', items: persona.jobStories },
    { label: 'Early adopters', text: persona.earlyAdopter },
    { label: 'Quotes', items: persona.quotes.map((quote) => `"${quote.text}" (${quote.url})`) },
    { label: 'Confidence', text: `${persona.confidence} (${persona.confidenceReasons})` },
  ],
});

/** A persona's cited evidence: its cited pains and gains, its quotes, its channels' addresses and its avatar (the product's, set by the server). */
export const citationsOfPersona = ({ persona }: PersonaContent): Citation[] => [
  ...claimCitations([...persona.pains, ...persona.gains]),
  ...persona.quotes.map((quote) => quoteCitation(quote.text, quote.url)),
  ...persona.reachAt.map((channel) => addressCitation(channel.url)),
  ...(persona.avatarUrl ? [{ key: `avatar\n${persona.avatarUrl}`, label: 'its avatar' }] : []),
];

/** A version of a memory entry, as far as the personas' review needs it. */
interface PersonaVersion {
  author: { kind: string };
  updatedAt: number;
}

/**
 * When the personas last took the research in (Unix milliseconds), null without personas: the
 * latest time the co-founder wrote one or a member accepted one. Research answers that arrived
 * after it are new to them. A member's own edit (a typo, a renamed channel) reads no answers, so
 * it does not reset that count.
 */
export function personasReviewedAt(memory: readonly (PersonaVersion & { kind: string; acceptedAt?: number; history?: PersonaVersion[] })[]): number | null {
  const times = memory
    .filter((entry) => entry.kind === 'persona')
    .map((entry) => {
      // Newest first. The history keeps only the latest changes: past it, its oldest is the last write known.
      const versions = [entry, ...(entry.history ?? [])];
      const written = versions.find((version) => version.author.kind === 'cofounder') ?? versions.at(-1)!;
      return Math.max(written.updatedAt, entry.acceptedAt ?? 0);
    });
  return times.length === 0 ? null : Math.max(...times);
}

/** Phase 4's slice of the workspace state. */
export interface PersonasState {
  /**
   * Research-page answers (responses) that arrived after the personas were last written or
   * accepted: the co-founder proposes an update when there are some. 0 without personas. Read
   * from D1 when a member connects, on each turn and when a persona changes.
   */
  newResearchAnswers: number;
}

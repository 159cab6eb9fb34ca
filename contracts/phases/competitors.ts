import { isWebAddress, searchPhrase } from '../discussions';
import { multiLineText, singleLineText } from '../text-fields';
import { z } from '../zod';
import { addressCitation, ASSUMPTION, claimCitations, MEMORY_LIMITS, type ArtifactOutline, type Citation, type PhaseDefinition } from './fields';

/**
 * Phase 3, 'Research competitors and gaps': competitors found in real sources and read from their
 * own pages, each claim cited or labelled an assumption, then the gaps and a positioning map.
 * Sources and the page reader: docs/decisions/0040-competitor-research.md.
 */

export const COMPETITOR_SOURCES = ['show_hn', 'github', 'app_store', 'web'] as const;
export type CompetitorSource = (typeof COMPETITOR_SOURCES)[number];
export const COMPETITOR_SOURCE_LABELS: Record<CompetitorSource, string> = {
  show_hn: 'Hacker News launches',
  github: 'GitHub',
  app_store: 'App Store',
  web: 'Web search',
};

export const COMPETITOR_LIMITS = {
  queriesPerSearch: 4,
  resultsPerSource: 6,
  candidatesPerSearch: 16,
  nameChars: 120,
  descriptionChars: 300,
  /** Text of a read page given to the model and kept for quoting. */
  pageTextChars: 6000,
  priceLines: 12,
  competitors: 30,
  claims: 6,
  gaps: 8,
  placements: 32,
  /** A research run: searches (phrases × sources) and page reads it may spend. */
  runQueries: 6,
  runPageReads: 20,
} as const;

/** A product or project a source returned: a lead, not yet a competitor card. */
export interface CompetitorCandidate {
  id: string;
  source: CompetitorSource;
  name: string;
  url: string;
  description: string;
  /** Stars, points or ratings, as the source counts them; null when it gave none. */
  signal: string | null;
}

export interface CompetitorSourceReport {
  source: CompetitorSource;
  /** 'not_connected': web search has no key in this deployment. */
  status: 'ok' | 'unavailable' | 'not_connected';
  found: number;
  cachedQueries: number;
}

export interface CompetitorSearchResult {
  queries: string[];
  sources: CompetitorSourceReport[];
  candidates: CompetitorCandidate[];
}

export const FindCompetitorsInputSchema = z.strictObject({
  queries: z
    .array(searchPhrase)
    .min(1)
    .max(COMPETITOR_LIMITS.queriesPerSearch)
    .describe('1 to 4 short phrases naming the kind of product (for example "waiting list software clinics"), not the founder\'s idea word for word'),
});
export type FindCompetitorsInput = z.infer<typeof FindCompetitorsInputSchema>;

const webAddress = z.string().trim().max(2000).refine(isWebAddress, 'An address must be an http(s) address');

export const ReadPageInputSchema = z.strictObject({
  url: webAddress.describe("An address a tool returned in this conversation: a competitor's home or pricing page"),
});

/** A page as the reader returns it: its text (HTML reduced to text, cut) and the price lines in it. */
export type PageReadResult =
  | { status: 'ok'; url: string; finalUrl: string; title: string; text: string; priceLines: string[]; readAt: string }
  | { status: 'unavailable'; url: string; reason: string };

/** A claim about a competitor: backed by a page, review or discussion a tool returned, or labelled an assumption. */
export const ClaimSchema = z.strictObject({
  text: multiLineText(400),
  source: z
    .string()
    .trim()
    .max(2000)
    .refine((source) => source === ASSUMPTION || isWebAddress(source), `An http(s) address a tool returned, or the word '${ASSUMPTION}'`)
    .describe(`The address of the page, review or discussion that shows it, or '${ASSUMPTION}'`),
});
export type Claim = z.infer<typeof ClaimSchema>;

export const COMPETITOR_CATEGORIES = ['direct', 'indirect', 'status_quo', 'unsorted'] as const;
export const COMPETITOR_CATEGORY_LABELS: Record<(typeof COMPETITOR_CATEGORIES)[number], string> = {
  direct: 'Direct',
  indirect: 'Indirect',
  status_quo: 'What they do today',
  unsorted: 'Not sorted yet',
};

export const PricingSchema = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('found'),
    quote: multiLineText(400).describe('Words copied exactly from the pricing page the reader returned'),
    url: webAddress,
    /** ISO 8601: when the page was read. */
    readAt: z.string().max(40),
  }),
  z.strictObject({ status: z.literal('not_found') }),
]);

export const CompetitorSchema = z.strictObject({
  category: z.enum(COMPETITOR_CATEGORIES),
  /** Absent only for 'what they do today' (a spreadsheet, doing nothing). */
  url: webAddress.optional(),
  forWhom: multiLineText(MEMORY_LIMITS.field),
  pricing: PricingSchema,
  strengths: z.array(ClaimSchema).max(COMPETITOR_LIMITS.claims),
  weaknesses: z.array(ClaimSchema).max(COMPETITOR_LIMITS.claims),
  /** ISO 8601: when its pages were last read. */
  checkedAt: z.string().max(40).optional(),
  /** The price lines of its pages at the last check: what 'Check again' compares with. */
  priceLines: z.array(singleLineText(300)).max(COMPETITOR_LIMITS.priceLines).optional(),
  /** What the last 'Check again' found changed. */
  lastCheck: z
    .strictObject({
      at: z.string().max(40),
      unreachable: z.boolean(),
      added: z.array(singleLineText(300)).max(COMPETITOR_LIMITS.priceLines),
      removed: z.array(singleLineText(300)).max(COMPETITOR_LIMITS.priceLines),
      pricingQuoteGone: z.boolean(),
    })
    .optional(),
});
export type Competitor = z.infer<typeof CompetitorSchema>;

export const CompetitorContentSchema = z.strictObject({
  kind: z.literal('competitor'),
  title: singleLineText(COMPETITOR_LIMITS.nameChars),
  competitor: CompetitorSchema,
});
export type CompetitorContent = z.infer<typeof CompetitorContentSchema>;

const AxisSchema = z.strictObject({ label: singleLineText(60), low: singleLineText(40), high: singleLineText(40) });

export const LandscapeSchema = z
  .strictObject({
    gaps: z
      .array(
        z.strictObject({
          title: singleLineText(160),
          description: multiLineText(MEMORY_LIMITS.field),
          /** The competitors (by name) it concerns. */
          competitors: z.array(singleLineText(COMPETITOR_LIMITS.nameChars)).min(1).max(COMPETITOR_LIMITS.competitors),
          evidence: z.array(ClaimSchema).min(1).max(COMPETITOR_LIMITS.claims),
        }),
      )
      .min(1)
      .max(COMPETITOR_LIMITS.gaps),
    /** The two axes the founders chose. */
    axes: z.strictObject({ x: AxisSchema, y: AxisSchema }),
    /** Where each competitor, and the founders' idea, sits: 0 (low) to 10 (high) on each axis. */
    placements: z
      .array(
        z.strictObject({ name: singleLineText(COMPETITOR_LIMITS.nameChars), isIdea: z.boolean(), x: z.number().min(0).max(10), y: z.number().min(0).max(10) }),
      )
      .min(2)
      .max(COMPETITOR_LIMITS.placements),
  })
  .refine((landscape) => landscape.placements.filter((placement) => placement.isIdea).length === 1, "The map places the founders' idea exactly once");
export type Landscape = z.infer<typeof LandscapeSchema>;

export const LandscapeContentSchema = z.strictObject({ kind: z.literal('landscape'), title: singleLineText(MEMORY_LIMITS.title), landscape: LandscapeSchema });
export type LandscapeContent = z.infer<typeof LandscapeContentSchema>;

/** The phase's tools, as they appear in assistant message parts (`tool-<name>`). */
export const COMPETITORS_TOOLS = {
  findCompetitors: 'find_competitors',
  readPage: 'read_page',
  saveCompetitor: 'save_competitor',
  saveLandscape: 'save_landscape',
  proposeResearchRun: 'propose_research_run',
} as const;

export const COMPETITORS_PHASE = {
  number: 3,
  title: 'Research competitors and gaps',
  summary: 'See who already solves the problem and where they fall short.',
  free: false,
  artifacts: [
    { kind: 'competitor', label: 'Competitor', max: COMPETITOR_LIMITS.competitors, builtOn: ['chosen_idea'] },
    { kind: 'landscape', label: 'Gaps and positioning', max: 1, builtOn: ['chosen_idea', 'competitor'] },
  ],
  doneWhenAccepted: 'landscape',
} as const satisfies PhaseDefinition;

const claimLine = (claim: Claim) => `${claim.text} (${claim.source})`;

export const outlineCompetitor = ({ competitor }: CompetitorContent): ArtifactOutline => ({
  sections: [
    { label: 'Kind', text: COMPETITOR_CATEGORY_LABELS[competitor.category] },
    { label: 'Address', text: competitor.url ?? 'none' },
    { label: 'For whom', text: competitor.forWhom },
    {
      label: 'Pricing',
      text:
        competitor.pricing.status === 'found' ? `"${competitor.pricing.quote}" (${competitor.pricing.url}, read ${competitor.pricing.readAt})` : 'not found',
    },
    { label: 'Strengths', items: competitor.strengths.map(claimLine) },
    { label: 'Weaknesses', items: competitor.weaknesses.map(claimLine) },
    { label: 'Last checked', text: competitor.checkedAt ?? 'never' },
  ],
});

export const outlineLandscape = ({ landscape }: LandscapeContent): ArtifactOutline => ({
  sections: [
    ...landscape.gaps.map((gap) => ({
      label: `Gap: ${gap.title}`,
      text: `${gap.description} Concerns: ${gap.competitors.join(', ')}.`,
      items: gap.evidence.map(claimLine),
    })),
    {
      label: 'Axes',
      text: `x: ${landscape.axes.x.label} (${landscape.axes.x.low} to ${landscape.axes.x.high}); y: ${landscape.axes.y.label} (${landscape.axes.y.low} to ${landscape.axes.y.high})`,
    },
    {
      label: 'Positions',
      items: landscape.placements.map((placement) => `${placement.name}${placement.isIdea ? " (the founders' idea)" : ''}: x ${placement.x}, y ${placement.y}`),
    },
  ],
});

/**
 * A competitor's cited evidence: its address, its quoted price, its cited strengths and
 * weaknesses, and what its last checks read (only 'Check again' writes those).
 */
export const citationsOfCompetitor = ({ competitor }: CompetitorContent): Citation[] => [
  ...(competitor.url ? [addressCitation(competitor.url)] : []),
  ...(competitor.pricing.status === 'found'
    ? [
        {
          key: `price\n${competitor.pricing.url}\n${competitor.pricing.readAt}\n${competitor.pricing.quote}`,
          label: `the price “${competitor.pricing.quote.slice(0, 60)}” from ${competitor.pricing.url}`,
        },
      ]
    : []),
  ...claimCitations([...competitor.strengths, ...competitor.weaknesses]),
  ...(competitor.checkedAt ? [{ key: `checked\n${competitor.checkedAt}`, label: 'the date its pages were checked' }] : []),
  ...(competitor.priceLines ?? []).map((line) => ({ key: `page line\n${line}`, label: `the price line “${line.slice(0, 60)}” read from its pages` })),
  ...(competitor.lastCheck ? [{ key: `last check\n${JSON.stringify(competitor.lastCheck)}`, label: 'what its last check found' }] : []),
];

/** The gaps' cited evidence. */
export const citationsOfLandscape = ({ landscape }: LandscapeContent): Citation[] => claimCitations(landscape.gaps.flatMap((gap) => gap.evidence));

// ---------------------------------------------------------------------------------------------
// Research runs (docs/decisions/0041-research-runs.md)

/** What a research run will spend, as proposed to the members. */
export interface ResearchRunPlan {
  queries: string[];
  /** Pages of the competitors found that it reads. */
  pageReads: number;
}

/**
 * A long research run (docs/decisions/0041-research-runs.md): proposed by the co-founder with what it
 * spends, approved by a member, then run step by step by the object, live for every member.
 */
export interface ResearchRunState {
  id: string;
  status: 'proposed' | 'running' | 'done' | 'stopped';
  plan: ResearchRunPlan;
  /** Searches: each phrase at each connected source. */
  searches: number;
  /** Steps done out of all: one per phrase searched, one per page read. */
  step: number;
  steps: number;
  /** What it does now: 'Searching App Store for "…"', 'Reading https://…'. */
  doing: string;
  /** Competitors found so far, and cards made. */
  found: number;
  cards: number;
  approvedBy?: string;
  /** The sources that could not be reached during the run, by label: its end says so. */
  unreachable?: string[];
}

/** Phase 3's slice of the workspace state. */
export interface CompetitorsState {
  /** The project's long research run, proposed, running or just ended; null when there is none. */
  run: ResearchRunState | null;
}

/**
 * A member approves the proposed research run (exactly one approval starts it), or stops it (any
 * member, once it is proposed). Each is answered by a `request_result` whose value is null.
 */
export const RunApproveFrameSchema = z.strictObject({
  type: z.literal('run_approve'),
  requestId: z.string().min(1).max(100),
  runId: z.string().min(1).max(100),
});
export const RunStopFrameSchema = z.strictObject({ type: z.literal('run_stop'), requestId: z.string().min(1).max(100), runId: z.string().min(1).max(100) });

/** A member asks for a competitor's pages to be read again ('Check again'). */
export const CheckAgainFrameSchema = z.strictObject({
  type: z.literal('competitor_check'),
  requestId: z.string().min(1).max(100),
  id: z.string().min(1).max(100),
});

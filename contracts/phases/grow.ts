import { multiLineText, singleLineText } from '../text-fields';
import { z } from '../zod';
import type { ArtifactOutline, PhaseDefinition, ReviewFlag } from './fields';

/**
 * Phase 8, 'Market and grow': the 19 traction channels ranked in the Bullseye way, with an inner
 * ring of three the founders choose; an experiment per inner-ring channel with the threshold that
 * counts as success; a log of results the co-founder judges against that threshold and never
 * beyond it; and a weekly check-in the project opts into. docs/decisions/0055-phase-eight.md.
 */

/** The 19 traction channels (Weinberg and Mares, 'Traction'), in the book's order. */
export const TRACTION_CHANNELS = {
  viral_marketing: 'Viral marketing',
  public_relations: 'Public relations',
  unconventional_pr: 'Unconventional PR',
  search_engine_marketing: 'Search engine marketing',
  social_and_display_ads: 'Social and display ads',
  offline_ads: 'Offline ads',
  search_engine_optimization: 'Search engine optimization',
  content_marketing: 'Content marketing',
  email_marketing: 'Email marketing',
  engineering_as_marketing: 'Engineering as marketing',
  targeting_blogs: 'Targeting blogs',
  business_development: 'Business development',
  sales: 'Sales',
  affiliate_programs: 'Affiliate programs',
  existing_platforms: 'Existing platforms',
  trade_shows: 'Trade shows',
  offline_events: 'Offline events',
  speaking_engagements: 'Speaking engagements',
  community_building: 'Community building',
} as const;
export type TractionChannel = keyof typeof TRACTION_CHANNELS;
const CHANNEL_KEYS = Object.keys(TRACTION_CHANNELS) as [TractionChannel, ...TractionChannel[]];

export const RINGS = ['promising', 'possible', 'long_shot'] as const;
export type Ring = (typeof RINGS)[number];
export const RING_LABELS: Record<Ring, string> = { promising: 'Promising', possible: 'Possible', long_shot: 'Long shot' };
export const INNER_RING_SIZE = 3;

export const GROW_LIMITS = { ideaChars: 300, experiments: INNER_RING_SIZE, results: 50, durationDays: 90, noteChars: 500 } as const;

// ---------------------------------------------------------------------------------------------
// The channels, ranked

export const ChannelIdeaSchema = z.strictObject({
  channel: z.enum(CHANNEL_KEYS),
  idea: multiLineText(GROW_LIMITS.ideaChars).describe('One concrete idea for this channel, fitted to this product'),
  ring: z.enum(RINGS),
});
export type ChannelIdea = z.infer<typeof ChannelIdeaSchema>;

export const ChannelRankingSchema = z
  .strictObject({
    ideas: z.array(ChannelIdeaSchema).length(CHANNEL_KEYS.length, `Give one idea for each of the ${CHANNEL_KEYS.length} traction channels`),
    /** The three channels to test now, chosen by the founders among the promising ones; empty until they choose. */
    innerRing: z.array(z.enum(CHANNEL_KEYS)).max(INNER_RING_SIZE),
  })
  .superRefine((ranking, context) => {
    const seen = new Set<string>();
    ranking.ideas.forEach((idea, index) => {
      if (seen.has(idea.channel))
        context.addIssue({
          code: 'custom',
          path: ['ideas', index, 'channel'],
          message: `${TRACTION_CHANNELS[idea.channel]} has two ideas: give each channel one`,
        });
      seen.add(idea.channel);
    });
    if (new Set(ranking.innerRing).size !== ranking.innerRing.length)
      context.addIssue({ code: 'custom', path: ['innerRing'], message: 'The inner ring names a channel twice' });
    ranking.innerRing.forEach((channel, index) => {
      if (ranking.ideas.find((idea) => idea.channel === channel)?.ring !== 'promising')
        context.addIssue({
          code: 'custom',
          path: ['innerRing', index],
          message: `${TRACTION_CHANNELS[channel]} is not ranked promising: the inner ring holds promising channels`,
        });
    });
  });
export type ChannelRanking = z.infer<typeof ChannelRankingSchema>;

export const ChannelRankingContentSchema = z.strictObject({ kind: z.literal('channel_ranking'), title: singleLineText(120), ranking: ChannelRankingSchema });
export type ChannelRankingContent = z.infer<typeof ChannelRankingContentSchema>;

// ---------------------------------------------------------------------------------------------
// Experiments and their log

export const COMPARISONS = ['at_least', 'at_most'] as const;
export type Comparison = (typeof COMPARISONS)[number];
export const COMPARISON_LABELS: Record<Comparison, string> = { at_least: 'at least', at_most: 'at most' };

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const Day = z.string().refine(isDay, 'A day is written YYYY-MM-DD');

export const ExperimentResultSchema = z.strictObject({
  on: Day,
  /** The metric's value measured: a number, always. */
  value: z.number({ error: 'A result is a number: what the metric measured' }).finite(),
  note: multiLineText(GROW_LIMITS.noteChars).or(z.literal('')),
  by: singleLineText(120),
});
export type ExperimentResult = z.infer<typeof ExperimentResultSchema>;

export const RECOMMENDATIONS = ['focus', 'change', 'drop'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = { focus: 'Focus on it', change: 'Change the approach', drop: 'Drop it' };

export const ExperimentSchema = z.strictObject({
  channel: z.enum(CHANNEL_KEYS),
  hypothesis: multiLineText(400),
  metric: singleLineText(160).describe("What is counted ('sign-ups from the post')"),
  budget: z.number().min(0).max(1_000_000).describe('In the founders’ currency; 0 for none'),
  durationDays: z.number().int().min(1).max(GROW_LIMITS.durationDays),
  startedOn: Day,
  threshold: z.strictObject({ comparison: z.enum(COMPARISONS), value: z.number().finite() }).describe('The result that counts as success'),
  /** A riskiest assumption of phase 5 it puts to the test, word for word, or null. */
  tests: multiLineText(400).nullable(),
  results: z.array(ExperimentResultSchema).max(GROW_LIMITS.results),
  verdict: z
    .strictObject({ recommendation: z.enum(RECOMMENDATIONS), reasoning: multiLineText(600), on: Day })
    .nullable()
    .describe("The co-founder's judgement of the latest result against the threshold"),
});
export type Experiment = z.infer<typeof ExperimentSchema>;

export const ExperimentContentSchema = z.strictObject({ kind: z.literal('experiment'), title: singleLineText(120), experiment: ExperimentSchema });
export type ExperimentContent = z.infer<typeof ExperimentContentSchema>;

/** Whether a measured value reaches the threshold. */
export const meetsThreshold = (value: number, threshold: Experiment['threshold']) =>
  threshold.comparison === 'at_least' ? value >= threshold.value : value <= threshold.value;

/** The latest result logged, or null. */
export const latestResult = (experiment: Pick<Experiment, 'results'>): ExperimentResult | null => experiment.results.at(-1) ?? null;

/** The day an experiment ends (YYYY-MM-DD). */
export function experimentEnds(experiment: Pick<Experiment, 'startedOn' | 'durationDays'>): string {
  const day = new Date(`${experiment.startedOn}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + experiment.durationDays);
  return day.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Contradictions across phases

interface FlaggableEntry {
  id: string;
  kind: string;
  title: string;
  acceptedAt?: number;
}

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []);

/**
 * The contradictions between phase 8's experiments and earlier artifacts, as flags on both:
 * - a channel of the Lean Canvas's channels box that no experiment tests (no experiment's channel,
 *   hypothesis or metric shares a word of four letters or more with it);
 * - an experiment whose latest result misses its threshold while the riskiest assumption it tests
 *   is accepted.
 */
export function growthContradictions(
  memory: readonly (FlaggableEntry & { canvas?: { channels: { text: string } }; experiment?: Experiment; risks?: { assumption: string }[] })[],
): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  const experiments = memory.filter((entry) => entry.kind === 'experiment' && entry.experiment);
  const canvas = memory.find((entry) => entry.kind === 'lean_canvas' && entry.canvas);
  if (canvas && experiments.length > 0) {
    const tested = new Set(
      experiments.flatMap((entry) => [
        ...words(TRACTION_CHANNELS[entry.experiment!.channel]),
        ...words(entry.experiment!.hypothesis),
        ...words(entry.experiment!.metric),
      ]),
    );
    const channels = canvas
      .canvas!.channels.text.split(/[,;\n]|\band\b/)
      .map((part) => part.trim().replace(/\.$/, ''))
      .filter((part) => words(part).size > 0);
    for (const channel of channels) {
      if ([...words(channel)].some((word) => tested.has(word))) continue;
      const text = `No experiment tests the channel “${channel}” of the Lean Canvas.`;
      flags.push({ entryId: canvas.id, text });
      for (const experiment of experiments) flags.push({ entryId: experiment.id, text });
    }
  }
  const risks = memory.find((entry) => entry.kind === 'riskiest_assumptions' && entry.acceptedAt !== undefined && entry.risks);
  for (const entry of experiments) {
    const { tests } = entry.experiment!;
    const latest = latestResult(entry.experiment!);
    if (!risks || !tests || !latest || meetsThreshold(latest.value, entry.experiment!.threshold)) continue;
    const assumption = risks.risks!.find((risk) => risk.assumption.trim().toLowerCase() === tests.trim().toLowerCase());
    if (!assumption) continue;
    const text = `“${entry.title}” measured ${latest.value}, short of its threshold, against the accepted assumption “${assumption.assumption}”.`;
    flags.push({ entryId: entry.id, text }, { entryId: risks.id, text });
  }
  return flags;
}

// ---------------------------------------------------------------------------------------------
// The weekly check-in

/** Phase 8's slice of the workspace state. */
export interface GrowState {
  checkIn: {
    /** The project opted in: the co-founder posts a summary once a week. */
    enabled: boolean;
    /** Members who asked for the summary by e-mail. */
    emailUserIds: string[];
    /** When the next one is due (Unix milliseconds), null when off. */
    nextAt: number | null;
    /** The week of the last one posted ('2026-W48'), null before the first. */
    lastWeek: string | null;
    /** The last one's message in the conversation and when it was posted (Unix milliseconds); null before the first. */
    lastMessageId: string | null;
    lastAt: number | null;
  };
}

/** The Monday (UTC) that starts the ISO week after the one of `instant`, as 'YYYY-MM-DD': when the next check-in can be posted. */
export function nextIsoWeekStart(instant: number): string {
  const day = new Date(instant);
  const weekday = day.getUTCDay() || 7;
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 8 - weekday)).toISOString().slice(0, 10);
}

/** The ISO week of an instant ('2026-W48'): a check-in is posted once per such week. */
export function isoWeek(instant: number): string {
  const day = new Date(instant);
  const date = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// What members send

const requestId = z.string().min(1).max(100);

export const INNER_RING_FRAME = 'grow_inner_ring';
export const RESULT_FRAME = 'grow_result';
export const CHECK_IN_FRAME = 'grow_check_in';
export const CHECK_IN_NOW_FRAME = 'grow_check_in_now';

/** The founders choose the inner ring: up to three promising channels. */
export const InnerRingFrameSchema = z.strictObject({
  type: z.literal(INNER_RING_FRAME),
  requestId,
  channels: z.array(z.enum(CHANNEL_KEYS)).max(INNER_RING_SIZE),
});
export type InnerRingFrame = z.infer<typeof InnerRingFrameSchema>;

/** A member logs a result of an experiment (its memory entry). */
export const ResultFrameSchema = z.strictObject({
  type: z.literal(RESULT_FRAME),
  requestId,
  id: z.string().min(1).max(100),
  value: z.number({ error: 'A result is a number: what the metric measured' }).finite(),
  note: z.string().max(GROW_LIMITS.noteChars),
});
export type ResultFrame = z.infer<typeof ResultFrameSchema>;

/** A member turns the project's weekly check-in on or off, and asks for it by e-mail or not. */
export const CheckInFrameSchema = z.strictObject({ type: z.literal(CHECK_IN_FRAME), requestId, enabled: z.boolean(), email: z.boolean() });
export type CheckInFrame = z.infer<typeof CheckInFrameSchema>;

/** The project's owner posts this week's check-in now, once per ISO week at most. */
export const CheckInNowFrameSchema = z.strictObject({ type: z.literal(CHECK_IN_NOW_FRAME), requestId });
export type CheckInNowFrame = z.infer<typeof CheckInNowFrameSchema>;

// ---------------------------------------------------------------------------------------------

/** The phase's tools, as they appear in assistant message parts (`tool-<name>`). */
export const GROW_TOOLS = {
  saveChannelRanking: 'save_channel_ranking',
  saveExperiment: 'save_experiment',
  judgeExperiment: 'judge_experiment',
} as const;

export const GROW_PHASE = {
  number: 8,
  title: 'Market and grow',
  summary: 'Find what brings users in, and what keeps them coming back.',
  free: false,
  artifacts: [
    { kind: 'channel_ranking', label: 'Channels ranked', max: 1, builtOn: ['persona', 'lean_canvas', 'launch_plan'] },
    { kind: 'experiment', label: 'Experiment', max: GROW_LIMITS.experiments, builtOn: ['channel_ranking', 'riskiest_assumptions'] },
  ],
  doneWhenAccepted: 'channel_ranking',
} as const satisfies PhaseDefinition;

export const outlineChannelRanking = ({ ranking }: ChannelRankingContent): ArtifactOutline => ({
  sections: [
    {
      label: 'Inner ring',
      items: ranking.innerRing.length ? ranking.innerRing.map((channel) => TRACTION_CHANNELS[channel]) : ['Not chosen yet'],
    },
    ...RINGS.map((ring) => ({
      label: RING_LABELS[ring],
      items: ranking.ideas.filter((idea) => idea.ring === ring).map((idea) => `${TRACTION_CHANNELS[idea.channel]}: ${idea.idea}`),
    })),
  ],
});

export const outlineExperiment = ({ experiment }: ExperimentContent): ArtifactOutline => ({
  sections: [
    { label: 'Channel', text: TRACTION_CHANNELS[experiment.channel] },
    { label: 'Hypothesis', text: experiment.hypothesis },
    {
      label: 'Measure',
      text: `${experiment.metric}: success is ${COMPARISON_LABELS[experiment.threshold.comparison]} ${experiment.threshold.value}, from ${experiment.startedOn} for ${experiment.durationDays} days, budget ${experiment.budget}`,
    },
    ...(experiment.tests ? [{ label: 'Tests the assumption', text: experiment.tests }] : []),
    { label: 'Results', items: experiment.results.map((result) => `${result.on}: ${result.value}${result.note ? ` (${result.note})` : ''}, by ${result.by}`) },
    ...(experiment.verdict ? [{ label: 'Verdict', text: `${RECOMMENDATION_LABELS[experiment.verdict.recommendation]}: ${experiment.verdict.reasoning}` }] : []),
  ],
});

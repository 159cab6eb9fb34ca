import { multiLineText, singleLineText } from '../text-fields';
import { z } from '../zod';
import { quoted, type ArtifactOutline, type PhaseDefinition, type ReviewFlag } from './fields';

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

/**
 * The Bullseye's rings, from the centre out. Each channel is in exactly one: the inner ring holds
 * the (up to three) channels the founders chose to test now, among those ranked promising; the
 * co-founder ranks the others (RANKED_RINGS) and never sets the inner ring.
 */
export const RINGS = ['inner', 'promising', 'possible', 'long_shot'] as const;
export type Ring = (typeof RINGS)[number];
export const RING_LABELS: Record<Ring, string> = { inner: 'Inner ring', promising: 'Promising', possible: 'Possible', long_shot: 'Long shot' };
export const RANKED_RINGS = ['promising', 'possible', 'long_shot'] as const;
export type RankedRing = (typeof RANKED_RINGS)[number];
export const INNER_RING_SIZE = 3;

export const GROW_LIMITS = { ideaChars: 300, experiments: INNER_RING_SIZE, results: 50, durationDays: 90, noteChars: 500, metricChars: 160 } as const;

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
    /** One idea per channel, each in one ring; the inner ring is the ideas whose ring is 'inner'. */
    ideas: z.array(ChannelIdeaSchema).length(CHANNEL_KEYS.length, `Give one idea for each of the ${CHANNEL_KEYS.length} traction channels`),
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
    const inner = ranking.ideas.filter((idea) => idea.ring === 'inner');
    if (inner.length > INNER_RING_SIZE)
      context.addIssue({
        code: 'custom',
        path: ['ideas', ranking.ideas.indexOf(inner[INNER_RING_SIZE]!), 'ring'],
        message: `The inner ring holds at most ${INNER_RING_SIZE} channels: ${inner.map((idea) => TRACTION_CHANNELS[idea.channel]).join(', ')} are in it`,
      });
  });
export type ChannelRanking = z.infer<typeof ChannelRankingSchema>;

/** The channels of the inner ring, in the book's order of the ranking. */
export const innerRingOf = (ranking: Pick<ChannelRanking, 'ideas'>): TractionChannel[] =>
  ranking.ideas.filter((idea) => idea.ring === 'inner').map((idea) => idea.channel);

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

/**
 * What an experiment puts to the test, chosen from a list, never typed: one of phase 5's riskiest
 * assumptions (by its number in the memory's list) or an artifact of the memory (by its id).
 * The label is how it was named when chosen, for readers of the artifact alone (the export); the
 * link is what the flags follow. 'unlinked' keeps the words of an experiment saved before tests
 * were chosen, as written, until a member chooses what it tests
 * (docs/decisions/0066-experiments-link-what-they-test.md).
 */
const testLabelText = multiLineText(600).describe("How it was named when chosen: 'Assumption 2: …', 'Lean Canvas: …'");
export const TestedSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('assumption'), number: z.number().int().min(1).max(3), label: testLabelText }),
  z.strictObject({ kind: z.literal('artifact'), id: z.string().min(1).max(100), label: testLabelText }),
  z.strictObject({ kind: z.literal('unlinked'), text: multiLineText(400) }),
]);
export type Tested = z.infer<typeof TestedSchema>;

/** The result that counts as success: what is counted, at least or at most how many, by which day. */
export const ThresholdSchema = z.strictObject({
  metric: singleLineText(GROW_LIMITS.metricChars).describe("What is counted ('sign-ups from the post')"),
  comparison: z.enum(COMPARISONS),
  value: z.number({ error: 'A threshold is a number' }).finite(),
  by: Day.describe('The day by which the threshold must be met (YYYY-MM-DD)'),
});
export type Threshold = z.infer<typeof ThresholdSchema>;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** An experiment's fields, before the rule between its start and its threshold's day (ExperimentSchema). */
export const ExperimentFieldsSchema = z.strictObject({
  channel: z.enum(CHANNEL_KEYS),
  hypothesis: multiLineText(400),
  budget: z.number().min(0).max(1_000_000).describe('In the founders’ currency; 0 for none'),
  startedOn: Day,
  threshold: ThresholdSchema.describe('The result that counts as success'),
  /** What it puts to the test, chosen; null when nothing is named. */
  tests: TestedSchema.nullable(),
  results: z.array(ExperimentResultSchema).max(GROW_LIMITS.results),
  verdict: z
    .strictObject({ recommendation: z.enum(RECOMMENDATIONS), reasoning: multiLineText(600), on: Day })
    .nullable()
    .describe("The co-founder's judgement of the latest result against the threshold"),
});

export const ExperimentSchema = ExperimentFieldsSchema.superRefine((experiment, context) => {
  if (!isDay(experiment.startedOn) || !isDay(experiment.threshold.by)) return;
  const days = daysBetween(experiment.startedOn, experiment.threshold.by);
  if (days < 1 || days > GROW_LIMITS.durationDays)
    context.addIssue({
      code: 'custom',
      path: ['threshold', 'by'],
      message: `The threshold's day comes 1 to ${GROW_LIMITS.durationDays} days after the start (${experiment.startedOn})`,
    });
});
export type Experiment = z.infer<typeof ExperimentSchema>;

export const ExperimentContentSchema = z.strictObject({ kind: z.literal('experiment'), title: singleLineText(120), experiment: ExperimentSchema });
export type ExperimentContent = z.infer<typeof ExperimentContentSchema>;

/** Whether a measured value reaches the threshold. */
export const meetsThreshold = (value: number, threshold: Pick<Threshold, 'comparison' | 'value'>) =>
  threshold.comparison === 'at_least' ? value >= threshold.value : value <= threshold.value;

/** The threshold in words: 'at least 10 sign-ups from the post by 2026-12-14'. */
export const thresholdText = (threshold: Threshold) => `${COMPARISON_LABELS[threshold.comparison]} ${threshold.value} ${threshold.metric} by ${threshold.by}`;

/** The latest result logged, or null. */
export const latestResult = (experiment: Pick<Experiment, 'results'>): ExperimentResult | null => experiment.results.at(-1) ?? null;

/** The day an experiment ends (YYYY-MM-DD): the day its threshold is due. */
export const experimentEnds = (experiment: Pick<Experiment, 'threshold'>): string => experiment.threshold.by;

/** How many days an experiment runs, from its start to its threshold's day. */
export const experimentDays = (experiment: Pick<Experiment, 'startedOn' | 'threshold'>) => daysBetween(experiment.startedOn, experiment.threshold.by);

/** The day `days` after `day` (YYYY-MM-DD). */
export function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// What an experiment tests, as the memory holds it

/** Phase 8's own kinds: an experiment tests what earlier phases left, never these. */
const GROW_KINDS = new Set(['channel_ranking', 'experiment']);

interface TestableEntry {
  id: string;
  kind: string;
  title: string;
  risks?: { assumption: string }[];
}

/** What an experiment may test, as the editor and the tool offer it: each assumption of phase 5, then every other earlier artifact. */
export interface TestChoice {
  tested: Extract<Tested, { kind: 'assumption' | 'artifact' }>;
  /** How it is named: 'Assumption 2: Commuters pay for a 15-minute fix', 'Lean Canvas: Bike repairs'. */
  label: string;
}

/**
 * Everything in the memory an experiment may put to the test: the riskiest assumptions of phase 5
 * one by one, and each artifact of phases 1 to 7 (not the riskiest assumptions as a whole, which
 * are offered one by one). `labelOf` names an artifact kind ('Lean Canvas').
 */
export function testChoices(memory: readonly TestableEntry[], labelOf: (kind: string) => string | undefined): TestChoice[] {
  const risks = memory.find((entry) => entry.kind === 'riskiest_assumptions')?.risks ?? [];
  const assumptions = risks.map((risk, index) => {
    const label = `Assumption ${index + 1}: ${risk.assumption}`.slice(0, 600);
    return { tested: { kind: 'assumption' as const, number: index + 1, label }, label };
  });
  const artifacts = memory.flatMap((entry) => {
    const kindLabel = entry.kind === 'riskiest_assumptions' || GROW_KINDS.has(entry.kind) ? undefined : labelOf(entry.kind);
    const label = `${kindLabel}: ${entry.title}`;
    return kindLabel ? [{ tested: { kind: 'artifact' as const, id: entry.id, label }, label }] : [];
  });
  return [...assumptions, ...artifacts];
}

/** What a test names, as the memory holds it now: the assumption's words or the artifact, with the entry it lives in; null when the memory no longer holds it. */
export function testedIn(
  memory: readonly TestableEntry[],
  tested: Tested,
): { entry: TestableEntry; words: string; what: 'the assumption' | 'the artifact' } | { unlinked: string } | null {
  if (tested.kind === 'unlinked') return { unlinked: tested.text };
  if (tested.kind === 'assumption') {
    const entry = memory.find((candidate) => candidate.kind === 'riskiest_assumptions');
    const risk = entry?.risks?.[tested.number - 1];
    return entry && risk ? { entry, words: risk.assumption, what: 'the assumption' } : null;
  }
  const entry = memory.find((candidate) => candidate.id === tested.id);
  return entry ? { entry, words: entry.title, what: 'the artifact' } : null;
}

/** Whether two tests name the same assumption or artifact (their labels aside). */
export const sameTest = (a: Tested, b: Tested) =>
  a.kind === 'assumption' ? b.kind === 'assumption' && a.number === b.number : a.kind === 'artifact' ? b.kind === 'artifact' && a.id === b.id : false;

/** The sentence refusing a test the memory does not hold, or null when it holds it (an unlinked one is kept as written). */
export function testProblem(memory: readonly TestableEntry[], tested: Tested | null, labelOf: (kind: string) => string | undefined): string | null {
  if (tested === null || tested.kind === 'unlinked') return null;
  const choices = testChoices(memory, labelOf);
  if (choices.some((choice) => sameTest(choice.tested, tested))) return null;
  const what = tested.kind === 'assumption' ? `Assumption ${tested.number}` : `The artifact ${tested.id}`;
  return choices.length > 0
    ? `${what} is not in the memory: an experiment tests one of ${choices.map((choice) => quoted(choice.label)).join(', ')}, or nothing.`
    : `${what} is not in the memory, which holds nothing an experiment can test yet: test nothing.`;
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

/** How an experiment fell short of its threshold: a result that misses it, or its day passed with no result. */
function shortfall(experiment: Experiment, today: string): { missed: ExperimentResult } | { overdue: true } | null {
  const latest = latestResult(experiment);
  if (latest) return meetsThreshold(latest.value, experiment.threshold) ? null : { missed: latest };
  return experiment.threshold.by < today ? { overdue: true } : null;
}

/**
 * The contradictions between phase 8's experiments and earlier artifacts, as review flags:
 * - a channel of the Lean Canvas's channels box that no experiment tests (no experiment's channel,
 *   hypothesis or metric shares a word of four letters or more with it), on the canvas and the
 *   experiments;
 * - an experiment whose latest result misses its threshold, or whose threshold's day passed with no
 *   result: on the experiment, on what it tests (the riskiest assumptions or the artifact it names)
 *   and on each artifact built on that one (as stale flags are), whoever wrote any of them.
 * `today` is YYYY-MM-DD (UTC). `builtOnOf` gives the kinds an artifact kind is built on.
 */
export function growthContradictions(
  memory: readonly (FlaggableEntry & { canvas?: { channels: { text: string } }; experiment?: Experiment; risks?: { assumption: string }[] })[],
  today: string,
  builtOnOf: (kind: string) => readonly string[],
): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  const experiments = memory.filter((entry) => entry.kind === 'experiment' && entry.experiment);
  const canvas = memory.find((entry) => entry.kind === 'lean_canvas' && entry.canvas);
  if (canvas && experiments.length > 0) {
    const tested = new Set(
      experiments.flatMap((entry) => [
        ...words(TRACTION_CHANNELS[entry.experiment!.channel]),
        ...words(entry.experiment!.hypothesis),
        ...words(entry.experiment!.threshold.metric),
      ]),
    );
    const channels = canvas
      .canvas!.channels.text.split(/[,;\n]|\band\b/)
      .map((part) => part.trim().replace(/\.$/, ''))
      .filter((part) => words(part).size > 0);
    for (const channel of channels) {
      if ([...words(channel)].some((word) => tested.has(word))) continue;
      const text = `No experiment tests the channel ${quoted(channel)} of the Lean Canvas.`;
      flags.push({ entryId: canvas.id, text });
      for (const experiment of experiments) flags.push({ entryId: experiment.id, text });
    }
  }
  for (const entry of experiments) {
    const experiment = entry.experiment!;
    const short = shortfall(experiment, today);
    if (!short) continue;
    const { threshold } = experiment;
    const how = COMPARISON_LABELS[threshold.comparison];
    const measured =
      'missed' in short
        ? `measured ${short.missed.value} ${threshold.metric} on ${short.missed.on}, short of its threshold of ${how} ${threshold.value} by ${threshold.by}`
        : `has no result logged, and its threshold of ${how} ${threshold.value} ${threshold.metric} was due by ${threshold.by}`;
    const target = experiment.tests ? testedIn(memory, experiment.tests) : null;
    const linked = target && 'entry' in target ? target : null;
    const verdict = 'missed' in short ? 'contradicts' : 'leaves unproven';
    flags.push({
      entryId: entry.id,
      text: `${quoted(entry.title)} ${measured}.${linked ? ` It ${verdict} ${linked.what} it tests, ${quoted(linked.words)}.` : ''}`,
    });
    if (!linked) continue;
    flags.push({ entryId: linked.entry.id, text: `The experiment ${quoted(entry.title)} ${verdict} ${linked.what} ${quoted(linked.words)}: it ${measured}.` });
    for (const dependent of memory) {
      if (dependent.id === linked.entry.id || dependent.kind === 'experiment' || !builtOnOf(dependent.kind).includes(linked.entry.kind)) continue;
      flags.push({
        entryId: dependent.id,
        text: `It rests on ${quoted(linked.entry.title)}, whose ${linked.what === 'the assumption' ? `assumption ${quoted(linked.words)}` : 'claims'} the experiment ${quoted(entry.title)} ${verdict}: it ${measured}.`,
      });
    }
  }
  return flags;
}

// ---------------------------------------------------------------------------------------------
// Stored before these shapes (docs/decisions/0066-experiments-link-what-they-test.md)

type Stored = Record<string, unknown>;

/**
 * A ranking stored with its inner ring as a list beside the rings (each inner channel was also
 * 'promising'): its inner channels move to the inner ring, so each channel is in one ring.
 */
export function upgradeRanking(entry: Stored): Stored | null {
  const ranking = entry.ranking as { ideas: ChannelIdea[]; innerRing?: string[] } | undefined;
  if (!ranking || !Array.isArray(ranking.innerRing)) return null;
  const inner = new Set(ranking.innerRing);
  return { ...entry, ranking: { ideas: ranking.ideas.map((idea) => (inner.has(idea.channel) ? { ...idea, ring: 'inner' } : idea)) } };
}

interface StoredExperiment {
  metric?: string;
  durationDays?: number;
  startedOn: string;
  threshold: { comparison: Comparison; value: number; metric?: string; by?: string };
  tests: unknown;
}

/**
 * An experiment stored with its metric and duration beside a threshold of a comparison and a
 * number, and the assumption it tests typed out: the threshold takes the metric and the day the
 * experiment ended (its start plus its duration); the words become a link to the riskiest
 * assumption they name (spaces and case aside), or are kept as written, unlinked, for a member to
 * choose what it tests.
 */
export function upgradeExperiment(entry: Stored, memory: readonly Stored[]): Stored | null {
  const stored = entry.experiment as StoredExperiment | undefined;
  if (!stored || (stored.metric === undefined && typeof stored.tests !== 'string')) return null;
  const { metric, durationDays, ...rest } = stored;
  const threshold =
    metric === undefined
      ? stored.threshold
      : { metric, comparison: stored.threshold.comparison, value: stored.threshold.value, by: dayAfter(stored.startedOn, durationDays ?? 1) };
  let tests = stored.tests;
  if (typeof tests === 'string') {
    const risks = (memory.find((candidate) => candidate.kind === 'riskiest_assumptions')?.risks ?? []) as { assumption: string }[];
    const same = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
    const number = risks.findIndex((risk) => same(risk.assumption) === same(tests as string)) + 1;
    tests =
      number > 0
        ? { kind: 'assumption', number, label: `Assumption ${number}: ${risks[number - 1]!.assumption}`.slice(0, 600) }
        : { kind: 'unlinked', text: tests };
  }
  return { ...entry, experiment: { ...rest, threshold, tests } };
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
  sections: RINGS.map((ring) => {
    const ideas = ranking.ideas.filter((idea) => idea.ring === ring).map((idea) => `${TRACTION_CHANNELS[idea.channel]}: ${idea.idea}`);
    return { label: RING_LABELS[ring], items: ring === 'inner' && ideas.length === 0 ? ['Not chosen yet'] : ideas };
  }),
});

export const outlineExperiment = ({ experiment }: ExperimentContent): ArtifactOutline => ({
  sections: [
    { label: 'Channel', text: TRACTION_CHANNELS[experiment.channel] },
    { label: 'Hypothesis', text: experiment.hypothesis },
    {
      label: 'Success',
      text: `${thresholdText(experiment.threshold)}, from ${experiment.startedOn}, budget ${experiment.budget}`,
    },
    ...(experiment.tests ? [{ label: 'Tests', text: testLabel(experiment.tests) }] : []),
    { label: 'Results', items: experiment.results.map((result) => `${result.on}: ${result.value}${result.note ? ` (${result.note})` : ''}, by ${result.by}`) },
    ...(experiment.verdict ? [{ label: 'Verdict', text: `${RECOMMENDATION_LABELS[experiment.verdict.recommendation]}: ${experiment.verdict.reasoning}` }] : []),
  ],
});

/** What an experiment tests, as its outline names it: as named when chosen, or as written before tests were chosen. */
const testLabel = (tested: Tested) => (tested.kind === 'unlinked' ? `${tested.text} (as written, not linked: choose what it tests)` : tested.label);

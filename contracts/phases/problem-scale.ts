import { z } from '../zod';
import { multiLineText, singleLineText } from '../text-fields';
import { isWebAddress } from '../discussions';
import { ResearchPageInputSchema } from '../research';
import {
  addressCitation,
  ASSUMPTION,
  CONFIDENCE_LEVELS,
  EvidenceLinkSchema,
  MEMORY_LIMITS,
  type ArtifactOutline,
  type Citation,
  type PhaseDefinition,
} from './fields';

/**
 * Phase 2, "Estimate the problem's scale and impact": its artifact is the problem-scale estimate
 * (docs/decisions/0036-problem-scale-estimate.md). Each sizing is a chain of steps whose
 * arithmetic the product does, not the model: the first step starts the count and each next one
 * multiplies, divides, adds or subtracts, so the result shown is always what its inputs give.
 */
export const ESTIMATE_OPERATIONS = ['start', 'multiply', 'divide', 'add', 'subtract'] as const;
export type EstimateOperation = (typeof ESTIMATE_OPERATIONS)[number];
export const ESTIMATE_LIMITS = { steps: 8, segments: 6, evidence: 20, value: 1e13 } as const;

export const EstimateStepSchema = z.strictObject({
  operation: z.enum(ESTIMATE_OPERATIONS).describe("'start' for the first step only; then how this value combines with the running total"),
  value: z.number().finite().min(0).max(ESTIMATE_LIMITS.value).describe('A plain number: 0.3 for 30%, 12000 for 12k'),
  label: singleLineText(160).describe('What the number is, e.g. "independent dental clinics in the US" or "share that book by phone"'),
  source: singleLineText(300).describe(`Where the number comes from: the URL of a discussion or page you were given, or the word '${ASSUMPTION}'`),
});
export type EstimateStep = z.infer<typeof EstimateStepSchema>;

export const SizingSchema = z
  .strictObject({
    steps: z.array(EstimateStepSchema).min(1).max(ESTIMATE_LIMITS.steps),
    unit: singleLineText(60).describe('What the result counts, e.g. "clinics", "people" or "USD per year"'),
  })
  .superRefine((sizing, ctx) => {
    sizing.steps.forEach((step, index) => {
      if ((index === 0) !== (step.operation === 'start')) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', index, 'operation'],
          message: index === 0 ? 'The first step starts the count' : "Only the first step is 'start'",
        });
      }
      if (step.operation === 'divide' && step.value === 0)
        ctx.addIssue({ code: 'custom', path: ['steps', index, 'value'], message: 'A step cannot divide by zero' });
    });
  });
export type Sizing = z.infer<typeof SizingSchema>;

/** The running total after each step of a sizing; the last one is its result. */
export function runningTotals(sizing: Sizing): number[] {
  const totals: number[] = [];
  for (const step of sizing.steps) {
    const before = totals.at(-1) ?? 0;
    const next =
      step.operation === 'start'
        ? step.value
        : step.operation === 'multiply'
          ? before * step.value
          : step.operation === 'divide'
            ? before / step.value
            : step.operation === 'add'
              ? before + step.value
              : before - step.value;
    totals.push(next);
  }
  return totals;
}

export const ScaleEstimateSchema = z.strictObject({
  segments: z.array(singleLineText(300)).min(1).max(ESTIMATE_LIMITS.segments).describe('Who has the problem, as distinct groups'),
  topDown: SizingSchema.describe('From a whole population down to those who have the problem'),
  bottomUp: SizingSchema.describe('From what one reachable customer or channel gives, up'),
  money: SizingSchema.optional().describe(
    'Optional: the money at stake, computed the same way: what the problem costs the people who have it, or the revenue a solution could earn, with a currency and period as its unit (e.g. "USD per year")',
  ),
  frequency: multiLineText(MEMORY_LIMITS.field).describe('How often the problem happens to them'),
  pain: multiLineText(MEMORY_LIMITS.field).describe('What it costs them in time or money, with numbers where known'),
  currentAlternatives: multiLineText(MEMORY_LIMITS.field).describe('What they use or do about it today'),
  confidence: z.enum(CONFIDENCE_LEVELS),
  confidenceReasons: multiLineText(MEMORY_LIMITS.field).describe('Why that confidence: what the evidence shows and what it lacks'),
  evidence: z.array(EvidenceLinkSchema).max(ESTIMATE_LIMITS.evidence).describe('The discussions that back the estimate, from your search results only'),
});
export type ScaleEstimate = z.infer<typeof ScaleEstimateSchema>;

export const ScaleEstimateContentSchema = z.strictObject({
  kind: z.literal('scale_estimate'),
  title: singleLineText(MEMORY_LIMITS.title),
  estimate: ScaleEstimateSchema,
});
export type ScaleEstimateContent = z.infer<typeof ScaleEstimateContentSchema>;

/** The phase's tools, as they appear in assistant message parts (`tool-<name>`). */
export const PROBLEM_SCALE_TOOLS = {
  searchDiscussions: 'search_discussions',
  saveScaleEstimate: 'save_scale_estimate',
  draftResearchPage: 'draft_research_page',
  readResearchResponses: 'read_research_responses',
} as const;

export const PROBLEM_SCALE_PHASE = {
  number: 2,
  title: "Estimate the problem's scale and impact",
  summary: 'Size the problem with real-world data: who has it, how often, and what it costs them.',
  free: true,
  artifacts: [{ kind: 'scale_estimate', label: 'Scale estimate', max: 1, builtOn: ['chosen_idea'] }],
  doneWhenAccepted: 'scale_estimate',
} as const satisfies PhaseDefinition;

const formatNumber = (value: number) => (Number.isFinite(value) ? Number(value.toPrecision(3)).toLocaleString('en') : String(value));

/** A sizing as one line: each step with its source, then the product's result. */
export function sizingLine(sizing: Sizing): string {
  const totals = runningTotals(sizing);
  const steps = sizing.steps.map((step) => `${step.operation} ${step.value} (${step.label}; ${step.source})`).join(', ');
  return `${steps} = ${formatNumber(totals.at(-1) ?? 0)} ${sizing.unit}`;
}

/**
 * What the estimate rests on when no source backs it: no evidence, or every step an assumption.
 * Null when some of it is sourced. Accepting such an estimate asks first, and the screen and the
 * export say after that it was accepted on assumptions.
 */
export function assumptionsOnly(estimate: ScaleEstimate): string | null {
  const steps = [...estimate.topDown.steps, ...estimate.bottomUp.steps, ...(estimate.money?.steps ?? [])];
  const sourced = steps.filter((step) => isWebAddress(step.source)).length;
  if (estimate.evidence.length === 0 && sourced === 0) return 'No discussion backs this estimate and every number in it is an assumption.';
  if (estimate.evidence.length === 0) return 'No discussion backs this estimate.';
  if (sourced === 0) return 'Every number in this estimate is an assumption.';
  return null;
}

const withAssumptionsOnly = (sentence: string | null) => (sentence ? { assumptionsOnly: sentence } : {});

export const outlineScaleEstimate = ({ estimate }: ScaleEstimateContent): ArtifactOutline => ({
  ...withAssumptionsOnly(assumptionsOnly(estimate)),
  sections: [
    { label: 'Segments', items: estimate.segments },
    { label: 'Top-down', text: sizingLine(estimate.topDown) },
    { label: 'Bottom-up', text: sizingLine(estimate.bottomUp) },
    ...(estimate.money ? [{ label: 'Money at stake', text: sizingLine(estimate.money) }] : []),
    { label: 'Frequency', text: estimate.frequency },
    { label: 'Pain', text: estimate.pain },
    { label: 'Used today', text: estimate.currentAlternatives },
    { label: 'Confidence', text: `${estimate.confidence} (${estimate.confidenceReasons})` },
    { label: 'Evidence', links: estimate.evidence.map(({ title, url }) => ({ title, url })) },
  ],
});

/** Its cited evidence: the discussions, and the steps whose source is an address. A step's source in words ('assumption', a report's name) is the founders' own. */
export const citationsOfScaleEstimate = ({ estimate }: ScaleEstimateContent): Citation[] => {
  const steps = [estimate.topDown, estimate.bottomUp, ...(estimate.money ? [estimate.money] : [])].flatMap((sizing) => sizing.steps);
  return [...estimate.evidence.map((link) => link.url), ...steps.map((step) => step.source).filter(isWebAddress)].map(addressCitation);
};

/**
 * A research page the co-founder drafts from the riskiest assumptions in the memory. The app
 * shows it with 'Create this research page', which opens the usual editor pre-filled: nothing is
 * created until a member saves it there.
 */
export const RESEARCH_DRAFT_LIMITS = { questions: 12, assumptions: 5 } as const;
export const ResearchDraftSchema = ResearchPageInputSchema.extend({
  questions: ResearchPageInputSchema.shape.questions.max(RESEARCH_DRAFT_LIMITS.questions, `A draft has at most ${RESEARCH_DRAFT_LIMITS.questions} questions`),
  testsAssumptions: z
    .array(singleLineText(300))
    .min(1)
    .max(RESEARCH_DRAFT_LIMITS.assumptions)
    .describe('The riskiest assumptions from the project memory that these questions test'),
});
export type ResearchDraft = z.infer<typeof ResearchDraftSchema>;

import { multiLineText, singleLineText } from '../text-fields';
import { z } from '../zod';
import { ASSUMPTION, type ArtifactOutline, type PhaseDefinition } from './fields';

/**
 * Phase 5, 'Shape the solution': a value map answering the personas' pains and gains, a Lean
 * Canvas whose every box says where it came from, the three riskiest assumptions with the cheapest
 * test of each, and a pitch in the Shape Up form held to its appetite.
 * docs/decisions/0053-phases-five-and-six.md.
 */

export const SOLUTION_LIMITS = {
  /** Products and services, pain relievers, gain creators. */
  items: 8,
  itemChars: 300,
  /** A Lean Canvas box is short: it is read at a glance in its grid. */
  boxChars: 300,
  sourceChars: 160,
  assumptions: 3,
  lines: 6,
  lineChars: 300,
} as const;

// ---------------------------------------------------------------------------------------------
// The value map

/**
 * What a pain reliever or gain creator answers: a pain (or gain) of a phase 4 persona, named by
 * the persona's name and the pain's words as the persona states them. Null when it answers
 * nothing, which the map flags.
 */
export const AnswersSchema = z.strictObject({
  persona: singleLineText(120).describe("The persona's name, as in the memory"),
  text: multiLineText(400).describe("The pain or gain, word for word as the persona's card states it"),
});
export type Answers = z.infer<typeof AnswersSchema>;

export const FitSchema = z.strictObject({
  text: multiLineText(SOLUTION_LIMITS.itemChars),
  answers: AnswersSchema.nullable(),
});
export type Fit = z.infer<typeof FitSchema>;

export const ValueMapSchema = z.strictObject({
  products: z.array(multiLineText(SOLUTION_LIMITS.itemChars)).min(1).max(SOLUTION_LIMITS.items).describe('The products and services, in a few words each'),
  relievers: z.array(FitSchema).min(1).max(SOLUTION_LIMITS.items).describe('How it relieves a pain; each names the persona pain it answers'),
  creators: z.array(FitSchema).max(SOLUTION_LIMITS.items).describe('How it creates a gain; each names the persona gain it answers'),
});
export type ValueMap = z.infer<typeof ValueMapSchema>;

export const ValueMapContentSchema = z.strictObject({ kind: z.literal('value_map'), title: singleLineText(120), valueMap: ValueMapSchema });
export type ValueMapContent = z.infer<typeof ValueMapContentSchema>;

/** A persona's pains and gains as the value map reads them. */
export interface PersonaNeeds {
  name: string;
  pains: string[];
  gains: string[];
}

/** The personas of a memory with the pains and gains they state now, which the value map answers. */
export const personaNeedsIn = (memory: readonly { kind: string; title: string }[]): PersonaNeeds[] =>
  memory
    .filter((entry): entry is { kind: 'persona'; title: string; persona: { pains: { text: string }[]; gains: { text: string }[] } } => entry.kind === 'persona')
    .map((entry) => ({ name: entry.title, pains: entry.persona.pains.map((pain) => pain.text), gains: entry.persona.gains.map((gain) => gain.text) }));

/** Whether a reliever (`need` 'pains') or creator ('gains') answers a need some persona states now. */
export function answersANeed(fit: Fit, need: 'pains' | 'gains', personas: readonly PersonaNeeds[]): boolean {
  if (!fit.answers) return false;
  const { persona, text } = fit.answers;
  const wanted = text.trim().toLowerCase();
  return personas.some(
    (candidate) => candidate.name.toLowerCase() === persona.trim().toLowerCase() && candidate[need].some((line) => line.trim().toLowerCase() === wanted),
  );
}

// ---------------------------------------------------------------------------------------------
// The Lean Canvas

/** A box's text and where it came from: an artifact of the memory ('Persona: Sam Rivera') or 'assumption'. */
export const BoxSchema = z.strictObject({
  text: multiLineText(SOLUTION_LIMITS.boxChars),
  source: singleLineText(SOLUTION_LIMITS.sourceChars).describe(`An artifact of the memory as "<its label>: <its title>", or "${ASSUMPTION}"`),
});
export type Box = z.infer<typeof BoxSchema>;

/** The canvas's fields in reading order, each with its label; the grid shows 9 boxes, two of which hold two fields. */
export const CANVAS_FIELDS = {
  problem: 'Problem',
  existingAlternatives: 'Existing alternatives',
  solution: 'Solution',
  keyMetrics: 'Key metrics',
  uniqueValueProposition: 'Unique value proposition',
  unfairAdvantage: 'Unfair advantage',
  channels: 'Channels',
  customerSegments: 'Customer segments',
  earlyAdopters: 'Early adopters',
  costStructure: 'Cost structure',
  revenueStreams: 'Revenue streams',
} as const;
export type CanvasField = keyof typeof CANVAS_FIELDS;

export const LeanCanvasSchema = z.strictObject(
  Object.fromEntries(Object.keys(CANVAS_FIELDS).map((field) => [field, BoxSchema])) as Record<CanvasField, typeof BoxSchema>,
);
export type LeanCanvas = z.infer<typeof LeanCanvasSchema>;

export const LeanCanvasContentSchema = z.strictObject({ kind: z.literal('lean_canvas'), title: singleLineText(120), canvas: LeanCanvasSchema });
export type LeanCanvasContent = z.infer<typeof LeanCanvasContentSchema>;

/** How an artifact of the memory is named as a box's source. */
export const sourceName = (label: string, title: string) => `${label}: ${title}`;

// ---------------------------------------------------------------------------------------------
// The riskiest assumptions

export const RiskSchema = z.strictObject({
  assumption: multiLineText(400).describe('What must be true for the product to work'),
  whyRisky: multiLineText(400).describe('Why it is among the riskiest: how likely it is wrong, and what breaks if it is'),
  test: multiLineText(600).describe('The cheapest test that would disprove it, and what result counts as disproof'),
  cost: singleLineText(80).describe("What the test costs, in days and money ('2 days, $0')"),
  /** A question for the project's research page, when that is the test. */
  researchQuestion: singleLineText(300).nullable(),
});
export type Risk = z.infer<typeof RiskSchema>;

export const RiskiestAssumptionsContentSchema = z.strictObject({
  kind: z.literal('riskiest_assumptions'),
  title: singleLineText(120),
  risks: z.array(RiskSchema).length(SOLUTION_LIMITS.assumptions, `Name exactly ${SOLUTION_LIMITS.assumptions} assumptions, the riskiest first`),
});
export type RiskiestAssumptionsContent = z.infer<typeof RiskiestAssumptionsContentSchema>;

// ---------------------------------------------------------------------------------------------
// The pitch, in the Shape Up form

export const APPETITES = ['2 weeks', '6 weeks'] as const;
export type Appetite = (typeof APPETITES)[number];
/** The main elements a solution fits in each appetite: one that needs more is cut, not stretched. */
export const ELEMENTS_PER_APPETITE: Record<Appetite, number> = { '2 weeks': 3, '6 weeks': 6 };
export const appetiteWeeks = (appetite: Appetite) => (appetite === '2 weeks' ? 2 : 6);

const lines = (min: number) => z.array(multiLineText(SOLUTION_LIMITS.lineChars)).min(min).max(SOLUTION_LIMITS.lines);

export const PitchSchema = z
  .strictObject({
    problem: multiLineText(1000).describe('The problem, as one specific story of a persona'),
    appetite: z.enum(APPETITES),
    elements: z
      .array(z.strictObject({ name: singleLineText(80), description: multiLineText(400) }))
      .min(1)
      .max(ELEMENTS_PER_APPETITE['6 weeks'])
      .describe('The main elements of the solution, in words'),
    flows: lines(1).describe('How a person moves through it, one flow per line'),
    rabbitHoles: lines(0).describe('What could swallow the time, and how it is avoided'),
    noGos: lines(0).describe('What is deliberately left out'),
  })
  .superRefine((pitch, context) => {
    const most = ELEMENTS_PER_APPETITE[pitch.appetite];
    if (pitch.elements.length > most)
      context.addIssue({
        code: 'custom',
        path: ['elements'],
        message: `A ${pitch.appetite} appetite holds at most ${most} main elements: cut ${pitch.elements.length - most}, do not stretch the appetite`,
      });
  });
export type Pitch = z.infer<typeof PitchSchema>;

export const PitchContentSchema = z.strictObject({ kind: z.literal('pitch'), title: singleLineText(120), pitch: PitchSchema });
export type PitchContent = z.infer<typeof PitchContentSchema>;

// ---------------------------------------------------------------------------------------------

/** The phase's tools, as they appear in assistant message parts (`tool-<name>`). */
export const SHAPE_SOLUTION_TOOLS = {
  saveValueMap: 'save_value_map',
  saveLeanCanvas: 'save_lean_canvas',
  saveRiskiestAssumptions: 'save_riskiest_assumptions',
  savePitch: 'save_pitch',
} as const;

export const SHAPE_SOLUTION_PHASE = {
  number: 5,
  title: 'Shape the solution',
  summary: 'Turn the problem and your personas into a focused first version.',
  free: false,
  artifacts: [
    { kind: 'value_map', label: 'Value map', max: 1, builtOn: ['persona'] },
    { kind: 'lean_canvas', label: 'Lean Canvas', max: 1, builtOn: ['chosen_idea', 'scale_estimate', 'landscape', 'persona', 'value_map'] },
    { kind: 'riskiest_assumptions', label: 'Riskiest assumptions', max: 1, builtOn: ['lean_canvas'] },
    { kind: 'pitch', label: 'Pitch', max: 1, builtOn: ['value_map', 'lean_canvas', 'riskiest_assumptions'] },
  ],
  doneWhenAccepted: 'pitch',
} as const satisfies PhaseDefinition;

const fitLine = (fit: Fit) => (fit.answers ? `${fit.text} (answers ${fit.answers.persona}: ${fit.answers.text})` : `${fit.text} (answers no pain or gain)`);

export const outlineValueMap = ({ valueMap }: ValueMapContent): ArtifactOutline => ({
  sections: [
    { label: 'Products and services', items: valueMap.products },
    { label: 'Pain relievers', items: valueMap.relievers.map(fitLine) },
    { label: 'Gain creators', items: valueMap.creators.map(fitLine) },
  ],
});

export const outlineLeanCanvas = ({ canvas }: LeanCanvasContent): ArtifactOutline => ({
  sections: (Object.keys(CANVAS_FIELDS) as CanvasField[]).map((field) => ({
    label: CANVAS_FIELDS[field],
    text: `${canvas[field].text} (${canvas[field].source})`,
  })),
});

export const outlineRiskiestAssumptions = ({ risks }: RiskiestAssumptionsContent): ArtifactOutline => ({
  sections: risks.map((risk, index) => ({
    label: `Assumption ${index + 1}`,
    text: risk.assumption,
    items: [
      `Why it is risky: ${risk.whyRisky}`,
      `Cheapest test: ${risk.test} (${risk.cost})`,
      ...(risk.researchQuestion ? [`Research question: ${risk.researchQuestion}`] : []),
    ],
  })),
});

export const outlinePitch = ({ pitch }: PitchContent): ArtifactOutline => ({
  sections: [
    { label: 'Problem', text: pitch.problem },
    { label: 'Appetite', text: pitch.appetite },
    { label: 'Solution', items: pitch.elements.map((element) => `${element.name}: ${element.description}`) },
    { label: 'Flows', items: pitch.flows },
    { label: 'Rabbit holes', items: pitch.rabbitHoles },
    { label: 'No-gos', items: pitch.noGos },
  ],
});

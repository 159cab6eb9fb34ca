import { z } from '../zod';
import { multiLineText, singleLineText } from '../text-fields';
import { MEMORY_LIMITS, type ArtifactOutline, type PhaseDefinition } from './fields';

/** Phase 1, 'Find an idea': its artifact is the chosen idea, accepted when the founders pick it. */

export const ChosenIdeaSchema = z.strictObject({
  problem: multiLineText(MEMORY_LIMITS.field).describe('The problem, in one or two sentences'),
  whoHasIt: multiLineText(MEMORY_LIMITS.field).describe('Who has the problem, as specifically as possible'),
  proposedSolution: multiLineText(MEMORY_LIMITS.field).describe('What the founder would build'),
  whyNow: multiLineText(MEMORY_LIMITS.field).describe('Why this is possible or needed now'),
  riskiestAssumption: multiLineText(MEMORY_LIMITS.field).describe('The assumption that would kill the idea if it were false'),
  openQuestions: z.array(multiLineText(MEMORY_LIMITS.field)).max(MEMORY_LIMITS.openQuestions).describe('What is still unknown'),
});
export type ChosenIdea = z.infer<typeof ChosenIdeaSchema>;

export const ChosenIdeaContentSchema = z.strictObject({ kind: z.literal('chosen_idea'), title: singleLineText(MEMORY_LIMITS.title), idea: ChosenIdeaSchema });
export type ChosenIdeaContent = z.infer<typeof ChosenIdeaContentSchema>;

export const IDEA_FIELD_LABELS: Record<Exclude<keyof ChosenIdea, 'openQuestions'>, string> = {
  problem: 'Problem',
  whoHasIt: 'Who has it',
  proposedSolution: 'Proposed solution',
  whyNow: 'Why now',
  riskiestAssumption: 'Riskiest assumption',
};

/** The phase's tools, as they appear in assistant message parts (`tool-<name>`). */
export const FIND_IDEA_TOOLS = {
  saveChosenIdea: 'save_chosen_idea',
} as const;

export const FIND_IDEA_PHASE = {
  number: 1,
  title: 'Find an idea',
  summary: 'Brainstorm from scratch or start from a problem you know, and pick the idea worth pursuing.',
  free: true,
  artifacts: [{ kind: 'chosen_idea', label: 'Chosen idea', max: 1, builtOn: [] }],
  doneWhenAccepted: 'chosen_idea',
} as const satisfies PhaseDefinition;

export const outlineChosenIdea = (content: ChosenIdeaContent): ArtifactOutline => ({
  sections: [
    ...(Object.keys(IDEA_FIELD_LABELS) as (keyof typeof IDEA_FIELD_LABELS)[]).map((key) => ({ label: IDEA_FIELD_LABELS[key], text: content.idea[key] })),
    { label: 'Open questions', items: content.idea.openQuestions },
  ],
});

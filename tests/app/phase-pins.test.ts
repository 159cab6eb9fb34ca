import { describe, expect, it } from 'vitest';
import { BuildPlanContentSchema } from '#contracts/phases/build-plan';
import { pinnableItems } from '#contracts/phases/registry';
import { CANVAS_FIELDS, LeanCanvasContentSchema } from '#contracts/phases/shape-solution';

/**
 * What a member can pin to the canvas from phases 5 and 6, with no canvas code of theirs: every
 * box of the Lean Canvas and every task of the build plan is an item of its artifact's outline,
 * and each outline item can be pinned (contracts/phases/registry.ts, pinnableItems).
 */
describe('pinning from phases 5 and 6', () => {
  it('offers each of the Lean Canvas’s boxes, with its source', () => {
    const canvas = LeanCanvasContentSchema.parse({
      kind: 'lean_canvas',
      title: 'Clinic canvas',
      canvas: Object.fromEntries(Object.keys(CANVAS_FIELDS).map((field) => [field, { text: `Box ${field}`, source: 'assumption' }])),
    });
    const pins = pinnableItems(canvas);
    expect(pins).toHaveLength(Object.keys(CANVAS_FIELDS).length);
    expect(pins).toContain('Unfair advantage: Box unfairAdvantage (assumption)');
  });

  it('offers each task of the build plan, under its milestone, with its status', () => {
    const plan = BuildPlanContentSchema.parse({
      kind: 'build_plan',
      title: 'Two weeks',
      plan: {
        weeks: 2,
        milestones: [{ id: 'live', title: 'First clinics live', week: 2 }],
        tractionGoal: 'First 10 paying clinics',
        tasks: [
          { id: 'sms', title: 'Send the offer text', estimateDays: 2, dependsOn: [], owner: null, milestone: 'live', status: 'done' },
          { id: 'reply', title: 'Book the first reply', estimateDays: 1, dependsOn: ['sms'], owner: null, milestone: 'live', status: 'todo' },
        ],
        techChoices: [],
      },
    });
    const pins = pinnableItems(plan);
    expect(pins).toContain('Milestone: First clinics live (week 2): [Done] Send the offer text (2 d)');
    expect(pins).toContain('Milestone: First clinics live (week 2): [To do] Book the first reply (1 d, after Send the offer text)');
  });
});

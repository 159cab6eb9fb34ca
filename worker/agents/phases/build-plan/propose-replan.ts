import { tool } from 'ai';
import { planDifference, type PlanProposal } from '#contracts/phases/build-plan';
import { multiLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { PhaseHost } from '../types';
import { planEntryOf, planInputSchema, resolvePlan } from './plan-input';
import { saveProposal } from './proposal-store';
import { readSlip, slipSentence } from './slip';

/**
 * Proposes a revised plan when the scope, the team or the date changed: kept beside the plan (the
 * phase's table and its state slice), shown to every member as its difference, and applied only
 * when a member accepts it (./replan-answers.ts). Nothing in the memory changes here.
 */
export const proposeReplan = (host: PhaseHost) =>
  tool({
    description:
      'Propose a revised build plan when the founders say the scope, the team or the date changed: the reason in one or two sentences, and the whole revised plan. The members see what it changes and one of them accepts it; the plan in the memory stays as it is until then.',
    inputSchema: z.strictObject({
      reason: multiLineText(400).describe('What changed, as the founders said it'),
      plan: planInputSchema(host.state.teamMembers ?? []),
    }),
    execute: async ({ reason, plan: input }) => {
      const entry = planEntryOf(host.state.memory);
      if (!entry) throw new Error('There is no build plan to revise yet: save one with save_build_plan.');
      const plan = resolvePlan(input, host.state.teamMembers ?? [], entry.plan);
      // Later than any proposal before it, so an answer to an older one is told apart.
      const proposedAt = Math.max(Date.now(), (host.state.planProposal?.proposedAt ?? 0) + 1);
      const proposal: PlanProposal = { entryId: entry.id, baseVersion: entry.version, reason, plan, proposedAt };
      saveProposal(host, proposal);
      const difference = planDifference(entry.plan, plan);
      return {
        entryId: entry.id,
        proposedAt,
        difference: {
          added: difference.added.length,
          removed: difference.removed.length,
          moved: difference.moved.length,
          changed: difference.changed.length,
        },
        what: {
          added: difference.added.map((task) => task.title),
          removed: difference.removed.map((task) => task.title),
          moved: difference.moved.map(({ task }) => task.title),
          changed: difference.changed,
        },
        next: `Tell the founders in a few lines what the revised plan changes and why. ${slipSentence(readSlip(plan))} Nothing in the plan changes until a member accepts the difference shown under the build plan in the memory.`,
      };
    },
  });

import { tool } from 'ai';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';
import type { PhaseHost } from '../types';
import { planEntryOf, planInputSchema, resolvePlan } from './plan-input';
import { clearProposal } from './proposal-store';
import { readSlip, slipSentence } from './slip';

/**
 * Saves the build plan: milestones inside the appetite ending in a traction goal, tasks with
 * estimates, dependencies and owners named by the members' names, technical choices. A task
 * already in the plan keeps its status. Once the founders accepted a plan, a change goes through
 * propose_replan: only a member's answer replaces it.
 */
export const saveBuildPlan = (actions: CofounderActions, host: PhaseHost) => {
  const members = host.state.teamMembers ?? [];
  return tool({
    description:
      'Save the build plan: the appetite in weeks, milestones inside it (the last reaching the traction goal), tasks (id, title, estimate in days, the ids they depend on, owner by member name or null, milestone) and technical choices with reason and risk. Saving again replaces a plan not accepted yet; the answer names the task most likely to slip.',
    inputSchema: z.strictObject({ title: singleLineText(MEMORY_LIMITS.title), plan: planInputSchema(members) }),
    execute: async ({ title, plan: input }) => {
      const current = planEntryOf(actions.memory);
      if (current?.acceptedAt !== undefined)
        throw new Error(
          'The founders accepted the build plan: propose the change with propose_replan instead. Nothing changes until a member accepts its difference.',
        );
      const plan = resolvePlan(input, host.state.teamMembers ?? [], current?.plan ?? null);
      const entry = actions.saveArtifact({ kind: 'build_plan', title, plan });
      // A re-plan proposed against the plan just rewritten no longer says what would change.
      if (host.state.planProposal) clearProposal(host);
      const slip = readSlip(plan);
      return {
        saved: { id: entry.id, version: entry.version },
        longestChain: { tasks: slip.chain.map((task) => task.id), workingDays: slip.days },
        next: `${slipSentence(slip)} Tell the founders, critically and in a few lines, and ask how they would protect that task. Accepting the build plan in the memory completes phase 6.`,
      };
    },
  });
};

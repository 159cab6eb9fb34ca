import { BUILD_PLAN_TOOLS } from '#contracts/phases/build-plan';
import { appetiteWeeks } from '#contracts/phases/shape-solution';
import type { MemoryEntry } from '#contracts/workspace';
import { demoToolCall } from '../common/demo-tool-call';
import { inSentence, quote } from '../common/demo-subject';
import type { DemoStep } from '../types';
import { planEntryOf, type PlanInput } from './plan-input';
import { saveBuildPlan } from './save-build-plan';
import { saveMvpScope, valueMapRelievers } from './save-mvp-scope';

/**
 * The offline demo in phase 6, through the phase's own tools and about the project's own subject:
 * an MVP scope whose items deliver the pain relievers of the value map in the memory (none without
 * one), then a small build plan inside the pitch's appetite, its owners the first member or nobody.
 */

const pitchWeeks = (memory: readonly MemoryEntry[]) => {
  const pitch = memory.find((entry): entry is Extract<MemoryEntry, { kind: 'pitch' }> => entry.kind === 'pitch');
  return pitch ? appetiteWeeks(pitch.pitch.appetite) : 2;
};

/** Two milestones, six tasks: what works for one person by the middle of the appetite, in the hands of the first users by its end. */
function demoPlan(weeks: number, owner: string | null): PlanInput {
  const task = (id: string, title: string, estimateDays: number, milestone: string, dependsOn: string[], owned: boolean) => ({
    id,
    title,
    estimateDays,
    dependsOn,
    owner: owned ? owner : null,
    milestone,
  });
  return {
    weeks,
    milestones: [
      { id: 'works', title: 'It works for one real user', week: Math.max(1, Math.floor(weeks / 2)) },
      { id: 'in-hands', title: 'In the hands of the first users', week: weeks },
    ],
    tractionGoal: 'First 10 paying customers',
    tasks: [
      task('flows', 'Write down the flows of the pitch, screen by screen', 1, 'works', [], true),
      task('core', 'Build the core flow, end to end', 3, 'works', ['flows'], true),
      task('sign-up', 'Sign-up and the first use', 2, 'works', ['flows'], false),
      task('first-tries', 'Watch three people who have the problem try it', 1, 'works', ['core', 'sign-up'], true),
      task('fixes', 'Fix what the first tries showed', 2, 'in-hands', ['first-tries'], false),
      task('ask-to-pay', 'Ask the first ten users to pay', 2, 'in-hands', ['fixes'], false),
    ],
    techChoices: [
      {
        choice: 'The stack the team already knows',
        reason: 'Nothing new to learn inside the appetite.',
        risk: 'It may not be what scales; that is a problem for after the first 10 customers.',
      },
      {
        choice: 'Sign-in by a link sent by e-mail',
        reason: 'No passwords to build, reset or store.',
        risk: 'Links land in spam folders: test with the first users’ own mailboxes.',
      },
    ],
  };
}

export const BUILD_PLAN_DEMO: readonly DemoStep[] = [
  {
    text: ({ memory }) =>
      valueMapRelievers(memory).length > 0
        ? '*Offline demo — not AI.* An MVP scope keeps only what delivers a pain reliever of the value map (phase 5): each item below names the one it delivers, and everything else is out or later.'
        : '*Offline demo — not AI.* The memory holds no value map with pain relievers yet, so there is nothing to scope against: shape the solution in phase 5 first.',
    tool: async ({ actions }, { words }) => {
      const relievers = valueMapRelievers(actions.memory);
      if (relievers.length === 0) return null;
      return demoToolCall(BUILD_PLAN_TOOLS.saveMvpScope, saveMvpScope(actions), {
        title: quote(`The first version of ${inSentence(words.subject.name)}`, 120),
        scope: {
          in: relievers.slice(0, 3).map((reliever) => ({ item: quote(`Only what it takes to deliver: ${reliever}`, 300), delivers: reliever })),
          out: ['Anything no pain reliever asks for: settings, an admin screen, integrations'],
          later: ['What the gain creators promise, once the relievers are proven with paying users'],
        },
      });
    },
  },
  {
    text: '*Offline demo — not AI.* Here is a small build plan inside the pitch’s appetite (2 weeks when there is no pitch yet): two milestones ending with a traction goal, six tasks with estimates in days and what each waits for, and two technical choices with their risk. The task most likely to slip is “Build the core flow, end to end”: it is on the longest chain of tasks and has the biggest estimate, so protect it first. Accepting the build plan in the memory completes phase 6.',
    tool: async (context, { words }) => {
      const { actions, host } = context;
      // An accepted plan changes only through a re-plan a member accepts: the demo leaves it as it is.
      if (planEntryOf(actions.memory)?.acceptedAt !== undefined) return null;
      const owner = host.state.teamMembers?.[0]?.name ?? null;
      return demoToolCall(BUILD_PLAN_TOOLS.saveBuildPlan, saveBuildPlan(actions, host), {
        title: quote(`The first version of ${inSentence(words.subject.name)}, step by step`, 120),
        plan: demoPlan(pitchWeeks(actions.memory), owner),
      });
    },
  },
];

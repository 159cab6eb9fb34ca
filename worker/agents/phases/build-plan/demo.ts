import { BUILD_PLAN_TOOLS, schedulePlan, type BuildPlan, type Task, type TeamMember } from '#contracts/phases/build-plan';
import { appetiteWeeks } from '#contracts/phases/shape-solution';
import type { MemoryEntry } from '#contracts/workspace';
import { demoToolCall } from '../common/demo-tool-call';
import { fitting, inSentence } from '../common/demo-subject';
import type { DemoStep } from '../types';
import { planEntryOf, type PlanInput } from './plan-input';
import { proposeReplan } from './propose-replan';
import { saveBuildPlan } from './save-build-plan';
import { WORKING_DAYS_PER_WEEK } from './slip';
import { saveMvpScope, valueMapRelievers } from './save-mvp-scope';

/**
 * The offline demo in phase 6, through the phase's own tools and about the project's own subject:
 * an MVP scope whose items deliver the pain relievers of the value map in the memory (none without
 * one), then a small build plan inside the pitch's appetite, its owners the first member or nobody;
 * then, whatever the founders say next, a re-plan through propose_replan for one change the
 * scripted demo can make without reading them: the launch a week earlier.
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
      task('flows', 'Write down the steps of the pitch, one by one', 1, 'works', [], true),
      task('core', 'Make the core step work, end to end', 3, 'works', ['flows'], true),
      task('ask', 'A way for the first people to ask for it', 2, 'works', ['flows'], false),
      task('first-tries', 'Watch three people who have the problem try it', 1, 'works', ['core', 'ask'], true),
      task('fixes', 'Fix what the first tries showed', 2, 'in-hands', ['first-tries'], false),
      task('ask-to-pay', 'Ask the first ten to pay', 2, 'in-hands', ['fixes'], false),
    ],
    techChoices: [
      {
        choice: 'What the team already knows how to use',
        reason: 'Nothing new to learn inside the appetite.',
        risk: 'It may not be what scales; that is a problem for after the first 10 customers.',
      },
      {
        choice: 'The simplest way to take requests: a form, a message or a call',
        reason: 'Nothing to build before the first people ask.',
        risk: 'It is done by hand and will not keep up past the first customers: fine until then.',
      },
    ],
  };
}

/** The change the demo re-plans for, whatever the founders said: it cannot read them. */
const REPLAN_REASON = 'The launch moved a week earlier: the plan has a week less (the offline demo’s example of a change).';
const AGREE_TASK = { id: 'agree-cuts', title: 'Agree with everyone what waits until after the launch', estimateDays: 0.5 };

/**
 * The plan a week shorter, cut rather than stretched: the tasks that end last and that nothing
 * waits for go, one at a time, until the longest chain fits the shorter appetite; each milestone is
 * due no later than its last week; a half-day task to agree on what waits is added; owners no
 * longer members are left empty. Null when the plan is one week long already.
 */
export function weekEarlier(plan: BuildPlan, members: readonly TeamMember[] = []): { input: PlanInput; removed: Task[]; added: string } | null {
  if (plan.weeks <= 1) return null;
  const weeks = plan.weeks - 1;
  let tasks = [...plan.tasks];
  const removed: Task[] = [];
  const lastEnd = (candidates: Task[]) => Math.max(...schedulePlan({ tasks: candidates }).map((scheduled) => scheduled.end));
  while (tasks.length > 1 && lastEnd(tasks) > weeks * WORKING_DAYS_PER_WEEK) {
    const waitedFor = new Set(tasks.flatMap((task) => task.dependsOn));
    const ends = schedulePlan({ tasks }).filter((scheduled) => !waitedFor.has(scheduled.task.id));
    const latest = ends.reduce((last, scheduled) => (scheduled.end > last.end ? scheduled : last), ends[0]!);
    removed.push(latest.task);
    tasks = tasks.filter((task) => task.id !== latest.task.id);
  }
  const ids = new Set(tasks.map((task) => task.id));
  let id = AGREE_TASK.id;
  for (let n = 2; ids.has(id); n++) id = `${AGREE_TASK.id}-${n}`;
  const member = (name: string | undefined) => (name && members.some((candidate) => candidate.name === name) ? name : null);
  const milestones = plan.milestones.map((milestone) => ({ ...milestone, week: Math.min(milestone.week, weeks) }));
  return {
    input: {
      ...plan,
      weeks,
      milestones,
      tasks: [
        ...tasks.map(({ status: _status, owner, ...task }) => ({ ...task, owner: member(owner?.name) })),
        { ...AGREE_TASK, id, dependsOn: [], owner: null, milestone: milestones.at(-1)!.id },
      ],
    },
    removed,
    added: AGREE_TASK.title,
  };
}

/** What the re-plan step says: what it proposes and where to answer it, or why it proposes none. */
function replanText(memory: readonly MemoryEntry[]): string {
  const entry = planEntryOf(memory);
  if (!entry) return '*Offline demo — not AI.* There is no build plan to re-plan yet: ask for one first.';
  // What it cuts and adds; who owns the tasks that stay does not change what it says.
  const revised = weekEarlier(entry.plan);
  if (!revised)
    return '*Offline demo — not AI.* The scripted demo re-plans for one change only, the launch a week earlier, and this plan is one week long already: cut its scope in the memory instead.';
  const cut = entry.plan.tasks
    .filter((task) => revised.removed.includes(task))
    .map((task) => `“${task.title}”`)
    .join(' and ');
  return [
    '*Offline demo — not AI.* The scripted demo cannot read what changed, so it proposes the re-plan for one change: the launch a week earlier.',
    `A week less means cutting, not stretching: ${cut ? `${cut} ${revised.removed.length === 1 ? 'waits' : 'wait'} until after the launch, and ` : ''}“${revised.added}” is added.`,
    'Nothing changes until a member accepts the difference shown under the build plan in the memory: read it there, then accept the new plan or dismiss it.',
  ].join(' ');
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
        title: fitting(`The first version of ${inSentence(words.subject.name)}`, 120, 'The first version'),
        scope: {
          in: relievers.slice(0, 3).map((reliever) => ({
            item: fitting(`The smallest part of ${inSentence(words.subject.name)} that does this`, 300, 'The smallest part that does this'),
            delivers: reliever,
          })),
          out: ['Anything no pain reliever asks for: settings, an admin screen, integrations'],
          later: ['What the gain creators promise, once the relievers are proven with paying users'],
        },
      });
    },
  },
  {
    text: '*Offline demo — not AI.* Here is a small build plan inside the pitch’s appetite (2 weeks when there is no pitch yet): two milestones ending with a traction goal, six tasks with estimates in days and what each waits for, and two technical choices with their risk. The task most likely to slip is “Make the core step work, end to end”: it is on the longest chain of tasks and has the biggest estimate, so protect it first. When the scope, the team or the date changes, tell me and I will propose a re-plan. Accepting the build plan in the memory completes phase 6.',
    tool: async (context, { words }) => {
      const { actions, host } = context;
      // An accepted plan changes only through a re-plan a member accepts: the demo leaves it as it is.
      if (planEntryOf(actions.memory)?.acceptedAt !== undefined) return null;
      const owner = host.state.teamMembers?.[0]?.name ?? null;
      return demoToolCall(BUILD_PLAN_TOOLS.saveBuildPlan, saveBuildPlan(actions, host), {
        title: fitting(`The first version of ${inSentence(words.subject.name)}, step by step`, 120, 'The first version, step by step'),
        plan: demoPlan(pitchWeeks(actions.memory), owner),
      });
    },
  },
  {
    text: ({ memory }) => replanText(memory),
    tool: async ({ host }) => {
      const entry = planEntryOf(host.state.memory);
      const revised = entry && weekEarlier(entry.plan, host.state.teamMembers ?? []);
      if (!revised) return null;
      return demoToolCall(BUILD_PLAN_TOOLS.proposeReplan, proposeReplan(host), { reason: REPLAN_REASON, plan: revised.input });
    },
  },
];

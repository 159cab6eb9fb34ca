import type { TeamMember } from '#contracts/phases/build-plan';
import {
  ChecklistItemSchema,
  LAUNCH_LIMITS,
  LaunchMomentSchema,
  LaunchPlanSchema,
  PRODUCT_HUNT_TIME_ZONE,
  type ChecklistItem,
  type LaunchPlan,
  type LaunchPlanContent,
} from '#contracts/phases/launch';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { MemoryEntry } from '#contracts/workspace';

/**
 * The launch plan as the co-founder writes it: the contract's plan, the moment's time and zone
 * optional (00:01 Pacific, when Product Hunt's day starts), each item's owner given by the member's
 * name (resolved here against the project's members, which phase 6 keeps in the shared state) and
 * its status left out (an item already in the plan keeps the status the members gave it).
 */

export const DEFAULT_LAUNCH_TIME = '00:01';

export type LaunchEntry = Extract<MemoryEntry, { kind: 'launch_plan' }>;

/** The launch plan of the memory, if any. */
export const launchEntryOf = (memory: readonly MemoryEntry[]) => memory.find((entry): entry is LaunchEntry => entry.kind === 'launch_plan');

/** The member a name given by the co-founder stands for (spaces and case aside), or undefined. */
export function memberNamed(members: readonly TeamMember[], name: string): TeamMember | undefined {
  const wanted = name.trim().toLowerCase();
  return members.find((member) => member.name.trim().toLowerCase() === wanted);
}

/** The members' names, for a sentence ('Ana Ruiz, Ben Okafor'). */
export const memberNames = (members: readonly TeamMember[]) => members.map((member) => member.name).join(', ');

export function launchInputSchema(members: readonly TeamMember[]) {
  const ItemInputSchema = ChecklistItemSchema.extend({
    offsetDays: ChecklistItemSchema.shape.offsetDays.describe('Days from the launch day: negative before, 0 on the day, positive after'),
    owner: singleLineText(120)
      .nullable()
      .describe(
        members.length > 0
          ? `The member who owns it, by name: one of ${memberNames(members)}; null when nobody does yet`
          : 'The member who owns it, by name; null when nobody does yet',
      ),
    status: ChecklistItemSchema.shape.status
      .optional()
      .describe("Omit it: a new item starts 'todo', and an item already in the plan keeps the status the members gave it"),
  });
  return z.strictObject({
    moment: LaunchMomentSchema.extend({
      date: LaunchMomentSchema.shape.date.describe('The launch day, YYYY-MM-DD'),
      time: LaunchMomentSchema.shape.time.optional().describe(`HH:MM, 24-hour clock; omitted, ${DEFAULT_LAUNCH_TIME} (when Product Hunt's day starts)`),
      timeZone: LaunchMomentSchema.shape.timeZone.optional().describe(`An IANA zone name; omitted, ${PRODUCT_HUNT_TIME_ZONE}`),
    }),
    channels: LaunchPlanSchema.shape.channels,
    checklist: z.array(ItemInputSchema).min(1).max(LAUNCH_LIMITS.checklist),
  });
}
export type LaunchInput = z.infer<ReturnType<typeof launchInputSchema>>;

/**
 * The plan with its moment completed, its owners resolved to members and its statuses: an item of
 * `current` with the same id keeps its status, any other starts as written or 'todo'. Throws,
 * naming the members, when an owner is not one of them, and with the contract's own sentences
 * when the plan breaks its rules (an item due on the wrong side of the launch, two items of one id).
 */
export function resolveLaunch(input: LaunchInput, members: readonly TeamMember[], current: LaunchPlan | null): LaunchPlan {
  const unknown = [...new Set(input.checklist.map((item) => item.owner).filter((owner): owner is string => owner !== null && !memberNamed(members, owner)))];
  if (unknown.length > 0) {
    const who = unknown.map((name) => `"${name}"`).join(', ');
    throw new Error(
      members.length > 0
        ? `${who} ${unknown.length === 1 ? 'is' : 'are'} not a member of this project. An item's owner is one of its members, by name: ${memberNames(members)}; or null.`
        : `${who} ${unknown.length === 1 ? 'is' : 'are'} not a member of this project: leave the owners null.`,
    );
  }
  const statuses = new Map((current?.checklist ?? []).map((item) => [item.id, item.status]));
  const checklist: ChecklistItem[] = input.checklist.map(({ owner, status, ...item }) => {
    const member = owner === null ? undefined : memberNamed(members, owner);
    return { ...item, owner: member ? { userId: member.userId, name: member.name } : null, status: statuses.get(item.id) ?? status ?? 'todo' };
  });
  const moment = { date: input.moment.date, time: input.moment.time ?? DEFAULT_LAUNCH_TIME, timeZone: input.moment.timeZone ?? PRODUCT_HUNT_TIME_ZONE };
  const parsed = LaunchPlanSchema.safeParse({ moment, channels: input.channels, checklist });
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}

/** The plan entry's content with another plan: its title and kind kept. */
export const withLaunch = (entry: { title: string }, launch: LaunchPlan): LaunchPlanContent => ({ kind: 'launch_plan', title: entry.title, launch });

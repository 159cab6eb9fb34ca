import type { TeamMember } from '#contracts/phases/build-plan';
import { listMembers } from '../../../db/queries/projects';
import type { PhaseHost } from '../types';

/**
 * Phase 6's `teamMembers`: the project's members, who may own a task, read from D1 when the
 * object starts, when a member connects, before each turn and when a member leaves. The
 * co-founder names owners by name and its tools resolve them against this list; a member's edit
 * of the plan is checked against it too (./check-edit.ts).
 */

interface Reading {
  current: Promise<void> | null;
  again: boolean;
}
const readings = new WeakMap<PhaseHost, Reading>();

/** A member as the workspace names them: their display name, else the start of their address (as their connection is named). */
const memberName = (member: { name: string | null; email: string }) =>
  member.name?.trim() || member.email.slice(0, Math.max(0, member.email.indexOf('@'))) || member.email;

const sameMembers = (a: readonly TeamMember[], b: readonly TeamMember[]) =>
  a.length === b.length && a.every((member, index) => member.userId === b[index]!.userId && member.name === b[index]!.name);

/**
 * One read at a time per object, and one more after it when asked meanwhile, so the list shown
 * is never older than the last request for it (a member who just joined is in it).
 */
export function refreshTeamMembers(host: PhaseHost): Promise<void> {
  const reading = readings.get(host) ?? { current: null, again: false };
  readings.set(host, reading);
  if (reading.current) {
    reading.again = true;
    return reading.current;
  }
  reading.current = (async () => {
    do {
      reading.again = false;
      const members: TeamMember[] = (await listMembers(host.env.DB, host.projectId)).map((member) => ({ userId: member.userId, name: memberName(member) }));
      if (!sameMembers(host.state.teamMembers ?? [], members)) host.setState({ teamMembers: members });
    } while (reading.again);
  })().finally(() => {
    reading.current = null;
  });
  return reading.current;
}

/** The member a name given by the co-founder stands for (spaces and case aside), or undefined. */
export function memberNamed(members: readonly TeamMember[], name: string): TeamMember | undefined {
  const wanted = name.trim().toLowerCase();
  return members.find((member) => member.name.trim().toLowerCase() === wanted);
}

/** The members' names, for a sentence ('Ana Ruiz, Ben Okafor'). */
export const memberNames = (members: readonly TeamMember[]) => members.map((member) => member.name).join(', ');

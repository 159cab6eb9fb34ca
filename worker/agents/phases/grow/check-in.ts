import { CHECK_IN_FRAME, CheckInFrameSchema, GROW_PHASE, type CheckInFrame } from '#contracts/phases/grow';
import { listMembers } from '../../../db/queries/projects';
import type { MemberAction, PhaseHost } from '../types';
import { CHECK_IN_JOB, checkInIntervalMs, scheduleCheckIn } from './weekly-check-in';
import { checkInOf, setCheckIn } from './check-in-store';

/**
 * Any member turns the project's weekly check-in on or off, and asks for it by e-mail or not (for
 * themselves). Turned on, the first one comes a week later (CHECK_IN_INTERVAL_SECONDS). Turning
 * it off stays possible after a downgrade; turning it on needs Pro.
 */
export const CHECK_IN_ACTION: MemberAction<CheckInFrame> = {
  type: CHECK_IN_FRAME,
  schema: CheckInFrameSchema,
  who: 'member',
  whileLocked: 'allowed',
  handle: async (host, member, { enabled, email }) => {
    const current = checkInOf(host);
    if (enabled && !current.enabled && !(await host.unlockedPhases()).includes(GROW_PHASE.number))
      return { ok: false, reason: 'invalid', error: `Phase ${GROW_PHASE.number}, "${GROW_PHASE.title}", needs Pro.`, current: null };
    const others = current.emailUserIds.filter((userId) => userId !== member.userId);
    setCheckIn(host, { emailUserIds: email ? [...others, member.userId] : others });
    if (enabled && !current.enabled) {
      setCheckIn(host, { enabled: true });
      await scheduleCheckIn(host, Date.now() + checkInIntervalMs(host.env));
    } else if (!enabled && current.enabled) {
      await host.cancelJob(CHECK_IN_JOB);
      setCheckIn(host, { enabled: false, nextAt: null });
    }
    return { ok: true };
  },
};

/**
 * Who asked for the check-in by e-mail, among the members as D1 holds them now: a member who was
 * removed, left or deleted their account is dropped, so that coming back never brings the e-mails
 * back unasked. Read after the change; ids are dropped only, never added.
 */
export async function dropFormerMembers(host: PhaseHost) {
  if (checkInOf(host).emailUserIds.length === 0) return;
  const members = new Set((await listMembers(host.env.DB, host.projectId)).map((member) => member.userId));
  const asked = checkInOf(host).emailUserIds;
  const kept = asked.filter((userId) => members.has(userId));
  if (kept.length !== asked.length) setCheckIn(host, { emailUserIds: kept });
}

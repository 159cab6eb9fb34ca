import {
  CHECK_IN_FRAME,
  CHECK_IN_NOW_FRAME,
  CheckInFrameSchema,
  CheckInNowFrameSchema,
  GROW_PHASE,
  isoWeek,
  nextIsoWeekStart,
  type CheckInFrame,
  type CheckInNowFrame,
} from '#contracts/phases/grow';
import { listMembers } from '../../../db/queries/projects';
import type { MemberAction, PhaseHost } from '../types';
import { CHECK_IN_JOB, checkInIntervalMs, postCheckIn, scheduleCheckIn } from './weekly-check-in';
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

/** The refusal of a second check-in in one ISO week: which week, and from when the next can be posted. */
export const postedThisWeek = (now: number) => {
  const monday = new Date(`${nextIsoWeekStart(now)}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `This week’s check-in (${isoWeek(now)}) was already posted: one a week at most. The next can be posted from Monday ${monday}.`;
};

/**
 * The project's owner posts this week's check-in now, whether or not it comes every week: the
 * same check-in as the weekly one, charged to the day's allowance, and at most one per ISO week,
 * which the week recorded in the object's SQLite guards (./check-in-store.ts). A second one the
 * same week is refused with a sentence that says so; a scheduled one later that week posts
 * nothing.
 */
export const CHECK_IN_NOW_ACTION: MemberAction<CheckInNowFrame> = {
  type: CHECK_IN_NOW_FRAME,
  schema: CheckInNowFrameSchema,
  who: 'owner',
  whileLocked: 'refused',
  handle: async (host) => {
    const now = Date.now();
    const posted = await postCheckIn(host, now);
    if (posted === 'this-week') return { ok: false, reason: 'invalid', error: postedThisWeek(now), current: null };
    if (posted === 'allowance')
      return {
        ok: false,
        reason: 'invalid',
        error: 'The project’s answers for today are used up, so no check-in was posted. Try again tomorrow.',
        current: null,
      };
    return { ok: true };
  },
};

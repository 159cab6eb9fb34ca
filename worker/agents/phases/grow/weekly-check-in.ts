import { GROW_PHASE, isoWeek } from '#contracts/phases/grow';
import { config, type RawSettings } from '../../../config';
import { projectPrivacyMode } from '../../../db/queries/cofounder';
import { listMembers } from '../../../db/queries/projects';
import { composeEmail } from '../../../emails/layout';
import { sendEmail } from '../../../services/email';
import type { Job, PhaseHost } from '../types';
import { checkInOf, claimWeek, releaseWeek, setCheckIn } from './check-in-store';
import { checkInSummary } from './check-in-summary';

export const CHECK_IN_JOB = 'weekly-check-in';

/**
 * The time (ms) from turning the check-in on to the first one, and between check-ins: a week in
 * production (CHECK_IN_INTERVAL_SECONDS). Tests and demos shorten it to see a check-in arrive; the
 * check-in still posts at most once per ISO week.
 */
export const checkInIntervalMs = (env: RawSettings) => config(env).CHECK_IN_INTERVAL_SECONDS * 1000;

/** Schedules the next check-in at `at`: the one step left scheduled, whatever was before. */
export async function scheduleCheckIn(host: PhaseHost, at: number) {
  await host.cancelJob(CHECK_IN_JOB);
  await host.startJob(CHECK_IN_JOB, {}, { at });
  setCheckIn(host, { nextAt: at });
}

/**
 * The weekly check-in, for a project that opted in, run every CHECK_IN_INTERVAL_SECONDS (a week).
 * Its cost for a project nobody opens: it is written from the memory without a model call
 * (./check-in-summary.ts), so each week costs one scheduled wake-up of the object, one answer of
 * the project's daily allowance, and one e-mail per member who asked for it. A week whose
 * allowance is spent posts nothing and waits for the next. Once per ISO week at most, however
 * short the interval and whether or not the owner posted this week's already (./check-in.ts).
 */
export const weeklyCheckIn: Job = async (host) => {
  if (!checkInOf(host).enabled) return { next: false };
  // A project back on Free stops its check-in; a member turns it on again on Pro.
  if (!(await host.unlockedPhases()).includes(GROW_PHASE.number)) {
    await host.cancelJob(CHECK_IN_JOB);
    setCheckIn(host, { enabled: false, nextAt: null });
    return { next: false };
  }
  const now = Date.now();
  await postCheckIn(host, now);
  await scheduleCheckIn(host, now + checkInIntervalMs(host.env));
  return { next: false };
};

/**
 * Posts the check-in of the ISO week of `now`, unless one was posted in it: 'posted', 'this-week'
 * (already posted), or 'allowance' (the project's answers for the day are spent: nothing posted,
 * the week left free). The week is recorded (state and SQLite) before the post, so a step run
 * again after an eviction, a second schedule or an owner's 'post now' at the same moment posts
 * nothing more; the price is that an eviction between recording and posting loses that week's post.
 */
export async function postCheckIn(host: PhaseHost, now: number): Promise<'posted' | 'this-week' | 'allowance'> {
  const claimed = claimWeek(host, isoWeek(now));
  if (!claimed) return 'this-week';
  if (!(await host.chargeAnswer())) {
    releaseWeek(host, claimed.before);
    return 'allowance';
  }
  const summary = checkInSummary(host.state.memory, now);
  const messageId = await host.postMessage(summary.text);
  setCheckIn(host, { lastMessageId: messageId, lastAt: now });
  await emailCheckIn(host, summary.lines).catch((error: unknown) => {
    console.error('Weekly check-in e-mail not sent', { reason: error instanceof Error ? error.message : String(error) });
  });
  return 'posted';
}

/**
 * The check-in by e-mail to the members who asked for it. Under privacy mode it says only that the
 * check-in is in the workspace, with a link: nothing of the conversation or the memory.
 */
async function emailCheckIn(host: PhaseHost, lines: string[]) {
  const wanted = new Set(checkInOf(host).emailUserIds);
  if (wanted.size === 0) return;
  const [members, privacyMode] = await Promise.all([listMembers(host.env.DB, host.projectId), projectPrivacyMode(host.env.DB, host.projectId)]);
  const url = new URL(`/app/projects/${host.projectId}`, host.env.APP_URL).toString();
  const sent = await Promise.allSettled(
    members
      .filter((member) => wanted.has(member.userId))
      .map((member) =>
        sendEmail(
          host.env,
          composeEmail({
            to: member.email,
            subject: 'Your weekly check-in',
            paragraphs: [
              'Your weekly check-in is in the workspace.',
              ...(privacyMode ? [] : lines.length > 0 ? lines : ['Nothing is due, no result is missing and the memory did not change this week.']),
            ],
            action: { label: 'Open the workspace', url },
            note: 'Any member can turn the weekly check-in, or these e-mails, off under the channels ranked.',
          }),
        ),
      ),
  );
  const failed = sent.filter((outcome) => outcome.status === 'rejected').length;
  if (failed > 0) console.error('Weekly check-in e-mails not delivered', { failed });
}

import { launchInstant, momentIn, PRODUCT_HUNT_TIME_ZONE, type LaunchChannel, type LaunchMoment } from '#contracts/phases/launch';

/** The time zone this member's browser reports. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The names of the Pacific time zone, where Product Hunt's day starts. */
const PACIFIC_ZONES = new Set([PRODUCT_HUNT_TIME_ZONE, 'US/Pacific', 'PST8PDT', 'America/Vancouver', 'America/Tijuana']);
export const isPacific = (timeZone: string) => PACIFIC_ZONES.has(timeZone);

/** A launch on Product Hunt: one of the channels names it. */
export const launchesOnProductHunt = (channels: readonly LaunchChannel[]) => channels.some((channel) => /product\s*hunt/i.test(channel.name));

/** The zones offered in the editor: the plan's own, Product Hunt's, the member's, then a few common ones; each once. */
export function zoneChoices(current: string, own: string): { zone: string; label: string }[] {
  const zones = [
    current,
    PRODUCT_HUNT_TIME_ZONE,
    own,
    'America/New_York',
    'Europe/London',
    'Europe/Berlin',
    'Asia/Kolkata',
    'Asia/Tokyo',
    'Australia/Sydney',
    'UTC',
  ];
  return [...new Set(zones.filter(Boolean))].map((zone) => ({
    zone,
    label: zone === own ? `${zone} (your time zone)` : zone === PRODUCT_HUNT_TIME_ZONE ? `${zone} (Product Hunt's day)` : zone,
  }));
}

/** The moment read in `timeZone` ('Tue, Dec 1, 17:01'), or null when it is not a moment (a date half typed). */
export function momentText(moment: LaunchMoment, timeZone: string): string | null {
  try {
    const instant = launchInstant(moment);
    return Number.isFinite(instant) ? momentIn(instant, timeZone) : null;
  } catch {
    return null;
  }
}

/** A day (YYYY-MM-DD) as people read it: 'Mon, Nov 30'. */
export const readableDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(`${day}T00:00:00Z`));

/** Today in `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = Date.now()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(now))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const DAY = 86_400_000;

/** How far a due day is from today: 'today', 'tomorrow', 'in 3 days', '1 day late', '2 days late'. */
export function relativeDay(day: string, today: string): string {
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days > 1) return `in ${days} days`;
  return `${-days} ${days === -1 ? 'day' : 'days'} late`;
}

/** A day typed in a date field that is a real day. */
export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

import { describe, expect, it } from 'vitest';
import { dueDay, launchInstant, LaunchPlanSchema, momentIn, ProductHuntKitSchema, ShowHnPostSchema, unsupportedClaims } from '#contracts/phases/launch';

/**
 * Phase 7's contract: the launch moment read in each member's own time zone (Product Hunt's day
 * starts at 00:00 Pacific), due dates that follow the launch day, the communities' length rules,
 * and the figures of the copy that no evidence states.
 */

describe('the launch moment', () => {
  it('is the wall-clock time in its zone, summer and winter, read in any other zone', () => {
    // 00:01 in Los Angeles: UTC-8 in winter, UTC-7 in summer.
    expect(new Date(launchInstant({ date: '2026-12-01', time: '00:01', timeZone: 'America/Los_Angeles' })).toISOString()).toBe('2026-12-01T08:01:00.000Z');
    expect(new Date(launchInstant({ date: '2026-07-01', time: '00:01', timeZone: 'America/Los_Angeles' })).toISOString()).toBe('2026-07-01T07:01:00.000Z');
    expect(new Date(launchInstant({ date: '2026-12-01', time: '09:30', timeZone: 'Asia/Kolkata' })).toISOString()).toBe('2026-12-01T04:00:00.000Z');
    const instant = launchInstant({ date: '2026-12-01', time: '00:01', timeZone: 'America/Los_Angeles' });
    expect(momentIn(instant, 'Europe/Bucharest')).toBe('Tue, Dec 1, 10:01');
    expect(momentIn(instant, 'Asia/Tokyo')).toBe('Tue, Dec 1, 17:01');
    expect(momentIn(instant, 'America/Los_Angeles')).toBe('Tue, Dec 1, 00:01');
  });

  it('moves every due day with the launch day, across months and years', () => {
    expect(dueDay('2026-12-01', -7)).toBe('2026-11-24');
    expect(dueDay('2026-12-30', 3)).toBe('2027-01-02');
    expect(dueDay('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('the launch plan', () => {
  const plan = (offsetDays: number, part: 'before' | 'day' | 'after') => ({
    moment: { date: '2026-12-01', time: '00:01', timeZone: 'America/Los_Angeles' },
    channels: [{ name: 'Product Hunt', why: 'Makers of tools read it.', source: 'assumption' }],
    checklist: [{ id: 'hunter', title: 'Find a hunter', part, offsetDays, owner: null, status: 'todo' }],
  });
  it('refuses an item due on a day its part does not hold, a bad date and an unknown zone', () => {
    expect(LaunchPlanSchema.safeParse(plan(-7, 'before')).success).toBe(true);
    expect(LaunchPlanSchema.safeParse(plan(0, 'before')).error?.issues[0]?.message).toContain('is before the launch');
    expect(LaunchPlanSchema.safeParse(plan(2, 'day')).error?.issues[0]?.message).toContain('on the day (0)');
    expect(LaunchPlanSchema.safeParse({ ...plan(1, 'after'), moment: { date: '2026-02-30', time: '00:01', timeZone: 'UTC' } }).success).toBe(false);
    expect(LaunchPlanSchema.safeParse({ ...plan(1, 'after'), moment: { date: '2026-12-01', time: '24:00', timeZone: 'UTC' } }).success).toBe(false);
    expect(LaunchPlanSchema.safeParse({ ...plan(1, 'after'), moment: { date: '2026-12-01', time: '00:01', timeZone: 'Mars/Olympus' } }).success).toBe(false);
  });
});

describe('the communities’ rules', () => {
  const kit = { name: 'Refill', description: 'Texts the waiting list.', makerComment: 'Hi!', galleryIdeas: ['The text'] };
  it('a Product Hunt tagline of 60 characters passes and one of 61 is refused', () => {
    expect(ProductHuntKitSchema.safeParse({ ...kit, tagline: 'x'.repeat(60) }).success).toBe(true);
    expect(ProductHuntKitSchema.safeParse({ ...kit, tagline: 'x'.repeat(61) }).success).toBe(false);
  });
  it('a Show HN title reads "Show HN: X – Y"', () => {
    const post = { whatItDoes: 'It texts.', why: 'Empty chairs.', whatIsRough: 'No calendar sync.' };
    expect(ShowHnPostSchema.safeParse({ ...post, title: 'Show HN: Refill – texts your waiting list when a slot frees up' }).success).toBe(true);
    expect(ShowHnPostSchema.safeParse({ ...post, title: 'Refill, the best waiting list ever' }).error?.issues[0]?.message).toBe(
      'A Show HN title reads "Show HN: X – Y"',
    );
  });
});

describe('claims no evidence backs', () => {
  it('names each figure of the copy the memory does not state', () => {
    const evidence = 'Clinics lose 3 slots a week; a slot is worth $120.';
    expect(unsupportedClaims('Save 5 hours a week and refill 3 slots a week, worth $120 each; 30% more bookings.', evidence)).toEqual([
      '5 hours a week',
      '30%',
    ]);
    expect(unsupportedClaims('No figures here.', evidence)).toEqual([]);
  });

  it('names every figure, superlative and guarantee, each once and in the order written', () => {
    const evidence = 'Commuters wait 4 days for a repair shop.';
    expect(unsupportedClaims('Trusted by 10,000 commuters. Fixes any bike in 15 minutes, 50% cheaper than any shop, guaranteed.', evidence)).toEqual([
      '10,000 commuters',
      'any bike',
      '15 minutes',
      '50%',
      'cheaper than any shop',
      'guaranteed',
    ]);
    expect(unsupportedClaims('The fastest, #1 repair app: the only one with a money-back promise.', evidence)).toEqual([
      'fastest',
      '#1',
      'the only',
      'money-back',
    ]);
  });

  it('leaves what the evidence says, a request for feedback and a threshold in words alone', () => {
    const evidence = 'Persona: riders say the fastest fix they found took 2 days. 1,200 riders answered.';
    expect(
      unsupportedClaims(
        'The fastest fix in town, for 1,200 riders. Reply with any questions or any feedback, at least once; it took most of a morning.',
        evidence,
      ),
    ).toEqual([]);
    expect(unsupportedClaims('Most riders switch in a week.', evidence)).toEqual(['Most riders']);
  });
});

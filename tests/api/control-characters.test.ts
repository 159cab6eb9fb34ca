/**
 * Control characters (docs/security.md §14): refused in every field a person types, with the
 * field's own message, and nothing is written or sent.
 */
import { describe, expect, it } from 'vitest';
import { AttributionSchema, EmailSchema } from '#contracts/auth';
import { ProjectNameSchema } from '#contracts/projects';
import { AffiliateApplicationSchema } from '#contracts/affiliate';
import { AnalyticsEventSchema } from '#contracts/events';
import { ResearchPageInputSchema } from '#contracts/research';
import { db, freshClient, freshEmail, outboxFor, postJson, request, signedInUser } from '../utils';

const CONTROLS = ['\u0000', '\u001b', '\u0007', '\u007f', '\u0085'];
const withControl = (control: string) => `founder${control}x@example.com`;

describe('e-mail addresses with control characters', () => {
  it('are refused by sign-up with "Invalid email format": no user, no mail', async () => {
    for (const control of CONTROLS) {
      const email = withControl(control);
      const response = await postJson('/api/auth/sign-up', { email, password: 'a long enough password' }, { 'CF-Connecting-IP': freshClient() });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Invalid email format', field: 'email' });
      expect(await db().prepare('SELECT id FROM users WHERE email = ?').bind(email.toLowerCase()).first()).toBeNull();
      expect(await outboxFor(email.toLowerCase())).toEqual([]);
    }
  });

  it('are refused by forgot-password and resend-verification', async () => {
    for (const path of ['/api/auth/forgot-password', '/api/auth/resend-verification-email']) {
      const response = await postJson(path, { email: withControl('\u0000') }, { 'CF-Connecting-IP': freshClient() });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('Invalid email format');
    }
  });

  it('are refused by invitations, and no invitation is stored', async () => {
    const { jar } = await signedInUser();
    const created = await request('/api/project', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Controls"}' }, { jar });
    const { project } = (await created.json()) as { project: { id: string } };
    const response = await postJson(`/api/project/${project.id}/invitations`, { email: withControl('\u001b') }, {}, { jar });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('Invalid email format');
    expect(await db().prepare('SELECT COUNT(*) AS n FROM invitations WHERE project_id = ?').bind(project.id).first('n')).toBe(0);
  });

  it('a plain address still passes', () => {
    expect(EmailSchema.parse(` ${freshEmail().toUpperCase()} `)).toMatch(/^founder\./);
  });
});

describe('every other typed field', () => {
  it('refuses control characters in one-line fields and keeps line breaks in multi-line ones', () => {
    expect(ProjectNameSchema.safeParse('Name\u0007').success).toBe(false);
    const application = {
      name: 'Priya',
      email: 'priya@example.com',
      socialProfile: 'https://example.com/priya',
      referralCode: 'priya',
      paypalEmail: 'priya@example.com',
      whyLaunchmate: 'Line one\nline two',
      promotionStrategy: 'A newsletter',
    };
    expect(AffiliateApplicationSchema.safeParse(application).success).toBe(true);
    expect(AffiliateApplicationSchema.safeParse({ ...application, whyLaunchmate: 'Bell\u0007' }).success).toBe(false);
    expect(AffiliateApplicationSchema.safeParse({ ...application, name: 'Pri\nya' }).success).toBe(false);
    expect(AffiliateApplicationSchema.safeParse({ ...application, paypalEmail: 'priya\u0000@example.com' }).success).toBe(false);

    const page = { title: 'Survey', questions: [{ text: 'Why?\nTell us', type: 'text' }] };
    expect(ResearchPageInputSchema.safeParse(page).success).toBe(true);
    expect(ResearchPageInputSchema.safeParse({ ...page, title: 'Sur\nvey' }).success).toBe(false);

    const event = { name: 'play-demo', path: '/demo', sessionId: 'abcdefgh', properties: { source: 'ok' } };
    expect(AnalyticsEventSchema.safeParse(event).success).toBe(true);
    expect(AnalyticsEventSchema.safeParse({ ...event, properties: { source: 'esc\u001b[31m' } }).success).toBe(false);
  });

  it('drops control characters from attribution, which is read from addresses rather than typed', () => {
    expect(AttributionSchema.parse({ source: 'news\u0000letter' })).toEqual({ source: 'newsletter' });
  });
});

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { SupportAccess } from '#contracts/support';
import { CookieJar, db, outboxFor, postJson, request, signedInUser } from '../utils';
import { buyer } from './payments-support';

const send = (jar: CookieJar, body: unknown, headers: Record<string, string> = {}) => postJson('/api/support', body, headers, { jar });
const storedFor = async (email: string) =>
  (
    await db()
      .prepare('SELECT s.subject, s.message, s.project_id FROM support_requests s JOIN users u ON u.id = s.user_id WHERE u.email = ? ORDER BY s.created_at')
      .bind(email)
      .all()
  ).results;

describe('dedicated support', () => {
  it('stores a Pro founder’s message, mails it to the contact address with the plan and their reply-to, and confirms it to them', async () => {
    const founder = await buyer();
    const { project } = await (await postJson('/api/project', { name: 'Bakery tools' }, {}, { jar: founder.jar })).json<{ project: { id: string } }>();
    expect(await (await request('/api/support', {}, { jar: founder.jar })).json()).toEqual({
      dedicated: true,
      contactEmail: env.CONTACT_EMAIL,
    } satisfies SupportAccess);

    const response = await send(founder.jar, { subject: '  Export question ', message: 'How do I export phase 2?\n\nThanks!', projectId: project.id });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ received: true, email: founder.email });
    expect(await storedFor(founder.email)).toEqual([{ subject: 'Export question', message: 'How do I export phase 2?\n\nThanks!', project_id: project.id }]);

    const [toTeam] = (await outboxFor(env.CONTACT_EMAIL)).filter((m) => m.text.includes(founder.email));
    expect(toTeam!.subject).toBe('[Support · Pro] Export question');
    expect(JSON.parse(toTeam!.headers!)).toEqual({ 'Reply-To': founder.email });
    expect(toTeam!.text).toContain(`From: ${founder.email} (Pro plan)`);
    expect(toTeam!.text).toContain(`Project: Bakery tools (${project.id})`);
    expect(toTeam!.text).toContain('How do I export phase 2?');
    const [confirmation] = (await outboxFor(founder.email)).filter((m) => m.subject.startsWith('We received your message'));
    expect(confirmation!.subject).toBe('We received your message: Export question');
  });

  it('is not offered to a Free founder, who is shown the contact address', async () => {
    const { jar, email } = await signedInUser();
    expect(await (await request('/api/support', {}, { jar })).json()).toEqual({ dedicated: false, contactEmail: env.CONTACT_EMAIL });
    const refused = await send(jar, { subject: 'Hi', message: 'Hello' });
    expect(refused.status).toBe(403);
    expect((await refused.json<{ error: string }>()).error).toContain(env.CONTACT_EMAIL);
    expect(await storedFor(email)).toEqual([]);
  });

  it('refuses bad input with a clear error and stores nothing', async () => {
    const founder = await buyer();
    const stranger = await signedInUser();
    const { project } = await (await postJson('/api/project', { name: 'Theirs' }, {}, { jar: stranger.jar })).json<{ project: { id: string } }>();
    const cases: [unknown, string | undefined][] = [
      [{ subject: '', message: 'x' }, 'subject'],
      [{ subject: 'x', message: '   ' }, 'message'],
      [{ subject: 'x'.repeat(151), message: 'x' }, 'subject'],
      [{ subject: 'x', message: 'x'.repeat(5001) }, 'message'],
      [{ subject: 'a\u0000b', message: 'x' }, 'subject'],
      [{ subject: 'x', message: 'x', role: 'admin' }, undefined],
      [{ subject: 'x', message: 'x', projectId: project.id }, 'projectId'],
    ];
    for (const [body, field] of cases) {
      const response = await send(founder.jar, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const answer = await response.json<{ error: string; field?: string }>();
      expect(answer.error).toBeTruthy();
      if (field) expect(answer.field).toBe(field);
    }
    expect((await send(founder.jar, { subject: 'x', message: 'x' }, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await send(new CookieJar(), { subject: 'x', message: 'x' })).status).toBe(401);
    expect(await storedFor(founder.email)).toEqual([]);
  });

  it(`admits exactly the daily limit of 50 simultaneous messages`, async () => {
    const founder = await buyer();
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => send(founder.jar, { subject: `Question ${i}`, message: 'Help' })));
    const limit = Number(env.SUPPORT_REQUESTS_PER_DAY);
    expect(responses.filter((r) => r.status === 201)).toHaveLength(limit);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(50 - limit);
    expect(refused[0]!.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await storedFor(founder.email)).toHaveLength(limit);
  });
});

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { isoWeek, nextIsoWeekStart, type GrowState } from '#contracts/phases/grow';
import { postedThisWeek } from '../../worker/agents/phases/grow/check-in';
import { db, outboxFor } from '../utils';
import { addCollaborator, ask, currentOrNextState, openSocket, ownerWithProject, requestResult, sendFrame, storedMessages } from './workspace-support';

/**
 * 'Post this week's check-in now' (docs/decisions/0068-the-offline-demo-reaches-every-feature.md):
 * the project's owner posts the weekly check-in at once, at most once per ISO week, which the week
 * recorded in the object's SQLite guards, under 50 frames at once and after an eviction too; the
 * phase shows the last one, linked to its message, and the next.
 */

type State = GrowState & { limits: { messagesPerProjectPerDay: number } };
const waitForState = currentOrNextState<State>;
const stub = (projectId: string) => env.COFOUNDER.get(env.COFOUNDER.idFromName(projectId));
const checkIns = async (projectId: string, jar: Parameters<typeof storedMessages>[1]) =>
  (await storedMessages(projectId, jar)).filter((message) => message.role === 'assistant' && JSON.stringify(message.parts).includes('Weekly check-in'));

async function proProject() {
  const owner = await ownerWithProject();
  await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
  const socket = await openSocket(owner.projectId, owner.jar);
  return { owner, socket };
}

describe("posting this week's check-in now", () => {
  it('posts it at once for the owner, shows it as the last one with its message, and refuses a second one the same week with a sentence that says so', async () => {
    const { owner, socket } = await proProject();
    expect(await ask(socket, { type: 'grow_check_in', enabled: true, email: true })).toMatchObject({ ok: true });
    const before = Date.now();
    expect(await ask(socket, { type: 'grow_check_in_now' })).toMatchObject({ ok: true });
    const [posted] = await checkIns(owner.projectId, owner.jar);
    expect(JSON.stringify(posted!.parts)).toContain(`Weekly check-in, ${isoWeek(Date.now())}`);
    const state = await waitForState(socket, (candidate) => candidate.checkIn.lastMessageId !== null, 'the last check-in shown');
    expect(state.checkIn).toMatchObject({ lastMessageId: posted!.id, lastWeek: isoWeek(Date.now()), enabled: true });
    expect(state.checkIn.lastAt).toBeGreaterThanOrEqual(before);
    // The next scheduled one stays as it was.
    expect(state.checkIn.nextAt).toBeGreaterThan(Date.now());
    expect(await outboxFor(owner.email)).toHaveLength(1);

    const again = await ask(socket, { type: 'grow_check_in_now' });
    expect(again).toMatchObject({ ok: false, error: postedThisWeek(Date.now()) });
    const monday = new Date(`${nextIsoWeekStart(Date.now())}T00:00:00Z`);
    expect(monday.getUTCDay()).toBe(1);
    expect(monday.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(again.error).toBe(
      `This week’s check-in (${isoWeek(Date.now())}) was already posted: one a week at most. The next can be posted from Monday ${monday.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}.`,
    );
    // The weekly one this same week posts nothing either.
    const { runInDurableObject } = await import('cloudflare:test');
    await runInDurableObject(stub(owner.projectId), (instance) =>
      (instance as unknown as { runPhaseJob(payload: object): Promise<void> }).runPhaseJob({ phase: 8, job: 'weekly-check-in', input: {} }),
    );
    expect(await checkIns(owner.projectId, owner.jar)).toHaveLength(1);
    socket.close();
  });

  it('posts exactly one when the owner sends 50 at once, and still refuses after the object is evicted: the week in its SQLite is the guard', async () => {
    const { owner, socket } = await proProject();
    const ids = Array.from({ length: 50 }, () => sendFrame(socket, { type: 'grow_check_in_now' }));
    const results = await Promise.all(ids.map((id) => requestResult(socket, id)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const refused of results.filter((result) => !result.ok)) expect(refused.error).toMatch(/^This week’s check-in \(\d{4}-W\d{2}\) was already posted/);
    expect(await checkIns(owner.projectId, owner.jar)).toHaveLength(1);
    socket.close();

    const { evictDurableObject } = await import('cloudflare:test');
    await evictDurableObject(stub(owner.projectId));
    const after = await openSocket(owner.projectId, owner.jar);
    expect(await ask(after, { type: 'grow_check_in_now' })).toMatchObject({ ok: false, error: postedThisWeek(Date.now()) });
    expect(await checkIns(owner.projectId, owner.jar)).toHaveLength(1);
    after.close();
  });

  it('is the owner’s alone, needs Pro, and posts nothing when the day’s answers are spent, leaving the week free', async () => {
    const { owner, socket } = await proProject();
    const collaborator = await addCollaborator(owner.jar, owner.projectId);
    const theirs = await openSocket(owner.projectId, collaborator.jar);
    expect(await ask(theirs, { type: 'grow_check_in_now' })).toMatchObject({ ok: false, error: 'Only the project owner can do this.' });
    theirs.close();

    const cap = socket.latestState<State>()!.limits.messagesPerProjectPerDay;
    const day = new Date().toISOString().slice(0, 10);
    await db().prepare('INSERT INTO cofounder_usage (day, key, count, cap) VALUES (?, ?, ?, ?)').bind(day, `project:${owner.projectId}`, cap, cap).run();
    expect(await ask(socket, { type: 'grow_check_in_now' })).toMatchObject({
      ok: false,
      error: 'The project’s answers for today are used up, so no check-in was posted. Try again tomorrow.',
    });
    expect(socket.latestState<State>()!.checkIn).toMatchObject({ lastWeek: null, lastMessageId: null });
    await db().prepare('DELETE FROM cofounder_usage WHERE day = ? AND key = ?').bind(day, `project:${owner.projectId}`).run();
    expect(await ask(socket, { type: 'grow_check_in_now' })).toMatchObject({ ok: true });

    await db().prepare("UPDATE users SET plan = 'free' WHERE email = ?").bind(owner.email).run();
    const refused = await ask(socket, { type: 'grow_check_in_now' });
    expect(refused).toMatchObject({ ok: false });
    expect(refused.error).toContain('Pro');
    expect(await checkIns(owner.projectId, owner.jar)).toHaveLength(1);
    socket.close();
  });
});

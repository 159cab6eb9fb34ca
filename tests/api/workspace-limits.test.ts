import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { reserveAnswer } from '../../worker/db/queries/cofounder';
import { db } from '../utils';
import { addCollaborator, answerEnd, lane, openSocket, ownerWithProject, send, storedMessages, type Frame, type TestSocket } from './workspace-support';

// Limits in tests (vitest.config.ts): 6 answers per member per day, 10 per project per day.
const nextMidnight = () => Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + 86_400_000;

async function sendMany(socket: TestSocket, count: number, tag: string) {
  const sent = Array.from({ length: count }, (_, i) => send(socket, `Message ${i} ${tag}`));
  const ends = await Promise.all(sent.map((one) => answerEnd(socket, one.requestId, 30_000)));
  const refusals = sent
    .map((one) => socket.frames.find((frame) => frame.type === 'send_refused' && frame.requestId === one.requestId))
    .filter(Boolean) as Frame[];
  return { sent, ends, refusals };
}

describe('daily limits', () => {
  it('lets exactly the member allowance through when 20 sends arrive at once, and says which limit and when it resets', async () => {
    const model = await lane({ replies: [{ content: 'Answer.' }] });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const { refusals } = await sendMany(socket, 20, model.tag);
    expect(refusals).toHaveLength(14);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ reason: 'limit', limit: 'member_daily', resetsAt: nextMidnight() });
      expect(refusal.error).toMatch(/today's message limit for your account.*midnight UTC/);
    }
    const stored = await storedMessages(projectId, jar);
    expect(stored.filter((message) => message.role === 'user')).toHaveLength(6);
    expect(stored.filter((message) => message.role === 'assistant' && message.metadata?.status === 'complete')).toHaveLength(6);
    expect(await model.requests()).toHaveLength(6);
    // The count every member sees (the state broadcast may trail the last answer's end).
    await socket.waitFor(
      (frame) => frame.type === 'cf_agent_state' && (frame.state as { limits: { projectMessagesToday: number } }).limits.projectMessagesToday === 6,
    );
    socket.close();
  });

  it('lets exactly the project allowance through when two members send 10 each at once', async () => {
    const model = await lane({ replies: [{ content: 'Answer.' }] });
    const { jar, projectId } = await ownerWithProject();
    const collaborator = await addCollaborator(jar, projectId);
    const [owner, other] = await Promise.all([openSocket(projectId, jar), openSocket(projectId, collaborator.jar)]);
    const [a, b] = await Promise.all([sendMany(owner, 10, model.tag), sendMany(other, 10, model.tag)]);
    const refusals = [...a.refusals, ...b.refusals];
    expect(refusals).toHaveLength(10);
    expect(refusals.some((refusal) => refusal.limit === 'project_daily')).toBe(true);
    expect((await storedMessages(projectId, jar)).filter((message) => message.role === 'user')).toHaveLength(10);
    owner.close();
    other.close();
  });

  it('holds the global daily cap shared with the free tools exactly under 20 concurrent reservations', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const usedBefore = (await db().prepare('SELECT requests FROM llm_daily_usage WHERE day = ?').bind(day).first<number>('requests')) ?? 0;
    const caps = { memberPerDay: 1000, projectPerDay: 1000, globalPerDay: usedBefore + 3 };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => reserveAnswer(env.DB, { userId: crypto.randomUUID(), projectId: crypto.randomUUID() }, caps)),
    );
    const granted = results.filter((result) => 'reservation' in result);
    expect(granted).toHaveLength(3);
    expect(results.filter((result) => 'refused' in result).every((result) => 'refused' in result && result.refused === 'global_daily')).toBe(true);
    const usedAfter = (await db().prepare('SELECT requests FROM llm_daily_usage WHERE day = ?').bind(day).first<number>('requests'))!;
    expect(usedAfter).toBe(caps.globalPerDay);
  });

  it("charges an answer no member asked for (a phase's scheduled post) to the project only, exactly, under 50 at once", async () => {
    const projectId = crypto.randomUUID();
    const caps = { memberPerDay: 1, projectPerDay: 10, globalPerDay: 1_000_000 };
    const results = await Promise.all(Array.from({ length: 50 }, () => reserveAnswer(env.DB, { userId: null, projectId }, caps)));
    expect(results.filter((result) => 'reservation' in result)).toHaveLength(10);
    expect(results.filter((result) => 'refused' in result).every((result) => 'refused' in result && result.refused === 'project_daily')).toBe(true);
    const day = new Date().toISOString().slice(0, 10);
    const counted = await db().prepare('SELECT key, count FROM cofounder_usage WHERE day = ? AND key LIKE ?').bind(day, `%${projectId}%`).all();
    // Counted for the project, 10 times, and for no member, whose cap of 1 would have stopped the second.
    expect(counted.results).toEqual([{ key: `project:${projectId}`, count: 10 }]);
  });
});

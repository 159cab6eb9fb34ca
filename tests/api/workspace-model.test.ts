import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { db } from '../utils';
import { answerEnd, chatRequest, lane, openSocket, ownerWithProject, send, storedMessages, textOf, type ModelRequestBody } from './workspace-support';

const systemText = (body: ModelRequestBody) =>
  body.messages
    .filter((message) => message.role === 'system')
    .map((message) => String(message.content))
    .join('\n');
const today = () => new Date().toISOString().slice(0, 10);
const usage = async (key: string) =>
  (await db().prepare('SELECT count FROM cofounder_usage WHERE day = ? AND key = ?').bind(today(), key).first<{ count: number }>())?.count ?? 0;

const IDEA = {
  title: 'Waiting-list filler for clinics',
  problem: 'Cancelled appointments leave chairs empty.',
  whoHasIt: 'Practice managers of small dental clinics.',
  proposedSolution: 'Texts the waiting list when a slot frees up.',
  whyNow: 'Patients expect to rebook by text.',
  riskiestAssumption: 'Clinics will trust automated messages to patients.',
  openQuestions: ['How many slots are lost a week?'],
};

describe('the co-founder model call', () => {
  it('sends a critical stance, the phase 1 guide, the memory and the language instruction, bounded', async () => {
    const model = await lane({ replies: [{ content: 'Claro.' }] });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const sent = send(socket, `Quiero crear una app para dentistas ${model.tag}`);
    await answerEnd(socket, sent.requestId);
    const [body] = await model.bodies();
    const system = systemText(body!);
    expect(system).toMatch(/critical rather than flattering/);
    expect(system).toMatch(/Weakest assumption:/);
    expect(system).toMatch(/Brainstorming from scratch/);
    expect(system).toMatch(/Problem-first thinking/);
    expect(system).toContain("Answer in the language of the founder's latest message");
    expect(system).toContain(`the founder's latest message begins "Quiero crear una app para dentistas`);
    expect(body!.max_completion_tokens ?? body!.max_tokens).toBe(1200);
    expect(body!.tools!.map((tool) => tool.function.name).sort()).toEqual([
      'ask_multiple_choice',
      'draft_research_page',
      'place_canvas_notes',
      'read_research_responses',
      'save_chosen_idea',
      'save_scale_estimate',
      'search_discussions',
      'update_memory',
      'write_memory',
    ]);
    // Privacy mode is off: the provider is not asked to skip storage.
    expect(body!.store).toBeUndefined();
    socket.close();
  });

  it('asks the provider not to store the conversation when a member has privacy mode on', async () => {
    const model = await lane({ replies: [{ content: 'Private answer.' }] });
    const { jar, projectId, email } = await ownerWithProject();
    await db().prepare('UPDATE users SET privacy_mode = 1 WHERE email = ?').bind(email).run();
    const socket = await openSocket(projectId, jar);
    const sent = send(socket, `Secret idea ${model.tag}`);
    await answerEnd(socket, sent.requestId);
    const [body] = await model.bodies();
    expect(body!.store).toBe(false);
    socket.close();
  });

  it('writes memory through a valid tool call, broadcast to every member', async () => {
    const model = await lane({
      replies: [
        {
          toolCalls: [{ name: 'write_memory', arguments: { kind: 'target_users', title: 'Dental practice managers', body: 'Managers of 2–6 chair clinics.' } }],
        },
        { content: 'Saved who it is for.' },
      ],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const sent = send(socket, `It is for practice managers ${model.tag}`);
    await answerEnd(socket, sent.requestId);
    const state = await socket.waitFor((frame) => frame.type === 'cf_agent_state' && (frame.state as { memory: unknown[] }).memory.length === 1);
    expect((state.state as { memory: unknown[] }).memory[0]).toMatchObject({
      kind: 'target_users',
      title: 'Dental practice managers',
      body: 'Managers of 2–6 chair clinics.',
      author: { kind: 'cofounder' },
      version: 1,
    });
    const bodies = await model.bodies();
    expect(bodies).toHaveLength(2);
    expect(JSON.stringify(bodies[1]!.messages)).toContain('saved');
    socket.close();
  });

  it('reports a wrong tool argument back to the model and writes nothing', async () => {
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'write_memory', arguments: { kind: 'secret_plan', title: '', body: 'x'.repeat(5000) } }] },
        { toolCalls: [{ name: 'save_chosen_idea', arguments: '{"title": "half an idea"' }] },
        { content: 'I could not save that.' },
      ],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const sent = send(socket, `Save something ${model.tag}`);
    await answerEnd(socket, sent.requestId);
    const bodies = await model.bodies();
    expect(bodies).toHaveLength(3);
    const toolResults = bodies[2]!.messages.filter((message) => message.role === 'tool').map((message) => JSON.stringify(message.content));
    expect(toolResults).toHaveLength(2);
    for (const result of toolResults) expect(result).toMatch(/invalid|error/i);
    expect(socket.latestState<{ memory: unknown[] }>()!.memory).toEqual([]);
    expect(await db().prepare('SELECT count(*) AS n FROM project_phases WHERE project_id = ?').bind(projectId).first('n')).toBe(0);
    socket.close();
  });

  it('asks a multiple-choice question as a tool the app renders, and ends the turn there', async () => {
    const choices = ['I have a problem in mind', 'Help me brainstorm ideas'];
    const model = await lane({
      replies: [{ content: 'Let us start.', toolCalls: [{ name: 'ask_multiple_choice', arguments: { question: 'How do you want to start?', choices } }] }],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const sent = send(socket, `Hi ${model.tag}`);
    await answerEnd(socket, sent.requestId);
    expect(await model.requests()).toHaveLength(1);
    const answer = (await storedMessages(projectId, jar))[1]!;
    const part = answer.parts.find((candidate) => candidate.type === 'tool-ask_multiple_choice');
    expect(part).toMatchObject({ state: 'output-available', input: { question: 'How do you want to start?', choices } });
    socket.close();
  });

  it('saves the chosen idea, marks phase 1 done in D1 and offers phase 2', async () => {
    const model = await lane({
      replies: [{ toolCalls: [{ name: 'save_chosen_idea', arguments: IDEA }] }, { content: 'Phase 1 is done.' }, { content: 'Phase 2 then.' }],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const sent = send(socket, `Let us go with the clinics ${model.tag}`);
    await answerEnd(socket, sent.requestId);
    // The state broadcast may trail the end of the answer's stream.
    const frame = await socket.waitFor(
      (candidate) => candidate.type === 'cf_agent_state' && (candidate.state as { phases: { done: number[] } }).phases.done.length > 0,
    );
    const state = frame.state as { phases: { done: number[]; current: number }; memory: { kind: string; idea: object }[] };
    // The founders move on to phase 2 with it; a Free project opens phases 1 and 2.
    expect(state.phases).toEqual({ done: [1], current: 2, unlocked: [1, 2] });
    const { title, ...idea } = IDEA;
    expect(state.memory).toMatchObject([{ kind: 'chosen_idea', title, idea }]);
    expect(await db().prepare('SELECT phase FROM project_phases WHERE project_id = ?').bind(projectId).first('phase')).toBe(1);
    // The next turn's prompt carries the chosen idea from the memory, and the new phase.
    const next = send(socket, `What now? ${model.tag}`);
    await answerEnd(socket, next.requestId);
    const nextSystem = systemText((await model.bodies())[2]!);
    expect(nextSystem).toContain('riskiest assumption: Clinics will trust automated messages to patients.');
    expect(nextSystem).toContain('- Phase 1, "Find an idea" (done)');
    expect(nextSystem).toContain(`- Phase 2, "Estimate the problem's scale and impact" (the founders are working in it now)`);
    // Only the guide of the phase worked in: phase 2's, not phase 1's.
    expect(nextSystem).toContain('Call search_discussions with 2 to 4 short phrases');
    expect(nextSystem).not.toContain('Brainstorming from scratch');
    socket.close();
  });
});

describe('when the model fails', () => {
  const FAULTS = [
    { name: 'a 500', reply: { status: 500 }, partial: '', retried: true },
    { name: 'a 429', reply: { status: 429 }, partial: '', retried: true },
    { name: 'a stall', reply: { content: 'Half of an answer that then stalls.', stallAfterChars: 12 }, partial: 'Half of an a' },
    { name: 'a malformed chunk', reply: { content: 'Some text before garbage.', malformedAfterChars: 8 }, partial: 'Some tex' },
    { name: 'a stream that stops halfway', reply: { content: 'A sentence that never finishes.', closeAfterChars: 8 }, partial: 'A senten' },
    {
      name: 'an oversized answer',
      reply: { content: 'too long '.repeat(2000), chunkChars: 450 },
      partial: 'too long ',
      failure: 'The answer grew too long and was cut off.',
    },
  ];

  for (const fault of FAULTS) {
    it(`stores ${fault.name} as failed with its partial text, charges nothing, and Retry answers again`, async () => {
      // An error status is retried once (maxRetries 1), so it is scripted twice; a broken stream is not retried.
      const model = await lane({ replies: [...(fault.retried ? [fault.reply, fault.reply] : [fault.reply]), { content: 'A complete answer.' }] });
      const { jar, projectId } = await ownerWithProject();
      const before = await usage(`project:${projectId}`);
      const globalBefore = (await db().prepare('SELECT requests FROM llm_daily_usage WHERE day = ?').bind(today()).first<number>('requests')) ?? 0;
      const socket = await openSocket(projectId, jar);
      const sent = send(socket, `Test the failure ${model.tag}`);
      await answerEnd(socket, sent.requestId, 15_000);

      const stored = await storedMessages(projectId, jar);
      const failed = stored.at(-1)!;
      expect(failed.role).toBe('assistant');
      expect(failed.metadata).toMatchObject({ author: { kind: 'cofounder' }, status: 'failed' });
      expect(failed.metadata!.failure).toMatch(/retry/i);
      if (fault.failure) expect(failed.metadata!.failure).toContain(fault.failure);
      expect(failed.metadata!.failure).not.toMatch(/Fake upstream|500|429/);
      expect(textOf(failed).startsWith(fault.partial)).toBe(true);
      // Cut within one chunk (at most 450 characters here) of the 12,000-character cap.
      expect(textOf(failed).length).toBeLessThanOrEqual(12_000 + 450);
      expect(await model.requests()).toHaveLength(fault.retried ? 2 : 1);
      expect(await usage(`project:${projectId}`)).toBe(before);
      expect((await db().prepare('SELECT requests FROM llm_daily_usage WHERE day = ?').bind(today()).first<number>('requests')) ?? 0).toBeLessThanOrEqual(
        globalBefore,
      );

      // Other members see the same failed state, and Retry regenerates it.
      const retry = send(socket, '', { trigger: 'regenerate-message', history: stored.slice(0, -1) });
      await answerEnd(socket, retry.requestId, 15_000);
      const after = await storedMessages(projectId, jar);
      expect(after).toHaveLength(2);
      expect(textOf(after[1])).toBe('A complete answer.');
      expect(after[1]!.metadata!.status).toBe('complete');
      expect(await usage(`project:${projectId}`)).toBe(before + 1);
      socket.close();
    });
  }

  it('refuses Retry when there is no answer to write again (the latest message is a note to the team)', async () => {
    const model = await lane({ replies: [{ content: 'Fine answer.' }] });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const note = chatRequest(`Just a note ${model.tag}`);
    socket.send({ ...note.frame, init: { method: 'POST', body: JSON.stringify({ ...(JSON.parse(note.frame.init.body) as object), note: true }) } });
    await answerEnd(socket, note.requestId);
    const stored = await storedMessages(projectId, jar);
    const retry = send(socket, '', { trigger: 'regenerate-message', history: stored });
    expect(await socket.waitFor((frame) => frame.type === 'send_refused' && frame.requestId === retry.requestId)).toMatchObject({ reason: 'invalid' });
    expect(await storedMessages(projectId, jar)).toEqual(stored);
    expect(env.COFOUNDER).toBeTruthy();
    socket.close();
  });
});

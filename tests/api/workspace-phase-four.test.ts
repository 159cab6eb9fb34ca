import { describe, expect, it } from 'vitest';
import type { MemoryEntry } from '#contracts/workspace';
import { db, postJson } from '../utils';
import {
  addCollaborator,
  answerEnd,
  lane,
  type ModelRequestBody,
  openSocket,
  ownerWithProject,
  PERSONA,
  send,
  storedMessages,
  type TestSocket,
} from './workspace-support';

/**
 * Phase 4 in the workspace: personas whose quotes are verbatim excerpts of what the tools
 * returned, with their link, and whose other claims cite evidence or say they are assumptions;
 * the product's avatar; accepting one completes the phase; Free projects are not offered it.
 */

type State = { phases: { done: number[] }; memory: MemoryEntry[]; newResearchAnswers: number };
const toolResults = (body: ModelRequestBody) => body.messages.filter((message) => message.role === 'tool').map((message) => JSON.stringify(message.content));
const waitForState = (socket: TestSocket, test: (state: State) => boolean, what = 'a state') =>
  socket.waitFor((frame) => frame.type === 'cf_agent_state' && test(frame.state as State), { what }).then((frame) => frame.state as State);

describe('personas', () => {
  it('quote only what the tools returned, word for word, and accepting one completes phase 4 in D1', async () => {
    const owner = await ownerWithProject();
    await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
    const socket = await openSocket(owner.projectId, owner.jar);
    const phrase = `clinic cancellations ${crypto.randomUUID().slice(0, 8)}`;
    const model = await lane({
      replies: [{ toolCalls: [{ name: 'search_discussions', arguments: { queries: [phrase] } }] }, { content: 'Found discussions.' }],
    });
    await answerEnd(socket, send(socket, `Search ${model.tag}`).requestId);
    const output = (await storedMessages(owner.projectId, owner.jar)).at(-1)!.parts.find((part) => part.type === 'tool-search_discussions')!.output as {
      discussions: { url: string; excerpt: string }[];
    };
    const discussion = output.discussions.find((candidate) => candidate.excerpt.length > 20)!;
    const excerpt = discussion.excerpt.slice(0, 20);

    await fetch(`${(await import('cloudflare:workers')).env.FAKE_COFOUNDER_MODEL_URL}/__lanes/${model.tag}`, {
      method: 'POST',
      body: JSON.stringify({
        replies: [
          {
            toolCalls: [
              {
                name: 'save_persona',
                arguments: { name: 'Dana Whitfield', persona: { ...PERSONA, quotes: [{ text: 'I would pay anything for this', url: discussion.url }] } },
              },
              {
                name: 'save_persona',
                arguments: { name: 'Dana Whitfield', persona: { ...PERSONA, quotes: [{ text: excerpt, url: 'https://invented.example/thread' }] } },
              },
              {
                name: 'save_persona',
                arguments: { name: 'Dana Whitfield', persona: { ...PERSONA, reachAt: [{ name: 'A forum', url: 'https://made-up.example/forum' }] } },
              },
              { name: 'save_persona', arguments: { name: 'Dana Whitfield', persona: { ...PERSONA, jobStories: ['Clinics want fewer cancellations.'] } } },
              {
                name: 'save_persona',
                arguments: {
                  name: 'Dana Whitfield',
                  persona: { ...PERSONA, quotes: [{ text: excerpt, url: discussion.url }], pains: [{ text: 'Late cancellations.', source: discussion.url }] },
                },
              },
            ],
          },
          { content: 'Saved Dana.' },
        ],
      }),
    });
    await answerEnd(socket, send(socket, `Personas ${model.tag}`).requestId);
    const results = toolResults((await model.bodies()).at(-1)!).slice(-5);
    expect(results[0]).toMatch(/not a verbatim excerpt/);
    expect(results[1]).toMatch(/not a verbatim excerpt/);
    expect(results[2]).toMatch(/made-up\.example\/forum was not returned/);
    expect(results[3]).toMatch(/When …, I want to …, so I can …/);
    expect(results[4]).toMatch(/saved/);

    const state = await waitForState(socket, (candidate) => candidate.memory.some((entry) => entry.kind === 'persona'));
    const personas = state.memory.filter((entry) => entry.kind === 'persona') as Extract<MemoryEntry, { kind: 'persona' }>[];
    expect(personas).toHaveLength(1);
    expect(personas[0]!.persona.quotes).toEqual([{ text: excerpt, url: discussion.url }]);
    expect(personas[0]!.persona.avatarUrl).toMatch(/^\/api\/free-tools\/avatar\.svg\?name=Dana\+Whitfield&age=44/);
    // The avatar is the product's own picture.
    const avatar = await (await import('../utils')).request(personas[0]!.persona.avatarUrl!);
    expect(avatar.headers.get('Content-Type')).toBe('image/svg+xml');

    socket.send({ type: 'memory_accept', requestId: 'accept', id: personas[0]!.id, baseVersion: personas[0]!.version });
    expect(await socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'accept')).toMatchObject({ ok: true });
    expect(
      (await db().prepare('SELECT phase FROM project_phases WHERE project_id = ?').bind(owner.projectId).all<{ phase: number }>()).results.map(
        (row) => row.phase,
      ),
    ).toEqual([4]);
    socket.close();
  });

  it('are not offered on Free', async () => {
    const model = await lane({ replies: [{ content: 'Free.' }] });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    await answerEnd(socket, send(socket, `Personas ${model.tag}`).requestId);
    expect(((await model.bodies())[0]!.tools ?? []).map((tool) => tool.function.name)).not.toContain('save_persona');
    socket.close();
  });
});

describe('a new batch of research answers', () => {
  const systemText = (body: ModelRequestBody) =>
    body.messages
      .filter((message) => message.role === 'system')
      .map((message) => String(message.content))
      .join('\n');
  const QUESTION = 'How do you fill a cancelled slot?';
  const answer = (urlKey: string, response: string) =>
    postJson(`/api/research/${urlKey}/submit`, { responses: [{ sequence: 1, question: QUESTION, response }] });

  it('counts the answers that arrived after the personas were written, tells the co-founder in phase 4, and is cleared by accepting them', async () => {
    const owner = await ownerWithProject();
    await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
    const created = await postJson(
      `/api/research/projects/${owner.projectId}/pages`,
      { title: 'Cancellations', questions: [{ text: QUESTION, type: 'text' }] },
      {},
      { jar: owner.jar },
    );
    const { page } = await created.json<{ page: { url_key: string } }>();
    // Answered before there is any persona: nothing to update.
    expect((await answer(page.url_key, 'We phone down a paper list.')).status).toBe(200);

    const socket = await openSocket(owner.projectId, owner.jar);
    expect(socket.latestState<State>()!.newResearchAnswers).toBe(0);
    // One lane for the whole conversation: the fake picks it by a tag anywhere in the transcript.
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'save_persona', arguments: { name: 'Dana Whitfield', persona: PERSONA } }] },
        { content: 'Saved Dana.' },
        { content: 'Two new answers: one confirms Dana.' },
        { content: 'One more answer.' },
      ],
    });
    await answerEnd(socket, send(socket, `Personas ${model.tag}`).requestId);
    const saved = await waitForState(socket, (state) => state.memory.some((entry) => entry.kind === 'persona'));
    // The answer from before the persona was written is not new to it.
    expect(saved.newResearchAnswers).toBe(0);

    // Two respondents answer after the persona was written; a member who opens the workspace sees it.
    for (const text of ['We text the next patient.', 'Nobody answers on Mondays.']) expect((await answer(page.url_key, text)).status).toBe(200);
    const collaborator = await addCollaborator(owner.jar, owner.projectId);
    const other = await openSocket(owner.projectId, collaborator.jar);
    expect((await waitForState(other, (state) => state.newResearchAnswers === 2)).newResearchAnswers).toBe(2);

    // A member renaming the persona has read no answers: they stay new (the next turn reads the count again).
    const written = other.latestState<State>()!.memory.find((entry) => entry.kind === 'persona') as MemoryEntry & { persona: typeof PERSONA };
    other.send({
      type: 'memory_update',
      requestId: 'typo',
      id: written.id,
      baseVersion: written.version,
      content: { kind: 'persona', title: 'Dana Whitfield-Okafor', persona: written.persona },
    });
    expect(await other.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'typo')).toMatchObject({ ok: true });

    // The next turn's prompt tells the co-founder to propose the update, in phase 4 or (below) after it is done.
    socket.send({ type: 'phase_open', requestId: 'open-4', phase: 4 });
    expect(await socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'open-4')).toMatchObject({ ok: true });
    await answerEnd(socket, send(socket, 'What next?').requestId);
    const talk = (await model.bodies())[2]!;
    const system = systemText(talk);
    expect(system).toContain('2 research-page answers have arrived since the personas of phase 4 were last written or accepted. Bring it up yourself');
    expect(system).toContain('read them with read_research_responses');
    expect((talk.tools ?? []).map((tool) => tool.function.name)).toEqual(expect.arrayContaining(['read_research_responses', 'save_persona']));

    // Accepting the persona means the founders looked at it now: the count starts again from zero, for every member;
    // phase 4 is then done and the founders work elsewhere, where the prompt still says it.
    const persona = socket.latestState<State>()!.memory.find((entry) => entry.kind === 'persona')!;
    other.send({ type: 'memory_accept', requestId: 'accept', id: persona.id, baseVersion: persona.version });
    expect(await other.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'accept')).toMatchObject({ ok: true });
    await waitForState(socket, (state) => state.newResearchAnswers === 0 && state.memory.some((entry) => entry.acceptedAt !== undefined));
    expect((await answer(page.url_key, 'We lose two slots a week.')).status).toBe(200);
    await answerEnd(socket, send(socket, 'And now?').requestId);
    const elsewhere = systemText((await model.bodies())[3]!);
    expect(elsewhere).toContain('Phase 4, "Define user personas" (done)');
    expect(elsewhere).toContain('1 research-page answer has arrived since the personas');
    expect((await waitForState(other, (state) => state.newResearchAnswers === 1)).newResearchAnswers).toBe(1);
    socket.close();
    other.close();
  });

  it('reach the members watching as they arrive, and 50 answers at once are counted exactly', async () => {
    const owner = await ownerWithProject();
    await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
    const created = await postJson(
      `/api/research/projects/${owner.projectId}/pages`,
      { title: 'Cancellations', questions: [{ text: QUESTION, type: 'text' }] },
      {},
      { jar: owner.jar },
    );
    const { page } = await created.json<{ page: { url_key: string } }>();
    const socket = await openSocket(owner.projectId, owner.jar);
    const model = await lane({
      replies: [{ toolCalls: [{ name: 'save_persona', arguments: { name: 'Dana Whitfield', persona: PERSONA } }] }, { content: 'Saved Dana.' }],
    });
    await answerEnd(socket, send(socket, `Personas ${model.tag}`).requestId);
    await waitForState(socket, (state) => state.memory.some((entry) => entry.kind === 'persona'));

    // Nobody reconnects and nobody talks: the open workspace is told.
    expect((await answer(page.url_key, 'We phone down a paper list.')).status).toBe(200);
    await waitForState(socket, (state) => state.newResearchAnswers === 1);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => answer(page.url_key, `Answer ${index}`)));
    expect(answers.map((response) => response.status)).toEqual(Array(50).fill(200));
    // Fifty reads race each other; the count ends at the truth and never goes back.
    await waitForState(socket, (state) => state.newResearchAnswers === 51, 'all 51 answers counted');
    const counts = socket.frames.filter((frame) => frame.type === 'cf_agent_state').map((frame) => (frame.state as State).newResearchAnswers);
    expect(counts.slice(counts.indexOf(1))).toEqual([...counts.slice(counts.indexOf(1))].sort((a, b) => a - b));
    socket.close();
  });

  it('are not counted for a project without personas, whatever its pages receive', async () => {
    const owner = await ownerWithProject();
    const created = await postJson(
      `/api/research/projects/${owner.projectId}/pages`,
      { title: 'Cancellations', questions: [{ text: QUESTION, type: 'text' }] },
      {},
      { jar: owner.jar },
    );
    const { page } = await created.json<{ page: { url_key: string } }>();
    expect((await answer(page.url_key, 'We phone down a paper list.')).status).toBe(200);
    const model = await lane({ replies: [{ content: 'No personas yet.' }] });
    const socket = await openSocket(owner.projectId, owner.jar);
    await answerEnd(socket, send(socket, `Hello ${model.tag}`).requestId);
    expect(socket.latestState<State>()!.newResearchAnswers).toBe(0);
    expect(systemText((await model.bodies())[0]!)).not.toContain('arrived since the personas');
    socket.close();
  });
});

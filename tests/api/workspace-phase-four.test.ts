import { describe, expect, it } from 'vitest';
import type { MemoryEntry } from '#contracts/workspace';
import { db } from '../utils';
import { answerEnd, lane, openSocket, ownerWithProject, send, storedMessages, type ModelRequestBody, type TestSocket } from './workspace-support';

/**
 * Phase 4 in the workspace: personas whose quotes are verbatim excerpts of what the tools
 * returned, with their link, and whose other claims cite evidence or say they are assumptions;
 * the product's avatar; accepting one completes the phase; Free projects are not offered it.
 */

type State = { phases: { done: number[] }; memory: MemoryEntry[] };
const toolResults = (body: ModelRequestBody) => body.messages.filter((message) => message.role === 'tool').map((message) => JSON.stringify(message.content));
const waitForState = (socket: TestSocket, test: (state: State) => boolean) => socket.waitFor((frame) => frame.type === 'cf_agent_state' && test(frame.state as State), { what: 'a state' }).then((frame) => frame.state as State);

const PERSONA = {
  role: 'Practice manager',
  age: 44,
  situation: 'Runs the schedule of a four-chair clinic.',
  jobs: { functional: ['Keep chairs booked'], social: [], emotional: ['Stop dreading cancellations'] },
  pains: [{ text: 'Late cancellations.', source: 'assumption' }],
  gains: [{ text: 'Slots refilled without calls.', source: 'assumption' }],
  usesToday: ['A paper waiting list'],
  reachAt: [],
  jobStories: ['When a patient cancels, I want to text the waiting list, so I can keep the chair busy.'],
  earlyAdopter: 'Clinics with a waiting list already.',
  quotes: [],
  confidence: 'low',
  confidenceReasons: 'Mostly assumptions.',
};

describe('personas', () => {
  it('quote only what the tools returned, word for word, and accepting one completes phase 4 in D1', async () => {
    const owner = await ownerWithProject();
    await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
    const socket = await openSocket(owner.projectId, owner.jar);
    const phrase = `clinic cancellations ${crypto.randomUUID().slice(0, 8)}`;
    const model = await lane({ replies: [{ toolCalls: [{ name: 'search_discussions', arguments: { queries: [phrase] } }] }, { content: 'Found discussions.' }] });
    await answerEnd(socket, send(socket, `Search ${model.tag}`).requestId);
    const output = (await storedMessages(owner.projectId, owner.jar)).at(-1)!.parts.find((part) => part.type === 'tool-search_discussions')!.output as { discussions: { url: string; excerpt: string }[] };
    const discussion = output.discussions.find((candidate) => candidate.excerpt.length > 20)!;
    const excerpt = discussion.excerpt.slice(0, 20);

    await fetch(`${(await import('cloudflare:workers')).env.FAKE_COFOUNDER_MODEL_URL}/__lanes/${model.tag}`, {
      method: 'POST',
      body: JSON.stringify({
        replies: [
          {
            toolCalls: [
              { name: 'save_persona', arguments: { name: 'Dana Whitfield', persona: { ...PERSONA, quotes: [{ text: 'I would pay anything for this', url: discussion.url }] } } },
              { name: 'save_persona', arguments: { name: 'Dana Whitfield', persona: { ...PERSONA, quotes: [{ text: excerpt, url: 'https://invented.example/thread' }] } } },
              { name: 'save_persona', arguments: { name: 'Dana Whitfield', persona: { ...PERSONA, reachAt: [{ name: 'A forum', url: 'https://made-up.example/forum' }] } } },
              { name: 'save_persona', arguments: { name: 'Dana Whitfield', persona: { ...PERSONA, jobStories: ['Clinics want fewer cancellations.'] } } },
              { name: 'save_persona', arguments: { name: 'Dana Whitfield', persona: { ...PERSONA, quotes: [{ text: excerpt, url: discussion.url }], pains: [{ text: 'Late cancellations.', source: discussion.url }] } } },
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
    expect(await socket.waitFor((frame) => frame.type === 'memory_result' && frame.requestId === 'accept')).toMatchObject({ ok: true });
    expect((await db().prepare('SELECT phase FROM project_phases WHERE project_id = ?').bind(owner.projectId).all<{ phase: number }>()).results.map((row) => row.phase)).toEqual([4]);
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

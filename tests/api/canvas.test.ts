import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CANVAS_LIMITS, type CanvasItem, type CanvasNote } from '#contracts/canvas';
import { memberLeft } from '../../worker/agents/project-lifecycle';
import { db, request, signedInUser } from '../utils';
import { addCollaborator, answerEnd, lane, openSocket, ownerWithProject, send, upgrade, type Frame, type TestSocket } from './workspace-support';

/**
 * The canvas in the project's object (docs/decisions/0045-canvas.md): one small frame per change,
 * versioned per item, limits that hold under concurrency, the co-founder's proposals, and only
 * trusted members writing.
 */

let counter = 0;
const nextId = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}`;

const note = (overrides: Partial<CanvasNote> = {}) => ({
  kind: 'note' as const,
  id: nextId('note'),
  text: 'A note',
  colour: 'yellow' as const,
  x: 0,
  y: 0,
  width: 200,
  height: 120,
  frameId: null,
  ...overrides,
});

/** Sends a change and resolves with its answer. */
async function change(socket: TestSocket, frame: Record<string, unknown>): Promise<Frame> {
  const requestId = nextId('req');
  const from = socket.frames.length;
  socket.send({ ...frame, requestId });
  return socket.waitFor((reply) => reply.type === 'request_result' && reply.requestId === requestId, { from, what: `the answer to ${String(frame.type)}` });
}

async function board(socket: TestSocket): Promise<CanvasItem[]> {
  const requestId = nextId('read');
  socket.send({ type: 'canvas_read', requestId });
  const reply = await socket.waitFor((frame) => frame.type === 'canvas_board' && frame.requestId === requestId, { what: 'the board' });
  return reply.items as CanvasItem[];
}

const notesOf = (items: CanvasItem[]) => items.filter((item): item is CanvasNote => item.kind === 'note');
const changedFrames = (socket: TestSocket) => socket.frames.filter((frame) => frame.type === 'canvas_changed');

describe('canvas changes', () => {
  it('from two members at once are all kept, each reaching the other as one small frame', async () => {
    const { jar, projectId } = await ownerWithProject();
    const collaborator = await addCollaborator(jar, projectId);
    const owner = await openSocket(projectId, jar);
    const other = await openSocket(projectId, collaborator.jar);
    expect(await board(owner)).toEqual([]);

    const ownerNotes = Array.from({ length: 25 }, (_, i) => note({ text: `Owner ${i}`, x: i * 10 }));
    const otherNotes = Array.from({ length: 25 }, (_, i) => note({ text: `Collaborator ${i}`, y: i * 10, colour: 'blue' }));
    const answers = await Promise.all([
      ...ownerNotes.map((item) => change(owner, { type: 'canvas_create', item })),
      ...otherNotes.map((item) => change(other, { type: 'canvas_create', item })),
    ]);
    expect(answers.every((answer) => answer.ok === true)).toBe(true);

    // Both edit different notes at the same moment: no conflict, every edit lands.
    const moves = await Promise.all([
      ...ownerNotes.slice(0, 10).map((item) => change(owner, { type: 'canvas_update', id: item.id, baseVersion: 1, patch: { kind: 'note', x: 500 } })),
      ...otherNotes
        .slice(0, 10)
        .map((item) => change(other, { type: 'canvas_update', id: item.id, baseVersion: 1, patch: { kind: 'note', text: 'Edited', colour: 'green' } })),
    ]);
    expect(moves.every((answer) => answer.ok === true)).toBe(true);

    const third = await openSocket(projectId, jar);
    const notes = notesOf(await board(third));
    expect(notes).toHaveLength(50);
    expect(notes.filter((item) => item.x === 500 && item.version === 2)).toHaveLength(10);
    expect(notes.filter((item) => item.text === 'Edited' && item.colour === 'green' && item.author.kind === 'member')).toHaveLength(10);

    // Each member heard every change of the other, one frame per note, never the board.
    await other.waitFor(() => changedFrames(other).length >= 35, { what: "the owner's 35 changes" });
    await owner.waitFor(() => changedFrames(owner).length >= 35, { what: "the collaborator's 35 changes" });
    for (const frame of changedFrames(other)) expect(JSON.stringify(frame).length).toBeLessThan(1000);
    expect(changedFrames(other).map((frame) => (frame.item as CanvasNote).id)).toEqual(expect.arrayContaining(ownerNotes.map((item) => item.id)));
    // The shared state the SDK broadcasts whole never carries the board.
    expect(JSON.stringify(owner.latestState())).not.toContain(ownerNotes[0]!.id);
    for (const socket of [owner, other, third]) socket.close();
  });

  it('on the same note end in one state: the later edit is refused with the note as it is now', async () => {
    const { jar, projectId } = await ownerWithProject();
    const collaborator = await addCollaborator(jar, projectId);
    const owner = await openSocket(projectId, jar);
    const other = await openSocket(projectId, collaborator.jar);
    const item = note({ text: 'Shared' });
    await change(owner, { type: 'canvas_create', item });
    const [first, second] = await Promise.all([
      change(owner, { type: 'canvas_update', id: item.id, baseVersion: 1, patch: { kind: 'note', text: 'Owner wording' } }),
      change(other, { type: 'canvas_update', id: item.id, baseVersion: 1, patch: { kind: 'note', x: 300 } }),
    ]);
    const answers = [first, second];
    expect(answers.filter((answer) => answer.ok === true)).toHaveLength(1);
    const refused = answers.find((answer) => answer.ok === false)!;
    expect(refused).toMatchObject({ reason: 'stale', current: { id: item.id, version: 2 } });
    expect(refused.error).toMatch(/changed this note first: your change was not applied/);
    const winner = answers.find((answer) => answer.ok === true)!.value as CanvasNote;
    expect(refused.current).toEqual(winner);
    expect(notesOf(await board(owner))).toEqual([winner]);
    expect(notesOf(await board(other))).toEqual([winner]);

    // A delete from an old version is refused too; from the current one it goes, with its connectors.
    const second_ = note({ text: 'Second' });
    await change(owner, { type: 'canvas_create', item: second_ });
    const connector = { kind: 'connector', id: nextId('link'), from: item.id, to: second_.id };
    expect(await change(other, { type: 'canvas_create', item: connector })).toMatchObject({ ok: true });
    expect(await change(other, { type: 'canvas_create', item: { ...connector, id: nextId('link'), from: second_.id, to: item.id } })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(await change(other, { type: 'canvas_delete', kind: 'note', id: item.id, baseVersion: 1 })).toMatchObject({ ok: false, reason: 'stale' });
    expect(await change(other, { type: 'canvas_delete', kind: 'note', id: item.id, baseVersion: 2 })).toMatchObject({ ok: true });
    expect((await board(owner)).map((left) => left.id)).toEqual([second_.id]);
    await owner.waitFor((frame) => frame.type === 'canvas_changed' && (frame.removed as { id: string } | undefined)?.id === connector.id, {
      what: 'the connector going',
    });
    owner.close();
    other.close();
  });

  it('groups notes in frames, and a deleted frame leaves its notes unframed', async () => {
    const { jar, projectId } = await ownerWithProject();
    const owner = await openSocket(projectId, jar);
    const frame = { kind: 'frame', id: nextId('frame'), title: 'Open questions', x: -20, y: -40, width: 600, height: 400 };
    expect(await change(owner, { type: 'canvas_create', item: frame })).toMatchObject({ ok: true });
    const inside = note({ frameId: frame.id });
    expect(await change(owner, { type: 'canvas_create', item: inside })).toMatchObject({ ok: true, value: { frameId: frame.id } });
    expect(await change(owner, { type: 'canvas_create', item: note({ frameId: 'no-such-frame' }) })).toMatchObject({ ok: false, reason: 'not_found' });
    expect(await change(owner, { type: 'canvas_update', id: frame.id, baseVersion: 1, patch: { kind: 'frame', title: 'Questions' } })).toMatchObject({
      ok: true,
    });
    expect(await change(owner, { type: 'canvas_delete', kind: 'frame', id: frame.id, baseVersion: 2 })).toMatchObject({ ok: true });
    expect(await board(owner)).toEqual([expect.objectContaining({ id: inside.id, frameId: null, version: 2 })]);
    owner.close();
  });
});

describe('pointers', () => {
  it("are relayed to the other members, but a flood of them only at the app's own pace", async () => {
    const { jar, projectId } = await ownerWithProject();
    const collaborator = await addCollaborator(jar, projectId);
    const owner = await openSocket(projectId, jar);
    const other = await openSocket(projectId, collaborator.jar);
    const cursors = () => other.frames.filter((frame) => frame.type === 'canvas_cursor');

    for (let i = 0; i < 200; i++) owner.send({ type: 'canvas_cursor', x: i, y: i });
    // A frame after the flood, answered in order: every pointer before it has been handled.
    await board(owner);
    await other.waitFor((frame) => frame.type === 'canvas_cursor', { what: 'a pointer' });
    const relayedInFlood = cursors().length;
    expect(relayedInFlood).toBeGreaterThanOrEqual(1);
    expect(relayedInFlood).toBeLessThan(20);
    expect(cursors()[0]).toMatchObject({ type: 'canvas_cursor', x: 0, y: 0 });

    // At the app's pace, each is relayed.
    for (let i = 0; i < 3; i++) {
      await new Promise((done) => setTimeout(done, CANVAS_LIMITS.cursorIntervalMs));
      owner.send({ type: 'canvas_cursor', x: 1000 + i, y: 5 });
      await other.waitFor((frame) => frame.type === 'canvas_cursor' && frame.x === 1000 + i, { what: `pointer ${i}` });
    }
  });
});

describe('canvas limits', () => {
  it('refuse bad input whole with a clear message, and change nothing', async () => {
    const { jar, projectId } = await ownerWithProject();
    const owner = await openSocket(projectId, jar);
    const cases: [Record<string, unknown>, RegExp][] = [
      [note({ text: 'x'.repeat(CANVAS_LIMITS.noteText + 1) }), /to 1000 characters or fewer/],
      [note({ text: '   ' }), /Please write something/],
      [note({ text: 'bell\u0007' }), /control characters/],
      [note({ x: 1e9 }), /./],
      [note({ width: 5 }), /./],
      [{ ...note(), colour: 'red' }, /./],
      [{ ...note(), extra: true }, /./],
    ];
    for (const [item, message] of cases) {
      const answer = await change(owner, { type: 'canvas_create', item });
      expect(answer).toMatchObject({ ok: false, reason: 'invalid' });
      expect(answer.error).toMatch(message);
    }
    const item = note();
    await change(owner, { type: 'canvas_create', item });
    expect(await change(owner, { type: 'canvas_update', id: item.id, baseVersion: 1, patch: { kind: 'note', text: 'fine', width: 2 } })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(await board(owner)).toEqual([expect.objectContaining({ id: item.id, text: 'A note', version: 1 })]);
    owner.close();
  });

  it(`hold ${CANVAS_LIMITS.notes} notes under 50 simultaneous creates from two members`, async () => {
    const { jar, projectId } = await ownerWithProject();
    const collaborator = await addCollaborator(jar, projectId);
    const owner = await openSocket(projectId, jar);
    const other = await openSocket(projectId, collaborator.jar);
    const before = CANVAS_LIMITS.notes - 20;
    await Promise.all(Array.from({ length: before }, (_, i) => change(owner, { type: 'canvas_create', item: note({ text: `Note ${i}` }) })));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => change(i % 2 ? owner : other, { type: 'canvas_create', item: note({ text: `Late ${i}` }) })),
    );
    expect(answers.filter((answer) => answer.ok === true)).toHaveLength(20);
    const full = answers.filter((answer) => answer.ok === false);
    expect(full).toHaveLength(30);
    for (const answer of full)
      expect(answer).toMatchObject({ reason: 'full', error: `The canvas holds at most ${CANVAS_LIMITS.notes} notes: delete one first.` });
    expect(notesOf(await board(other))).toHaveLength(CANVAS_LIMITS.notes);
    owner.close();
    other.close();
  });
});

describe('pinning', () => {
  it("places an artifact's item right of the board as the member's note, linked to its entry, within the limit", async () => {
    const { jar, projectId } = await ownerWithProject();
    const owner = await openSocket(projectId, jar);
    const mine = note({ x: 40, width: 300 });
    await change(owner, { type: 'canvas_create', item: mine });
    const pinned = await change(owner, {
      type: 'canvas_pin',
      text: 'Problem: Cancelled appointments leave chairs empty.',
      pinnedFrom: { entryId: 'entry-1', title: 'Waiting-list filler' },
    });
    expect(pinned).toMatchObject({
      ok: true,
      value: {
        kind: 'note',
        text: 'Problem: Cancelled appointments leave chairs empty.',
        pinnedFrom: { entryId: 'entry-1', title: 'Waiting-list filler' },
        author: { kind: 'member' },
      },
    });
    expect((pinned.value as CanvasNote).x).toBeGreaterThanOrEqual(mine.x + mine.width);
    expect((pinned.value as CanvasNote).proposed).toBeUndefined();
    expect(
      await change(owner, { type: 'canvas_pin', text: 'x'.repeat(CANVAS_LIMITS.noteText + 1), pinnedFrom: { entryId: 'entry-1', title: 'Idea' } }),
    ).toMatchObject({ ok: false, reason: 'invalid' });
    expect(notesOf(await board(owner))).toHaveLength(2);

    // A message of the conversation is pinned the same way, linked to that message; a note comes from one place.
    const fromMessage = await change(owner, {
      type: 'canvas_pin',
      text: 'Clinics lose four slots a week.',
      pinnedFrom: { messageId: 'message-1', title: "Grace's message" },
    });
    expect(fromMessage).toMatchObject({ ok: true, value: { pinnedFrom: { messageId: 'message-1', title: "Grace's message" } } });
    expect(await change(owner, { type: 'canvas_pin', text: 'Both', pinnedFrom: { entryId: 'entry-1', messageId: 'message-1', title: 'Both' } })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(await change(owner, { type: 'canvas_pin', text: 'Neither', pinnedFrom: { title: 'Neither' } })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(notesOf(await board(owner))).toHaveLength(3);
    owner.close();
  });
});

describe("the co-founder's notes", () => {
  it("arrive as proposals beside the members' notes, linked to the message, and are kept or dismissed", async () => {
    const model = await lane({
      replies: [
        {
          toolCalls: [
            { name: 'place_canvas_notes', arguments: { notes: [{ text: 'Invented', sources: [{ title: 'Made up', url: 'https://invented.example/post' }] }] } },
          ],
        },
        {
          toolCalls: [
            {
              name: 'place_canvas_notes',
              arguments: {
                frameTitle: 'Open questions',
                notes: [{ text: 'Will clinics pay monthly?' }, { text: 'Who books the appointments?', colour: 'pink' }],
              },
            },
          ],
        },
        { content: 'I put two open questions on the canvas.' },
      ],
    });
    const { jar, projectId } = await ownerWithProject();
    const collaborator = await addCollaborator(jar, projectId);
    const owner = await openSocket(projectId, jar);
    const other = await openSocket(projectId, collaborator.jar);
    const mine = note({ text: 'Mine', x: 100, y: 50, width: 300 });
    await change(owner, { type: 'canvas_create', item: mine });

    const asked = send(owner, `Put the open questions on the canvas ${model.tag}`);
    await answerEnd(owner, asked.requestId, 20_000);
    const items = await board(other);
    const proposals = notesOf(items).filter((item) => item.proposed);
    // The invented link was refused whole: only the second call's notes exist.
    expect(proposals.map((item) => item.text)).toEqual(['Will clinics pay monthly?', 'Who books the appointments?']);
    for (const proposal of proposals) {
      expect(proposal).toMatchObject({ author: { kind: 'cofounder' }, origin: { messageId: asked.messageId, sources: [] } });
      expect(proposal.origin!.toolCallId).toBeTruthy();
      // Right of every member's note, never over one.
      expect(proposal.x).toBeGreaterThanOrEqual(mine.x + mine.width);
    }
    const frame = items.find((item) => item.kind === 'frame');
    expect(frame).toMatchObject({ title: 'Open questions' });
    expect(proposals.every((item) => item.frameId === frame!.id)).toBe(true);
    expect(notesOf(items).find((item) => item.id === mine.id)).toMatchObject({ text: 'Mine', version: 1 });
    // Every member saw them arrive live.
    await owner.waitFor(() => changedFrames(owner).filter((frame) => (frame.item as CanvasNote | undefined)?.proposed).length === 2, { what: 'the proposals' });

    const [kept, dismissed] = proposals;
    expect(await change(other, { type: 'canvas_keep', id: kept!.id, baseVersion: 1 })).toMatchObject({ ok: true, value: { id: kept!.id, version: 2 } });
    expect(await change(owner, { type: 'canvas_keep', id: kept!.id, baseVersion: 2 })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await change(owner, { type: 'canvas_delete', kind: 'note', id: dismissed!.id, baseVersion: 1 })).toMatchObject({ ok: true });
    const after = notesOf(await board(owner));
    const keptNow = after.find((item) => item.id === kept!.id)!;
    expect(keptNow.proposed).toBeUndefined();
    expect(keptNow.origin).toMatchObject({ messageId: asked.messageId });
    expect(after.map((item) => item.id).sort()).toEqual([kept!.id, mine.id].sort());

    const bodies = await model.bodies();
    expect(JSON.stringify(bodies[1]!.messages)).toContain('was not returned by your tools in this conversation');
    owner.close();
    other.close();
  });
});

describe('canvas access', () => {
  it('refuses anyone but a member, and a removed member writes nothing', async () => {
    const { jar, projectId } = await ownerWithProject();
    const stranger = await signedInUser();
    expect((await upgrade(projectId, stranger.jar)).status).toBe(404);
    const collaborator = await addCollaborator(jar, projectId);
    const socket = await openSocket(projectId, collaborator.jar);
    const userId = (await db().prepare('SELECT id FROM users WHERE email = ?').bind(collaborator.email).first<{ id: string }>())!.id;
    // Removed in D1 without the news reaching the object: the trust check on the write still holds.
    await db().prepare('DELETE FROM project_members WHERE project_id = ? AND user_id = ?').bind(projectId, userId).run();
    socket.send({ type: 'canvas_create', requestId: 'late', item: note() });
    expect((await socket.waitForClose()).code).toBe(4403);
    await memberLeft(env, projectId, userId);
    const owner = await openSocket(projectId, jar);
    expect(await board(owner)).toEqual([]);
    owner.close();
  });
});

describe('the account export', () => {
  it("carries the project's canvas for every member", async () => {
    const { jar, projectId } = await ownerWithProject();
    const collaborator = await addCollaborator(jar, projectId);
    const owner = await openSocket(projectId, jar);
    const item = note({ text: 'Exported note' });
    await change(owner, { type: 'canvas_create', item });
    owner.close();
    for (const member of [jar, collaborator.jar]) {
      const response = await request('/api/user/export', {}, { jar: member });
      expect(response.status).toBe(200);
      const data = await response.json<{ projects: { id: string; workspace: { canvas: CanvasItem[] } }[] }>();
      expect(data.projects.find((project) => project.id === projectId)!.workspace.canvas).toEqual([
        expect.objectContaining({ id: item.id, text: 'Exported note', version: 1 }),
      ]);
    }
  });
});

/**
 * A member's requests over the workspace's connection (app/pages/app/workspace/use-requests.ts),
 * against a scripted socket: each `request_result` settles the request it names and no other,
 * an answer to a request this hook did not send is ignored (the canvas view's hook shares the
 * connection), a request without an answer resolves as not answered after the time-out, and the
 * requests still waiting when the hook unmounts resolve the same way.
 */
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CanvasItem, CanvasNote } from '#contracts/canvas';
import type { RequestResultFrame } from '#contracts/workspace';
import CanvasView from '../../app/pages/app/workspace/canvas/CanvasView';
import { NO_ANSWER, REQUEST_TIMEOUT_MS, useRequests, type RequestResult } from '../../app/pages/app/workspace/use-requests';

class FakeSocket extends EventTarget {
  readyState = 1;
  readonly sent: Record<string, unknown>[] = [];
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  deliver(frame: Record<string, unknown>) {
    act(() => {
      this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
    });
  }
  last(type: string) {
    return this.sent.findLast((frame) => frame.type === type)!;
  }
}

/** The hook as the workspace uses it: it sends on the socket and is given every answer that arrives. */
function useSocketRequests(socket: FakeSocket, noAnswer?: string) {
  const requests = useRequests((text) => socket.send(text), noAnswer === undefined ? {} : { noAnswer });
  const { settle } = requests;
  useEffect(() => {
    const onMessage = (event: Event) => {
      const frame = JSON.parse((event as MessageEvent).data as string) as RequestResultFrame;
      if (frame.type === 'request_result') settle(frame);
    };
    socket.addEventListener('message', onMessage);
    return () => socket.removeEventListener('message', onMessage);
  }, [socket, settle]);
  return requests;
}

/** A request's promise, and what it resolved with so far (undefined while it waits). */
function track<Value>(promise: Promise<RequestResult<Value>>) {
  const tracked: { result: RequestResult<Value> | undefined } = { result: undefined };
  void promise.then((result) => (tracked.result = result));
  return tracked;
}
/** Lets resolved promises' callbacks run. */
const settled = () => act(async () => {});

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('sends each frame with a request id of its own, and an answer settles only the request it names', async () => {
    const socket = new FakeSocket();
    const { result } = renderHook(() => useSocketRequests(socket));
    const first = track(result.current.request<number>({ type: 'vote_cast', choice: 'for' }));
    const second = track(result.current.request<number>({ type: 'vote_cast', choice: 'against' }));
    const [sentFirst, sentSecond] = socket.sent;
    expect(sentFirst).toMatchObject({ type: 'vote_cast', choice: 'for', requestId: expect.any(String) });
    expect(sentSecond!.requestId).not.toBe(sentFirst!.requestId);

    socket.deliver({ type: 'request_result', requestId: sentSecond!.requestId, ok: true, value: 2 });
    await settled();
    expect(second.result).toEqual({ type: 'request_result', requestId: sentSecond!.requestId, ok: true, value: 2 });
    expect(first.result).toBeUndefined();

    const refusal = { type: 'request_result', requestId: sentFirst!.requestId, ok: false, reason: 'invalid', error: 'The vote is closed.', current: null };
    socket.deliver(refusal);
    await settled();
    expect(first.result).toEqual(refusal);
    // Answered once: the same answer again is not this hook's any more.
    expect(result.current.settle(refusal as RequestResultFrame)).toBe(false);
  });

  it('ignores an answer to a request it did not send, and still settles its own afterwards', async () => {
    const socket = new FakeSocket();
    const { result } = renderHook(() => useSocketRequests(socket));
    const waiting = track(result.current.request({ type: 'phase_open', phase: 2 }));
    const stranger = { type: 'request_result', requestId: 'someone-else', ok: true, value: null } as const;
    expect(result.current.settle(stranger)).toBe(false);
    socket.deliver(stranger);
    await settled();
    expect(waiting.result).toBeUndefined();

    socket.deliver({ type: 'request_result', requestId: socket.last('phase_open').requestId, ok: true, value: null });
    await settled();
    expect(waiting.result).toMatchObject({ ok: true, value: null });
  });

  it('resolves a request without an answer as not answered after the time-out, with its sentence', async () => {
    vi.useFakeTimers();
    const socket = new FakeSocket();
    const { result } = renderHook(() => useSocketRequests(socket));
    const waiting = track(result.current.request({ type: 'memory_delete', id: 'e1', baseVersion: 1 }));
    const { requestId } = socket.last('memory_delete');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    });
    expect(waiting.result).toBeUndefined();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(waiting.result).toEqual({ type: 'request_result', requestId, ok: false, reason: 'no_answer', error: NO_ANSWER, current: null });
    expect(NO_ANSWER).toBe('The workspace did not answer. Check your connection and try again.');
    // A late answer finds nothing waiting.
    expect(result.current.settle({ type: 'request_result', requestId: requestId as string, ok: true, value: null })).toBe(false);
  });

  it('resolves every request still waiting as not answered when it unmounts, and sends nothing after', async () => {
    const socket = new FakeSocket();
    const { result, unmount } = renderHook(() => useSocketRequests(socket, 'Nobody answered.'));
    const { request } = result.current;
    const first = track(request({ type: 'canvas_keep', id: 'p1', baseVersion: 1 }));
    const second = track(request({ type: 'canvas_keep', id: 'p2', baseVersion: 1 }));
    const ids = socket.sent.map((frame) => frame.requestId);
    unmount();
    await settled();
    expect([first.result, second.result]).toEqual(
      ids.map((requestId) => ({ type: 'request_result', requestId, ok: false, reason: 'no_answer', error: 'Nobody answered.', current: null })),
    );
    const late = track(request({ type: 'canvas_keep', id: 'p3', baseVersion: 1 }));
    await settled();
    expect(late.result).toMatchObject({ ok: false, reason: 'no_answer', error: 'Nobody answered.' });
    expect(socket.sent).toHaveLength(2);
  });
});

describe('two hooks on one connection', () => {
  const ana = { kind: 'member' as const, userId: 'u-ana', name: 'Ana' };
  const note = (overrides: Partial<CanvasNote> = {}): CanvasNote => ({
    kind: 'note',
    id: 'n1',
    text: 'Call five clinics',
    colour: 'yellow',
    x: 0,
    y: 0,
    width: 200,
    height: 130,
    frameId: null,
    version: 1,
    author: ana,
    updatedBy: ana,
    updatedAt: 1,
    ...overrides,
  });

  it("settles the workspace's answers in the workspace and the canvas's in the canvas", async () => {
    const socket = new FakeSocket();
    // The workspace's hook, and the canvas view beside it on the same socket.
    const { result } = renderHook(() => useSocketRequests(socket));
    render(<CanvasView socket={socket} me={{ userId: 'u-ana', name: 'Ana' }} present={[{ userId: 'u-ana', name: 'Ana' }]} onShowMessage={() => {}} />);
    socket.deliver({ type: 'canvas_board', requestId: socket.last('canvas_read').requestId, items: [note()] as CanvasItem[] });

    const pin = track(result.current.request({ type: 'canvas_pin', text: 'Pinned', pinnedFrom: { entryId: 'e1', title: 'Idea' } }));
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const deletion = socket.last('canvas_delete');
    expect(deletion).toMatchObject({ id: 'n1', baseVersion: 1 });

    // The canvas's refusal: the canvas says it, the workspace's pin still waits.
    socket.deliver({
      type: 'request_result',
      requestId: deletion.requestId,
      ok: false,
      reason: 'stale',
      error: 'Ben changed this note first.',
      current: note({ version: 2 }),
    });
    await waitFor(() => expect(screen.getByText('Ben changed this note first.')).toBeTruthy());
    await settled();
    expect(pin.result).toBeUndefined();

    // The pin's answer: the workspace's request resolves, the canvas shows nothing new.
    socket.deliver({
      type: 'request_result',
      requestId: socket.last('canvas_pin').requestId,
      ok: false,
      reason: 'full',
      error: 'The canvas is full.',
      current: null,
    });
    await settled();
    expect(pin.result).toMatchObject({ ok: false, reason: 'full', error: 'The canvas is full.' });
    expect(screen.queryByText('The canvas is full.')).toBeNull();
  });

  it("says the canvas's own sentence when a canvas change gets no answer", async () => {
    vi.useFakeTimers();
    const socket = new FakeSocket();
    render(<CanvasView socket={socket} me={{ userId: 'u-ana', name: 'Ana' }} present={[{ userId: 'u-ana', name: 'Ana' }]} onShowMessage={() => {}} />);
    socket.deliver({ type: 'canvas_board', requestId: socket.last('canvas_read').requestId, items: [note()] as CanvasItem[] });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(socket.last('canvas_create')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    });
    expect(screen.getByText('The canvas did not answer. Check your connection and try again.')).toBeTruthy();
  });
});

import { useCallback, useEffect, useRef } from 'react';
import type { RequestResultFrame } from '#contracts/workspace';

/**
 * A member's requests over the workspace's connection, each answered by one `request_result`
 * with its request id (RequestResultFrame in contracts/workspace.ts): a memory change, a phase
 * opened, a canvas change, a phase's own action. `request` sends a frame and resolves with its
 * answer; `settle` is given every `request_result` that arrives, and ignores the ones it did not
 * send (another hook on the same connection may have). A request without an answer in time, or
 * still waiting when the hook unmounts, resolves as not answered.
 */

/** A request without an answer after this long is reported as not answered (the connection may be down). */
export const REQUEST_TIMEOUT_MS = 15_000;
/** What a request not answered says, unless its hook says otherwise. */
export const NO_ANSWER = 'The workspace did not answer. Check your connection and try again.';

/** No answer in time, or none before the hook unmounted. */
export type NoAnswer = { type: 'request_result'; requestId: string; ok: false; reason: 'no_answer'; error: string; current: null };
/** What a request got back: the server's answer, or no answer. */
export type RequestResult<Value = unknown, Reason extends string = string> = RequestResultFrame<Value, Reason> | NoAnswer;
/** A request's frame, without its request id (added here). */
export type RequestFrame = { type: string; [key: string]: unknown };

export function useRequests(send: (text: string) => void, { noAnswer = NO_ANSWER }: { noAnswer?: string } = {}) {
  const sendRef = useRef(send);
  sendRef.current = send;
  const noAnswerRef = useRef(noAnswer);
  noAnswerRef.current = noAnswer;
  const pending = useRef(new Map<string, (result: RequestResult<unknown, string>) => void>());
  const mounted = useRef(true);

  const unanswered = useCallback(
    (requestId: string): NoAnswer => ({ type: 'request_result', requestId, ok: false, reason: 'no_answer', error: noAnswerRef.current, current: null }),
    [],
  );

  useEffect(() => {
    mounted.current = true;
    const waiting = pending.current;
    return () => {
      mounted.current = false;
      const settles = [...waiting.entries()];
      waiting.clear();
      for (const [requestId, settle] of settles) settle(unanswered(requestId));
    };
  }, [unanswered]);

  /** Sends `frame` with a new request id; resolves with its answer, or as not answered. */
  const request = useCallback(
    <Value = unknown, Reason extends string = string>(frame: RequestFrame) =>
      new Promise<RequestResult<Value, Reason>>((resolve) => {
        const requestId = crypto.randomUUID();
        // Nothing is sent once the hook is gone: nobody would hear the answer.
        if (!mounted.current) return resolve(unanswered(requestId));
        const timer = setTimeout(() => {
          pending.current.delete(requestId);
          resolve(unanswered(requestId));
        }, REQUEST_TIMEOUT_MS);
        pending.current.set(requestId, (result) => {
          clearTimeout(timer);
          resolve(result as RequestResult<Value, Reason>);
        });
        sendRef.current(JSON.stringify({ ...frame, requestId }));
      }),
    [unanswered],
  );

  /** Resolves the request this answers; returns false (and does nothing) for one this hook did not send. */
  const settle = useCallback((frame: RequestResultFrame): boolean => {
    const resolve = pending.current.get(frame.requestId);
    if (!resolve) return false;
    pending.current.delete(frame.requestId);
    resolve(frame);
    return true;
  }, []);

  return { request, settle };
}

export type Requests = ReturnType<typeof useRequests>;

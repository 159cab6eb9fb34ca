import { useEffect, useRef, useState } from 'react';
import { useNotify } from './notifications';
import { RATE_LIMITED, UNEXPECTED, type BusinessIdeasEvent, type SharedResult, type UserPersonaEvent } from '#contracts/free-tools';
import { api, ApiError, send } from './api';
import { useElapsedSeconds } from './use-elapsed-seconds';
import { readNdjson } from './ndjson';
import { useRenderedData } from './use-rendered-data';

export type Tool = SharedResult['tool'];

/** Ask for the stream: each idea, or each step of the persona, as soon as the model writes it. */
const STREAM = { headers: { Accept: 'application/x-ndjson' } };

/** The stream said the generation failed half-way (the server already logged why). */
export class StreamFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamFailed';
  }
}

type DoneOf<E> = Extract<E, { type: 'done' }>;

/** Hands every progress event to `onEvent` and resolves with the final one; rejects on an error event. */
async function consume<E extends { type: string }>(body: ReadableStream<Uint8Array> | null, onEvent: (event: E) => void): Promise<DoneOf<E>> {
  if (!body) throw new StreamFailed('The answer had no body.');
  for await (const event of readNdjson<E | { type: 'error'; error: string }>(body)) {
    if (event.type === 'error') throw new StreamFailed((event as { error: string }).error);
    if (event.type === 'done') return event as DoneOf<E>;
    onEvent(event as E);
  }
  throw new StreamFailed('The answer ended before the result was complete.');
}

/** POST /api/free-tools/business-ideas as a stream: `onIdea` gets each pair as it arrives. */
export async function generateBusinessIdeas(industry: string, onEvent: (event: BusinessIdeasEvent) => void, signal: AbortSignal) {
  const response = await send(() => api['free-tools']['business-ideas'].$post({ json: { industry } }, { ...STREAM, init: { signal } }));
  return consume<BusinessIdeasEvent>(response.body, onEvent);
}

/** POST /api/free-tools/user-persona as a stream: `onEvent` gets the persona as it grows. */
export async function generateUserPersona(description: string, onEvent: (event: UserPersonaEvent) => void, signal: AbortSignal) {
  const response = await send(() => api['free-tools']['user-persona'].$post({ json: { product_description: description } }, { ...STREAM, init: { signal } }));
  return consume<UserPersonaEvent>(response.body, onEvent);
}

/** The address of a shared result, to copy and send around. */
export const resultPath = (tool: Tool, id: string) => `/${tool === 'business-ideas' ? 'business-ideas-generator' : 'user-persona-generator'}/r/${id}`;

export type GenerationStatus = 'idle' | 'pending' | 'done';

/**
 * The state machine of a free tool: idle (the form) → pending (inputs disabled,
 * seconds ticking) → done; or back to idle on an error, with the spec's banner: the rate-limit
 * message for a 429, the generic one for anything else. Leaving the page cancels the call.
 */
export function useGeneration() {
  const notify = useNotify();
  const [status, setStatus] = useState<GenerationStatus>('idle');
  const elapsedSeconds = useElapsedSeconds(status === 'pending');
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  /** Runs `call`; resolves with its result, or with undefined once the error has been shown. */
  async function run<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setStatus('pending');
    try {
      const result = await call(controller.signal);
      setStatus('done');
      return result;
    } catch (error) {
      if (controller.signal.aborted) return undefined;
      notify.error(error instanceof ApiError && error.status === 429 ? RATE_LIMITED : UNEXPECTED);
      setStatus('idle');
      return undefined;
    }
  }

  return { status, elapsedSeconds, run };
}

/**
 * The public counter of a tool; `add` counts a generation that just succeeded. A page the Worker
 * rendered already has it; one reached by navigating asks for it.
 */
export function useToolCount(tool: Tool) {
  const rendered = useRenderedData('tool-count');
  const initial = rendered?.tool === tool ? rendered.count : null;
  const [count, setCount] = useState<number | null>(initial);
  useEffect(() => {
    if (initial !== null) return;
    let current = true;
    const request = tool === 'business-ideas' ? api['free-tools']['business-ideas'].count.$get : api['free-tools']['user-persona'].count.$get;
    send(() => request())
      .then((response) => response.json())
      .then(
        (body) => current && setCount(body.count),
        // The counter is decoration: without it the tool still works.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [tool, initial]);
  return { count, add: (generated: number) => setCount((value) => (value === null ? value : value + generated)) };
}

/** GET /api/free-tools/results/:id: the shared result, or null when there is none. */
export async function fetchSharedResult(id: string): Promise<SharedResult | null> {
  try {
    const response = await send(() => api['free-tools'].results[':id'].$get({ param: { id } }));
    return (await response.json()) as unknown as SharedResult;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

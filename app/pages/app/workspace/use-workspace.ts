import { useAgentChat } from '@cloudflare/ai-chat/react';
import { useAgent } from 'agents/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CANVAS_LIMITS, type PinnedFrom } from '#contracts/canvas';
import {
  COFOUNDER_AGENT,
  WORKSPACE_CLOSE_CODES,
  cofounderBasePath,
  type MemoryContent,
  type MemoryEntry,
  type MemoryResultFrame,
  type SendRefusedFrame,
  type WorkspaceMessage,
  type WorkspaceState,
} from '#contracts/workspace';
import { api, withSession } from '../../../lib/api';
import { phaseResultFrames } from './phases/registry';
import type { PhaseEntryRequest, WorkspaceRequest } from './phases/types';

/** What a memory request got back: the server's answer, or no answer in time. */
export type MemoryResult = MemoryResultFrame | { type: 'memory_result'; ok: false; reason: 'no_answer'; error: string; current: null };

const FRAME_MS = 16;

/**
 * Why the server ended the connection for good (it does not reconnect after these): the session
 * that opened it ended, the member was removed, or the project was deleted.
 */
export type WorkspaceEnded = 'signed_out' | 'removed' | 'deleted';

function endedBy(code: number): WorkspaceEnded | null {
  if (code === WORKSPACE_CLOSE_CODES.signedOut) return 'signed_out';
  if (code === WORKSPACE_CLOSE_CODES.removed) return 'removed';
  if (code === WORKSPACE_CLOSE_CODES.deleted) return 'deleted';
  return null;
}

/** A memory change without an answer after this long is reported as failed (the connection may be down). */
const MEMORY_ANSWER_TIMEOUT_MS = 15_000;
const NO_ANSWER = 'The workspace did not answer. Check your connection and try again.';

/** The answer to a request (`request` below): a phase opened, a note pinned, or a phase's own request. */
type RequestResultFrame = { type: string; requestId: string; ok: true } | { type: string; requestId: string; ok: false; error: string };
type ServerFrame = { to: 'memory'; frame: MemoryResultFrame } | { to: 'refused'; frame: SendRefusedFrame } | { to: 'request'; frame: RequestResultFrame };

/** The engine's requests' answers; the phases' are in the phase registry (PhaseApp.resultFrames). */
const ENGINE_RESULT_FRAMES = ['phase_result', 'canvas_result'];

// Most frames are the SDK's chat frames (one per token): only the product's own are parsed here.
const PRODUCT_FRAME = /"type":"(?:send_refused|[a-z_]+_result)"/;

function parseServerFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string' || !PRODUCT_FRAME.test(data)) return null;
  try {
    const frame = JSON.parse(data) as { type?: unknown };
    const type = String(frame.type);
    if (type === 'memory_result') return { to: 'memory', frame: frame as MemoryResultFrame };
    if (type === 'send_refused') return { to: 'refused', frame: frame as SendRefusedFrame };
    return isRequestResult(type) ? { to: 'request', frame: frame as RequestResultFrame } : null;
  } catch {
    return null;
  }
}

const isRequestResult = (type: string) => ENGINE_RESULT_FRAMES.includes(type) || phaseResultFrames().includes(type);

/**
 * One project's live workspace (decision 0030): the connection to its co-founder object, the
 * conversation (the Agents SDK's chat hook, which suspends while it fetches the history), the
 * shared state (phases, memory, presence, limits) and the product's own frames: memory changes
 * and phase openings answered by request id, and refused sends.
 */
export function useWorkspace(projectId: string, { onSendRefused }: { onSendRefused: (frame: SendRefusedFrame) => void }) {
  const [state, setState] = useState<WorkspaceState | null>(null);
  const [connected, setConnected] = useState(false);
  const [ended, setEnded] = useState<WorkspaceEnded | null>(null);
  const pending = useRef(new Map<string, (result: MemoryResult) => void>());
  const openings = useRef(new Map<string, (error: string | null) => void>());
  const onSendRefusedRef = useRef(onSendRefused);
  onSendRefusedRef.current = onSendRefused;

  const agent = useAgent<WorkspaceState>({
    agent: COFOUNDER_AGENT,
    name: projectId,
    basePath: cofounderBasePath(projectId),
    onStateUpdate: (next) => setState(next),
    onOpen: () => setConnected(true),
    onClose: (event: CloseEvent) => {
      setConnected(false);
      const why = endedBy(event.code);
      if (why) {
        setEnded(why);
        return;
      }
      // Access tokens are short-lived: refresh the cookie before the socket reconnects with it.
      void withSession(() => api.auth['check-auth'].$get()).catch(() => {});
    },
    onMessage: (event: MessageEvent) => {
      const parsed = parseServerFrame(event.data);
      if (!parsed) return;
      if (parsed.to === 'refused') {
        onSendRefusedRef.current(parsed.frame);
        return;
      }
      if (parsed.to === 'memory') {
        const settle = pending.current.get(parsed.frame.requestId);
        pending.current.delete(parsed.frame.requestId);
        settle?.(parsed.frame);
        return;
      }
      // A pin is answered here; the canvas view's own changes are answered to it (canvas/use-canvas.ts).
      const { frame } = parsed;
      const settleRequest = openings.current.get(frame.requestId);
      openings.current.delete(frame.requestId);
      settleRequest?.(frame.ok ? null : frame.error);
    },
  });

  const chat = useAgentChat<WorkspaceState, WorkspaceMessage>({
    agent,
    // The server owns the transcript: the client never sends it back (it would be refused).
    syncMessagesToServer: false,
    // The SDK's default (50 ms) held a token back by up to 50 ms; one frame keeps renders to
    // the screen's rate without the wait (rows are memoised, so a render costs one row).
    throttle: FRAME_MS,
  });

  useEffect(() => {
    const requests = pending.current;
    return () => {
      for (const settle of requests.values()) settle({ type: 'memory_result', ok: false, reason: 'no_answer', error: NO_ANSWER, current: null });
      requests.clear();
    };
  }, []);

  /**
   * Sends a memory change and resolves with the server's answer to it: the engine's own, or a
   * phase's request about one entry (`{ type, id }`, answered the same way).
   */
  const changeMemory = useCallback(
    (
      change:
        | { type: 'memory_create'; content: MemoryContent }
        | { type: 'memory_update'; id: string; baseVersion: number; content: MemoryContent }
        | { type: 'memory_delete'; id: string; baseVersion: number }
        | { type: 'memory_accept'; id: string; baseVersion: number }
        | { type: PhaseEntryRequest; id: string },
    ) =>
      new Promise<MemoryResult>((resolve) => {
        const requestId = crypto.randomUUID();
        const timer = setTimeout(() => {
          pending.current.delete(requestId);
          resolve({ type: 'memory_result', ok: false, reason: 'no_answer', error: NO_ANSWER, current: null });
        }, MEMORY_ANSWER_TIMEOUT_MS);
        pending.current.set(requestId, (result) => {
          clearTimeout(timer);
          resolve(result);
        });
        agent.send(JSON.stringify({ ...change, requestId }));
      }),
    [agent],
  );

  /**
   * A phase opened, an artifact's item pinned to the canvas, or a phase's own request (a frame
   * answered by one of its PhaseApp.resultFrames), for every member: resolves with an error to
   * show, or null.
   */
  const request: WorkspaceRequest = useCallback(
    (frame) =>
      new Promise<string | null>((resolve) => {
        const requestId = crypto.randomUUID();
        const timer = setTimeout(() => {
          openings.current.delete(requestId);
          resolve(NO_ANSWER);
        }, MEMORY_ANSWER_TIMEOUT_MS);
        openings.current.set(requestId, (error) => {
          clearTimeout(timer);
          resolve(error);
        });
        agent.send(JSON.stringify({ ...frame, requestId }));
      }),
    [agent],
  );
  const openPhase = useCallback((phase: number) => request({ type: 'phase_open', phase }), [request]);
  /** Pins an artifact's item to the canvas, as a note linked to its entry. */
  const pinToCanvas = useCallback(
    (text: string, pinnedFrom: PinnedFrom) => request({ type: 'canvas_pin', text: text.slice(0, CANVAS_LIMITS.noteText), pinnedFrom }),
    [request],
  );

  return { agent, chat, state, connected, ended, changeMemory, openPhase, request, pinToCanvas };
}

export type Workspace = ReturnType<typeof useWorkspace>;
export type { MemoryEntry };

import { useAgentChat } from '@cloudflare/ai-chat/react';
import { useAgent } from 'agents/react';
import { useCallback, useRef, useState } from 'react';
import { CANVAS_LIMITS, type PinnedFrom } from '#contracts/canvas';
import {
  COFOUNDER_AGENT,
  WORKSPACE_CLOSE_CODES,
  cofounderBasePath,
  type MemoryContent,
  type MemoryEntry,
  type MemoryRefusalReason,
  type RequestResultFrame,
  type SendRefusedFrame,
  type WorkspaceMessage,
  type WorkspaceState,
} from '#contracts/workspace';
import { api, withSession } from '../../../lib/api';
import type { PhaseEntryRequest, WorkspaceRequest } from './phases/types';
import { useRequests, type RequestResult } from './use-requests';

/** What a memory request got back: the server's answer (the entry as saved, or why not), or no answer in time. */
export type MemoryResult = RequestResult<MemoryEntry | null, MemoryRefusalReason>;

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

type ServerFrame = { to: 'request'; frame: RequestResultFrame } | { to: 'refused'; frame: SendRefusedFrame };

// Most frames are the SDK's chat frames (one per token): only the product's own are parsed here.
const PRODUCT_FRAME = /"type":"(?:send_refused|request_result)"/;

function parseServerFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string' || !PRODUCT_FRAME.test(data)) return null;
  try {
    const frame = JSON.parse(data) as { type?: unknown; requestId?: unknown } | null;
    if (frame?.type === 'request_result' && typeof frame.requestId === 'string') return { to: 'request', frame: frame as RequestResultFrame };
    if (frame?.type === 'send_refused') return { to: 'refused', frame: frame as SendRefusedFrame };
    return null;
  } catch {
    return null;
  }
}

/**
 * One project's live workspace (decision 0030): the connection to its co-founder object, the
 * conversation (the Agents SDK's chat hook, which suspends while it fetches the history), the
 * shared state (phases, memory, presence, limits) and the product's own frames: the member's
 * requests (memory changes, phase openings, pins, phases' own), each answered by its request id
 * (./use-requests.ts), and refused sends.
 */
export function useWorkspace(projectId: string, { onSendRefused }: { onSendRefused: (frame: SendRefusedFrame) => void }) {
  const [state, setState] = useState<WorkspaceState | null>(null);
  const [connected, setConnected] = useState(false);
  const [ended, setEnded] = useState<WorkspaceEnded | null>(null);
  const onSendRefusedRef = useRef(onSendRefused);
  onSendRefusedRef.current = onSendRefused;
  const agentRef = useRef<{ send(text: string): void } | null>(null);
  const requests = useRequests((text) => agentRef.current?.send(text));
  const { settle } = requests;

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
      // The canvas view's requests travel on this connection too: its own hook settles them
      // (canvas/use-canvas.ts), and this one ignores the ids it did not send.
      const parsed = parseServerFrame(event.data);
      if (parsed?.to === 'request') settle(parsed.frame);
      else if (parsed?.to === 'refused') onSendRefusedRef.current(parsed.frame);
    },
  });
  agentRef.current = agent;

  const chat = useAgentChat<WorkspaceState, WorkspaceMessage>({
    agent,
    // The server owns the transcript: the client never sends it back (it would be refused).
    syncMessagesToServer: false,
    // The SDK's default (50 ms) held a token back by up to 50 ms; one frame keeps renders to
    // the screen's rate without the wait (rows are memoised, so a render costs one row).
    throttle: FRAME_MS,
  });

  const { request: send } = requests;

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
    ): Promise<MemoryResult> => send<MemoryEntry | null, MemoryRefusalReason>(change),
    [send],
  );

  /**
   * A phase opened, an artifact's item pinned to the canvas, or a phase's own request, for every
   * member: resolves with an error to show, or null.
   */
  const request: WorkspaceRequest = useCallback((frame) => send(frame).then((result) => (result.ok ? null : result.error)), [send]);
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

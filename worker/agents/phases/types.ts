import type { ToolSet } from 'ai';
import type { WorkspaceState } from '#contracts/workspace';
import type { CofounderActions, ReadPage } from '../tools/actions';
import type { DemoSubject } from './demo-subject';

/**
 * What each built phase adds to the Worker, listed in ./registry.ts. Its artifacts, title and
 * done rule are in its contract file (contracts/phases/<phase>.ts); the rest is here.
 */
export interface PhaseModule {
  number: number;
  /** The phase's instructions to the co-founder, including when to use each of its tools. */
  guide: string;
  /** Its tools, built for one turn; offered only while the phase is unlocked. */
  tools(context: ToolContext): ToolSet;
  /** Lines for this turn's prompt that depend on the configuration (the sources a search reaches). */
  notes?(env: Cloudflare.Env): string;
  /**
   * A line for every turn's prompt while the phase is unlocked, whatever phase the founders work
   * in, when its artifacts need their attention (personas with research answers they have not
   * seen); '' otherwise. It says what to do on its own: the phase's guide may not be in the prompt.
   */
  reminder?(state: WorkspaceState): string;
  /**
   * What a stored tool output of this phase makes citable: the addresses it returned, and pages
   * whose text a quote may copy. The object reads them from the conversation on each turn.
   */
  evidence?(toolName: string, output: unknown, env: Cloudflare.Env): { urls: string[]; pages: ReadPage[] };
  /** The offline demo co-founder's script in this phase, one step per answer. */
  demo: readonly DemoStep[];
}

export interface ToolContext {
  env: Cloudflare.Env;
  projectId: string;
  actions: CofounderActions;
  /** Privacy mode: the private wording a search phrase copies, if any (worker/agents/privacy.ts); null when off. */
  privateWording: ((phrase: string) => string | null) | null;
}

/** What the founders wrote so far and what the memory holds, for the offline demo to use their own words. */
export interface FounderWords {
  /** The latest member message. */
  latest: string;
  /** The first member message that states a problem or an idea (not a quick reply, not 'brainstorm'), if any. */
  idea: string | null;
  /** The next such message, the answer to 'who has this problem?', if any. */
  people: string | null;
  /** The project's subject as its memory holds it, else as the founders wrote it. */
  subject: DemoSubject;
  /** Privacy mode: nothing the founders wrote may leave for a search engine. */
  privacyMode: boolean;
}

/** One answer of the offline demo (worker/agents/offline-demo.ts). */
export interface DemoStep {
  /** The answer; a function of what the founders wrote, so that the demo answers their own idea. */
  text: string | ((words: FounderWords) => string);
  quickReply?: { question: string; choices: string[] };
  act?: (actions: CofounderActions, founderText: string, words: FounderWords) => Promise<unknown> | unknown;
  /** A tool the step calls, shown in the answer as the real co-founder's call would be; null when it calls none this time. */
  tool?: (
    env: Cloudflare.Env,
    actions: CofounderActions,
    call: { toolCallId: string; words: FounderWords },
  ) => Promise<{ name: string; input: unknown; output: unknown } | null>;
}

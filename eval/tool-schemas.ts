import { asSchema, type ToolSet } from 'ai';
import type { WorkspaceState } from '#contracts/workspace';
import { allModules } from '../worker/agents/phases/registry';
import type { PhaseHost, ToolContext } from '../worker/agents/phases/types';
import type { CofounderActions } from '../worker/agents/tools/actions';
import { engineTools } from '../worker/agents/turn-actions';
import type { Transcript } from './transcript';

/**
 * The co-founder's tools as the object builds them for a turn, for their input schemas only: the
 * very schemas the model is given, so the graders never keep a copy (one source). Nothing here
 * runs a tool: every action throws, and the tools are only asked to validate arguments.
 */

const refuse = () => {
  throw new Error('The evaluation only reads the tools’ schemas.');
};

/** Every tool of every phase and the engine's own, built against the workspace as the transcript left it (its members name plan owners). */
export function toolsFor(transcript: Pick<Transcript, 'memory' | 'teamMembers'>): ToolSet {
  const state = { memory: transcript.memory, teamMembers: transcript.teamMembers, planProposal: null } as unknown as WorkspaceState;
  const actions: CofounderActions = {
    memory: transcript.memory,
    writeMemory: refuse,
    updateMemory: refuse,
    saveArtifact: refuse,
    acceptArtifact: refuse,
    foundUrls: new Set(),
    placeCanvasNotes: refuse,
    readPages: new Map(),
  };
  const host = { state } as unknown as PhaseHost;
  const context: ToolContext = { env: {} as Cloudflare.Env, projectId: 'evaluation', actions, host, privateWording: null };
  return Object.assign({}, ...allModules().map((module) => module.tools(context)), engineTools(actions)) as ToolSet;
}

/** Whether a tool call's arguments parse against the tool's own schema: null when they do, else why not. */
export async function argumentProblem(tools: ToolSet, name: string, input: unknown): Promise<string | null> {
  const tool = tools[name];
  if (!tool) return `no tool is called ${name}`;
  const checked = await asSchema(tool.inputSchema).validate?.(input);
  if (!checked || checked.success) return null;
  const error = checked.error as { issues?: { path: PropertyKey[]; message: string }[]; message?: string };
  const issue = error.issues?.[0];
  return issue ? `${issue.path.join('.') || '(arguments)'}: ${issue.message}` : (error.message ?? 'invalid arguments');
}

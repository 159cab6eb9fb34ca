import { tool } from 'ai';
import { isArtifactKind } from '#contracts/phases/registry';
import { MEMORY_LIMITS } from '#contracts/workspace';
import { multiLineText, singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from './actions';

const UpdateMemoryInput = z.strictObject({
  id: z.string().min(1).max(100).describe('The id of an existing entry, from the project memory'),
  title: singleLineText(MEMORY_LIMITS.title),
  body: multiLineText(MEMORY_LIMITS.body),
});

/** Rewrites a text entry of the project memory; the chosen idea and the estimate have their own tools. */
export const updateMemory = (actions: CofounderActions) =>
  tool({
    description: 'Rewrite an existing entry of the project memory (by its id) when the founder corrects or refines it.',
    inputSchema: UpdateMemoryInput,
    execute: async ({ id, title, body }) => {
      const current = actions.memory.find((entry) => entry.id === id);
      if (!current) throw new Error(`No memory entry has the id ${id}.`);
      // A phase's results change through that phase's own tool (save_chosen_idea, save_scale_estimate, save_competitor…).
      if (isArtifactKind(current.kind) || !('body' in current))
        throw new Error(`This entry is a phase's result (${current.kind}): change it with that phase's save tool.`);
      const entry = actions.updateMemory(id, { kind: current.kind, title, body });
      return { updated: { id: entry.id, version: entry.version } };
    },
  });

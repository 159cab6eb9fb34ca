import { tool } from 'ai';
import { MEMORY_LIMITS, TEXT_MEMORY_KINDS } from '#contracts/workspace';
import { multiLineText, singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from './actions';

const WriteMemoryInput = z.strictObject({
  kind: z.enum(TEXT_MEMORY_KINDS).describe('What the entry is'),
  title: singleLineText(MEMORY_LIMITS.title).describe('A few words'),
  body: multiLineText(MEMORY_LIMITS.body).describe('One to three sentences'),
});

/** Adds an entry to the project memory (not the chosen idea: save_chosen_idea does that). */
export const writeMemory = (actions: CofounderActions) =>
  tool({
    description:
      'Add a short entry to the project memory when the founder states something worth remembering across days: the target users, the problem, an assumption, a decision, an open question, evidence, or a note. Do not repeat an existing entry: update it instead.',
    inputSchema: WriteMemoryInput,
    execute: async (input) => {
      const entry = actions.writeMemory(input);
      return { saved: { id: entry.id, title: entry.title } };
    },
  });

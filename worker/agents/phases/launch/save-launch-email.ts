import { tool } from 'ai';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import { LAUNCH_LIMITS, LaunchEmailSchema } from '#contracts/phases/launch';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';
import { claimsOutput } from './copy-claims';

const SaveLaunchEmailInput = z.strictObject({ title: singleLineText(MEMORY_LIMITS.title), email: LaunchEmailSchema });

/** Saves the launch e-mail to the people who asked to hear about it: a subject and a body. */
export const saveLaunchEmail = (actions: CofounderActions) =>
  tool({
    description: `Save the launch e-mail: a subject (≤ ${LAUNCH_LIMITS.emailSubject} characters) and a body (≤ ${LAUNCH_LIMITS.postBody}) to the people who asked to hear about the launch, with one thing to do. Saving again replaces it.`,
    inputSchema: SaveLaunchEmailInput,
    execute: async ({ title, email }) => {
      const entry = actions.saveArtifact({ kind: 'launch_email', title, email });
      return claimsOutput(actions.memory, email, entry, 'Critique it: is there exactly one thing to do, and would the reader know why it is written to them?');
    },
  });

import { tool } from 'ai';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import { LAUNCH_LIMITS, ShowHnPostSchema } from '#contracts/phases/launch';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';
import { claimsOutput } from './copy-claims';

const SaveShowHnPostInput = z.strictObject({ title: singleLineText(MEMORY_LIMITS.title), post: ShowHnPostSchema });

/** Saves the Show HN post: a title in Hacker News's form ('Show HN: X – Y', at most 80 characters), what it does, why, what is rough. */
export const saveShowHnPost = (actions: CofounderActions) =>
  tool({
    description: `Save the Show HN post: a title "Show HN: <name> – <what it does>" (≤ ${LAUNCH_LIMITS.hackerNewsTitle} characters), what it does, why it was made and what is rough, in plain words with no marketing language. Saving again replaces it.`,
    inputSchema: SaveShowHnPostInput,
    execute: async ({ title, post }) => {
      const entry = actions.saveArtifact({ kind: 'show_hn_post', title, post });
      return claimsOutput(
        actions.memory,
        post,
        entry,
        'Critique the tone: strike any marketing word (revolutionary, seamless, best) and check that what is rough is said plainly.',
      );
    },
  });

import { tool } from 'ai';
import { MvpScopeSchema, scopeFlagText, scopeStandingsIn } from '#contracts/phases/build-plan';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { MemoryEntry } from '#contracts/workspace';
import type { CofounderActions } from '../../tools/actions';

const SaveMvpScopeInput = z.strictObject({ title: singleLineText(MEMORY_LIMITS.title), scope: MvpScopeSchema });

const normalise = (text: string) => text.trim().toLowerCase();

/** The pain relievers of the value map in the memory, as it states them. */
export const valueMapRelievers = (memory: readonly MemoryEntry[]): string[] =>
  memory
    .find((entry): entry is Extract<MemoryEntry, { kind: 'value_map' }> => entry.kind === 'value_map')
    ?.valueMap.relievers.map((reliever) => reliever.text) ?? [];

/**
 * Saves the MVP's scope: what is in, out and later. Each 'in' item names the pain reliever of the
 * value map it delivers, word for word (spaces and case aside), stored in the map's own words; a
 * reliever the map does not hold is refused. An item that delivers none, or a reliever that
 * answers no pain of a persona, is saved, flagged for review, and the co-founder is told to
 * challenge it by name.
 */
export const saveMvpScope = (actions: CofounderActions) =>
  tool({
    description:
      "Save the MVP scope: what the first version does ('in', each naming word for word the pain reliever of the value map it delivers, or null), what it deliberately does not ('out'), and what waits ('later'). Saving again replaces it.",
    inputSchema: SaveMvpScopeInput,
    execute: async ({ title, scope }) => {
      const relievers = valueMapRelievers(actions.memory);
      const byText = new Map(relievers.map((text) => [normalise(text), text]));
      const invented = scope.in.filter((item) => item.delivers !== null && !byText.has(normalise(item.delivers)));
      if (invented.length > 0) {
        const named = invented.map((item) => `"${item.delivers}"`).join(', ');
        throw new Error(
          relievers.length > 0
            ? `The value map has no pain reliever ${named}. An item delivers one of these, word for word, or null: ${relievers.map((text) => `"${text}"`).join('; ')}.`
            : `The memory holds no value map, so ${named} is no pain reliever of it: save the value map in phase 5 first, or give these items null.`,
        );
      }
      const entry = actions.saveArtifact({
        kind: 'mvp_scope',
        title,
        scope: { ...scope, in: scope.in.map((item) => ({ ...item, delivers: item.delivers === null ? null : byText.get(normalise(item.delivers))! })) },
      });
      // The contract's rule, the same that flags the scope for every member whoever edits it.
      const unanswered = scopeStandingsIn(actions.memory).flatMap(({ item, standing }) => (standing.kind === 'answers' ? [] : [scopeFlagText(item, standing)]));
      return {
        saved: { id: entry.id, version: entry.version },
        next:
          unanswered.length > 0
            ? `Saved, and flagged for review: ${unanswered.join(' ')} Challenge ${unanswered.length === 1 ? 'it' : 'each'} by name with the founders. Then plan the build.`
            : 'Tell the founders in two sentences what is in and what was left out, then plan the build with save_build_plan.',
      };
    },
  });

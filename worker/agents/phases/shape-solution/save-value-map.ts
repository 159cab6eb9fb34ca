import { tool } from 'ai';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import { answersANeed, ValueMapSchema, type Fit, type PersonaNeeds } from '#contracts/phases/shape-solution';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';
import { personaNeedsOf } from './memory-reads';

const SaveValueMapInput = z.strictObject({ title: singleLineText(MEMORY_LIMITS.title), valueMap: ValueMapSchema });

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The fit with what it answers in the persona's own words, as the persona's card states it now. */
function inPersonaWords(fit: Fit, need: 'pains' | 'gains', personas: readonly PersonaNeeds[]): Fit {
  const persona = personas.find((candidate) => fit.answers && same(candidate.name, fit.answers.persona))!;
  return { text: fit.text, answers: { persona: persona.name, text: persona[need].find((line) => same(line, fit.answers!.text))! } };
}

/**
 * Saves the value map (one per project; saving again replaces it). Every pain reliever answers a
 * pain, and every gain creator a gain, that a persona of the memory states now, named by the
 * persona's name and the pain's own words: one that answers nothing is refused, and the map is
 * stored in the personas' words.
 */
export const saveValueMap = (actions: CofounderActions) =>
  tool({
    description:
      "Save the value map: the products and services, the pain relievers and the gain creators. Each reliever names the persona pain it answers ({ persona: the persona's name, text: the pain word for word as the persona's card states it }), each creator a persona gain. Saving again replaces it.",
    inputSchema: SaveValueMapInput,
    execute: async ({ title, valueMap }) => {
      const personas = personaNeedsOf(actions.memory);
      if (personas.length === 0) throw new Error('The memory holds no persona, so nothing can answer their pains: define the personas in phase 4 first.');
      const unanswered = [
        ...valueMap.relievers
          .filter((fit) => !answersANeed(fit, 'pains', personas))
          .map((fit) => `the pain reliever "${fit.text.slice(0, 60)}" answers no pain`),
        ...valueMap.creators.filter((fit) => !answersANeed(fit, 'gains', personas)).map((fit) => `the gain creator "${fit.text.slice(0, 60)}" answers no gain`),
      ];
      if (unanswered.length > 0) {
        const needs = personas.map(
          (persona) =>
            `${persona.name}: pains ${persona.pains.map((pain) => `"${pain}"`).join(', ')}; gains ${persona.gains.map((gain) => `"${gain}"`).join(', ')}`,
        );
        throw new Error(
          `${unanswered.slice(0, 3).join('; ')} that a persona states. Name the persona and the pain or gain word for word, or cut what answers nothing. The personas state: ${needs.join(' | ')}.`,
        );
      }
      const entry = actions.saveArtifact({
        kind: 'value_map',
        title,
        valueMap: {
          products: valueMap.products,
          relievers: valueMap.relievers.map((fit) => inPersonaWords(fit, 'pains', personas)),
          creators: valueMap.creators.map((fit) => inPersonaWords(fit, 'gains', personas)),
        },
      });
      const relieved = (persona: PersonaNeeds, pain: string) =>
        valueMap.relievers.some((fit) => fit.answers && same(fit.answers.persona, persona.name) && same(fit.answers.text, pain));
      const bare = personas.flatMap((persona) => persona.pains.filter((pain) => !relieved(persona, pain)).map((pain) => `${persona.name}: "${pain}"`));
      return {
        saved: { id: entry.id, version: entry.version },
        next:
          bare.length > 0
            ? `Saved. No reliever answers ${bare.slice(0, 3).join(', ')}: say whether that pain is deliberately left alone. Then build the Lean Canvas with save_lean_canvas.`
            : 'Saved. Say in two sentences which pain the map relieves best and which it relieves weakest, then build the Lean Canvas with save_lean_canvas.',
      };
    },
  });

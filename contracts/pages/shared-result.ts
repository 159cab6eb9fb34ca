/**
 * Copy and head tags of a shared free-tool result. The Worker puts the title and description in
 * the page's head (search snippets, link previews) and the app shows the same words, so both
 * read them from here.
 */
import type { SharedResult } from '../free-tools';

export const SHARED_RESULT = {
  ideasIntro: (industry: string) => `Business ideas for the industry “${industry}”, generated with Launchmate's free business ideas generator.`,
  personaIntro: (description: string) => `A user persona for “${description}”, generated with Launchmate's free user persona generator.`,
  ownIdeas: 'Generate your own ideas',
  ownPersona: 'Generate your own persona',
  notFoundHeading: 'Result not found',
  notFoundText: 'This shared result does not exist. The link may be incomplete.',
  loading: 'Loading the shared result…',
} as const;

const SITE = 'Launchmate';
const clip = (text: string, max = 160) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The title and description of a shared result; the page sets the same title once it has loaded the result. */
export function sharedResultMeta(shared: SharedResult): { title: string; description: string } {
  if (shared.tool === 'business-ideas') {
    const [first] = shared.result.problem_solution_pairs;
    return {
      title: `Business ideas: ${clip(shared.input, 60)} | ${SITE}`,
      description: clip(first ? `${first[0]} ${first[1]}` : SHARED_RESULT.ideasIntro(shared.input)),
    };
  }
  const persona = shared.result.user_persona;
  return {
    title: `${persona.name}, ${clip(persona.occupation, 60)}: a user persona | ${SITE}`,
    description: clip(`${persona.name}, ${persona.age}, ${persona.occupation}. “${persona.quote}”`),
  };
}

export const RESULT_NOT_FOUND_TITLE = `${SHARED_RESULT.notFoundHeading} | ${SITE}`;

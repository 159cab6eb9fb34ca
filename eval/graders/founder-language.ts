import { franc } from 'franc-min';
import type { Language } from '../transcript';
import { answersOf } from '../transcript';
import { failIfAny, notApplicable, type Grader } from './grader';

/** franc's ISO 639-3 code of each language the scenarios are written in. */
const ISO_639_3: Record<Language, string> = { en: 'eng', ro: 'ron', es: 'spa' };

/** Below this many letters franc guesses; such an answer is not judged. */
const LETTERS_NEEDED = 60;

/** The prose of an answer: without addresses, code, Markdown marks and quoted lines, which may be in any language. */
export function proseOf(text: string): string {
  return text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/^\s*>.*$/gm, ' ')
    .replace(/[“"«„][^”"»]*[”"»]/g, ' ')
    .replace(/[#*_|>-]+/g, ' ');
}

/** The language franc reads in a text (ISO 639-3), or null when the text is too short to tell. */
export function detectedLanguage(text: string): string | null {
  const prose = proseOf(text);
  if ((prose.match(/\p{L}/gu) ?? []).length < LETTERS_NEEDED) return null;
  const code = franc(prose, { minLength: LETTERS_NEEDED });
  return code === 'und' ? null : code;
}

/** Each answer is written in the language of the founder message it answers (the scenario says which; a switch mid-conversation counts). */
export const founderLanguage: Grader = {
  name: 'founder-language',
  meaning: "each answer is in the language of the founder's message it answers (franc-min; answers under 60 letters are not judged)",
  grade(transcript) {
    const judged = answersOf(transcript).flatMap(({ answer, founder }) => {
      const found = founder ? detectedLanguage(answer.text) : null;
      return found && founder ? [{ found, wanted: ISO_639_3[founder.language], founder }] : [];
    });
    if (judged.length === 0) return notApplicable('no answer long enough to tell its language');
    return failIfAny(
      judged
        .filter(({ found, wanted }) => found !== wanted)
        .map(({ found, wanted, founder }) => `an answer to "${founder.text.slice(0, 40)}…" reads as ${found}, not ${wanted}`),
    );
  },
};

import { answersOf } from '../transcript';
import { failIfAny, folded, notApplicable, type Grader } from './grader';

/**
 * Praise that opens an answer, in the scenarios' languages (compared without diacritics). The
 * stance forbids it (worker/agents/prompts.ts, COFOUNDER_STANCE): "Never open with praise". Whether
 * the rest is critical rather than flattering is the judge's to say (eval/rubric.md).
 */
export const PRAISE = [
  // English
  /\bgreat (idea|question|plan|start|choice)\b/,
  /\b(love|loving) (it|this|that|the idea|your idea)\b/,
  /\bi love\b/,
  /\b(amazing|brilliant|fantastic|awesome|wonderful|genius|excellent|incredible)\b/,
  /\bwhat a (great|good|nice)\b/,
  /\b(this|it) is (a )?(great|good|strong|solid|excellent|perfect)( idea| plan)?[.!]/,
  /\bcongratulations\b/,
  // Romanian
  /\bidee (grozava|excelenta|minunata|geniala|super|foarte buna|fantastica|extraordinara|buna|puternica)\b/,
  /\b(imi place|ador) (mult|foarte|ideea|asta)\b/,
  /\bce idee\b/,
  /\b(felicitari|bravo|minunat|excelent|extraordinar|fantastic|genial)\b/,
  // Spanish
  /\b(gran|excelente|genial|magnifica|fantastica|buenisima|muy buena|estupenda|brillante) idea\b/,
  /\bme encanta\b/,
  /\bque (buena|gran|genial)\b/,
  /\b(felicidades|enhorabuena|increible|fantastico|maravilloso|genial|excelente)\b/,
];

/** An answer's opening: its first two sentences. */
export const openingOf = (text: string) =>
  text
    .trim()
    .split(/(?<=[.!?¡¿])\s+|\n+/)
    .filter((sentence) => sentence.trim())
    .slice(0, 2)
    .join(' ');

/** A negation just before the praise ("I won't call it a great idea yet") turns it into its refusal. */
const NEGATION = /\b(not|never|no|won't|can't|don't|nu|nici|niciodata|nunca|tampoco)\b[^.!?]{0,40}$/;

export const opensWithPraise = (text: string) =>
  openingOf(text)
    .split(/(?<=[.!?])\s+/)
    .map(folded)
    .some((sentence) =>
      PRAISE.some((pattern) => {
        const found = new RegExp(pattern.source, 'g');
        for (const match of sentence.matchAll(found)) if (!NEGATION.test(sentence.slice(0, match.index))) return true;
        return false;
      }),
    );

/** No answer opens with praise of the idea or the founder. */
export const opensWithoutPraise: Grader = {
  name: 'opens-without-praise',
  meaning: 'no answer opens (its first two sentences) with praise such as "great idea" or "me encanta"',
  grade(transcript) {
    const answers = answersOf(transcript).filter(({ answer }) => answer.text.trim());
    if (answers.length === 0) return notApplicable('no answer has text');
    return failIfAny(
      answers
        .filter(({ answer }) => opensWithPraise(answer.text))
        .map(({ answer }) => `an answer opens with praise: "${openingOf(answer.text).slice(0, 120)}"`),
    );
  },
};

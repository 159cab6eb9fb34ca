import type { ChosenIdeaContent } from '#contracts/phases/find-idea';
import type { MemoryEntry } from '#contracts/workspace';

/**
 * What the offline demo co-founder talks about in every phase: the project's own subject, as its
 * memory holds it (the chosen idea, the problem, the people who have it), else as the founders
 * wrote it. No phase's demo has a subject of its own, so a founder trying the screens always
 * sees their idea, never a canned one.
 */
export interface DemoSubject {
  /** A short name of the idea: the chosen idea's title, else the founder's idea in a few words. */
  name: string;
  /** The problem, in the founders' words. */
  problem: string;
  /** Who has it, in the founders' words, else a phrase that says it is still unknown. */
  people: string;
  /** Whether the founders said who has it (else `people` is a placeholder to question). */
  peopleKnown: boolean;
}

/** What the chosen idea says when the founders have not said who has the problem yet. */
export const PEOPLE_UNKNOWN = 'The people who have this problem (to be questioned: who exactly, and how often)';

const FILLER = /^(i|we|want|wanted|would|like|to|a|an|the|build|make|create|help|app|tool|platform|for)$/i;
const CLAUSE =
  /^(stop|that|who|which|with|from|by|for|so|because|and|but|when|where|in|on|of|to|get|find|save|lose|losing|track|connecting|connects|matching|matches)$/i;

const ARTICLE = /^(a|an|the)$/i;

/**
 * The founder's idea in a few words, for a working name: the words that carry meaning at its start,
 * up to the first word that begins a new clause ('I want to help small dental clinics stop…' gives
 * 'Small dental clinics'). An article the founder put right before them stays ('A tutoring
 * marketplace that…' gives 'A tutoring marketplace'), so that the name reads in a sentence.
 */
export function shortName(idea: string): string {
  const words = idea
    .replace(/[.!?,;:].*$/, '')
    .split(/\s+/)
    .filter(Boolean);
  let start = 0;
  while (start < words.length && FILLER.test(words[start]!)) start++;
  const kept: string[] = [];
  for (const word of words.slice(start)) {
    if (kept.length > 0 && CLAUSE.test(word)) break;
    kept.push(word);
    if (kept.length === 4) break;
  }
  if (kept.length === 0) return 'Your idea';
  const article = start > 0 && ARTICLE.test(words[start - 1]!) ? `${words[start - 1]!} ` : '';
  const name = `${article}${kept.join(' ')}`;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The founders' words as a field of their own: whole when they fit in `max` characters, else
 * shortened at the end of the last sentence that fits, else after the last whole word that fits,
 * with '…'. Only a field that ends there is shortened so: inside a sentence, use `fitting`.
 */
export function quote(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const sentences = line.slice(0, max).match(/^.*[.!?](?=\s|$)/)?.[0];
  if (sentences && sentences.length >= max / 3) return sentences;
  return `${line
    .slice(0, max - 1)
    .replace(/\s+\S*$/, '')
    .replace(/[\s,;:–—-]+$/, '')}…`;
}

/** A phrase inside a sentence: whole when it fits in `max` characters, else `shorter`; never cut in its middle. */
export const fitting = (phrase: string, max: number, shorter: string) => {
  const line = phrase.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : shorter;
};

/** Words that end the head of a phrase naming people: 'Commuters who get a flat…' is headed by 'Commuters'. */
const PEOPLE_CLAUSE = /^(who|whose|that|which|where|when|with|without|in|at|on|from|because|and|but|or|to)$/i;

/**
 * Who has the problem inside a sentence: the founders' words whole when they fit in `max`
 * characters; else their head ('Parents of secondary school students who struggle…' gives
 * 'parents of secondary school students'); else, or when the founders did not say, a plain phrase.
 */
export function peopleInSentence(subject: DemoSubject, max = 80): string {
  if (!subject.peopleKnown) return 'the people who have the problem';
  const words = subject.people
    .replace(/[.!?]+$/, '')
    .split(/\s+/)
    .filter(Boolean);
  const end = words.findIndex((word, index) => index > 0 && PEOPLE_CLAUSE.test(word));
  const head = (end > 0 ? words.slice(0, end) : words).join(' ').replace(/[,;:]+$/, '');
  return inSentence(fitting(words.join(' '), max, fitting(head, max, 'the people you named')));
}

/** A phrase at the start of a sentence: its first letter upper-cased. */
export const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A phrase in the middle of a sentence: its first letter lower-cased unless it reads as a name or an acronym ('A tutoring…' is an article). */
export const inSentence = (text: string) => (/^([A-Z][a-z]|(A|An|The) )/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

export function demoSubject(memory: readonly MemoryEntry[], idea: string | null): DemoSubject {
  const chosen = memory.find((entry): entry is Extract<MemoryEntry, { kind: ChosenIdeaContent['kind'] }> => entry.kind === 'chosen_idea');
  if (chosen) {
    const peopleKnown = chosen.idea.whoHasIt !== PEOPLE_UNKNOWN;
    return { name: chosen.title, problem: chosen.idea.problem, people: peopleKnown ? chosen.idea.whoHasIt : PEOPLE_UNKNOWN, peopleKnown };
  }
  if (idea) return { name: shortName(idea), problem: idea, people: PEOPLE_UNKNOWN, peopleKnown: false };
  return { name: 'Your idea', problem: 'The problem you have not described yet', people: PEOPLE_UNKNOWN, peopleKnown: false };
}

/** A few plain words of the subject for a search phrase: its name, lower-cased, with no punctuation. */
export const searchWords = (subject: DemoSubject) =>
  subject.name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

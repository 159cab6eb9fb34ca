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

/**
 * The founder's idea in a few words, for a working name: the words that carry meaning at its start,
 * up to the first word that begins a new clause ('I want to help small dental clinics stop…' gives
 * 'Small dental clinics').
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
  const name = kept.join(' ');
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : 'Your idea';
}

/** The founders' words on one line, cut at a word when long. */
export function quote(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : line;
}

/** A phrase in the middle of a sentence: its first letter lower-cased unless it reads as a name or an acronym. */
export const inSentence = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

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

/** A suggested name is a few words, never a sentence cut at a limit. */
const MAX_WORDS = 3;
const MAX_LENGTH = 40;

// "I want to build an app that…", "Help me create a…": the words before the idea itself.
const LEAD_IN =
  /^(?:(?:i\s+(?:want|would\s+like|'d\s+like|plan|am\s+planning|need|am\s+going)\s+to|help\s+me|let'?s|we\s+(?:want|plan)\s+to)\s+)?(?:build|create|make|start|launch|develop|design|write|open|run)?\s*(?:an?|the|my|our|some)?\s+/i;

/**
 * Words that end a name's phrase: links between phrases (prepositions, conjunctions, pronouns)
 * and the verbs ideas are usually told with. What lies between two of them is a phrase such as
 * "small dental clinics" or "booking app".
 */
const BREAKS = new Set(
  `a an the to for of in on at by with from into about that which who whose where when while so and or but if than
   is are be been can could will would should may might do does did has have had
   i me us we you they them their it its our my your his her this these those
   help helps helping let lets stop stops losing lose loses get gets getting find finds finding keep keeps
   track tracks manage manages plan plans book books reduce reduces avoid avoids save saves use uses using
   connect connects connecting sell sells selling buy buys turn turns automate automates learn learns want wants need needs
   make makes making build builds create creates share shares shows show organize organizes compare compares
   check checks test tests validate validates try explore brainstorm think`
    .split(/\s+/)
    .filter(Boolean),
);

/** Generic words that say what kind of product, not what it is for: "An app", "a platform". */
const GENERIC = new Set([
  'app',
  'apps',
  'tool',
  'tools',
  'platform',
  'service',
  'website',
  'site',
  'product',
  'business',
  'startup',
  'way',
  'thing',
  'something',
  'idea',
]);

const phrasesOf = (words: string[]) => {
  const phrases: { words: string[]; after: string | null }[] = [];
  let current: string[] = [];
  for (const word of words) {
    if (BREAKS.has(word.toLowerCase())) {
      if (current.length > 0) phrases.push({ words: current, after: word.toLowerCase() });
      current = [];
    } else current.push(word);
  }
  if (current.length > 0) phrases.push({ words: current, after: null });
  return phrases;
};

/** The last words of a phrase: in English its head noun comes last ("small dental clinics"). */
const tail = (words: string[], count: number) => words.slice(-count).join(' ');

/**
 * A short starting name taken from the landing-page idea: its first phrase that names something
 * ("Small dental clinics", "Booking app for dog groomers"), a few words at most. Only a
 * suggestion; the founder edits it, and the co-founder offers a better one once an idea is chosen.
 */
export function suggestProjectName(idea: string): string {
  const flat = idea
    .replace(/[\u0000-\u001F\u007F]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const core = flat.replace(LEAD_IN, '') || flat;
  const firstSentence = core.split(/(?<=[.!?])\s/)[0] ?? core;
  const words = firstSentence
    .replace(/[.,;:!?()"“”]+/g, ' ')
    .split(' ')
    .filter(Boolean);
  const phrases = phrasesOf(words);
  const named = phrases.findIndex((phrase) => !phrase.words.every((word) => GENERIC.has(word.toLowerCase())));
  if (named === -1) return '';
  const phrase = phrases[named]!;
  let name = tail(phrase.words, MAX_WORDS);
  // "A booking app for dog groomers": the product, then whom it is for, when both stay short.
  const audience = phrase.after === 'for' ? phrases[named + 1] : undefined;
  if (audience) {
    const withAudience = `${name} for ${tail(audience.words, MAX_WORDS)}`;
    if (withAudience.length <= MAX_LENGTH) name = withAudience;
  }
  while (name.length > MAX_LENGTH && name.includes(' ')) name = name.slice(name.indexOf(' ') + 1);
  name = name.slice(0, MAX_LENGTH).replace(/[\s'-]+$/, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const SUGGESTION_MAX = 60;

// "I want to build an app that…", "Help me create a…": the words before the idea itself.
const LEAD_IN =
  /^(?:(?:i\s+(?:want|would\s+like|'d\s+like|plan|am\s+planning|need|am\s+going)\s+to|help\s+me|let'?s)\s+)?(?:build|create|make|start|launch|develop|design|write|open)?\s*(?:an?|the|my|some)?\s+/i;

/**
 * A starting name taken from the landing-page idea: its first words, without the lead-in and
 * cut at a word boundary. Only a suggestion; the founder edits it.
 */
export function suggestProjectName(idea: string): string {
  const flat = idea.replace(/[\u0000-\u001F\u007F]+/g, ' ').replace(/\s+/g, ' ').trim();
  const core = flat.replace(LEAD_IN, '') || flat;
  const firstSentence = core.split(/(?<=[.!?])\s/)[0] ?? core;
  const words = firstSentence.split(' ');
  let name = '';
  for (const word of words.slice(0, 8)) {
    const next = name ? `${name} ${word}` : word;
    if (next.length > SUGGESTION_MAX) break;
    name = next;
  }
  name = (name || firstSentence.slice(0, SUGGESTION_MAX)).replace(/[\s.,;:!?-]+$/, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Privacy mode and the search tool (docs/decisions/0036-problem-scale-estimate.md): a search
 * phrase leaves Launchmate for a public search engine, so in privacy mode it may use the
 * problem's own words but must not carry the project's private wording. A phrase is refused when
 * it copies three words in a row, or a number, from the memory or the founders' messages that
 * the chosen idea's problem statement does not also hold.
 */

const RUN = 3;

const wordsOf = (text: string) =>
  text
    .toLocaleLowerCase()
    .normalize('NFKC')
    .match(/[\p{L}\p{N}]+/gu) ?? [];

function runsOf(words: string[]): Set<string> {
  const runs = new Set<string>();
  for (let i = 0; i + RUN <= words.length; i++) runs.add(words.slice(i, i + RUN).join(' '));
  return runs;
}

/** The private wording a phrase copies, or null when it may be sent. */
export function copiedPrivateWording(phrase: string, privateTexts: readonly string[], problemStatement: string): string | null {
  const phraseWords = wordsOf(phrase);
  const publicWords = wordsOf(problemStatement);
  const publicRuns = runsOf(publicWords);
  const privateWords = privateTexts.flatMap((text) => [...wordsOf(text), '\u0000']);
  const privateRuns = runsOf(privateWords);
  for (const run of runsOf(phraseWords)) {
    if (privateRuns.has(run) && !publicRuns.has(run)) return run;
  }
  const privateNumbers = new Set(privateWords.filter((word) => /\d/.test(word)));
  const publicNumbers = new Set(publicWords);
  return phraseWords.find((word) => /\d/.test(word) && privateNumbers.has(word) && !publicNumbers.has(word)) ?? null;
}

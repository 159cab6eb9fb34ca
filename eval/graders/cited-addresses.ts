import { allModules } from '../../worker/agents/phases/registry';
import { answersOf, toolCallsOf, type Transcript } from '../transcript';
import { failIfAny, notApplicable, stringsIn, type Grader } from './grader';

/** Web addresses in a text; trailing punctuation and a Markdown link's closing bracket are not part of them. */
export const addressesIn = (text: string): string[] =>
  (text.match(/https?:\/\/[^\s<>()[\]"'`]+/gi) ?? []).map((address) => address.replace(/[.,;:!?*_]+$/, ''));

/** Addresses compare without a trailing slash or fragment: 'https://a.example/x/' is 'https://a.example/x'. */
const key = (address: string) => address.replace(/#.*$/, '').replace(/\/+$/, '').toLowerCase();

/**
 * What the co-founder may cite: what each phase's tools returned in the conversation, by the
 * phases' own rule of what a tool's output makes citable (PhaseModule.evidence), the addresses
 * the founders wrote, and those the memory held at the start.
 */
export function citableAddresses(transcript: Transcript): Set<string> {
  const env = { APP_URL: transcript.appUrl } as Cloudflare.Env;
  const known = new Set<string>();
  for (const call of toolCallsOf(transcript)) {
    if (call.output === undefined) continue;
    for (const module of allModules()) for (const url of module.evidence?.(call.name, call.output, env)?.urls ?? []) known.add(key(url));
  }
  for (const turn of transcript.turns) if (turn.role === 'founder') for (const url of addressesIn(turn.text)) known.add(key(url));
  for (const url of stringsIn(transcript.startingMemory).flatMap(addressesIn)) known.add(key(url));
  return known;
}

/** Every address the co-founder cites (in its answers, and in the arguments of its tools) was returned by a tool in the conversation. */
export const citedAddresses: Grader = {
  name: 'cited-addresses',
  meaning: 'every address the co-founder cites, in its answers or its tools’ arguments, was returned by a tool in that conversation (or given by the founders)',
  grade(transcript) {
    const cited = [
      ...answersOf(transcript).flatMap(({ answer }) => addressesIn(answer.text).map((url) => ({ url, where: 'its answer' }))),
      ...toolCallsOf(transcript).flatMap((call) => stringsIn(call.input).flatMap((text) => addressesIn(text).map((url) => ({ url, where: call.name })))),
    ];
    if (cited.length === 0) return notApplicable('no address was cited');
    const known = citableAddresses(transcript);
    return failIfAny([...new Set(cited.filter(({ url }) => !known.has(key(url))).map(({ url, where }) => `${url} (in ${where}) was returned by no tool`))]);
  },
};

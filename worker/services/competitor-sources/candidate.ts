import { isWebAddress } from '#contracts/discussions';
import { COMPETITOR_LIMITS, type CompetitorCandidate } from '#contracts/phases/competitors';
import { plainText } from '../../lib/plain-text';

/**
 * A source's result as a candidate: outside text made plain and cut, and only http(s) links, so
 * hostile markup or a javascript: address never reaches a card or the model as such. One
 * malformed item is dropped (an empty list), never the whole answer.
 */
export function candidateFrom(raw: CompetitorCandidate): CompetitorCandidate[] {
  const name = plainText(raw.name, COMPETITOR_LIMITS.nameChars);
  if (!name || !isWebAddress(raw.url)) return [];
  return [{ ...raw, name, description: plainText(raw.description, COMPETITOR_LIMITS.descriptionChars), signal: raw.signal && plainText(raw.signal, 80) }];
}

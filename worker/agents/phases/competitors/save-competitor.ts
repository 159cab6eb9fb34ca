import { tool } from 'ai';
import { ASSUMPTION } from '#contracts/phases/fields';
import { CompetitorSchema, COMPETITOR_LIMITS, type Claim } from '#contracts/phases/competitors';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';
import { normaliseQuote } from '../common/quotes';

const SaveCompetitorInput = z.strictObject({
  name: singleLineText(COMPETITOR_LIMITS.nameChars),
  category: CompetitorSchema.shape.category
    .exclude(['unsorted'])
    .describe("'direct', 'indirect', or 'status_quo' for what people do today (a spreadsheet, doing nothing)"),
  url: CompetitorSchema.shape.url.describe('Its address, exactly as a tool returned it; omit only for status_quo'),
  forWhom: CompetitorSchema.shape.forWhom.describe('Who it is for'),
  pricingQuote: z
    .string()
    .trim()
    .max(400)
    .optional()
    .describe('Its price, copied word for word from a page read_page returned; omit when the pages read show no price ("not found")'),
  pricingUrl: CompetitorSchema.shape.url.describe('The page the pricing quote comes from'),
  strengths: CompetitorSchema.shape.strengths,
  weaknesses: CompetitorSchema.shape.weaknesses,
});

/**
 * Saves a competitor card (or updates the one with the same name). Every address in it must be
 * one the tools returned in this conversation, and its price a verbatim quote of a page read:
 * invented evidence is refused, as in phase 2.
 */
export const saveCompetitor = (actions: CofounderActions) =>
  tool({
    description:
      'Save a competitor card: name, kind, address, who it is for, its price quoted from its page (or not found), strengths and weaknesses each citing a page, review or discussion the tools returned, or labelled an assumption. Saving the same name again updates it.',
    inputSchema: SaveCompetitorInput,
    execute: async ({ name, category, url, forWhom, pricingQuote, pricingUrl, strengths, weaknesses }) => {
      if (!url && category !== 'status_quo') throw new Error('A direct or indirect competitor needs its address, as a tool returned it.');
      const cited = [url, ...[...strengths, ...weaknesses].map((claim: Claim) => claim.source).filter((source) => source !== ASSUMPTION)].filter(
        (address): address is string => Boolean(address),
      );
      const unknown = cited.filter((address) => !actions.foundUrls.has(address));
      if (unknown.length > 0) {
        throw new Error(
          `These addresses were not returned by a tool in this conversation: ${unknown.slice(0, 3).join(', ')}. Use only addresses the tools gave you, and write '${ASSUMPTION}' for a claim you cannot cite.`,
        );
      }
      let pricing: z.infer<typeof CompetitorSchema.shape.pricing> = { status: 'not_found' };
      if (pricingQuote) {
        const page = pricingUrl ? actions.readPages.get(pricingUrl) : undefined;
        if (!page) throw new Error('A price must be quoted from a page read_page returned in this conversation: give that page as pricingUrl.');
        if (!normaliseQuote(page.text).includes(normaliseQuote(pricingQuote))) {
          throw new Error(`"${pricingQuote.slice(0, 80)}" is not on ${pricingUrl}. Copy the price word for word from the page's text, or omit it (not found).`);
        }
        pricing = { status: 'found', quote: pricingQuote, url: pricingUrl!, readAt: page.readAt };
      }
      // Its price page: the one the price is quoted from, else its address; 'Check again' reads it again.
      const pricePage = actions.readPages.get((pricing.status === 'found' ? pricing.url : url) ?? '');
      const existing = actions.memory.find((entry) => entry.kind === 'competitor' && entry.title.toLowerCase() === name.toLowerCase());
      const competitor = {
        category,
        ...(url ? { url } : {}),
        forWhom,
        pricing,
        strengths,
        weaknesses,
        ...(pricePage ? { checkedAt: pricePage.readAt, priceLines: pricePage.priceLines.slice(0, COMPETITOR_LIMITS.priceLines) } : {}),
      };
      const entry = existing
        ? actions.updateMemory(existing.id, { kind: 'competitor', title: name, competitor })
        : actions.saveArtifact({ kind: 'competitor', title: name, competitor });
      return { saved: { id: entry.id, version: entry.version }, pricing: pricing.status };
    },
  });

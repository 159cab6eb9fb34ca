import type { Competitor } from '#contracts/phases/competitors';
import { readPage } from '../../../services/page-reader';

/**
 * 'Check again': reads a competitor's price page again (the page its price was quoted from, else
 * its address: the page its price lines were taken from) and says what changed since the last
 * check: price lines added and removed, and whether the quoted price is still on the page.
 */
export async function checkAgain(env: Cloudflare.Env, competitor: Competitor): Promise<Competitor> {
  const address = competitor.pricing.status === 'found' ? competitor.pricing.url : competitor.url;
  const addresses = address ? [address] : [];
  const reads = await Promise.all(addresses.map((address) => readPage(env, address)));
  const at = new Date().toISOString();
  const pages = reads.flatMap((read) => (read.status === 'ok' ? [read] : []));
  if (pages.length === 0) {
    return { ...competitor, lastCheck: { at, unreachable: true, added: [], removed: [], pricingQuoteGone: false } };
  }
  const now = [...new Set(pages.flatMap((page) => page.priceLines))].slice(0, 12);
  const before = competitor.priceLines ?? [];
  const pricing = competitor.pricing;
  const pricingPage = pricing.status === 'found' ? pages.find((page) => page.url === pricing.url) : undefined;
  const fold = (text: string) => text.replace(/\s+/g, ' ').toLowerCase();
  const pricingQuoteGone = pricing.status === 'found' && pricingPage !== undefined && !fold(pricingPage.text).includes(fold(pricing.quote));
  return {
    ...competitor,
    checkedAt: at,
    priceLines: now,
    lastCheck: {
      at,
      unreachable: false,
      added: now.filter((line) => !before.includes(line)),
      removed: before.filter((line) => !now.includes(line)),
      pricingQuoteGone,
    },
  };
}

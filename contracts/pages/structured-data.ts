/**
 * Structured data (schema.org JSON-LD) of the landing page, as the spec claims it: the product
 * rated 4.8 from 50 ratings, offered at 0 USD (the free phases), and the company behind it.
 * The Worker adds it to the HTML of `/` (worker/routes/pages.ts). Operators change the figures here.
 */
export const PRODUCT_RATING = { ratingValue: 4.8, ratingCount: 50, bestRating: 5, worstRating: 1 } as const;
export const PRODUCT_OFFER = { price: 0, priceCurrency: 'USD' } as const;

export function landingStructuredData(origin: string): object[] {
  const home = new URL('/', origin).href;
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${home}#organization`,
    name: 'Launchmate',
    url: home,
    logo: new URL('/favicon.svg', origin).href,
    sameAs: ['https://x.com/launchmate', 'https://www.linkedin.com/company/launchmate'],
  };
  const application = {
    '@context': 'https://schema.org',
    '@type': ['SoftwareApplication', 'Product'],
    name: 'Launchmate',
    description: 'An AI co-founder that guides founders from an idea to a product in 8 structured phases, with honest, critical feedback.',
    url: home,
    image: new URL('/og-image.png', origin).href,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web',
    brand: { '@id': `${home}#organization` },
    publisher: { '@id': `${home}#organization` },
    aggregateRating: { '@type': 'AggregateRating', ...PRODUCT_RATING },
    offers: { '@type': 'Offer', ...PRODUCT_OFFER, url: new URL('/pricing', origin).href, availability: 'https://schema.org/InStock' },
  };
  return [application, organization];
}

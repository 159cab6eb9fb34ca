import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { describePage } from '#contracts/pages/page-descriptions';
import { matchPage, PAGE_META } from '#contracts/pages/page-meta';
import { DEMO_VIDEO } from '#contracts/pages/demo-video';
import { SHARE_IMAGE } from '#contracts/pages/share-image';
import { publicPageEntries } from '../../worker/routes/seo';
import { request } from '../utils';

const origin = () => new URL(env.APP_URL).origin;
const metaContent = (html: string, attribute: string, name: string) => new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
const jsonLdBlocks = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);

describe('robots.txt', () => {
  it('allows the site, keeps crawlers out of the API and the signed-in area, and names the sitemap', async () => {
    const response = await request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/api/', '/app/', '/dashboard', '/onboarding']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${origin()}/sitemap.xml`);
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toHaveLength(4);
  });
});

describe('sitemap.xml', () => {
  const locations = async () => {
    const response = await request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  };

  it('lists every public marketing, legal, tool and account page by its full address', async () => {
    const listed = await locations();
    for (const path of [
      '/',
      '/demo',
      '/pricing',
      '/affiliate',
      '/our-story',
      '/contributors',
      '/blog',
      '/terms',
      '/privacy',
      '/business-ideas-generator',
      '/user-persona-generator',
      '/signup',
      '/signin',
    ]) {
      expect(listed, path).toContain(new URL(path, origin()).href);
    }
  });

  it('lists each indexable page once and nothing private, tokenised or patterned', async () => {
    const listed = await locations();
    expect(new Set(listed).size).toBe(listed.length);
    for (const location of listed) {
      const { pathname } = new URL(location);
      expect(location.startsWith(`${origin()}/`), location).toBe(true);
      expect(matchPage(pathname)?.indexable, location).toBe(true);
      expect(pathname).not.toContain(':');
    }
    for (const path of ['/dashboard', '/onboarding', '/verify-email', '/research']) {
      expect(
        listed.some((location) => new URL(location).pathname.startsWith(path)),
        path,
      ).toBe(false);
    }
    const expected = PAGE_META.filter((meta) => meta.indexable && !meta.pattern.includes(':')).length;
    expect(listed.filter((location) => !new URL(location).pathname.startsWith('/blog/'))).toHaveLength(expected);
    expect(publicPageEntries()).toHaveLength(expected);
  });

  it('lists every published article with its last modification date', async () => {
    const updatedAt = Date.UTC(2026, 2, 14, 12);
    await env.DB.prepare(
      `INSERT INTO articles (slug, title, excerpt, author, published_at, cover_image_url, content_html, updated_at)
       VALUES ('sitemap-check', 'Sitemap check', 'An article for the sitemap test', 'Ana', ?1, '/blog/covers/sitemap-check.svg', '<p>x</p>', ?2)
       ON CONFLICT (slug) DO NOTHING`,
    )
      .bind(Date.UTC(2026, 1, 1), updatedAt)
      .run();
    const xml = await (await request('/sitemap.xml')).text();
    expect(xml).toContain(`<url><loc>${new URL('/blog/sitemap-check', origin()).href}</loc><lastmod>2026-03-14</lastmod></url>`);
  });

  it('every listed page answers 200 and names itself canonical', async () => {
    for (const location of await locations()) {
      const response = await request(new URL(location).pathname);
      expect(response.status, location).toBe(200);
      expect(await response.text(), location).toContain(`<link rel="canonical" href="${location}">`);
    }
  });
});

describe('link previews', () => {
  it.each(['/', '/demo', '/pricing', '/our-story', '/contributors', '/terms', '/privacy'])(
    '%s has Open Graph and Twitter tags with its own title and the share image',
    async (path) => {
      const html = await (await request(path)).text();
      const meta = matchPage(path)!;
      const image = `${origin()}${SHARE_IMAGE.path}`;
      expect(metaContent(html, 'property', 'og:title')).toBe(meta.title);
      expect(metaContent(html, 'property', 'og:description')).toBe(describePage(meta.pattern).replace(/'/g, '&#39;'));
      expect(metaContent(html, 'property', 'og:url')).toBe(new URL(path, origin()).href);
      expect(metaContent(html, 'property', 'og:image')).toBe(image);
      expect(metaContent(html, 'property', 'og:image:width')).toBe('1200');
      expect(metaContent(html, 'property', 'og:image:height')).toBe('630');
      expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(html, 'name', 'twitter:title')).toBe(meta.title);
      expect(metaContent(html, 'name', 'twitter:image')).toBe(image);
    },
  );

  it('serves the share image as a 1200x630 PNG', async () => {
    const response = await request(SHARE_IMAGE.path);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(bytes.buffer);
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([SHARE_IMAGE.width, SHARE_IMAGE.height]);
  });
});

describe('preloads', () => {
  it('the demo page names its poster in the HTML, so it loads before the script runs', async () => {
    const html = await (await request('/demo')).text();
    expect(html).toContain(`<link rel="preload" as="image" href="${DEMO_VIDEO.poster}" fetchpriority="high">`);
    const poster = await request(DEMO_VIDEO.poster);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('Content-Type')).toBe('image/webp');
    expect(await (await request('/pricing')).text()).not.toContain('rel="preload"');
  });

  it('serves the demo video and its captions', async () => {
    const video = await request(DEMO_VIDEO.src);
    expect(video.status).toBe(200);
    expect(video.headers.get('Content-Type')).toBe('video/mp4');
    const captions = await request(DEMO_VIDEO.captions);
    expect(captions.status).toBe(200);
    expect(await captions.text()).toMatch(/^WEBVTT\n/);
  });
});

describe('structured data', () => {
  it('the landing page describes the product with its rating and free offer, and the organization', async () => {
    const blocks = jsonLdBlocks(await (await request('/')).text());
    const product = blocks.find((block) => Array.isArray(block['@type']) && (block['@type'] as string[]).includes('SoftwareApplication'));
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': ['SoftwareApplication', 'Product'],
      name: 'Launchmate',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.8, ratingCount: 50 },
      offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD' },
    });
    const organization = blocks.find((block) => block['@type'] === 'Organization');
    expect(organization).toMatchObject({ name: 'Launchmate', url: `${origin()}/` });
  });

  it('other pages carry no landing-page structured data', async () => {
    for (const path of ['/pricing', '/terms', '/no-such-page']) {
      expect(jsonLdBlocks(await (await request(path)).text()), path).toEqual([]);
    }
  });
});

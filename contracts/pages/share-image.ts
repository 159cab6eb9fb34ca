/**
 * The link-preview image of every page, named in the Open Graph and Twitter tags the Worker
 * injects. public/og-image.png is drawn from scripts/media/og-image.html by
 * `node scripts/media/render-og-image.mjs`; an operator may replace the file (1200x630 PNG).
 */
export const SHARE_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'Launchmate, your AI co-founder: from idea to product in 8 guided phases',
} as const;

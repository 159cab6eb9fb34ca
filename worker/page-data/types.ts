import type { PageMeta } from '#contracts/pages/page-meta';
import type { PageData } from '#contracts/pages/page-data';
import type { Bindings } from '../env';

/** A page's meta with its description: everything its head needs. */
export type PageHead = PageMeta & { description: string };

/** What the Worker sends in the head of one page, once its data (if any) has been looked up. */
export interface ResolvedPage {
  meta: PageHead;
  status: 200 | 404 | 503;
  openGraphType?: 'website' | 'article';
  /** An absolute image address for link previews; the product's default share image otherwise. */
  imageUrl?: string;
  /** Structured data for search engines. */
  jsonLd?: object[];
  /** What the page is rendered with, sent along for the browser to hydrate with (docs/decisions/0034). */
  data?: PageData;
}

/**
 * Looks up the data behind a data-driven page (an article, a shared result, a list) and answers
 * its own meta and data, or a not-found page when there is no such data.
 */
export type PageDataResolver = (env: Bindings, pathname: string, meta: PageHead, canonicalUrl: string) => Promise<ResolvedPage>;

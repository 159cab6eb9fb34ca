/**
 * The data a server-rendered page was rendered with (docs/decisions/0034). The Worker reads it
 * from D1, renders the page with it and sends it along as a JSON data block, so the browser
 * hydrates with exactly the same data instead of fetching it again.
 */
import type { ArticleSummary, ArticleWithContent } from '../blog';
import type { SharedResult } from '../free-tools';

export type PageData =
  | { kind: 'articles'; articles: ArticleSummary[] | null }
  | { kind: 'article'; article: ArticleWithContent }
  /** No such article: the not-found view with the latest articles to read instead. */
  | { kind: 'article-missing'; latest: ArticleSummary[] }
  /** The database could not be read: the article's error view (and a 503). */
  | { kind: 'article-failed' }
  | { kind: 'shared-result'; shared: SharedResult | null }
  | { kind: 'tool-count'; tool: SharedResult['tool']; count: number | null };

/** What the app was rendered for: the path, and the data of that page if it has any. */
export interface RenderedPage {
  path: string;
  data: PageData | null;
}

/** The id of the `<script type="application/json">` element that carries the RenderedPage. */
export const RENDERED_PAGE_ELEMENT_ID = 'rendered-page';

/** Article shapes of the public API, shared by the Worker and the blog pages. */

/** A slug as scripts/load-blog.ts writes it; anything else is not looked up. */
export const ARTICLE_SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An unknown article's page suggests this many of the latest articles instead. */
export const ARTICLE_SUGGESTIONS = 4;

export interface ArticleSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** Unix milliseconds. */
  published_at: number;
  cover_image_url: string;
}

export interface ArticleWithContent extends ArticleSummary {
  /** HTML sanitised when the article was loaded (scripts/load-blog.ts). */
  content: string;
}

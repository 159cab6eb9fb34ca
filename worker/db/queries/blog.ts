import { desc, eq } from 'drizzle-orm';
import type { ArticleSummary, ArticleWithContent } from '#contracts/blog';
import type { Db } from '../client';
import { articles } from '../schema';

const summaryColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  excerpt: articles.excerpt,
  author: articles.author,
  published_at: articles.publishedAt,
  cover_image_url: articles.coverImageUrl,
};

/** Newest first; articles published the same day keep a stable order. */
export function listArticles(db: Db): Promise<ArticleSummary[]> {
  return db.select(summaryColumns).from(articles).orderBy(desc(articles.publishedAt), desc(articles.id));
}

export async function findArticle(db: Db, slug: string): Promise<ArticleWithContent | undefined> {
  const [found] = await db
    .select({ ...summaryColumns, content: articles.contentHtml })
    .from(articles)
    .where(eq(articles.slug, slug));
  return found;
}

/** Only what the page handler, the feed and the sitemap need: no article bodies. */
export function listArticleIndex(db: Db) {
  return db
    .select({ slug: articles.slug, title: articles.title, excerpt: articles.excerpt, publishedAt: articles.publishedAt, updatedAt: articles.updatedAt })
    .from(articles)
    .orderBy(desc(articles.publishedAt), desc(articles.id));
}

/** What the page handler puts in an article's <head>: no body. */
export async function findArticleMeta(db: Db, slug: string): Promise<ArticleSummary | undefined> {
  const [found] = await db.select(summaryColumns).from(articles).where(eq(articles.slug, slug));
  return found;
}

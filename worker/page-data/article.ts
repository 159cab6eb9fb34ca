import { normalizePath } from '#contracts/pages/page-meta';
import { ARTICLE_SLUG_SHAPE, ARTICLE_SUGGESTIONS } from '#contracts/blog';
import { getDb } from '../db/client';
import { findArticle, listArticles } from '../db/queries/blog';
import type { PageDataResolver } from './types';

/**
 * A blog article's own title, description, image and Article JSON-LD, and the article itself to
 * render; a 404 with noindex and the latest articles when missing; a 503 with the article's
 * error view when the database cannot be read.
 */
export const articlePage: PageDataResolver = async (env, pathname, meta, canonicalUrl) => {
  const slug = normalizePath(pathname).split('/').pop() ?? '';
  const db = getDb(env.DB);
  let article;
  try {
    article = ARTICLE_SLUG_SHAPE.test(slug) ? await findArticle(db, slug) : undefined;
  } catch (error) {
    console.error('Reading an article for its page failed', slug, error);
    return { status: 503, meta: { ...meta, title: 'Article unavailable | Launchmate', indexable: false }, data: { kind: 'article-failed' } };
  }
  if (!article) {
    // The suggestions are a courtesy: without them the page is still a proper not-found page.
    const latest = await listArticles(db).then(
      (articles) => articles.slice(0, ARTICLE_SUGGESTIONS),
      () => [],
    );
    return {
      status: 404,
      meta: { ...meta, title: 'Article not found | Launchmate', description: "Sorry, the article you're looking for doesn't exist.", indexable: false },
      data: { kind: 'article-missing', latest },
    };
  }
  const imageUrl = new URL(article.cover_image_url, env.APP_URL).href;
  return {
    status: 200,
    meta: { ...meta, title: `${article.title} | Launchmate`, description: article.excerpt },
    openGraphType: 'article',
    imageUrl,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: article.title,
        description: article.excerpt,
        image: [imageUrl],
        datePublished: new Date(article.published_at).toISOString(),
        author: { '@type': 'Person', name: article.author },
        publisher: { '@type': 'Organization', name: 'Launchmate', url: new URL('/', env.APP_URL).href },
        mainEntityOfPage: canonicalUrl,
      },
    ],
    data: { kind: 'article', article },
  };
};

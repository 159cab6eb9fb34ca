import { normalizePath } from '#contracts/pages/page-meta';
import { ARTICLE_SLUG_SHAPE } from '#contracts/blog';
import { getDb } from '../db/client';
import { findArticle } from '../db/queries/blog';
import type { PageDataResolver } from './types';

/** A blog article's own title, description, image and Article JSON-LD; a 404 with noindex when missing. */
export const articlePage: PageDataResolver = async (env, pathname, meta, canonicalUrl) => {
  const slug = normalizePath(pathname).split('/').pop() ?? '';
  const article = ARTICLE_SLUG_SHAPE.test(slug) ? await findArticle(getDb(env.DB), slug) : undefined;
  if (!article) {
    return {
      status: 404,
      meta: { ...meta, title: 'Article not found | Launchmate', description: "Sorry, the article you're looking for doesn't exist.", indexable: false },
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
  };
};

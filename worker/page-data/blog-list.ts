import { getDb } from '../db/client';
import { listArticles } from '../db/queries/blog';
import type { PageDataResolver } from './types';

/** /blog with its articles; the list's error view and a 503 when the database cannot be read. */
export const blogListPage: PageDataResolver = async (env, _pathname, meta) => {
  try {
    return { status: 200, meta, data: { kind: 'articles', articles: await listArticles(getDb(env.DB)) } };
  } catch (error) {
    console.error('Reading the articles for /blog failed', error);
    return { status: 503, meta, data: { kind: 'articles', articles: null } };
  }
};

/**
 * How /blog lays out its articles: the newest is featured, the next 5
 * are the 'latest articles', and a grid from the 7th shows 4 at first and 8 more per
 * 'Load more articles', the button showing only while more remain.
 */
export const LATEST_COUNT = 5;
export const GRID_FIRST = 4;
export const GRID_STEP = 8;

export interface BlogSections<T> {
  featured: T | undefined;
  latest: T[];
  grid: T[];
  /** Whether 'Load more articles' has anything left to show. */
  hasMore: boolean;
}

/** `gridShown` is how many grid articles the visitor has asked to see (GRID_FIRST at first). */
export function blogSections<T>(articles: readonly T[], gridShown: number): BlogSections<T> {
  const [featured, ...rest] = articles;
  const latest = rest.slice(0, LATEST_COUNT);
  const gridAll = rest.slice(LATEST_COUNT);
  return { featured, latest, grid: gridAll.slice(0, gridShown), hasMore: gridAll.length > gridShown };
}

/** "March 4, 2026": articles carry a UTC date without a time of day. */
export const formatArticleDate = (ms: number) => new Date(ms).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

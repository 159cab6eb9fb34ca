import { articlePage } from './article';
import { sharedResultPage } from './shared-result';
import type { PageDataResolver } from './types';

/** Pages whose head depends on data, by route pattern (contracts/pages/page-meta.ts). */
export const DATA_PAGES: Record<string, PageDataResolver> = {
  '/blog/:slug': articlePage,
  '/business-ideas-generator/r/:id': sharedResultPage,
  '/user-persona-generator/r/:id': sharedResultPage,
};

export type { PageDataResolver, PageHead, ResolvedPage } from './types';

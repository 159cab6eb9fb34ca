import { articlePage } from './article';
import { blogListPage } from './blog-list';
import { sharedResultPage } from './shared-result';
import { toolPage } from './tool-count';
import type { PageDataResolver } from './types';

/** Pages whose head or content depends on data, by route pattern (contracts/pages/page-meta.ts). */
export const DATA_PAGES: Record<string, PageDataResolver> = {
  '/blog': blogListPage,
  '/blog/:slug': articlePage,
  '/business-ideas-generator': toolPage('business-ideas'),
  '/user-persona-generator': toolPage('user-persona'),
  '/business-ideas-generator/r/:id': sharedResultPage,
  '/user-persona-generator/r/:id': sharedResultPage,
};

export type { PageDataResolver, PageHead, ResolvedPage } from './types';

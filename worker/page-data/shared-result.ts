import { RESULT_NOT_FOUND_TITLE, SHARED_RESULT, sharedResultMeta } from '#contracts/pages/shared-result';
import { normalizePath } from '#contracts/pages/page-meta';
import { RESULT_ID, type SharedResult } from '#contracts/free-tools';
import { getDb } from '../db/client';
import { findResult } from '../db/queries/free-tools';
import type { PageDataResolver } from './types';

const SHARED_RESULT_PATH = /^\/(business-ideas|user-persona)-generator\/r\/([^/]+)$/;

/** A shared free-tool result's own title and description, and the result to render; a 404 when there is no such result for this tool. */
export const sharedResultPage: PageDataResolver = async (env, pathname, meta) => {
  const [, tool, id = ''] = SHARED_RESULT_PATH.exec(normalizePath(pathname)) ?? [];
  const row = RESULT_ID.test(id) ? await findResult(getDb(env.DB), id) : undefined;
  if (!row || row.tool !== tool) {
    return {
      status: 404,
      meta: { ...meta, title: RESULT_NOT_FOUND_TITLE, description: SHARED_RESULT.notFoundText, indexable: false },
      data: { kind: 'shared-result', shared: null },
    };
  }
  const shared = { tool: row.tool, input: row.input, result: JSON.parse(row.result), offline_demo: row.offlineDemo, created_at: row.createdAt } as SharedResult;
  return { status: 200, meta: { ...meta, ...sharedResultMeta(shared) }, data: { kind: 'shared-result', shared } };
};

export interface FrontendErrorRow {
  message: string;
  stack: string | null;
  type: string;
  url: string | null;
  component: string | null;
  context: string | null;
  userAgent: string | null;
}

/**
 * Stores one report unless the last minute already holds `perMinuteCap` of them. A single
 * INSERT … SELECT … WHERE, so the cap is exact however many reports arrive at once.
 */
export async function insertFrontendErrorUnderCap(d1: D1Database, row: FrontendErrorRow, perMinuteCap: number): Promise<boolean> {
  const result = await d1
    .prepare(
      `INSERT INTO frontend_errors (message, stack, type, url, component, context, user_agent)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
       WHERE (SELECT count(*) FROM frontend_errors WHERE created_at > unixepoch('subsec') * 1000 - 60000) < ?8`,
    )
    .bind(row.message, row.stack, row.type, row.url, row.component, row.context, row.userAgent, perMinuteCap)
    .run();
  return result.meta.changes === 1;
}

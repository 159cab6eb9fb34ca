import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// Rules for this schema (D1 is SQLite without interactive transactions):
// - migrations are additive: a new column is nullable or has a default;
// - counters and limits are single atomic statements (INSERT … SELECT … WHERE, UPDATE … RETURNING);
// - times are Unix milliseconds in INTEGER columns.

const createdAt = () =>
  integer('created_at', { mode: 'number' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** Browser crash and error reports, capped in size and redacted before they get here. */
export const frontendErrors = sqliteTable(
  'frontend_errors',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    createdAt: createdAt(),
    message: text('message').notNull(),
    stack: text('stack'),
    type: text('type').notNull(),
    url: text('url'),
    component: text('component'),
    context: text('context'),
    userAgent: text('user_agent'),
  },
  (t) => [index('frontend_errors_created_at').on(t.createdAt)],
);

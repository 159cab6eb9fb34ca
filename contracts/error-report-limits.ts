/**
 * Size caps of one browser error report. The client cuts its fields to these before sending;
 * the server's schema (contracts/errors.ts) refuses anything longer. Kept apart from the schema
 * so the app's entry chunk can import the numbers without bundling zod.
 */
export const ERROR_REPORT_LIMITS = {
  message: 1000,
  stack: 4000,
  type: 50,
  url: 2000,
  component: 200,
  contextKeys: 20,
  contextValue: 500,
} as const;

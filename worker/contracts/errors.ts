import { z } from 'zod';

/** Size caps of one browser error report; the client cuts its fields to these before sending. */
export const ERROR_REPORT_LIMITS = {
  message: 1000,
  stack: 4000,
  type: 50,
  url: 2000,
  component: 200,
  contextKeys: 20,
  contextValue: 500,
} as const;

const contextValue = z.union([z.string().max(ERROR_REPORT_LIMITS.contextValue), z.number(), z.boolean(), z.null()]);

export const ErrorReportSchema = z.strictObject({
  message: z.string().min(1).max(ERROR_REPORT_LIMITS.message),
  stack: z.string().max(ERROR_REPORT_LIMITS.stack).optional(),
  type: z.string().min(1).max(ERROR_REPORT_LIMITS.type),
  url: z.string().max(ERROR_REPORT_LIMITS.url).optional(),
  component: z.string().max(ERROR_REPORT_LIMITS.component).optional(),
  context: z
    .record(z.string().max(100), contextValue)
    .refine((value) => Object.keys(value).length <= ERROR_REPORT_LIMITS.contextKeys, {
      message: `At most ${ERROR_REPORT_LIMITS.contextKeys} context entries`,
    })
    .optional(),
});
export type ErrorReport = z.infer<typeof ErrorReportSchema>;

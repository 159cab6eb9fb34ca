import { z } from './zod';
import { ERROR_REPORT_LIMITS } from './error-report-limits';

export { ERROR_REPORT_LIMITS };

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

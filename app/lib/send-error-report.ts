/**
 * Sends error reports to the product's own endpoint. Loaded the first time something goes wrong
 * (error-reporting.ts), so the API client and the report's limits stay out of the entry chunk.
 */
import { ERROR_REPORT_LIMITS } from '#contracts/error-report-limits';
import { api } from './api';

/** What a report says besides the error itself. */
export interface ErrorDetails {
  /** What kind of failure: "error", "unhandledrejection", "render", … */
  type: string;
  component?: string;
  context?: Record<string, string | number | boolean | null>;
}

// A page stuck in an error loop must not flood the endpoint: each distinct message is sent
// once, and at most a handful per page load.
const MAX_REPORTS_PER_PAGE = 10;
const sent = new Set<string>();

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** Sends one report, once per distinct message and page load. A failure to report is only logged. */
export async function sendErrorReport(error: unknown, details: ErrorDetails): Promise<void> {
  const { message, stack } = describe(error);
  const key = `${details.type}:${message}`;
  if (sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE) return;
  sent.add(key);

  const context = details.context
    ? Object.fromEntries(
        Object.entries(details.context)
          .slice(0, ERROR_REPORT_LIMITS.contextKeys)
          .map(([name, value]) => [cut(name, 100), typeof value === 'string' ? cut(value, ERROR_REPORT_LIMITS.contextValue) : value]),
      )
    : undefined;

  try {
    const response = await api.errors['log-frontend-error'].$post({
      json: {
        message: cut(message || 'Unknown error', ERROR_REPORT_LIMITS.message),
        stack: stack ? cut(stack, ERROR_REPORT_LIMITS.stack) : undefined,
        type: cut(details.type, ERROR_REPORT_LIMITS.type),
        url: cut(window.location.href, ERROR_REPORT_LIMITS.url),
        component: details.component ? cut(details.component, ERROR_REPORT_LIMITS.component) : undefined,
        context,
      },
    });
    if (!response.ok) console.error('The error report was refused', response.status);
  } catch (reportFailure) {
    console.error('Could not send the error report', reportFailure);
  }
}

/** For tests: forget which reports were sent. */
export const resetSentReports = () => sent.clear();

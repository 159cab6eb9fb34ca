import { ERROR_REPORT_LIMITS } from '#contracts/error-report-limits';
import { api } from './api';

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

/** Sends one report to the product's own endpoint. A failure to report is only logged. */
export async function reportError(error: unknown, details: ErrorDetails): Promise<void> {
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

/** Reports uncaught errors and unhandled promise rejections of the whole app. */
export function installErrorReporting(): void {
  window.addEventListener('error', (event) => {
    void reportError(event.error ?? event.message, {
      type: 'error',
      context: { source: event.filename || null, line: event.lineno || null },
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    void reportError(event.reason, { type: 'unhandledrejection' });
  });
}

/** For tests: forget which reports were sent. */
export const resetSentReports = () => sent.clear();

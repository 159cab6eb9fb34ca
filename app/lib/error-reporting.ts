import type { ErrorDetails } from './send-error-report';

/**
 * Reports a failure to the product's own endpoint. The code that sends it loads on the first
 * report, so the first page's JavaScript carries only these few lines (bench/bundle-size.mjs).
 * A failure to load or to send is only logged.
 */
export async function reportError(error: unknown, details: ErrorDetails): Promise<void> {
  try {
    const { sendErrorReport } = await import('./send-error-report');
    await sendErrorReport(error, details);
  } catch (loadFailure) {
    console.error('Could not send the error report', loadFailure);
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

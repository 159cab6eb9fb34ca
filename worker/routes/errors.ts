import { Hono } from 'hono';
import { ErrorReportSchema } from '#contracts/errors';
import { insertFrontendErrorUnderCap } from '../db/queries/frontend-errors';
import { config } from '../config';
import type { AppEnv } from '../env';
import { jsonBody, limitBody } from '../middleware/validate';
import { admit, clientAddress } from '../services/rate-limit';
import { redact, stripControlCharacters } from '../services/redact';

const clean = (text: string | undefined) => (text === undefined ? null : redact(stripControlCharacters(text)));

/**
 * Browser error reports (docs/security.md §21): 8 KiB bodies, strict fields, e-mail addresses and
 * tokens redacted, a per-client limit and an exact global cap. Every accepted report answers
 * 204, and so does one dropped for overload: a crashing page must not be made worse by its
 * reporter, and a flood learns nothing from the answer.
 */
export const errors = new Hono<AppEnv>().post('/log-frontend-error', limitBody(8 * 1024), jsonBody(ErrorReportSchema), async (c) => {
  const report = c.req.valid('json');
  const limits = config(c.env);
  const perClient = await admit(
    c.env.DB,
    [{ name: 'error-report', limit: limits.ERROR_REPORTS_PER_CLIENT_PER_MINUTE, windowSeconds: 60 }],
    clientAddress(c.req.raw.headers),
  );
  if (!perClient.allowed) return c.body(null, 204);

  const userAgent = c.req.header('User-Agent');
  try {
    await insertFrontendErrorUnderCap(
      c.env.DB,
      {
        message: clean(report.message) ?? '',
        stack: clean(report.stack),
        type: stripControlCharacters(report.type),
        url: clean(report.url),
        component: clean(report.component),
        context: report.context ? clean(JSON.stringify(report.context)) : null,
        userAgent: userAgent ? stripControlCharacters(userAgent).slice(0, 300) : null,
      },
      limits.ERROR_REPORTS_GLOBAL_PER_MINUTE,
    );
  } catch (error) {
    console.error('Could not store a browser error report', error);
    return c.json({ error: 'Error reports are unavailable right now.' }, 503);
  }
  return c.body(null, 204);
});

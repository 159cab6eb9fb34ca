import { Hono } from 'hono';
import { AnalyticsEventSchema } from '#contracts/events';
import { insertAnalyticsEvent } from '../db/queries/analytics';
import { config } from '../config';
import type { AppEnv } from '../env';
import { jsonBody, limitBody } from '../middleware/validate';
import { admit, clientAddress } from '../services/rate-limit';

/**
 * First-party analytics (no third-party script): the browser's `track()` posts named events
 * here. 8 KiB bodies and a strict schema; beyond the per-client limit, events are dropped
 * with the same 204 as a stored one, since analytics must never disturb the page that sends them.
 */
export const events = new Hono<AppEnv>().post('/', limitBody(8 * 1024), jsonBody(AnalyticsEventSchema), async (c) => {
  const event = c.req.valid('json');
  const perClient = await admit(
    c.env.DB,
    [{ name: 'analytics-event', limit: config(c.env).ANALYTICS_EVENTS_PER_CLIENT_PER_MINUTE, windowSeconds: 60 }],
    clientAddress(c.req.raw.headers),
  );
  if (!perClient.allowed) return c.body(null, 204);

  try {
    await insertAnalyticsEvent(c.env.DB, event);
  } catch (error) {
    console.error('Could not store an analytics event', error);
    return c.json({ error: 'Analytics is unavailable right now.' }, 503);
  }
  return c.body(null, 204);
});

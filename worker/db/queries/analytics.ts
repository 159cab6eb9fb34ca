import type { AnalyticsEvent } from '#contracts/events';

/** Stores one analytics event as sent (already validated and bounded by its schema). */
export async function insertAnalyticsEvent(d1: D1Database, event: AnalyticsEvent): Promise<void> {
  await d1
    .prepare('INSERT INTO analytics_events (name, path, properties, session_id) VALUES (?1, ?2, ?3, ?4)')
    .bind(event.name, event.path, event.properties ? JSON.stringify(event.properties) : null, event.sessionId)
    .run();
}

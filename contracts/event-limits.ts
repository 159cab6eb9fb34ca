/**
 * Size caps of one analytics event. The browser's `track()` cuts to these before sending; the
 * server's schema (contracts/events.ts) refuses anything longer. Kept apart from the schema so
 * pages that track events do not bundle zod.
 */
export const EVENT_LIMITS = {
  path: 300,
  propertyKeys: 10,
  propertyKey: 40,
  propertyValue: 200,
} as const;

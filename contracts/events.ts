import { EVENT_LIMITS } from './event-limits';
import { hasControlCharacters } from './text';
import { z } from './zod';

export { EVENT_LIMITS };

const propertyValue = z.union([
  z
    .string()
    .max(EVENT_LIMITS.propertyValue)
    .refine((value) => !hasControlCharacters(value), 'Event properties cannot contain control characters'),
  z.number(),
  z.boolean(),
  z.null(),
]);

/**
 * One first-party analytics event: a name such as 'play-demo', the page it happened on, a
 * small flat object of details, and the tab's random session id (not the sign-in session).
 */
export const AnalyticsEventSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9-]{1,64}$/, 'The event name must be 1-64 lowercase letters, digits or hyphens.'),
  path: z
    .string()
    .startsWith('/')
    .max(EVENT_LIMITS.path)
    .refine((path) => !hasControlCharacters(path), 'The path cannot contain control characters'),
  properties: z
    .record(z.string().min(1).max(EVENT_LIMITS.propertyKey), propertyValue)
    .refine((value) => Object.keys(value).length <= EVENT_LIMITS.propertyKeys, {
      message: `At most ${EVENT_LIMITS.propertyKeys} properties`,
    })
    .optional(),
  sessionId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'The session id must be 8-64 letters, digits or hyphens.'),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

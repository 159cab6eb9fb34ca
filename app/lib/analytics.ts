import { EVENT_LIMITS } from '#contracts/event-limits';
import { api } from './api';

export type EventProperties = Record<string, string | number | boolean | null>;

const SESSION_KEY = 'launchmate.analyticsSession';

/** A random id for this tab, so events of one visit can be grouped; not tied to any account. */
function tabSessionId(): string {
  try {
    let id = window.sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = crypto.randomUUID();
      window.sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function bounded(properties: EventProperties): EventProperties {
  return Object.fromEntries(
    Object.entries(properties)
      .slice(0, EVENT_LIMITS.propertyKeys)
      .map(([key, value]) => [cut(key, EVENT_LIMITS.propertyKey), typeof value === 'string' ? cut(value, EVENT_LIMITS.propertyValue) : value]),
  );
}

/**
 * Records a product event (e.g. 'play-demo') with the product's own endpoint. Fire and forget:
 * it never throws and never makes the caller wait; a failure is only logged.
 */
export function track(name: string, properties?: EventProperties): void {
  void (async () => {
    try {
      const response = await api.events.$post({
        json: {
          name,
          path: cut(window.location.pathname, EVENT_LIMITS.path),
          properties: properties ? bounded(properties) : undefined,
          sessionId: tabSessionId(),
        },
      });
      if (!response.ok) console.warn(`Analytics event "${name}" was refused (${response.status})`);
    } catch (error) {
      console.warn(`Analytics event "${name}" could not be sent`, error);
    }
  })();
}

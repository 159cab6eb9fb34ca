import { randomUUID } from 'node:crypto';
import { sendJson, startFakeServer } from './server';

export interface ResendScenario {
  /** Answer every send with this status (e.g. 500) instead of accepting it. */
  status?: number;
}

/** Resend's `POST /emails`, recording what the product sends. */
export function startFakeResend() {
  return startFakeServer<ResendScenario>('resend', (request, scenario, response) => {
    if (request.path !== '/emails' || request.method !== 'POST') return sendJson(response, 404, { message: 'Not found' });
    if (!request.headers.authorization?.startsWith('Bearer ')) return sendJson(response, 401, { message: 'Missing API key', name: 'missing_api_key' });
    if (scenario.status && scenario.status !== 200) {
      return sendJson(response, scenario.status, { statusCode: scenario.status, message: 'Internal server error', name: 'internal_server_error' });
    }
    sendJson(response, 200, { id: randomUUID() });
  });
}

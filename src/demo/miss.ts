/**
 * The demo's answer for anything it holds no data for: the replay server's own "no route" answer
 * (404 with `x-replay-miss: 1`), which the gateway in demo mode reports as "the demo has no data
 * for this" (src/upstream/client.ts) — never as the platform's NOT_FOUND, since the real site may
 * well have it. Routes that serve a whole host answer it for the records they do not hold.
 */
import type { RecordedResponse, ReplayRequest } from '../replay/server.js';

export function demoMiss(req: Pick<ReplayRequest, 'host' | 'path'>): RecordedResponse {
  return {
    status: 404,
    headers: { 'content-type': 'application/json', 'x-replay-miss': '1' },
    body: JSON.stringify({ replay: 'no route', host: req.host, path: req.path }),
  };
}

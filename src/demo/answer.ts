/**
 * How the demo's upstream answers are written (src/platforms/<label>/demo.ts, src/demo/web.ts):
 * HTML and JSON bodies with their content types.
 */
import type { RecordedResponse } from '../replay/server.js';

export const HTML = { 'content-type': 'text/html; charset=utf-8' };
const JSON_CT = { 'content-type': 'application/json; charset=utf-8' };

/** A JSON answer (a string body is sent as it is), with any further headers (a `link`, a rate limit's). */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): RecordedResponse => ({
  status,
  headers: { ...JSON_CT, ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

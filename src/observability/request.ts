/**
 * Request ids: every response carries `x-request-id` — the client's own when it sent a sane one
 * (1–128 characters of letters, digits and `-_.:/+=@~`, holding none of the credentials the
 * request carries: its `x-api-key`, its `Authorization` header's — nor anything shaped like a key
 * this gateway makes), else a new one:
 * this process's random 48-bit prefix and a counter (`3f9c0a61b2e4-1k2`), unique across
 * instances for practical purposes and cheaper than a UUID on every request.
 * The id is in REST error bodies (`error.request_id`), GraphQL errors' `extensions.request_id`,
 * and the request's log lines (`req_id`).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { KEY_PREFIX } from '../credits/keys.js';
import type { AuthenticatedKey } from '../credits/ledger.js';

export interface RequestInfo {
  id: string;
  /** Route template for metrics and the access log (`/v1/code/repository`, `/graphql`…). */
  route: string;
  /** The authenticated key's id, once known (never the key). */
  keyId: string | null;
  /** performance.now() when the request arrived. */
  started: number;
  /**
   * The key as the HTTP face authenticated it before reading a large body (src/graphql/http.ts),
   * so that the pipeline's admit step does not look it up again (rate limit still to come).
   */
  authenticatedKey?: AuthenticatedKey;
}

const SANE = /^[A-Za-z0-9._:/+=@~-]{1,128}$/;
/** A key this gateway makes (src/credits/keys.ts: its prefix and 32 bytes in base64url), anywhere in the id. */
const KEY_SHAPED = new RegExp(`${KEY_PREFIX}[A-Za-z0-9_-]{43}`);

/**
 * The id of a request with these headers. The id is logged and echoed, so one holding a credential
 * of the request is replaced: the `x-api-key` (every one given), and what `Authorization` carries
 * after its scheme (MCP takes the key as a bearer token, /metrics its METRICS_TOKEN) — before, only
 * an id equal to the `x-api-key` was, and a bearer key sent as the id was logged in clear. So is
 * an id holding anything shaped like a key this gateway makes: a client that put its key in the
 * wrong header (and none, or another, in the right one) had it logged and echoed.
 */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const header = headers['x-request-id'];
  const v = Array.isArray(header) ? header[0] : header;
  if (v === undefined || !SANE.test(v) || KEY_SHAPED.test(v)) return newRequestId();
  const keys = headers['x-api-key'];
  const credentials = [...(Array.isArray(keys) ? keys : [keys]), headers.authorization?.replace(/^\S+\s+/, '')];
  return credentials.some((c) => {
    const credential = c?.trim();
    return credential && v.includes(credential);
  })
    ? newRequestId()
    : v;
}

const PREFIX = `${randomBytes(6).toString('hex')}-`;
let seq = 0;

export function newRequestId(): string {
  return PREFIX + (++seq).toString(36);
}

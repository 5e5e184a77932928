/**
 * Absolute URLs for stored media.
 *
 * Records keep gateway paths (`/media/<id>`): they are cached and shared between callers, and a
 * base taken from one caller's Host header must not end up in another caller's answer (a forged
 * Host would otherwise poison the cache). Each response makes them absolute with
 *
 *   1. PUBLIC_BASE_URL when set (recommended behind a proxy or CDN), else
 *   2. the base of the request being answered (`requestBaseUrl`: its Host header, and
 *      X-Forwarded-Proto / TLS for the scheme), when the request context carries it, else
 *   3. nothing: the path is left relative to the gateway.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { mediaConfig } from './config.js';

/** What a request context may carry (see `requestBaseUrl`). */
export interface WithRequestBaseUrl {
  requestBaseUrl?: string | null;
}

/** A Host header value: a name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST_RE = /^(?:[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `http(s)://<host>` the client used to reach this request, or null when its Host header is absent or malformed. */
export function requestBaseUrl(req: Pick<IncomingMessage, 'headers' | 'socket'>): string | null {
  const host = req.headers.host;
  if (!host || host.length > 300 || !HOST_RE.test(host)) return null;
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0].trim().toLowerCase();
  const scheme = proto === 'https' || proto === 'http' ? proto : (req.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http';
  return `${scheme}://${host.toLowerCase()}`;
}

/** The base to put in front of gateway media paths for this request context, or null. */
export function mediaBaseUrl(ctx: WithRequestBaseUrl | null | undefined): string | null {
  return mediaConfig().publicBaseUrl ?? ctx?.requestBaseUrl ?? null;
}

/** A gateway path made absolute with `base`; absolute URLs, nulls and missing bases pass unchanged. */
export function absoluteMediaUrl(url: string | null, base: string | null): string | null {
  return url !== null && base !== null && url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url;
}

/**
 * The API key a request carries, read the same way by every face (REST, GraphQL, MCP, bulk jobs,
 * monitors, the account routes): its `x-api-key` header, else the credentials of
 * `Authorization: Bearer <key>`.
 *
 * An authentication scheme is matched case-insensitively (RFC 7235 §2.1: "It uses a
 * case-insensitive token as a means to identify the authentication scheme"), so `bearer` and
 * `BEARER` are Bearer; one or more spaces (or tabs) separate it from the token. Before, only MCP
 * read `Authorization` at all, and /metrics matched `Bearer ` capitalised only: a client sending
 * `authorization: bearer <key>` (many HTTP libraries lower-case the scheme) was 401 everywhere else.
 * Another scheme (`Basic …`) carries no key.
 */
import type { IncomingHttpHeaders } from 'node:http';

const BEARER = /^bearer[ \t]+(.*)$/is;

/** What `Authorization: Bearer <token>` carries (the scheme in any case), or null for another scheme or none. */
export function bearerToken(authorization: string | null | undefined): string | null {
  const m = authorization ? BEARER.exec(authorization) : null;
  const token = m?.[1].trim();
  return token ? token : null;
}

/** The key of `x-api-key` (the first one given) else of `Authorization: Bearer`, or null. */
export function keyOf(xApiKey: string | string[] | null | undefined, authorization: string | null | undefined): string | null {
  const key = Array.isArray(xApiKey) ? xApiKey[0] : xApiKey;
  return key ? key : bearerToken(authorization);
}

/** OpenAPI: the two ways of sending a key (alternatives), each a scheme of KEY_SECURITY_SCHEMES. */
export const KEY_SECURITY = [{ apiKey: [] }, { bearer: [] }];
export const KEY_SECURITY_SCHEMES = {
  apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
  bearer: { type: 'http', scheme: 'bearer', description: 'The same key as `Authorization: Bearer <key>` (the scheme in any case)' },
};

/** The key a node request's headers carry (see the module's doc), or null. */
export function apiKeyOf(headers: IncomingHttpHeaders): string | null {
  return keyOf(headers['x-api-key'], headers.authorization);
}

/**
 * Upstream requests for linkpage-d (Pillar). pillar.io serves an empty single-page shell; the
 * page's data is read the way the page itself reads it, from the site's public Hasura GraphQL
 * endpoint (parse.ts, README.md):
 *
 *  1. the endpoint and its public anonymous-role JWT, kept in a token source
 *     (src/upstream/tokens.ts): `GET https://pillar.io/<username>` (the shell; the marketing home
 *     page loads no vendors bundle), then its `/js/chunk-vendors….js` bundles (the `s-z` one
 *     first) until one holds `VUE_APP_GRAPHQL_ENDPOINT` and `VUE_APP_GRAPHQL_TOKEN`. Kept until
 *     the JWT's `exp`, at most six hours; fetched once for concurrent lookups; refused (HTTP
 *     401/403, or Hasura's `invalid-jwt` errors, which it answers with 200) → fetched again once
 *     and the request repeated;
 *  2. `POST <endpoint>` the resolve query: the username's influencer id (none → NOT_FOUND);
 *  3. `POST <endpoint>` the page query: the influencer, its banner and links (essential);
 *  4. `POST <endpoint>` the products query: optional — its failure leaves `products: []`, warned
 *     `page.products`, and the record a partial read (not cached).
 *
 * Every request goes through ctx.upstream (the SSRF guard, timeouts, block pages: a bot-challenge
 * page is UPSTREAM_BLOCKED before this code sees it). The endpoint is whatever https host the
 * site's bundle names, never one the SSRF guard refuses outright (parse.ts endpointOf); the
 * GraphQL POSTs follow no redirect.
 * One lookup is one operation run: the pipeline charges it once, whatever the requests.
 */
import { shapeChanged } from '../../errors.js';
import { expectStepOk } from '../../upstream/client.js';
import type { Upstream, UpstreamResponse } from '../../upstream/client.js';
import { createTokenSource, tokenSource, TokenRefusedError } from '../../upstream/tokens.js';
import type { Token, TokenSource } from '../../upstream/tokens.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import { optionalStep, partialRead } from '../partial-read.js';
import type { Credentials, GraphqlRequest, LinkpageDPage } from './parse.js';
import {
  findCredentials,
  isTokenRefusal,
  jwtExpiry,
  ORIGIN,
  pageQuery,
  pageRecord,
  PLATFORM,
  productsQuery,
  readPage,
  readProducts,
  resolveInfluencer,
  resolveQuery,
  vendorsBundleUrls,
} from './parse.js';
import { JsonOverBound } from '../../parse/json.js';

/** How long scraped credentials are used at most (the JWT's own `exp` may end them sooner). */
export const CREDENTIALS_LIFETIME_MS = 6 * 60 * 60 * 1000;
/** At most this many vendors bundles are read looking for the settings. */
const MAX_BUNDLES = 4;
/** A vendors bundle is a few MB of minified JS. */
const MAX_BUNDLE_BYTES = 16 * 1024 * 1024;
/** Used when no lookup has named a page yet (any app path serves the same shell). */
const FALLBACK_SHELL_URL = `${ORIGIN}/login`;

export const pageUrlOf = (username: string) => `${ORIGIN}/${encodeURIComponent(username)}`;

async function fetchCredentials(upstream: Upstream, shellUrl: string, signal?: AbortSignal, now: () => number = Date.now): Promise<Token> {
  let bundles = await shellBundles(upstream, shellUrl, signal);
  // A page that loads no vendors bundle (sent on to the marketing home page): the app's login page does.
  if (!bundles.length && shellUrl !== FALLBACK_SHELL_URL) bundles = await shellBundles(upstream, FALLBACK_SHELL_URL, signal);
  for (const url of bundles.slice(0, MAX_BUNDLES)) {
    const res = await upstream.request({
      url,
      platform: PLATFORM,
      headers: { accept: '*/*', referer: shellUrl },
      maxBodyBytes: MAX_BUNDLE_BYTES,
      signal,
    });
    // A bundle the shell names but the site no longer has: the next one.
    if (res.status === 404 || res.status === 410) continue;
    expectStepOk(res, PLATFORM, 'A pillar.io vendors bundle');
    const creds = findCredentials(res.text());
    if (!creds) continue;
    const expiresAt = Math.min(jwtExpiry(creds.token) ?? Infinity, now() + CREDENTIALS_LIFETIME_MS);
    return { value: JSON.stringify(creds), expiresAt };
  }
  throw shapeChanged(
    PLATFORM,
    'the GraphQL endpoint and public token (VUE_APP_GRAPHQL_ENDPOINT, VUE_APP_GRAPHQL_TOKEN) in the page’s chunk-vendors bundles',
  );
}

/** The vendors bundles a pillar.io page loads (a 404 page is read too: the app may serve its shell so). */
async function shellBundles(upstream: Upstream, url: string, signal?: AbortSignal): Promise<string[]> {
  const shell = await upstream.request({ url, platform: PLATFORM, headers: { accept: 'text/html', 'accept-language': 'en' }, signal });
  const bundles = shell.status === 404 || shell.status === 410 ? vendorsBundleUrls(shell.text(), shell.url) : [];
  if (bundles.length) return bundles;
  expectStepOk(shell, PLATFORM, 'The pillar.io page shell');
  return vendorsBundleUrls(shell.text(), shell.url);
}

/** The page each source fetches its shell from: the latest lookup's (every app path serves the same shell). */
const shellPages = new WeakMap<TokenSource, string>();

/** The credentials source of this upstream client (tests with their own client get their own). */
export function credentialsSource(upstream: Upstream): TokenSource {
  const source: TokenSource = tokenSource(upstream, `${PLATFORM}:graphql`, (client) => {
    const s = createTokenSource(`${PLATFORM} GraphQL token`, (signal) =>
      fetchCredentials(client, shellPages.get(s) ?? FALLBACK_SHELL_URL, signal),
    );
    return s;
  });
  return source;
}

function jsonOf(res: UpstreamResponse, what: string): unknown {
  try {
    return res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw shapeChanged(PLATFORM, `a JSON body from the GraphQL endpoint for ${what}`);
  }
}

/** One GraphQL POST with the public token; a refused token → fresh credentials and one retry. */
async function graphql(ctx: OpContext, pageUrl: string, req: GraphqlRequest, what: string): Promise<unknown> {
  const source = credentialsSource(ctx.upstream);
  shellPages.set(source, pageUrl);
  return source.withToken(
    async (value) => {
      const { endpoint, token } = JSON.parse(value) as Credentials;
      const res = await ctx.upstream.request({
        url: endpoint,
        method: 'POST',
        platform: PLATFORM,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
          origin: ORIGIN,
          referer: pageUrl,
        },
        body: JSON.stringify(req),
        followRedirects: false,
        signal: ctx.signal,
      });
      if (res.status === 401 || res.status === 403) throw new TokenRefusedError(res.status);
      // Any other failure says nothing about the creator (a 404 is the endpoint's, not the page's).
      expectStepOk(res, PLATFORM, `The GraphQL endpoint (${what})`);
      const body = jsonOf(res, what);
      if (isTokenRefusal(body)) throw new TokenRefusedError(res.status);
      return body;
    },
    { signal: ctx.signal },
  );
}

export async function fetchPillarPage(ctx: OpContext, a: { username: string }): Promise<LinkpageDPage> {
  const pageUrl = pageUrlOf(a.username);
  const name = `pillar.io/${a.username}`;
  const resolveBody = await graphql(ctx, pageUrl, resolveQuery(a.username), `the lookup of ${name}`);
  const resolved = parsed(ctx, () => resolveInfluencer(resolveBody, a.username));
  const pageBody = await graphql(ctx, pageUrl, pageQuery(resolved.id), `the page ${name}`);
  const page = parsed(ctx, () => readPage(pageBody, resolved, a.username));
  const products = await optionalStep(ctx, { platform: PLATFORM, field: 'page.products' }, async () => {
    const body = await graphql(ctx, pageUrl, productsQuery(resolved.id), `the products of ${name}`);
    return parsed(ctx, () => readProducts(body, a.username, resolved.id));
  });
  const record = parsed(ctx, () => pageRecord(page, products ?? []));
  return products === null ? partialRead(record) : record;
}

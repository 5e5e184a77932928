/**
 * Upstream request for linkpage-e (Lnk.Bio): the public page HTML, `GET https://lnk.bio/<handle>`.
 * A bot-challenge page, whatever its status, never reaches this code: the upstream client's block
 * catalogue (src/upstream/blocks) answers it as UPSTREAM_BLOCKED.
 */
import { notFound } from '../../errors.js';
import { singleSegmentHandle } from '../../links/page-handle.js';
import { expectOk } from '../../upstream/client.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { LinkpageEPage } from './parse.js';
import { parseLnkBioPage } from './parse.js';

export async function fetchLnkBioPage(ctx: OpContext, a: { handle: string }): Promise<LinkpageEPage> {
  const res = await ctx.upstream.request({
    url: `https://lnk.bio/${encodeURIComponent(a.handle)}`,
    platform: 'linkpage-e',
    headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en' },
    signal: ctx.signal,
    userParam: 'url',
    // The host is the platform's own (only the page is the caller's): its redirects are its own.
    platformDomains: ['lnk.bio'],
  });
  const html = res.text();
  const what = `Link page lnk.bio/${a.handle}`;
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found`);
  expectOk(res, 'linkpage-e', what);
  // An unknown handle that is sent on to the site's home page has no page of its own.
  if (new URL(res.url).pathname === '/') throw notFound(`${what} was not found`);
  // A redirect that ends on another handle's page is that account's page, whatever it holds.
  const landed = singleSegmentHandle(res.url, { label: 'linkpage-e', hosts: ['lnk.bio', 'www.lnk.bio'], origin: 'https://lnk.bio' });
  assertSameResource('linkpage-e', what, { handle: a.handle }, { handle: landed });
  const page = parsed(ctx, () => parseLnkBioPage(html, a.handle));
  // The page of another account is no answer (identity.ts).
  assertSameResource('linkpage-e', what, { handle: a.handle }, { handle: page.handle });
  return page;
}

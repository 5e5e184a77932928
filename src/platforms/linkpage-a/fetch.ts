/**
 * Upstream request for linkpage-a (Linkme): the public page HTML, `GET https://link.me/<username>`.
 * A bot-challenge page, whatever its status, never reaches this code: the upstream client's block
 * catalogue (src/upstream/blocks) answers it as UPSTREAM_BLOCKED.
 */
import { notFound } from '../../errors.js';
import { singleSegmentHandle } from '../../links/page-handle.js';
import { expectOk } from '../../upstream/client.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { LinkpageAProfile } from './parse.js';
import { parseLinkmePage } from './parse.js';

export async function fetchLinkmeProfile(ctx: OpContext, a: { username: string }): Promise<LinkpageAProfile> {
  const res = await ctx.upstream.request({
    url: `https://link.me/${encodeURIComponent(a.username)}`,
    platform: 'linkpage-a',
    headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en' },
    signal: ctx.signal,
    userParam: 'url',
    // The host is the platform's own (only the page is the caller's): its redirects are its own.
    platformDomains: ['link.me'],
  });
  const html = res.text();
  const what = `Linkme profile link.me/${a.username}`;
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found`);
  expectOk(res, 'linkpage-a', what);
  // An unknown username that is sent on to the site's home page has no profile of its own.
  if (new URL(res.url).pathname === '/') throw notFound(`${what} was not found`);
  // A redirect that ends on another username's page is that account's page, whatever it holds.
  const landed = singleSegmentHandle(res.url, { label: 'linkpage-a', hosts: ['link.me', 'www.link.me'], origin: 'https://link.me' });
  assertSameResource('linkpage-a', what, { handle: a.username }, { handle: landed });
  const profile = parsed(ctx, () => parseLinkmePage(html, a.username));
  // The page of another account (a username answered with someone else's) is no answer (identity.ts).
  assertSameResource('linkpage-a', what, { handle: a.username }, { handle: profile.username });
  return profile;
}

/**
 * Upstream request for linkpage-b (Linktree): the public page HTML, `GET https://linktr.ee/<username>`.
 * A bot-challenge page, whatever its status, never reaches this code: the upstream client's block
 * catalogue (src/upstream/blocks) answers it as UPSTREAM_BLOCKED.
 */
import { notFound } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { LinkpageBPage } from './parse.js';
import { parseLinktreePage } from './parse.js';

export async function fetchLinktreePage(ctx: OpContext, a: { username: string }): Promise<LinkpageBPage> {
  const res = await ctx.upstream.request({
    url: `https://linktr.ee/${encodeURIComponent(a.username)}`,
    platform: 'linkpage-b',
    headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en' },
    signal: ctx.signal,
    userParam: 'url',
    // The host is the platform's own (only the page is the caller's): its redirects are its own.
    platformDomains: ['linktr.ee'],
  });
  const html = res.text();
  const what = `Link page linktr.ee/${a.username}`;
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found`);
  expectOk(res, 'linkpage-b', what);
  // An unknown username that is sent on to the site's home page has no page of its own.
  if (new URL(res.url).pathname === '/') throw notFound(`${what} was not found`);
  const page = parsed(ctx, () => parseLinktreePage(html, a.username));
  // The page of another account is no answer (identity.ts).
  assertSameResource('linkpage-b', what, { handle: a.username }, { handle: page.username });
  return page;
}

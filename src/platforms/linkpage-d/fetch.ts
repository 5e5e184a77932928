/**
 * Upstream request for linkpage-d (Pillar): the public page HTML, `GET https://pillar.io/<username>`.
 * A bot-challenge page, whatever its status, never reaches this code: the upstream client's block
 * catalogue (src/upstream/blocks) answers it as UPSTREAM_BLOCKED.
 */
import { notFound } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import type { OpContext } from '../operation.js';
import type { LinkpageDPage } from './parse.js';
import { parsePillarPage } from './parse.js';

export async function fetchPillarPage(ctx: OpContext, a: { username: string }): Promise<LinkpageDPage> {
  const res = await ctx.upstream.request({
    url: `https://pillar.io/${encodeURIComponent(a.username)}`,
    platform: 'linkpage-d',
    headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en' },
    signal: ctx.signal,
    userParam: 'url',
  });
  const html = res.text();
  const what = `Link page pillar.io/${a.username}`;
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found`);
  expectOk(res, 'linkpage-d', what);
  // An unknown username that is sent on to the site's home page has no page of its own.
  if (new URL(res.url).pathname === '/') throw notFound(`${what} was not found`);
  return parsePillarPage(html, a.username);
}

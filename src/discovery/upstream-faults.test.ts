/**
 * Upstream trouble on pages a lookup needs, as an outside web showed it (session 38's held-out
 * web, gone since): a creator page answered one passing 5xx and its profile was lost. The pages
 * here are our own, written for these tests (no capture of that web exists). Each test fails
 * without its fix.
 */
import { describe, expect, it } from 'vitest';
import { LookupFetcher } from './fetcher.js';
import { runDiscovery } from './pipeline.js';
import { DiscoveryWeb } from './sample-web.js';
import { fakeContext, sourceRef, webContext } from '../../test/support/discovery-context.js';
import type { UpstreamRequest } from '../upstream/client.js';
import { USER_BY_SCREEN_NAME } from '../platforms/microblog-b/endpoints.js';

const page = (
  ctx: { upstream: { request: (r: UpstreamRequest) => Promise<{ status: number; text(): string }> }; signal?: AbortSignal },
  url: string,
  method: 'GET' | 'POST' = 'GET',
) => ctx.upstream.request({ url, method, platform: 'test', signal: ctx.signal }).then((r) => `${r.status} ${r.text()}`);

describe('a transient 5xx on an optional fetch', () => {
  it('a bare 500/502/503 to a GET is sent once more; twice is failed; Retry-After, 504 and POST are answers as they are', async () => {
    const answers: Record<string, number[]> = {
      'https://a.example/': [502, 200],
      'https://b.example/': [503, 503, 200],
      'https://c.example/': [504, 200],
      'https://d.example/': [500, 200],
    };
    const ctx = fakeContext((req) => {
      const statuses = answers[req.url.replace(/\?.*/, '')] ?? [200];
      const status = statuses.shift() ?? 200;
      return {
        status,
        body: 'page',
        headers: (req.url.endsWith('?wait') && status === 503 ? { 'retry-after': '1' } : {}) as Record<string, string>,
      };
    });
    const f = new LookupFetcher(ctx, new AbortController().signal);
    expect(await f.run('a', (c) => page(c, 'https://a.example/'), { what: 'a' })).toBe('200 page');
    expect(await f.run('b', (c) => page(c, 'https://b.example/'), { what: 'b' })).toBe('503 page');
    expect(await f.run('c', (c) => page(c, 'https://c.example/'), { what: 'c' })).toBe('504 page');
    expect(await f.run('d', (c) => page(c, 'https://d.example/', 'POST'), { what: 'd' })).toBe('500 page');
    answers['https://e.example/'] = [503, 200];
    expect(await f.run('e', (c) => page(c, 'https://e.example/?wait'), { what: 'e' })).toBe('503 page');
    const count = (u: string) => ctx.requests.filter((r) => r.url.startsWith(u)).length;
    expect([count('https://a.'), count('https://b.'), count('https://c.'), count('https://d.'), count('https://e.')]).toEqual([
      2, 2, 1, 1, 1,
    ]);
  });

  it('the creator’s link page answering 502 once: its accounts are still found, and the lookup is not partial', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('tovahbakes', {
      username: 'tovahbakes',
      fullName: 'Tovah Mizrahi',
      bio: 'sourdough every day',
      externalUrl: 'https://linktr.ee/tovahbakes',
      bioLinks: [],
    });
    w.linktree.set('tovahbakes', {
      username: 'tovahbakes',
      description: 'Tovah',
      links: [{ title: 'YouTube', url: 'https://www.youtube.com/@TovahBakesBread' }],
    });
    w.youtube.set('tovahbakesbread', {
      handle: 'TovahBakesBread',
      channelId: 'UCtovah00000000000000000',
      title: 'Tovah Mizrahi',
      description: 'bread videos',
      links: [],
    });
    let failedOnce = false;
    const { ctx } = webContext(
      w,
      {},
      {
        fault: (req) => {
          if (failedOnce || !req.url.startsWith('https://linktr.ee/')) return undefined;
          failedOnce = true;
          return { status: 502, headers: { 'content-type': 'text/html' }, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' };
        },
      },
    );
    const out = await runDiscovery(ctx, 'social-b', sourceRef('tovahbakes'), { emails: true, internal: null });
    expect(failedOnce).toBe(true);
    expect(out.profiles.find((p) => p.handle.toLowerCase() === 'tovahbakesbread')?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(out.diagnostics.failed_link_in_bio_urls).toEqual([]);
    expect(out.diagnostics.partial).toBe(false);
  });
});

describe('a same-handle probe answered a bare 404', () => {
  const web = () => {
    const w = new DiscoveryWeb();
    w.ig.set('mirasol', { username: 'mirasol', fullName: 'Mira Sol', bio: 'ceramics', bioLinks: [] });
    return w;
  };
  const lookup = (w: DiscoveryWeb) => runDiscovery(webContext(w).ctx, 'social-b', sourceRef('mirasol'), { emails: true, internal: null });

  it('X answering the probe 404 at every step (its GraphQL query, then the home page a fresh query id is read from): no such account, not partial', async () => {
    const w = web();
    w.override(`https://x.com/i/api/graphql/${USER_BY_SCREEN_NAME.queryId}/UserByScreenName`, {
      status: 404,
      headers: { 'content-type': 'text/plain' },
      body: '',
    });
    const out = await lookup(w);
    expect(out.diagnostics.same_handle_search_partial).toBe(false);
    expect(out.diagnostics.partial).toBe(false);
    expect(out.profiles.map((p) => p.platform)).toEqual(['social-b']);
  });

  it('a probe whose host fails (502 twice) or blocks is still a failure: partial', async () => {
    for (const answer of [
      { status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>502 Bad Gateway</h1>' },
      { status: 429, headers: { 'content-type': 'text/html' }, body: 'Too Many Requests' },
    ]) {
      const w = web();
      w.override('www.tiktok.com', answer);
      const out = await lookup(w);
      expect(out.diagnostics.same_handle_search_partial, String(answer.status)).toBe(true);
      expect(out.diagnostics.partial).toBe(true);
    }
  });
});

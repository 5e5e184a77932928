/**
 * Generic short links: which links are they, and where they lead — read from the shortener's
 * answer only (the target is never requested).
 */
import { describe, expect, it } from 'vitest';
import { LookupFetcher } from './fetcher.js';
import { ownerDomain } from './domains.js';
import { isShortLinkToResolve, metaRefreshUrl, resolveShortLink, SHORT_LINK_MAX_HOPS } from './shorteners.js';
import { fakeContext } from '../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../test/support/discovery-context.js';

const web = (answers: Record<string, FakeAnswer>) => {
  const ctx = fakeContext((r) => answers[r.url] ?? { status: 404, body: 'not found' });
  return { ctx, f: new LookupFetcher(ctx, new AbortController().signal) };
};
const moved = (location: string, status = 301): FakeAnswer => ({ status, headers: { location }, body: '' });

describe('isShortLinkToResolve', () => {
  it.each([
    'https://bit.ly/3xYzAbc',
    'http://bit.ly/abc',
    'https://tinyurl.com/owl-site',
    'https://t.co/AbC123',
    'https://lnkd.in/dXyz',
    'https://ow.ly/abc',
    'https://buff.ly/3abc',
    'https://rebrand.ly/owl',
    'https://cutt.ly/owl',
    'https://is.gd/owl',
    'https://shorturl.at/abc',
    'https://goo.gl/abc',
    'https://www.bit.ly/abc',
    'https://tr.ee/owl',
    // A brand's own short links name no account until asked (an outside web: a creator's TikTok
    // share link was never followed, her TikTok left a candidate).
    'https://vm.tiktok.com/ZMabc/',
    'https://vt.tiktok.com/ZSxyz/',
    'https://amzn.to/3abc',
    'https://spotify.link/abc',
    'https://pin.it/abc',
  ])('%s is one', (url) => expect(isShortLinkToResolve(url)).toBe(true));

  it.each([
    // The shortener's own home page, other sites, not web links.
    'https://bit.ly/',
    'https://bit.ly',
    'https://owl.studio/bit.ly',
    'https://www.instagram.com/bitly/',
    'mailto:hi@bit.ly',
    'not a url',
  ])('%s is not', (url) => expect(isShortLinkToResolve(url)).toBe(false));

  it('a shortener is never an owner-controlled website', () => {
    expect(ownerDomain('https://bit.ly/3xYzAbc')).toBeNull();
    expect(ownerDomain('https://tinyurl.com/owl-site')).toBeNull();
  });
});

describe('metaRefreshUrl', () => {
  it('reads t.co-style and other refresh tags, not other meta tags', () => {
    expect(
      metaRefreshUrl(
        '<head><noscript><META http-equiv="refresh" content="0;URL=https://owl.studio/?a=1&amp;b=2"></noscript><title>https://owl.studio/</title></head>',
      ),
    ).toBe('https://owl.studio/?a=1&b=2');
    expect(metaRefreshUrl(`<meta content='0; url=https://owl.studio/contact' http-equiv='refresh'>`)).toBe('https://owl.studio/contact');
    expect(metaRefreshUrl('<meta name="description" content="0;URL=https://nope.example/">')).toBeNull();
    expect(metaRefreshUrl('<meta http-equiv="refresh" content="30">')).toBeNull();
  });
});

describe('resolveShortLink', () => {
  it('one GET without following the redirect: the Location is the target, which is never requested', async () => {
    const { f, ctx } = web({ 'https://bit.ly/owl': moved('https://owl.studio/?utm_source=bitly') });
    expect(await resolveShortLink(f, 'https://bit.ly/owl')).toBe('https://owl.studio/?utm_source=bitly');
    expect(ctx.requests.map((r) => r.url)).toEqual(['https://bit.ly/owl']);
    expect(ctx.requests[0]).toMatchObject({ followRedirects: false, platform: 'shortener', retries: 0, cooldown: 'fail' });
    // Once per lookup.
    expect(await resolveShortLink(f, 'https://bit.ly/owl')).toBe('https://owl.studio/?utm_source=bitly');
    expect(ctx.requests).toHaveLength(1);
  });

  it('through a chain of shorteners (a relative Location, a meta-refresh page), stopping at the first other URL', async () => {
    const { f, ctx } = web({
      'https://bit.ly/owl': moved('https://t.co/Xyz', 302),
      'https://t.co/Xyz': {
        body: '<head><noscript><META http-equiv="refresh" content="0;URL=https://tinyurl.com/owl-page"></noscript></head>',
      },
      'https://tinyurl.com/owl-page': moved('/owl-final-hop', 307),
    });
    await expect(resolveShortLink(f, 'https://bit.ly/owl')).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(`more than ${SHORT_LINK_MAX_HOPS} shorteners`),
    });
    expect(ctx.requests).toHaveLength(SHORT_LINK_MAX_HOPS);

    const two = web({
      'https://bit.ly/owl': moved('https://t.co/Xyz', 302),
      'https://t.co/Xyz': { body: '<META http-equiv="refresh" content="0;URL=https://linktr.ee/owl">' },
    });
    expect(await resolveShortLink(two.f, 'https://bit.ly/owl')).toBe('https://linktr.ee/owl');
  });

  it('404 at the shortener is a dead link (NOT_FOUND); 503, a page without a target or a non-web target fail', async () => {
    const { f } = web({
      'https://bit.ly/busy': { status: 503, body: 'busy' },
      'https://bit.ly/page': { body: '<html><body>Welcome to bitly</body></html>' },
      'https://bit.ly/js': moved('javascript:alert(1)'),
    });
    await expect(resolveShortLink(f, 'https://bit.ly/gone')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(resolveShortLink(f, 'https://bit.ly/busy')).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
    await expect(resolveShortLink(f, 'https://bit.ly/page')).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/without a target/),
    });
    await expect(resolveShortLink(f, 'https://bit.ly/js')).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/non-web/),
    });
  });

  it('bounded in time', async () => {
    const { f } = web({ 'https://bit.ly/slow': { ...moved('https://owl.studio/'), delayMs: 10_000 } });
    const t0 = Date.now();
    await expect(resolveShortLink(f, 'https://bit.ly/slow')).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(Date.now() - t0).toBeLessThan(4_500);
  });
});

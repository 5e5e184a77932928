/**
 * The profile reader's page (page.ts) is about the page asked for, or UPSTREAM_FAILED
 * (identity.ts): its vanity (og:url) against a name, its id (al:android:url) against a numeric
 * handle; Facebook's own redirect from the asked name to a renamed page is that page. The pages
 * are our own, minimal, inline. Then the `socialAPage` operation (below).
 */
import { describe, expect, it } from 'vitest';
import type { FacebookPage } from '../../discovery/sample-web.js';
import { facebookPageHtml } from '../../discovery/sample-web.js';
import { LOGIN_WALL_HTML, NOT_AVAILABLE_HTML } from './samples.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { validateArgs } from '../operation.js';
import { fetchSocialAPage, page as page_, parseSocialAPage, profileView, shownCount, SocialAPageRecord } from './page.js';

const page = (vanity: string, id: string) =>
  `<!DOCTYPE html><html><head><meta property="og:title" content="${vanity}" /><meta property="og:url" content="https://www.facebook.com/${vanity}" />` +
  `<meta property="al:android:url" content="fb://page/${id}" /></head><body></body></html>`;

describe('fetchSocialAPage: the page asked for, or UPSTREAM_FAILED', () => {
  it('another page (its og:url vanity) for a name → UPSTREAM_FAILED', async () => {
    const ctx = fakeContext(() => ({ body: page('someone.else', '100070000000009') }));
    await expect(fetchSocialAPage(ctx, 'harbourhall')).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/different resource/),
    });
  });

  it('another page (its id) for a numeric handle → UPSTREAM_FAILED', async () => {
    const ctx = fakeContext(() => ({ body: page('harbourhall', '100070000000009') }));
    await expect(fetchSocialAPage(ctx, '100070000000001')).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
  });

  it('a page naming neither vanity nor id (og:title only) is UPSTREAM_FAILED, whether asked by name or id — the handle asked is never its identity', async () => {
    const bare = '<!DOCTYPE html><html><head><meta property="og:title" content="Pitbull" /></head><body></body></html>';
    for (const handle of ['harbourhall', '100070000000001'])
      await expect(
        fetchSocialAPage(
          fakeContext(() => ({ body: bare })),
          handle,
        ),
      ).rejects.toMatchObject({
        code: 'UPSTREAM_FAILED',
        message: expect.stringMatching(/identity of social-a page/),
      });
  });

  it('another kind of page (og:url /events/…) for a page is UPSTREAM_FAILED', async () => {
    const event = page('x', '1').replace(
      /content="https:\/\/www\.facebook\.com\/x"/,
      'content="https://www.facebook.com/events/hall/602005831971873/"',
    );
    await expect(
      fetchSocialAPage(
        fakeContext(() => ({ body: event })),
        'harbourhall',
      ),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/different resource \(a events resource, not page\)/),
    });
  });

  it('asked by id, a page naming only its vanity is that page only by Facebook redirecting the id to that vanity', async () => {
    const vanityOnly = page('harbourhall', '1').replace(/<meta property="al:android:url"[^>]*>/, '');
    await expect(
      fetchSocialAPage(
        fakeContext(() => ({ body: vanityOnly })),
        '100070000000001',
      ),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/does not name it \(its id is not stated\)/),
    });
    const redirected = fakeContext(() => ({ body: vanityOnly, url: 'https://www.facebook.com/harbourhall' }));
    expect((await fetchSocialAPage(redirected, '100070000000001')).vanity).toBe('harbourhall');
    // asked by name, a page naming only its id (og:url profile.php?id=) cannot be told to be it
    const idOnly = page('profile.php?id=100070000000001', '100070000000001');
    await expect(
      fetchSocialAPage(
        fakeContext(() => ({ body: idOnly })),
        'harbourhall',
      ),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/its vanity is not stated/),
    });
  });

  it.skipIf(!hasFixtures('social-a'))(
    `the real event page (Pitbull) served for a page is UPSTREAM_FAILED, by name or id (capture read in place; ${skipReason('social-a')})`,
    async () => {
      const html = readFixture('social-a', 'event-page-pitbull.html');
      for (const handle of ['talaokafor.art', '100089417700001'])
        await expect(
          fetchSocialAPage(
            fakeContext(() => ({ body: html })),
            handle,
          ),
        ).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
    },
  );

  it('the same page in other case is data; a redirect from the asked name to the renamed page is that page', async () => {
    expect(
      (
        await fetchSocialAPage(
          fakeContext(() => ({ body: page('HarbourHall', '100070000000001') })),
          'harbourhall',
        )
      ).vanity,
    ).toBe('HarbourHall');
    const renamed = fakeContext(() => ({
      body: page('harbourhall.live', '100070000000001'),
      url: 'https://www.facebook.com/harbourhall.live',
    }));
    expect((await fetchSocialAPage(renamed, 'harbourhall')).vanity).toBe('harbourhall.live');
  });
});

// ---------------------------------------------------------------------------------------------
// The `socialAPage` operation: the same request and parse, as `{page}`. No capture of a page
// exists in ../shared/fixtures/social-a (only event pages): the pages are our own, written by
// src/discovery/sample-web.ts (the intro card as Relay data) and inline; names and ids invented.
// ---------------------------------------------------------------------------------------------

const CLAY: FacebookPage = {
  vanity: 'ClayLarkStudio',
  id: '100064000000123',
  name: 'Clay Lark Studio',
  description: 'Clay Lark Studio. 1,204 likes · 31 talking about this. Wheel-thrown stoneware from Bristol.',
  links: ['https://shop.claylark.studio/'],
  intro: {
    bio: 'Stoneware, glazes & kiln days.',
    category: 'Artist',
    email: 'Hello@ClayLark.studio',
    websites: [{ url: 'https://claylark.studio/', text: 'claylark.studio' }],
    accounts: [{ url: 'https://www.instagram.com/clay.lark/', text: 'clay.lark' }],
  },
};
const AT = { handle: 'claylarkstudio', finalUrl: 'https://www.facebook.com/claylarkstudio' };
/** The header's social context (`profile_social_context`), as the header's user carries it. */
const withSocialContext = (html: string, texts: string[]) =>
  html.replace(
    '"username_for_profile":"ClayLarkStudio"',
    `"username_for_profile":"ClayLarkStudio","profile_social_context":${JSON.stringify({ content: texts.map((text) => ({ text: { text } })) })}`,
  );
const warned = (ws: { platform: string; field: string }[]) => ws.map((w) => `${w.platform}:${w.field}`);

describe('socialAPage parse (our own pages)', () => {
  it('name, id, vanity, category, intro, websites, e-mails, links; likes from og:description; no warning; schema holds', () => {
    const { result, warnings } = captureWarnings(() => parseSocialAPage(facebookPageHtml(CLAY), AT));
    expect(warnings).toEqual([]);
    expect(result.page).toEqual({
      id: '100064000000123',
      username: 'ClayLarkStudio',
      url: 'https://www.facebook.com/ClayLarkStudio',
      name: 'Clay Lark Studio',
      category: 'Page · Artist',
      intro: 'Stoneware, glazes & kiln days.',
      description: CLAY.description,
      websites: ['https://claylark.studio/'],
      emails: ['Hello@claylark.studio'],
      links: ['https://claylark.studio/', 'https://www.instagram.com/clay.lark/', 'https://shop.claylark.studio/'],
      follower_count: null,
      like_count: 1204,
    });
    expect(SocialAPageRecord.safeParse(result).success).toBe(true);
  });

  it("the header's social context gives the follower count (as shown), before og:description", () => {
    const html = withSocialContext(facebookPageHtml(CLAY), ['3.4K likes', '2.3K followers']);
    expect(parseSocialAPage(html, AT).page).toMatchObject({ follower_count: 2300, like_count: 3400 });
  });

  it("a rounded header count (`3.7K likes`) gives way to og:description's count in full when that is the same count (3,783 is 3.7K rounded down); followers stay as shown", () => {
    // Shape from meedan/pender's test/data/facebook-profile-page_meedan.html and …_arabic.html
    // (commit 09f0576a, 2023-02-01): header `3.7K likes` / `3.7K followers`, og:description
    // `Meedan. 3,783 likes · 65 were here. …` (and `25K likes` beside `25,769 likes`). Our own page
    // and numbers here.
    const page = { ...CLAY, description: 'Clay Lark Studio. 3,418 likes · 12 were here. Wheel-thrown stoneware from Bristol.' };
    const html = withSocialContext(facebookPageHtml(page), ['3.4K likes', '2.3K followers']);
    const { result, warnings } = captureWarnings(() => parseSocialAPage(html, AT));
    expect(result.page).toMatchObject({ follower_count: 2300, like_count: 3418 });
    expect(warnings).toEqual([]);
  });

  it.each([
    ['12K followers', 'followers', 12_000],
    ['1.2M followers', 'followers', 1_200_000],
    ['12,345 people follow this', 'followers', 12_345],
    ['Clay Lark. 830 likes · 3 talking about this', 'likes', 830],
    ['1 like', 'likes', 1],
    ['Wheel-thrown stoneware', 'followers', null],
    ['12 followers', 'likes', null],
    // Our own texts in the forms Facebook writes counts in where its interface keeps the English
    // word (a French header: decimal comma before the scale, no-break-space digit groups): never
    // 10 times the count, nor the last digit group alone.
    ['1,2 k followers', 'followers', 1_200],
    ['4,5K followers', 'followers', 4_500],
    ['12\u202f345 followers', 'followers', 12_345],
    ['1\u00a0234\u00a0567 followers', 'followers', 1_234_567],
    ['12.345 followers', 'followers', 12_345],
  ] as const)('shownCount(%j, %s) = %j', (text, what, n) => expect(shownCount(text, what)).toBe(n));

  it('without the intro card: og: tags and anchors; category, intro and counts null, not warned', () => {
    const plain = { ...CLAY, intro: undefined, description: 'Wheel-thrown stoneware from Bristol.' };
    const { result, warnings } = captureWarnings(() => parseSocialAPage(facebookPageHtml(plain), AT));
    expect(warnings).toEqual([]);
    expect(result.page).toMatchObject({
      id: '100064000000123',
      username: 'ClayLarkStudio',
      category: null,
      intro: null,
      follower_count: null,
      like_count: null,
    });
  });

  it('a page naming no id (no header, no app link): id null and warned (never the handle asked)', () => {
    const html = page('harbourhall', '1').replace(/<meta property="al:android:url"[^>]*>/, '');
    const { result, warnings } = captureWarnings(() =>
      parseSocialAPage(html, { handle: 'harbourhall', finalUrl: 'https://www.facebook.com/harbourhall' }),
    );
    expect(result.page).toMatchObject({ id: null, username: 'harbourhall', url: 'https://www.facebook.com/harbourhall' });
    expect(warned(warnings)).toEqual(['social-a:page.id']);
  });

  it("Facebook's error route is NOT_FOUND; its login interstitial a login wall; another page without og:title a changed shape", () => {
    expect(() => parseSocialAPage(NOT_AVAILABLE_HTML, AT)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => parseSocialAPage(LOGIN_WALL_HTML, AT)).toThrow(expect.objectContaining({ code: 'UPSTREAM_BLOCKED' }));
    expect(() => parseSocialAPage('<html><body>?</body></html>', AT)).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
  });
});

describe('socialAPage operation', () => {
  it('url: any form of the page (tab, profile.php, people, case) → its vanity or id, one cache entry; other URLs refused naming url', () => {
    for (const [url, handle] of [
      ['https://www.facebook.com/ClayLarkStudio', 'claylarkstudio'],
      ['https://m.facebook.com/claylarkstudio/events', 'claylarkstudio'],
      ['https://www.facebook.com/profile.php?id=100064000000123', '100064000000123'],
      ['https://www.facebook.com/people/Clay-Lark/100064000000123/', '100064000000123'],
    ]) {
      expect(validateArgs(page_, { url })).toMatchObject({ ok: true, args: { handle }, cacheKey: `socialAPage:${handle}` });
    }
    for (const url of [
      'https://www.facebook.com/events/602005831971873/',
      'https://www.facebook.com.evil.com/claylark',
      'https://www.facebook.com/groups/x',
    ]) {
      const r = validateArgs(page_, { url });
      expect(r.ok, url).toBe(false);
      if (!r.ok) expect(r.problems.map((p) => p.param)).toEqual(['url']);
    }
  });

  it("one request, the profile reader's; the record for the page asked; another page is UPSTREAM_FAILED", async () => {
    const ctx = fakeContext(() => ({ body: facebookPageHtml(CLAY) }));
    const r = await page_.run(ctx, { handle: 'claylarkstudio' });
    expect(ctx.requests.map((q) => [q.url, q.platform])).toEqual([['https://www.facebook.com/claylarkstudio', 'social-a']]);
    expect(r.page.name).toBe('Clay Lark Studio');
    await expect(
      page_.run(
        fakeContext(() => ({ body: facebookPageHtml(CLAY) })),
        { handle: '100070000000009' },
      ),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
    await expect(
      page_.run(
        fakeContext(() => ({ status: 404, body: '' })),
        { handle: 'claylarkstudio' },
      ),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it("the reader's record is a view of the operation's", async () => {
    const ctx = fakeContext(() => ({ body: facebookPageHtml(CLAY) }));
    const record = await page_.run(ctx, { handle: '100064000000123' });
    expect(profileView(record, '100064000000123')).toEqual(
      await fetchSocialAPage(
        fakeContext(() => ({ body: facebookPageHtml(CLAY) })),
        '100064000000123',
      ),
    );
  });
});

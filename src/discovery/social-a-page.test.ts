/**
 * A Facebook page as a discovery source (src/platforms/social-a/page.ts, read through its profile reader). No capture of a page's logged-out
 * HTML exists (../shared/fixtures/social-a holds event pages only): the pages here are our own
 * (src/discovery/sample-web.ts `facebookPageHtml`), with the intro card as Relay data in the shape public page
 * scrapers read. Every name, id and address is invented.
 */
import { describe, expect, it } from 'vitest';
import { LOGIN_WALL_HTML } from '../platforms/social-a/samples.js';
import { LookupFetcher } from './fetcher.js';
import { fetchProfileView } from './profiles.js';
import { fetchSocialAPage, readIntroCard } from '../platforms/social-a/page.js';
import type { FacebookPage } from './sample-web.js';
import { facebookPageHtml } from './sample-web.js';
import { fakeContext } from '../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../test/support/discovery-context.js';

const CLAY: FacebookPage = {
  vanity: 'ClayLarkStudio',
  id: '100064000000123',
  name: 'Clay Lark Studio',
  description: 'Clay Lark Studio. 1,204 likes · 31 talking about this. Wheel-thrown stoneware from Bristol.',
  links: ['https://shop.claylark.studio/'],
  intro: {
    bio: 'Stoneware, glazes & kiln days. Wholesale: trade (at) claylark (dot) studio',
    category: 'Artist',
    phone: '+44 117 496 0000',
    email: 'Hello@ClayLark.studio',
    websites: [
      { url: 'https://claylark.studio/', text: 'claylark.studio' },
      { url: 'https://bit.ly/claylark-tour', text: 'bit.ly/claylark-tour' },
    ],
    accounts: [
      { url: 'https://www.instagram.com/clay.lark/', text: 'clay.lark' },
      { url: 'https://www.tiktok.com/@claylarkpots', text: 'claylarkpots' },
    ],
  },
};

const fetcher = (answer: (url: URL) => FakeAnswer) => {
  const ctx = fakeContext((r) => answer(new URL(r.url)));
  return { ctx, f: new LookupFetcher(ctx, new AbortController().signal) };
};
const serving = (p: FacebookPage) =>
  fetcher((u) =>
    u.pathname === `/${p.vanity.toLowerCase()}` || u.searchParams.get('id') === p.id
      ? { body: facebookPageHtml(p) }
      : { status: 404, body: '' },
  );

describe('the intro card (Relay data)', () => {
  it('website, e-mail and other-account items, the bio, the header’s name, vanity and id; phone and category are not read', () => {
    const card = readIntroCard(facebookPageHtml(CLAY));
    expect(card).toEqual({
      // The shims (l.facebook.com/l.php?u=…) are the entities' `url`s; the targets are read.
      websites: ['https://claylark.studio/', 'https://bit.ly/claylark-tour'],
      accounts: ['https://www.instagram.com/clay.lark/', 'https://www.tiktok.com/@claylarkpots'],
      emails: ['Hello@ClayLark.studio'],
      bio: 'Stoneware, glazes & kiln days. Wholesale: trade (at) claylark (dot) studio',
      bestDescription: null,
      vanity: 'ClayLarkStudio',
      id: '100064000000123',
      name: 'Clay Lark Studio',
    });
    expect(JSON.stringify(card)).not.toContain('496');
  });

  it('an item without a range entity is read from its text; a shim-only entity is unwrapped; Facebook’s own links are not links', () => {
    const html = facebookPageHtml(CLAY)
      .replace('"external_url":"https:\\/\\/claylark.studio\\/"', '"external_url":null')
      .replace(/"ranges":\[\{[^\]]*"external_url":"https:\\\/\\\/www.tiktok.com\\\/@claylarkpots"\}\}\]/, '"ranges":[]');
    expect(html.match(/"external_url":null/g)).toHaveLength(1);
    const card = readIntroCard(html);
    expect(card.websites[0]).toBe('https://claylark.studio/');
    // The TikTok item lost its link: its text alone (a bare handle) names no URL.
    expect(card.accounts).toEqual(['https://www.instagram.com/clay.lark/']);
    const fb = readIntroCard(
      facebookPageHtml({
        ...CLAY,
        intro: {
          websites: [
            { url: 'https://www.facebook.com/ClayLarkStudio/shop', text: 'Shop' },
            { url: 'https://claylark.studio/', text: 'claylark.studio' },
          ],
        },
      }),
    );
    expect(fb.websites).toEqual(['https://claylark.studio/']);
  });

  it('other people the page data names (a post author with a vanity of their own) are not the page', () => {
    const author = `<script type="application/json" data-sjs>${JSON.stringify({ require: [['ScheduledServerJS', 'handle', null, [{ __bbox: { require: [['RelayPrefetchedStreamCache', 'next', [], ['adp_x', { __bbox: { complete: true, result: { data: { node: { comet_sections: { actor: { __typename: 'User', id: '100000000009999', name: 'Someone Else', url: 'https://www.facebook.com/someone.else', username_for_profile: 'someone.else' } } } } } } }]]] } }]]] })}</script>`;
    const html = facebookPageHtml(CLAY).replace('<body>', `<body>${author}`);
    expect(readIntroCard(html)).toMatchObject({ vanity: 'ClayLarkStudio', id: '100064000000123', name: 'Clay Lark Studio' });
  });

  it('a page without the intro card: og: tags and anchors only, as before', () => {
    expect(readIntroCard(facebookPageHtml({ ...CLAY, intro: undefined }))).toEqual({
      websites: [],
      accounts: [],
      emails: [],
      bio: null,
      bestDescription: null,
      vanity: null,
      id: null,
      name: null,
    });
  });
});

describe('a social-a page as a profile', () => {
  it('asked for by id: answers to its vanity and its id; website fields first, then other accounts, then outbound links; every address', async () => {
    const { f, ctx } = serving(CLAY);
    const v = await fetchProfileView(f, 'social-a', '100064000000123');
    expect(ctx.requests.map((r) => r.url)).toEqual(['https://www.facebook.com/profile.php?id=100064000000123']);
    expect(v).toMatchObject({
      platform: 'social-a',
      handle: 'ClayLarkStudio',
      url: 'https://www.facebook.com/ClayLarkStudio',
      displayName: 'Clay Lark Studio',
    });
    expect(v.ids).toEqual(['social-a:100064000000123', 'social-a:claylarkstudio']);
    expect(v.links).toEqual([
      'https://claylark.studio/',
      'https://bit.ly/claylark-tour',
      'https://www.instagram.com/clay.lark/',
      'https://www.tiktok.com/@claylarkpots',
      'https://shop.claylark.studio/',
    ]);
    expect(v.emails).toEqual(['Hello@claylark.studio', 'trade@claylark.studio']);
    expect(v.bio).toContain('Wheel-thrown stoneware from Bristol.');
    expect(v.bio).toContain('Stoneware, glazes & kiln days.');
  });

  it('asked for by vanity: the same page, the same identities', async () => {
    const { f } = serving(CLAY);
    const v = await fetchProfileView(f, 'social-a', 'claylarkstudio');
    expect(v.handle).toBe('ClayLarkStudio');
    expect(v.ids).toEqual(['social-a:claylarkstudio', 'social-a:100064000000123']);
  });

  it('without the intro card: the handle as asked, the og:url vanity, the app-link id; a page naming neither is UPSTREAM_FAILED', async () => {
    const { ctx } = serving({ ...CLAY, intro: undefined });
    const p = await fetchSocialAPage(ctx, 'claylarkstudio');
    expect(p).toMatchObject({
      handle: 'claylarkstudio',
      vanity: 'ClayLarkStudio',
      id: '100064000000123',
      bio: null,
      links: ['https://shop.claylark.studio/'],
      emails: [],
    });
    const bare = fakeContext(() => ({
      body: facebookPageHtml({ ...CLAY, intro: undefined }).replace(/<meta property="(?:og:url|al:android:url)"[^>]*>/g, ''),
    }));
    // Neither og:url nor app link nor header: the page names no page — never the handle asked as its identity.
    await expect(fetchSocialAPage(bare, 'claylarkstudio')).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
  });

  it('a login wall is UPSTREAM_BLOCKED, never data', async () => {
    const { f } = fetcher(() => ({ body: LOGIN_WALL_HTML }));
    await expect(fetchProfileView(f, 'social-a', 'claylarkstudio')).rejects.toMatchObject({
      code: 'UPSTREAM_BLOCKED',
      message: expect.stringMatching(/login wall/),
    });
  });
});

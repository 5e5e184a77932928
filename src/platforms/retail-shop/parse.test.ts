/**
 * retail-shop parser tests. No capture of an Amazon storefront exists (platforms.md: "none";
 * ../shared/fixtures has no retail-shop folder), so every page here is our own, written in the
 * public shape of the storefront (src/platforms/retail-shop/samples.ts says what that rests on). A capture-driven block
 * runs if ../shared/fixtures/retail-shop ever appears.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { fixturePath, FIXTURES_DIR, hasFixtures, hasPeerExample, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { classifyLink } from '../../links/classify.js';
import { feedPageUrl, storefrontUrl } from './endpoints.js';
import { isStorefrontLocation, parseFeedPage, parseStorefrontPage, parseStorefrontUrl, STATE_KEY } from './parse.js';
import type { RetailShopPage } from './parse.js';
import * as s from './samples.js';
import { wallError } from '../../../test/blocks/wall-answer.js';
import { errorOf } from '../../../test/support/errors.js';

const LABEL = 'retail-shop';
const PEER_EXAMPLE = resolve(FIXTURES_DIR, '../reference/peer-examples/retail-shop_shop.json');
/** api.md "Retail-shop page", in its order. */
const PAGE_KEYS = ['avatar', 'name', 'description', 'socials', 'lists', 'videos', 'trendingPicks', 'curations', 'pageToken'];

const page1 = (state: Record<string, unknown>, handle = s.JUNO) => parseStorefrontPage(s.storefrontHtml(state), handle);
const feed = (answer: unknown, handle = s.JUNO) => parseFeedPage(JSON.stringify(answer), handle);

/** The juno storefront state with one part replaced (a deep copy, so samples stay intact). */
function junoWith(edit: (sf: Record<string, any>) => void): Record<string, unknown> {
  const state = structuredClone(s.junoPage1()) as { storefront: Record<string, any> };
  edit(state.storefront);
  return state;
}

// ---------------------------------------------------------------------------------------------
// Real captures: none exist today. If ../shared/fixtures/retail-shop appears, every page in it
// must parse to a complete record or to a typed error — never throw anything else.
// ---------------------------------------------------------------------------------------------
describe.skipIf(!hasFixtures(LABEL))(`retail-shop captures (${skipReason(LABEL)})`, () => {
  it('every capture parses to an api.md record or a typed error', () => {
    const files = readdirSync(fixturePath(LABEL)).filter((f) => /\.(html|json)$/.test(f));
    for (const f of files) {
      const body = readFixture(LABEL, f);
      try {
        const r = f.endsWith('.json') ? parseFeedPage(body, 'capture') : parseStorefrontPage(body, 'capture');
        expect(Object.keys(r)).toEqual(PAGE_KEYS);
      } catch (e) {
        expect(e).toBeInstanceOf(ApiError);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The caller's url
// ---------------------------------------------------------------------------------------------
describe('parseStorefrontUrl', () => {
  it.each([
    ['https://www.amazon.com/shop/juno.nesting', 'juno.nesting'],
    ['https://amazon.com/shop/juno.nesting', 'juno.nesting'],
    ['http://www.amazon.com/shop/Juno.Nesting/', 'juno.nesting'],
    ['www.amazon.com/shop/juno.nesting?ref_=cm_sw_r_cp_ud_aipsfshop&ccs_id=7e98f14b', 'juno.nesting'],
    ['amazon.com/shop/influencer-03f5875c#lists', 'influencer-03f5875c'],
    ['https://WWW.AMAZON.COM./shop/trailtess', 'trailtess'],
    ['  https://www.amazon.com/SHOP/trailtess  ', 'trailtess'],
    ['trailtess', 'trailtess'],
    ['Juno.Nesting', 'juno.nesting'],
    ['kitchen_with-marco.2', 'kitchen_with-marco.2'],
  ])('%s → %s', (input, handle) => {
    expect(parseStorefrontUrl(input)).toEqual({ ok: true, handle });
  });

  it.each([
    ['https://www.amazon.co.uk/shop/ukcreator', /other Amazon sites/],
    ['https://www.amazon.de/shop/decreator', /other Amazon sites/],
    ['https://smile.amazon.com/shop/creator', /other Amazon sites/],
    ['https://www.amazon.com/shop/juno.nesting/list/1RZ8Q3LW0KX7D', /not a list, product/],
    ['https://www.amazon.com/dp/B0D4KQ7XRM', /not a list, product/],
    ['https://www.amazon.com/', /not a list, product/],
    ['https://www.amazon.com/shop/', /not a list, product/],
    ['https://www.amazon.com:443/shop/creator', /storefront URL/],
    ['https://user@www.amazon.com/shop/creator', /storefront URL/],
    ['https://linktr.ee/juno', /storefront URL/],
    ['https://evil.example/www.amazon.com/shop/x', /storefront URL/],
    ['ftp://www.amazon.com/shop/x', /storefront URL/],
    ['amazon.com', /not a list, product/],
    ['https://www.amazon.com/shop/bad%20name', /storefront URL/],
    ['-leadinghyphen', /storefront URL/],
    ['', /storefront URL/],
  ])('%s is refused', (input, message) => {
    const r = parseStorefrontUrl(input);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(message);
  });

  it('the canonical URL is what the shared link classifier calls a retail-shop storefront', () => {
    expect(classifyLink(storefrontUrl('juno.nesting'))).toMatchObject({ platform: 'retail-shop', handle: 'juno.nesting' });
  });

  it('isStorefrontLocation: a storefront page, not the home page or a redirect elsewhere', () => {
    expect(isStorefrontLocation('https://www.amazon.com/shop/juno.nesting')).toBe(true);
    expect(isStorefrontLocation('https://www.amazon.com/shop/juno.nesting/?ref=x')).toBe(true);
    expect(isStorefrontLocation('https://www.amazon.com/')).toBe(false);
    expect(isStorefrontLocation('https://www.amazon.com/ref=cs_404_logo')).toBe(false);
    expect(isStorefrontLocation('https://www.amazon.com/shop/juno.nesting/list/X')).toBe(false);
    expect(isStorefrontLocation('https://www.amazon.co.uk/shop/juno.nesting')).toBe(false);
  });

  it('the next-page request carries the token percent-encoded and otherwise unchanged', () => {
    const url = new URL(feedPageUrl('juno.nesting', s.TOKENS.junoPage3));
    expect(url.searchParams.get('pageToken')).toBe(s.TOKENS.junoPage3);
    expect(url.pathname).toBe('/shop/juno.nesting/feed');
  });
});

// ---------------------------------------------------------------------------------------------
// Page 1
// ---------------------------------------------------------------------------------------------
describe('parseStorefrontPage — lists and videos, every section', () => {
  const r = page1(s.junoPage1());

  it('has exactly the api.md fields, in order, nothing undefined', () => {
    expect(Object.keys(r)).toEqual(PAGE_KEYS);
    expect(Object.values(r)).not.toContain(undefined);
  });

  it('profile: avatar, name, description; socials are http(s), de-duplicated, in page order', () => {
    expect(r.avatar).toBe('https://m.media-amazon.com/images/I/81qVn3sQ2pL._CR0%2C0%2C1080%2C1080_._US500_SCLZZZZZZZ_.jpg');
    expect(r.name).toBe('Juno | cozy home finds');
    expect(r.description).toBe(
      'small-space styling & renter-friendly upgrades ✨ everything I link I own & love — tap the icons to follow along!',
    );
    expect(r.socials).toEqual([
      'https://www.instagram.com/juno.nesting',
      'https://www.tiktok.com/@juno.nesting',
      'https://www.youtube.com/@junonesting',
    ]);
  });

  it('lists: the idea-list posts, urls made absolute; the photo post is left out', () => {
    expect(r.lists).toEqual([
      {
        title: 'Rental-friendly bathroom',
        itemCount: 36,
        image: 'https://m.media-amazon.com/images/G/01/Influencer/full_bleed_pin_2x.png',
        url: 'https://www.amazon.com/shop/juno.nesting/list/1RZ8Q3LW0KX7D',
      },
      {
        title: 'Fall candles & throws',
        itemCount: 112,
        image: 'https://m.media-amazon.com/images/G/01/Influencer/full_bleed_pin_2x.png',
        url: 'https://www.amazon.com/shop/juno.nesting/list/2YH4M9ZQ6TB1C',
      },
    ]);
  });

  it('videos: id, title, thumbnail and the ASINs of the attached products (each once)', () => {
    expect(r.videos).toEqual([
      {
        id: 'amzn1.vse.video.1f4b9c2d7e8a4b6c9d0e1f2a3b4c5d6e',
        title: 'Styling my open shelves under $50',
        thumbnail:
          'https://m.media-amazon.com/images/S/shoppable-media-external-prod-iad-us-east-1/1f4b9c2d-4c1e-4a57-9d0b-2f3e8a1c6b70/thumb._SX300_SCLZZZZZZZ_.jpeg',
        asins: ['B0D4KQ7XRM', 'B09TQ2X7LC'],
      },
    ]);
  });

  it('trendingPicks: product page url, image, price and percent off (null when none is shown)', () => {
    expect(r.trendingPicks).toEqual([
      {
        url: 'https://www.amazon.com/shop/juno.nesting/getProductDetails/B0D4KQ7XRM?showRelatedPost=true',
        image: 'https://m.media-amazon.com/images/I/41D4KQ7XRML._AC_.jpg',
        price: 24.99,
        discount: 38,
      },
      {
        url: 'https://www.amazon.com/shop/juno.nesting/getProductDetails/B0C8ZL2V4N?showRelatedPost=true',
        image: 'https://m.media-amazon.com/images/I/41C8ZL2V4NL._AC_.jpg',
        price: 1299,
        discount: 12,
      },
      {
        url: 'https://www.amazon.com/shop/juno.nesting/getProductDetails/B0BXT93HJQ?showRelatedPost=true',
        image: 'https://m.media-amazon.com/images/I/41BXT93HJQL._AC_.jpg',
        price: 8.49,
        discount: null,
      },
    ]);
  });

  it('curations: title, post count, cover, url', () => {
    expect(r.curations).toEqual([
      {
        title: 'Living room glow-up 🛋️',
        postCount: 48,
        image:
          'https://m.media-amazon.com/images/S/shoppable-media-external-prod-iad-us-east-1/5f0c2a9e-7b41-4d8e-9a63-1c2e4b7d9f01/cover._SX225_SCLZZZZZZZ_.jpeg',
        url: 'https://www.amazon.com/shop/juno.nesting/curation/5f0c2a9e-7b41-4d8e-9a63-1c2e4b7d9f01',
      },
      {
        title: 'Tiny kitchen, big ideas',
        postCount: 1204,
        image:
          'https://m.media-amazon.com/images/S/shoppable-media-external-prod-iad-us-east-1/a3d71e55-02bc-4f6a-8e19-7c40d2b68e3a/cover._SX225_SCLZZZZZZZ_.jpeg',
        url: 'https://www.amazon.com/shop/juno.nesting/curation/a3d71e55-02bc-4f6a-8e19-7c40d2b68e3a',
      },
    ]);
  });

  it('pageToken is the next-page token, exactly as the page gave it', () => {
    expect(r.pageToken).toBe(s.TOKENS.junoPage2);
  });
});

describe('parseStorefrontPage — lists only and videos only', () => {
  it('lists only: no videos, no trending picks, no curations, no socials', () => {
    const r = page1(s.tessPage1(), s.TESS);
    expect(r).toMatchObject({
      name: 'Tess on the Trail',
      description: 'thru-hiker • gear nerd • ultralight on a budget',
      socials: [],
      videos: [],
      trendingPicks: [],
      curations: [],
      pageToken: s.TOKENS.tessPage2,
    });
    expect(r.lists.map((l) => [l.title, l.itemCount, l.url])).toEqual([
      ['Ultralight shelter picks', 9, 'https://www.amazon.com/shop/trailtess/list/3HC0MQ2W8ZPLE'],
      ['Camp kitchen', 27, 'https://www.amazon.com/shop/trailtess/list/1AQ5Z8N0RB7WE'],
    ]);
  });

  it('videos only, single page: no lists, pageToken null, description null when there is no bio', () => {
    const r = page1(s.marcoPage1(), s.MARCO);
    expect(r.lists).toEqual([]);
    expect(r.videos).toEqual([
      {
        id: 'amzn1.vse.video.4c7e0a2d3f5b6c8e0a2c4e6a8c0e2a4c',
        title: 'Knife skills 101',
        thumbnail: expect.stringMatching(/^https:\/\/m\.media-amazon\.com\/images\/S\//),
        asins: ['B07PGL2ZSL', 'B00004OCKR'],
      },
    ]);
    expect(r).toMatchObject({
      name: 'Marco Ruiz',
      description: null,
      socials: ['https://www.youtube.com/@kitchenwithmarco'],
      pageToken: null,
    });
    expect(r.trendingPicks).toEqual([
      {
        url: 'https://www.amazon.com/shop/kitchenwithmarco/getProductDetails/B07PGL2ZSL?showRelatedPost=true',
        image: expect.any(String),
        price: 34.95,
        discount: 15,
      },
    ]);
  });

  it('a storefront with no posts yet is a record with empty lists and videos, not an error', () => {
    const r = page1(s.storefrontState({ handle: 'newbie', displayName: 'New Creator', posts: [], nextPageToken: null }), 'newbie');
    expect(r).toEqual({
      avatar: null,
      name: 'New Creator',
      description: null,
      socials: [],
      lists: [],
      videos: [],
      trendingPicks: [],
      curations: [],
      pageToken: null,
    });
  });

  it('another creator’s storefront (its state names another handle) → UPSTREAM_FAILED; the handle in another case is the same', () => {
    expect(errorOf(() => page1(junoWith((sf) => (sf.handle = `${s.JUNO}x`)))).code).toBe('UPSTREAM_FAILED');
    expect(page1(junoWith((sf) => (sf.handle = s.JUNO.toUpperCase()))).name).toBe(page1(s.junoPage1()).name);
  });

  it('an empty next-page token ends the feed', () => {
    expect(page1(junoWith((sf) => (sf.feed.nextPageToken = ''))).pageToken).toBeNull();
    expect(page1(junoWith((sf) => delete sf.feed.nextPageToken)).pageToken).toBeNull();
  });

  it('finds the storefront state among other a-state scripts, whatever their order', () => {
    const html = s
      .storefrontHtml(s.tessPage1())
      .replace('</body>', `<script type="a-state" data-a-state="{&quot;key&quot;:&quot;later-state&quot;}">{"x":1}</script></body>`);
    expect(parseStorefrontPage(html, s.TESS).name).toBe('Tess on the Trail');
  });

  it('a bio quoting Amazon error text is data, not a block page', () => {
    const r = page1(
      junoWith(
        (sf) => (sf.profile.bio = 'Sorry! Something went wrong with my last list — fixed now. Enter the characters you see below lol'),
      ),
    );
    expect(r.description).toMatch(/^Sorry! Something went wrong/);
  });
});

describe('value fallbacks', () => {
  it('relative and protocol-relative URLs are made absolute; ids stand in for missing urls', () => {
    const r = page1(
      junoWith((sf) => {
        sf.profile.profileImageUrl = '//m.media-amazon.com/images/I/81x.jpg';
        delete sf.feed.posts[0].url;
        delete sf.trendingPicks[0].detailPageUrl;
        delete sf.curations[0].url;
      }),
    );
    expect(r.avatar).toBe('https://m.media-amazon.com/images/I/81x.jpg');
    expect(r.lists[0].url).toBe('https://www.amazon.com/shop/juno.nesting/list/1RZ8Q3LW0KX7D');
    expect(r.trendingPicks[0].url).toBe('https://www.amazon.com/shop/juno.nesting/getProductDetails/B0D4KQ7XRM?showRelatedPost=true');
    expect(r.curations[0].url).toBe('https://www.amazon.com/shop/juno.nesting/curation/5f0c2a9e-7b41-4d8e-9a63-1c2e4b7d9f01');
  });

  it('prices and percentages shown as text; counts shown as text', () => {
    const r = page1(
      junoWith((sf) => {
        sf.trendingPicks[0].price = { displayAmount: '$1,049.50' };
        sf.trendingPicks[0].savingsPercentage = '-29%';
        sf.trendingPicks[1].price = '$12.74';
        sf.feed.posts[0].itemCount = '1,204 items';
        sf.curations[0].postCount = '93';
      }),
    );
    expect(r.trendingPicks[0]).toMatchObject({ price: 1049.5, discount: 29 });
    expect(r.trendingPicks[1].price).toBe(12.74);
    expect(r.lists[0].itemCount).toBe(1204);
    expect(r.curations[0].postCount).toBe(93);
  });

  it('optional values the page lacks are null; empty strings count as absent', () => {
    const r = page1(
      junoWith((sf) => {
        sf.profile = { displayName: '  ' };
        sf.trendingPicks = [{ asin: 'B0D4KQ7XRM' }];
        sf.curations = [{ curationId: 'c-1' }];
        sf.feed.posts = [
          { postType: 'VIDEO', postId: 'amzn1.vse.video.x' },
          { postType: 'list', postId: 'amzn1.ideas.ABC' },
        ];
      }),
    );
    expect(r).toMatchObject({ avatar: null, name: null, description: null, socials: [] });
    expect(r.trendingPicks).toEqual([
      {
        url: 'https://www.amazon.com/shop/juno.nesting/getProductDetails/B0D4KQ7XRM?showRelatedPost=true',
        image: null,
        price: null,
        discount: null,
      },
    ]);
    expect(r.curations).toEqual([
      { title: null, postCount: null, image: null, url: 'https://www.amazon.com/shop/juno.nesting/curation/c-1' },
    ]);
    expect(r.videos).toEqual([{ id: 'amzn1.vse.video.x', title: null, thumbnail: null, asins: [] }]);
    expect(r.lists).toEqual([{ title: null, itemCount: null, image: null, url: 'https://www.amazon.com/shop/juno.nesting/list/ABC' }]);
  });
});

// ---------------------------------------------------------------------------------------------
// Later pages
// ---------------------------------------------------------------------------------------------
describe('parseFeedPage', () => {
  it('a videos-only page: feed fields filled, profile fields null, sections empty', () => {
    const r = feed(s.junoPage2());
    expect(Object.keys(r)).toEqual(PAGE_KEYS);
    expect(r).toMatchObject({ avatar: null, name: null, description: null, socials: [], lists: [], trendingPicks: [], curations: [] });
    expect(r.videos.map((v) => [v.id, v.title, v.asins])).toEqual([
      ['amzn1.vse.video.2a5c8e0b1d3f4a6c8e0a2c4e6a8c0e2a', 'Entryway makeover in 60 seconds', ['B0CQ7TR2LM']],
      ['amzn1.vse.video.3b6d9f1c2e4a5b7d9f1b3d5f7b9d1f3b', 'My most-used kitchen gadget', []],
    ]);
    expect(r.pageToken).toBe('amzn1.vse.video.c0ffee+/Zm9v=&x=1');
  });

  it('the last page: lists only (whatever its token looked like), pageToken null', () => {
    const r = feed(s.junoPage3());
    expect(r.videos).toEqual([]);
    expect(r.lists).toEqual([
      {
        title: 'Gifts for hosts',
        itemCount: 18,
        image: expect.any(String),
        url: 'https://www.amazon.com/shop/juno.nesting/list/0KD2W7XQ9PL3A',
      },
    ]);
    expect(r.pageToken).toBeNull();
  });

  it('a page of posts with both kinds keeps both, in their own arrays', () => {
    const r = feed(s.feedAnswer([s.videoPost('aa', 'v', ['B000000001']), s.listPost(s.JUNO, 'L1', 'l', 3), s.photoPost('p')], 'next'));
    expect(r.lists).toHaveLength(1);
    expect(r.videos).toHaveLength(1);
    expect(r.pageToken).toBe('next');
  });
});

// ---------------------------------------------------------------------------------------------
// Pages that are not the storefront, and changed shapes
// ---------------------------------------------------------------------------------------------
describe('block and not-found pages', () => {
  // The robot check and the dog page are walls (walls.ts): the upstream client answers them
  // before the parser, as wallError does here.
  const wall = (body: string, url = 'https://www.amazon.com/shop/juno.nesting', status = 200) =>
    wallError('retail-shop', body, { status, url });
  it.each([
    ['storefront request', () => wall(s.ROBOT_CHECK_HTML)],
    ['page request', () => wall(s.ROBOT_CHECK_HTML, feedPageUrl(s.JUNO, 'x'), 503)],
  ])('the robot check is UPSTREAM_BLOCKED (%s)', (_name, fn) => {
    const err = fn()!;
    expect(err.code).toBe('UPSTREAM_BLOCKED');
    expect(err.message).toMatch(/robot check/);
  });

  it('the robot check is recognised by its form even around storefront-like markup', () => {
    const html = s.storefrontHtml(s.tessPage1()).replace('</body>', '<form method="get" action="/errors/validateCaptcha"></form></body>');
    expect(wall(html)?.code).toBe('UPSTREAM_BLOCKED');
  });

  it('the "Sorry! Something went wrong" dog page is UPSTREAM_BLOCKED', () => {
    for (const err of [wall(s.DOG_PAGE_HTML, undefined, 503), wall(s.DOG_PAGE_HTML, feedPageUrl(s.JUNO, 'x'))]) {
      expect(err?.code).toBe('UPSTREAM_BLOCKED');
      expect(err?.message).toMatch(/Something went wrong/);
    }
  });

  it('storefront pages and the not-found page are not walls', () => {
    expect(wall(s.storefrontHtml(s.tessPage1()))).toBeNull();
    expect(wall(s.NOT_FOUND_HTML, undefined, 404)).toBeNull();
  });

  it('Amazon\'s "Page Not Found" page is NOT_FOUND', () => {
    expect(errorOf(() => parseStorefrontPage(s.NOT_FOUND_HTML, s.JUNO)).code).toBe('NOT_FOUND');
  });

  it('the not-found page in another language (our own, German) is NOT_FOUND by its cs_404 tags, on both requests', () => {
    expect(s.LOCALIZED_NOT_FOUND_HTML).not.toMatch(/not found|couldn/i);
    expect(errorOf(() => parseStorefrontPage(s.LOCALIZED_NOT_FOUND_HTML, s.JUNO)).code).toBe('NOT_FOUND');
    expect(errorOf(() => parseFeedPage(s.LOCALIZED_NOT_FOUND_HTML, s.JUNO)).code).toBe('NOT_FOUND');
  });

  it('a storefront whose name and bio quote the not-found page is a storefront (decoy)', () => {
    const bio = "Page Not Found — Sorry! We couldn't find that page. (my favourite error dog)";
    const state = junoWith((sf) => {
      sf.profile.displayName = 'Page Not Found';
      sf.profile.bio = bio;
    });
    const r = parseStorefrontPage(s.storefrontHtml(state, 'Page Not Found'), s.JUNO);
    expect(r).toMatchObject({ name: 'Page Not Found', description: bio });
  });

  it('a page with neither the storefront state nor the cs_404 tags is a changed shape, whatever its English says', () => {
    const html =
      "<!doctype html><html><head><title>Page Not Found</title></head><body><p>Sorry! We couldn't find that page.</p></body></html>";
    const e = errorOf(() => parseStorefrontPage(html, s.JUNO));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain(STATE_KEY);
    expect(errorOf(() => parseFeedPage(html, s.JUNO)).code).toBe('UPSTREAM_FAILED');
  });
});

describe('changed shapes are UPSTREAM_FAILED naming what is missing', () => {
  const cases: [string, () => RetailShopPage, RegExp][] = [
    ['empty body', () => parseStorefrontPage('', s.JUNO), new RegExp(STATE_KEY)],
    ['no state script', () => parseStorefrontPage(s.storefrontHtml(undefined), s.JUNO), new RegExp(`missing ${STATE_KEY} state script`)],
    ['home page', () => parseStorefrontPage(s.HOME_HTML, s.JUNO), new RegExp(STATE_KEY)],
    [
      'state JSON broken',
      () => parseStorefrontPage(s.storefrontHtml({}).replace(/>\{\}<\/script>/, '>{"storefront":</script>'), s.JUNO),
      /JSON in the/,
    ],
    ['no storefront', () => page1({ marketplaceId: 'ATVPDKIKX0DER' }), /missing storefront in the storefront state/],
    ['page answer without posts', () => feed({ items: [], nextPageToken: null }), /missing posts in the page answer/],
    [
      'page answer not JSON',
      () => parseFeedPage('<html><body>maintenance</body></html>', s.JUNO),
      /JSON answer to the storefront page request/,
    ],
  ];
  it.each(cases)('%s', (_name, fn, message) => {
    const err = errorOf(fn);
    expect(err.code).toBe('UPSTREAM_FAILED');
    expect(err.status).toBe(502);
    expect(err.message).toMatch(/^retail-shop: upstream response changed shape: missing /);
    expect(err.message).toMatch(message);
  });
});

describe('a part that moved degrades the page one part at a time (warned), never the whole page', () => {
  const base = page1(s.junoPage1());
  const cases: [string, (sf: any) => unknown, Partial<Record<keyof RetailShopPage, unknown>>, string][] = [
    [
      'no profile',
      (sf) => delete sf.profile,
      { avatar: null, name: null, description: null, socials: [], lists: base.lists },
      'storefront.profile',
    ],
    ['no feed', (sf) => delete sf.feed, { lists: [], videos: [], pageToken: null, curations: base.curations }, 'storefront.feed'],
    [
      'posts not a list',
      (sf) => (sf.feed.posts = {}),
      { lists: [], videos: [], trendingPicks: base.trendingPicks },
      'storefront.feed.posts',
    ],
    [
      'post without postType',
      (sf) => delete sf.feed.posts[1].postType,
      { videos: [], lists: base.lists },
      'storefront.feed.posts.postType',
    ],
    [
      'list without id or url',
      (sf) => (delete sf.feed.posts[0].postId, delete sf.feed.posts[0].url),
      { lists: base.lists.slice(1), videos: base.videos },
      'storefront.feed.posts',
    ],
    ['video without id', (sf) => delete sf.feed.posts[1].postId, { videos: [], lists: base.lists }, 'storefront.feed.posts'],
    [
      'trending pick without asin or url',
      (sf) => (delete sf.trendingPicks[2].asin, delete sf.trendingPicks[2].detailPageUrl),
      { trendingPicks: base.trendingPicks.slice(0, 2) },
      'storefront.trendingPicks',
    ],
    [
      'curation without id or url',
      (sf) => (sf.curations[1] = { title: 'x' }),
      { curations: base.curations.slice(0, 1) },
      'storefront.curations',
    ],
    [
      'trendingPicks not a list',
      (sf) => (sf.trendingPicks = { items: [] }),
      { trendingPicks: [], curations: base.curations },
      'storefront.trendingPicks',
    ],
  ];
  it.each(cases)('%s', (_name, change, expected, warned) => {
    const { result, warnings } = captureWarnings(() => page1(junoWith(change)));
    expect(result).toMatchObject(expected);
    expect(warnings.map((w) => w.field)).toContain(warned);
  });
});

// ---------------------------------------------------------------------------------------------
// Shape vs the peer example (a second opinion; api.md wins)
// ---------------------------------------------------------------------------------------------
describe.skipIf(!hasPeerExample(PEER_EXAMPLE))(
  existsSync(PEER_EXAMPLE) ? 'record shape vs the peer example' : `${PEER_EXAMPLE} is absent: peer shape check skipped`,
  () => {
    const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
    const peer = () => JSON.parse(readFileSync(PEER_EXAMPLE, 'utf8')).sampleResponse as Record<string, any>;

    it("every peer key is ours with the same value type; ours adds api.md's videos", () => {
      const want = peer();
      const got = page1(s.junoPage1()) as unknown as Record<string, unknown>;
      const peerKeys = Object.keys(want).filter((k) => !['success', 'credits_remaining', 'credits_charged'].includes(k));
      expect(peerKeys.every((k) => k in got)).toBe(true);
      for (const k of peerKeys) expect([k, typeOf(got[k])]).toEqual([k, typeOf(want[k])]);
      // The peer omits `videos`; api.md lists it, so it is ours.
      expect(Object.keys(got).filter((k) => !peerKeys.includes(k))).toEqual(['videos']);
      expect(typeof want.socials[0]).toBe('string');
    });

    it.each(['lists', 'trendingPicks', 'curations'])('%s items: same keys and value types as the peer', (field) => {
      const want = peer()[field][0] as Record<string, unknown>;
      const got = (page1(s.junoPage1()) as unknown as Record<string, Record<string, unknown>[]>)[field][0];
      expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
      for (const k of Object.keys(want)) expect([k, typeOf(got[k])]).toEqual([k, typeOf(want[k])]);
    });

    it('the peer trending-pick and list urls have the form ours have', () => {
      const want = peer();
      expect(want.trendingPicks[0].url).toMatch(
        /^https:\/\/www\.amazon\.com\/shop\/[^/]+\/getProductDetails\/[A-Z0-9]{10}\?showRelatedPost=true$/,
      );
      expect(want.lists[0].url).toMatch(/^https:\/\/www\.amazon\.com\/shop\/[^/]+\/list\/[A-Z0-9]+$/);
      expect(want.curations[0].url).toMatch(/^https:\/\/www\.amazon\.com\/shop\/[^/]+\/curation\/[0-9a-f-]{36}$/);
      expect(typeof want.pageToken).toBe('string');
    });
  },
);

/** Hand-written storefront states (no capture exists), with one profile member changed each. */
describe('parse warnings (retail-shop)', () => {
  const withProfile = (change: (p: Record<string, unknown>) => void) => {
    const state = s.junoPage1() as { storefront: { profile: Record<string, unknown> } };
    change(state.storefront.profile);
    return captureWarnings(() => page1(state));
  };

  it('a complete profile reads without a warning', () => {
    expect(withProfile(() => {}).warnings).toEqual([]);
  });

  it('a creator without an avatar (null or "") and without a bio: null, no warning', () => {
    for (const none of [null, '']) {
      const { result, warnings } = withProfile((p) => {
        p.profileImageUrl = none;
        p.bio = null;
      });
      expect(result).toMatchObject({ avatar: null, description: null });
      expect(warnings).toEqual([]);
    }
  });

  it('a profile that no longer carries profileImageUrl: avatar null plus profile.profileImageUrl', () => {
    const { result, warnings } = withProfile((p) => delete p.profileImageUrl);
    expect(result.avatar).toBeNull();
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([['retail-shop', 'profile.profileImageUrl']]);
  });
});

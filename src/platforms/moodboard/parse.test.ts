/**
 * moodboard (Cosmos) parser tests. There is no capture of api.cosmos.so (platforms.md: "no
 * capture exists"), so every upstream body here is hand-written by us in the public GraphQL
 * shape — see src/platforms/moodboard/samples.ts for what that shape rests on. Nothing is skipped for lack of fixtures.
 */
import { parse as parseGraphql, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { captureWarnings } from '../../parse/index.js';
import { ELEMENT_QUERY, SEARCH_QUERY } from './fetch.js';
import { graphqlData, parseElement, parsePost, parsePostUrl, parseSearch, TERMINAL_PAGE } from './parse.js';
import * as s from './samples.js';
import { wallError, wallName } from '../../../test/blocks/wall-answer.js';

/** api.md's field order of a moodboard item (the post adds save_count). */
const ITEM_KEYS = [
  'id',
  'url',
  'created_at',
  'caption',
  'text',
  'title',
  'description',
  'owner',
  'source_url',
  'source_author',
  'media',
  'price',
  'brand',
];
const MEDIA_KEYS = ['id', 'type', 'url', 'width', 'height', 'ai_generated', 'duration', 'thumbnail_url', 'video_url', 'playback_url'];

function caught(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected an ApiError');
}

describe('parsePost (GetElementDetails)', () => {
  it('a single-image post: every api.md field, save_count from elementTopConnections', () => {
    const p = parsePost(s.elementDetails(s.imageElement()), '1909064612');
    expect(Object.keys(p)).toEqual([...ITEM_KEYS, 'save_count']);
    expect(p).toEqual({
      id: 1909064612,
      url: 'https://www.cosmos.so/e/1909064612',
      created_at: '2025-03-14T09:26:53.589Z',
      caption: 'A brutalist concrete stairwell lit by a single skylight, shot in black and white.',
      text: null,
      title: null,
      description: null,
      owner: { id: 4412071, username: 'studio.vell' },
      source_url: 'https://www.are.na/block/31234567',
      source_author: {
        username: 'mara.k',
        full_name: 'Mara Keller',
        profile_url: 'https://www.are.na/mara-k',
        avatar_url: 'https://d2w9rnfcy7mm78.cloudfront.net/123/medium.jpg',
      },
      media: [
        {
          id: '5c1f0e2a-7d7b-4a57-9a53-3f3e4b1c2d10',
          type: 'StaticImage',
          url: 'https://cdn.cosmos.so/5c1f0e2a-7d7b-4a57-9a53-3f3e4b1c2d10',
          width: 1200,
          height: 1600,
          ai_generated: false,
          duration: null,
          thumbnail_url: null,
          video_url: null,
          playback_url: null,
        },
      ],
      price: null,
      brand: null,
      save_count: 57,
    });
  });

  it('a gallery lists every image of multipleMedia, in order; no source → nulls', () => {
    const p = parsePost(s.elementDetails(s.galleryElement()), '1136567949');
    expect(p.media.map((m) => m.id)).toEqual([
      '0b6f7c3e-1111-4aaa-8bbb-000000000001',
      '0b6f7c3e-1111-4aaa-8bbb-000000000002',
      '0b6f7c3e-1111-4aaa-8bbb-000000000003',
    ]);
    expect(p.source_url).toBeNull();
    expect(p.source_author).toBeNull();
  });

  it('a video: duration, poster, MP4 and HLS playback', () => {
    const [m] = parsePost(s.elementDetails(s.videoElement()), '1861677771').media;
    expect(Object.keys(m)).toEqual(MEDIA_KEYS);
    expect(m).toMatchObject({
      type: 'Video',
      duration: 12.48,
      thumbnail_url: 'https://cdn.cosmos.so/f00dcafe-2222-4ccc-9ddd-000000000010-thumbnail.jpg',
      video_url: 'https://stream.mux.com/f00dcafe-2222-4ccc-9ddd-000000000010/high.mp4',
      playback_url: 'https://stream.mux.com/f00dcafe-2222-4ccc-9ddd-000000000010.m3u8',
    });
  });

  it('an animated image: its video and still; ai_generated true; no caption → null', () => {
    const p = parsePost(s.elementDetails(s.animatedElement()), '1227529052');
    expect(p.caption).toBeNull();
    expect(p.media[0]).toMatchObject({
      type: 'AnimatedImage',
      ai_generated: true,
      duration: null,
      playback_url: null,
      video_url: 'https://cdn.cosmos.so/beadfeed-3333-4eee-8fff-000000000020.mp4',
      thumbnail_url: 'https://cdn.cosmos.so/beadfeed-3333-4eee-8fff-000000000020-still.jpg',
    });
  });

  it('a product: title, description, price {value, currency}, brand; author null', () => {
    const p = parsePost(s.elementDetails(s.productElement(), 3), '486842213');
    expect(p).toMatchObject({
      title: 'Palissade Lounge Chair',
      description: 'Powder-coated steel lounge chair for outdoor use.',
      price: { value: 129.5, currency: 'EUR' },
      brand: 'HAY',
      source_url: 'https://www.hay.com/palissade-lounge-chair',
      source_author: null,
      save_count: 3,
    });
  });

  it('a website: title and description; a text post: text and no media', () => {
    expect(parsePost(s.elementDetails(s.websiteElement()), '174672888')).toMatchObject({
      title: 'Index — Studio Vell',
      description: 'Portfolio of a small design studio.',
      price: null,
      brand: null,
    });
    const t = parsePost(s.elementDetails(s.textElement()), '21166243');
    expect(t).toMatchObject({ text: 'Less, but better.', media: [], caption: null, title: null });
  });

  it('missing optional parts degrade to null; url is rebuilt from the id', () => {
    const p = parsePost({ data: { elementView: { element: { id: 42 } } } }, '42');
    expect(Object.keys(p)).toEqual([...ITEM_KEYS, 'save_count']);
    expect(p).toMatchObject({ id: 42, url: 'https://www.cosmos.so/e/42', owner: null, media: [], created_at: null, save_count: null });
    expect(Object.values(p)).not.toContain(undefined);
  });

  it('a numeric-string id (custom scalar) is read as a number', () => {
    expect(parseElement({ id: '1909064612' }).id).toBe(1909064612);
  });

  it('NOT_FOUND: an error with code NOT_FOUND, an auth error (not public), a null elementView or element', () => {
    expect(caught(() => parsePost(s.elementNotFound(7), '7')).code).toBe('NOT_FOUND');
    expect(
      caught(() => parsePost({ errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }], data: { elementView: null } }, '7'))
        .message,
    ).toMatch(/not public/);
    expect(caught(() => parsePost({ data: { elementView: null } }, '7')).code).toBe('NOT_FOUND');
    expect(caught(() => parsePost({ data: { elementView: { element: null } } }, '7')).code).toBe('NOT_FOUND');
  });

  it('a rejected query (the upstream schema changed) is UPSTREAM_FAILED naming the error', () => {
    const e = caught(() =>
      parsePost(
        { errors: [{ message: 'Cannot query field "elementView" on type "Query".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] },
        '7',
      ),
    );
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('Cannot query field "elementView"');
  });

  it('rate-limit errors are UPSTREAM_BLOCKED', () => {
    expect(
      caught(() => parsePost({ errors: [{ message: 'Too many requests', extensions: { code: 'RATE_LIMITED' } }], data: null }, '7')).code,
    ).toBe('UPSTREAM_BLOCKED');
  });

  it.each([
    ['null', null],
    ['no data', {}],
    ['data without elementView', { data: {} }],
    ['element without id', { data: { elementView: { element: { shareUrl: 'https://www.cosmos.so/e/1' } } } }],
    ['element is a string', { data: { elementView: { element: 'x' } } }],
  ])('garbage (%s) → UPSTREAM_FAILED', (_name, body) => {
    expect(caught(() => parsePost(body, '1')).code).toBe('UPSTREAM_FAILED');
  });

  it('partial answers: errors beside a present root are ignored', () => {
    const body = {
      ...s.elementDetails(s.imageElement(5)),
      errors: [{ message: 'blurHash failed', path: ['elementView', 'element', 'media', 'blurHash'] }],
    };
    expect(parsePost(body, '5').id).toBe(5);
  });
});

describe('parseSearch (SearchGlobalElements)', () => {
  it('items, cursor, has_more, result_count (items on this page); highlight marks removed', () => {
    const cursor = s.cursorFor(40, 'brutalist');
    const page = parseSearch(
      s.searchAnswer([s.highlighted(s.imageElement(1), 'A <n>brutalist</n> stairwell'), s.productElement(2), s.textElement(3)], cursor),
    );
    expect(Object.keys(page)).toEqual(['items', 'cursor', 'has_more', 'result_count']);
    expect(page.cursor).toBe(cursor);
    expect(page.has_more).toBe(true);
    expect(page.result_count).toBe(3);
    expect(page.items.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(page.items[0].caption).toBe('A brutalist stairwell');
    expect(Object.keys(page.items[0])).toEqual(ITEM_KEYS);
    expect(page.items[0]).not.toHaveProperty('save_count');
  });

  it('the last page: nextPageCursor null (or empty) → cursor null, has_more false', () => {
    expect(parseSearch(s.searchAnswer([s.imageElement(1)], null))).toMatchObject({ cursor: null, has_more: false, result_count: 1 });
    expect(parseSearch(s.searchAnswer([], ''))).toEqual(TERMINAL_PAGE);
  });

  it('a page whose nextPageCursor is the one it was asked with (Cosmos looping) is the last: cursor null, has_more false', () => {
    expect(parseSearch(s.searchAnswer([s.imageElement(1)], 'c2'), 'c2')).toMatchObject({ cursor: null, has_more: false, result_count: 1 });
    expect(parseSearch(s.searchAnswer([s.imageElement(1)], 'c3'), 'c2')).toMatchObject({ cursor: 'c3', has_more: true });
  });

  it('an item without an id is skipped; a page of only such items is a shape change', () => {
    expect(parseSearch(s.searchAnswer([{ __typename: 'MediaElementTile' }, s.imageElement(9)], null)).items.map((i) => i.id)).toEqual([9]);
    expect(caught(() => parseSearch(s.searchAnswer([{ __typename: 'MediaElementTile' }], null))).code).toBe('UPSTREAM_FAILED');
  });

  it('missing items or meta, and auth errors, are failures (a search of public posts needs no login)', () => {
    expect(caught(() => parseSearch({ data: { searchElements: { meta: { count: 0 } } } })).message).toMatch(/searchElements\.items/);
    expect(caught(() => parseSearch({ data: { searchElements: { items: [] } } })).message).toMatch(/searchElements\.meta/);
    // Items without `meta`: the items stand, the paging ends (warned search.meta).
    const noMeta = captureWarnings(() => parseSearch({ data: { searchElements: { items: [s.imageElement()] } } }));
    expect(noMeta.result).toMatchObject({ cursor: null, has_more: false, result_count: 1 });
    expect(noMeta.warnings.map((w) => w.field)).toContain('search.meta');
    expect(caught(() => parseSearch({ data: null })).code).toBe('UPSTREAM_FAILED');
    expect(caught(() => parseSearch({ errors: [{ message: 'Not authenticated', extensions: { code: 'UNAUTHENTICATED' } }] })).code).toBe(
      'UPSTREAM_BLOCKED',
    );
  });
});

describe('graphqlData', () => {
  it('returns data[root] when it is an object', () => {
    expect(graphqlData({ data: { x: { a: 1 } } }, 'x', {})).toEqual({ a: 1 });
  });
});

describe('query documents', () => {
  it.each([
    ['GetElementDetails', ELEMENT_QUERY, ['elementId']],
    ['SearchGlobalElements', SEARCH_QUERY, ['searchTerm', 'pageCursor']],
  ])('%s is valid GraphQL named as in ?q=', (name, doc, vars) => {
    const ast = parseGraphql(doc);
    const op = ast.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')!;
    expect(op.name?.value).toBe(name);
    expect(op.variableDefinitions?.map((v) => v.variable.name.value)).toEqual(vars);
    // Every aliased field the parser reads is selected.
    for (const alias of [
      'generatedCaption',
      'shareUrl',
      'multipleMedia',
      'productPrice: price',
      'productBrand: brand',
      'productTitle: name',
      'websiteTitle: title',
      'mediaId',
      'aiGenerated',
      'playbackUrl',
    ]) {
      expect(doc).toContain(alias);
    }
  });
});

describe('walls: block pages by structure (walls.ts and the catalogue)', () => {
  const GRAPHQL = 'https://api.cosmos.so/graphql?q=GetElementDetails';
  const ACCESS_DENIED = '<html><head><title>Access denied</title></head><body><h1>Access denied</h1></body></html>';
  // Self-written: the same refusal page in German and Japanese (no English sentence).
  const ACCESS_DENIED_DE = '<html lang="de"><head><title>Zugriff verweigert</title></head><body><h1>Zugriff verweigert</h1></body></html>';
  const ACCESS_DENIED_JA = '<html lang="ja"><head><title>アクセスが拒否されました</title></head><body><h1>アクセス拒否</h1></body></html>';

  it("anti-bot vendors (our Cloudflare pages) are the catalogue's, at any status", () => {
    for (const status of [200, 403]) {
      expect(wallName('moodboard', s.CLOUDFLARE_CHALLENGE, { status, url: GRAPHQL })).toBe('cloudflare');
      expect(wallError('moodboard', s.CLOUDFLARE_CHALLENGE, { status, url: GRAPHQL })?.message).toMatch(/Cloudflare challenge/);
    }
    const block =
      '<html><head><title>Attention Required! | Cloudflare</title></head><body><div id="cf-error-details"><h1 data-translate="block_headline">Sorry, you have been blocked</h1></div></body></html>';
    expect(wallError('moodboard', block, { status: 403, url: GRAPHQL })?.message).toMatch(/Cloudflare block/);
  });

  it.each([
    ['English', ACCESS_DENIED],
    ['German (self-written)', ACCESS_DENIED_DE],
    ['Japanese (self-written)', ACCESS_DENIED_JA],
  ])('an HTML refusal page in %s at 401/403/429 → UPSTREAM_BLOCKED, by status and markup', (_lang, html) => {
    for (const status of [401, 403, 429]) {
      expect(wallName('moodboard', html, { status, url: GRAPHQL })).toBe('refused');
      expect(wallError('moodboard', html, { status, url: GRAPHQL })?.code).toBe('UPSTREAM_BLOCKED');
    }
  });

  it('a title alone decides nothing: "Access denied" / "Just a moment..." at 200 is no wall', () => {
    expect(wallName('moodboard', ACCESS_DENIED, { status: 200, url: GRAPHQL })).toBeNull();
    expect(wallName('moodboard', '<html><head><title>Just a moment...</title></head></html>', { status: 200, url: GRAPHQL })).toBeNull();
  });

  it('decoy: an element whose caption quotes the walls is data, and parses', () => {
    const text = 'Just a moment... Access denied. unusual traffic — log in to continue';
    const body = s.elementDetails(s.imageElement(1909064612, { generatedCaption: { __typename: 'GeneratedCaption', text } }));
    expect(wallName('moodboard', JSON.stringify(body), { status: 200, url: GRAPHQL })).toBeNull();
    expect(JSON.stringify(parsePost(body, '1909064612'))).toContain(text);
  });
});

describe('parsePostUrl', () => {
  it.each([
    ['https://www.cosmos.so/e/1909064612', '1909064612'],
    ['https://cosmos.so/e/1234567890', '1234567890'],
    ['http://www.cosmos.so/e/17756802/', '17756802'],
    ['https://www.COSMOS.so/e/0021166243?ref=share#x', '21166243'],
    ['  https://www.cosmos.so/e/486842213  ', '486842213'],
  ])('%s → %s', (input, id) => {
    expect(parsePostUrl(input)).toBe(id);
  });

  it.each([
    'https://www.cosmos.so/e/',
    'https://www.cosmos.so/e/abc123',
    'https://www.cosmos.so/e/0',
    'https://www.cosmos.so/studio.vell',
    'https://www.cosmos.so/studio.vell/stairs',
    'https://cdn.cosmos.so/e/123',
    'https://api.cosmos.so/e/123',
    'https://cosmos.so.evil.com/e/123',
    'https://www.cosmos.so/e/123/extra',
    'https://www.cosmos.so/e/1234567890123456',
    'cosmos.so/e/123',
    'ftp://cosmos.so/e/123',
  ])('rejects %s', (input) => {
    expect(parsePostUrl(input)).toBeNull();
  });
});

/** Our own elements (src/platforms/moodboard/samples.ts: no capture exists), with one member changed. */
describe('parse warnings (moodboard)', () => {
  it('complete elements of every kind read without a warning', () => {
    for (const el of [
      s.imageElement(),
      s.galleryElement(),
      s.videoElement(),
      s.animatedElement(),
      s.productElement(),
      s.websiteElement(),
    ]) {
      expect(captureWarnings(() => parseElement(el)).warnings).toEqual([]);
    }
  });

  it('an element without createdAt: null plus element.createdAt; a shareUrl given as null: the built URL, no warning', () => {
    const el = s.imageElement();
    delete el.createdAt;
    expect(captureWarnings(() => parseElement(el)).warnings.map((w) => [w.platform, w.field])).toEqual([
      ['moodboard', 'element.createdAt'],
    ]);
    const { result, warnings } = captureWarnings(() => parseElement(s.imageElement(1909064612, { shareUrl: null })));
    expect(result.url).toBe('https://www.cosmos.so/e/1909064612');
    expect(warnings).toEqual([]);
  });
});

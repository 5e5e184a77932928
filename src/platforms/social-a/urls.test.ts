import { describe, expect, it } from 'vitest';
import {
  cityEventsPageUrl,
  decodeCursor,
  encodeCursor,
  pageEventsUrl,
  pageKey,
  parseCityEventsUrl,
  parsePageUrl,
  queryKey,
} from './urls.js';

describe('city events page URLs', () => {
  it.each([
    ['https://www.facebook.com/events/explore/montreal-quebec/102184499823699/', { cityId: '102184499823699', slug: 'montreal-quebec' }],
    ['https://facebook.com/events/explore/us-atlanta/107991659233606', { cityId: '107991659233606', slug: 'us-atlanta' }],
    ['https://m.facebook.com/events/explore/US-New-York/108424279189115/?ref=x#top', { cityId: '108424279189115', slug: 'us-new-york' }],
    ['http://web.facebook.com/Events/Explore/gent/102155463159279/', { cityId: '102155463159279', slug: 'gent' }],
  ])('%s', (url, want) => {
    expect(parseCityEventsUrl(url)).toEqual(want);
  });

  it.each([
    'https://www.facebook.com/events/explore/playa-del-carmen',
    'https://www.facebook.com/events/explore/us-atlanta/not-an-id/',
    'https://www.facebook.com/events/602005831971873/',
    'https://www.facebook.com/events/?location_id=107991659233606',
    'https://www.facebook.com/harbourhall/events',
    'https://www.facebook.com.evil.example/events/explore/us-atlanta/107991659233606/',
    'https://user@www.facebook.com/events/explore/us-atlanta/107991659233606/',
    'https://www.facebook.com:443/events/explore/us-atlanta/107991659233606/',
    'ftp://www.facebook.com/events/explore/us-atlanta/107991659233606/',
    'https://instagram.com/events/explore/us-atlanta/107991659233606/',
    'events/explore/us-atlanta/107991659233606',
    '',
  ])('refuses %s', (url) => {
    expect(parseCityEventsUrl(url)).toBeNull();
  });

  it('fetches the canonical www page', () => {
    expect(cityEventsPageUrl({ cityId: '107991659233606', slug: 'us-atlanta' })).toBe(
      'https://www.facebook.com/events/explore/us-atlanta/107991659233606/',
    );
  });
});

describe('page URLs', () => {
  it.each([
    [
      'https://www.facebook.com/BrickyardOldTown',
      { page: { vanity: 'brickyardoldtown' }, tab: 'upcoming' },
      'https://www.facebook.com/brickyardoldtown/upcoming_hosted_events',
    ],
    [
      'https://www.facebook.com/brickyardoldtown/events/',
      { page: { vanity: 'brickyardoldtown' }, tab: 'upcoming' },
      'https://www.facebook.com/brickyardoldtown/upcoming_hosted_events',
    ],
    [
      'https://facebook.com/lacalle8prague/past_hosted_events',
      { page: { vanity: 'lacalle8prague' }, tab: 'past' },
      'https://www.facebook.com/lacalle8prague/past_hosted_events',
    ],
    [
      'https://m.facebook.com/pg/welovesalsa.cz/events/',
      { page: { vanity: 'welovesalsa.cz' }, tab: 'upcoming' },
      'https://www.facebook.com/welovesalsa.cz/upcoming_hosted_events',
    ],
    [
      'https://www.facebook.com/profile.php?id=61553164865125&sk=events',
      { page: { id: '61553164865125' }, tab: 'upcoming' },
      'https://www.facebook.com/profile.php?id=61553164865125&sk=upcoming_hosted_events',
    ],
    [
      'https://www.facebook.com/profile.php?id=61564982700539&sk=past_hosted_events',
      { page: { id: '61564982700539' }, tab: 'past' },
      'https://www.facebook.com/profile.php?id=61564982700539&sk=past_hosted_events',
    ],
    [
      'https://www.facebook.com/people/Harbour-Hall/61564982700539/',
      { page: { id: '61564982700539' }, tab: 'upcoming' },
      'https://www.facebook.com/profile.php?id=61564982700539&sk=upcoming_hosted_events',
    ],
    [
      'https://www.facebook.com/Licking-Valley-Hash-House-Harriers-841860922532429',
      { page: { vanity: 'licking-valley-hash-house-harriers-841860922532429' }, tab: 'upcoming' },
      null,
    ],
  ])('%s', (url, want, fetchUrl) => {
    const got = parsePageUrl(url);
    expect(got).toEqual(want);
    if (fetchUrl) expect(pageEventsUrl(got!)).toBe(fetchUrl);
  });

  it.each([
    'https://www.facebook.com/',
    'https://www.facebook.com/events/explore/us-atlanta/107991659233606/',
    'https://www.facebook.com/groups/409785992417637/events',
    'https://www.facebook.com/watch/',
    'https://www.facebook.com/brickyardoldtown/posts/1234567890',
    'https://www.facebook.com/brickyardoldtown/events/extra',
    'https://www.facebook.com/profile.php',
    'https://www.facebook.com/profile.php?id=abc',
    'https://www.facebook.com/profile.php?id=61553164865125&sk=photos',
    // Names an object inherits are no tab (an outside sweep: they were accepted and charged).
    'https://www.facebook.com/profile.php?id=61553164865125&sk=constructor',
    'https://www.facebook.com/profile.php?id=61553164865125&sk=__proto__',
    'https://www.facebook.com/brickyardoldtown/constructor',
    'https://www.facebook.com/brickyardoldtown/toString',
    'https://www.facebook.com/pg/brickyardoldtown',
    'https://twitter.com/brickyardoldtown',
    'not a url',
  ])('refuses %s', (url) => {
    expect(parsePageUrl(url)).toBeNull();
  });

  it('page keys: vanity, or id:<n>', () => {
    expect(pageKey({ vanity: 'x.y' })).toBe('x.y');
    expect(pageKey({ id: '123456' })).toBe('id:123456');
  });
});

describe('cursors', () => {
  it('round trip, url-safe', () => {
    const c = { k: 'page', page: 'brickyardoldtown', tab: 'upcoming', owner: 'YXBwX2Nv+/=', after: 'AQHR-b4y_Z', total: 22 } as const;
    const raw = encodeCursor(c);
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(raw)).toEqual(c);
    expect(decodeCursor(encodeCursor({ k: 'search', q: 'dogs', after: 'Abr1' }))).toEqual({ k: 'search', q: 'dogs', after: 'Abr1' });
    expect(decodeCursor(encodeCursor({ k: 'city', city: '107991659233606', owner: '107991659233606', after: 'x1' }))).toMatchObject({
      k: 'city',
    });
  });

  it.each([
    ['not base64url', 'a+b/c==='],
    ['too short', 'abc'],
    ['not JSON', Buffer.from('hello world').toString('base64url')],
    ['unknown kind', Buffer.from('{"k":"other","q":"x","after":"y"}').toString('base64url')],
    ['no after', Buffer.from('{"k":"search","q":"x"}').toString('base64url')],
    ['bad city id', Buffer.from('{"k":"city","city":"abc","owner":"o","after":"a"}').toString('base64url')],
    ['bad total', Buffer.from('{"k":"page","page":"p","tab":"upcoming","owner":"o","after":"a","total":-1}').toString('base64url')],
    ['bad tab', Buffer.from('{"k":"page","page":"p","tab":"all","owner":"o","after":"a","total":null}').toString('base64url')],
  ])('refuses %s', (_n, raw) => {
    expect(decodeCursor(raw)).toBeNull();
  });

  it('query keys ignore case and spacing', () => {
    expect(queryKey('  Jazz   Night ')).toBe('jazz night');
  });
});

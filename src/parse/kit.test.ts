/**
 * The parse kit: paths with alternatives, value readers, the bound reader's three cases (missing
 * id → error; missing usual field → null + warning; explicit null → null), HTML readers.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../errors.js';
import { onParserWarning } from '../observability/warn.js';
import {
  absUrl,
  at,
  attr,
  captureWarnings,
  collapse,
  first,
  htmlReader,
  idStr,
  int,
  intish,
  meta,
  nextLinkParam,
  nonEmpty,
  num,
  numish,
  reader,
  recordReader,
  round,
  safeDecode,
  signedOut,
  str,
  text,
  trimmed,
  trunc,
  boolish,
} from './index.js';
import { cpuMs } from '../../test/support/cpu-time.js';

describe('paths', () => {
  const json = { data: { name: 'Ada', tags: ['a', 'b', 'c'], gone: null, n: 0 } };
  it('at: keys and indexes (negative from the end); undefined when a step is absent, null when the upstream says null', () => {
    expect(at(json, ['data', 'name'])).toBe('Ada');
    expect(at(json, ['data', 'tags', -1])).toBe('c');
    expect(at(json, ['data', 'tags', 7])).toBeUndefined();
    expect(at(json, ['data', 'name', 'x'])).toBeUndefined();
    expect(at(json, ['data', 'gone'])).toBeNull();
    expect(at(json, ['nope', 'name'])).toBeUndefined();
    expect(at(json, ['data', 'toString'])).toBeUndefined(); // own keys only
    expect(at(json, ['data', 'n'])).toBe(0);
  });
  it('first: the first alternative the reader accepts', () => {
    expect(first(json, str, ['data', 'missing'], ['data', 'gone'], ['data', 'name'])).toBe('Ada');
    expect(first(json, num, ['data', 'name'], ['data', 'n'])).toBe(0);
    expect(first(json, str, ['data', 'n'])).toBeNull();
  });
});

describe('value readers', () => {
  it('tell strings, blanks, ids and numbers apart', () => {
    expect(str('')).toBe('');
    expect(nonEmpty('  ')).toBeNull();
    expect(nonEmpty(' a ')).toBe(' a ');
    expect(trimmed(' a ')).toBe('a');
    expect(idStr(12)).toBe('12');
    expect(idStr(2 ** 60)).toBeNull();
    expect(idStr('')).toBeNull();
    expect(int(1.5)).toBeNull();
    expect(num(Number.NaN)).toBeNull();
    expect(intish(' 42 ')).toBe(42);
    expect(intish('4.2')).toBeNull();
    expect(numish('4.5')).toBe(4.5);
    expect(boolish(1)).toBe(true);
    expect(boolish('1')).toBeNull();
  });
  it('trunc and round make integers, so only safe ones: 1e308 is no count', () => {
    expect(trunc(4.7)).toBe(4);
    expect(round(4.5)).toBe(5);
    expect(trunc(1e308)).toBeNull();
    expect(round(1e308)).toBeNull();
    expect(round(2 ** 53)).toBeNull();
  });
  it('safeDecode: decodes, and keeps (or maps) a malformed escape instead of throwing', () => {
    expect(safeDecode('caf%C3%A9')).toBe('café');
    expect(safeDecode('100%')).toBe('100%');
    expect(safeDecode('100%', () => null)).toBeNull();
  });
});

describe('the bound reader', () => {
  const json = { id: 7, name: 'Ada', description: null, followers: '12', nested: { title: 'T' }, list: [{ a: 1 }, 2] };
  const r = () => reader(json, { platform: 'demo', record: 'artist' });

  it('a usual field that is present reads without a warning; alternatives are tried in order', () => {
    const { result, warnings } = captureWarnings(() => [
      r().str('name'),
      r().str('title', ['nested', 'title']),
      r().str('name', 'missing', 'name'),
    ]);
    expect(result).toEqual(['Ada', 'T', 'Ada']);
    expect(warnings).toEqual([]);
  });

  it('explicit null from the upstream is null with no warning; a missing usual field is null plus warn(platform, record.field)', () => {
    const { result, warnings } = captureWarnings(() => [
      r().str('description'),
      r().str('bio'),
      r().int('followers'),
      reader({ v: ' ' }, { platform: 'demo', record: 'artist' }).nonEmpty('v'),
    ]);
    expect(result).toEqual([null, null, null, null]);
    expect(warnings).toEqual([
      { platform: 'demo', field: 'artist.bio', detail: 'missing' },
      { platform: 'demo', field: 'artist.followers', detail: 'unexpected type' },
    ]);
  });

  it('opt.* does not warn about an absent field; arrays read as [] when absent', () => {
    const { result, warnings } = captureWarnings(() => [r().opt.str('bio'), r().opt.objects('items'), r().opt.str('description')]);
    expect(result).toEqual([null, [], null]);
    expect(warnings).toEqual([]);
  });

  it('opt.* warns about a present value of another type (a changed shape, not an absent field)', () => {
    const { result, warnings } = captureWarnings(() => [r().opt.int('name'), r().opt.obj('followers')]);
    expect(result).toEqual([null, null]);
    expect(warnings).toEqual([
      { platform: 'demo', field: 'artist.name', detail: 'unexpected type' },
      { platform: 'demo', field: 'artist.followers', detail: 'unexpected type' },
    ]);
  });

  it('a path through a value of another type is a wrong type, not an absent field (warned also under opt)', () => {
    const json = { banner: 'x', list: { 0: 'a' }, media: [{ url: 'u' }] };
    const r2 = reader(json, { platform: 'demo', record: 'user' });
    const { result, warnings } = captureWarnings(() => [
      r2.opt.str('banner_url', ['banner', 'image_url']),
      r2.opt.str('first', ['list', 0]),
      r2.opt.str('media_url', ['media', 'url']),
      r2.opt.str('avatar', ['avatar', 'image_url']),
      r2.str('media_0', ['media', 0, 'url']),
    ]);
    expect(result).toEqual([null, null, null, null, 'u']);
    expect(warnings.map((w) => [w.field, w.detail])).toEqual([
      ['user.banner_url', 'unexpected type'],
      ['user.first', 'unexpected type'],
      ['user.media_url', 'unexpected type'],
    ]);
  });

  it('objects/strings leave out an element of another type and warn about it, also under opt', () => {
    const { result, warnings } = captureWarnings(() => [r().objects('list'), r().opt.objects('list'), r().strings('list')]);
    expect(result).toEqual([[{ a: 1 }], [{ a: 1 }], []]);
    expect(warnings.map((w) => [w.field, w.detail])).toEqual([
      ['artist.list', '1 element(s) not an object'],
      ['artist.list', '1 element(s) not an object'],
      ['artist.list', '2 element(s) not a string'],
    ]);
  });

  it('items: one element degrades at a time (not an object, refused, or without its own id: left out and warned)', () => {
    const json = { tracks: [{ id: 1, name: 'A' }, 'junk', { name: 'no id' }, { id: 4, name: 'skip me' }, { id: 5 }] };
    const { result, warnings } = captureWarnings(() =>
      reader(json, { platform: 'demo', record: 'album' }).items('tracks', (el) => {
        const id = el.id('id', int);
        return id === 4 ? null : { id, name: el.str('name') };
      }),
    );
    expect(result).toEqual([
      { id: 1, name: 'A' },
      { id: 5, name: null },
    ]);
    expect(warnings.map((w) => w.field)).toEqual(['album.tracks', 'album.tracks', 'album.tracks', 'album.tracks.name']);
    // Errors other than a missing element id are not the element's: they still fail the record.
    expect(() =>
      reader(json, { platform: 'demo', record: 'album' }).items('tracks', () => {
        throw new TypeError('bug');
      }),
    ).toThrow(TypeError);
  });

  it('items: the first 3 elements left out are warned one by one, the rest in one count', () => {
    const json = { tracks: ['a', { id: 1 }, 'b', {}, 'c', 'd', 'e'] };
    const { result, warnings } = captureWarnings(() =>
      reader(json, { platform: 'demo', record: 'album' }).items('tracks', (el) => el.id('id', int)),
    );
    expect(result).toEqual([1]);
    expect(warnings.map((w) => w.detail)).toEqual([
      'element 0 is not an object',
      'element 2 is not an object',
      expect.stringMatching(/^element 3: demo: .*missing album\.tracks\.id$/),
      '3 more element(s) of 7 left out',
    ]);
  });

  it('items: a list of 1,000,000 non-objects (4 M warned one by one: seconds per answer) — one pass, 4 warnings', () => {
    const json = { tracks: new Array<number>(1_000_000).fill(0) };
    let listened = 0;
    const t0 = cpuMs();
    const { result, warnings } = captureWarnings(() => {
      const stop = onParserWarning(() => {
        // A listener as costly as the gateway's (health and metrics): each warning counts.
        for (let i = 0; i < 1000; i++) listened += i % 2;
      });
      try {
        return reader(json, { platform: 'demo', record: 'album' }).items('tracks', () => 1);
      } finally {
        stop();
      }
    });
    expect(cpuMs() - t0).toBeLessThan(1500);
    expect(result).toEqual([]);
    expect(warnings).toHaveLength(4);
    expect(warnings[3].detail).toBe('999997 more element(s) of 1000000 left out');
    expect(listened).toBe(2000);
  });

  it('the id: its value, or UPSTREAM_FAILED naming record.field', () => {
    expect(r().id('id')).toBe('7');
    expect(r().id('id', int)).toBe(7);
    let err: unknown;
    try {
      r().id('uuid');
    } catch (e) {
      err = e;
    }
    expect(isApiError(err) && err.code).toBe('UPSTREAM_FAILED');
    expect(String((err as Error).message)).toMatch(/demo: .*missing artist\.uuid/);
    expect(() => recordReader([], { platform: 'demo', record: 'artist' })).toThrow(/missing artist object/);
  });

  it('child readers report nested fields as record.child.field', () => {
    const { result, warnings } = captureWarnings(() => {
      const n = r().child('nested');
      const gone = r().child('owner');
      return [n.str('title'), gone.str('login')];
    });
    expect(result).toEqual(['T', null]);
    expect(warnings.map((w) => w.field)).toEqual(['artist.owner', 'artist.owner.login']);
  });
});

describe('HTML readers', () => {
  const $ = cheerio.load(`<head><meta property="og:title" content=" Page "><meta name="description" content=""></head>
    <body><div class="row"><h1>  Hello
      world </h1><img class="avatar" src="/a.png"><p class="empty"> </p></div></body>`);
  it('text collapses whitespace; attr and meta trim and treat blank as absent; absUrl resolves http(s) only', () => {
    expect(text($('h1'))).toBe('Hello world');
    expect(text($('h2'))).toBeNull();
    expect(collapse(' a \n b ')).toBe('a b');
    expect(attr($('img'), 'src')).toBe('/a.png');
    expect(meta($, 'og:title')).toBe('Page');
    expect(meta($, 'description', 'og:title')).toBe('Page');
    expect(absUrl('/a.png', 'https://x.test')).toBe('https://x.test/a.png');
    expect(absUrl('javascript:alert(1)', 'https://x.test')).toBeNull();
  });
  it('htmlReader warns when the element is missing, not when it is present and empty', () => {
    const row = $('div.row');
    const { result, warnings } = captureWarnings(() => {
      const h = htmlReader($, { platform: 'demo', record: 'row' });
      return [
        h.text('title', row, 'h1'),
        h.text('bio', row, 'p.empty'),
        h.attr('avatar', row, 'img.avatar', 'data-src', 'src'),
        h.attr('banner', row, 'img.banner', 'src'),
        h.meta('site', 'og:site_name'),
      ];
    });
    expect(result).toEqual(['Hello world', null, '/a.png', null, null]);
    expect(warnings.map((w) => w.field)).toEqual(['row.banner', 'row.site']);
  });
});

describe('nextLinkParam (an HTTP Link header)', () => {
  it('the rel="next" URL\'s parameter; undefined without a next link; null when its URL has none or is unreadable', () => {
    const mastodon =
      '<https://x.example/api/v1/accounts/1/statuses?max_id=42>; rel="next", <https://x.example/api/v1/accounts/1/statuses?min_id=50>; rel="prev"';
    expect(nextLinkParam(mastodon, 'max_id')).toBe('42');
    const github =
      '<https://api.github.com/user/7/repos?page=1>; rel="prev first", <https://api.github.com/user/7/repos?page=3>; rel="next"';
    expect(nextLinkParam(github, 'page')).toBe('3');
    expect(nextLinkParam('<https://x.example/?page=2>; rel="prev next"', 'page')).toBe('2');
    expect(nextLinkParam('<https://x.example/?min_id=50>; rel="prev"', 'max_id')).toBeUndefined();
    expect(nextLinkParam(undefined, 'page')).toBeUndefined();
    expect(nextLinkParam('<https://x.example/?per_page=100>; rel="next"', 'page')).toBeNull();
    expect(nextLinkParam('<not a url>; rel="next"', 'page')).toBeNull();
    // What the one-pass reader keeps of the regex it replaced: a `<` inside the URL, a link whose
    // rel does not follow its `>`, spaces around the `;`.
    expect(nextLinkParam('<<https://x.example/?page=9>; rel="next"', 'page')).toBeNull();
    expect(nextLinkParam('<https://x.example/?page=1> junk, <https://x.example/?page=4>  ;  rel=next', 'page')).toBe('4');
    expect(nextLinkParam('<https://x.example/?page=1>; title="x", <https://x.example/?page=5>; rel="next"', 'page')).toBe('5');
  });

  it('linear in the header: 1 MB of `<`, of `<x>`, of `<x>;`, each well under a second (16 KB of `<` took ~0.5 s, 64 KB 4 s)', () => {
    for (const header of [
      '<'.repeat(1 << 20),
      '<x>'.repeat(350_000),
      '<x>;'.repeat(260_000),
      `${'<'.repeat(1 << 19)}>${' '.repeat(1 << 19)}`,
    ]) {
      const started = cpuMs();
      expect(nextLinkParam(header, 'page')).toBeUndefined();
      expect(cpuMs() - started).toBeLessThan(500);
    }
  });
});

describe('signedOut', () => {
  it('sets the named members to their signed-out values (a fresh object each time), leaves out `undefined` ones, keeps false / null as sent and the rest unchanged', () => {
    const values = { followed: false, token: undefined, mutual: () => ({ count: 0, edges: [] }), level: null };
    const given = { id: 'a', followed: true, token: 'viewer-1', mutual: { count: 1, edges: ['x'] }, level: 3, kept: { a: 1 } };
    const a = signedOut(given, values);
    expect(a).toEqual({ id: 'a', followed: false, mutual: { count: 0, edges: [] }, level: null, kept: { a: 1 } });
    expect(Object.keys(a)).toEqual(['id', 'followed', 'mutual', 'level', 'kept']);
    expect(signedOut(given, values).mutual).not.toBe(a.mutual);
    expect(signedOut({ followed: null, token: null }, values)).toEqual({ followed: null, token: null });
    expect(given.followed).toBe(true);
  });
});

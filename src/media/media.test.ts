/**
 * The media store, its settings and URL helpers (serving over HTTP: test/e2e/microblog-a.test.ts).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_MAX_BYTES, mediaConfig, parsePublicBaseUrl } from './config.js';
import { absoluteMediaUrl, requestBaseUrl } from './public-url.js';
import { parseRange } from './serve.js';
import { createFileMediaStore, mediaStoreFor, storableType, typeOfId } from './store.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'cl-media-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('file media store', () => {
  it('content-addressed: same bytes and type → same id, one file; the bytes read back', async () => {
    const dir = tempDir();
    const store = createFileMediaStore(join(dir, 'media'));
    const a = await store.put(Buffer.from('video bytes'), 'video/mp4');
    const b = await store.put(Buffer.from('video bytes'), 'Video/MP4; codecs="avc1"');
    expect(a).toEqual({ id: `${sha('video bytes')}.mp4`, url: `/media/${sha('video bytes')}.mp4` });
    expect(b).toEqual(a);
    expect(readdirSync(join(dir, 'media'))).toEqual([a.id]);
    expect(readFileSync(join(dir, 'media', a.id), 'utf8')).toBe('video bytes');
    const file = (await store.open(a.id))!;
    expect(file).toMatchObject({ id: a.id, contentType: 'video/mp4', size: 11 });
    expect(await text(file.read())).toBe('video bytes');
    expect(await text(file.read({ start: 6, end: 10 }))).toBe('bytes');
  });

  it('concurrent puts of the same bytes leave one complete file and no temporaries', async () => {
    const dir = tempDir();
    const store = createFileMediaStore(dir);
    const bytes = Buffer.alloc(200_000, 3);
    const ids = await Promise.all(Array.from({ length: 8 }, () => store.put(bytes, 'image/png')));
    expect(new Set(ids.map((i) => i.id)).size).toBe(1);
    expect(readdirSync(dir)).toEqual([ids[0].id]);
  });

  it('refuses types it does not store (SVG, HTML, unknown)', async () => {
    const store = createFileMediaStore(tempDir());
    for (const t of ['image/svg+xml', 'text/html', 'application/octet-stream', '']) {
      await expect(store.put(Buffer.from('x'), t)).rejects.toThrow(/not storable/);
    }
  });

  it('open: unknown, malformed and traversal ids are null without touching other paths', async () => {
    const dir = tempDir();
    const store = createFileMediaStore(join(dir, 'media'));
    const { id } = await store.put(Buffer.from('img'), 'image/jpeg');
    expect(await store.open(`${'a'.repeat(64)}.jpg`)).toBeNull();
    for (const bad of ['../media/' + id, id.toUpperCase(), `${id}/`, `${id.slice(0, -4)}.svg`, `${id.slice(0, -4)}`, '', '..', `.${id}`]) {
      expect(await store.open(bad), bad).toBeNull();
    }
  });

  it('one store per data directory', () => {
    const dataDir = tempDir();
    expect(mediaStoreFor({ dataDir })).toBe(mediaStoreFor({ dataDir }));
    expect(mediaStoreFor({ dataDir })).not.toBe(mediaStoreFor({ dataDir: tempDir() }));
  });

  it('storableType and typeOfId', () => {
    expect(storableType('image/jpg')).toBe('image/jpeg');
    expect(storableType('constructor')).toBeNull();
    expect(storableType('toString; charset=x')).toBeNull();
    expect(storableType(' IMAGE/WEBP ; q=1')).toBe('image/webp');
    expect(storableType('video/quicktime')).toBe('video/quicktime');
    expect(storableType(undefined)).toBeNull();
    expect(typeOfId(`${'0'.repeat(64)}.mov`)).toBe('video/quicktime');
    expect(typeOfId(`${'0'.repeat(64)}.txt`)).toBeNull();
  });
});

describe('parseRange', () => {
  it.each<[string | undefined, number, ReturnType<typeof parseRange>]>([
    [undefined, 100, null],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=90-500', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=9-3', 100, null],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
    ['bytes=-', 100, null],
  ])('%s of %i bytes → %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('media settings and URLs', () => {
  it('defaults, and loud failures for bad values', () => {
    expect(mediaConfig({})).toEqual({ maxBytes: DEFAULT_MEDIA_MAX_BYTES, timeoutMs: 60_000, concurrency: 4, publicBaseUrl: null });
    expect(mediaConfig({ MEDIA_CONCURRENCY: '2' }).concurrency).toBe(2);
    expect(() => mediaConfig({ MEDIA_CONCURRENCY: '0' })).toThrow(/MEDIA_CONCURRENCY/);
    expect(mediaConfig({ MEDIA_MAX_BYTES: '1024', PUBLIC_BASE_URL: 'https://api.example.com/' })).toMatchObject({
      maxBytes: 1024,
      publicBaseUrl: 'https://api.example.com',
    });
    expect(() => mediaConfig({ MEDIA_MAX_BYTES: '0' })).toThrow(/MEDIA_MAX_BYTES/);
    expect(() => mediaConfig({ MEDIA_TIMEOUT_MS: 'soon' })).toThrow(/MEDIA_TIMEOUT_MS/);
  });

  it('parsePublicBaseUrl', () => {
    expect(parsePublicBaseUrl('https://API.example.com:8443/gw//')).toBe('https://api.example.com:8443/gw');
    expect(parsePublicBaseUrl(' ')).toBeNull();
    for (const bad of ['api.example.com', 'ftp://x.example', 'https://x.example/?a=1', 'https://u:p@x.example'])
      expect(() => parsePublicBaseUrl(bad), bad).toThrow(/PUBLIC_BASE_URL/);
  });

  it('requestBaseUrl: the Host header, scheme from X-Forwarded-Proto or TLS; malformed hosts give null', () => {
    const req = (headers: Record<string, string>, encrypted = false) => ({ headers, socket: { encrypted } }) as never;
    expect(requestBaseUrl(req({ host: 'GW.example.com:8080' }))).toBe('http://gw.example.com:8080');
    expect(requestBaseUrl(req({ host: 'gw.example.com', 'x-forwarded-proto': 'https, http' }))).toBe('https://gw.example.com');
    expect(requestBaseUrl(req({ host: '[::1]:3000' }, true))).toBe('https://[::1]:3000');
    expect(requestBaseUrl(req({ host: '127.0.0.1:9', 'x-forwarded-proto': 'gopher' }))).toBe('http://127.0.0.1:9');
    for (const host of ['', 'evil.com/path', 'a b', 'x.com@y.com', 'x.com:port']) expect(requestBaseUrl(req({ host })), host).toBeNull();
    expect(requestBaseUrl(req({}))).toBeNull();
  });

  it('absoluteMediaUrl prefixes gateway paths only', () => {
    expect(absoluteMediaUrl('/media/a.jpg', 'https://gw.example')).toBe('https://gw.example/media/a.jpg');
    expect(absoluteMediaUrl('https://cdn.example/a.jpg', 'https://gw.example')).toBe('https://cdn.example/a.jpg');
    expect(absoluteMediaUrl('//cdn.example/a.jpg', 'https://gw.example')).toBe('//cdn.example/a.jpg');
    expect(absoluteMediaUrl('/media/a.jpg', null)).toBe('/media/a.jpg');
    expect(absoluteMediaUrl(null, 'https://gw.example')).toBeNull();
  });
});

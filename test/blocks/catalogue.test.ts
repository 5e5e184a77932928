/**
 * The block catalogue on its own (src/upstream/blocks): the real vendor captures of
 * ../shared/fixtures/blocks/cloudflare/, our own pages of the other vendors (vendor-pages.ts —
 * written by us, no capture exists), the real platform answers of ../shared/fixtures/blocks/<label>/
 * with their platform's walls, and — as the guard against false positives — every real data
 * capture of every platform in ../shared/fixtures/, which must never be taken for a block.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, hasFixtures, readFixture } from '../support/fixtures.js';
import { platforms, platformWalls, validateRegistry } from '../../src/platforms/registry.js';
import { detectBlock, isMarkup, vendorBlock } from '../../src/upstream/blocks/catalogue.js';
import type { UpstreamAnswer, WallRule } from '../../src/upstream/blocks/catalogue.js';
import { NOT_VENDOR_PAGES, OWN_VENDOR_PAGES } from './vendor-pages.js';
import { VENDOR_MARKERS } from './vendor-markers.js';
import { VENDOR_RULES } from '../../src/upstream/blocks/vendors.js';

const walls = platformWalls();

function answer(body: string | Buffer, opts: { status?: number; headers?: Record<string, string>; url?: string } = {}): UpstreamAnswer {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  return {
    status: opts.status ?? 200,
    headers: opts.headers ?? {},
    url: opts.url ?? 'https://example.com/',
    body: buf,
    text: () => buf.toString('utf8'),
  };
}

const cloudflareFiles = hasFixtures('blocks/cloudflare')
  ? readdirSync(fixturePath('blocks/cloudflare')).filter((f) => f.endsWith('.html'))
  : [];

describe.skipIf(cloudflareFiles.length === 0)('real Cloudflare captures (../shared/fixtures/blocks/cloudflare)', () => {
  it.each(cloudflareFiles)('%s is a Cloudflare page, by structure, for every platform and status', (file) => {
    const html = readFixture('blocks/cloudflare', file);
    expect(vendorBlock(html)).toMatchObject({ source: 'cloudflare' });
    for (const status of [200, 403, 429, 503]) {
      for (const p of platforms) expect(detectBlock(answer(html, { status }), walls.get(p.label))?.source).toBe('cloudflare');
    }
    // Titles and wording play no part: the page with its <title> and text removed is still one.
    const bare = html
      .replace(/<title>[\s\S]*?<\/title>/i, '<title></title>')
      .replace(/Checking your browser|Just a moment|Attention Required|Please/gi, '');
    expect(vendorBlock(bare)).toMatchObject({ source: 'cloudflare' });
  });
});

describe('our own vendor pages (test/blocks/vendor-pages.ts: no real capture of these vendors)', () => {
  it.each(OWN_VENDOR_PAGES.map((p) => [p.name, p] as const))('%s', (_name, page) => {
    expect(vendorBlock(page.body, page.headers)).toMatchObject({ source: page.vendor });
    expect(detectBlock(answer(page.body, { status: page.status, headers: page.headers }))?.source).toBe(page.vendor);
  });

  it.each(NOT_VENDOR_PAGES.map((p) => [p.name, p] as const))('not a block: %s', (_name, page) => {
    expect(vendorBlock(page.body, page.headers)).toBeNull();
  });

  // Radware Bot Manager sends a challenged client to its own host (validate.perfdrive.com/<id>/?ssa=…&ssc=<the
  // page asked>: public scrapers of yad2.co.il and njuskalo.hr, a state portal's notes): the answer that
  // ends there is its captcha, whatever its body; another host is not.
  it("an answer that ended on Radware's validate.perfdrive.com is its challenge, whatever the body", () => {
    const url =
      'https://validate.perfdrive.com/0a1b2c3d4e5f60718293a4b5c6d7e8f9/?ssa=1a2b&ssb=123&ssc=https%3A%2F%2Fwww.example.com%2F&ssi=3c4d&ssk=support%40example.com';
    for (const p of platforms)
      expect(detectBlock(answer('<html><body><div id="app"></div></body></html>', { url }), walls.get(p.label))?.source).toBe('radware');
    expect(detectBlock(answer('<html><body><p>ok</p></body></html>', { url: 'https://www.perfdrive.com/validate' }))).toBeNull();
  });

  // Kasada's 429 carries its `x-kpsdk-*` response headers whatever the body (public detectors and
  // solvers); the same headers on a 200 (`x-kpsdk-ct`, `x-kpsdk-st` after a solved challenge) are a
  // pass. Our own answers.
  it("a 429 with Kasada's x-kpsdk-* headers is Kasada's, whatever the body; those headers at 200 are not", () => {
    const headers = { 'content-type': 'text/plain', 'x-kpsdk-ct': '0a1b2c3d4e5f', 'x-kpsdk-r': '1-AAAA' };
    for (const p of platforms) expect(detectBlock(answer('', { status: 429, headers }), walls.get(p.label))?.source).toBe('kasada');
    expect(vendorBlock('', headers, 429)).toMatchObject({ source: 'kasada' });
    expect(detectBlock(answer('{"ok":true}', { status: 200, headers }))).toBeNull();
    expect(vendorBlock('', headers)).toBeNull();
    expect(detectBlock(answer('', { status: 429, headers: { 'content-type': 'text/plain' } }))).toBeNull();
  });

  it("a Cloudflare problem JSON larger than a vendor's object is not read as one", () => {
    const big = JSON.stringify({ cloudflare_error: true, error_code: 1020, posts: 'x'.repeat(20_000) });
    expect(vendorBlock(big)).toBeNull();
    expect(vendorBlock(JSON.stringify({ cloudflare_error: true, error_code: 1020 }))).toMatchObject({ source: 'cloudflare' });
    expect(vendorBlock(JSON.stringify({ cloudflare_error: 'true', error_code: '1020' }))).toBeNull();
  });

  it("a marker deep inside a large page is that page's content, not an interstitial", () => {
    const big = `<html><body>${'<p>data</p>'.repeat(30_000)}<script>window._cf_chl_opt={};</script></body></html>`;
    expect(vendorBlock(big)).toBeNull();
  });

  it('bodies that are not markup are never decoded for markup rules (media)', () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from('<form id="challenge-form">')]);
    expect(isMarkup(png)).toBe(false);
    expect(vendorBlock(png)).toBeNull();
    expect(isMarkup(Buffer.from('\uFEFF  \n<html>'))).toBe(true);
  });
});

/** Real platform answers of ../shared/fixtures/blocks/<label>/: the wall (or none) each is. */
const PLATFORM_ANSWERS: {
  label: string;
  file: string;
  status: number;
  headers?: Record<string, string>;
  url?: string;
  wall: string | null;
}[] = [
  {
    label: 'code',
    file: 'api-github-rate-limit-403-2013.json',
    status: 403,
    headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-limit': '60' },
    wall: 'rate-limit',
  },
  { label: 'code', file: 'api-github-503-nginx-html-2012.html', status: 503, headers: { 'content-type': 'application/json' }, wall: null },
  { label: 'code', file: 'api-github-repos-404-not-found-2012.json', status: 404, wall: null },
  { label: 'code', file: 'api-github-404-documentation-url-2019.json', status: 404, wall: null },
  {
    label: 'websearch',
    file: 'google-sorry-unusual-traffic-2023-10-25.html',
    status: 429,
    url: 'https://www.google.com/search?q=im+not+angry',
    wall: 'google-sorry',
  },
  {
    label: 'websearch',
    file: 'google-sorry-unusual-traffic-2023-10-25.html',
    status: 200,
    url: 'https://www.google.com/search?q=im+not+angry',
    wall: 'google-sorry',
  },
  { label: 'forum', file: 'reddit-403-forbidden-json-oauth.json', status: 403, wall: 'forbidden' },
  { label: 'social-b', file: 'web-profile-info-401-require-login.json', status: 401, wall: 'login-wall' },
  { label: 'social-b', file: 'rate-limit-please-wait-require-login.json', status: 401, wall: 'login-wall' },
  { label: 'video', file: 'www-youtube-com-404-google-error-page-2026.html', status: 404, wall: null },
  { label: 'video', file: 'youtubei-resolve-url-404-2026.json', status: 404, wall: null },
];

describe.skipIf(!hasFixtures('blocks/code'))(
  "real platform answers (../shared/fixtures/blocks/<label>) against their platform's walls",
  () => {
    it.each(PLATFORM_ANSWERS.map((a) => [`${a.label}/${a.file} (HTTP ${a.status})`, a] as const))('%s', (_name, a) => {
      const got = detectBlock(
        answer(readFixture(`blocks/${a.label}`, a.file), { status: a.status, headers: a.headers, url: a.url }),
        walls.get(a.label),
      );
      expect(got?.source ?? null).toBe(a.wall);
    });
  },
);

/**
 * Captures kept beside a platform's data that are walls, as their SOURCES.md says ("a negative /
 * edge-case fixture"): tested as the wall they are, not as data.
 */
const WALL_CAPTURES = new Map([
  [
    'websearch/google-consent-interstitial-ru-2022.html',
    { status: 200, url: 'https://www.google.com/search?q=x&gl=DE', wall: 'consent-in-place' },
  ],
]);

describe.skipIf(!hasFixtures('websearch'))('walls kept among the data captures', () => {
  it.each([...WALL_CAPTURES].map(([k, v]) => [k, v] as const))('%s is its wall', (path, w) => {
    const [label, file] = path.split('/');
    expect(detectBlock(answer(readFileSync(fixturePath(label, file)), { status: w.status, url: w.url }), walls.get(label))?.source).toBe(
      w.wall,
    );
  });
});

/** Every real data capture of every platform (../shared/fixtures/<label>/ and its folders, blocks/ and walls aside). */
function dataCaptures(): { label: string; file: string }[] {
  const out: { label: string; file: string }[] = [];
  let labels: string[] = [];
  try {
    labels = readdirSync(fixturePath('')).filter((l) => l !== 'blocks' && hasFixtures(l));
  } catch {
    return out;
  }
  for (const label of labels) {
    const files = readdirSync(fixturePath(label), { recursive: true, withFileTypes: true });
    for (const f of files) {
      if (!f.isFile()) continue;
      const file = relative(fixturePath(label), join(f.parentPath, f.name));
      if (f.name !== 'SOURCES.md' && !WALL_CAPTURES.has(`${label}/${file}`)) out.push({ label, file });
    }
  }
  return out;
}
const captures = dataCaptures();

/** The hosts a platform's answers come from (a `*.` host as one of its names; `*` alone: none). */
function hostsOf(label: string): string[] {
  const hosts = platforms.find((p) => p.label === label)?.hosts ?? [];
  return hosts.filter((h) => h !== '*').map((h) => h.replace(/^\*\./, 'creator.'));
}

/** Headers vendors put on answers they let through: the answer stays data. */
const PASS_HEADERS: Record<string, string> = {
  server: 'cloudflare',
  'cf-ray': '8a1b2c3d4e5f6091-FRA',
  'cf-cache-status': 'DYNAMIC',
  'x-datadome': 'protected',
  'x-datadome-cid': 'AHrlqAAAAAMA',
  'x-kpsdk-ct': '0a1b2c3d4e5f',
  'x-kpsdk-st': '1718000000000',
  'x-iinfo': '9-12345678-0 NNNN RT(1718000000000 42)',
  'x-cdn': 'Imperva',
  'x-served-by': 'cache-fra-eddf8230101-FRA',
  'x-vercel-id': 'fra1::abcde-1718000000000-0a1b2c3d',
  'x-sucuri-id': '11005',
};

/** What a creator may write in a bio: vendors' wording and markers, as text. */
const BIOS = [
  'Pardon Our Interruption — my podcast. As you were browsing something about your browser made us think you were a bot.',
  'Access Denied (Reference #18.6f3c1402.1718000000.2b8d26b6) is my band; errors.edgesuite.net is our zine',
  'Just a moment... | Client Challenge | Attention Required! | Cloudflare | Sorry, you have been blocked',
  'error code: 1020 — cloudflare_error: true, error_code 1015, Ray ID: 8a1b2c3d4e5f6091',
  'Please enable JS and disable any ad blocker. Press & Hold to confirm you are a human',
  'Access denied by Imunify360 bot-protection. IPs used for automation should be whitelisted',
  'Request unsuccessful. Incapsula incident ID: 1234000340069873216 /_Incapsula_Resource?SWUDNSAI=31',
  'I write about x-px-blocked: 1, var name = _pxCaptcha, window.reeseSkipExpirationCheck = true and /_fs-ch-1T1wmsGaOgGaSxcX/script.js',
  '<noscript><title>bio</title></noscript> <meta name="robots" content="noindex, nofollow"> geo.captcha-delivery.com',
];

const escapeHtml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The capture with a creator's bio put where a page carries its user's text, early enough to be
 * read: for a page, a description meta, a JSON script (the app's state) and a paragraph; for
 * JSON, a first member (of the object, or of the first object of the list).
 */
function withBio(body: Buffer, bio: string): Buffer {
  const text = body.toString('utf8');
  if (isMarkup(body)) {
    const state = JSON.stringify({ user: { biography: bio } }).replace(/<\//g, '<\\/');
    const head = `<meta name="description" content="${escapeHtml(bio)}"><script type="application/json" id="state">${state}</script>`;
    const withHead = /<head\b[^>]*>/i.test(text) ? text.replace(/<head\b[^>]*>/i, (m) => m + head) : head + text;
    return Buffer.from(
      /<body\b[^>]*>/i.test(withHead) ? withHead.replace(/<body\b[^>]*>/i, (m) => `${m}<p>${escapeHtml(bio)}</p>`) : withHead,
    );
  }
  try {
    const v: unknown = JSON.parse(text);
    const add = (o: unknown) => (typeof o === 'object' && o !== null && !Array.isArray(o) ? { biography: bio, ...o } : o);
    return Buffer.from(JSON.stringify(Array.isArray(v) ? [add(v[0]), ...v.slice(1)] : add(v)));
  } catch {
    return Buffer.from(`${bio}\n${text}`);
  }
}

const contentType = (file: string) => (file.endsWith('.json') ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8');

describe.skipIf(captures.length === 0)('real data captures are never blocks (false-positive guard)', () => {
  it.each(captures.map((c) => [`${c.label}/${c.file}`, c] as const))('%s', (_name, c) => {
    const body = readFileSync(fixturePath(c.label, c.file));
    expect(vendorBlock(body)).toBeNull();
    // With every platform's walls: a real answer at 200 from its own host is data.
    const all: WallRule[] = [...walls.values()].flat();
    expect(detectBlock(answer(body, { url: `https://www.${c.label}.example/` }), all)).toBeNull();
    // From its platform's own hosts, with its content type and the headers vendors put on the
    // answers they let through, through its platform's walls.
    const headers = { 'content-type': contentType(c.file), ...PASS_HEADERS };
    expect(vendorBlock(body, headers, 200)).toBeNull();
    for (const host of hostsOf(c.label))
      expect(detectBlock(answer(body, { headers, url: `https://${host}/` }), walls.get(c.label)), host).toBeNull();
  });

  // "A creator whose bio says 'Pardon our interruption' or 'Access denied' must still be data":
  // every capture with each bio (vendors' wording and markers as a creator's text) put in it.
  it.each(captures.map((c) => [`${c.label}/${c.file}`, c] as const))('%s with vendor wording in a bio', (_name, c) => {
    const body = readFileSync(fixturePath(c.label, c.file));
    const headers = { 'content-type': contentType(c.file) };
    const host = hostsOf(c.label)[0] ?? `www.${c.label}.example`;
    for (const bio of BIOS) {
      const page = withBio(body, bio);
      expect(vendorBlock(page, headers, 200), bio).toBeNull();
      expect(detectBlock(answer(page, { headers, url: `https://${host}/` }), walls.get(c.label)), bio).toBeNull();
    }
  });
});

/**
 * A page's JSON state holding every vendor marker (test/blocks/vendor-markers.ts) as a creator's
 * text: all of them quoted in one bio, each as a member of its own and each as an item of a list
 * (a string that begins with the marker), and the wording of BIOS. `</` escaped as every site
 * escapes it in a script.
 */
const MARKER_STATE = JSON.stringify({
  user: {
    biography: `I collect bot walls: ${VENDOR_MARKERS.map((m) => m.fragment).join(' ')}`,
    ...Object.fromEntries(VENDOR_MARKERS.map((m, i) => [`quote${i}`, m.fragment])),
    quotes: VENDOR_MARKERS.map((m) => m.fragment),
    notes: BIOS,
  },
}).replace(/<\//g, '<\\/');

/** Where a page keeps its state: a JSON script, an assignment in a script, a JSON string pushed by a script (Next.js's flight data). */
const STATE_PLACEMENTS: [string, string][] = [
  ['a JSON script', `<script type="application/json" id="__NEXT_DATA__">${MARKER_STATE}</script>`],
  ['a script assigning it', `<script>window.__INITIAL_STATE__ = ${MARKER_STATE};</script>`],
  ['a string a script pushes', `<script>(self.__next_f=self.__next_f||[]).push([1,${JSON.stringify(MARKER_STATE)}])</script>`],
];

function withState(text: string, state: string): string {
  return /<head\b[^>]*>/i.test(text) ? text.replace(/<head\b[^>]*>/i, (m) => m + state) : state + text;
}

const markupCaptures = captures.filter((c) => isMarkup(readFileSync(fixturePath(c.label, c.file))));

describe("vendor markers quoted in a page's JSON state are data, not blocks", () => {
  it.each(VENDOR_MARKERS.map((m) => [`${m.vendor}: ${m.name}`, m] as const))(
    "%s, in a page of its own, is that vendor's block",
    (_n, m) => {
      expect(vendorBlock(`<!DOCTYPE html><html><head></head><body>${m.fragment}</body></html>`)?.source).toBe(m.vendor);
    },
  );

  it('every vendor with markup or script signatures has a marker', () => {
    const vendors = new Set(VENDOR_RULES.filter((r) => r.signatures.some((s) => s.markup || s.script)).map((r) => r.vendor));
    expect([...vendors].filter((v) => !VENDOR_MARKERS.some((m) => m.vendor === v))).toEqual([]);
  });

  it.each(STATE_PLACEMENTS)('the markers in %s of a small page', (_n, state) => {
    expect(
      vendorBlock(`<!DOCTYPE html><html><head>${state}<title>Ada</title></head><body><main><h1>Ada</h1></main></body></html>`),
    ).toBeNull();
  });

  describe.skipIf(markupCaptures.length === 0)('in every real page capture', () => {
    it.each(markupCaptures.map((c) => [`${c.label}/${c.file}`, c] as const))('%s', (_name, c) => {
      const text = readFileSync(fixturePath(c.label, c.file), 'utf8');
      const headers = { 'content-type': contentType(c.file) };
      const host = hostsOf(c.label)[0] ?? `www.${c.label}.example`;
      for (const [where, state] of STATE_PLACEMENTS) {
        const page = withState(text, state);
        expect(vendorBlock(page, headers, 200), where).toBeNull();
        expect(detectBlock(answer(page, { headers, url: `https://${host}/` }), walls.get(c.label)), where).toBeNull();
      }
    });
  });
});

describe('walls in the registry', () => {
  it('are declared by platform and named as labels (validated at start-up)', () => {
    expect(() => validateRegistry()).not.toThrow();
    expect([...walls].filter(([, w]) => w.length > 0).map(([label]) => label)).toEqual(
      expect.arrayContaining(['code', 'websearch', 'video', 'social-b', 'forum']),
    );
    const bad = { label: 'x', hosts: ['x.example'], operations: [], walls: [{ name: 'Login Wall', what: 'x', test: () => false }] };
    expect(() => validateRegistry([bad])).toThrow(/not a label/);
  });
});

describe('what a wall rule is shown', () => {
  it('the answer itself: status, headers, url, body, text, markup or not, the parsed JSON (undefined when not JSON)', () => {
    const seen: unknown[] = [];
    const rule: WallRule = {
      name: 'probe',
      what: 'a probe',
      test(a) {
        seen.push([a.status, a.headers, a.url, a.body.toString(), a.text(), a.isMarkup, a.json(), a.json()]);
        return a.status === 418;
      },
    };
    const json = answer('{"documentation_url":"x"}', { status: 403, headers: { 'x-a': '1' }, url: 'https://api.example/r' });
    expect(detectBlock(json, [rule])).toBeNull();
    expect(seen[0]).toEqual([
      403,
      { 'x-a': '1' },
      'https://api.example/r',
      '{"documentation_url":"x"}',
      '{"documentation_url":"x"}',
      false,
      { documentation_url: 'x' },
      { documentation_url: 'x' },
    ]);
    expect(detectBlock(answer('  <html>hi</html>', { status: 418 }), [rule])).toEqual({ source: 'probe', what: 'a probe' });
    expect(seen[1]).toEqual([418, {}, 'https://example.com/', '  <html>hi</html>', '  <html>hi</html>', true, undefined, undefined]);
  });
});

describe('what the catalogue reads of an answer (cost)', () => {
  // Our own pages. The interstitials vendors answer at 200 are a few KB (the largest real capture,
  // ../shared/fixtures/blocks/cloudflare/, is 23 KB): of a 2xx page the first 64 KB are read.
  it("of a 2xx page the first 64 KB: a marker past them is the page's content; at another status the whole window", () => {
    const page = `<!DOCTYPE html><html><body>${'<p>data</p>'.repeat(7_000)}<div id="px-captcha"></div></body></html>`;
    expect(detectBlock(answer(page, { status: 200 }))).toBeNull();
    expect(detectBlock(answer(page, { status: 403 }))?.source).toBe('perimeterx');
    expect(vendorBlock(page)?.source).toBe('perimeterx');
    const early = `<!DOCTYPE html><html><body><div id="px-captcha"></div>${'<p>data</p>'.repeat(7_000)}</body></html>`;
    expect(detectBlock(answer(early, { status: 200 }))?.source).toBe('perimeterx');
  });

  it("a page is read through the answer's text (decoded once, for the platform too); other bodies are never decoded", () => {
    let decoded = 0;
    const counted = (body: string) => ({ ...answer(body), text: () => (decoded++, body) });
    expect(detectBlock(counted('<html><body><div id="px-captcha"></div></body></html>'))?.source).toBe('perimeterx');
    expect(decoded).toBe(1);
    expect(detectBlock(counted('{"data":[1,2,3]}'))).toBeNull();
    expect(detectBlock(answer(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])))).toBeNull();
    expect(decoded).toBe(1);
  });

  it('walls are shown the parsed JSON of an error envelope, not of a page of data (over 128 KB)', () => {
    const seen: unknown[] = [];
    const probe: WallRule = { name: 'probe', what: 'a probe', test: (a) => (seen.push(a.json()), false) };
    const data = JSON.stringify({ error: 429, posts: 'x'.repeat(200_000) });
    detectBlock(answer(data), [probe]);
    detectBlock(answer('{"message":"Too Many Requests","error":429}', { status: 429 }), [probe]);
    expect(seen).toEqual([undefined, { message: 'Too Many Requests', error: 429 }]);
  });
});

describe('docs/running.md', () => {
  it("names every vendor the block counter's `source` can be", async () => {
    const { VENDOR_RULES } = await import('../../src/upstream/blocks/vendors.js');
    const line = readFileSync(new URL('../../docs/running.md', import.meta.url), 'utf8')
      .split('\n')
      .find((l) => l.includes('`cl_upstream_blocks_total`'));
    const vendors = [...new Set(VENDOR_RULES.map((r) => r.vendor))];
    expect(vendors.filter((v) => !line?.includes(`\`${v}\``))).toEqual([]);
  });
});

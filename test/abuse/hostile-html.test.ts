/**
 * Abuse suite: one hostile upstream HTML answer (an outside sweep) used to crash or freeze the
 * whole gateway — 8 MB of flat rows or bare `<a>` ran its heap out, 200 KB of nested `<div>` froze
 * it for 40 s (parse5 is quadratic in nesting), and any website a creator links could send that.
 * Now the page is refused before parse5 reads it (src/parse/load-html.ts): a REST operation
 * answers UPSTREAM_FAILED naming the page and the bound, at 0 credits, in bounded time; in a
 * creator lookup the refused page is that URL's failure (failed_website_urls, partial), never the
 * lookup's. Time bounds are generous (a shared 2-core machine); before, each took far longer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DiscoveryWeb, HTML, sitePage } from '../../src/discovery/sample-web.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { UPSTREAM_TOTAL_TIMEOUT_MS: '20000', UPSTREAM_BODY_TIMEOUT_MS: '10000' } });
});
afterAll(async () => {
  await h?.close();
});

const ROW = '<article class="Box-row"><h1 class="h3"><a href="/x">x</a></h1></article>';
const NESTED = `<html><body>${'<div>'.repeat(40_000)}</body></html>`;
const FLAT_ROWS = `<html><body>${ROW.repeat(110_000)}</body></html>`;

async function trending(body: string, language: string) {
  h.replay.reset();
  h.replay.add({ host: 'github.com', path: /^\/trending\/developers/, response: { headers: HTML, body } });
  const { key, id } = await h.key(10);
  const t0 = Date.now();
  const r = await h.rest(`/v1/code/trending/developers?language=${language}`, { key });
  return { r, ms: Date.now() - t0, balance: await h.balance(id) };
}

describe('a REST operation on a hostile page: UPSTREAM_FAILED naming page and bound, 0 credits', () => {
  it('200 KB of nested <div> (40 s of parse5 before)', async () => {
    const { r, ms, balance } = await trending(NESTED, 'nested');
    expect(r.status).toBe(502);
    expect(r.body.error).toEqual({
      code: 'UPSTREAM_FAILED',
      message:
        "code: the trending developers page was refused: elements nested deeper than 512 levels (the gateway's bound for an upstream page)",
    });
    expect(balance).toBe(10);
    expect(ms).toBeLessThan(5000);
  });

  it('8 MB of flat rows (a heap out of memory, or 19 s and a 13 MB record charged and cached before)', async () => {
    expect(FLAT_ROWS.length).toBeGreaterThan(8_000_000);
    const { r, ms, balance } = await trending(FLAT_ROWS, 'flat');
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(r.body.error.message).toMatch(/^code: the trending developers page was refused: more than 100,000 elements/);
    expect(balance).toBe(10);
    expect(ms).toBeLessThan(8000);
  });

  it('5,000 rows (within the element bound; GitHub lists 25): refused by the row bound', async () => {
    const { r, balance } = await trending(`<html><body>${ROW.repeat(5000)}</body></html>`, 'rows');
    expect(r.status).toBe(502);
    expect(r.body.error.message).toBe(
      'code: the trending developers page lists 5000 developers; GitHub lists 25 (a page of more than 100 is refused)',
    );
    expect(balance).toBe(10);
  });
});

describe('a creator lookup whose website is hostile: that page failed, the lookup partial', () => {
  const SITE = 'https://divcreatorstudio.com';
  function creator(home: string, contact?: string): void {
    const w = new DiscoveryWeb();
    w.ig.set('divcreator', {
      username: 'divcreator',
      fullName: 'Div Creator',
      bio: 'official site below',
      externalUrl: `${SITE}/`,
      bioLinks: [`${SITE}/`],
      businessEmail: 'studio@divcreatorstudio.com',
    });
    w.page(`${SITE}/`, home);
    if (contact !== undefined) w.page(`${SITE}/contact`, contact);
    h.replay.reset();
    for (const r of w.routes()) h.replay.add(r);
  }
  beforeAll(() => {
    process.env.DISCOVERY_WEBSEARCH = 'off';
  });
  afterEach(() => {
    h.replay.reset();
  });
  afterAll(() => {
    delete process.env.DISCOVERY_WEBSEARCH;
  });

  it('the declared page is 200 KB of nested <div> (40 s of frozen gateway before): listed failed, the lookup answers', async () => {
    creator(NESTED);
    const { key } = await h.key(10);
    const t0 = Date.now();
    const r = await h.rest('/v1/find-social-profiles?platform=social-b&handle=divcreator', { key });
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, partial: true, failed_website_urls: [`${SITE}/`], credits_charged: 10 });
    expect(r.body.profiles.map((p: { platform: string }) => p.platform)).toEqual(['social-b']);
  });

  it('the declared page reads, its contact page is 400 KB of <a> (133,000 elements): only that page failed, the rest found', async () => {
    creator(sitePage('Div Creator', '<p>Booking: hello@divcreatorstudio.com</p><a href="/contact">Contact</a>'), '<a>'.repeat(133_000));
    const { key } = await h.key(10);
    const t0 = Date.now();
    const r = await h.rest('/v1/find-creator-emails?platform=social-b&handle=divcreator', { key });
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, partial: true, failed_website_urls: [`${SITE}/contact`], credits_charged: 10 });
    expect(r.body.emails.map((e: { email: string }) => e.email)).toContain('hello@divcreatorstudio.com');
  });

  it('its contact page is 99,000 sibling <p> (290 KB, within every bound; the lookup took 57 s, the gateway frozen, before): read, the lookup answers at once', async () => {
    creator(sitePage('Div Creator', '<p>Booking: hello@divcreatorstudio.com</p><a href="/contact">Contact</a>'), '<p>'.repeat(99_000));
    const { key } = await h.key(10);
    const t0 = Date.now();
    const r = await h.rest('/v1/find-creator-emails?platform=social-b&handle=divcreator', { key });
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, failed_website_urls: [], credits_charged: 10 });
    expect(r.body.emails.map((e: { email: string }) => e.email)).toContain('hello@divcreatorstudio.com');
  });
});

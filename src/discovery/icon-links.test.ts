/**
 * Social icons — links with no words of their own (session 40: an outside web's link page set its
 * TikTok icon beside "Managed by …" in its header; the header's words were read as the icon's, and her
 * own TikTok was taken for her manager's). Pages hand-written here from link pages' public shapes
 * (an `<a>` with only an `<svg>`, an `<img alt>`, an icon font with a `title`), both ways: an icon set
 * apart by a separator is named by its icon; words that run up to an icon ("Photos by Lena [icon]",
 * "My manager: [icon]") still speak of it. The lookup fails before icon-links.ts.
 */
import { describe, expect, it } from 'vitest';
import { anchorContexts } from './text.js';
import { DiscoveryWeb } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';

const PAGE = 'https://bio.link/kaiknits';
const ctx = (body: string) => Object.fromEntries(anchorContexts(`<html><body><main>${body}</main></body></html>`, PAGE));
const TT = 'https://www.tiktok.com/@kai.knits.tt';

describe('anchorContexts of an icon link', () => {
  it('named by its icon (alt, aria-label inside, svg title), else its site; not by the words a separator sets apart', () => {
    expect(ctx(`<p>Managed by Nord · <a href="${TT}"><img src="/i/tt.svg" alt="TikTok"></a></p>`)[TT]).toBe('TikTok');
    expect(ctx(`<p>Managed by Nord | <a href="${TT}"><svg aria-label="TikTok icon"><path d="M0"/></svg></a></p>`)[TT]).toBe('TikTok icon');
    expect(ctx(`<li>booking via Nord • <span><a href="${TT}"><svg><title>TikTok</title><path d="M0"/></svg></a></span></li>`)[TT]).toBe(
      'TikTok',
    );
    expect(ctx(`<div>Kai · <a href="${TT}"><i class="fa fa-tiktok"></i></a></div>`)[TT]).toBe('tiktok');
  });

  it('words that run up to the icon still speak of it', () => {
    const lena = 'https://www.instagram.com/lena.shoots/';
    expect(ctx(`<p>Photos by Lena Berg <a href="${lena}"><svg><path d="M0"/></svg></a></p>`)[lena]).toBe('instagram Photos by Lena Berg');
    expect(ctx(`<p>My manager: <a href="${lena}"><img src="/ig.png" alt=""></a></p>`)[lena]).toBe('instagram My manager:');
    // A link with words keeps its block's words as before.
    expect(ctx(`<p>Managed by Nord · <a href="${TT}">TikTok</a></p>`)[TT]).toBe('TikTok Managed by Nord · TikTok');
  });
});

describe('lookups', { timeout: 120_000 }, () => {
  it('her TikTok icon beside "Managed by …" on her link page is hers; a photographer’s icon after a credit is not', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('kai.knits', { username: 'kai.knits', fullName: 'Kai Moreno', bio: 'knitting', externalUrl: PAGE, bioLinks: [] });
    w.tiktok.set('kai.knits.tt', { handle: 'kai.knits.tt', nickname: 'Kai', signature: 'yarn' });
    w.ig.set('lena.shoots', { username: 'lena.shoots', fullName: 'Lena Berg', bio: 'photographer', externalUrl: null, bioLinks: [] });
    w.page(
      PAGE,
      `<html><head><title>Kai</title></head><body><main><h1>Kai</h1>
      <p>Managed by Nord · <a href="${TT}"><img src="/i/tt.svg" alt=""></a></p>
      <p>Photos by Lena Berg <a href="https://www.instagram.com/lena.shoots/"><svg><path d="M0"/></svg></a></p></main></body></html>`,
    );
    const { byHandle } = await discover(w, 'social-b', 'kai.knits');
    expect(byHandle('kai.knits.tt')?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('lena.shoots')?.confidence ?? 0).toBeLessThan(0.5);
  });
});

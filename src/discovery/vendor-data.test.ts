/**
 * Links and addresses only a link-page vendor's own page state holds, and fediverse accounts written
 * as a handle (session 40: an outside web lost a Taplink page's links and address, a store page's
 * socials, and a Mastodon account a Next.js site and a bio named). No capture of those pages exists:
 * every page here is hand-written for these tests from the vendors' public page shapes — Taplink's
 * `window.data = {…}`, a store's `window.__INITIAL_STATE__` (as JSON and as `JSON.parse('…')`), Nuxt 2's
 * `window.__NUXT__ = (function (a, b) { return {…} }(…))` with `\u002F` for `/` — with look-alikes
 * that must read nothing (a tag manager's array, a Twitter card setting, a generic name/value pair, a
 * mailbox written after an `@`). Each "must find" case fails before vendor-data.ts / fediverse.ts.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb } from './sample-web.js';
import { scriptLinks } from './script-links.js';
import { assignedStates, handleLinkOf } from './vendor-data.js';
import { fediverseAccounts } from './fediverse.js';
import { mentionedAccounts } from './text.js';
import { discover } from '../../test/support/discovery-context.js';

const TAPLINK = 'https://taplink.cc/kaiknits';
const page = (script: string, body = '<div id="app"></div>') =>
  `<!DOCTYPE html><html><head><title>Kai Moreno</title></head><body>${body}<script>${script}</script></body></html>`;

const taplinkData = (blocks: unknown[]) =>
  `window.data = ${JSON.stringify({ account: { nickname: 'kaiknits' }, page: { page_id: 9134, blocks } })};\nwindow.i18n = {"lang":"en"};`;

describe('assignedStates: what a script assigns to a global', () => {
  it('a JSON literal, JSON.parse of a string, a JavaScript literal and a function’s return value', () => {
    expect(assignedStates('window.data = {"a":{"url":"https://x.test/1"}}; init();')).toEqual([{ a: { url: 'https://x.test/1' } }]);
    expect(
      assignedStates(`window.__INITIAL_STATE__ = JSON.parse('{"store":{"socials":[{"url":"https:\\\\/\\\\/www.tiktok.com\\\\/@kai"}]}}');`),
    ).toEqual([{ store: { socials: [{ url: 'https://www.tiktok.com/@kai' }] } }]);
    expect(assignedStates(`var state = {links: [{title: 'YouTube', url: "https:\\u002F\\u002Fwww.youtube.com\\u002F@kai"}]};`)).toEqual([
      { title: 'YouTube', url: 'https://www.youtube.com/@kai' },
    ]);
    expect(
      assignedStates(
        `window.__NUXT__=(function(a,b){return {data:[{store:{socials:[{type:"instagram",url:"https:\\u002F\\u002Finstagram.com\\u002Fkai.knits"},{type:b,url:a}]}}]}}("x","y"));`,
      ),
    ).toEqual([{ type: 'instagram', url: 'https://instagram.com/kai.knits' }]);
  });

  it('look-alikes hold nothing: an array pushed to, a function, a string, an unclosed literal read only by its whole objects', () => {
    expect(assignedStates('window.dataLayer = window.dataLayer || []; dataLayer.push({event: "x"});')).toEqual([]);
    expect(assignedStates('var sentryDsn = "https://0123@o1.ingest.sentry.io/1";')).toEqual([]);
    expect(assignedStates('window.onload = function () { start(); };')).toEqual([]);
    expect(assignedStates('const cfg = {"a": "b", "c": {"d": ')).toEqual([]);
  });
});

describe('scriptLinks reads vendor state, network + handle pairs and fediverse handles', () => {
  it('Taplink: a link block’s URL with its title; a socials block’s network and bare handle', () => {
    const html = page(
      taplinkData([
        { block_type: 'link', options: { title: 'My TikTok', link: { type: 'url', value: 'https://www.tiktok.com/@kai.knits.tt' } } },
        { block_type: 'socialnetworks', options: { items: [{ network: 'youtube', username: 'KaiKnitsTV' }] } },
        { block_type: 'text', options: { text: 'Write me: kai@kaiknits.com' } },
      ]),
    );
    expect(scriptLinks(html, TAPLINK)).toEqual([
      { url: 'https://www.tiktok.com/@kai.knits.tt', text: 'My TikTok' },
      { url: 'https://www.youtube.com/@KaiKnitsTV', text: 'youtube username' },
    ]);
  });

  it('a key that is the network with an @handle, a fediverse handle, a fediverse URL; never a setting or a pair of generic words', () => {
    const html = page(
      `window.__INITIAL_STATE__ = ${JSON.stringify({
        socials: { tiktok: '@kai.knits', mastodon: '@kai@fosstodon.org', twitter: 'summary_large_image', instagram: 'kai' },
        fedi: [{ label: 'Fediverse', href: 'https://hachyderm.io/@kaim' }],
        prefs: [
          { name: 'x', value: 'left' },
          { name: 'x', value: '@12' },
          { name: 'theme', value: 'dark' },
          { type: 'tiktok', value: 'open_in_app' },
        ],
        contact: { email: 'kai@gmail.com', mail: '@kai@gmail.com' },
      })};`,
    );
    expect(scriptLinks(html, 'https://kaiknits.com/')).toEqual([
      { url: 'https://www.tiktok.com/@kai.knits', text: 'tiktok' },
      { url: 'https://fosstodon.org/@kai', text: 'mastodon' },
      { url: 'https://hachyderm.io/@kaim', text: 'Fediverse' },
    ]);
  });

  it('handleLinkOf: the network must name a platform; a bare handle needs a handle member or its @', () => {
    expect(handleLinkOf('kai.knits', { type: 'instagram', username: 'kai.knits' }, 'username')).toBe('https://www.instagram.com/kai.knits');
    expect(handleLinkOf('kai.knits', { type: 'bakery', username: 'kai.knits' }, 'username')).toBeNull();
    expect(handleLinkOf('kai.knits', null, 'instagram')).toBeNull();
    expect(handleLinkOf('Follow me on my channel', { type: 'youtube', value: 'Follow me on my channel' }, 'value')).toBeNull();
  });
});

describe('fediverse handles in text', () => {
  it('read as the account on its server; an address, a mailbox after an @, a platform host, no server name: none', () => {
    expect(fediverseAccounts('Mastodon: @kai@fosstodon.org · fedi → (@Mira_S@mastodon.art).')).toEqual([
      'https://fosstodon.org/@kai',
      'https://mastodon.art/@mira_s',
    ]);
    for (const t of [
      'mail: kai@fosstodon.org',
      '@kai@gmail.com',
      '@kai@tiktok.com',
      'x@kai@fosstodon.org',
      '@kai@localhost',
      '@kai@192.168.1.1',
    ])
      expect(fediverseAccounts(t), t).toEqual([]);
    expect(mentionedAccounts('knits & tea · @kai@fosstodon.org')).toEqual(['https://fosstodon.org/@kai']);
  });
});

describe('lookups', () => {
  it('a Taplink page that holds its links and address only in window.data: her TikTok and her address; a credit there is someone else’s', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('kai.knits', { username: 'kai.knits', fullName: 'Kai Moreno', bio: 'knitting', externalUrl: TAPLINK, bioLinks: [] });
    w.tiktok.set('kai.knits.tt', { handle: 'kai.knits.tt', nickname: 'Kai', signature: 'yarn' });
    w.ig.set('lena.shoots', { username: 'lena.shoots', fullName: 'Lena Berg', bio: 'photographer', externalUrl: null, bioLinks: [] });
    w.page(
      TAPLINK,
      page(
        taplinkData([
          { block_type: 'link', options: { title: 'My TikTok', link: { type: 'url', value: 'https://www.tiktok.com/@kai.knits.tt' } } },
          {
            block_type: 'link',
            options: { title: 'Photos by Lena', link: { type: 'url', value: 'https://www.instagram.com/lena.shoots/' } },
          },
          { block_type: 'text', options: { text: 'Write me: kai@kaiknits.com' } },
        ]),
      ),
    );
    const { byHandle, emails } = await discover(w, 'social-b', 'kai.knits');
    expect(byHandle('kai.knits.tt')?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('kai.knits.tt')?.evidence).toContain('link_in_bio');
    expect(byHandle('lena.shoots')?.confidence ?? 0).toBeLessThan(0.5);
    expect(emails).toEqual(['kai@kaiknits.com']);
  });

  it('a Stan Store page with its socials only in its state (network + handle): her YouTube', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('kai.knits', {
      username: 'kai.knits',
      fullName: 'Kai Moreno',
      bio: 'patterns',
      externalUrl: 'https://stan.store/kaiknits',
      bioLinks: [],
    });
    w.youtube.set('kaiknitstv', {
      handle: 'KaiKnitsTV',
      channelId: 'UCkaiknits00000000000000',
      title: 'Kai Knits',
      description: 'patterns',
      links: [],
    });
    w.page(
      'https://stan.store/kaiknits',
      page(
        `window.__INITIAL_STATE__ = JSON.parse(${JSON.stringify(
          JSON.stringify({ store: { user: { name: 'Kai Moreno', socials: [{ type: 'youtube', username: 'KaiKnitsTV' }] } } }),
        )});`,
      ),
    );
    const { byHandle } = await discover(w, 'social-b', 'kai.knits');
    expect(byHandle('kaiknitstv')?.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('a Mastodon account only a Next.js site’s socials name (URL), or only her bio (handle); an address at a server is no account', async () => {
    for (const [bio, site] of [
      ['knitting', { platform: 'mastodon', url: 'https://fosstodon.org/@kai' }],
      ['knitting · fedi: @kai@fosstodon.org', { platform: 'instagram', url: 'https://www.instagram.com/kai.knits/' }],
      ['knitting', { platform: 'mastodon', handle: '@kai@fosstodon.org' }],
    ] as const) {
      const w = new DiscoveryWeb();
      w.ig.set('kai.knits', { username: 'kai.knits', fullName: 'Kai Moreno', bio, externalUrl: 'https://kaiknits.com/', bioLinks: [] });
      w.mastodon.set('kai@fosstodon.org', {
        user: 'kai',
        instance: 'fosstodon.org',
        displayName: 'Kai Moreno',
        fields: [{ name: 'Web', url: 'https://kaiknits.com/', verified: true }],
      });
      const nd = { props: { pageProps: { site: { name: 'Kai Moreno', socials: [site] } } } };
      w.page(
        'https://kaiknits.com/',
        `<html><head><title>Kai Moreno</title></head><body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(nd)}</script></body></html>`,
      );
      const { urls, byHandle } = await discover(w, 'social-b', 'kai.knits');
      expect(urls, bio).toContain('https://fosstodon.org/@kai');
      expect(byHandle('kai@fosstodon.org')?.confidence, bio).toBeGreaterThanOrEqual(0.9);
    }
    const w = new DiscoveryWeb();
    w.ig.set('kai.knits', {
      username: 'kai.knits',
      fullName: 'Kai Moreno',
      bio: 'mail: kai@fosstodon.org',
      externalUrl: null,
      bioLinks: [],
    });
    const { urls } = await discover(w, 'social-b', 'kai.knits');
    expect(urls.filter((u) => u.includes('fosstodon'))).toEqual([]);
  });
});

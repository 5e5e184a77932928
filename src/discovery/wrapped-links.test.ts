/**
 * Links behind click-through wrappers (wrappers.ts). An outside web (session 38's held-out web, gone
 * since) lost a profile and an address to a channel description whose links were YouTube's
 * `youtube.com/redirect?event=…&redir_token=…&q=<target>`. The pages and channels here are our own,
 * written for these tests in the shapes those wrappers take; each test fails without the fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { unwrapLink, wrappedAddress } from './wrappers.js';
import { discover } from '../../test/support/discovery-context.js';

const ytRedirect = (target: string) =>
  `https://www.youtube.com/redirect?event=channel_description&redir_token=QUFFLUhqbUtestOnlyToken0&q=${encodeURIComponent(target)}&v=`;

describe('click-through wrappers', () => {
  it('known wrappers are read as their targets; anything else is left as written', () => {
    expect(unwrapLink(ytRedirect('https://kaitomori.jp/shop'))).toBe('https://kaitomori.jp/shop');
    expect(unwrapLink(`https://l.instagram.com/?u=${encodeURIComponent('https://kaitomori.jp/')}&e=AT0x`)).toBe('https://kaitomori.jp/');
    expect(unwrapLink(`https://l.facebook.com/l.php?u=${encodeURIComponent('https://kaitomori.jp/')}&h=AT1`)).toBe('https://kaitomori.jp/');
    expect(unwrapLink(`https://www.google.com/url?q=${encodeURIComponent('https://x.com/kaitoruns')}&sa=D&source=docs`)).toBe(
      'https://x.com/kaitoruns',
    );
    expect(unwrapLink(`https://www.google.co.jp/url?sa=t&url=${encodeURIComponent('https://kaitomori.jp/')}`)).toBe(
      'https://kaitomori.jp/',
    );
    expect(unwrapLink(`https://www.linkedin.com/safety/go?url=${encodeURIComponent('https://github.com/kaitomori')}&trk=flagship`)).toBe(
      'https://github.com/kaitomori',
    );
    // Layers: a Google result of a YouTube redirect.
    expect(unwrapLink(`https://www.google.com/url?q=${encodeURIComponent(ytRedirect('https://kaitomori.jp/'))}`)).toBe(
      'https://kaitomori.jp/',
    );
    // Not wrappers: a search page, another site's `?url=`, a t.co link (its expanded_url is the reader's), a redirect with no target.
    for (const url of [
      'https://www.google.com/search?q=kaito+mori',
      `https://kaitomori.jp/go?url=${encodeURIComponent('https://x.com/someone')}`,
      'https://t.co/AbCdEf1234',
      'https://www.youtube.com/redirect?event=channel_description',
      `https://www.google.com/url?q=${encodeURIComponent('javascript:alert(1)')}`,
    ])
      expect(unwrapLink(url)).toBe(url);
    expect(wrappedAddress(ytRedirect('mailto:kaito@kaitomori.jp'))).toBe('kaito@kaitomori.jp');
    expect(wrappedAddress(`https://kaitomori.jp/go?q=${encodeURIComponent('mailto:a@b.jp')}`)).toBeNull();
  });

  it('a channel description’s redirect links: the website is crawled and its address found, the account and address it wraps are hers', async () => {
    const w = new DiscoveryWeb();
    w.youtube.set('kaitoruns', {
      handle: 'KaitoRuns',
      channelId: 'UCkaito000000000000000000',
      title: 'Kaito Mori',
      description: [
        'Trail running in the Japanese Alps.',
        `Shop & races: ${ytRedirect('https://kaitomori.jp/')}`,
        `Training log: ${ytRedirect('https://www.strava-like.example/')}`,
        `Business: ${ytRedirect('mailto:business@kaitomori.jp')}`,
      ].join('\n'),
      links: [],
    });
    w.page(
      'https://kaitomori.jp/',
      sitePage('Kaito Mori — trail runner', '<p>Races, coaching, gear.</p><p>Contact: hello@kaitomori.jp</p>'),
    );
    const { out, emails } = await discover(w, 'video', 'kaitoruns');
    expect(out.diagnostics.expanded_website_urls).toContain('https://kaitomori.jp/');
    expect(emails).toEqual(expect.arrayContaining(['hello@kaitomori.jp', 'business@kaitomori.jp']));
    expect(out.emails.find((e) => e.email === 'hello@kaitomori.jp')?.sources).toEqual([{ url: 'https://kaitomori.jp/', type: 'website' }]);
  });

  it('a link page and a website whose links were pasted through Google and LinkedIn wrappers', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('noor.pottery', {
      username: 'noor.pottery',
      fullName: 'Noor Haddad',
      bio: 'wheel-thrown stoneware',
      externalUrl: 'https://linktr.ee/noorpottery',
      bioLinks: [],
    });
    w.linktree.set('noorpottery', {
      username: 'noorpottery',
      description: 'Noor',
      links: [
        {
          title: 'Studio',
          url: `https://www.google.com/url?q=${encodeURIComponent('https://noorhaddad.studio/')}&sa=D&source=editors&ust=1700000000000000`,
        },
      ],
    });
    w.page(
      'https://noorhaddad.studio/',
      sitePage(
        'Noor Haddad Ceramics',
        `<p>Stoneware from Amman.</p><ul><li><a href="https://www.linkedin.com/safety/go?url=${encodeURIComponent('https://www.tiktok.com/@noorhaddad.clay')}&amp;trk=flagship-messaging-web">TikTok</a></li></ul><p>studio@noorhaddad.studio</p>`,
      ),
    );
    w.tiktok.set('noorhaddad.clay', {
      handle: 'noorhaddad.clay',
      nickname: 'Noor Haddad',
      signature: 'clay',
      bioLink: 'https://noorhaddad.studio/',
    });
    const { out, byHandle, emails } = await discover(w, 'social-b', 'noor.pottery');
    expect(out.diagnostics.expanded_website_urls).toContain('https://noorhaddad.studio/');
    expect(emails).toContain('studio@noorhaddad.studio');
    expect(byHandle('noorhaddad.clay')?.confidence).toBeGreaterThanOrEqual(0.9);
  });
});

/**
 * A page that presents many people's accounts (an agency's talent grid, a press list of creators
 * to follow) is nobody's own site: the accounts it lists are not the creator's by it, and other
 * people declaring the same page share nothing with her (verification.ts crowdOf). Pages written
 * here (own names, handles, markup), in two layouts no word of which says "roster".
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';
import { cpuMs } from '../../test/support/cpu-time.js';
import { crowdOf } from './verification.js';

const IG = (h: string) => `https://www.instagram.com/${h}/`;
const TT = (h: string) => `https://www.tiktok.com/@${h}`;
const YT = (h: string) => `https://www.youtube.com/@${h}`;
const X = (h: string) => `https://x.com/${h}`;

describe('a page of many people', () => {
  it('a talent grid the creator links (names as links to their pages) ties none of its people to her, whoever else declares it', async () => {
    const w = new DiscoveryWeb();
    const grid = 'https://northpeakcreators.com/creators';
    const people: [string, string][] = [
      ['Ilse Brandt', 'ilsebrandt'],
      ['Marco Ruiz', 'marcoruiz'],
      ['Wen Li', 'wenliplays'],
      ['Dara Okoye', 'daraokoye'],
      ['Pia Holm', 'piaholm'],
    ];
    const cards = people
      .map(
        ([n, h]) =>
          `<div class="person"><h3><a href="https://northpeakcreators.com/creators/${h}">${n}</a></h3><ul><li><a href="${IG(h)}">IG</a></li><li><a href="${TT(h)}">TikTok</a></li><li><a href="${YT(h)}">YouTube</a></li></ul></div>`,
      )
      .join('');
    w.page(grid, sitePage('Creators — Northpeak', `<h1>Creators</h1>${cards}`));
    w.tiktok.set('ilsebrandt', { handle: 'ilsebrandt', nickname: 'Ilse ✨', signature: 'speedpaint streams', bioLink: grid });
    w.ig.set('ilsebrandt', { username: 'ilsebrandt', fullName: 'Ilse Brandt', bio: 'painter', bioLinks: [TT('ilsebrandt')] });
    for (const [n, h] of people.slice(1)) {
      w.ig.set(h, { username: h, fullName: n, bio: 'streams', externalUrl: grid });
      w.tiktok.set(h, { handle: h, nickname: n, signature: 'games', bioLink: grid });
    }
    const { out, byHandle } = await discover(w, 'shortvideo', 'ilsebrandt');
    // Her own Instagram (same handle, links her TikTok back) stays hers.
    expect(byHandle('ilsebrandt')?.confidence).toBeGreaterThanOrEqual(0.9);
    const others = out.profiles.filter((p) => p.handle !== 'ilsebrandt');
    expect(others.filter((p) => p.confidence >= 0.5)).toEqual([]);
  });

  it('a numbered list of cooks to follow, linked from her bio beside her own site, is not her site: its accounts and inbox are not hers', async () => {
    const w = new DiscoveryWeb();
    const list = 'https://platemag.co/features/cooks-worth-watching';
    const cooks = ['mira.tarte', 'ladlelarsen', 'umamiuri', 'crustandcrumb', 'pepitapots', 'wokwithwade'];
    const items = ['annika.kocht', ...cooks]
      .map((c, i) => `<h2>${i + 1}. ${c}</h2><p><a href="${IG(c)}">Instagram</a> / <a href="${TT(c.replace('.', ''))}">TikTok</a></p>`)
      .join('');
    w.page(
      list,
      sitePage(
        'Cooks worth watching — Plate',
        `<article><h1>Cooks worth watching</h1>${items}<p>Send us tips: desk@platemag.co</p></article>`,
      ),
    );
    w.x.set('annikakocht', {
      screenName: 'annikakocht',
      name: 'Annika Sørensen',
      description: `Nordic baking at home. On the list! ${list}`,
      url: 'https://annikakocht.dk',
      bioUrls: [list],
    });
    w.page(
      'https://annikakocht.dk/',
      sitePage('Annika kocht', `<p>Rye and cardamom.</p><a href="${IG('annika.kocht')}">Instagram</a><p>hej@annikakocht.dk</p>`),
    );
    w.ig.set('annika.kocht', {
      username: 'annika.kocht',
      fullName: 'Annika Sørensen',
      bio: 'rye bread',
      externalUrl: 'https://annikakocht.dk',
    });
    for (const c of cooks.slice(0, 3)) w.ig.set(c, { username: c, fullName: c, bio: 'cook', externalUrl: list });
    const { out, emails, byHandle } = await discover(w, 'microblog-b', 'annikakocht');
    expect(byHandle('annika.kocht')?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(out.profiles.filter((p) => cooks.includes(p.handle) && p.confidence >= 0.5)).toEqual([]);
    expect(emails).toContain('hej@annikakocht.dk');
    expect(emails).not.toContain('desk@platemag.co');
  });

  it('an agency page of many people given as her website field: its inbox is whom to write to, her card’s account is hers, the others are not', async () => {
    const w = new DiscoveryWeb();
    const page = 'https://tidewaterartists.net/acts/oona-vale';
    const acts: [string, string][] = [
      ['Oona Vale', 'oonavale_music'],
      ['Rafe Dunmore', 'rafedunmore'],
      ['Kitty Ashgrove', 'kittyashgrove'],
      ['Bram Okonjo', 'bramokonjo'],
      ['Selma Rask', 'selmarask'],
      ['Ivo Petrakis', 'ivopetrakis'],
    ];
    const sections = acts
      .map(
        ([n, h]) =>
          `<section><h2>${n}</h2><p><a href="${IG(h)}">Instagram</a> <a href="${YT(h)}">YouTube</a> <a href="${TT(h)}">TikTok</a></p></section>`,
      )
      .join('');
    w.page(
      page,
      sitePage(
        'Oona Vale — Tidewater Artists',
        `<h1>Tidewater Artists</h1><p>Every booking: <a href="mailto:desk@tidewaterartists.net">desk@tidewaterartists.net</a></p>${sections}`,
      ),
    );
    w.x.set('oona', { screenName: 'oona', name: 'Oona Vale', description: 'Folk singer. Bookings through my agency.', url: page });
    w.ig.set('oonavale_music', { username: 'oonavale_music', fullName: 'Oona Vale', bio: 'songs', bioLinks: [X('oona')] });
    for (const [n, h] of acts.slice(1)) w.ig.set(h, { username: h, fullName: n, bio: 'music', externalUrl: page });
    const { out, emails, byHandle } = await discover(w, 'microblog-b', 'oona');
    expect(emails).toContain('desk@tidewaterartists.net');
    expect(byHandle('oonavale_music')?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(out.profiles.filter((p) => acts.slice(1).some(([, h]) => h === p.handle) && p.confidence >= 0.5)).toEqual([]);
  });

  it('her own site with a friends list stays hers: her group is the largest on the page', () => {
    const own = [IG('tova.knits'), TT('tovaknits'), YT('TovaKnits'), X('tovaknits')];
    const friends = ['garnaugust', 'loopylena', 'purlpetra', 'woolwill'].flatMap((h) => [IG(h), TT(h)]);
    expect(crowdOf([...own, ...friends], ['tovaknits', 'tova'])).toBeNull();
    // The same friends beside one link of hers: a page of many people.
    expect(crowdOf([IG('tova.knits'), ...friends], ['tovaknits', 'tova'])).not.toBeNull();
  });

  it('is fast on a long hostile list of distinct handles', () => {
    const links = Array.from({ length: 500 }, (_, i) => (i % 2 ? IG : TT)(`h${'a'.repeat(20)}${i >> 1}`));
    const t = cpuMs();
    crowdOf(links, ['someone']);
    expect(cpuMs() - t).toBeLessThan(100);
  });
});

/**
 * Pages and accounts of a group the creator belongs to, and accounts that say they are a fan's:
 * what outside testers met returned as the creator's at 0.92–0.99 (a couple's shared link page, a
 * fan-made clip channel her site thanks, a small agency's site whose Organization JSON-LD lists its
 * talents). Every page, handle, name and bio here is our own realistic invention (no capture of a
 * real page), written in the shapes those webs had and in varied wording and languages; what is
 * asserted is structure (who a page names, whose name an account carries), never one wording.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';
import { websearchQuery } from './websearch.js';

const IG = (h: string) => `https://www.instagram.com/${h}/`;
const TT = (h: string) => `https://www.tiktok.com/@${h}`;
const YT = (h: string) => `https://www.youtube.com/@${h}`;
const FB = (h: string) => `https://www.facebook.com/${h}`;
const X = (h: string) => `https://x.com/${h}`;

type Out = Awaited<ReturnType<typeof discover>>;

/** `handles` are returned as the creator's, each at 0.9 or more. */
function hers(r: Out, handles: string[]): void {
  for (const h of handles) expect(r.byHandle(h)?.confidence ?? 0, h).toBeGreaterThanOrEqual(0.9);
}

/** `handles` are neither returned at the default threshold nor scanned for addresses. */
function notHers(r: Out, handles: string[]): void {
  for (const h of handles) {
    expect(r.byHandle(h)?.confidence ?? 0, h).toBeLessThan(0.5);
    expect(
      r.out.scan.scanned_profile_urls.some((u) => u.toLowerCase().includes(h)),
      h,
    ).toBe(false);
  }
}

describe('a link page two or more people share (a couple, co-hosts, a band)', () => {
  it('"Omar & Sara": the couple’s page links both people’s accounts, each linking the page back — Sara’s are not Omar’s; his own and the joint channel are', async () => {
    const w = new DiscoveryWeb();
    const page = 'https://linktr.ee/omarandsara';
    w.ig.set('omar.haddad', { username: 'omar.haddad', fullName: 'Omar Haddad', bio: 'two passports, one van 🚐', externalUrl: page });
    w.linktree.set('omarandsara', {
      username: 'omarandsara',
      description: 'Omar & Sara — slow travel in a 1994 van. New episode every Sunday!',
      links: [
        { title: 'Our YouTube 🎥', url: YT('OmarAndSara') },
        { title: 'Omar on Facebook', url: FB('omarhaddad.travel') },
        { title: 'Sara on Facebook', url: FB('saralind.travels') },
        { title: 'Sara · Instagram', url: IG('sara.lind') },
        { title: 'Sara · TikTok', url: TT('saralindvan') },
      ],
      email: 'hello@omarandsara.com',
    });
    w.youtube.set('omarandsara', {
      handle: 'OmarAndSara',
      channelId: 'UComarandsara00000000000',
      title: 'Omar & Sara',
      description: 'Van life, slowly.',
      links: [{ title: 'all links', url: page }],
    });
    w.facebook.set('omarhaddad.travel', { vanity: 'omarhaddad.travel', name: 'Omar Haddad', description: 'travel', links: [page] });
    w.facebook.set('saralind.travels', {
      vanity: 'saralind.travels',
      name: 'Sara Lind',
      description: 'film photos from the road',
      links: [page],
      intro: { email: 'sara.lind.photo@gmail.com' },
    });
    w.ig.set('sara.lind', {
      username: 'sara.lind',
      fullName: 'Sara Lind',
      bio: 'film photos 🎞 sara.lind.photo@gmail.com',
      externalUrl: page,
    });
    w.tiktok.set('saralindvan', { handle: 'saralindvan', nickname: 'Sara ✨', signature: 'van diaries', bioLink: page });
    const r = await discover(w, 'social-b', 'omar.haddad');
    hers(r, ['omarhaddad.travel', 'omarandsara']);
    notHers(r, ['saralind.travels', 'sara.lind', 'saralindvan']);
    expect(r.emails).toContain('hello@omarandsara.com');
    expect(r.emails).not.toContain('sara.lind.photo@gmail.com');
  });

  it('a couple’s page whose name joins no names: its buttons name whose each account is ("Lukas auf TikTok", "Mira · Instagram"), in German', async () => {
    const w = new DiscoveryWeb();
    const page = 'https://linktr.ee/zweiimbulli';
    w.tiktok.set('lukas.unterwegs', { handle: 'lukas.unterwegs', nickname: 'Lukas Brenner', signature: 'Vanlife 🇩🇪', bioLink: page });
    w.linktree.set('zweiimbulli', {
      username: 'zweiimbulli',
      description: 'Zwei im Bulli – Reisen zu zweit seit 2019',
      links: [
        { title: 'Unser YouTube-Kanal', url: YT('ZweiImBulli') },
        { title: 'Lukas · Instagram', url: IG('lukas.brenner') },
        { title: 'Mira · Instagram', url: IG('mira.kaltenbach') },
        { title: 'Mira auf TikTok', url: TT('mirakaltenbach') },
      ],
    });
    w.ig.set('lukas.brenner', { username: 'lukas.brenner', fullName: 'Lukas Brenner', bio: 'Fotos', externalUrl: page });
    w.ig.set('mira.kaltenbach', { username: 'mira.kaltenbach', fullName: 'Mira Kaltenbach', bio: 'Yoga & Kaffee', externalUrl: page });
    w.tiktok.set('mirakaltenbach', { handle: 'mirakaltenbach', nickname: 'Mira 🌻', signature: 'Yoga im Bulli', bioLink: page });
    w.youtube.set('zweiimbulli', {
      handle: 'ZweiImBulli',
      channelId: 'UCzweiimbulli00000000000',
      title: 'Zwei im Bulli',
      description: 'Lukas und Mira reisen.',
      links: [{ title: 'Links', url: page }],
    });
    const r = await discover(w, 'shortvideo', 'lukas.unterwegs');
    hers(r, ['lukas.brenner', 'zweiimbulli']);
    notHers(r, ['mira.kaltenbach', 'mirakaltenbach']);
  });

  it('a podcast’s page of two co-hosts ("Dana’s Instagram", "Priya’s Instagram"): the other host’s account is hers, not the creator’s', async () => {
    const w = new DiscoveryWeb();
    const page = 'https://linktr.ee/overstimulatedpod';
    w.x.set('danawrites', {
      screenName: 'danawrites',
      name: 'Dana Whitfield',
      description: 'books, mostly. co-host of Overstimulated',
      url: page,
    });
    w.linktree.set('overstimulatedpod', {
      username: 'overstimulatedpod',
      description: 'Two friends, too many opinions. New episodes Thursdays.',
      links: [
        { title: 'Listen on YouTube', url: YT('OverstimulatedPod') },
        { title: 'Dana’s Instagram', url: IG('dana.whitfield') },
        { title: 'Priya’s Instagram', url: IG('priyareads') },
        { title: 'Priya’s TikTok', url: TT('priyareads') },
      ],
    });
    w.ig.set('dana.whitfield', { username: 'dana.whitfield', fullName: 'Dana Whitfield', bio: 'reading in public', externalUrl: page });
    w.ig.set('priyareads', { username: 'priyareads', fullName: 'Priya Raman', bio: 'romance girlie 📚', externalUrl: page });
    w.tiktok.set('priyareads', { handle: 'priyareads', nickname: 'Priya Raman', signature: 'booktok', bioLink: page });
    const r = await discover(w, 'microblog-b', 'danawrites');
    hers(r, ['dana.whitfield']);
    notHers(r, ['priyareads']);
  });

  it('a band’s page listing its members by name ("Jonas (Schlagzeug)", "Priti — Instagram"): the drummer’s account is not the bassist’s', async () => {
    const w = new DiscoveryWeb();
    const page = 'https://linktr.ee/velvetkiln';
    w.ig.set('priti.bass', { username: 'priti.bass', fullName: 'Priti Shah', bio: 'low end 🎸', externalUrl: page });
    w.linktree.set('velvetkiln', {
      username: 'velvetkiln',
      description: 'Velvet Kiln. Neues Album „Glut“ jetzt überall.',
      links: [
        { title: 'Tour 2027', url: 'https://velvetkiln.de/tour' },
        { title: 'Band-Instagram', url: IG('velvetkiln') },
        { title: 'Priti — Instagram', url: IG('priti.bass') },
        { title: 'Jonas (Schlagzeug) — Instagram', url: IG('jonas.drums') },
        { title: 'Jonas — TikTok', url: TT('jonasdrums') },
      ],
    });
    w.ig.set('velvetkiln', { username: 'velvetkiln', fullName: 'Velvet Kiln', bio: 'band from Leipzig', externalUrl: page });
    w.ig.set('jonas.drums', { username: 'jonas.drums', fullName: 'Jonas Weber', bio: 'drums @velvetkiln', externalUrl: page });
    w.tiktok.set('jonasdrums', { handle: 'jonasdrums', nickname: 'Jonas Weber', signature: 'drum covers', bioLink: page });
    const r = await discover(w, 'social-b', 'priti.bass');
    hers(r, ['velvetkiln']);
    notHers(r, ['jonas.drums', 'jonasdrums']);
  });

  it('her own page naming her own accounts by her name ("Kenji · YouTube", "Kenji · Instagram") is no group: they stay hers', async () => {
    const w = new DiscoveryWeb();
    const page = 'https://linktr.ee/kenji.rides';
    w.tiktok.set('kenji.rides', { handle: 'kenji.rides', nickname: 'Kenji Mori', signature: 'bikes', bioLink: page });
    w.linktree.set('kenji.rides', {
      username: 'kenji.rides',
      description: 'Kenji — bikes & ramen',
      links: [
        { title: 'Kenji · YouTube', url: YT('KenjiRides') },
        { title: 'Kenji · Instagram', url: IG('kenjimori.jp') },
        { title: 'Ramen diary', url: IG('kenjiramen') },
      ],
    });
    w.youtube.set('kenjirides', {
      handle: 'KenjiRides',
      channelId: 'UCkenjirides000000000000',
      title: 'Kenji Mori',
      description: 'bikes',
      links: [{ title: 'links', url: page }],
    });
    w.ig.set('kenjimori.jp', { username: 'kenjimori.jp', fullName: 'Kenji Mori', bio: 'bikes', externalUrl: page });
    w.ig.set('kenjiramen', { username: 'kenjiramen', fullName: 'Kenji’s ramen diary', bio: 'one bowl a day', externalUrl: page });
    const r = await discover(w, 'shortvideo', 'kenji.rides');
    hers(r, ['kenjirides', 'kenjimori.jp', 'kenjiramen']);
  });
});

describe('an account that says it is a fan’s, whatever links it', () => {
  it('her site thanks fan clip channels ("Kenji Mori Clips (fan-made)", "Kenji Mori Fan Channel") that link her site back: not hers', async () => {
    const w = new DiscoveryWeb();
    const site = 'https://kenjimori.jp/';
    w.youtube.set('kenjimori', {
      handle: 'KenjiMori',
      channelId: 'UCkenjimori0000000000000',
      title: 'Kenji Mori',
      description: 'ramen, bikes, tokyo nights',
      links: [
        { title: 'site', url: site },
        { title: 'IG', url: IG('kenjimori') },
      ],
    });
    w.ig.set('kenjimori', { username: 'kenjimori', fullName: 'Kenji Mori', bio: 'tokyo', externalUrl: site });
    w.page(
      site,
      sitePage(
        'Kenji Mori',
        `<h1>Kenji Mori</h1><p>ラーメンとバイク。</p><p><a href="${IG('kenjimori')}">Instagram</a> <a href="${YT('KenjiMori')}">YouTube</a></p>` +
          `<h2>切り抜き・ファンの皆さん</h2><p>いつもありがとう! <a href="${YT('KenjiMoriClips')}">Kenji Mori Clips</a>・<a href="${TT('kenjimori.fan')}">kenjimori.fan</a></p>`,
      ),
    );
    w.youtube.set('kenjimoriclips', {
      handle: 'KenjiMoriClips',
      channelId: 'UCkenjimoriclips00000000',
      title: 'Kenji Mori Clips (fan-made)',
      description: 'best moments of the Kenji Mori streams',
      links: [
        { title: 'Kenji', url: YT('KenjiMori') },
        { title: 'site', url: site },
      ],
    });
    w.tiktok.set('kenjimori.fan', {
      handle: 'kenjimori.fan',
      nickname: 'Kenji Mori Fan Channel',
      signature: 'daily clips 🍜',
      bioLink: site,
    });
    w.search.set(websearchQuery('kenjimori', 'Kenji Mori'), [YT('KenjiMoriClips')]);
    const r = await discover(w, 'video', 'kenjimori');
    hers(r, ['kenjimori']);
    notHers(r, ['kenjimoriclips', 'kenjimori.fan']);
  });

  it('her link page links a fan account ("TikTok" → "Kenji Mori 非公式", "切り抜き") that links it back: not hers', async () => {
    const w = new DiscoveryWeb();
    const page = 'https://linktr.ee/kenjimori';
    w.ig.set('kenjimori', { username: 'kenjimori', fullName: 'Kenji Mori', bio: 'tokyo 🍜', externalUrl: page });
    w.linktree.set('kenjimori', {
      username: 'kenjimori',
      description: 'ramen & bikes',
      links: [
        { title: 'YouTube', url: YT('KenjiMori') },
        { title: 'TikTok', url: TT('kenjimori_kirinuki') },
      ],
    });
    w.youtube.set('kenjimori', {
      handle: 'KenjiMori',
      channelId: 'UCkenjimori0000000000000',
      title: 'Kenji Mori',
      description: 'ramen',
      links: [{ title: 'IG', url: IG('kenjimori') }],
    });
    w.tiktok.set('kenjimori_kirinuki', {
      handle: 'kenjimori_kirinuki',
      nickname: 'Kenji Mori 非公式',
      signature: '切り抜き毎日投稿',
      bioLink: page,
    });
    const r = await discover(w, 'social-b', 'kenjimori');
    hers(r, ['kenjimori']);
    notHers(r, ['kenjimori_kirinuki']);
  });
});

describe('a small agency’s site whose Organization JSON-LD lists its talents', () => {
  it('declared as her website: the other talents’ accounts (linking the agency back) are not hers; her channel stays', async () => {
    const w = new DiscoveryWeb();
    const agency = 'https://lumenartists.jp/';
    const talents: [string, string][] = [
      ['Aya Tanabe', 'ayatanabe'],
      ['Ren Ishii', 'ren.ishii'],
    ];
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Lumen Artists',
      url: agency,
      sameAs: [
        IG('lumenartists'),
        X('lumenartists'),
        IG('kenjimori'),
        YT('KenjiMori'),
        ...talents.flatMap(([, h]) => [IG(h), TT(h.replace('.', ''))]),
      ],
    };
    w.page(
      agency,
      sitePage('Lumen Artists', '<h1>Lumen Artists</h1><p>渋谷のマネジメント事務所です。</p><p>info@lumenartists.jp</p>', { jsonLd: ld }),
    );
    w.ig.set('kenjimori', { username: 'kenjimori', fullName: 'Kenji Mori', bio: 'tokyo ramen', externalUrl: agency });
    w.youtube.set('kenjimori', {
      handle: 'KenjiMori',
      channelId: 'UCkenjimori0000000000000',
      title: 'Kenji Mori',
      description: 'ramen',
      links: [
        { title: 'IG', url: IG('kenjimori') },
        { title: '所属事務所', url: agency },
      ],
    });
    for (const [n, h] of talents) {
      w.ig.set(h, { username: h, fullName: n, bio: 'Lumen Artists 所属', externalUrl: agency });
      w.tiktok.set(h.replace('.', ''), { handle: h.replace('.', ''), nickname: n, signature: 'ダンス', bioLink: agency });
    }
    const r = await discover(w, 'social-b', 'kenjimori');
    hers(r, ['kenjimori']);
    notHers(r, ['ayatanabe', 'ren.ishii', 'renishii']);
  });

  it('her own site’s JSON-LD listing only her accounts (a Person, and a brand Organization of her name) still presents them as hers', async () => {
    const w = new DiscoveryWeb();
    const site = 'https://anaquintero.mx/';
    w.page(
      site,
      sitePage('Ana Quintero — cerámica', '<h1>Ana Quintero</h1><p>Cerámica hecha a mano en Oaxaca.</p>', {
        jsonLd: {
          '@context': 'https://schema.org',
          '@graph': [
            { '@type': 'Person', name: 'Ana Quintero', sameAs: [IG('ana.quintero'), TT('anaquintero')] },
            { '@type': 'Organization', name: 'Taller Ana Quintero', sameAs: [FB('tallerana'), YT('AnaQuinteroTaller')] },
          ],
        },
      }),
    );
    w.ig.set('ana.quintero', { username: 'ana.quintero', fullName: 'Ana Quintero', bio: 'cerámica', externalUrl: site });
    w.tiktok.set('anaquintero', { handle: 'anaquintero', nickname: 'Ana Quintero', signature: 'barro', bioLink: site });
    w.youtube.set('anaquinterotaller', {
      handle: 'AnaQuinteroTaller',
      channelId: 'UCanaquinterotaller00000',
      title: 'Taller Ana Quintero',
      description: 'procesos',
      links: [{ title: 'web', url: site }],
    });
    const r = await discover(w, 'social-b', 'ana.quintero');
    hers(r, ['anaquintero', 'anaquinterotaller']);
  });
});

describe('a network’s or label’s account among her links', () => {
  it('a food network’s channel her link page links, which links her channel and four other creators’ back: not hers', async () => {
    const w = new DiscoveryWeb();
    const page = 'https://linktr.ee/hana.eats';
    w.ig.set('hana.eats', { username: 'hana.eats', fullName: 'Hana Kobayashi', bio: 'osaka street food 🍢', externalUrl: page });
    w.linktree.set('hana.eats', {
      username: 'hana.eats',
      description: 'street food, every day',
      links: [
        { title: 'YouTube', url: YT('HanaEats') },
        { title: 'Umami Network 🍜', url: YT('UmamiNetwork') },
      ],
    });
    w.youtube.set('hanaeats', {
      handle: 'HanaEats',
      channelId: 'UChanaeats00000000000000',
      title: 'Hana Kobayashi',
      description: 'food',
      links: [{ title: 'links', url: page }],
    });
    w.youtube.set('umaminetwork', {
      handle: 'UmamiNetwork',
      channelId: 'UCumaminetwork0000000000',
      title: 'Umami Network',
      description: 'Food creators from Tokyo and Osaka. Watch our creators:',
      links: [
        { title: 'Hana', url: IG('hana.eats') },
        { title: 'Soba Saito', url: IG('sobasaito') },
        { title: 'Osaka Bites', url: IG('osakabites') },
        { title: 'Yuki Cooks', url: IG('yukicooks') },
        { title: 'Ramen Ren', url: IG('ramenren') },
        { title: 'Soba Saito TikTok', url: TT('sobasaito') },
        { title: 'Yuki TikTok', url: TT('yukicooks') },
      ],
    });
    const r = await discover(w, 'social-b', 'hana.eats');
    hers(r, ['hanaeats']);
    notHers(r, ['umaminetwork']);
  });
});

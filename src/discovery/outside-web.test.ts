/**
 * Failure classes an independent creator web found (session 26), each on pages written here for
 * it (none copied from that web): labels followed by words in other scripts, handles a platform
 * cannot hold, and the like. Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { isReferralUrl, offersDiscount, sponsorEmails } from './sponsors.js';
import { discover } from '../../test/support/discovery-context.js';

type Src = 'social-b' | 'shortvideo' | 'video';

const lookup = (w: DiscoveryWeb, platform: Src, handle: string) => discover(w, platform, handle);

describe('labels followed by words, and handles a platform cannot hold', () => {
  it('"YouTube – pełne odcinki", "Instagram: Kraków eats": no made-up account from the ASCII start of a word', async () => {
    const w = new DiscoveryWeb();
    w.tiktok.set('babcia.gotuje', {
      handle: 'babcia.gotuje',
      nickname: 'Babcia gotuje',
      signature: 'YouTube – pełne odcinki\nInstagram: Kraków eats\nTikTok: @zoë.paints',
    });
    const { urls } = await lookup(w, 'shortvideo', 'babcia.gotuje');
    expect(urls).toEqual(['https://www.tiktok.com/@babcia.gotuje']);
  });

  it('a link to a handle its platform cannot hold (a two-letter YouTube handle) is dropped, not listed unread', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('kasia.szyje', {
      username: 'kasia.szyje',
      fullName: 'Kasia',
      bio: 'szycie',
      externalUrl: null,
      bioLinks: ['https://www.youtube.com/@ks', 'https://www.tiktok.com/@kasia.szyje'],
    });
    w.tiktok.set('kasia.szyje', { handle: 'kasia.szyje', nickname: 'Kasia', signature: 'szycie' });
    const { urls } = await lookup(w, 'social-b', 'kasia.szyje');
    expect(urls.some((u) => u.includes('youtube'))).toBe(false);
    expect(urls).toContain('https://www.tiktok.com/@kasia.szyje');
  });
});

describe('sponsors and affiliates: a brand the creator earns from is not the creator', () => {
  it('a referral code in the address, or a discount in the words, in several languages; a click-origin tag is neither', () => {
    expect(isReferralUrl('https://lumiere-skincare.com/?ref=mina10')).toBe(true);
    expect(isReferralUrl('https://lumiere-skincare.com/discount/MINA10')).toBe(true);
    expect(isReferralUrl('https://lumiere-skincare.com/?utm_medium=influencer&utm_campaign=spring')).toBe(true);
    expect(isReferralUrl('https://minaceramics.com/?ref=linktree')).toBe(false);
    expect(isReferralUrl('https://minaceramics.com/?utm_source=instagram&utm_medium=social')).toBe(false);
    for (const t of [
      'Get 20% off my tripod',
      'كود خصم MINA10',
      'kod rabatowy MINA',
      'Rabattcode MINA15',
      '%15 indirim',
      'Скидка по промокоду',
      '쿠폰 할인',
      '割引コード',
      'Code: MINA10',
      '#ad',
    ])
      expect(offersDiscount(t), t).toBe(true);
    for (const t of ['100% handmade', 'Learn to code with me', 'My code', 'Sponsor me on GitHub', 'Shop my prints'])
      expect(offersDiscount(t), t).toBe(false);
  });

  it('a link page’s discount-code link is not crawled as her website; her own shop is (our own pages)', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('mina.ceramics', {
      username: 'mina.ceramics',
      fullName: 'Mina Park',
      bio: 'pottery',
      externalUrl: 'https://linktr.ee/minaceramics',
      bioLinks: [],
    });
    w.linktree.set('minaceramics', {
      username: 'minaceramics',
      description: 'Mina — links',
      links: [
        { title: 'My shop', url: 'https://minaceramics.com/' },
        { title: 'كود خصم MINA10 على لوميير', url: 'https://lumiere-skincare.com/' },
        { title: 'Tripod I use', url: 'https://tripodworks.com/?ref=minapark' },
      ],
    });
    w.page('https://minaceramics.com/', sitePage('Mina Ceramics', '<h1>Mina</h1><p>studio@minaceramics.com</p>'));
    w.page('https://lumiere-skincare.com/', sitePage('Lumière', '<p>care@lumiere-skincare.com</p>'));
    w.page('https://tripodworks.com/?ref=minapark', sitePage('Tripod Works', '<p>partners@tripodworks.com</p>'));
    w.page('https://tripodworks.com/', sitePage('Tripod Works', '<p>partners@tripodworks.com</p>'));
    const { out, emails } = await lookup(w, 'social-b', 'mina.ceramics');
    expect(emails).toEqual(['studio@minaceramics.com']);
    expect(out.diagnostics.expanded_website_urls).toEqual(['https://minaceramics.com/']);
  });

  it('a sponsor’s or the site builder’s address on her own site is theirs; her own and her manager’s stay (our own page)', async () => {
    const html = sitePage('Mina Ceramics', '<h1>Mina</h1><p>Bookings: mgmt@northclay-agency.com</p><p>studio@minaceramics.com</p>', {
      footer:
        '<p>Sponsored by Hanbit Pans — <a href="mailto:partners@hanbitpans.kr">write to them</a></p><p>site by Pixelhaus · hello@pixelhaus.de</p>',
    });
    expect([...sponsorEmails(html, 'https://minaceramics.com/')].sort()).toEqual(['hello@pixelhaus.de', 'partners@hanbitpans.kr']);
    const w = new DiscoveryWeb();
    w.ig.set('mina.ceramics', {
      username: 'mina.ceramics',
      fullName: 'Mina Park',
      bio: 'pottery',
      externalUrl: 'https://minaceramics.com/',
      bioLinks: [],
    });
    w.page('https://minaceramics.com/', html);
    const { emails } = await lookup(w, 'social-b', 'mina.ceramics');
    expect(emails.sort()).toEqual(['mgmt@northclay-agency.com', 'studio@minaceramics.com']);
  });
});

describe('agency rosters read by their card structure (our own pages)', () => {
  const card = (name: string, links: [string, string][], extra = '') =>
    `<div class="card"><h3>${name}</h3>${links.map(([u, t]) => `<a href="${u}">${t}</a>`).join(' ')}${extra}</div>`;

  it('cards of people each with platform-named links, on the agency home the creator declared without a label: not her site', async () => {
    const w = new DiscoveryWeb();
    w.youtube.set('deniz.oynuyor', {
      handle: 'deniz.oynuyor',
      channelId: 'UCdenizOynuyor0000000001',
      title: 'Deniz Oynuyor',
      description: 'oyun videoları',
      links: [{ title: 'Ajans', url: 'https://parlakyetenek.com.tr/' }],
    });
    w.page(
      'https://parlakyetenek.com.tr/',
      sitePage(
        'Parlak Yetenek',
        `<h1>Parlak Yetenek</h1><div class="grid">${card('Deniz Oynuyor', [['https://www.youtube.com/@deniz.oynuyor', 'YouTube']])}${card(
          'Kerem Aksoy',
          [
            ['https://www.youtube.com/@keremaksoy', 'YouTube'],
            ['https://www.instagram.com/kerem.aksoy/', 'Instagram'],
          ],
        )}${card('Elif Yazar', [['https://www.instagram.com/elif.yazar/', 'Instagram']])}${card('Mert Demir', [['https://www.tiktok.com/@mertdemir', 'TikTok']])}</div>
        <p>İletişim: <a href="mailto:info@parlakyetenek.com.tr">info@parlakyetenek.com.tr</a></p>`,
      ),
    );
    w.ig.set('kerem.aksoy', {
      username: 'kerem.aksoy',
      fullName: 'Kerem Aksoy',
      bio: 'kerem@parlakyetenek.com.tr',
      externalUrl: 'https://parlakyetenek.com.tr/',
      bioLinks: [],
    });
    const { out, emails } = await lookup(w, 'video', 'deniz.oynuyor');
    expect(emails).toEqual([]);
    expect(out.profiles.find((p) => p.handle === 'kerem.aksoy')?.confidence ?? 0).toBeLessThan(0.5);
  });

  it('her own site — a title, social links in the footer, two people credited by @handle — is no roster (cards are small containers under the page’s title)', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('nadia.pods', {
      username: 'nadia.pods',
      fullName: 'Nadia Rahman',
      bio: 'podcast',
      externalUrl: 'https://nadiapods.com/',
      bioLinks: [],
    });
    w.page(
      'https://nadiapods.com/',
      sitePage(
        'Nadia Rahman',
        `<h1>Nadia Rahman</h1><p>Hosted by Nadia Rahman and Omar Saleh (<a href="https://www.instagram.com/omar.saleh/">@omar.saleh</a>).</p>
        <p>Edited by <a href="https://www.instagram.com/lina.cuts/">@lina.cuts</a></p><p><a href="https://open.spotify.com/show/abc">Spotify</a></p>
        <p>hello@nadiapods.com</p>`,
        {
          footer:
            '<div class="socials"><a href="https://www.instagram.com/nadia.pods/">Nadia Rahman on Instagram</a> <a href="https://www.tiktok.com/@nadia.pods">TikTok</a></div>',
        },
      ),
    );
    const { emails, out } = await lookup(w, 'social-b', 'nadia.pods');
    expect(emails).toEqual(['hello@nadiapods.com']);
    expect(out.diagnostics.expanded_website_urls).toEqual(['https://nadiapods.com/']);
  });

  it('her own talent page on an agency site stays hers; the roster home (@handle cards with addresses) and the agency inbox do not', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('laras.trips', {
      username: 'laras.trips',
      fullName: 'Laras Wulan',
      bio: 'travel',
      externalUrl: 'https://kilautalenta.id/talent/laras',
      bioLinks: [],
    });
    w.page(
      'https://kilautalenta.id/talent/laras',
      sitePage(
        'Laras Wulan',
        '<h1>Laras Wulan</h1><p>Book Laras: <a href="mailto:laras@kilautalenta.id">laras@kilautalenta.id</a></p><a href="/">Semua talent</a> <a href="/kontak">Kontak</a>',
      ),
    );
    w.page(
      'https://kilautalenta.id/',
      sitePage(
        'Kilau Talenta',
        `<h1>Talent kami</h1>${card('Laras Wulan', [['https://www.instagram.com/laras.trips/', '@laras.trips']])}${card('Yoga Pratama', [['https://www.instagram.com/yoga.pratama/', '@yoga.pratama']], ' yoga@kilautalenta.id')}${card('Nia Kusuma', [['https://www.tiktok.com/@niakusuma', '@niakusuma']], ' nia@kilautalenta.id')}`,
      ),
    );
    w.page('https://kilautalenta.id/kontak', sitePage('Kontak', '<p>Email: halo@kilautalenta.id</p>'));
    const { emails } = await lookup(w, 'social-b', 'laras.trips');
    expect(emails).toEqual(['laras@kilautalenta.id']);
  });

  it('an artist page that links the pages of other artists beside it: the agency’s contact page (audition inbox) is not hers', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('sora.sings', {
      username: 'sora.sings',
      fullName: 'SORA',
      bio: '싱어송라이터',
      externalUrl: 'https://starbridge-ent.kr/artist/sora',
      bioLinks: [],
    });
    w.page(
      'https://starbridge-ent.kr/artist/sora',
      sitePage(
        'SORA | Starbridge',
        '<h1>SORA</h1><p>Booking: sora.booking@starbridge-ent.kr</p><a href="https://www.instagram.com/sora.sings/">Instagram</a><nav><a href="/artist/haneul">HANEUL</a> <a href="/artist/minjun">MINJUN</a> <a href="/contact">Contact</a></nav>',
      ),
    );
    w.page(
      'https://starbridge-ent.kr/contact',
      sitePage('Contact', '<p>General: contact@starbridge-ent.kr</p><p>Audition: audition@starbridge-ent.kr</p>'),
    );
    const { emails } = await lookup(w, 'social-b', 'sora.sings');
    expect(emails).toEqual(['sora.booking@starbridge-ent.kr']);
  });
});

describe('a second account the source bio names by a bare @mention under a second-account label (our own bios)', () => {
  for (const [bio, second] of [
    ['イラストレーター\nサブ垢: @akari_sub', 'akari_sub'],
    ['일러스트 🎨\n부계정 @akari.sub2', 'akari.sub2'],
    ['Ilustrator\nAkun kedua: @akarisketch', 'akarisketch'],
    ['Ilustratorka\nDrugie konto → @akari.szkice', 'akari.szkice'],
  ] as const)
    it(`${bio.split('\n')[1]}: read as a candidate, returned with the creator's mention and its link back — not verified on the word alone`, async () => {
      const w = new DiscoveryWeb();
      w.ig.set('akari.draws', { username: 'akari.draws', fullName: 'Akari', bio, externalUrl: null, bioLinks: [] });
      w.ig.set(second, {
        username: second,
        fullName: 'Akari (sub)',
        bio: 'sketches',
        externalUrl: 'https://www.instagram.com/akari.draws/',
        bioLinks: [],
      });
      const { out } = await lookup(w, 'social-b', 'akari.draws');
      const p = out.profiles.find((x) => x.handle === second);
      expect(p?.evidence).toEqual(expect.arrayContaining(['creator_mention', 'reciprocal_profile_link']));
      expect(p?.evidence).not.toContain('verified_profile_link');
      expect(p!.confidence).toBeGreaterThanOrEqual(0.5);
      expect(out.scan.scanned_profile_urls.some((u) => u.includes(second))).toBe(false);
    });

  it('a bare @mention without a second-account label (a shout-out) is not read', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('akari.draws', {
      username: 'akari.draws',
      fullName: 'Akari',
      bio: 'thanks @kenji.edits for the help',
      externalUrl: null,
      bioLinks: [],
    });
    w.ig.set('kenji.edits', {
      username: 'kenji.edits',
      fullName: 'Kenji',
      bio: 'edits',
      externalUrl: 'https://www.instagram.com/akari.draws/',
      bioLinks: [],
    });
    const { out } = await lookup(w, 'social-b', 'akari.draws');
    expect(out.profiles.map((p) => p.handle)).toEqual(['akari.draws']);
  });
});

describe('a publication’s subdomain is not its author’s handle (our own newsletter)', () => {
  it('kesehatanlina.substack.com is not found as a user: the publication page is read and its author, substack.com/@drlina, is the creator’s', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('dr.lina.sehat', {
      username: 'dr.lina.sehat',
      fullName: 'dr. Lina',
      bio: 'dokter · newsletter ↓',
      externalUrl: 'https://kesehatanlina.substack.com/',
      bioLinks: [],
    });
    w.substack.set('drlina', {
      handle: 'drlina',
      name: 'dr. Lina',
      bio: 'Dokter umum',
      publication: { subdomain: 'kesehatanlina', name: 'Kesehatan Lina' },
      links: ['https://www.instagram.com/dr.lina.sehat/'],
    });
    w.page(
      'https://kesehatanlina.substack.com/',
      '<!DOCTYPE html><html><head><title>Kesehatan Lina</title></head><body><h1>Kesehatan Lina</h1><p>Ditulis oleh <a href="https://substack.com/@drlina">dr. Lina</a></p></body></html>',
    );
    const { out } = await lookup(w, 'social-b', 'dr.lina.sehat');
    const p = out.profiles.find((x) => x.platform === 'newsletter');
    expect(p?.handle).toBe('drlina');
    expect(p!.confidence).toBeGreaterThanOrEqual(0.9);
  });
});

describe('a bio line of several parts', () => {
  it('"IG: … | YT: @… | Namorado: @…": the relation speaks of its own part only (our own bio)', async () => {
    const w = new DiscoveryWeb();
    w.tiktok.set('rita.viaja', {
      handle: 'rita.viaja',
      nickname: 'Rita Viaja',
      signature: 'Viagens ✈️ IG: rita.viaja | YT: @ritaviaja | Namorado: @joao.fotos',
    });
    w.ig.set('rita.viaja', {
      username: 'rita.viaja',
      fullName: 'Rita Viaja',
      bio: 'viagens',
      externalUrl: 'https://www.youtube.com/@ritaviaja',
      bioLinks: [],
    });
    w.youtube.set('ritaviaja', {
      handle: 'ritaviaja',
      channelId: 'UCritaViaja0000000000001',
      title: 'Rita Viaja',
      description: 'vlogs',
      links: [{ title: 'TikTok', url: 'https://www.tiktok.com/@rita.viaja' }],
    });
    w.tiktok.set('joao.fotos', { handle: 'joao.fotos', nickname: 'João', signature: 'fotógrafo · viajo com @rita.viaja' });
    const { out } = await lookup(w, 'shortvideo', 'rita.viaja');
    const by = (platform: string, h: string) => out.profiles.find((p) => p.platform === platform && p.handle.toLowerCase() === h);
    expect(by('social-b', 'rita.viaja')?.evidence).toContain('verified_profile_link');
    expect(by('video', 'ritaviaja')?.evidence).toContain('verified_profile_link');
    expect(by('shortvideo', 'joao.fotos')?.confidence ?? 0).toBeLessThan(0.5);
  });
});

/**
 * Other people next to the creator (an outside web's failure catalogue: managers, editors,
 * sisters, friends, co-hosts, roster-mates, impostors copying a second handle): what the public
 * pages say about whose an account is. A creator's link is a claim; a label, a credit or the
 * account's own third-person bio says it is someone else's — then it is never verified, never
 * scanned, and its addresses are never returned.
 */
import { describe, expect, it } from 'vitest';
import { parseSourceHandle } from './input.js';
import { runDiscovery } from './pipeline.js';
import { beaconsPage, DiscoveryWeb, sitePage } from './sample-web.js';
import { websearchQuery } from './websearch.js';
import { webContext } from '../../test/support/discovery-context.js';
import { cpuMs } from '../../test/support/cpu-time.js';
import { fold, isPaddedCopy } from './markers.js';
import { RELATION_SCAN_CHARS, RELATION_WORD_LISTS, namesRelation, relationMentions } from './relations.js';
import { sponsorEmails } from './sponsors.js';

const ref = (platform: 'social-b' | 'shortvideo' | 'video', handle: string) => {
  const r = parseSourceHandle(platform, handle);
  if (!r.ok) throw new Error(r.message);
  return r.ref;
};

async function lookup(w: DiscoveryWeb, platform: 'social-b' | 'shortvideo' | 'video', handle: string) {
  const { ctx } = webContext(w);
  const out = await runDiscovery(ctx, platform, ref(platform, handle), { emails: true, internal: null });
  const byHandle = (h: string) => out.profiles.find((p) => p.handle.toLowerCase() === h);
  return { out, byHandle, emails: out.emails.map((e) => e.email) };
}

describe('relation words in the creator’s own text', () => {
  it('a possessive, a label or a credit names another person; a word alone, "sister channel" or a self-description does not', () => {
    for (const t of [
      'My manager — Northstar Talent',
      'My editor: Tomi',
      'My sister’s page 💕',
      'mi hermana 💕',
      'Meine Schwester',
      'ma sœur',
      'Editor — Tomi',
      'Photos by @maria',
      'Represented by @gallery',
    ])
      expect(namesRelation(t), t).toBe(true);
    for (const t of [
      'Instagram',
      'My second channel',
      'Sister channel',
      'Photographer. Accra.',
      'friends podcast',
      'thanks @x for the edits',
    ])
      expect(namesRelation(t), t).toBe(false);
    // An agency's name as a link's own short title.
    expect(namesRelation('Blue Door Management', { short: true })).toBe(true);
    expect(namesRelation('Blue Door Management')).toBe(false);
    expect(relationMentions('📧 art@bea.example\n💖 my friend’s shop: @luna.crafts')).toEqual(['luna.crafts']);
  });

  it('the same structures in ~20 languages: a possessive before, after or inside the word, a label, the co-host family (our own phrases)', () => {
    for (const t of [
      'Minha co-apresentadora 🎙️',
      'my co-host',
      'Co-host: @dee',
      'mon co-animateur',
      'il mio co-conduttore',
      'mein Co-Moderator',
      'mi copresentadora',
      'meu marido',
      'minha namorada',
      'minha filha',
      'Moja siostra też maluje: Ola',
      'mojej siostry sklep',
      'mijn zus',
      'kız kardeşim',
      'Menajerim: @x',
      'Annemin dükkanı',
      'моя сестра',
      'мій брат',
      'наш менеджер',
      'adik saya',
      'adikku',
      'Manajer: @x',
      'chị gái tôi',
      'พี่สาวของฉัน',
      '私の妹',
      '妹：@x',
      '相方→@x',
      '제 여동생',
      '매니저: 김',
      '我的经纪人',
      '我妹妹',
      'أختي',
      'مدير أعمالي: @x',
      'मेरी बहन',
      'Partner: @brand',
      // Loanwords and mixed languages: a possessive of one language, a word of another.
      'Mein Management',
      'mi manager',
      'benim menajerim',
      'my hermana',
    ])
      expect(namesRelation(t), t).toBe(true);
    for (const t of [
      'Contact me: hi@x.com', // Vietnamese "mẹ" folds to "me": a short word is never a label alone
      'meu canal',
      'my cooking',
      'mi canal',
      '제품 리뷰',
      '大丈夫: ok',
      '父の日',
      '我和朋友',
      'moja siostra channel',
      'My new account',
      'Akun kedua: @x',
      'サブ垢: @x',
      '妹チャンネル',
      'Business: @x',
      'Manager of my own life',
    ])
      expect(namesRelation(t), t).toBe(false);
  });

  it('a padded copy of a handle: separators added, a padding word, a doubled letter — not another platform’s spelling', () => {
    expect(isPaddedCopy('tomasz.grilluje_', 'tomasz.grilluje')).toBe(true);
    expect(isPaddedCopy('tomasz.grilluje.official', 'tomasz.grilluje')).toBe(true);
    expect(isPaddedCopy('tomasz.grillujee', 'tomasz.grilluje')).toBe(true);
    expect(isPaddedCopy('tomasz_grilluje', 'tomasz.grilluje')).toBe(false);
    expect(isPaddedCopy('tomasz.grilluje.vlog', 'tomasz.grilluje')).toBe(false);
  });
});

describe('someone else’s account linked by the creator', () => {
  /** Instagram → Linktree: her TikTok, her manager (labelled), her sister (labelled, in Spanish), her site. */
  const linkPageWeb = () => {
    const w = new DiscoveryWeb();
    w.ig.set('lena.paints', {
      username: 'lena.paints',
      fullName: 'Lena Holm',
      bio: 'ink & watercolour',
      externalUrl: 'https://linktr.ee/lenaholm',
      bioLinks: [],
    });
    w.linktree.set('lenaholm', {
      username: 'lenaholm',
      description: 'Lena — links',
      links: [
        { title: 'TikTok', url: 'https://www.tiktok.com/@lenapaintsalot' },
        { title: 'My manager — Fjord Talent', url: 'https://www.instagram.com/fjord.talent' },
        { title: 'Mi hermana 💕', url: 'https://www.instagram.com/sofiholm' },
      ],
    });
    w.tiktok.set('lenapaintsalot', { handle: 'lenapaintsalot', nickname: 'lena', signature: 'speedpaints', bioLink: 'linktr.ee/lenaholm' });
    // Both link her link page back and show their own addresses.
    w.ig.set('fjord.talent', {
      username: 'fjord.talent',
      fullName: 'Fjord Talent',
      bio: 'talent management · bookings@fjordtalent.se',
      externalUrl: 'https://linktr.ee/lenaholm',
      bioLinks: [],
    });
    w.ig.set('sofiholm', {
      username: 'sofiholm',
      fullName: 'Sofi Holm',
      bio: 'nurse · sofi.holm@gmail.com',
      externalUrl: 'https://linktr.ee/lenaholm',
      bioLinks: [],
    });
    return w;
  };

  it('a link page link labelled as her manager’s or her sister’s: not verified, not scanned, listed below 0.5 as other_person', async () => {
    const { byHandle, emails, out } = await lookup(linkPageWeb(), 'social-b', 'lena.paints');
    expect(byHandle('lenapaintsalot')?.evidence).toContain('link_in_bio');
    for (const h of ['fjord.talent', 'sofiholm']) {
      const p = byHandle(h);
      expect(p?.evidence ?? [], h).toContain('other_person');
      expect(p!.confidence, h).toBeLessThan(0.5);
      expect(
        out.scan.scanned_profile_urls.some((u) => u.includes(h)),
        h,
      ).toBe(false);
    }
    expect(emails).not.toContain('bookings@fjordtalent.se');
    expect(emails).not.toContain('sofi.holm@gmail.com');
  });

  it('a co-host, a husband and a sister labelled in Portuguese and Polish on her link page: other people, their addresses not returned (our own page)', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('rafa.conversa', {
      username: 'rafa.conversa',
      fullName: 'Rafa Lima',
      bio: 'podcast',
      externalUrl: 'https://linktr.ee/rafaconversa',
      bioLinks: [],
    });
    w.linktree.set('rafaconversa', {
      username: 'rafaconversa',
      description: 'Rafa — links',
      links: [
        { title: 'Minha co-apresentadora', url: 'https://www.instagram.com/bia.microfone' },
        { title: 'Meu marido 💍', url: 'https://www.instagram.com/tiago.lima.fotos' },
        { title: 'Moja siostra też gotuje', url: 'https://www.instagram.com/ola.gotuje' },
      ],
    });
    for (const [h, mail] of [
      ['bia.microfone', 'bia@microfone.com.br'],
      ['tiago.lima.fotos', 'tiago@limafotos.com.br'],
      ['ola.gotuje', 'ola@gotuje.pl'],
    ])
      w.ig.set(h, { username: h, fullName: h, bio: `contato: ${mail}`, externalUrl: 'https://linktr.ee/rafaconversa', bioLinks: [] });
    const { byHandle, emails } = await lookup(w, 'social-b', 'rafa.conversa');
    for (const h of ['bia.microfone', 'tiago.lima.fotos', 'ola.gotuje']) {
      expect(byHandle(h)?.evidence ?? [], h).toContain('other_person');
      expect(byHandle(h)!.confidence, h).toBeLessThan(0.5);
    }
    expect(emails).toEqual([]);
  });

  it('a generic link page naming the handle beside a relation ("my friend’s shop: @…"), and an account whose own bio speaks of the creator in the third person', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('bea.draws', {
      username: 'bea.draws',
      fullName: 'Bea Santos',
      bio: 'digital art',
      externalUrl: 'https://beacons.ai/beadraws',
      bioLinks: [],
    });
    w.page(
      'https://beacons.ai/beadraws',
      beaconsPage(
        'beadraws',
        'Bea Santos',
        [
          'https://www.tiktok.com/@bea.draws',
          'https://www.instagram.com/luna.crochet',
          'https://www.instagram.com/kit.cuts',
          'https://www.instagram.com/bea.draws.sketch',
        ],
        '<p>💖 my friend’s shop: @luna.crochet</p>',
      ),
    );
    w.tiktok.set('bea.draws', { handle: 'bea.draws', nickname: 'Bea Santos', signature: 'speedpaints', bioLink: 'beacons.ai/beadraws' });
    w.ig.set('luna.crochet', {
      username: 'luna.crochet',
      fullName: 'Luna Crafts',
      bio: 'orders: lunacrochet@gmail.com',
      externalUrl: 'https://beacons.ai/beadraws',
      bioLinks: [],
    });
    // Her editor: linked without a label, but it says whom it edits for.
    w.ig.set('kit.cuts', {
      username: 'kit.cuts',
      fullName: 'Kit Adeyemi',
      bio: 'video editor ✂️ editing for @bea.draws & others\nkit@kitcuts.com',
      externalUrl: 'https://beacons.ai/beadraws',
      bioLinks: [],
    });
    // Her own sketch account names her main one: a second account says so in the first person.
    w.ig.set('bea.draws.sketch', {
      username: 'bea.draws.sketch',
      fullName: 'Bea sketches',
      bio: 'sketchbook · main: @bea.draws\nsketch@beasantos.art',
      externalUrl: 'https://beacons.ai/beadraws',
      bioLinks: [],
    });
    const { byHandle, emails } = await lookup(w, 'social-b', 'bea.draws');
    expect(byHandle('luna.crochet')?.evidence).toContain('other_person');
    expect(byHandle('kit.cuts')?.evidence).toContain('other_person');
    expect(byHandle('luna.crochet')!.confidence).toBeLessThan(0.5);
    expect(byHandle('kit.cuts')!.confidence).toBeLessThan(0.5);
    expect(byHandle('bea.draws.sketch')?.evidence).toContain('link_in_bio');
    expect(emails).toEqual(expect.arrayContaining(['sketch@beasantos.art']));
    expect(emails).not.toContain('lunacrochet@gmail.com');
    expect(emails).not.toContain('kit@kitcuts.com');
  });

  it('a link page link to an agency’s site ("Management"): not the creator’s website, not crawled, its address not returned', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('ben.sings', {
      username: 'ben.sings',
      fullName: 'Ben Cohen',
      bio: 'songs',
      externalUrl: 'https://linktr.ee/bensings',
      bioLinks: [],
    });
    w.linktree.set('bensings', {
      username: 'bensings',
      description: 'Ben',
      links: [{ title: 'Blue Door Management', url: 'https://bluedoormgmt.com/' }],
    });
    w.page('https://bluedoormgmt.com/', sitePage('Blue Door Management', '<p>General: info@bluedoormgmt.com</p>'));
    const { emails, out } = await lookup(w, 'social-b', 'ben.sings');
    expect(emails).not.toContain('info@bluedoormgmt.com');
    expect(out.diagnostics.expanded_website_urls).toEqual([]);
  });
});

describe('a site of several people', () => {
  it('a roster (the creator’s account under its name beside two other acts under theirs) is not the creator’s site, even declared without a label', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('bencohenmusic', {
      username: 'bencohenmusic',
      fullName: 'Ben Cohen',
      bio: 'songs',
      externalUrl: 'https://bluedoormgmt.com/',
      bioLinks: [],
    });
    w.page(
      'https://bluedoormgmt.com/',
      sitePage(
        'Blue Door',
        `<h2>Roster</h2><ul><li><a href="https://www.instagram.com/bencohenmusic">Ben Cohen</a></li><li><a href="https://www.instagram.com/lilawest">Lila West</a></li><li><a href="https://www.instagram.com/the.harbours">The Harbours</a></li></ul><a href="/contact">Contact</a>`,
      ),
    );
    w.page('https://bluedoormgmt.com/contact', sitePage('Contact', '<p>General: info@bluedoormgmt.com</p>'));
    w.ig.set('lilawest', {
      username: 'lilawest',
      fullName: 'Lila West',
      bio: 'singer',
      externalUrl: 'https://bluedoormgmt.com/',
      bioLinks: [],
    });
    const { emails, out } = await lookup(w, 'social-b', 'bencohenmusic');
    expect(emails).not.toContain('info@bluedoormgmt.com');
    expect(out.profiles.find((p) => p.handle === 'lilawest')?.confidence ?? 0).toBeLessThan(0.5);
  });

  it('a creator’s own site linking its accounts by platform name and crediting two people by name stays the creator’s', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('noor.bakes', {
      username: 'noor.bakes',
      fullName: 'Noor Haddad',
      bio: 'cakes',
      externalUrl: 'https://noorbakes.com/',
      bioLinks: [],
    });
    w.page(
      'https://noorbakes.com/',
      sitePage(
        'Noor Bakes',
        `<p>Photos: <a href="https://www.instagram.com/lila.shoots">Lila West</a></p><p>Styling: <a href="https://www.instagram.com/sam.styles">Sam Ortiz</a></p><p>hello@noorbakes.com</p>`,
        { footer: '<a href="https://www.instagram.com/noor.bakes">Instagram</a>' },
      ),
    );
    const { emails } = await lookup(w, 'social-b', 'noor.bakes');
    expect(emails).toContain('hello@noorbakes.com');
  });
});

describe('accounts a creator website credits', () => {
  it('a site’s own account (its link reads "Instagram") that links back is verified; a co-host it names by @handle that links the site is not', async () => {
    const w = new DiscoveryWeb();
    w.x.set('jamalpod', {
      screenName: 'jamalpod',
      name: 'Jamal Carter',
      description: 'host of Late Tape',
      url: 'https://latetape.example.com/',
      bioUrls: [],
    });
    w.page(
      'https://latetape.example.com/',
      sitePage('Late Tape', '<a href="/about">About</a>', { footer: '<a href="https://www.instagram.com/latetapepod">Instagram</a>' }),
    );
    w.page(
      'https://latetape.example.com/about',
      sitePage('About', '<p>Hosted by Jamal Carter and Dee Simmons (<a href="https://www.instagram.com/deesimmons">@deesimmons</a>).</p>'),
    );
    w.ig.set('latetapepod', {
      username: 'latetapepod',
      fullName: 'Late Tape Podcast',
      bio: 'new eps thursdays',
      externalUrl: 'https://latetape.example.com/',
      bioLinks: [],
    });
    w.ig.set('deesimmons', {
      username: 'deesimmons',
      fullName: 'Dee Simmons',
      bio: 'DJ · dee@deesimmons.co',
      externalUrl: 'https://latetape.example.com/',
      bioLinks: [],
    });
    const { ctx } = webContext(w);
    const out = await runDiscovery(ctx, 'microblog-b', ref2('jamalpod'), { emails: true, internal: null });
    const p = (h: string) => out.profiles.find((x) => x.handle.toLowerCase() === h);
    expect(p('latetapepod')?.evidence).toEqual(expect.arrayContaining(['shared_website', 'website_link']));
    expect(p('latetapepod')!.confidence).toBeGreaterThanOrEqual(0.92);
    expect(p('deesimmons')?.evidence).toContain('website_credit');
    expect(p('deesimmons')?.evidence).not.toContain('website_link');
    expect(p('deesimmons')!.confidence).toBeLessThan(0.5);
    expect(out.emails.map((e) => e.email)).not.toContain('dee@deesimmons.co');
  });
});

function ref2(handle: string) {
  const r = parseSourceHandle('microblog-b', handle);
  if (!r.ok) throw new Error(r.message);
  return r.ref;
}

describe('impostors and double counting', () => {
  const web = () => {
    const w = new DiscoveryWeb();
    w.youtube.set('tomaszgrillt', {
      handle: 'tomaszgrillt',
      channelId: 'UCtomaszGrillt0000000001',
      title: 'Tomasz Wójcik',
      description: 'BBQ',
      links: [
        { title: 'Instagram', url: 'https://www.instagram.com/tomasz.grilluje' },
        { title: 'Links', url: 'https://linktr.ee/tomaszgrill' },
      ],
    });
    w.linktree.set('tomaszgrill', {
      username: 'tomaszgrill',
      description: 'Tomasz',
      links: [{ title: 'YouTube', url: 'https://www.youtube.com/@tomaszgrillt' }],
    });
    w.ig.set('tomasz.grilluje', {
      username: 'tomasz.grilluje',
      fullName: 'Tomasz Wójcik',
      bio: 'BBQ',
      externalUrl: 'https://www.youtube.com/@tomaszgrillt',
      bioLinks: [],
    });
    // Copies the verified Instagram handle with a trailing underscore, claims "backup account", links the channel.
    w.ig.set('tomasz.grilluje_', {
      username: 'tomasz.grilluje_',
      fullName: 'Tomasz Wójcik',
      bio: 'backup account 🔥 giveaway DM',
      externalUrl: 'https://www.youtube.com/@tomaszgrillt',
      bioLinks: [],
    });
    // Links the creator's link page only (a fan saying nothing).
    w.tiktok.set('grill.moments', { handle: 'grill.moments', nickname: 'grill', signature: 'bbq', bioLink: 'linktr.ee/tomaszgrill' });
    w.search.set(websearchQuery('tomaszgrillt', 'Tomasz Wójcik'), [
      'https://www.instagram.com/tomasz.grilluje_/',
      'https://www.tiktok.com/@grill.moments',
    ]);
    return w;
  };

  it('an impostor copying a verified handle other than the source’s is a look-alike (below 0.5)', async () => {
    const { byHandle } = await lookup(web(), 'video', 'tomaszgrillt');
    const imp = byHandle('tomasz.grilluje_');
    expect(imp?.evidence).toContain('lookalike_handle');
    expect(imp!.confidence).toBeLessThan(0.5);
  });

  it('one link to the creator’s link page is one fact: shared_link_page, not reciprocal_profile_link too', async () => {
    const { byHandle } = await lookup(web(), 'video', 'tomaszgrillt');
    const fan = byHandle('grill.moments');
    expect(fan?.evidence).toContain('shared_link_page');
    expect(fan?.evidence).not.toContain('reciprocal_profile_link');
  });
});

// Our own link labels and site footers (web Q findings 1 and 2), not captures.
describe('a business run, managed or made by someone else, a collaboration, a partner brand', () => {
  it("names a relation in the languages creators write; the creator's own hands do not", () => {
    for (const t of [
      'Tienda gestionada por Casa Luna',
      'Boutique gérée par Atelier Rose',
      'Cửa hàng do Minh Anh quản lý',
      'Gawa ng Tahanan Co.',
      'Shop betrieben von Pixel GmbH',
      'Duka linaendeshwa na Mama Zuri',
      'Colaboración con Yerba Viva',
      'Mon partenaire : Le Fournil',
      'Made by Studio Kraft',
      'Run by Coastline Ltd',
      'in collaborazione con Forno Bio',
      'Prowadzony przez Kasia Shop',
      'Em parceria com Café Sol',
    ])
      expect(namesRelation(t), t).toBe(true);
    for (const t of ['Handmade by me', 'made by me', 'Gawa ng kamay ko', 'my shop', 'runner by day', 'Website'])
      expect(namesRelation(t), t).toBe(false);
  });

  it("a site-builder credit in German, Italian, Dutch, French or Japanese keeps the studio's address out", () => {
    for (const credit of [
      'Website von Pixelwerk',
      'Sito realizzato da Studio Onda',
      'Website door Bureau Vos',
      'Site réalisé par Atelier Web',
      'サイト制作：ウェブ工房',
    ])
      expect(
        [
          ...sponsorEmails(
            `<html><body><p>kontakt@leakocht.de</p><footer><p>${credit} · hallo@studio-builder.de</p></footer></body></html>`,
            'https://leakocht.de/',
          ),
        ],
        credit,
      ).toEqual(['hallo@studio-builder.de']);
  });
});

// Our own bio lines (web Q finding 3), not captures.
describe('relation words of more languages', () => {
  it('Swahili and Tagalog possessives after the word, Russian "тренер", Thai bare "ฉัน", French "partenaire", favourite creators', () => {
    for (const t of [
      'Rafiki yangu: @zuri.k',
      'Manager ko: @jomar',
      'Мой тренер — @ivan.fit',
      'ช่องของน้องสาวฉัน',
      'Mon partenaire @le.fournil',
      'Meine Lieblings-Creator: @a.b @c.d',
      'my favourite creators: @a.b',
    ])
      expect(namesRelation(t), t).toBe(true);
    // What a creator calls itself is no relation: "Life coach — book a session".
    for (const t of ['Life coach - book a session', 'my coaching', 'Shop ko-fi']) expect(namesRelation(t), t).toBe(false);
  });
});

describe('relations in bounded time', () => {
  it('every word the patterns start with begins with a letter (each relation pattern refuses other positions first)', () => {
    const bad = RELATION_WORD_LISTS().filter((w) => !/^\p{L}/u.test(fold(w)));
    expect(bad).toEqual([]);
  });

  it('40 KB of emoji, dashes, "ät ", Russian or Japanese prose: each well under a second (seconds per 4 KB before)', () => {
    const texts = [
      '😀',
      '—',
      'ät ',
      '.é',
      'Привет всем, я снимаю видео о путешествиях по России, ',
      'イラストレーターです。ゆるい女の子を描いています。',
    ].map((t) => t.repeat(Math.ceil(40_000 / t.length)));
    for (const t of texts) {
      const started = cpuMs();
      namesRelation(t);
      relationMentions(t);
      expect(cpuMs() - started, t.slice(0, 10)).toBeLessThan(1000);
    }
  });

  it('a bio holding a character beyond Latin-1 (an emoji, a curly apostrophe) costs about a millisecond, not 18', () => {
    // Relation words and no relation, so every pattern is tried. As one alternation of every
    // pattern, V8 took ~18 ms for each of these (0.5 ms for the same text in Latin-1 alone); tried
    // pattern by pattern, ~0.8 ms.
    const bio = (i: number) =>
      `Photographer based in Accra’s old town, baking bread every weekend with friends and family 🍞 (${i}). `.repeat(2);
    for (let i = 0; i < 3; i++) namesRelation(bio(-i));
    // Linux counts a thread's CPU time at scheduler ticks (4 ms here), so one bio read 0, 4 or 8 ms
    // (8 on CI, stop 60): each sample is the mean of 20 bios. The bound is under 18 ms (the defect)
    // with room for a loaded machine: the median read 6.7 ms once in a full `npm test` (session 46)
    // and ~1 ms alone.
    const perBio: number[] = [];
    for (let sample = 0; sample < 9; sample++) {
      const started = cpuMs();
      for (let i = 0; i < 20; i++) expect(namesRelation(bio(sample * 20 + i))).toBe(false);
      perBio.push((cpuMs() - started) / 20);
    }
    expect(perBio.sort((a, b) => a - b)[4]).toBeLessThan(10);
  });

  it('a page of 500 KB of sentences each naming an @handle: read up to RELATION_SCAN_CHARS, in bounded time', () => {
    // Each sentence holds a relation word the patterns then refuse ("sister channel" is the creator's own):
    // ~12 ms of the relation patterns each (as one alternation), ~50 s for the page before the budget.
    namesRelation('warm up: the patterns compile once');
    const sentence = `Watch the sister channel ${'ät '.repeat(25)}with @lenabakes. `;
    const page = `My sister runs @lenabakes. ${sentence.repeat(4_300)}`;
    // The thread's CPU time, not wall time: ~1.5 s here, alone or beside busy processes (then 12–19 s of wall time).
    const started = cpuMs();
    expect(relationMentions(page)).toEqual(['lenabakes']);
    expect(cpuMs() - started).toBeLessThan(5000);
    expect(page.length).toBeGreaterThan(RELATION_SCAN_CHARS * 50);
  });
});

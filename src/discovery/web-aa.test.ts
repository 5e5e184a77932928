/**
 * Failure classes an independent creator web found (session s35-h3, "web AA"), each on pages written
 * here for it (none copied from that web or any other). Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { creditedEmails } from './sponsors.js';
import { ownerDomain, registrableDomain } from './domains.js';
import { linksInText, mentionedAccounts } from './text.js';
import { namesRelation } from './relations.js';
import { discover } from '../../test/support/discovery-context.js';

describe('a bio names an account by a short name of the platform ("Инст", "ins") or with a word saying the name is its ID', () => {
  it('reads "Инст", "ins" and "<label> ID:" as names of an account; other words before a colon still need the @', () => {
    expect(mentionedAccounts('Иллюстратор · Казань\nИнст второй: @olga.sketch2')).toEqual(['https://www.instagram.com/olga.sketch2']);
    expect(mentionedAccounts('手作陶艺 | ins: taoci.mei | 小红书 陶瓷美')).toEqual(['https://www.instagram.com/taoci.mei']);
    expect(mentionedAccounts('요리 | 틱톡 ID: minji.cooks')).toEqual(['https://www.tiktok.com/@minji.cooks']);
    expect(mentionedAccounts('YouTube 아이디: minjicooks')).toEqual(['https://www.youtube.com/@minjicooks']);
    // Prose and other words: nothing.
    expect(mentionedAccounts('YouTube channel: minji_tv')).toEqual([]);
    expect(mentionedAccounts('all the ins and outs of glazing')).toEqual([]);
  });

  it('the account the source names so is read and, linking back, verified', async () => {
    const w = new DiscoveryWeb();
    w.x.set('taoci_mei', {
      screenName: 'taoci_mei',
      name: '陶瓷美',
      description: '手作陶艺 | ins: taoci.mei | 约稿请私信',
      url: null,
      bioUrls: [],
    });
    w.ig.set('taoci.mei', {
      username: 'taoci.mei',
      fullName: '陶瓷美',
      bio: 'ceramics · twitter @taoci_mei',
      externalUrl: 'https://x.com/taoci_mei',
    });
    const { byHandle } = await discover(w, 'microblog-b', 'taoci_mei');
    expect(byHandle('taoci.mei')?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(byHandle('taoci.mei')?.evidence).toContain('verified_profile_link');
  });
});

describe('an agency page that lists its acts by bare @handle links is a roster, not the creator’s site', () => {
  function web(roster: string[]): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.youtube.set('ferncooksoutside', {
      handle: 'FernCooksOutside',
      channelId: 'UCtestferncooks000000000',
      title: 'Fern Obi',
      description: 'Cooking over fire.\n\nWork: fern@emberroom.agency',
      links: [
        { title: 'Instagram', url: 'https://www.instagram.com/fern.obi/' },
        { title: 'Website', url: 'https://emberroom.agency/acts' },
      ],
    });
    w.ig.set('fern.obi', {
      username: 'fern.obi',
      fullName: 'Fern Obi',
      bio: 'fire cooking',
      externalUrl: 'https://www.youtube.com/@FernCooksOutside',
    });
    w.page(
      'https://emberroom.agency/acts',
      `<!DOCTYPE html><html><head><title>Acts — Ember Room</title></head><body><h1>Our acts</h1><ul>${roster
        .map((h) => `<li><a href="https://www.instagram.com/${h}/">@${h}</a></li>`)
        .join('')}</ul><p>General enquiries: desk@emberroom.agency</p></body></html>`,
    );
    for (const h of roster.filter((h) => h !== 'fern.obi'))
      w.ig.set(h, { username: h, fullName: h, bio: 'an Ember Room act', externalUrl: 'https://emberroom.agency/acts' });
    return w;
  }

  it('the roster’s address and its other acts are not the creator’s', async () => {
    const { emails, byHandle } = await discover(
      web(['fern.obi', 'kwame.grills', 'ada.smokes', 'tunde.bbq', 'the.pit.crew']),
      'video',
      'FernCooksOutside',
    );
    expect(emails).toContain('fern@emberroom.agency');
    expect(emails).not.toContain('desk@emberroom.agency');
    for (const h of ['kwame.grills', 'ada.smokes', 'tunde.bbq', 'the.pit.crew']) expect(byHandle(h)?.confidence ?? 0).toBeLessThan(0.5);
    expect(byHandle('fern.obi')?.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it('a page with the creator’s @handle and two other @handles (credits) stays the creator’s', async () => {
    const { emails } = await discover(web(['fern.obi', 'kwame.grills', 'ada.smokes']), 'video', 'FernCooksOutside');
    expect(emails).toContain('desk@emberroom.agency');
  });
});

describe('a link page titles a link with a name and, in brackets, a relation ("Rui (co-host)")', () => {
  it('the bracketed relation word names another person; a bracket of the creator’s own thing or a trade does not', () => {
    expect(namesRelation('Rui (co-host)', { short: true })).toBe(true);
    expect(namesRelation('민지 (매니저)', { short: true })).toBe(true);
    expect(namesRelation('Studio (sister channel)', { short: true })).toBe(false);
    expect(namesRelation('Lena (painter)', { short: true })).toBe(false);
  });

  it('that account is the other person’s even when it links the shared page back; the creator’s own stay', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('maren.talks', {
      username: 'maren.talks',
      fullName: 'Maren Holt',
      bio: 'half of Slow Coffee 🎙',
      externalUrl: 'https://linktr.ee/slowcoffeepod',
    });
    w.linktree.set('slowcoffeepod', {
      username: 'slowcoffeepod',
      description: 'Maren & Rui, every Tuesday',
      links: [
        { title: 'Episodes on YouTube', url: 'https://www.youtube.com/@SlowCoffeePod' },
        { title: 'Maren', url: 'https://www.instagram.com/maren.talks/' },
        { title: 'Rui (co-host)', url: 'https://www.instagram.com/rui.talks/' },
      ],
    });
    w.ig.set('rui.talks', {
      username: 'rui.talks',
      fullName: 'Rui Costa',
      bio: 'other half of Slow Coffee',
      externalUrl: 'https://linktr.ee/slowcoffeepod',
    });
    w.youtube.set('slowcoffeepod', {
      handle: 'SlowCoffeePod',
      channelId: 'UCtestslowcoffee00000000',
      title: 'Slow Coffee',
      description: 'A podcast.',
      links: [{ title: 'Links', url: 'https://linktr.ee/slowcoffeepod' }],
    });
    const { byHandle } = await discover(w, 'social-b', 'maren.talks');
    expect(byHandle('rui.talks')?.confidence ?? 0).toBeLessThan(0.5);
    expect(byHandle('slowcoffeepod')?.confidence).toBeGreaterThanOrEqual(0.5);
  });
});

describe('a generic link page sends its buttons through redirects of its own host ("bio.link/out/…")', () => {
  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.tiktok.set('kofi.sketches', {
      handle: 'kofi.sketches',
      nickname: 'Kofi Mensah',
      signature: 'ink drawings · Accra',
      bioLink: 'https://bio.link/kofimensah',
    });
    w.page(
      'https://bio.link/kofimensah',
      `<!DOCTYPE html><html><head><title>Kofi Mensah | bio.link</title></head><body><main><h1>Kofi Mensah</h1>
<a class="btn" href="https://bio.link/out/q7x1">My Instagram</a>
<a class="btn" href="https://bio.link/out/q7x2">Drawing videos</a>
<a class="btn" href="https://bio.link/explore">Explore creators</a></main>
<footer><a href="https://bio.link/">Made with bio.link</a></footer></body></html>`,
    );
    w.page('https://bio.link/out/q7x1', '', { status: 302, headers: { location: 'https://www.instagram.com/kofi.draws/' } });
    w.page('https://bio.link/out/q7x2', '', { status: 301, headers: { location: 'https://www.youtube.com/@KofiDraws' } });
    w.page(
      'https://bio.link/explore',
      '<!DOCTYPE html><html><head><title>Explore</title></head><body><a href="https://www.instagram.com/popular.artist/">@popular.artist</a></body></html>',
    );
    w.ig.set('kofi.draws', { username: 'kofi.draws', fullName: 'Kofi Mensah', bio: 'ink', externalUrl: 'https://bio.link/kofimensah' });
    w.youtube.set('kofidraws', {
      handle: 'KofiDraws',
      channelId: 'UCtestkofidraws000000000',
      title: 'Kofi Mensah',
      description: 'Drawing.',
      links: [{ title: 'Links', url: 'https://bio.link/kofimensah' }],
    });
    return w;
  }

  it('the targets of the redirects are the page’s links; the vendor’s own page (it answers a page) is not', async () => {
    const { byHandle } = await discover(web(), 'shortvideo', 'kofi.sketches');
    expect(byHandle('kofi.draws')?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(byHandle('kofi.draws')?.evidence).toContain('link_in_bio');
    expect(byHandle('kofidraws')?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(byHandle('popular.artist')).toBeUndefined();
  });
});

describe('an address under a contact heading ("Booking") beside the name it is named after is the contact, not a credit', () => {
  it('the booking agency’s address under "Booking" is listed; a site credit under "Credits" is not', async () => {
    const html = sitePage(
      'Ines Duarte',
      `<section><h2>Booking</h2><p>Harbour Lights Agency — shows@harbourlightsagency.com</p></section>
<section><h2>Credits</h2><p>Site by Pixel Forge — studio@pixelforge.io</p></section>`,
    );
    expect([...creditedEmails(html, 'https://inesduarte.pt/').keys()]).toEqual(['studio@pixelforge.io']);
    const w = new DiscoveryWeb();
    w.ig.set('ines.duarte.fado', {
      username: 'ines.duarte.fado',
      fullName: 'Ines Duarte',
      bio: 'fado · Lisboa',
      externalUrl: 'https://inesduarte.pt/',
    });
    w.page('https://inesduarte.pt/', html);
    const { emails } = await discover(w, 'social-b', 'ines.duarte.fado');
    expect(emails).toContain('shows@harbourlightsagency.com');
    expect(emails).not.toContain('studio@pixelforge.io');
  });
});

describe('sites on a host that gives each person a subdomain but is not in the public suffix list (*.rbind.io, *.quarto.pub)', () => {
  it('are each their owner’s: another person’s site there shares nothing with the creator’s', async () => {
    expect(registrableDomain('https://mei.rbind.io/about')).toBe('mei.rbind.io');
    expect(ownerDomain('https://tomas-r.quarto.pub/')).toBe('tomas-r.quarto.pub');
    expect(ownerDomain('https://rbind.io/')).toBeNull();
    const w = new DiscoveryWeb();
    w.x.set('mei_models', {
      screenName: 'mei_models',
      name: 'Mei Tan',
      description: 'Bayesian models, R',
      url: 'https://mei.rbind.io/',
      bioUrls: [],
    });
    w.page('https://mei.rbind.io/', sitePage('Mei Tan', '<p>Talks and notes.</p><p><a href="https://x.com/mei_models">X</a></p>'));
    // Another person with the same handle on Instagram, whose own site is another rbind.io subdomain.
    w.ig.set('mei_models', {
      username: 'mei_models',
      fullName: 'Mei',
      bio: 'model scale trains 🚂',
      externalUrl: 'https://meitrains.rbind.io/',
    });
    w.page(
      'https://meitrains.rbind.io/',
      sitePage('Mei’s trains', '<p>Layouts.</p><p><a href="https://www.instagram.com/mei_models/">Instagram</a></p>'),
    );
    const { byHandle, out } = await discover(w, 'microblog-b', 'mei_models');
    const ig = out.profiles.find((p) => p.platform === 'social-b');
    expect(ig?.confidence ?? 0).toBeLessThan(0.5);
    expect(ig?.evidence ?? []).not.toContain('shared_website');
    expect(byHandle('mei_models')).toBeDefined();
  });
});

describe('an account the source names in words whose read failed, and the creator’s own website links as its own', () => {
  it('is the creator’s: the site’s link says the words named no guess', async () => {
    const w = new DiscoveryWeb();
    w.tiktok.set('anja.climbs', {
      handle: 'anja.climbs',
      nickname: 'Anja Klein',
      signature: 'bouldering 🧗 IG: anja.boulders',
      bioLink: 'https://anjaklein.de/',
    });
    w.page(
      'https://anjaklein.de/',
      sitePage('Anja Klein', '<p>Bouldern in Franken.</p><p><a href="https://www.instagram.com/anja.boulders/">Instagram</a></p>'),
    );
    w.ig.set('anja.boulders', {
      username: 'anja.boulders',
      fullName: 'Anja Klein',
      bio: 'bouldering',
      externalUrl: 'https://anjaklein.de/',
    });
    // Instagram is rate-limiting this lookup: the account cannot be read.
    w.override('i.instagram.com', {
      status: 429,
      headers: { 'content-type': 'application/json' },
      body: '{"message":"Please wait a few minutes before you try again.","status":"fail"}',
    });
    const { byHandle } = await discover(w, 'shortvideo', 'anja.climbs');
    expect(byHandle('anja.boulders')?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(byHandle('anja.boulders')?.evidence).toContain('website_link');
  });

  it('named in words only, unread, it still ties nothing', async () => {
    const w = new DiscoveryWeb();
    w.tiktok.set('anja.climbs', {
      handle: 'anja.climbs',
      nickname: 'Anja Klein',
      signature: 'bouldering 🧗 IG: anja.boulders',
      bioLink: 'https://anjaklein.de/',
    });
    w.page('https://anjaklein.de/', sitePage('Anja Klein', '<p>Bouldern in Franken.</p>'));
    w.override('i.instagram.com', {
      status: 429,
      headers: { 'content-type': 'application/json' },
      body: '{"message":"Please wait a few minutes before you try again.","status":"fail"}',
    });
    const { byHandle } = await discover(w, 'shortvideo', 'anja.climbs');
    expect(byHandle('anja.boulders')?.confidence ?? 0).toBeLessThan(0.5);
  });
});

describe('the domain of an address written with a stand-in for the @ ("mina＠gmail.com", "mina#qq.com") is no website', () => {
  it('is not read as a link the bio writes; a domain the bio also writes on its own still is', () => {
    expect(linksInText('collabs: mina.draws＠gmail.com')).toEqual([]);
    expect(linksInText('约稿 mina.draws#qq.com (#换成@)')).toEqual([]);
    expect(linksInText('hello＠minadraws.art · minadraws.art')).toEqual(['https://minadraws.art']);
  });

  it('a lookup does not crawl the mail provider as the creator’s site', async () => {
    const w = new DiscoveryWeb();
    w.tiktok.set('mina.draws', {
      handle: 'mina.draws',
      nickname: 'Mina Cho',
      signature: 'comics ✏️\ncollabs: mina.draws＠gmail.com',
      bioLink: null,
    });
    w.page(
      'https://gmail.com/',
      sitePage('Gmail', '<p>Sign in</p><p><a href="https://www.youtube.com/@GmailHelp">YouTube</a></p><p>Help: help-desk@gmail.com</p>'),
    );
    const { out, emails } = await discover(w, 'shortvideo', 'mina.draws');
    expect(emails).toEqual(['mina.draws@gmail.com']);
    expect(JSON.stringify(out)).not.toContain('https://gmail.com');
  });
});

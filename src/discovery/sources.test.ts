/**
 * What discovery reads from each kind of page: source profiles (the real captures of
 * ../shared/fixtures read in place, when present), the five link pages (their modules' own test
 * pages), other link-in-bio pages (generic scan) and creator websites (the bounded crawl).
 */
import { describe, expect, it } from 'vitest';
import { upstreamFailed } from '../errors.js';
import { hasFixtures, readFixture, skipReason } from '../../test/support/fixtures.js';
import { linkmeHtml, linkmeProfile, profileNextData as linkmeNextData } from '../platforms/linkpage-a/samples.js';
import { linktreeHtml, modernAccount, profileNextData } from '../platforms/linkpage-b/samples.js';
import { modulesBody, talentBody } from '../platforms/linkpage-c/samples.js';
import { pillarAnswer, sampleCreator } from '../platforms/linkpage-d/samples.js';
import { creatorPage as lnkBioPage, lnkBioHtml } from '../platforms/linkpage-e/samples.js';
import { LookupFetcher } from './fetcher.js';
import { fetchLinkPage, linkPageOf, recordEmails, recordLinks } from './linkpages.js';
import { fetchProfileView } from './profiles.js';
import { beaconsPage, sitePage } from './sample-web.js';
import { fakeContext } from '../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../test/support/discovery-context.js';
import { contactScore, crawlSite, linkScore, SITE_DEEP_PAGES, SITE_LINKED_PAGES } from './website.js';
import { PAGE_MAX_BYTES } from './pages.js';

const fetcher = (answer: Parameters<typeof fakeContext>[0]) => {
  const ctx = fakeContext(answer);
  return { ctx, f: new LookupFetcher(ctx, new AbortController().signal) };
};

// ---------------------------------------------------------------------------------------------
// Source profiles from real captures
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures('social-b'))(hasFixtures('social-b') ? 'social-b capture as a source profile' : skipReason('social-b'), () => {
  it('web-profile-info-megadeth.json: name, bio, the declared link (a shared music-link domain, no owner website)', async () => {
    const { f } = fetcher(() => ({
      body: readFixture('social-b', 'web-profile-info-megadeth.json'),
      headers: { 'content-type': 'application/json' },
    }));
    const v = await fetchProfileView(f, 'social-b', 'megadeth');
    expect(v).toMatchObject({
      platform: 'social-b',
      handle: 'megadeth',
      url: 'https://www.instagram.com/megadeth/',
      displayName: 'Megadeth',
      emails: [],
    });
    expect(v.bio).toBe("'THE SICK, THE DYING… AND THE DEAD!' New album out September 2. Listen to SOLDIER ON! now.");
    expect(v.links).toEqual(['http://megadeth.lnk.to/sickdyingdead/']);
  });
});

describe.skipIf(!hasFixtures('shortvideo'))(
  hasFixtures('shortvideo') ? 'shortvideo capture as a source profile' : skipReason('shortvideo'),
  () => {
    it('profile-page-sigi-huxleythepandapuppy.html: bio, the beacons.ai bio link as a link page, no mention read from "DMs on IG"', async () => {
      const { f } = fetcher(() => ({ body: readFixture('shortvideo', 'profile-page-sigi-huxleythepandapuppy.html') }));
      const v = await fetchProfileView(f, 'shortvideo', 'huxleythepandapuppy');
      expect(v).toMatchObject({
        platform: 'shortvideo',
        handle: 'huxleythepandapuppy',
        url: 'https://www.tiktok.com/@huxleythepandapuppy',
        displayName: 'Huxley the Panda Puppy🐼🐶(pandaloon',
      });
      expect(v.bio).toBe('DMs on IG, CEO of Pandaloon from Shark Tank. Follow for ur dose of serotonin☺️');
      expect(v.links).toEqual(['https://beacons.ai/huxleythepandapuppy']);
      expect(linkPageOf(v.links[0])).toBe('https://beacons.ai/huxleythepandapuppy');
    });
  },
);

const X_CAPTURES = ['user-by-screen-name-2026.json', 'user-by-screen-name-2025.json'];
describe.skipIf(!hasFixtures('microblog-b'))(
  hasFixtures('microblog-b') ? 'microblog-b UserByScreenName captures as source profiles' : skipReason('microblog-b'),
  () => {
    for (const file of X_CAPTURES) {
      it(`${file}: screen name, name, bio, the expanded website (guest token + UserByScreenName)`, async () => {
        const { f, ctx } = fetcher((r) =>
          r.url.includes('guest/activate')
            ? { body: '{"guest_token":"1900000000000000001"}' }
            : { body: readFixture('microblog-b', file), headers: { 'content-type': 'application/json' } },
        );
        const v = await fetchProfileView(f, 'microblog-b', 'xdevelopers');
        expect(v).toMatchObject({
          platform: 'microblog-b',
          handle: 'XDevelopers',
          url: 'https://x.com/XDevelopers',
          displayName: 'Developers',
        });
        expect(v.bio).toBe('The voice of the X Dev team and your official source for updates, news, and events, related to the X API.');
        expect(v.links).toEqual(['https://docs.x.com/']);
        const q = ctx.requests.find((r) => r.url.includes('/UserByScreenName'))!;
        expect(q.headers?.['x-guest-token']).toBe('1900000000000000001');
        expect(JSON.parse(new URL(q.url).searchParams.get('variables')!)).toMatchObject({ screen_name: 'xdevelopers' });
      });
    }
  },
);

// ---------------------------------------------------------------------------------------------
// Link pages
// ---------------------------------------------------------------------------------------------

describe('the five link pages, through their extractors', () => {
  it('linkpage-a (link.me): web links and the e-mail info link', async () => {
    const { f } = fetcher(() => ({ body: linkmeHtml(linkmeNextData(linkmeProfile('mira.sol'))) }));
    const v = await fetchLinkPage(f, 'https://link.me/Mira.Sol');
    expect(v.url).toBe('https://link.me/mira.sol');
    expect(v.title).toBe('Mira Solano');
    expect(v.links).toEqual(
      expect.arrayContaining([
        'https://www.instagram.com/mira.sol.music/',
        'https://www.tiktok.com/@mirasolmusic',
        'https://mirasol.example/tour',
      ]),
    );
    // Images, referral and deep links are not the creator's links.
    expect(v.links.some((l) => /page\.link|media\.link\.me|\.png/.test(l))).toBe(false);
    // The test page's address is at a reserved `.example` name: a placeholder, never a contact.
    expect(v.emails).toEqual([]);
  });

  it('linkpage-b (linktr.ee): links, platform fields, the e-mail icon; not the vendor footer', async () => {
    const { f } = fetcher(() => ({ body: linktreeHtml(profileNextData(modernAccount('nightowlband'))) }));
    const v = await fetchLinkPage(f, 'https://linktr.ee/NightOwlBand');
    expect(v.url).toBe('https://linktr.ee/nightowlband');
    expect(v.links).toEqual(
      expect.arrayContaining([
        'https://instagram.com/nightowlband',
        'https://www.tiktok.com/@nightowl.band',
        'https://nightowlband.example.org/tour',
        'https://twitch.tv/nightowllive',
      ]),
    );
    // The e-mail icon and an address written in a link title; never the footer's support@linktr.ee.
    expect(v.emails).toEqual(['Mgmt@nightowlband.co.uk', 'hello@nightowlband.co.uk']);
  });

  it('linkpage-c (komi): talent links and modules', async () => {
    const { f, ctx } = fetcher((r) => ({
      body: JSON.stringify(r.url.includes('/modules') ? modulesBody() : talentBody('nightowl')),
      headers: { 'content-type': 'application/json' },
    }));
    const v = await fetchLinkPage(f, 'https://nightowl.komi.io/');
    expect(v.url).toBe('https://nightowl.komi.io');
    expect(v.links).toEqual(expect.arrayContaining(['https://www.instagram.com/nora.hollis/', 'https://norahollis.example/']));
    expect(ctx.requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/talent/usernames/nightowl',
      expect.stringMatching(/^\/api\/talent-profiles\/.+\/modules$/),
    ]);
  });

  it('linkpage-d (pillar) and linkpage-e (lnk.bio): their records, unwrapped redirects, e-mail fields', async () => {
    // Pillar: the shell, its bundles and the GraphQL endpoint's answers.
    const d = fetcher((r) => {
      const a = pillarAnswer(r.url, r.body, [sampleCreator('maraquintero')]);
      return a ? { body: a.body, headers: { 'content-type': a.contentType } } : { status: 404, body: '' };
    });
    const pd = await fetchLinkPage(d.f, 'https://pillar.io/maraquintero');
    expect(pd.url).toBe('https://pillar.io/maraquintero');
    expect(pd.links.length).toBeGreaterThan(0);
    expect(pd.emails.length).toBeGreaterThan(0);
    const e = fetcher(() => ({ body: lnkBioHtml(lnkBioPage('rosaliavega')) }));
    const pe = await fetchLinkPage(e.f, 'https://lnk.bio/RosaliaVega');
    expect(pe.url).toBe('https://lnk.bio/rosaliavega');
    expect(pe.links).toEqual(
      expect.arrayContaining(['https://instagram.com/rosalia.vega.ceramica', 'https://rosaliavega.mx/talleres?utm_source=lnkbio']),
    );
    expect(pe.links.some((l) => l.startsWith('https://lnk.bio/go'))).toBe(false);
    expect(pe.emails).toEqual(['Talleres@rosaliavega.mx']);
  });

  it('records: image and vendor members are not links; every string is read for addresses', () => {
    const rec = {
      avatar: 'https://cdn.example/a.jpg',
      referralLink: 'https://app.page.link/x',
      bio: 'Shop: owl.shop/mugs',
      links: [{ url: 'https://x.com/owl', title: 'mail me: owl [at] owl [dot] shop' }],
      products: [{ url: 'https://store.example/p/1' }],
    };
    expect(recordLinks(rec)).toEqual(['https://owl.shop/mugs', 'https://x.com/owl']);
    expect(recordEmails(rec)).toEqual(['owl@owl.shop']);
  });
});

describe('other link-in-bio hosts: the generic page scan', () => {
  it('reads the creator’s links and addresses, not the vendor’s footer, own pages or own account', async () => {
    const html = beaconsPage(
      'owl',
      'Owl',
      ['https://www.instagram.com/owl.pots/', 'https://beacons.ai/owl/store', 'https://owl.studio/'],
      '<p>mgmt: team@owl.studio</p>',
    );
    const { f } = fetcher(() => ({ body: html }));
    const v = await fetchLinkPage(f, 'https://beacons.ai/Owl?utm=1');
    expect(v.url).toBe('https://beacons.ai/Owl');
    expect(v.links).toEqual(['https://www.instagram.com/owl.pots/', 'https://owl.studio/']);
    expect(v.emails).toEqual(['team@owl.studio']);
  });

  it('a challenge page is UPSTREAM_BLOCKED, never read', async () => {
    const { f } = fetcher(() => ({ status: 403, body: '<html><head><title>Just a moment...</title></head><body></body></html>' }));
    await expect(fetchLinkPage(f, 'https://stan.store/owl')).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
  });

  it('vendor sites are not link pages', () => {
    expect(linkPageOf('https://linktr.ee/')).toBeNull();
    expect(linkPageOf('https://linktr.ee/login')).toBeNull();
    expect(linkPageOf('https://komi.io/')).toBeNull();
    expect(linkPageOf('https://owl.carrd.co/#links')).toBe('https://owl.carrd.co');
    expect(linkPageOf('https://www.instagram.com/owl')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Website crawl
// ---------------------------------------------------------------------------------------------

describe('the bounded website crawl', () => {
  const site = (pages: Record<string, FakeAnswer>) => fetcher((r) => pages[new URL(r.url).pathname] ?? { status: 404, body: 'no' });

  it('contact pages by path score', () => {
    expect(contactScore('https://a.co/contact')).toBe(3);
    expect(contactScore('https://a.co/de/impressum/')).toBe(3);
    expect(contactScore('https://a.co/work-with-me')).toBe(2);
    expect(contactScore('https://a.co/about-us')).toBe(1);
    expect(contactScore('https://a.co/shop/contact-lenses')).toBe(0);
    expect(contactScore('https://a.co/blog/post-1')).toBe(0);
  });

  it('contact pages in other languages, by path or by link text; a /bio page', () => {
    for (const p of [
      '/kontakt',
      '/contacto',
      '/contato',
      '/contatti',
      '/impressum',
      '/nous-contacter',
      '/%E3%81%8A%E5%95%8F%E3%81%84%E5%90%88%E3%82%8F%E3%81%9B',
      '/联系我们',
    ])
      expect(contactScore(`https://a.co${p}`), p).toBe(3);
    // Indonesian, Vietnamese, Arabic contact pages; German, Spanish, Portuguese, Dutch, Indonesian business pages.
    for (const p of ['/kontak', '/hubungi-kami', '/lien-he', '/اتصل-بنا']) expect(contactScore(`https://a.co${p}`), p).toBe(3);
    for (const p of ['/kooperationen', '/colaboraciones', '/parcerias', '/samenwerking', '/kerjasama'])
      expect(contactScore(`https://a.co${p}`), p).toBe(2);
    expect(linkScore({ url: 'https://a.co/p/24', text: 'Kooperationen' })).toBe(2);
    expect(contactScore('https://a.co/bio')).toBe(2);
    expect(contactScore('https://a.co/a-propos')).toBe(1);
    expect(contactScore('https://a.co/chi-siamo/')).toBe(1);
    // The text a visitor clicks, whatever the path.
    expect(linkScore({ url: 'https://a.co/p/17', text: 'Kontakt' })).toBe(3);
    expect(linkScore({ url: 'https://a.co/p/18', text: '📩 Get in touch' })).toBe(3);
    expect(linkScore({ url: 'https://a.co/p/19', text: 'お問い合わせ' })).toBe(3);
    expect(linkScore({ url: 'https://a.co/p/20', text: 'Über mich' })).toBe(1);
    expect(linkScore({ url: 'https://a.co/p/21', text: 'À propos' })).toBe(1);
    expect(linkScore({ url: 'https://a.co/p/22', text: 'Anfragen & Kontakt' })).toBe(3);
    expect(linkScore({ url: 'https://a.co/p/23', text: 'Read our contact lens guide' })).toBe(0);
  });

  it(`a contact page an about page links is read too (at most ${SITE_DEEP_PAGES} such pages), as soon as that page is read`, async () => {
    const { f, ctx } = site({
      '/': { body: sitePage('Home', '<a href="/ueber-uns">Über uns</a><a href="/shop">Shop</a>') },
      '/ueber-uns': {
        body: sitePage(
          'Über uns',
          '<a href="/team/anfragen">Anfragen &amp; Kontakt</a> <a href="/bio">Bio</a> <a href="/presse">Presse</a> <a href="/blog">Blog</a>',
        ),
      },
      '/team/anfragen': { body: sitePage('Kontakt', 'anfragen@owl.studio') },
      '/bio': { body: sitePage('Bio', 'bio@owl.studio') },
    });
    const scan = await crawlSite(f, 'https://owl.studio/');
    // Best first: the contact link (by its text), then /bio; /presse is cut by the bound.
    expect(ctx.requests.map((r) => new URL(r.url).pathname)).toEqual(['/', '/ueber-uns', '/team/anfragen', '/bio']);
    expect(scan.pages.flatMap((p) => p.emails)).toEqual(['anfragen@owl.studio', 'bio@owl.studio']);
    expect(scan.limited).toBe(true);
  });

  it('slots the words leave are filled from the site’s menu (header, nav, footer), never from its body', async () => {
    // An invented site whose menu speaks Swahili ("Kazi nami": work with me), a word list has none of it.
    const body = '<p>New this week: <a href="/blog/ugali-ya-nazi">Ugali ya nazi</a></p>';
    const { f, ctx } = site({
      '/': {
        body: sitePage('Jikoni na Zawadi', body, {
          footer:
            '<a href="/kuhusu">Kuhusu mimi</a> <a href="/kazi-nami">Kazi nami</a> <a href="/duka">Duka</a> <a href="/faragha">Faragha</a>',
        }),
      },
      '/kuhusu': { body: sitePage('Kuhusu', 'Mpishi kutoka Mombasa.') },
      '/kazi-nami': { body: sitePage('Kazi nami', 'Barua pepe: kazi@jikonizawadi.co.ke') },
      '/blog/ugali-ya-nazi': { body: sitePage('Ugali', 'mgeni@example.org') },
    });
    const scan = await crawlSite(f, 'https://jikonizawadi.co.ke/');
    // Menu order, up to the bound; /faragha is left (no cut: the scan is not limited); the article never.
    expect(ctx.requests.map((r) => new URL(r.url).pathname)).toEqual(['/', '/kuhusu', '/kazi-nami', '/duka']);
    expect(scan.pages.flatMap((p) => p.emails)).toEqual(['kazi@jikonizawadi.co.ke']);
    expect(scan.limited).toBe(false);
  });

  it(`the declared page, then at most ${SITE_LINKED_PAGES} more of the same site, best first; other domains never`, async () => {
    const links = ['/about', '/press', '/contact', '/impressum', '/team', '/blog', 'https://other.example/contact']
      .map((p) => `<a href="${p}">x</a>`)
      .join('');
    const { f, ctx } = site({
      '/': { body: sitePage('Home', links) },
      '/contact': { body: sitePage('Contact', 'hi@owl.studio') },
      '/impressum': { body: sitePage('Impressum', 'legal@owl.studio') },
      '/press': { body: sitePage('Press', 'press@owl.studio') },
    });
    const scan = await crawlSite(f, 'https://owl.studio/');
    expect(ctx.requests.map((r) => new URL(r.url).pathname)).toEqual(['/', '/contact', '/impressum', '/press']);
    expect(scan.pages.flatMap((p) => p.emails)).toEqual(['hi@owl.studio', 'legal@owl.studio', 'press@owl.studio']);
    expect(scan.limited).toBe(true); // /about and /team were cut by the page cap
    expect(scan.failed).toEqual([]);
  });

  it('a deep declared page adds the home page; a dead contact link is not a failure; a failing one is', async () => {
    const { f } = site({
      '/tour': { body: sitePage('Tour', '<a href="/contact">c</a><a href="/kontakt">k</a>') },
      '/': { body: sitePage('Home', 'home@owl.studio') },
      '/kontakt': { status: 500, body: 'err' },
    });
    const scan = await crawlSite(f, 'https://owl.studio/tour');
    expect(scan.pages.map((p) => p.url)).toEqual(['https://owl.studio/tour', 'https://owl.studio/']);
    expect(scan.failed).toEqual(['https://owl.studio/kontakt']);
    expect(scan.limited).toBe(false);
  });

  it(`a page over ${PAGE_MAX_BYTES} bytes is skipped and limits the scan`, async () => {
    // The upstream client refuses a body over the request's maxBodyBytes with this error (client.ts).
    const { f, ctx } = fetcher((r) => {
      if (r.url.endsWith('/contact')) throw upstreamFailed(`website: upstream response exceeds ${r.maxBodyBytes} bytes`);
      return { body: sitePage('Home', '<a href="/contact">c</a>') };
    });
    const scan = await crawlSite(f, 'https://owl.studio/');
    expect(ctx.requests.every((r) => r.maxBodyBytes === PAGE_MAX_BYTES)).toBe(true);
    expect(scan).toMatchObject({ limited: true, failed: [] });
  });

  it('a declared address that forwards to another domain is handed back to the caller', async () => {
    const { f } = fetcher(() => ({ body: 'x', url: 'https://linktr.ee/owl' }));
    const scan = await crawlSite(f, 'https://owl.studio/');
    expect(scan).toMatchObject({ redirectedTo: 'https://linktr.ee/owl', pages: [] });
  });
});

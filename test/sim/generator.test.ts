/**
 * The simulated creator web (test/sim/generator.ts): deterministic, every page readable by the
 * real platform parsers, decoys present, Cloudflare's encoding decoded by links/emails.ts, truth
 * consistent with the pages, and served correctly (routes, latencies, faults) by the replay
 * upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { parseLinkmePage } from '../../src/platforms/linkpage-a/parse.js';
import { parseLinktreePage } from '../../src/platforms/linkpage-b/parse.js';
import { pageRecord, readModules, readTalent } from '../../src/platforms/linkpage-c/parse.js';
import {
  pageRecord as pillarRecord,
  readPage as readPillarPage,
  readProducts as readPillarProducts,
} from '../../src/platforms/linkpage-d/parse.js';
import { pageAnswer as pillarPageAnswer, productsAnswer as pillarProductsAnswer } from '../../src/platforms/linkpage-d/samples.js';
import { pillarSimCreator } from './pages.js';
import { parseLnkBioPage } from '../../src/platforms/linkpage-e/parse.js';
import { isVendorChallenge } from '../../src/upstream/blocks/catalogue.js';
import { decodeCfEmail, extractEmails } from '../../src/links/emails.js';
import { parseUserByScreenName } from '../../src/platforms/microblog-b/parse.js';
import { parseStorefrontPage } from '../../src/platforms/retail-shop/parse.js';
import { parseProfilePage } from '../../src/platforms/shortvideo/parse.js';
import { wallError } from '../blocks/wall-answer.js';
import { parseProfile } from '../../src/platforms/social-b/parse.js';
import { buildChannelRecord, parseAboutResponse, parseChannelHtml } from '../../src/platforms/video/parse.js';
import { parseSearchPage } from '../../src/platforms/websearch/parse.js';
import { parseArtist, parseClientId, parseHydratedUser } from '../../src/platforms/audio-c/parse.js';
import { htmlToText, parseProfile as parseTruthProfile } from '../../src/platforms/microblog-a/parse.js';
import { parseProfileResponse, parseSessionPage } from '../../src/platforms/microblog-c/parse.js';
import { parseUser as parsePinUser } from '../../src/platforms/pinboard/parse.js';
import { classifyLink } from '../../src/links/classify.js';
// Facebook pages are read by discovery's social-a page reader (it moves to src/platforms/social-a with issue 13's readers).
import { readIntroCard } from '../../src/platforms/social-a/page.js';
import { startReplayServer } from '../../src/replay/server.js';
import type { ReplayServer } from '../../src/replay/server.js';
import { generateSimWeb } from './generator.js';
import type { SimPage } from './generator.js';
import type { SimAccount } from './model.js';
import { EXTRA_PLATFORMS, HANDLE_RULES, READER_PLATFORMS } from './model.js';
import { cfEncode, cfKey, SC_CLIENT_ID, soundcloudHomeHtml, storefrontPage, tcoUrl, THREADS_LSD } from './pages.js';
import { crawlScore, planFor } from './truth.js';

const web = generateSimWeb({ seed: 11, creators: 48 });

/** `https://x.com/a/` and `x.com/a` compare equal. */
const norm = (u: string) =>
  u
    .replace(/^https?:\/\//i, '')
    .replace(/\/$/, '')
    .toLowerCase();
const lower = (xs: Iterable<string>) => new Set([...xs].map((x) => x.toLowerCase()));

/** Every string value in a record. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
  return out;
}

function urlsIn(v: unknown): Set<string> {
  return new Set(
    strings(v)
      .filter((s) => /^https?:\/\//i.test(s))
      .map(norm),
  );
}

function errorCode(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof ApiError ? e.code : `not an ApiError: ${String(e)}`;
  }
}

const account = (key: string) => web.world.accounts.get(key)!;
const pagesOf = (kind: SimPage['kind']) => web.pages.filter((p) => p.kind === kind);
const modelEmails = (a: SimAccount) => lower(a.emails.map((e) => e.email));

describe('determinism', () => {
  it('the same options give the same world, bytes and truth', () => {
    const again = generateSimWeb({ seed: 11, creators: 48 });
    expect(again.pages.map((p) => `${p.url} ${p.status} ${p.body}`)).toEqual(web.pages.map((p) => `${p.url} ${p.status} ${p.body}`));
    expect(JSON.stringify(again.truth)).toBe(JSON.stringify(web.truth));
    expect(again.routes.map((r) => r.host)).toEqual(web.routes.map((r) => r.host));
  });

  it('another seed gives another world; more creators keep the first ones unchanged', () => {
    const other = generateSimWeb({ seed: 12, creators: 48 });
    expect(other.lookups.map((l) => l.key)).not.toEqual(web.lookups.map((l) => l.key));
    const fewer = generateSimWeb({ seed: 11, creators: 10 });
    // Creator i's draws come from its own stream (collaborator links aside, which pick among all).
    expect(fewer.world.creators.map((c) => `${c.displayName} ${c.handle} ${c.emails.join(',')}`)).toEqual(
      web.world.creators.slice(0, 10).map((c) => `${c.displayName} ${c.handle} ${c.emails.join(',')}`),
    );
  });

  it('one lookup per creator, rotating over the five source platforms', () => {
    expect(web.lookups).toHaveLength(48);
    expect(new Set(web.lookups.map((l) => l.platform))).toEqual(new Set(['social-b', 'shortvideo', 'video', 'microblog-b', 'social-a']));
    for (const l of web.lookups) expect(web.truth[l.key]).toBeDefined();
  });
});

describe('every page parses with the real platform parsers', () => {
  it('social-b web_profile_info JSON', () => {
    const pages = pagesOf('social-b');
    expect(pages.length).toBeGreaterThan(10);
    for (const p of pages) {
      const a = account(p.ref);
      const { data } = parseProfile(JSON.parse(p.body), a.handle);
      expect(data.user.username).toBe(a.handle);
      expect(data.user.full_name).toBe(a.displayName);
      const links = new Set([data.user.external_url, ...data.user.bio_links.map((l) => l.url)].filter((x): x is string => !!x).map(norm));
      expect(links).toEqual(new Set(a.links.map(norm)));
      const found = extractEmails({ text: `${data.user.biography ?? ''}\n${data.user.business_email ?? ''}` });
      expect(lower(found)).toEqual(modelEmails(a));
    }
  });

  it('shortvideo profile pages (current and 2022 SIGI_STATE shapes; captcha for blocked accounts)', () => {
    const pages = pagesOf('shortvideo');
    expect(new Set(pages.map((p) => account(p.ref).shape))).toEqual(new Set(['universal', 'sigi']));
    for (const p of pages) {
      const a = account(p.ref);
      if (a.blocked) {
        // TikTok's captcha page is a wall (shortvideo/walls.ts), answered before the parser.
        expect(wallError('shortvideo', p.body, { status: p.status, url: p.url })?.code).toBe('UPSTREAM_BLOCKED');
        continue;
      }
      const rec = parseProfilePage(p.body, a.handle);
      expect(rec.handle).toBe(a.handle);
      expect(rec.displayName).toBe(a.displayName);
      expect(new Set(rec.bioLinks.map(norm))).toEqual(new Set(a.links.map(norm)));
      expect(lower(extractEmails({ text: rec.bio ?? '' }))).toEqual(modelEmails(a));
    }
  });

  it('video channel page + youtubei about panel', () => {
    const pages = pagesOf('video');
    expect(pages.length).toBeGreaterThan(10);
    for (const p of pages) {
      const a = account(p.ref);
      const page = parseChannelHtml(p.body);
      expect(page.channelId).toBe(a.channelId);
      expect(page.handle).toBe(a.handle);
      expect(page.aboutToken).toBeTruthy();
      const about = pagesOf('video-about').find((x) => x.ref === p.ref)!;
      const rec = buildChannelRecord(page, parseAboutResponse(JSON.parse(about.body)));
      expect(rec.links.map(norm)).toEqual(a.links.map(norm));
      expect(lower(extractEmails({ text: rec.description ?? '' }))).toEqual(modelEmails(a));
    }
  });

  it('microblog-b UserByScreenName (2026 user shape)', () => {
    const pages = pagesOf('microblog-b');
    expect(pages.length).toBeGreaterThan(10);
    for (const p of pages) {
      const a = account(p.ref);
      const user = parseUserByScreenName(JSON.parse(p.body), a.handle);
      expect(user.legacy.screen_name).toBe(a.handle);
      expect(user.legacy.name).toBe(a.displayName);
      const expanded = [...user.legacy.entities.url.urls, ...user.legacy.entities.description.urls].map(
        (u) => (u as { expanded_url: string }).expanded_url,
      );
      expect(new Set(expanded.map(norm))).toEqual(new Set(a.links.map(norm)));
      expect(lower(extractEmails({ text: user.legacy.description ?? '' }))).toEqual(modelEmails(a));
    }
  });

  it('link pages of the five hosts; challenges are UPSTREAM_BLOCKED', () => {
    const kinds = new Set<string>();
    for (const lp of web.world.linkPages.values()) {
      kinds.add(lp.kind);
      const served = web.pages.filter((p) => p.ref === `${lp.kind}:${lp.username.toLowerCase()}`);
      expect(served.length).toBe(lp.kind === 'linkpage-c' ? 2 : 1);
      if (lp.status === 'challenge') {
        for (const s of served) {
          expect(s.status).toBe(403);
          expect(isVendorChallenge(s.body)).toBe(true);
        }
        continue;
      }
      let record: unknown;
      switch (lp.kind) {
        case 'linkpage-a':
          record = parseLinkmePage(served[0].body, lp.username);
          break;
        case 'linkpage-b':
          record = parseLinktreePage(served[0].body, lp.username);
          break;
        case 'linkpage-c':
          record = pageRecord(readTalent(JSON.parse(served[0].body), lp.username), readModules(JSON.parse(served[1].body)), lp.username);
          break;
        case 'linkpage-d': {
          // The page served is the single-page shell; its data is the GraphQL endpoint's answers.
          const c = pillarSimCreator(lp);
          const page = readPillarPage(pillarPageAnswer(c), { id: c.id, by: 'url_key' }, lp.username);
          record = pillarRecord(page, readPillarProducts(pillarProductsAnswer(c), lp.username, c.id));
          break;
        }
        case 'linkpage-e':
          record = parseLnkBioPage(served[0].body, lp.username);
          break;
      }
      const urls = urlsIn(record);
      for (const l of lp.links) expect(urls, `${lp.url} → ${l.url}`).toContain(norm(l.url));
      expect(lower(extractEmails({ text: strings(record).join('\n') })), lp.url).toEqual(lower(lp.email ? [lp.email.email] : []));
    }
    expect(kinds).toEqual(new Set(['linkpage-a', 'linkpage-b', 'linkpage-c', 'linkpage-d', 'linkpage-e']));
  });

  it('creator websites: exactly the placed addresses are read (decoy strings rejected), every link present', () => {
    for (const site of web.world.sites.values()) {
      for (const page of site.pages) {
        const served = web.pages.find((p) => p.kind === 'site' && p.url === page.url)!;
        if (page.status === 'challenge') {
          expect(served.status).toBe(403);
          expect(isVendorChallenge(served.body)).toBe(true);
          continue;
        }
        expect(served.status).toBe(200);
        expect(isVendorChallenge(served.body)).toBe(false);
        expect(lower(extractEmails({ html: served.body })), page.url).toEqual(lower(page.emails.map((e) => e.email)));
        const hrefs = new Set(
          [...served.body.matchAll(/href="([^"]+)"/g)].map((m) => norm(new URL(m[1].replace(/&amp;/g, '&'), page.url).href)),
        );
        for (const l of page.links) expect(hrefs, page.url).toContain(norm(l.url));
      }
    }
  });

  it('Google result pages: the creator’s results in order, no-results for strangers, the captcha page when blocked', () => {
    for (const c of web.world.creators) {
      const s = web.search(`"${c.displayName}"`);
      expect(s.creator).toBe(c.index);
      if (c.search.blocked) {
        expect(errorCode(() => parseSearchPage(s.body))).toBe('UPSTREAM_BLOCKED');
        continue;
      }
      expect(parseSearchPage(s.body).results.map((r) => r.url)).toEqual(c.search.results.map((r) => r.url));
      const byHandle = web.search(`${c.handle} instagram`);
      expect(byHandle.creator).toBe(c.index);
      const site = web.search(`site:instagram.com ${c.handle}`);
      if (!c.search.blocked) for (const r of parseSearchPage(site.body).results) expect(r.url).toMatch(/instagram\.com/);
    }
    expect(parseSearchPage(web.search('zzqx nobody here').body).results).toEqual([]);
  });

  it('retail storefronts and articles (shared domains, not creators’ sites)', () => {
    expect(parseStorefrontPage(storefrontPage('avahart', 'Ava Hart'), 'avahart').name).toBe('Ava Hart');
    for (const a of pagesOf('article')) expect(extractEmails({ html: a.body })).toHaveLength(1);
  });
});

describe("the other reader platforms: every page in its platform's public shape", () => {
  const linksOf = (a: SimAccount) => new Set(a.links.map(norm));
  const pageOf = (kind: SimPage['kind'], a: SimAccount) => web.pages.find((p) => p.kind === kind && p.ref === a.key)!;
  const accounts = (platform: string) => [...web.world.accounts.values()].filter((a) => a.platform === platform && !a.fault);

  it("every reader platform has accounts, every handle follows its platform's rules", () => {
    for (const p of READER_PLATFORMS) expect(accounts(p).length, p).toBeGreaterThan(2);
    for (const a of web.world.accounts.values())
      if (a.platform !== 'professional') expect(HANDLE_RULES[a.platform].test(a.handle.toLowerCase()), a.key).toBe(true);
    // The creator's handle takes each platform's spelling: no dots on GitHub, X or SoundCloud, no underscores on GitHub.
    for (const a of web.world.accounts.values()) {
      if (a.platform === 'code') expect(a.handle).not.toMatch(/[._]/);
      if (a.platform === 'microblog-b' || a.platform === 'audio-c') expect(a.handle).not.toMatch(/\./);
      expect(classifyLink(a.url), a.url).toMatchObject({ platform: a.platform });
    }
  });

  it("social-a: the logged-out page's intro card (discovery's page reader): name, vanity, id, website, other accounts, e-mail", () => {
    for (const a of accounts('social-a')) {
      const card = readIntroCard(pageOf('social-a', a).body);
      expect(card.vanity).toBe(a.handle);
      expect(card.id).toBe(a.numericId);
      expect(card.name).toBe(a.displayName);
      expect(new Set([...card.websites, ...card.accounts].map(norm))).toEqual(linksOf(a));
      expect(lower([...card.emails, ...extractEmails({ text: card.bio ?? '' })])).toEqual(modelEmails(a));
    }
  });

  it('code: GitHub users/<u> (name, bio, blog, email, twitter_username) and social_accounts', () => {
    for (const a of accounts('code')) {
      const u = JSON.parse(pageOf('code', a).body) as Record<string, string | null>;
      const social = JSON.parse(pageOf('code-social', a).body) as { provider: string; url: string }[];
      expect(u.login).toBe(a.handle);
      expect(u.name).toBe(a.displayName);
      expect(u.type).toBe('User');
      const links = new Set([...(u.blog ? [u.blog] : []), ...social.map((x) => x.url)].map(norm));
      expect(links).toEqual(linksOf(a));
      for (const x of social) expect(x.provider).toMatch(/^(?:twitter|instagram|youtube|facebook|reddit|linkedin|mastodon|generic)$/);
      if (u.twitter_username)
        expect(social.some((x) => x.provider === 'twitter' && norm(x.url) === `x.com/${u.twitter_username!.toLowerCase()}`)).toBe(true);
      expect(lower(extractEmails({ text: `${u.bio ?? ''}\n${u.email ?? ''}` }))).toEqual(modelEmails(a));
    }
  });

  it('forum: Reddit about.json (t2, subreddit.public_description, title)', () => {
    for (const a of accounts('forum')) {
      const j = JSON.parse(pageOf('forum', a).body) as {
        kind: string;
        data: { name: string; subreddit: { title: string; public_description: string; display_name_prefixed: string } };
      };
      expect(j.kind).toBe('t2');
      expect(j.data.name).toBe(a.handle);
      expect(j.data.subreddit.display_name_prefixed).toBe(`u/${a.handle}`);
      expect(j.data.subreddit.title).toBe(a.displayName);
      for (const l of a.links) expect(j.data.subreddit.public_description).toContain(l);
      expect(lower(extractEmails({ text: j.data.subreddit.public_description }))).toEqual(modelEmails(a));
    }
  });

  it("audio-c: the home page's client_id, resolve → the artist (audio-c parseArtist), web-profiles, the profile page's user hydratable", () => {
    expect(parseClientId(soundcloudHomeHtml())).toBe(SC_CLIENT_ID);
    for (const a of accounts('audio-c')) {
      const artist = parseArtist(JSON.parse(pageOf('audio-c', a).body), a.handle);
      expect(artist.permalink).toBe(a.handle);
      expect(artist.username).toBe(a.displayName);
      expect(lower(extractEmails({ text: artist.description ?? '' }))).toEqual(modelEmails(a));
      const profiles = JSON.parse(pageOf('audio-c-web-profiles', a).body) as { url: string; network: string }[];
      expect(new Set(profiles.map((p) => norm(p.url)))).toEqual(linksOf(a));
      expect(parseHydratedUser(pageOf('audio-c-page', a).body)?.permalink).toBe(a.handle);
    }
  });

  it('microblog-a: Truth Social accounts/lookup (microblog-a parseProfile): note, website, fields', () => {
    for (const a of accounts('microblog-a')) {
      const body = JSON.parse(pageOf('microblog-a', a).body) as { website: string; fields: { name: string; value: string }[] };
      const p = parseTruthProfile(body);
      expect(p.username).toBe(a.handle);
      expect(p.display_name).toBe(a.displayName);
      const fieldUrls = body.fields.flatMap((f) => [...f.value.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&')));
      expect(new Set([...(body.website ? [body.website] : []), ...fieldUrls].map(norm))).toEqual(linksOf(a));
      const fieldText = body.fields.map((f) => htmlToText(f.value)).join('\n');
      expect(lower(extractEmails({ text: `${htmlToText(p.note ?? '')}\n${fieldText}` }))).toEqual(modelEmails(a));
    }
  });

  it('microblog-c: the Threads profile page (lsd, user blob, og tags) and the profile query (microblog-c parseProfileResponse)', () => {
    for (const a of accounts('microblog-c')) {
      const html = pageOf('microblog-c', a).body;
      expect(parseSessionPage(html).lsd).toBe(THREADS_LSD);
      expect(html).toContain(`<meta property="og:title" content="${a.displayName.replace(/&/g, '&amp;')} (&#064;${a.handle}) on Threads">`);
      const { user } = parseProfileResponse(JSON.parse(pageOf('microblog-c-graphql', a).body));
      expect(user.username).toBe(a.handle);
      expect(user.pk).toBe(a.numericId);
      const raw = user as unknown as { bio_links: { url: string }[]; biography: string; full_name: string };
      expect(raw.full_name).toBe(a.displayName);
      expect(new Set(raw.bio_links.map((l) => norm(l.url)))).toEqual(linksOf(a));
      expect(lower(extractEmails({ text: raw.biography }))).toEqual(modelEmails(a));
    }
  });

  it("pinboard: Pinterest UserResource (pinboard parseUser) and the profile page's initial state", () => {
    for (const a of accounts('pinboard')) {
      const res = JSON.parse(pageOf('pinboard-resource', a).body) as {
        resource_response: { status: string; data: { about: string; website_url: string | null } };
      };
      expect(res.resource_response.status).toBe('success');
      const u = parsePinUser(res.resource_response.data)!;
      expect(u.username).toBe(a.handle);
      expect(u.full_name).toBe(a.displayName);
      const d = res.resource_response.data;
      const links = new Set([...(d.website_url ? [d.website_url] : []), ...a.links.filter((l) => d.about.includes(l))].map(norm));
      expect(links).toEqual(linksOf(a));
      expect(lower(extractEmails({ text: d.about }))).toEqual(modelEmails(a));
      expect(pageOf('pinboard', a).body).toContain('__PWS_INITIAL_PROPS__');
    }
  });
});

describe('harder reach: other languages, deep pages, accounts only another account links', () => {
  const entries = Object.values(web.truth);

  it('localized sites: contact pages in German, Spanish, French, Portuguese and Japanese (and /bio) hold reachable addresses', () => {
    const langs = new Set([...web.world.sites.values()].filter((s) => s.creator !== null).map((s) => s.lang));
    for (const l of ['en', 'de', 'es', 'fr', 'pt', 'ja']) expect(langs, l).toContain(l);
    const sourcePages = new Set(
      entries.flatMap((t) =>
        Object.values(t.emailSources)
          .flat()
          .filter((s) => s.type === 'website')
          .map((s) => decodeURIComponent(new URL(s.url).pathname)),
      ),
    );
    const localized = [...sourcePages].filter((p) =>
      /kontakt|impressum|contacto|contato|a-propos|お問い合わせ|otoiawase|sobre|ueber-mich/.test(p),
    );
    expect(localized.length).toBeGreaterThan(0);
    // The crawl's words: path segments and link texts in several languages, never the blog or the privacy page.
    expect(crawlScore('https://x.de/impressum', 'nav:Impressum')).toBe(3);
    expect(crawlScore('https://x.jp/%E3%81%8A%E5%95%8F%E3%81%84%E5%90%88%E3%82%8F%E3%81%9B', '')).toBe(3);
    expect(crawlScore('https://x.com/bio', '')).toBe(1);
    expect(crawlScore('https://x.com/pages/x', 'nav:Get in touch')).toBe(3);
    expect(crawlScore('https://x.fr/confidentialite', 'nav:Confidentialité')).toBe(0);
  });

  it('some sites are declared by a deeper page; some answer a Cloudflare challenge on every page', () => {
    const sites = [...web.world.sites.values()].filter((s) => s.creator !== null);
    expect(sites.some((s) => new URL(s.declaredUrl).pathname.length > 1)).toBe(true);
    const stressed = generateSimWeb({ seed: 11, creators: 48, siteChallengeRate: 0.3 });
    const challenged = [...stressed.world.sites.values()].filter((s) => s.status === 'challenge');
    expect(challenged.length).toBeGreaterThan(0);
    for (const s of challenged)
      for (const p of stressed.pages.filter((x) => x.kind === 'site' && new URL(x.url).host === s.host))
        expect(isVendorChallenge(p.body)).toBe(true);
  });

  it('accounts on every non-source reader platform are reachable, some only through another account, some only by search', () => {
    const reached = new Set(entries.flatMap((t) => t.profiles.map((p) => p.platform)));
    for (const p of EXTRA_PLATFORMS) expect(reached, p).toContain(p);
    const only = (v: string) => entries.some((t) => t.profiles.some((p) => p.via.length === 1 && p.via[0] === v));
    expect(only('profile_link')).toBe(true);
    expect(
      entries.some((t) =>
        t.profiles.some((p) => p.verifiedBy === 'reciprocal' && (EXTRA_PLATFORMS as readonly string[]).includes(p.platform)),
      ),
    ).toBe(true);
  });

  it('same-handle probes only where the handle fits: GitHub and Reddit only with a token', () => {
    const withToken = generateSimWeb({ seed: 11, creators: 48, tokens: ['code', 'forum'] });
    const sameHandle = (w: typeof web, platform: string) =>
      Object.values(w.truth).flatMap((t) => t.profiles.filter((p) => p.platform === platform && p.via.includes('same_handle')));
    expect(sameHandle(web, 'code')).toEqual([]);
    expect(sameHandle(withToken, 'code').length + sameHandle(withToken, 'forum').length).toBeGreaterThan(0);
    for (const t of entries)
      for (const p of t.profiles.filter((x) => x.via.includes('same_handle')))
        expect(HANDLE_RULES[p.platform as keyof typeof HANDLE_RULES].test(t.source.handle.toLowerCase())).toBe(true);
  });
});

describe('decoys are present', () => {
  const accounts = [...web.world.accounts.values()];
  const roles = new Set(accounts.map((a) => a.role));

  it('same handle owned by someone else, namesakes, look-alikes, hidden and silent own accounts', () => {
    for (const role of ['same-handle-decoy', 'namesake-decoy', 'lookalike-decoy', 'own-hidden', 'own-silent'] as const)
      expect(roles, role).toContain(role);
    for (const a of accounts.filter((x) => x.role === 'same-handle-decoy' || x.role === 'namesake-decoy')) {
      const c = web.world.creators.find((x) => x.decoys.includes(a.key))!;
      const handles = c.accounts.map((k) => k.split(':')[1]);
      expect(handles).toContain(a.handle.toLowerCase());
      expect(c.accounts).not.toContain(a.key);
    }
    expect(accounts.some((a) => a.role === 'namesake-decoy' && web.world.creators.some((c) => c.displayName === a.displayName))).toBe(true);
    expect(accounts.some((a) => a.role === 'same-handle-decoy' && a.blocked)).toBe(true);
  });

  it('fans link TO the creator (profile, website, link page) on several platforms, near-identical handles, some with the creator’s name; none is reachable', () => {
    const fans = accounts.filter((a) => a.role === 'fan-decoy');
    expect(new Set(fans.map((a) => a.platform)).size).toBeGreaterThanOrEqual(6);
    const creatorOf = (a: SimAccount) => web.world.creators.find((c) => c.decoys.includes(a.key))!;
    let sameName = 0;
    let inSearch = 0;
    const linked = new Set<string>();
    for (const a of fans) {
      const c = creatorOf(a);
      expect(a.creator).toBeNull();
      expect(c.accounts).not.toContain(a.key);
      // Near-identical: the creator's handle inside, never the handle itself.
      expect(a.handle.toLowerCase()).not.toBe(c.handle.toLowerCase());
      expect(a.handle.toLowerCase().replace(/[^a-z0-9]/g, '')).toContain(
        c.handle
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
          .slice(0, 8),
      );
      // Every link leads to the creator: an own account, the website or the link page.
      const own = new Set([
        ...c.accounts.map((k) => norm(web.world.accounts.get(k)!.url)),
        ...(c.site ? [norm(web.world.sites.get(c.site)!.declaredUrl)] : []),
        ...(c.linkPage ? [norm(web.world.linkPages.get(c.linkPage)!.url)] : []),
      ]);
      for (const l of a.links) {
        expect(own, `${a.key} → ${l}`).toContain(norm(l));
        linked.add(web.world.accounts.get(c.primary)!.url === l ? 'profile' : c.site && norm(l).includes(c.site) ? 'site' : 'other');
      }
      if (a.displayName === c.displayName) sameName++;
      if (c.search.results.some((r) => r.url === a.url)) inSearch++;
    }
    expect(linked).toEqual(new Set(['profile', 'site', 'other']));
    expect(sameName).toBeGreaterThan(0);
    expect(inSearch).toBeGreaterThan(fans.length / 2);
    // By the rules a link to the creator is no evidence: no fan is reachable, from any source.
    const fanKeys = new Set(fans.map((a) => a.key));
    for (const t of Object.values(web.truth))
      for (const p of t.profiles) expect(fanKeys.has(`${p.platform}:${p.handle.toLowerCase()}`), `${t.key}: ${p.url}`).toBe(false);
  });

  it('shared generic domains: decoys link through link-page hosts, bit.ly and amazon.com like creators do', () => {
    const decoyLinks = accounts.filter((a) => a.role === 'same-handle-decoy').flatMap((a) => a.links);
    const creatorLinks = [...web.world.linkPages.values()].filter((p) => p.creator !== null).flatMap((p) => p.links.map((l) => l.url));
    for (const host of ['bit.ly', 'www.amazon.com']) {
      expect(
        decoyLinks.some((u) => new URL(u).hostname === host),
        host,
      ).toBe(true);
      expect(
        creatorLinks.some((u) => new URL(u).hostname === host),
        host,
      ).toBe(true);
    }
    const decoyPageHosts = new Set(
      [...web.world.linkPages.values()]
        .filter((p) => p.creator === null)
        .map((p) => new URL(p.url).hostname.replace(/^[^.]+\.komi\.io$/, 'komi.io')),
    );
    const creatorPageHosts = new Set(
      [...web.world.linkPages.values()]
        .filter((p) => p.creator !== null)
        .map((p) => new URL(p.url).hostname.replace(/^[^.]+\.komi\.io$/, 'komi.io')),
    );
    expect([...decoyPageHosts].some((h) => creatorPageHosts.has(h))).toBe(true);
  });

  it('short links: creators link through bit.ly, tinyurl.com and buff.ly (to their sites among others); one shortener is down; some are dead', () => {
    const isShort = (u: string) => /^https:\/\/(?:bit\.ly|tinyurl\.com|buff\.ly|ow\.ly)\//.test(u);
    const creatorLinks = [
      ...accounts.filter((a) => a.creator !== null).flatMap((a) => a.links),
      ...[...web.world.linkPages.values()].filter((p) => p.creator !== null).flatMap((p) => p.links.map((l) => l.url)),
    ];
    const shorts = creatorLinks.filter(isShort);
    expect(new Set(shorts.map((u) => new URL(u).host))).toEqual(new Set(['bit.ly', 'tinyurl.com', 'buff.ly', 'ow.ly']));
    expect(shorts.some((u) => !web.world.redirects.has(u))).toBe(true); // dead
    expect(web.world.hosts.get('ow.ly')?.status).toBe('fail');
    // Truth reaches creators' websites through short links: a chain goes short link → the site.
    const entries = Object.values(web.truth);
    const siteHosts = new Set([...web.world.sites.values()].filter((x) => x.creator !== null).flatMap((x) => [x.host, x.domain]));
    expect(
      entries.some((t) =>
        t.criticalChain.some((u, i) => isShort(u) && siteHosts.has(new URL(t.criticalChain[i + 1] ?? 'https://none/').host)),
      ),
    ).toBe(true);
    expect(entries.some((t) => t.failingRequests.some((u) => u.startsWith('https://ow.ly/')))).toBe(true);
  });

  it('placeholder, image-name and DSN strings sit on pages and are not addresses', () => {
    const decoys = [...web.world.sites.values()].flatMap((s) => s.pages.flatMap((p) => p.decoyStrings));
    expect(decoys).toContain('you@example.com');
    expect(decoys).toContain('your@email.com');
    expect(decoys.some((d) => /@\dx\./.test(d))).toBe(true);
    expect(decoys.some((d) => /ingest\.sentry\.io/.test(d))).toBe(true);
    for (const d of decoys) expect(extractEmails({ text: d })).toEqual([]);
  });

  it('every obfuscation is used: [at]/[dot], (at), entities, Cloudflare (both forms), JSON-LD, mailto', () => {
    const encodings = new Set([
      ...accounts.flatMap((a) => a.emails.map((e) => e.encoding)),
      ...[...web.world.sites.values()].flatMap((s) => s.pages.flatMap((p) => p.emails.map((e) => e.encoding))),
    ]);
    for (const e of ['plain', 'mailto', 'bracket', 'paren', 'entities', 'cfemail', 'cfhref', 'jsonld', 'contact_field'] as const)
      expect(encodings, e).toContain(e);
  });

  it('challenge pages, failing, resetting, hanging and slow hosts', () => {
    const stressed = generateSimWeb({ seed: 11, creators: 48, failingSiteRate: 0.2, hangingSiteRate: 0.1, slowSiteRate: 0.2 });
    const sites = [...stressed.world.sites.values()];
    for (const s of ['fail', 'reset', 'hang'] as const)
      expect(
        sites.some((x) => x.status === s),
        s,
      ).toBe(true);
    expect(sites.some((x) => x.latencyMs >= 1200)).toBe(true);
    expect(sites.some((x) => x.pages.some((p) => p.status === 'challenge'))).toBe(true);
    expect([...stressed.world.linkPages.values()].some((p) => p.status === 'challenge')).toBe(true);
    expect(stressed.world.creators.some((c) => c.search.blocked)).toBe(true);
    expect(Object.values(stressed.truth).some((t) => t.deadlineBound)).toBe(true);
  });
});

describe('accounts under other handles that link the creator: second accounts, fans, clip channels, impersonators', () => {
  const accounts = [...web.world.accounts.values()];
  const byRole = (role: SimAccount['role']) => accounts.filter((a) => a.role === role);
  const creatorOf = (a: SimAccount) => web.world.creators.find((c) => c.accounts.includes(a.key) || c.decoys.includes(a.key))!;
  const inSearch = (a: SimAccount) => creatorOf(a).search.results.some((r) => r.url === a.url);
  /** Every URL something of the creator links (accounts, link page, website pages). */
  const creatorLinks = (c: ReturnType<typeof creatorOf>) =>
    new Set(
      [
        ...c.accounts.map((k) => web.world.accounts.get(k)!).flatMap((a) => a.links),
        ...(c.linkPage ? web.world.linkPages.get(c.linkPage)!.links.map((l) => l.url) : []),
        ...(c.site ? web.world.sites.get(c.site)!.pages.flatMap((p) => p.links.map((l) => l.url)) : []),
      ].map(norm),
    );

  it('the mix of second accounts to everybody else’s follows `mix` (1:3 … 3:1)', () => {
    const ratio = (mix: number) => {
      const w = generateSimWeb({ seed: 11, creators: 48, mix });
      const roles = [...w.world.accounts.values()].map((a) => a.role);
      const seconds = roles.filter((r) => r === 'own-second').length;
      const others = roles.filter((r) => r === 'fan-decoy' || r === 'clip-fan' || r === 'impersonator').length;
      return seconds / others;
    };
    expect(ratio(1 / 3)).toBeGreaterThan(0.2);
    expect(ratio(1 / 3)).toBeLessThan(0.55);
    expect(ratio(3)).toBeGreaterThan(2);
    expect(ratio(3)).toBeLessThan(5);
  });

  it('second accounts: nothing of the creator links them, most are in web search; kinds, renamed handles, every level of evidence', () => {
    const seconds = byRole('own-second');
    expect(seconds.length).toBeGreaterThan(20);
    for (const a of seconds) {
      expect(creatorLinks(creatorOf(a)), a.key).not.toContain(norm(a.url));
      expect(a.creator).not.toBeNull();
    }
    expect(seconds.filter(inSearch).length).toBeGreaterThan(seconds.length / 2);
    expect(new Set(seconds.map((a) => a.second!.kind))).toEqual(new Set(['clips', 'live', 'tv', 'dev', 'alt', 'renamed']));
    expect(new Set(seconds.map((a) => a.second!.evidence))).toEqual(new Set(['strong', 'medium', 'little']));
    // A renamed account's handle does not contain the creator's.
    expect(seconds.some((a) => a.second!.kind === 'renamed' && !a.handle.includes(creatorOf(a).handle.slice(0, 6)))).toBe(true);
    // Some show the creator's contact, some are named by the creator's own pages.
    expect(seconds.some((a) => a.emails.some((e) => creatorOf(a).emails.includes(e.email.toLowerCase())))).toBe(true);
    const named = (a: SimAccount) => {
      const c = creatorOf(a);
      const texts = [
        web.world.accounts.get(c.primary)!.bio,
        ...(c.site ? web.world.sites.get(c.site)!.pages.flatMap((p) => p.texts ?? []) : []),
      ];
      return texts.some((t) => t.toLowerCase().includes(`@${a.handle.toLowerCase()}`));
    };
    expect(seconds.some(named)).toBe(true);
    // Little evidence: the creator's profile and the creator's name, nothing else — what a fan shows.
    expect(seconds.some((a) => a.second!.evidence === 'little' && a.links.length === 1 && !a.markers?.second)).toBe(true);
  });

  it('fans say so in ten languages (or not at all); clip channels look like second accounts; impersonators copy the bio and link back', () => {
    const fans = byRole('fan-decoy');
    const many = [...generateSimWeb({ seed: 11, creators: 96, mix: 1 / 3 }).world.accounts.values()];
    const bios = many.filter((a) => a.markers?.fan).map((a) => a.bio);
    const languages = [
      /fan account|just a fan|updates about|fan page|stan account|fan-run/,
      /Fanseite|Fan-Account|kein offizieller/,
      /cuenta fan|club de fans|actualizaciones/,
      /compte fan|page fan|actus/,
      /fã|atualizações/,
      /non ufficiale|account fan/,
      /ファン/,
      /팬/,
      /hayran/,
      /fanpage|fanowskie/,
    ];
    for (const re of languages)
      expect(
        bios.some((b) => re.test(b)),
        String(re),
      ).toBe(true);
    expect(fans.some((a) => !a.markers?.fan && a.displayName === creatorOf(a).displayName)).toBe(true);

    const clips = byRole('clip-fan');
    expect(clips.some((a) => /clips|highlights|vods|edits/.test(a.handle) && !a.markers?.fan)).toBe(true);

    const imps = byRole('impersonator');
    expect(imps.length).toBeGreaterThan(5);
    for (const a of imps) {
      const c = creatorOf(a);
      expect(a.handle.toLowerCase()).not.toBe(c.handle.toLowerCase());
      expect(a.handle.toLowerCase().replace(/[^a-z0-9]/g, '')).toContain(
        c.handle
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
          .slice(0, 8),
      );
    }
    expect(
      imps.some((a) => a.bio === web.world.accounts.get(creatorOf(a).primary)!.bio && a.displayName === creatorOf(a).displayName),
    ).toBe(true);
    expect(imps.some((a) => a.links.includes(web.world.accounts.get(creatorOf(a).primary)!.url))).toBe(true);
    expect(imps.some((a) => a.markers?.second)).toBe(true); // "backup account", "new account"
  });

  it('by the rules: a second account the lookup meets with one-way evidence is reachable (`one_way`), no one else’s ever is', () => {
    const oneWay = Object.values(web.truth).flatMap((t) => t.profiles.filter((p) => p.verifiedBy === 'one_way').map((p) => ({ t, p })));
    expect(oneWay.length).toBeGreaterThan(10);
    for (const { t, p } of oneWay) {
      const a = web.world.accounts.get(`${p.platform}:${p.handle.toLowerCase()}`)!;
      expect(a.creator, p.url).toBe(t.creator);
      expect(p.via).toContain('websearch');
    }
    const strangers = new Set(accounts.filter((a) => a.creator === null).map((a) => a.key));
    for (const t of Object.values(web.truth))
      for (const p of t.profiles) expect(strangers.has(`${p.platform}:${p.handle.toLowerCase()}`), `${t.key}: ${p.url}`).toBe(false);
  });

  it('a fan squatting the creator’s exact handle and linking back is not tied by the handle (it says it is a fan)', () => {
    const w = generateSimWeb({ seed: 11, creators: 48, squatterRate: 1 });
    const squatters = [...w.world.accounts.values()].filter((a) => a.role === 'fan-squatter');
    expect(squatters.length).toBeGreaterThan(3);
    for (const a of squatters) {
      const c = w.world.creators.find((x) => x.decoys.includes(a.key))!;
      expect(a.handle).toBe(w.world.accounts.get(c.primary)!.handle.toLowerCase());
      expect(a.links).toEqual([w.world.accounts.get(c.primary)!.url]);
    }
    const keys = new Set(squatters.map((a) => a.key));
    for (const t of Object.values(w.truth))
      for (const p of t.profiles) expect(keys.has(`${p.platform}:${p.handle.toLowerCase()}`)).toBe(false);
  });
});

describe('Cloudflare e-mail protection', () => {
  it('cfEncode round-trips through links/emails.ts decodeCfEmail for every key', () => {
    for (const key of [0x01, 0x5a, 0x7f, 0x80, 0xff])
      expect(decodeCfEmail(cfEncode('Booking+tour@mira-sol.co.uk', key))).toBe('Booking+tour@mira-sol.co.uk');
  });

  it('every protected address on a page decodes to the placed address and is found by extractEmails', () => {
    let n = 0;
    for (const site of web.world.sites.values()) {
      for (const page of site.pages) {
        const served = web.pages.find((p) => p.url === page.url)!;
        if (page.status === 'challenge') continue;
        for (const e of page.emails.filter((x) => x.encoding === 'cfemail' || x.encoding === 'cfhref')) {
          n++;
          const hex = cfEncode(e.email, cfKey(e.email));
          expect(served.body).toContain(hex);
          expect(served.body).not.toContain(e.email);
          expect(decodeCfEmail(hex)).toBe(e.email);
          expect(lower(extractEmails({ html: served.body }))).toContain(e.email.toLowerCase());
        }
      }
    }
    expect(n).toBeGreaterThan(0);
  });
});

describe('truth', () => {
  const entries = Object.values(web.truth);

  it('is consistent with ownership: nothing verified or reachable belongs to someone else', () => {
    for (const t of entries) expect(t.inconsistencies, t.key).toEqual([]);
    for (const t of entries) {
      const owned = new Set(t.ownedProfiles.map((p) => `${p.platform}:${p.handle.toLowerCase()}`));
      for (const p of t.profiles) expect(owned, t.key).toContain(`${p.platform}:${p.handle.toLowerCase()}`);
      for (const e of t.emails) {
        expect(t.ownedEmails).toContain(e);
        expect(t.emailSources[e].length).toBeGreaterThan(0);
      }
      expect(t.profiles[0]).toMatchObject({
        platform: t.source.platform,
        handle: t.source.handle,
        via: expect.arrayContaining(['source']),
      });
    }
  });

  it('every reachable address is really on the page its source names, in the encoding it names', () => {
    for (const t of entries) {
      for (const [email, sources] of Object.entries(t.emailSources)) {
        for (const s of sources) {
          if (s.type !== 'website') continue;
          const served = web.pages.find((p) => p.kind === 'site' && p.url === s.url)!;
          expect(lower(extractEmails({ html: served.body })), `${email} on ${s.url}`).toContain(email);
        }
      }
    }
  });

  it('decoys are unreachable, hidden profiles need web search, and some owned things stay out of reach', () => {
    const viaSets = entries.flatMap((t) => t.profiles.map((p) => p.via));
    expect(viaSets.some((v) => v.length === 1 && v[0] === 'websearch')).toBe(true);
    expect(entries.some((t) => t.ownedEmails.length > t.emails.length)).toBe(true);
    expect(entries.some((t) => t.ownedProfiles.length > t.profiles.length)).toBe(true);
    for (const verifiedBy of ['explicit', 'reciprocal', 'shared_website'] as const)
      expect(
        entries.some((t) => t.profiles.some((p) => p.verifiedBy === verifiedBy)),
        verifiedBy,
      ).toBe(true);
  });

  it('the plan starts nothing from a failure: a candidate whose read failed shows no links to read', () => {
    // A failure answers at once (no latency), so a request planned after one would start at the
    // failure's instant and shorten the critical path (it did: a failing same-handle probe that a
    // creator website also links made its link page start at 0 ms).
    for (const w of [web, generateSimWeb({ seed: 1, creators: 40 })]) {
      for (const l of w.lookups) {
        const plan = planFor(w.world, w.latencyOf, l.key);
        const byUrl = new Map(plan.map((r) => [r.url, r]));
        for (const r of plan)
          for (const p of r.parents) {
            const parent = byUrl.get(p);
            if (parent) expect(parent.usable, `${l.key}: ${r.url} after ${p}`).toBe(true);
          }
        expect(Math.max(0, ...plan.map((r) => r.endMs).filter(Number.isFinite))).toBe(w.truth[l.key].criticalPathMs);
      }
    }
  });

  it('critical paths are at least the source fetch and grow along the chain', () => {
    for (const t of entries) {
      expect(t.criticalPathMs).toBeGreaterThanOrEqual(
        Math.min(web.latencyOf('i.instagram.com'), web.latencyOf('www.tiktok.com'), web.latencyOf('x.com')),
      );
      expect(t.criticalChain.length).toBeGreaterThan(0);
    }
    const zero = generateSimWeb({ seed: 11, creators: 8, latencyScale: 0 });
    for (const t of Object.values(zero.truth)) expect(t.criticalPathMs).toBe(0);
  });
});

describe('served by the replay upstream', () => {
  let replay: ReplayServer;
  const fast = generateSimWeb({ seed: 11, creators: 48, latencyScale: 0.05, failingSiteRate: 0.2, hangingSiteRate: 0.1 });
  const get = (url: string, init: RequestInit = {}) => {
    const u = new URL(url);
    return fetch(`${replay.url}/${u.host}${u.pathname}${u.search}`, {
      redirect: 'manual',
      ...init,
      headers: { 'x-upstream-url': url, ...(init.headers as Record<string, string>) },
    });
  };

  beforeAll(async () => {
    replay = await startReplayServer({ routes: fast.routes });
  });
  afterAll(async () => {
    await replay.close();
  });

  it('answers the platform requests the extractors send', async () => {
    const lookup = fast.lookups.find((l) => l.platform === 'social-b')!;
    const ig = await get(`https://i.instagram.com/api/v1/users/web_profile_info/?username=${lookup.handle}`);
    expect(ig.status).toBe(200);
    expect(parseProfile(await ig.json(), lookup.handle).data.user.username).toBe(lookup.handle);
    expect(
      (await (await get('https://i.instagram.com/api/v1/users/web_profile_info/?username=nobody.at.all')).json()).data.user,
    ).toBeNull();

    const tt = fast.lookups.find((l) => l.platform === 'shortvideo')!;
    expect(parseProfilePage(await (await get(`https://www.tiktok.com/@${tt.handle}`)).text(), tt.handle).handle).toBe(tt.handle);

    const yt = fast.world.accounts.get(fast.lookups.find((l) => l.platform === 'video')!.key)!;
    const page = parseChannelHtml(await (await get(`https://www.youtube.com/@${yt.handle}`)).text());
    const about = await get('https://www.youtube.com/youtubei/v1/browse?prettyPrint=false', {
      method: 'POST',
      body: JSON.stringify({ context: {}, continuation: page.aboutToken }),
      headers: { 'content-type': 'application/json' },
    });
    expect(buildChannelRecord(page, parseAboutResponse(await about.json())).channelId).toBe(yt.channelId);
    expect((await get(`https://www.youtube.com/channel/${yt.channelId}`)).status).toBe(200);
    expect((await get('https://www.youtube.com/@no-such-channel-here')).status).toBe(404);

    const x = fast.lookups.find((l) => l.platform === 'microblog-b')!;
    const activate = await get('https://api.x.com/1.1/guest/activate.json', { method: 'POST' });
    expect((await activate.json()).guest_token).toMatch(/^\d+$/);
    const vars = encodeURIComponent(JSON.stringify({ screen_name: x.handle.toUpperCase(), withSafetyModeUserFields: true }));
    expect(
      parseUserByScreenName(
        await (await get(`https://x.com/i/api/graphql/AnyQueryId123/UserByScreenName?variables=${vars}&features=%7B%7D`)).json(),
      ).legacy.screen_name,
    ).toBe(x.handle);
    const missing = encodeURIComponent(JSON.stringify({ screen_name: 'nobody_here_zz' }));
    const body = await (await get(`https://x.com/i/api/graphql/AnyQueryId123/UserByScreenName?variables=${missing}`)).json();
    expect(errorCode(() => parseUserByScreenName(body, 'nobody_here_zz'))).toBe('NOT_FOUND');
  });

  it('answers link pages (Komi in two requests), shorteners, t.co, sites, search', async () => {
    const komi = [...fast.world.linkPages.values()].find((p) => p.kind === 'linkpage-c' && p.status === 'ok')!;
    const talent = await (await get(`https://api.komi.io/api/talent/usernames/${komi.username}`)).json();
    const t = readTalent(talent, komi.username);
    const modules = await (await get(`https://api.komi.io/api/talent-profiles/${t.profileId}/modules`)).json();
    expect(readModules(modules).length).toBeGreaterThan(0);
    expect((await get('https://linktr.ee/nobody-at-all-zz')).status).toBe(404);

    for (const host of ['bit.ly', 'tinyurl.com', 'buff.ly']) {
      const [short, target] = [...fast.world.redirects].find(([u]) => new URL(u).host === host)!;
      const r = await get(short);
      expect(r.status, host).toBe(301);
      expect(r.headers.get('location')).toBe(target);
    }
    expect((await get('https://bit.ly/zzNoSuchLinkzz')).status).toBe(404);
    const down = [...fast.world.redirects.keys()].find((u) => new URL(u).host === 'ow.ly')!;
    expect((await get(down)).status).toBe(503);

    const xAcct = [...fast.world.accounts.values()].find((a) => a.platform === 'microblog-b' && a.links.length > 0)!;
    const tco = await get(tcoUrl(xAcct.links[0]));
    expect(tco.headers.get('location')).toBe(xAcct.links[0]);

    const site = [...fast.world.sites.values()].find((s) => s.status === 'ok' && s.creator !== null)!;
    const home = await get(`https://${site.host}/`);
    expect(home.status).toBe(200);
    expect((await get(`https://${site.host}/no-such-page`)).status).toBe(404);
    const apex = [...fast.world.sites.values()].find((s) => s.apexRedirect && s.status === 'ok');
    if (apex) expect((await get(`https://${apex.domain}/`)).headers.get('location')).toBe(`https://${apex.host}/`);

    const c = fast.world.creators.find((x) => !x.search.blocked)!;
    const res = await get(`https://www.google.com/search?q=${encodeURIComponent(c.displayName)}&hl=en`);
    expect(parseSearchPage(await res.text()).results.length).toBe(c.search.results.length);
  });

  it("answers the other reader platforms' requests (as their readers send them); unknown accounts are their platforms' not-found answers", async () => {
    const of = (platform: string) => [...fast.world.accounts.values()].find((a) => a.platform === platform && !a.fault)!;
    const gh = of('code');
    expect(((await (await get(`https://api.github.com/users/${gh.handle}`)).json()) as { login: string }).login).toBe(gh.handle);
    expect((await get(`https://api.github.com/users/${gh.handle}/social_accounts`)).status).toBe(200);
    expect((await get('https://api.github.com/users/nobody-here-zz')).status).toBe(404);
    const rd = of('forum');
    expect(
      ((await (await get(`https://www.reddit.com/user/${rd.handle}/about.json?raw_json=1`)).json()) as { data: { name: string } }).data
        .name,
    ).toBe(rd.handle);
    expect((await get('https://www.reddit.com/user/nobody_here_zz/about.json')).status).toBe(404);
    const sc = of('audio-c');
    const home = await (await get('https://soundcloud.com/')).text();
    const clientId = parseClientId(home)!;
    const resolve = (id: string) =>
      get(`https://api-v2.soundcloud.com/resolve?url=${encodeURIComponent(`https://soundcloud.com/${sc.handle}`)}&client_id=${id}`);
    expect((await resolve('stale-client-id')).status).toBe(401);
    const user = (await (await resolve(clientId)).json()) as { id: number; permalink: string };
    expect(user.permalink).toBe(sc.handle);
    expect((await get(`https://api-v2.soundcloud.com/users/soundcloud:users:${user.id}/web-profiles?client_id=${clientId}`)).status).toBe(
      200,
    );
    const ts = of('microblog-a');
    expect(
      ((await (await get(`https://truthsocial.com/api/v1/accounts/lookup?acct=${ts.handle.toUpperCase()}`)).json()) as { username: string })
        .username,
    ).toBe(ts.handle);
    expect((await get('https://truthsocial.com/api/v1/accounts/lookup?acct=nobody_here_zz')).status).toBe(404);
    const th = of('microblog-c');
    expect(await (await get(`https://www.threads.com/@${th.handle}`)).text()).toContain(`"username":"${th.handle}"`);
    expect((await get('https://www.threads.com/@nobody.here.zz')).status).toBe(404);
    const pin = of('pinboard');
    const data = encodeURIComponent(JSON.stringify({ options: { username: pin.handle, field_set_key: 'profile' }, context: {} }));
    const pr = (await (
      await get(`https://www.pinterest.com/resource/UserResource/get/?source_url=%2F${pin.handle}%2F&data=${data}`)
    ).json()) as {
      resource_response: { data: { username: string } };
    };
    expect(pr.resource_response.data.username).toBe(pin.handle);
    const fb = of('social-a');
    expect(readIntroCard(await (await get(`https://www.facebook.com/${fb.handle}`)).text()).vanity).toBe(fb.handle);
    const failing = [...fast.world.accounts.values()].find((a) => a.fault === 'fail' && a.platform === 'microblog-a');
    if (failing) expect((await get(`https://truthsocial.com/api/v1/accounts/lookup?acct=${failing.handle}`)).status).toBe(503);
  });

  it('applies per-host latency and the failing / hanging faults', async () => {
    const slowest = [...fast.world.sites.values()].filter((s) => s.status === 'ok').sort((a, b) => b.latencyMs - a.latencyMs)[0];
    const t0 = Date.now();
    await (await get(`https://${slowest.host}/`)).text();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(slowest.latencyMs - 5);

    const failing = [...fast.world.sites.values()].find((s) => s.status === 'fail')!;
    expect((await get(`https://${failing.host}/`)).status).toBe(503);
    const reset = [...fast.world.sites.values()].find((s) => s.status === 'reset')!;
    await expect(get(`https://${reset.host}/`)).rejects.toThrow();
    const hanging = [...fast.world.sites.values()].find((s) => s.status === 'hang')!;
    await expect(get(`https://${hanging.host}/`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
  });
});

describe('other people next to a creator (Builder.people): managers, editors, relatives, friends, agencies, co-hosts', () => {
  const accounts = [...web.world.accounts.values()];
  // Builder.people's (owners `p…`); the partners of Builder.groups (`g…`) are tested below.
  const associates = accounts.filter((a) => a.role === 'associate' && a.owner.startsWith('p'));
  const creatorOf = (a: SimAccount) => web.world.creators.find((c) => c.decoys.includes(a.key))!;
  const libLinks = [...web.world.linkPages.values()].flatMap((p) => p.links);

  it('each links the creator back and shows an address of its own; the creator’s pages label, credit or are named by them', () => {
    expect(associates.length).toBeGreaterThan(10);
    for (const a of associates) {
      const c = creatorOf(a);
      const lib = c.linkPage ? web.world.linkPages.get(c.linkPage)! : null;
      const site = c.site ? web.world.sites.get(c.site)! : null;
      const backs = [web.world.accounts.get(c.primary)!.url, lib?.url, site?.declaredUrl].filter(Boolean);
      expect(
        a.links.some((l) => backs.includes(l)),
        a.key,
      ).toBe(true);
      expect(a.emails.length, a.key).toBe(1);
      expect(c.emails).not.toContain(a.emails[0].email.toLowerCase());
      const labelled = libLinks.some((l) => l.url === a.url && l.credit);
      const credited = !!site?.pages.some((p) => p.links.some((l) => l.url === a.url && l.text.startsWith('credit:')));
      const thirdPerson = a.bio.includes(`@${web.world.accounts.get(c.primary)!.handle}`);
      expect(labelled || credited || thirdPerson, a.key).toBe(true);
      if (labelled || (!credited && thirdPerson)) expect(a.markers?.other, a.key).toBe(true);
    }
    // Labels in several languages (some the detector does not know), unlabelled third-person bios, sentences on websites.
    const titles = libLinks.filter((l) => l.credit).map((l) => l.title);
    expect(new Set(titles).size).toBeGreaterThan(5);
    expect(associates.some((a) => libLinks.some((l) => l.url === a.url && !l.credit))).toBe(true);
    const sentences = [...web.world.sites.values()].flatMap((s) =>
      s.pages.flatMap((p) => p.links.filter((l) => l.text.startsWith('credit:')).map((l) => ({ page: p, l }))),
    );
    expect(sentences.length).toBeGreaterThan(3);
    // Served as a sentence around the link: "Hosted by … and <a …>@dee</a>)."
    const { page, l } = sentences[0];
    const [before, anchor] = l.text.slice(7).split('|');
    const served = web.pages.find((p) => p.url === page.url)!;
    expect(served.body).toContain(`${before.replace(/&/g, '&amp;')}<a href="${l.url}">${anchor}</a>`);
  });

  it('agency sites: a roster of the creator and other acts and a general inbox, linked from the link page as another’s', () => {
    const agencies = [...web.world.sites.values()].filter((s) => s.agency);
    expect(agencies.length).toBeGreaterThan(0);
    for (const s of agencies) {
      const home = s.pages.find((p) => p.role === 'home')!;
      expect(home.links.filter((l) => l.text.startsWith('social:')).length).toBeGreaterThanOrEqual(2);
      expect(libLinks.some((l) => l.url === s.declaredUrl && l.credit)).toBe(true);
    }
  });

  it('truth: none of them is ever reachable, nor an agency’s inbox', () => {
    const keys = new Set(associates.map((a) => a.url));
    const agencyMail = [...web.world.sites.values()].filter((s) => s.agency).map((s) => `info@${s.domain}`);
    for (const t of Object.values(web.truth)) {
      expect(t.inconsistencies).toEqual([]);
      expect(t.profiles.filter((p) => keys.has(p.url))).toEqual([]);
      for (const e of agencyMail) expect(t.emails).not.toContain(e);
    }
  });

  it('impersonators copy another of the creator’s handles too, not only the one a lookup starts from', () => {
    const copies = accounts.filter((a) => {
      if (a.role !== 'impersonator') return false;
      const c = web.world.creators.find((x) => x.decoys.includes(a.key))!;
      const h = a.handle.toLowerCase();
      return c.accounts.some((k) => {
        const own = web.world.accounts.get(k)!.handle.toLowerCase();
        return own !== c.handle.toLowerCase() && h.includes(own);
      });
    });
    expect(copies.length).toBeGreaterThan(0);
  });
});

describe('group pages and thanked fans (Builder.groups)', () => {
  const accounts = [...web.world.accounts.values()];
  const partners = accounts.filter((a) => a.role === 'associate' && a.owner.startsWith('g'));
  const creatorOf = (a: SimAccount) => web.world.creators.find((c) => c.decoys.includes(a.key))!;

  it('a partner’s accounts link the shared page back; the page names both people, in its bio or on its buttons', () => {
    expect(partners.length).toBeGreaterThan(5);
    const ways = new Set<string>();
    for (const a of partners) {
      const c = creatorOf(a);
      const lib = web.world.linkPages.get(c.linkPage!)!;
      expect(a.links, a.key).toContain(lib.url);
      expect(a.markers?.other, a.key).toBe(true);
      const pf = a.displayName.split(' ')[0];
      const First = c.first.charAt(0).toUpperCase() + c.first.slice(1);
      const joined = lib.bio.includes(First) && lib.bio.includes(pf);
      const button = lib.links.find((l) => l.url === a.url)!.title.includes(pf) && lib.links.some((l) => l.title.includes(First));
      expect(joined || button, a.key).toBe(true);
      ways.add(joined && button ? 'both' : joined ? 'joined' : 'buttons');
    }
    expect(ways.size).toBe(3);
  });

  it('thanked fans say they are fans; truth: no partner and no thanked fan is ever reachable', () => {
    const thanked = accounts.filter(
      (a) =>
        (a.role === 'fan-decoy' || a.role === 'clip-fan') &&
        ([...web.world.linkPages.values()].some((p) => p.links.some((l) => l.url === a.url)) ||
          [...web.world.sites.values()].some((s) => s.pages.some((p) => p.links.some((l) => l.url === a.url)))),
    );
    expect(thanked.length).toBeGreaterThan(0);
    for (const a of thanked) expect(a.markers?.fan, a.key).toBe(true);
    const keys = new Set([...partners, ...thanked].map((a) => a.url));
    for (const t of Object.values(web.truth)) {
      expect(t.inconsistencies).toEqual([]);
      expect(t.profiles.filter((p) => keys.has(p.url))).toEqual([]);
    }
  });
});

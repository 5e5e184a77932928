/**
 * Creator discovery end to end: gateway + replay upstream over real HTTP, on a small creator web
 * (src/discovery/sample-web.ts) whose pages are written in the real platforms' formats with the
 * platforms' own sample builders — not captures; every name and address is invented.
 *
 * The main creator, "Night Owl Ceramics" (social-b @nightowl.ceramics):
 *   Instagram  bio "Bookings: hello at nightowlceramics dot com", business e-mail; links the
 *              Linktree and a Threads account
 *   Linktree   → website, TikTok, YouTube, X, Amazon storefront, an Amazon product (shared
 *              domain), a bit.ly link (shortener); its e-mail icon
 *   website    / → /contact (Cloudflare-protected address, HTML-entity address, placeholders),
 *              /about (JSON-LD, bracketed address), /shop (not a contact page: never read);
 *              links back to Instagram, to X and Pinterest, credits a collaborator's Instagram;
 *              a Sentry DSN and an image name in the markup
 *   TikTok     same handle; links the Linktree back; repeats an address in other letter case
 *   YouTube    links back to Instagram and to the website; "(at)"-obfuscated address
 *   X          links the website; links a GitHub account
 * Decoys: a same-handle YouTube channel of someone else, with the very same display name, its
 * own address, an Amazon product and a bit.ly link; the collaborator the website credits (its
 * own site and address); a Pinterest account only the website links (unverifiable); a Facebook fan page and a LinkedIn result
 * from the web search; a beacons.ai page found by search that does link back (verified), with
 * the vendor's own Instagram and support address in its footer; an X account from the search,
 * under another handle, that links the creator's website (untied: fans do that too — a candidate,
 * never a profile); a Facebook page with the creator's handle, found only by the search (Facebook
 * is never probed), that links the creator's website (tied by the handle: verified).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runContactsCli } from '../../src/discovery/contacts-cli.js';
import { setInternalContactSource } from '../../src/discovery/internal.js';
import { beaconsPage, cfEncode, DiscoveryWeb, HTML, sitePage } from '../../src/discovery/sample-web.js';
import { WAIT_BODY } from '../../src/platforms/social-b/samples.js';
import { CHALLENGE_HTML } from '../../src/platforms/linkpage-b/samples.js';
import { VERIFY_PAGE } from '../../src/platforms/shortvideo/samples.js';
import { progressEntries } from '../../src/discovery/progress.js';
import { MAX_SHORT_LINKS } from '../../src/discovery/pipeline.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { runQueueWaitMs } from '../support/cpu-time.js';
import type { RecordedResponse, ReplayRequest, Route } from '../../src/replay/server.js';
import { allParts, postStreaming } from '../incremental.js';
import type { Part } from '../incremental.js';
import { recordKeys } from '../../src/platforms/records.js';
import { EmailLookupResultSchema, SocialProfilesResultSchema } from '../../src/discovery/api/schema.js';

let h: Harness;
/** Wall time less what this thread waited for a core while other processes had them (test/support/cpu-time.ts). */
const ownClock = () => Date.now() - runQueueWaitMs();

const SITE = 'https://nightowlceramics.com';
const IG_URL = 'https://www.instagram.com/nightowl.ceramics/';
const TT_URL = 'https://www.tiktok.com/@nightowl.ceramics';
const YT_URL = 'https://www.youtube.com/@nightowlceramics';
const X_URL = 'https://x.com/NightOwlPots';
const LINKTREE = 'https://linktr.ee/nightowlceramics';
const BEACONS = 'https://beacons.ai/nightowlstudio';
const QUERY = '"Night Owl Ceramics 🦉" nightowl.ceramics';
const FB_OWN = 'https://www.facebook.com/nightowl.ceramics';

/** The main creator and its decoys. */
function nightOwlWeb(): DiscoveryWeb {
  const w = new DiscoveryWeb();
  w.ig.set('nightowl.ceramics', {
    username: 'nightowl.ceramics',
    fullName: 'Night Owl Ceramics 🦉',
    bio: 'Handmade mugs from Leeds\nBookings: hello at nightowlceramics dot com',
    externalUrl: LINKTREE,
    bioLinks: [LINKTREE, 'https://www.threads.com/@nightowl.ceramics'],
    businessEmail: 'studio@nightowlceramics.com',
  });
  w.linktree.set('nightowlceramics', {
    username: 'nightowlceramics',
    description: 'mugs, bowls & late nights',
    email: 'orders@nightowlceramics.com',
    links: [
      { title: 'Website', url: `${SITE}/` },
      { title: 'TikTok', url: TT_URL },
      { title: 'YouTube', url: YT_URL },
      { title: 'X', url: 'https://x.com/nightowlpots' },
      { title: 'My storefront', url: 'https://www.amazon.com/shop/nightowlceramics' },
      { title: 'Glaze I use', url: 'https://www.amazon.com/dp/B000TEST01' },
      { title: 'Promo', url: 'https://bit.ly/owl-promo' },
    ],
  });
  w.page(
    `${SITE}/`,
    sitePage(
      'Night Owl Ceramics',
      `<h1>Night Owl Ceramics</h1><a href="/contact">Contact</a> <a href="/about">About</a> <a href="/shop">Shop</a>
      <a href="https://www.pinterest.com/nightowlceramics/">Pinterest</a> <a href="${IG_URL}">Instagram</a> <a href="https://x.com/nightowlpots">X</a>
      <p>Photos by <a href="https://www.instagram.com/friendlypotter/">@friendlypotter</a></p>`,
    ),
  );
  w.page(
    `${SITE}/contact`,
    sitePage(
      'Contact',
      `<p>Press: <a href="/cdn-cgi/l/email-protection" class="__cf_email__" data-cfemail="${cfEncode('press@nightowlceramics.com')}">[email&#160;protected]</a></p>
      <p>Bookings: bookings&#64;nightowlceramics&#46;com</p>
      <form><input type="email" placeholder="you@example.com"></form><p>Write to your@email.com or name@email.com and we answer.</p>`,
    ),
  );
  w.page(
    `${SITE}/about`,
    sitePage('About', '<p>Wholesale: wholesale [at] nightowlceramics [dot] com</p>', {
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Night Owl Ceramics',
        email: 'mailto:info@nightowlceramics.com',
      },
    }),
  );
  w.page(`${SITE}/shop`, sitePage('Shop', '<p>shop@nightowlceramics.com is never read: the shop page is not a contact page</p>'));
  // The Linktree's promo short link leads to a retailer's product (a shared domain).
  w.page('https://bit.ly/owl-promo', '', { status: 301, headers: { location: 'https://www.amazon.com/dp/B000TEST02?tag=owl-20' } });
  w.tiktok.set('nightowl.ceramics', {
    handle: 'nightowl.ceramics',
    nickname: 'Night Owl Ceramics 🦉',
    signature: 'throwing pots at 2am\n📩 Hello@NightOwlCeramics.com',
    bioLink: 'linktr.ee/nightowlceramics',
  });
  w.youtube.set('nightowlceramics', {
    handle: 'NightOwlCeramics',
    channelId: 'UCn1ghtOw1Cer4micsTest01',
    title: 'Night Owl Ceramics',
    description: 'Studio vlogs from a tiny pottery in Leeds.\nBusiness: biz (at) nightowlceramics (dot) com',
    links: [
      { title: 'Instagram', url: IG_URL },
      { title: 'Shop', url: `${SITE}/shop` },
    ],
  });
  // Decoy: a collaborator the website credits; someone else's account that does not link back.
  w.ig.set('friendlypotter', {
    username: 'friendlypotter',
    fullName: 'Friendly Potter',
    bio: 'I photograph potters.',
    externalUrl: 'https://friendlypotter.com/',
    businessEmail: 'hi@friendlypotter.com',
  });
  w.x.set('nightowlpots', {
    screenName: 'NightOwlPots',
    name: 'Night Owl Pots',
    description: 'Pots and kilns.',
    url: `${SITE}/`,
    bioUrls: ['https://github.com/nightowlpots'],
  });
  // Threads and GitHub are read too (their readers): nothing on them verifies more than the links to them.
  w.threads.set('nightowl.ceramics', { handle: 'nightowl.ceramics', name: 'nightowl', bio: 'threads of clay' });
  w.github.set('nightowlpots', { handle: 'nightowlpots', name: null as unknown as string, bio: 'kiln firmware' });
  // Decoy: the same handle on YouTube, owned by someone else — same display name, its own address,
  // and links to domains every creator shares (a retailer, a shortener).
  w.youtube.set('nightowl.ceramics', {
    handle: 'nightowl.ceramics',
    channelId: 'UCd3c0yD3c0yD3c0yD3c0y01',
    title: 'Night Owl Ceramics',
    description: 'Pottery from Ohio. Contact: owner@decoy-pottery.com',
    links: [
      { title: 'Site', url: 'https://decoy-pottery.com/' },
      { title: 'Glaze', url: 'https://www.amazon.com/dp/B000TEST01' },
      { title: 'Promo', url: 'https://bit.ly/owl-promo' },
    ],
  });
  // Websearch: a fan page, a LinkedIn result, a beacons.ai page that links back, an X account under
  // another handle and a Facebook page under the creator's handle, both linking the website.
  w.search.set(QUERY, [
    IG_URL,
    'https://www.facebook.com/nightowlceramicsfans',
    'https://www.linkedin.com/in/nightowl-ceramics',
    BEACONS,
    'https://x.com/owlkilnlife',
    FB_OWN,
  ]);
  w.facebook.set('nightowlceramicsfans', {
    vanity: 'nightowlceramicsfans',
    name: 'Night Owl Ceramics Fans',
    description: 'A fan page. Fan mail: fans@owlfans.example.org',
    links: ['https://owlfans.example.org/', 'https://www.amazon.com/dp/B000TEST01', 'https://linktr.ee/'],
  });
  w.page(
    BEACONS,
    beaconsPage(
      'nightowlstudio',
      'Night Owl Studio',
      [IG_URL, 'https://www.snapchat.com/add/nightowlpots'],
      '<p>Collabs: collab@nightowlceramics.com</p>',
    ),
  );
  w.x.set('owlkilnlife', { screenName: 'owlkilnlife', name: 'Owl Kiln Life', description: 'Kiln diaries.', url: `${SITE}/about` });
  w.facebook.set('nightowl.ceramics', {
    vanity: 'nightowl.ceramics',
    name: 'Night Owl Ceramics',
    description: 'Mugs.',
    links: [`${SITE}/`],
  });
  return w;
}

function install(w: DiscoveryWeb): void {
  h.replay.reset();
  for (const r of w.routes()) h.replay.add(r);
}

const emailsPath = (q: string) => `/v1/find-creator-emails?${q}`;
const profilesPath = (q: string) => `/v1/find-social-profiles?${q}`;
const record = (body: Record<string, unknown>) => {
  const { success: _s, credits_remaining: _r, credits_charged: _c, cached: _k, cached_at: _a, ...rest } = body;
  return rest;
};
const addresses = (body: { emails: { email: string }[] }) => body.emails.map((e) => e.email);
const sortByUrl = <T extends { url: string }>(xs: T[]) => [...xs].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));

const EMAIL_RESULT_KEYS = recordKeys(EmailLookupResultSchema);
const PROFILE_RESULT_KEYS = recordKeys(SocialProfilesResultSchema);
const BOOLEAN_KEYS = new Set([
  'partial',
  'email_scan_limited',
  'same_handle_search_partial',
  'websearch_used',
  'websearch_failed',
  'websearch_verification_partial',
]);

/** Every api.md field present with its type. */
function expectWireTypes(body: Record<string, unknown>, keys: string[]): void {
  expect(Object.keys(record(body))).toEqual(keys);
  for (const k of keys) {
    if (k === 'source') expect(body.source).toEqual({ platform: expect.any(String), handle: expect.any(String), url: expect.any(String) });
    else if (BOOLEAN_KEYS.has(k)) expect(typeof body[k], k).toBe('boolean');
    else {
      expect(Array.isArray(body[k]), k).toBe(true);
      if (k !== 'emails' && k !== 'profiles') for (const u of body[k] as unknown[]) expect(u, k).toMatch(/^https?:\/\//);
    }
  }
}

beforeAll(async () => {
  // Sub-fetches are reused from the gateway's cache for an hour by default; these tests count
  // upstream requests, so reading is off (one test turns it on).
  process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '0';
  // Upstream deadlines of 5 s / 10 s, not the harness's 1.5 s / 3 s: the replay upstream answers
  // from this thread, and on a loaded machine (load ~13, 2026-12-01) the source profile's answer
  // came after 1.5 s — find-social-profiles 504 UPSTREAM_TIMEOUT, 'i.instagram.com did not answer
  // in time'. No test here has an upstream cut by those: a slow page is cut by the lookup's own
  // deadlines (DISCOVERY_DEADLINE_MS, DISCOVERY_FETCH_TIMEOUT_MS), which the tests that mean it set.
  h = await startHarness({
    env: { UPSTREAM_HEADERS_TIMEOUT_MS: '5000', UPSTREAM_BODY_TIMEOUT_MS: '5000', UPSTREAM_TOTAL_TIMEOUT_MS: '10000' },
  });
});
afterAll(async () => {
  delete process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS;
  await h.close();
});
beforeEach(() => install(nightOwlWeb()));
afterEach(() => {
  setInternalContactSource(undefined);
  delete process.env.DISCOVERY_DEADLINE_MS;
  delete process.env.DISCOVERY_FETCH_TIMEOUT_MS;
  delete process.env.DISCOVERY_WEBSEARCH;
  process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '0';
});

// ---------------------------------------------------------------------------------------------
// Find social profiles
// ---------------------------------------------------------------------------------------------

describe('GET /v1/find-social-profiles — one creator, every evidence kind', () => {
  let body: any;
  beforeEach(async () => {
    const { key, id } = await h.key(100);
    const r = await h.rest(profilesPath('platform=social-b&handle=@NightOwl.Ceramics'), { key });
    expect(r.status, JSON.stringify(r.body?.error)).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 10, credits_remaining: 90 });
    expect(r.body).not.toHaveProperty('cached');
    expect(await h.balance(id)).toBe(90);
    body = r.body;
  });
  const profile = (platform: string, handle: string) =>
    body.profiles.find((p: any) => p.platform === platform && p.handle.toLowerCase() === handle.toLowerCase());

  it('every api.md field, in order, with its type', () => {
    expectWireTypes(body, PROFILE_RESULT_KEYS);
    for (const p of body.profiles) {
      expect(Object.keys(p)).toEqual(['platform', 'handle', 'url', 'confidence', 'evidence']);
      expect(p.confidence).toBeGreaterThan(0);
      expect(p.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('source: normalised handle (no @, lower case) and profile URL; the source profile first at confidence 1', () => {
    expect(body.source).toEqual({ platform: 'social-b', handle: 'nightowl.ceramics', url: IG_URL });
    expect(body.profiles[0]).toEqual({
      platform: 'social-b',
      handle: 'nightowl.ceramics',
      url: IG_URL,
      confidence: 1,
      evidence: ['source_profile'],
    });
  });

  it('link_in_bio + reciprocal_profile_link + same_handle_match + display_name_match (TikTok)', () => {
    expect(profile('shortvideo', 'nightowl.ceramics')).toEqual({
      platform: 'shortvideo',
      handle: 'nightowl.ceramics',
      url: TT_URL,
      confidence: 0.99,
      evidence: ['link_in_bio', 'same_handle_match', 'display_name_match', 'reciprocal_profile_link'],
    });
  });

  it('shared_website (links the creator website) and reciprocal (links back to the source): YouTube', () => {
    // same_handle_match: the source's handle as YouTube spells it here, its dot left out.
    expect(profile('video', 'nightowlceramics')).toMatchObject({
      url: YT_URL,
      evidence: ['link_in_bio', 'same_handle_match', 'shared_website', 'display_name_match', 'reciprocal_profile_link'],
    });
  });

  it('verified_profile_link: linked from the source (Threads) and from a verified profile (GitHub from X)', () => {
    expect(profile('microblog-c', 'nightowl.ceramics')).toEqual({
      platform: 'microblog-c',
      handle: 'nightowl.ceramics',
      url: 'https://www.threads.com/@nightowl.ceramics',
      // paired_account (session 31): a Threads profile carries its Instagram account's username,
      // and the source is Instagram @nightowl.ceramics.
      confidence: 0.99,
      evidence: ['verified_profile_link', 'same_handle_match', 'paired_account'],
    });
    expect(profile('code', 'nightowlpots')).toMatchObject({ confidence: 0.9, evidence: ['verified_profile_link'] });
    expect(body.source_linked_profile_urls).toEqual(['https://www.threads.com/@nightowl.ceramics']);
  });

  it('website_link: listed with the labels that verify an account; alone it verifies nothing (collaborators, Pinterest)', () => {
    expect(profile('microblog-b', 'nightowlpots')).toEqual({
      platform: 'microblog-b',
      handle: 'NightOwlPots',
      url: X_URL,
      confidence: 0.99, // 1 − 0.1 · 0.1 · 0.85 (shared_website 0.9 since session 17)
      evidence: ['link_in_bio', 'shared_website', 'website_link'],
    });
    expect(profile('social-b', 'friendlypotter')).toBeUndefined();
    expect(profile('pinboard', 'nightowlceramics')).toBeUndefined();
  });

  it('websearch_match: a search result under the creator’s handle verified by a shared website (not one under another handle); a link page found by search verified by linking back', () => {
    expect(profile('social-a', 'nightowl.ceramics')).toEqual({
      platform: 'social-a',
      handle: 'nightowl.ceramics',
      url: FB_OWN,
      confidence: 0.94, // 1 − 0.8 · 0.1 · 0.9 · 0.85
      evidence: ['same_handle_match', 'shared_website', 'websearch_match', 'display_name_match'],
    });
    // The same fact under another handle is what a fan's account shows too: not tied to the creator,
    // so not verified (never scanned for e-mails). Rewritten for issue 33 (it used to be never
    // returned): a candidate short of proof, returned with the candidate model's confidence and the
    // evidence it rests on (src/discovery/evidence.ts) — since the refit on the simulated web with
    // other people next to the creator (co-hosts and editors share the website too), a shared
    // website and a search hit alone are 0.35 (logistic(−2.9 + 1.0 + 1.3)): listed, below the default threshold.
    expect(profile('microblog-b', 'owlkilnlife')).toBeUndefined();
    // Accounts on the verified beacons page count as link_in_bio; the vendor's own account does not.
    expect(profile('snapchat', 'nightowlpots')).toMatchObject({ evidence: ['link_in_bio'] });
    expect(body.profiles.some((p: any) => /beacons/.test(p.handle))).toBe(false);
    expect(body.websearch_used).toBe(true);
    expect(body.websearch_candidate_urls).toEqual([
      'https://www.facebook.com/nightowlceramicsfans',
      'https://www.linkedin.com/in/nightowl-ceramics',
      'https://x.com/owlkilnlife',
      FB_OWN,
    ]);
    expect(body.websearch_candidate_link_in_bio_urls).toEqual([BEACONS]);
    expect(body.verified_websearch_candidate_urls).toEqual([FB_OWN, BEACONS]);
  });

  it('decoys: same handle + identical display name, a fan page, an unverifiable LinkedIn result are never profiles', () => {
    const urls = body.profiles.map((p: any) => p.url);
    expect(urls).not.toContain('https://www.youtube.com/@nightowl.ceramics');
    expect(urls).not.toContain('https://www.facebook.com/nightowlceramicsfans');
    expect(urls).not.toContain('https://www.linkedin.com/in/nightowl-ceramics');
    // …but the same-handle candidates are listed as diagnostics (every reader platform whose
    // handle rules admit `nightowl.ceramics` is probed: Threads too, also linked by the source).
    expect(body.same_handle_candidate_urls).toEqual([
      TT_URL,
      'https://www.threads.com/@nightowl.ceramics',
      'https://www.youtube.com/@nightowl.ceramics',
    ]);
  });

  it('shared generic domains verify nothing: a retailer product, a shortener, the link-in-bio vendor', () => {
    // The decoy channel and the fan page share the Amazon product and the bit.ly link with the
    // creator's Linktree, and the fan page links linktr.ee itself: none of it is an owner domain.
    // (The candidate under another handle that links the website, returned on that evidence, is the test above's.)
    expect(
      body.profiles
        .filter((p: any) => p.handle !== 'owlkilnlife')
        .map((p: any) => p.platform)
        .sort(),
    ).toEqual(['code', 'microblog-b', 'microblog-c', 'retail-shop', 'shortvideo', 'snapchat', 'social-a', 'social-b', 'video'].sort());
  });

  it('diagnostics: link pages, the website crawled, nothing failed', () => {
    expect(body).toMatchObject({
      link_in_bio_urls: [LINKTREE, BEACONS],
      expanded_website_urls: [`${SITE}/`],
      failed_source_linked_profile_urls: [],
      partial: false,
      failed_link_in_bio_urls: [],
      failed_website_urls: [],
      same_handle_search_partial: false,
      websearch_failed: false,
      failed_websearch_candidate_link_in_bio_urls: [],
      failed_websearch_candidate_urls: [],
      websearch_verification_partial: false,
    });
  });

  it('one channel linked by handle and by id is one profile', async () => {
    const w = nightOwlWeb();
    const tree = w.linktree.get('nightowlceramics')!;
    w.linktree.set('nightowlceramics', {
      ...tree,
      links: [...tree.links, { title: 'Channel', url: 'https://www.youtube.com/channel/UCn1ghtOw1Cer4micsTest01' }],
    });
    install(w);
    const { key } = await h.key(10);
    const r = await h.rest(profilesPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(r.body.profiles.filter((p: any) => p.platform === 'video')).toEqual([
      expect.objectContaining({ url: YT_URL, handle: 'nightowlceramics' }),
    ]);
  });

  it('profiles are ordered by confidence', () => {
    const c = body.profiles.map((p: any) => p.confidence);
    expect(c).toEqual([...c].sort((a, b) => b - a));
  });

  it('no URL is fetched twice in one lookup (the same TikTok is both a linked account and a same-handle probe)', () => {
    const sent = h.replay.hits().map((r) => `${r.method} ${r.upstreamUrl} ${r.body.toString('utf8')}`);
    expect(sent.length).toBeGreaterThan(10);
    expect(new Set(sent).size).toBe(sent.length);
    expect(h.replay.hits({ host: 'www.tiktok.com' })).toHaveLength(1);
    // The shop page is not a contact page; the Linktree's short link is resolved once (the decoy
    // channel links it too), and the Amazon product it leads to is never fetched.
    expect(
      h.replay
        .hits({ host: 'nightowlceramics.com' })
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/', '/about', '/contact']);
    expect(h.replay.hits({ host: 'bit.ly' }).map((r) => r.path)).toEqual(['/owl-promo']);
    expect(h.replay.hits({ host: 'www.amazon.com' })).toHaveLength(0);
    // Links of unverified candidates are never followed.
    expect(h.replay.hits({ host: 'decoy-pottery.com' })).toHaveLength(0);
    expect(h.replay.hits({ host: 'owlfans.example.org' })).toHaveLength(0);
    expect(h.replay.hits({ host: 'friendlypotter.com' })).toHaveLength(0);
    // …but the account the website credits is read, to see whether it links back (it does not).
    expect(h.replay.hits({ host: 'i.instagram.com' }).map((r) => r.query.get('username'))).toEqual(['nightowl.ceramics', 'friendlypotter']);
  });
});

// ---------------------------------------------------------------------------------------------
// Find creator emails
// ---------------------------------------------------------------------------------------------

describe('GET /v1/find-creator-emails — every source kind and obfuscation, no decoy', () => {
  let body: any;
  beforeEach(async () => {
    const { key, id } = await h.key(100);
    const r = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 10, credits_remaining: 90 });
    expect(await h.balance(id)).toBe(90);
    body = r.body;
  });
  const sourcesOf = (email: string) => body.emails.find((e: any) => e.email === email)?.sources;

  it('every api.md field, in order, with its type', () => {
    expectWireTypes(body, EMAIL_RESULT_KEYS);
    for (const e of body.emails) {
      expect(Object.keys(e)).toEqual(['email', 'sources']);
      for (const s of e.sources) expect(Object.keys(s)).toEqual(['url', 'type']);
    }
  });

  it('exactly the creator addresses, deduplicated case-insensitively, in scan order', () => {
    expect(addresses(body)).toEqual([
      'studio@nightowlceramics.com', // social-b business e-mail (contact field)
      'hello@nightowlceramics.com', // "hello at nightowlceramics dot com" in the bio; TikTok repeats it as Hello@NightOwlCeramics.com
      'orders@nightowlceramics.com', // Linktree e-mail icon (mailto:)
      'collab@nightowlceramics.com', // beacons page found by search, verified
      'press@nightowlceramics.com', // data-cfemail
      'bookings@nightowlceramics.com', // &#64; / &#46; entities
      'info@nightowlceramics.com', // JSON-LD email
      'wholesale@nightowlceramics.com', // [at] [dot]
      'biz@nightowlceramics.com', // (at) (dot) in the YouTube description
    ]);
  });

  it('each address keeps every {url, type} it was found at', () => {
    expect(sourcesOf('studio@nightowlceramics.com')).toEqual([{ url: IG_URL, type: 'social_profile' }]);
    expect(sourcesOf('hello@nightowlceramics.com')).toEqual([
      { url: IG_URL, type: 'social_profile' },
      { url: TT_URL, type: 'linked_profile' },
    ]);
    expect(sourcesOf('orders@nightowlceramics.com')).toEqual([{ url: LINKTREE, type: 'link_in_bio' }]);
    expect(sourcesOf('collab@nightowlceramics.com')).toEqual([{ url: BEACONS, type: 'link_in_bio' }]);
    expect(sourcesOf('press@nightowlceramics.com')).toEqual([{ url: `${SITE}/contact`, type: 'website' }]);
    expect(sourcesOf('info@nightowlceramics.com')).toEqual([{ url: `${SITE}/about`, type: 'website' }]);
    expect(sourcesOf('biz@nightowlceramics.com')).toEqual([{ url: YT_URL, type: 'linked_profile' }]);
  });

  it('decoys are never returned: placeholders, image names, tracking DSNs, vendor addresses, unverified accounts, unread pages', () => {
    const all = JSON.stringify(body.emails);
    for (const decoy of [
      'example.com',
      'your@email.com',
      'name@email.com',
      'logo@2x',
      'sentry',
      'support@beacons.ai',
      'owner@decoy-pottery.com',
      'fans@owlfans',
      'shop@nightowlceramics.com',
      'friendlypotter',
    ]) {
      expect(all).not.toContain(decoy);
    }
  });

  it('scan diagnostics: the profiles scanned, nothing failed or limited', () => {
    // Threads has a reader: the verified account is read and scanned like the others.
    expect(body.scanned_profile_urls).toEqual([IG_URL, X_URL, TT_URL, YT_URL, 'https://www.threads.com/@nightowl.ceramics', FB_OWN]);
    expect(body).toMatchObject({
      failed_email_scan_urls: [],
      email_scan_limited: false,
      partial: false,
      link_in_bio_urls: [LINKTREE, BEACONS],
      expanded_website_urls: [`${SITE}/`],
    });
  });
});

describe('credits', () => {
  it('find creator emails: 10 when an address is returned, 0 for the same lookup from cache (cache_max_age)', async () => {
    const { key, id } = await h.key(30);
    // Without cache_max_age a lookup is always live (earlier tests have cached this one).
    const live = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(live.body).toMatchObject({ credits_charged: 10, credits_remaining: 20 });
    const hits = h.replay.hits().length;
    for (const spelling of ['nightowl.ceramics', '@NightOwl.Ceramics']) {
      const cached = await h.rest(emailsPath(`platform=social-b&handle=${encodeURIComponent(spelling)}&cache_max_age=7d`), { key });
      expect(cached.status).toBe(200);
      expect(cached.body).toMatchObject({ success: true, cached: true, credits_charged: 0, credits_remaining: 20 });
      expect(record(cached.body)).toEqual(record(live.body));
    }
    expect(h.replay.hits().length).toBe(hits);
    expect(await h.balance(id)).toBe(20);
  });

  it('find creator emails: 1 when no address is publicly listed', async () => {
    const w = nightOwlWeb();
    w.ig.set('quiet.potter', { username: 'quiet.potter', fullName: 'Quiet Potter', bio: 'No links, no mail.' });
    install(w);
    const { key, id } = await h.key(10);
    const r = await h.rest(emailsPath('platform=social-b&handle=quiet.potter'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ credits_charged: 1, credits_remaining: 9, emails: [], partial: false });
    expect(await h.balance(id)).toBe(9);
  });

  it('find creator emails: 1 for a successful partial empty result', async () => {
    const w = nightOwlWeb();
    w.ig.set('quiet.potter', {
      username: 'quiet.potter',
      fullName: 'Quiet Potter',
      bio: 'Links: quietpotter.com',
      externalUrl: 'https://quietpotter.com/',
    });
    w.override('quietpotter.com', { status: 503, body: 'down' });
    install(w);
    const { key, id } = await h.key(10);
    const r = await h.rest(emailsPath('platform=social-b&handle=quiet.potter'), { key });
    expect(r.body).toMatchObject({
      credits_charged: 1,
      emails: [],
      partial: true,
      failed_website_urls: ['https://quietpotter.com/'],
      failed_email_scan_urls: ['https://quietpotter.com/'],
    });
    expect(await h.balance(id)).toBe(9);
  });

  it('a key below the 10-credit reservation gets 402 even if the lookup might cost 1', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(r.status).toBe(402);
    expect(r.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect(h.replay.hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(5);
  });

  it('find social profiles: 10 live, 0 from cache', async () => {
    const { key, id } = await h.key(20);
    expect((await h.rest(profilesPath('platform=social-b&handle=nightowl.ceramics'), { key })).body).toMatchObject({
      credits_charged: 10,
      credits_remaining: 10,
    });
    const cached = await h.rest(profilesPath('platform=social-b&handle=nightowl.ceramics&cache_max_age=1d'), { key });
    expect(cached.body).toMatchObject({ cached: true, credits_charged: 0, credits_remaining: 10 });
    expect(await h.balance(id)).toBe(10);
  });
});

// ---------------------------------------------------------------------------------------------
// Input and failures of the source
// ---------------------------------------------------------------------------------------------

describe('input validation (400, param named, 0 credits)', () => {
  const cases: [string, string, RegExp][] = [
    ['platform=social-b&handle=https://www.instagram.com/nightowl.ceramics/', 'handle', /not a profile URL/],
    ['platform=social-b&handle=instagram.com/nightowl.ceramics', 'handle', /not a profile URL/],
    ['platform=video&handle=youtube.com/@nightowlceramics', 'handle', /not a profile URL/],
    ['platform=shortvideo&handle=www.tiktok.com', 'handle', /not a profile URL/],
    ['platform=microblog-b&handle=way_too_long_for_x_handles', 'handle', /screen name/],
    ['platform=social-b&handle=bad%20handle!', 'handle', /username/],
    ['platform=myspace&handle=tom', 'platform', /must be one of social-b, shortvideo, video, microblog-b, microblog-b-alias, social-a/],
    ['handle=tom', 'platform', /required/],
    ['platform=social-b', 'handle', /required/],
    ['platform=social-b&handle=%20%20', 'handle', /empty/],
  ];
  for (const path of ['/v1/find-creator-emails', '/v1/find-social-profiles']) {
    it.each(cases)(`${path}?%s → 400 naming %s`, async (q, param, message) => {
      const { key, id } = await h.key(10);
      const r = await h.rest(`${path}?${q}`, { key });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(r.body.error.details).toContainEqual({ param, message: expect.stringMatching(message) });
      expect(await h.balance(id)).toBe(10);
      expect(h.replay.hits()).toHaveLength(0);
    });
  }

  it('cache_max_age must be one of the documented ages', async () => {
    const { key } = await h.key(10);
    const r = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics&cache_max_age=2d'), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details[0].param).toBe('cache_max_age');
  });
});

describe('the source profile decides whether the lookup succeeds', () => {
  it('a missing source profile → 404 NOT_FOUND, 0 credits', async () => {
    for (const path of [emailsPath('platform=social-b&handle=nobody.here'), profilesPath('platform=shortvideo&handle=nobody.here')]) {
      const { key, id } = await h.key(10);
      const r = await h.rest(path, { key });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
      expect(await h.balance(id)).toBe(10);
    }
  });

  it('a refused source profile → 502 UPSTREAM_BLOCKED telling the caller to retry, 0 credits', async () => {
    const w = nightOwlWeb();
    w.override('i.instagram.com', { status: 401, headers: { 'content-type': 'application/json' }, body: JSON.stringify(WAIT_BODY) });
    install(w);
    const { key, id } = await h.key(10);
    const r = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(r.body.error.message).toMatch(/retry the request/);
    expect(r.body.error.message).toMatch(/not a result without profiles or e-mails/);
    expect(await h.balance(id)).toBe(10);
  });

  it('a source slower than the deadline → 504 UPSTREAM_TIMEOUT, retry, 0 credits', async () => {
    process.env.DISCOVERY_DEADLINE_MS = '400';
    const w = nightOwlWeb();
    // Answered after 4 s (was 2 s; within this file's 5 s headers timeout): a lookup its 400 ms
    // deadline did not cut would answer after 4 s, so the bound is 2.5 s (was 1.5 s: 1.1 s of room
    // for a loaded machine, 0.5 s short of the defect).
    w.override('i.instagram.com', { status: 200, fault: { kind: 'latency', ms: 4_000 }, body: '{}' });
    install(w);
    const { key, id } = await h.key(10);
    const started = Date.now();
    const r = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(r.status).toBe(504);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_TIMEOUT', message: expect.stringMatching(/retry the request/) });
    expect(await h.balance(id)).toBe(10);
  });
});

// ---------------------------------------------------------------------------------------------
// Optional scans that fail: partial results
// ---------------------------------------------------------------------------------------------

describe('optional scans that fail or time out never fail the lookup', () => {
  it('a challenge page on the link-in-bio page: failed_link_in_bio_urls, partial, the rest still scanned', async () => {
    const w = nightOwlWeb();
    w.override(LINKTREE, { status: 403, headers: HTML, body: CHALLENGE_HTML });
    install(w);
    const { key } = await h.key(10);
    const r = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      partial: true,
      link_in_bio_urls: [LINKTREE, BEACONS],
      failed_link_in_bio_urls: [LINKTREE],
      failed_email_scan_urls: [LINKTREE],
      credits_charged: 10,
    });
    // The bio's addresses are still found; what only the Linktree led to is not.
    expect(addresses(r.body)).toContain('studio@nightowlceramics.com');
    expect(addresses(r.body)).not.toContain('orders@nightowlceramics.com');
    // The challenge page was not parsed as data: no account from it.
    expect(r.body.scanned_profile_urls).not.toContain(YT_URL);
  });

  it('a failing website page and a failing linked account: failed_website_urls, failed_email_scan_urls, partial', async () => {
    const w = nightOwlWeb();
    w.override(`${SITE}/contact`, { status: 500, body: 'oops' });
    w.override('x.com', { status: 503, body: 'over capacity' });
    install(w);
    const { key } = await h.key(10);
    const r = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(r.status).toBe(200);
    expect(r.body.partial).toBe(true);
    expect(r.body.failed_website_urls).toEqual([`${SITE}/contact`]);
    expect(r.body.failed_email_scan_urls).toEqual([`${SITE}/contact`, 'https://x.com/nightowlpots']);
    expect(addresses(r.body)).toContain('info@nightowlceramics.com');
    expect(addresses(r.body)).not.toContain('press@nightowlceramics.com');
  });

  it('a source-linked account that fails: failed_source_linked_profile_urls', async () => {
    const w = nightOwlWeb();
    w.ig.set('nightowl.ceramics', { ...w.ig.get('nightowl.ceramics')!, bioLinks: [LINKTREE, 'https://www.youtube.com/@nightowlceramics'] });
    w.override('www.youtube.com', { status: 503, body: 'unavailable' });
    install(w);
    const { key } = await h.key(10);
    const r = await h.rest(profilesPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(r.body).toMatchObject({ partial: true, source_linked_profile_urls: [YT_URL], failed_source_linked_profile_urls: [YT_URL] });
    // Explicitly linked: still returned, on that evidence.
    expect(r.body.profiles.find((p: any) => p.platform === 'video')).toMatchObject({
      evidence: ['link_in_bio', 'verified_profile_link', 'same_handle_match'],
    });
  });

  it('a same-handle probe answered with a captcha is not existence: same_handle_search_partial', async () => {
    process.env.DISCOVERY_WEBSEARCH = 'off';
    const w = nightOwlWeb();
    w.ig.set('nightowl.ceramics', { ...w.ig.get('nightowl.ceramics')!, externalUrl: null, bioLinks: [] });
    w.override('www.tiktok.com', { status: 200, headers: HTML, body: VERIFY_PAGE });
    install(w);
    const { key } = await h.key(10);
    const r = await h.rest(profilesPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(r.body).toMatchObject({
      partial: true,
      same_handle_search_partial: true,
      same_handle_candidate_urls: ['https://www.youtube.com/@nightowl.ceramics', 'https://www.threads.com/@nightowl.ceramics'],
    });
    // The TikTok captcha names no account; Threads @nightowl.ceramics is the source's own Threads
    // profile (paired_account: Threads carries the Instagram username), found by the same probe.
    expect(r.body.profiles.map((p: any) => [p.platform, p.evidence])).toEqual([
      ['social-b', ['source_profile']],
      ['microblog-c', ['same_handle_match', 'paired_account']],
    ]);
  });

  it('a blocked web search: websearch_used, websearch_failed, partial', async () => {
    const w = nightOwlWeb();
    w.override('www.google.com', {
      status: 429,
      headers: HTML,
      body: '<html><body>Our systems have detected unusual traffic from your computer network.</body></html>',
    });
    install(w);
    const { key } = await h.key(10);
    const r = await h.rest(profilesPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(r.body).toMatchObject({
      partial: true,
      websearch_used: true,
      websearch_failed: true,
      websearch_candidate_urls: [],
      verified_websearch_candidate_urls: [],
    });
  });

  it('a websearch candidate that fails verification: failed_websearch_candidate_urls, websearch_verification_partial', async () => {
    const w = nightOwlWeb();
    w.override('www.facebook.com', { status: 500, body: 'error' });
    install(w);
    const { key } = await h.key(10);
    const r = await h.rest(profilesPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(r.body).toMatchObject({
      partial: true,
      websearch_failed: false,
      failed_websearch_candidate_urls: ['https://www.facebook.com/nightowlceramicsfans', FB_OWN],
      websearch_verification_partial: true,
    });
  });

  it('DISCOVERY_WEBSEARCH=off: no search, websearch_used false', async () => {
    process.env.DISCOVERY_WEBSEARCH = 'off';
    const { key } = await h.key(10);
    const r = await h.rest(profilesPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(r.body).toMatchObject({ websearch_used: false, websearch_candidate_urls: [] });
    expect(h.replay.hits({ host: 'www.google.com' })).toHaveLength(0);
  });
});

describe('the lookup deadline', () => {
  it('returns what is done when the deadline passes: the slow pages are failed, partial is true', async () => {
    process.env.DISCOVERY_DEADLINE_MS = '1500';
    const w = nightOwlWeb();
    w.override(`${SITE}/about`, { status: 200, headers: HTML, body: 'late', fault: { kind: 'latency', ms: 10_000 } });
    w.override('beacons.ai', { status: 200, headers: HTML, body: 'late', fault: { kind: 'timeout' } });
    install(w);
    const { key } = await h.key(10);
    const started = Date.now();
    const r = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(3_000);
    expect(r.status).toBe(200);
    expect(r.body.partial).toBe(true);
    expect(r.body.failed_website_urls).toEqual([`${SITE}/about`]);
    expect(r.body.failed_websearch_candidate_link_in_bio_urls).toEqual([BEACONS]);
    // Everything that arrived in time is there.
    expect(addresses(r.body)).toEqual(
      expect.arrayContaining(['studio@nightowlceramics.com', 'orders@nightowlceramics.com', 'press@nightowlceramics.com']),
    );
    expect(addresses(r.body)).not.toContain('info@nightowlceramics.com');
    expect(r.body.credits_charged).toBe(10);
  });

  it('per-request timeouts (DISCOVERY_FETCH_TIMEOUT_MS) fail one slow scan without waiting for the deadline', async () => {
    process.env.DISCOVERY_FETCH_TIMEOUT_MS = '300';
    const w = nightOwlWeb();
    w.override(`${SITE}/about`, { status: 200, headers: HTML, body: 'late', fault: { kind: 'latency', ms: 5_000 } });
    install(w);
    const { key } = await h.key(10);
    const started = Date.now();
    const r = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(r.body).toMatchObject({ partial: true, failed_website_urls: [`${SITE}/about`] });
  });
});

describe('optional scans never retry and never wait for a host cool-down (client retries 2, cool-downs on)', () => {
  // Its own gateway: the shared harness turns cool-downs off and retries once.
  let g: Harness;
  beforeAll(async () => {
    g = await startHarness({ env: { UPSTREAM_RETRIES: '2', UPSTREAM_COOLDOWN_MAX_MS: '60000' } });
  });
  afterAll(async () => {
    await g.close();
  });
  const installOn = (w: DiscoveryWeb, extra: Route[] = []) => {
    g.replay.reset();
    for (const r of [...w.routes(), ...extra]) g.replay.add(r);
  };
  /** `host`'s route of `w`, answering 503 (no Retry-After) to its first request, normally after. */
  const flakyFirst = (w: DiscoveryWeb, host: string): Route => {
    const route = w.routes().find((r) => r.host === host)!;
    const answer = route.response as (req: ReplayRequest) => RecordedResponse;
    return {
      ...route,
      response: (req) => ({ ...answer(req), fault: { kind: 'sequence', faults: [{ kind: 'status', status: 503 }, null] } }),
    };
  };

  it('a website answering 503 + Retry-After and a search answering 429 + Retry-After: asked once, failed, partial, no wait; the next lookup does not even ask', async () => {
    const w = nightOwlWeb();
    // A waiting client would retry each after 2 s (within its 3 s deadline).
    w.override(`${SITE}/`, { status: 503, headers: { ...HTML, 'retry-after': '2' }, body: 'down for maintenance' });
    w.override('www.google.com', {
      status: 429,
      headers: { ...HTML, 'retry-after': '2' },
      body: '<html><body>Our systems have detected unusual traffic from your computer network.</body></html>',
    });
    installOn(w);
    const { key } = await g.key(20);
    // The gateway and the upstream run on this thread: the bounds are on its own time, wall time less
    // what it waited for a core. In wall time a whole lookup had 1.5 s on a loaded machine, 0.5 s
    // short of a 2 s retry or cool-down wait — a sleep, which is no wait for a core, so still counted.
    const t0 = ownClock();
    const first = await g.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(ownClock() - t0).toBeLessThan(1_500);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      partial: true,
      websearch_used: true,
      websearch_failed: true,
      failed_website_urls: [`${SITE}/`],
      expanded_website_urls: [],
    });
    expect(first.body.failed_email_scan_urls).toContain(`${SITE}/`);
    expect(addresses(first.body)).toContain('orders@nightowlceramics.com'); // the rest is still scanned
    expect(g.replay.hits({ host: 'nightowlceramics.com' }).map((r) => r.path)).toEqual(['/']);
    expect(g.replay.hits({ host: 'www.google.com' })).toHaveLength(1);

    // Both hosts are cooling down now: the next lookup fails those scans at once, sending nothing.
    const t1 = ownClock();
    const second = await g.rest(profilesPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(ownClock() - t1).toBeLessThan(1_500);
    expect(second.body).toMatchObject({ partial: true, websearch_failed: true, failed_website_urls: [`${SITE}/`] });
    expect(g.replay.hits({ host: 'nightowlceramics.com' })).toHaveLength(1);
    expect(g.replay.hits({ host: 'www.google.com' })).toHaveLength(1);
  });

  it('the source profile keeps the client’s retries; an optional account answering a bare 503 once is asked once more (not with the client’s retries), and read', async () => {
    process.env.DISCOVERY_WEBSEARCH = 'off';
    const w = nightOwlWeb();
    installOn(w, [flakyFirst(w, 'i.instagram.com'), flakyFirst(w, 'www.tiktok.com')]);
    const { key } = await g.key(10);
    const r = await g.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(r.status).toBe(200);
    // 503, then the retry's answer. (The website may still be cooling down from the test above.)
    expect(g.replay.hits({ host: 'i.instagram.com' }).filter((x) => x.query.get('username') === 'nightowl.ceramics')).toHaveLength(2);
    // TikTok (the Linktree's account and a same-handle probe: one fetch) answered a bare 503 once: sent
    // once more 150 ms later (src/discovery/README.md, session 39; before, it was failed and the lookup
    // partial) — not the client's two retries. A 503 with Retry-After stays the answer (the test above).
    expect(g.replay.hits({ host: 'www.tiktok.com' })).toHaveLength(2);
    expect(r.body.failed_email_scan_urls).not.toContain(TT_URL);
    expect(r.body.same_handle_search_partial).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Internal-only sources
// ---------------------------------------------------------------------------------------------

describe('internal-only sources', () => {
  it('an address found only internally has sources []; one also found publicly keeps exactly its public sources', async () => {
    setInternalContactSource({ lookup: async () => ({ emails: ['agent@owlmgmt.co.uk', 'STUDIO@nightowlceramics.com'], limited: false }) });
    const { key } = await h.key(10);
    const r = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(r.body.emails.find((e: any) => e.email === 'agent@owlmgmt.co.uk')).toEqual({ email: 'agent@owlmgmt.co.uk', sources: [] });
    expect(r.body.emails.find((e: any) => e.email.toLowerCase() === 'studio@nightowlceramics.com')).toEqual({
      email: 'studio@nightowlceramics.com',
      sources: [{ url: IG_URL, type: 'social_profile' }],
    });
    expect(r.body).toMatchObject({ partial: false, email_scan_limited: false });
  });

  it('the internal source is asked about the source and every verified profile; never for find social profiles', async () => {
    const asked: { platform: string; handle: string }[][] = [];
    setInternalContactSource({ lookup: async (p) => (asked.push([...p]), { emails: ['agent@owlmgmt.co.uk'], limited: false }) });
    const { key } = await h.key(20);
    await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toEqual(
      expect.arrayContaining([
        { platform: 'social-b', handle: 'nightowl.ceramics' },
        { platform: 'shortvideo', handle: 'nightowl.ceramics' },
        { platform: 'microblog-b', handle: 'nightowlpots' },
      ]),
    );
    expect(asked[0]).not.toContainEqual({ platform: 'video', handle: 'nightowl.ceramics' }); // the decoy
    const p = await h.rest(profilesPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(JSON.stringify(p.body)).not.toContain('agent@owlmgmt');
    expect(asked).toHaveLength(1);
  });

  it('a failing internal source makes the result partial; a capped one makes the scan limited — neither adds a URL', async () => {
    setInternalContactSource({ lookup: async () => Promise.reject(new Error('directory offline')) });
    const { key } = await h.key(20);
    const failed = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(failed.body).toMatchObject({ partial: true, email_scan_limited: false, failed_email_scan_urls: [] });
    setInternalContactSource({ lookup: async () => ({ emails: [], limited: true }) });
    const limited = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(limited.body).toMatchObject({ partial: false, email_scan_limited: true });
  });

  it('npm run contacts -- import file.csv: the SQLite directory under DATA_DIR; its URLs appear in no list', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cl-contacts-'));
    try {
      const csv = join(dir, 'contacts.csv');
      writeFileSync(
        csv,
        [
          'platform,handle,email,source_url',
          'social-b,@NightOwl.Ceramics,agent@owlmgmt.co.uk,https://crm.internal.example/creators/881',
          'microblog-b-alias,nightowlpots,"mgmt@owlmgmt.co.uk",https://crm.internal.example/creators/882',
          'social-b,someone.else,other@owlmgmt.co.uk,',
          'social-b,nightowl.ceramics,not-an-address,',
        ].join('\n'),
      );
      const lines: string[] = [];
      const code = await runContactsCli(
        ['import', csv],
        { DATA_DIR: h.config.dataDir },
        { log: (l) => lines.push(l), error: (l) => lines.push(l) },
      );
      expect(code).toBe(0);
      expect(lines[0]).toBe('imported 3 new row(s), 0 already present, 1 skipped');
      const { key } = await h.key(10);
      const r = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
      expect(r.body.emails).toContainEqual({ email: 'agent@owlmgmt.co.uk', sources: [] });
      expect(r.body.emails).toContainEqual({ email: 'mgmt@owlmgmt.co.uk', sources: [] });
      expect(addresses(r.body)).not.toContain('other@owlmgmt.co.uk');
      expect(JSON.stringify(r.body)).not.toContain('crm.internal.example');
    } finally {
      await runContactsCli(['clear'], { DATA_DIR: h.config.dataDir }, { log: () => undefined, error: () => undefined });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Generic short links
// ---------------------------------------------------------------------------------------------

describe('generic short links are resolved and used as if linked directly', () => {
  const CL_IG = 'https://www.instagram.com/clay.lark/';
  const CL_TREE = 'https://linktr.ee/claylark';
  const CL_SITE = 'https://claylark.studio/';
  /** Clay Lark links everything through shorteners: bit.ly → Linktree, tinyurl → website, t.co (on the Linktree) → X; one shortener fails, one link is dead. */
  function clayLarkWeb(): DiscoveryWeb {
    const w = nightOwlWeb();
    w.ig.set('clay.lark', {
      username: 'clay.lark',
      fullName: 'Clay Lark',
      bio: 'Wheel-thrown stoneware',
      externalUrl: 'https://bit.ly/claylark',
      bioLinks: ['https://bit.ly/claylark', 'https://tinyurl.com/clay-lark-site', 'https://buff.ly/claylark-shop', 'https://ow.ly/gone'],
    });
    w.page('https://bit.ly/claylark', '', { status: 301, headers: { location: CL_TREE } });
    w.page('https://tinyurl.com/clay-lark-site', '', { status: 302, headers: { location: CL_SITE } });
    w.page('https://buff.ly/claylark-shop', 'busy', { status: 503 });
    // ow.ly/gone: the replay answers 404, a removed short link.
    w.page('https://ow.ly/', 'ow.ly home');
    w.linktree.set('claylark', {
      username: 'claylark',
      description: 'pots & glazes',
      links: [{ title: 'X', url: 'https://t.co/ClayX01' }],
    });
    // t.co answers non-browsers with a page that refreshes to the target.
    w.page(
      'https://t.co/ClayX01',
      '<head><noscript><META http-equiv="refresh" content="0;URL=https://x.com/claylarkpots"></noscript><title>https://x.com/claylarkpots</title></head>',
    );
    w.page(CL_SITE, sitePage('Clay Lark', '<p>Commissions: hello@claylark.studio</p>'));
    w.x.set('claylarkpots', { screenName: 'claylarkpots', name: 'Clay Lark', description: 'kiln logs', url: CL_SITE });
    // Same-handle candidates' short links are resolved to see whether they lead back: someone
    // else's TikTok (to their own site), the creator's own unlinked YouTube channel (to the Linktree).
    w.tiktok.set('clay.lark', { handle: 'clay.lark', nickname: 'Clay L.', signature: 'clay memes', bioLink: 'https://bit.ly/decoy-clay' });
    w.page('https://bit.ly/decoy-clay', '', { status: 301, headers: { location: 'https://claymemes.example.org/' } });
    w.youtube.set('clay.lark', {
      handle: 'clay.lark',
      channelId: 'UCc1ayL4rkStud1oTest0001',
      title: 'Clay Lark',
      description: 'Throwing on the wheel.',
      links: [{ title: 'All my links', url: 'https://tinyurl.com/claylark-links' }],
    });
    w.page('https://tinyurl.com/claylark-links', '', { status: 301, headers: { location: CL_TREE } });
    return w;
  }

  it('the targets are followed and reported (link page, website, account); the failing shortener is listed, the dead one is not', async () => {
    install(clayLarkWeb());
    const { key } = await h.key(10);
    const r = await h.rest(emailsPath('platform=social-b&handle=clay.lark'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      link_in_bio_urls: [CL_TREE],
      expanded_website_urls: [CL_SITE],
      failed_website_urls: ['https://buff.ly/claylark-shop'],
      failed_link_in_bio_urls: [],
      partial: true,
    });
    expect(r.body.failed_email_scan_urls).toEqual(['https://buff.ly/claylark-shop']);
    expect(r.body.emails).toContainEqual({ email: 'hello@claylark.studio', sources: [{ url: CL_SITE, type: 'website' }] });
    expect(r.body.scanned_profile_urls).toEqual([CL_IG, 'https://x.com/claylarkpots', 'https://www.youtube.com/@clay.lark']);
    // Every shortener asked once, without following: the targets are fetched by what reads them. The
    // one answering a bare 503 is sent once more (one repeat of a passing server error, session 39).
    for (const [host, paths] of [
      ['bit.ly', ['/claylark', '/decoy-clay']],
      ['tinyurl.com', ['/clay-lark-site', '/claylark-links']],
      ['buff.ly', ['/claylark-shop', '/claylark-shop']],
      ['ow.ly', ['/gone']],
      ['t.co', ['/ClayX01']],
    ] as const) {
      expect(
        h.replay
          .hits({ host })
          .map((x) => x.path)
          .sort(),
        host,
      ).toEqual([...paths].sort());
    }
    expect(h.replay.hits({ host: 'claylark.studio', path: '/' })).toHaveLength(1);
    expect(h.replay.hits({ host: 'claymemes.example.org' })).toHaveLength(0);
    // No shortener URL is reported as anything but a failure.
    const { failed_website_urls: _f, failed_email_scan_urls: _e, ...rest } = r.body;
    expect(JSON.stringify(rest)).not.toMatch(/bit\.ly|tinyurl|buff\.ly|ow\.ly|t\.co\//);
  });

  it('accounts verified through short links: link_in_bio and shared_website (X), reciprocal (the own YouTube channel); the decoy’s leads elsewhere', async () => {
    install(clayLarkWeb());
    const { key } = await h.key(10);
    const r = await h.rest(profilesPath('platform=social-b&handle=clay.lark'), { key });
    expect(r.body.profiles.find((p: any) => p.platform === 'microblog-b')).toEqual({
      platform: 'microblog-b',
      handle: 'claylarkpots',
      url: 'https://x.com/claylarkpots',
      confidence: 0.99,
      evidence: ['link_in_bio', 'shared_website', 'display_name_match'],
    });
    // The own channel links the Linktree through tinyurl: it links back.
    expect(r.body.profiles.find((p: any) => p.platform === 'video')).toMatchObject({
      handle: 'clay.lark',
      evidence: ['same_handle_match', 'display_name_match', 'reciprocal_profile_link'],
    });
    // The decoy's short link was resolved too, and leads to a site of its own: no profile.
    expect(r.body.profiles.some((p: any) => p.platform === 'shortvideo')).toBe(false);
    expect(r.body.same_handle_candidate_urls).toEqual(
      expect.arrayContaining(['https://www.tiktok.com/@clay.lark', 'https://www.youtube.com/@clay.lark']),
    );
  });

  it("a brand's own short link that names no account (a TikTok share link) is resolved: the account its target names is the creator's link", async () => {
    const w = nightOwlWeb();
    w.ig.set('clay.lark', {
      username: 'clay.lark',
      fullName: 'Clay Lark',
      bio: 'Wheel-thrown stoneware · clips on TikTok',
      bioLinks: ['https://vm.tiktok.com/ZMclay01/'],
    });
    // TikTok's share link sends a non-browser to the video, whose URL names the account.
    w.page('https://vm.tiktok.com/ZMclay01/', '', {
      status: 301,
      headers: { location: 'https://www.tiktok.com/@claylarkclips/video/7312345678901234567?_r=1&_t=8abc' },
    });
    w.tiktok.set('claylarkclips', { handle: 'claylarkclips', nickname: 'Clay Lark', signature: 'studio clips' });
    install(w);
    const { key } = await h.key(10);
    const r = await h.rest(profilesPath('platform=social-b&handle=clay.lark'), { key });
    expect(r.status).toBe(200);
    expect(r.body.profiles.find((p: any) => p.platform === 'shortvideo')).toMatchObject({ handle: 'claylarkclips' });
    expect(h.replay.hits({ host: 'vm.tiktok.com' }).map((x) => x.path)).toEqual(['/ZMclay01/']);
  });

  it(`at most ${MAX_SHORT_LINKS} short links are resolved per lookup; more limit the scan`, async () => {
    const w = nightOwlWeb();
    const links = Array.from({ length: MAX_SHORT_LINKS + 2 }, (_, i) => `https://bit.ly/many${i}`);
    w.ig.set('many.links', { username: 'many.links', fullName: 'Many Links', bio: 'so many links', bioLinks: links });
    for (const [i, l] of links.entries())
      w.page(l, '', { status: 301, headers: { location: `https://www.amazon.com/dp/B000MANY${String(i).padStart(2, '0')}` } });
    install(w);
    const { key } = await h.key(10);
    const r = await h.rest(emailsPath('platform=social-b&handle=many.links'), { key });
    expect(r.body).toMatchObject({ email_scan_limited: true, partial: false });
    expect(h.replay.hits({ host: 'bit.ly' })).toHaveLength(MAX_SHORT_LINKS);
  });
});

// ---------------------------------------------------------------------------------------------
// Other source platforms
// ---------------------------------------------------------------------------------------------

describe('other source platforms', () => {
  it('shortvideo source: the Instagram account with every label that applies to it', async () => {
    const w = nightOwlWeb();
    w.ig.set('nightowl.ceramics', { ...w.ig.get('nightowl.ceramics')!, bioLinks: [LINKTREE] });
    install(w);
    const { key } = await h.key(10);
    const r = await h.rest(profilesPath('platform=shortvideo&handle=NightOwl.Ceramics'), { key });
    expect(r.status).toBe(200);
    expect(r.body.source).toEqual({ platform: 'shortvideo', handle: 'nightowl.ceramics', url: TT_URL });
    // Same handle and name; links the Linktree back; linked from the verified YouTube channel and
    // the creator's website; found by the search. The beacons page the search found links it too,
    // but that page is the creator's only through this very account: no link_in_bio for it.
    expect(r.body.profiles.find((p: any) => p.platform === 'social-b')).toEqual({
      platform: 'social-b',
      handle: 'nightowl.ceramics',
      url: IG_URL,
      confidence: 0.99,
      evidence: [
        'verified_profile_link',
        'same_handle_match',
        'website_link',
        'websearch_match',
        'display_name_match',
        'reciprocal_profile_link',
      ],
    });
  });

  it('video source by channel id (same handle probes use the channel handle)', async () => {
    const { key } = await h.key(10);
    const r = await h.rest(emailsPath('platform=video&handle=UCn1ghtOw1Cer4micsTest01'), { key });
    expect(r.status).toBe(200);
    expect(r.body.source).toEqual({ platform: 'video', handle: 'nightowlceramics', url: YT_URL });
    expect(r.body.emails[0]).toEqual({ email: 'biz@nightowlceramics.com', sources: [{ url: YT_URL, type: 'social_profile' }] });
    expect(h.replay.hits({ host: 'www.youtube.com' })[0].path).toBe('/channel/UCn1ghtOw1Cer4micsTest01');
  });

  it('microblog-b-alias: source.platform echoes the alias; profiles use the platform label', async () => {
    const { key } = await h.key(20);
    const alias = await h.rest(profilesPath('platform=microblog-b-alias&handle=@NightOwlPots'), { key });
    expect(alias.status).toBe(200);
    expect(alias.body.source).toEqual({ platform: 'microblog-b-alias', handle: 'nightowlpots', url: X_URL });
    expect(alias.body.profiles[0]).toMatchObject({ platform: 'microblog-b', handle: 'nightowlpots', evidence: ['source_profile'] });
    const canonical = await h.rest(profilesPath('platform=microblog-b&handle=nightowlpots'), { key });
    expect(canonical.body.source.platform).toBe('microblog-b');
    expect(canonical.body.profiles).toEqual(alias.body.profiles);
  });

  it('social-a source: the page name, description and outbound links', async () => {
    const w = nightOwlWeb();
    w.facebook.set('nightowlceramics', {
      vanity: 'nightowlceramics',
      name: 'Night Owl Ceramics',
      description: 'Pottery studio. Email us: hello@nightowlceramics.com',
      links: [`${SITE}/`],
    });
    install(w);
    const { key } = await h.key(10);
    const r = await h.rest(emailsPath('platform=social-a&handle=NightOwlCeramics'), { key });
    expect(r.status).toBe(200);
    expect(r.body.source).toEqual({ platform: 'social-a', handle: 'nightowlceramics', url: 'https://www.facebook.com/nightowlceramics' });
    // Also in the Instagram bio (linked from the website, so verified and scanned).
    expect(r.body.emails[0]).toEqual({
      email: 'hello@nightowlceramics.com',
      sources: [
        { url: 'https://www.facebook.com/nightowlceramics', type: 'social_profile' },
        { url: IG_URL, type: 'linked_profile' },
      ],
    });
    expect(r.body.expanded_website_urls).toEqual([`${SITE}/`]);
    expect(addresses(r.body)).toContain('press@nightowlceramics.com');
  });

  it('social-a source with its intro card, asked for by id: the vanity, the e-mail field, the website field crawled, the linked accounts', async () => {
    const w = nightOwlWeb();
    w.facebook.set('nightowlstudio', {
      vanity: 'NightOwlStudio',
      id: '100064000000777',
      name: 'Night Owl Ceramics',
      description: 'Night Owl Ceramics. 812 likes · 12 talking about this.',
      intro: {
        bio: 'Handmade mugs from Leeds',
        category: 'Artist',
        email: 'Studio@NightOwlCeramics.com',
        websites: [{ url: `${SITE}/`, text: 'nightowlceramics.com' }],
        accounts: [
          { url: IG_URL, text: 'nightowl.ceramics' },
          { url: TT_URL, text: 'nightowl.ceramics' },
        ],
      },
    });
    install(w);
    const { key } = await h.key(10);
    const r = await h.rest(emailsPath('platform=social-a&handle=100064000000777'), { key });
    expect(r.status).toBe(200);
    expect(h.replay.hits({ host: 'www.facebook.com' }).map((x) => `${x.path}?${x.query}`)).toEqual(['/profile.php?id=100064000000777']);
    expect(r.body.source).toEqual({ platform: 'social-a', handle: 'nightowlstudio', url: 'https://www.facebook.com/NightOwlStudio' });
    // The intro's e-mail field, and the Instagram business e-mail (the account is linked from the intro: verified, scanned).
    expect(r.body.emails[0]).toEqual({
      email: 'Studio@nightowlceramics.com',
      sources: [
        { url: 'https://www.facebook.com/NightOwlStudio', type: 'social_profile' },
        { url: IG_URL, type: 'linked_profile' },
      ],
    });
    expect(r.body.expanded_website_urls).toEqual([`${SITE}/`]);
    expect(r.body.source_linked_profile_urls).toEqual([IG_URL, TT_URL]);
    expect(addresses(r.body)).toEqual(expect.arrayContaining(['press@nightowlceramics.com', 'orders@nightowlceramics.com']));
    const p = await h.rest(profilesPath('platform=social-a&handle=NightOwlStudio'), { key: (await h.key(10)).key });
    expect(p.body.source.handle).toBe('nightowlstudio');
    expect(p.body.profiles.find((x: any) => x.platform === 'social-b')).toMatchObject({
      url: IG_URL,
      evidence: expect.arrayContaining(['verified_profile_link']),
    });
  });
});

// ---------------------------------------------------------------------------------------------
// GraphQL, cache reuse
// ---------------------------------------------------------------------------------------------

describe('GraphQL root fields', () => {
  it('typed fields and json agree with REST; credits in extensions', async () => {
    const { key } = await h.key(40);
    const rest = await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    const g = await h.gql(
      `query($h: String!) {
        findCreatorEmails(platform: SOCIAL_B, handle: $h) {
          source { platform handle url }
          emails { email sources { url type } }
          scannedProfileUrls failedEmailScanUrls emailScanLimited partial linkInBioUrls expandedWebsiteUrls
          sameHandleCandidateUrls websearchUsed verifiedWebsearchCandidateUrls json
        }
        findSocialProfiles(platform: SOCIAL_B, handle: $h) { source { handle } profiles { platform handle url confidence evidence } partial json }
      }`,
      { key, variables: { h: 'nightowl.ceramics' } },
    );
    expect(g.status).toBe(200);
    expect(g.body.errors).toBeUndefined();
    const e = g.body.data.findCreatorEmails;
    expect(e.json).toEqual(record(rest.body));
    expect(e.emails).toEqual(rest.body.emails);
    expect(e.source).toEqual(rest.body.source);
    expect(e).toMatchObject({
      scannedProfileUrls: rest.body.scanned_profile_urls,
      emailScanLimited: false,
      partial: false,
      linkInBioUrls: [LINKTREE, BEACONS],
      expandedWebsiteUrls: [`${SITE}/`],
      websearchUsed: true,
      verifiedWebsearchCandidateUrls: rest.body.verified_websearch_candidate_urls,
    });
    expect(g.body.data.findSocialProfiles.profiles).toEqual(g.body.data.findSocialProfiles.json.profiles);
    expect(g.body.extensions.credits).toMatchObject({ charged: 20, remaining: 10 });
  });

  it('an invalid handle is reported by argument name with 0 credits', async () => {
    const { key, id } = await h.key(10);
    const g = await h.gql('{ findCreatorEmails(platform: VIDEO, handle: "https://youtube.com/@x") { emails { email } } }', { key });
    expect(g.body.errors[0].extensions).toMatchObject({
      code: 'INVALID_INPUT',
      details: [{ param: 'handle', message: expect.stringMatching(/not a profile URL/) }],
    });
    expect(await h.balance(id)).toBe(10);
  });
});

describe('gateway cache reuse for sub-fetches', () => {
  it('the link page a lookup read is served from the cache to /v1/linkpage-b, and to the next lookup', async () => {
    process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '3600000';
    const { key } = await h.key(40);
    await h.rest(emailsPath('platform=social-b&handle=nightowl.ceramics'), { key });
    const cached = await h.rest(`/v1/linkpage-b?url=${encodeURIComponent(LINKTREE)}&cache_max_age=1d`, { key });
    expect(cached.body).toMatchObject({ success: true, cached: true, credits_charged: 0, username: 'nightowlceramics' });
    h.replay.reset();
    install(nightOwlWeb());
    const again = await h.rest(profilesPath('platform=social-b&handle=nightowl.ceramics'), { key });
    expect(again.status).toBe(200);
    // The Instagram profile, Linktree, YouTube channels, TikTok and X profiles (their readers read
    // through the profile operations) and search page came from the cache.
    expect(h.replay.hits({ host: 'i.instagram.com' })).toHaveLength(0);
    expect(h.replay.hits({ host: 'linktr.ee' })).toHaveLength(0);
    expect(h.replay.hits({ host: 'www.youtube.com' })).toHaveLength(0);
    expect(h.replay.hits({ host: 'www.google.com' })).toHaveLength(0);
    expect(h.replay.hits({ host: 'www.tiktok.com' })).toHaveLength(0);
    expect(h.replay.hits({ host: 'x.com' })).toHaveLength(0);
    // Fetches that are no platform operation (the creator's website) are fetched again.
    expect(h.replay.hits({ host: new URL(SITE).host }).length).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// GraphQL incremental delivery (@defer / @stream)
// ---------------------------------------------------------------------------------------------

describe('GraphQL @defer / @stream: what is ready first, credits on the last part', () => {
  const STREAMED = `query($h: String!) {
    mail: findCreatorEmails(platform: SOCIAL_B, handle: $h) {
      source { platform handle url }
      ... @defer(label: "emails") { emails { email } partial json }
    }
    found: findSocialProfiles(platform: SOCIAL_B, handle: $h) {
      source { handle }
      profiles @stream(initialCount: 1) { url confidence evidence }
      ... @defer(label: "diagnostics") { linkInBioUrls partial json }
    }
  }`;
  /**
   * The website's about page arrives slowly — its body in 9 pieces 250 ms apart (within the
   * harness's upstream timeouts) — so the lookups finish 2 s after the source is read.
   */
  const slowAbout = () => {
    const w = nightOwlWeb();
    const body = sitePage('About', '<p>Wholesale: wholesale [at] nightowlceramics [dot] com</p>');
    w.override(`${SITE}/about`, {
      status: 200,
      headers: HTML,
      body,
      fault: { kind: 'slowBody', chunkBytes: Math.ceil(Buffer.byteLength(body) / 9), intervalMs: 250 },
    });
    install(w);
  };

  it('multipart/mixed: the source and the source profile first, e-mails and diagnostics later, credits on the last part', async () => {
    slowAbout();
    const { key, id } = await h.key(50);
    const r = await postStreaming(h.url, STREAMED, { key, variables: { h: 'nightowl.ceramics' }, accept: 'multipart/mixed' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    const parts = await allParts(r);
    expect(parts.length).toBeGreaterThanOrEqual(3);

    // The first part: what the source profile told, nothing the rest of the lookup decides.
    const first = parts[0];
    expect(first.payload.hasNext).toBe(true);
    expect(first.payload.errors).toBeUndefined();
    expect(first.payload.data.mail).toEqual({ source: { platform: 'social-b', handle: 'nightowl.ceramics', url: IG_URL } });
    expect(first.payload.data.found).toEqual({
      source: { handle: 'nightowl.ceramics' },
      profiles: [{ url: IG_URL, confidence: 1, evidence: ['source_profile'] }],
    });
    expect(first.payload.extensions).toBeUndefined();
    // … and it arrived while the website was still being read.
    const last = parts[parts.length - 1];
    expect(last.at - first.at).toBeGreaterThan(1_500);

    // The later parts: the deferred fragments and the other profiles.
    const later = parts.slice(1).flatMap((p) => p.payload.incremental ?? []);
    const emailsPart = later.find((i: any) => i.label === 'emails');
    const diagnostics = later.find((i: any) => i.label === 'diagnostics');
    expect(emailsPart.path).toEqual(['mail']);
    expect(emailsPart.data.emails.map((e: { email: string }) => e.email)).toEqual(addresses(emailsPart.data.json));
    expect(addresses(emailsPart.data.json)).toEqual(
      expect.arrayContaining(['studio@nightowlceramics.com', 'wholesale@nightowlceramics.com']),
    );
    expect(emailsPart.data.json.source).toEqual(first.payload.data.mail.source);
    expect(diagnostics.data).toMatchObject({ linkInBioUrls: [LINKTREE, BEACONS], partial: false });
    const streamed = later.filter((i: any) => i.items).flatMap((i: any) => i.items);
    const profiles = [...first.payload.data.found.profiles, ...streamed];
    expect(profiles.length).toBeGreaterThan(3);
    // The record's profiles, each once (streamed in verification order: see the next test).
    expect(sortByUrl(profiles)).toEqual(
      sortByUrl(diagnostics.data.json.profiles.map((p: any) => ({ url: p.url, confidence: p.confidence, evidence: p.evidence }))),
    );
    // Selected without a nested @defer, an item waits for its final confidence: none before the website is read.
    for (const p of parts.slice(1)) if (p.payload.incremental?.some((i: any) => i.items)) expect(p.at - first.at).toBeGreaterThan(1_500);
    for (const p of parts) expect(p.payload.errors).toBeUndefined();

    // Only the last part carries the credits: 10 for the e-mails found, 10 for the profiles.
    for (const p of parts.slice(0, -1)) expect(p.payload.extensions).toBeUndefined();
    expect(last.payload.hasNext).toBe(false);
    expect(last.payload.extensions.credits).toEqual({
      charged: 20,
      remaining: 30,
      fields: [
        { path: 'mail', charged: 10, cached: false, cached_at: null },
        { path: 'found', charged: 10, cached: false, cached_at: null },
      ],
    });
    expect(await h.balance(id)).toBe(30);
    expect(h.deps.ledger.open.size).toBe(0);
    expect(progressEntries()).toBe(0);
  });

  const THREADS = 'https://www.threads.com/@nightowl.ceramics';
  const STOREFRONT = 'https://www.amazon.com/shop/nightowlceramics';
  const GITHUB = 'https://github.com/nightowlpots';
  const GLAZE_LAB = 'https://www.tiktok.com/@owl.glaze.lab';
  const GONE = 'https://www.youtube.com/@owl.archive';
  /**
   * The slow about page (as slowAbout) now also links a TikTok account as the site's own (its link
   * reads "TikTok", not another person's @handle: a credit would tie nothing) that links back to the
   * Instagram: verified (reciprocal link), but only once that page is read. The Instagram bio
   * also links Threads (never fetched) and a YouTube channel that does not exist (404).
   */
  const lateWeb = () => {
    const w = nightOwlWeb();
    w.ig.set('nightowl.ceramics', { ...w.ig.get('nightowl.ceramics')!, bioLinks: [LINKTREE, THREADS, GONE] });
    w.tiktok.set('owl.glaze.lab', {
      handle: 'owl.glaze.lab',
      nickname: 'Owl Glaze Lab',
      signature: 'glaze tests from the studio',
      bioLink: IG_URL,
    });
    const body = sitePage(
      'About',
      `<p>Wholesale: wholesale [at] nightowlceramics [dot] com</p><p>Our glaze tests are on <a href="${GLAZE_LAB}">TikTok</a></p>`,
    );
    w.override(`${SITE}/about`, {
      status: 200,
      headers: HTML,
      body,
      fault: { kind: 'slowBody', chunkBytes: Math.ceil(Buffer.byteLength(body) / 9), intervalMs: 250 },
    });
    return w;
  };
  const SETTLED = `query($h: String!) {
    found: findSocialProfiles(platform: SOCIAL_B, handle: $h) {
      profiles @stream { platform handle url ... @defer(label: "scores") { confidence evidence } }
      ... @defer(label: "record") { json }
    }
  }`;
  interface StreamedItem {
    p: { platform: string; handle: string; url: string };
    /** When the item arrived, and when its deferred confidence and evidence did (ms since the request). */
    at: number;
    scores?: { confidence: number; evidence: string[] };
    scoresAt?: number;
  }
  /** The items of `found.profiles` in list order, from the parts of a SETTLED-style query. */
  const streamedItems = (parts: Part[]): StreamedItem[] => {
    const items: StreamedItem[] = [];
    for (const part of parts) {
      (part.payload.data?.found?.profiles ?? []).forEach((p: any, i: number) => (items[i] = { p, at: part.at }));
      for (const inc of part.payload.incremental ?? []) {
        if (inc.path[0] !== 'found' || inc.path[1] !== 'profiles') continue;
        if (inc.items) inc.items.forEach((p: any, j: number) => (items[inc.path[2] + j] = { p, at: part.at }));
        else if (inc.label === 'scores') Object.assign(items[inc.path[2]], { scores: inc.data, scoresAt: part.at });
      }
    }
    return items;
  };

  it('profiles @stream, scores in a nested @defer: those the source and its link page link arrive as soon as read, their scores and the late-verified at the end; the REST record’s set', async () => {
    install(lateWeb());
    const { key, id } = await h.key(20);
    const rest = (await h.rest(profilesPath('platform=social-b&handle=nightowl.ceramics'), { key })).body;
    install(lateWeb());
    const r = await postStreaming(h.url, SETTLED, { key, variables: { h: 'nightowl.ceramics' }, accept: 'multipart/mixed' });
    const parts = await allParts(r);
    for (const p of parts) expect(p.payload.errors).toBeUndefined();
    const items = streamedItems(parts);
    const record = parts.flatMap((p) => p.payload.incremental ?? []).find((i: any) => i.label === 'record').data.json;
    expect(record.profiles).toEqual(rest.profiles);

    // Exactly the REST record's profiles, each once, each with REST's confidence and evidence.
    expect(items.every((i) => i.scores)).toBe(true);
    expect(sortByUrl(items.map((i) => ({ ...i.p, ...i.scores! })))).toEqual(sortByUrl(rest.profiles));
    const item = (url: string) => items.find((i) => i.p.url === url)!;

    // Linked from the source (Threads, never fetched) or from its Linktree (each read) and
    // confirmed by the account's own read (it links back, or holds the creator's name and links
    // nothing elsewhere): in the list right after the source, while the about page is still
    // arriving; their scores at the end. X is linked too, but what confirms it is the website it
    // shares — the creator's only once that site is crawled (a lone link, src/discovery/README.md) —
    // so it comes with the late ones.
    const early = [THREADS, TT_URL, YT_URL, STOREFRONT];
    expect(items[0].p.url).toBe(IG_URL);
    expect(
      items
        .slice(1, 1 + early.length)
        .map((i) => i.p.url)
        .sort(),
    ).toEqual([...early].sort());
    for (const url of early) {
      expect(item(url).at, url).toBeLessThan(item(GLAZE_LAB).at - 1_000);
      expect(item(url).scoresAt!, url).toBeGreaterThan(item(url).at + 1_000);
    }
    // Verified only through the slow page (or through a verified account, or a search): at the
    // end, in the record's order.
    expect(item(GLAZE_LAB).scores).toEqual({ confidence: 0.92, evidence: ['website_link', 'reciprocal_profile_link'] });
    expect(item(GLAZE_LAB).at - items[0].at).toBeGreaterThan(1_500);
    const late = items.slice(1 + early.length).map((i) => i.p.url);
    expect(late).toEqual(rest.profiles.map((p: any) => p.url).filter((u: string) => u !== IG_URL && !early.includes(u)));
    expect(late).toEqual(expect.arrayContaining([GLAZE_LAB, GITHUB, FB_OWN, X_URL]));
    expect(item(X_URL).at - items[0].at).toBeGreaterThan(1_500);

    // Linked from the source but missing (404): asked for once, never streamed, not in the record.
    expect(h.replay.hits({ host: 'www.youtube.com', path: '/@owl.archive' })).toHaveLength(1);
    expect(rest.source_linked_profile_urls).toContain(GONE);
    expect(items.map((i) => i.p.url)).not.toContain(GONE);
    expect(parts.at(-1)!.payload.extensions.credits).toMatchObject({ charged: 10 });
    expect(await h.balance(id)).toBe(0);
    expect(progressEntries()).toBe(0);
  });

  it('a request that joins a running lookup (single-flight) is told the profiles settled so far at once, the rest as they settle; one lookup upstream', async () => {
    install(lateWeb());
    const { key } = await h.key(10);
    const first = await postStreaming(h.url, SETTLED, { key, variables: { h: 'nightowl.ceramics' }, accept: 'multipart/mixed' });
    const firstParts = [(await first.parts.next()).value!];
    // The first request's Linktree accounts have arrived: the lookup is past them, still reading the about page.
    while (!streamedItems(firstParts).some((i) => i.p.url === YT_URL)) firstParts.push((await first.parts.next()).value!);
    const other = await h.key(10);
    const joined = await postStreaming(h.url, SETTLED, {
      key: other.key,
      variables: { h: 'nightowl.ceramics' },
      accept: 'multipart/mixed',
    });
    // Both read as they arrive (a part's time is when it is read).
    const [rest, b] = await Promise.all([allParts(first), allParts(joined)]);
    const a = [...firstParts, ...rest];
    const [itemsA, itemsB] = [streamedItems(a), streamedItems(b)];
    expect(itemsB.map((i) => ({ ...i.p, ...i.scores }))).toEqual(itemsA.map((i) => ({ ...i.p, ...i.scores })));
    // The joiner's settled ones arrived well before the lookup completed.
    const joinedEarly = itemsB.filter((i) => i.scoresAt! - i.at > 1_000).map((i) => i.p.url);
    expect(joinedEarly).toEqual(expect.arrayContaining([THREADS, TT_URL, YT_URL]));
    // One lookup: each page asked for once.
    expect(h.replay.hits({ host: 'linktr.ee' })).toHaveLength(1);
    expect(h.replay.hits({ host: 'nightowlceramics.com', path: '/about' })).toHaveLength(1);
    for (const parts of [a, b]) expect(parts.at(-1)!.payload.extensions.credits.charged).toBe(10);
    expect(progressEntries()).toBe(0);
  });

  it('profiles not streamed in a streamed response: the record’s list, in its order', async () => {
    const { key } = await h.key(10);
    const r = await postStreaming(
      h.url,
      '{ findSocialProfiles(platform: SOCIAL_B, handle: "nightowl.ceramics") { profiles { url confidence } ... @defer { json } } }',
      { key, accept: 'multipart/mixed' },
    );
    const parts = await allParts(r);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    const profiles = parts[0].payload.data.findSocialProfiles.profiles;
    const json = parts.flatMap((p) => p.payload.incremental ?? [])[0].data.json;
    expect(profiles).toEqual(json.profiles.map((p: any) => ({ url: p.url, confidence: p.confidence })));
    // By confidence, as the record.
    expect(profiles.map((p: any) => p.confidence)).toEqual(
      [...profiles.map((p: any) => p.confidence)].sort((a: number, b: number) => b - a),
    );
  });

  it('text/event-stream: the same parts as events; an empty result is charged 1 at the end', async () => {
    const w = nightOwlWeb();
    w.ig.set('quiet.potter', { username: 'quiet.potter', fullName: 'Quiet Potter', bio: 'No links, no mail.' });
    install(w);
    const { key, id } = await h.key(10);
    const r = await postStreaming(
      h.url,
      '{ findCreatorEmails(platform: SOCIAL_B, handle: "quiet.potter") { source { url } ... @defer { emails { email } partial } } }',
      { key, accept: 'text/event-stream' },
    );
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const parts = await allParts(r);
    expect(parts.map((p) => p.payload.hasNext)).toEqual([true, false]);
    expect(parts[0].payload.data).toEqual({ findCreatorEmails: { source: { url: 'https://www.instagram.com/quiet.potter/' } } });
    expect(parts[0].payload.extensions).toBeUndefined();
    expect(parts[1].payload.incremental).toEqual([{ data: { emails: [], partial: false }, path: ['findCreatorEmails'] }]);
    expect(parts[1].payload.extensions.credits).toMatchObject({ charged: 1, remaining: 9 });
    expect(await h.balance(id)).toBe(9);
  });

  it('one lookup per root field: its nested fields and every part share it (no second fetch, no second charge)', async () => {
    slowAbout();
    const { key, id } = await h.key(20);
    await h.rest(profilesPath('platform=social-b&handle=nightowl.ceramics'), { key });
    const restHits = h.replay
      .hits()
      .map((x) => x.upstreamUrl)
      .sort();
    slowAbout();
    const r = await postStreaming(
      h.url,
      '{ findSocialProfiles(platform: SOCIAL_B, handle: "nightowl.ceramics") { source { url } profiles @stream { url } ... @defer { json } ... @defer(label: "b") { partial } } }',
      { key, accept: 'multipart/mixed' },
    );
    const parts = await allParts(r);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(parts.at(-1)!.payload.extensions.credits.charged).toBe(10);
    // Exactly the upstream requests of the same lookup over REST.
    expect(
      h.replay
        .hits()
        .map((x) => x.upstreamUrl)
        .sort(),
    ).toEqual(restHits);
    expect(await h.balance(id)).toBe(0);
  });

  it('a missing source under @defer: one part, NOT_FOUND, 0 credits', async () => {
    const { key, id } = await h.key(10);
    const r = await postStreaming(
      h.url,
      '{ findSocialProfiles(platform: SOCIAL_B, handle: "nobody.here") { source { url } ... @defer { partial } } }',
      {
        key,
        accept: 'multipart/mixed',
      },
    );
    const parts = await allParts(r);
    expect(parts).toHaveLength(1);
    expect(parts[0].payload.data).toEqual({ findSocialProfiles: null });
    expect(parts[0].payload.errors[0].extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect(parts[0].payload.extensions.credits).toMatchObject({ charged: 0, remaining: 10 });
    expect(await h.balance(id)).toBe(10);
  });

  // The second accept also takes JSON: the fast path reads the body first, then hands it to yoga.
  it.each(['multipart/mixed', 'multipart/mixed, application/json'])(
    'a client that cancels mid-stream (accept: %s): the lookup completes and is settled once at its price; nothing stays reserved',
    async (accept) => {
      slowAbout();
      const { key, id } = await h.key(30);
      const abort = new AbortController();
      const r = await postStreaming(
        h.url,
        '{ findCreatorEmails(platform: SOCIAL_B, handle: "nightowl.ceramics") { source { url } ... @defer { emails { email } } } }',
        {
          key,
          accept,
          signal: abort.signal,
        },
      );
      const first = await r.parts.next();
      expect(first.value!.payload.data.findCreatorEmails.source.url).toBe(IG_URL);
      abort.abort();
      await r.parts.return(undefined).catch(() => undefined);
      // The response is over for the gateway at once; the lookup still holds its reservation.
      await vi.waitFor(() => expect(h.app.inFlight()).toBe(0), { timeout: 1_000 });
      expect(h.deps.ledger.open.size).toBe(1);
      // Once the lookup completes it is settled at what it costs (addresses found: 10), once.
      await vi.waitFor(() => expect(h.deps.ledger.open.size).toBe(0), { timeout: 5_000 });
      expect(await h.balance(id)).toBe(20);
      expect(await h.deps.ledger.totalCharged(id)).toBe(10);
      expect(progressEntries()).toBe(0);
      // The completed lookup is in the cache: the whole result at 0 credits.
      const cached = await h.gql(
        '{ findCreatorEmails(platform: SOCIAL_B, handle: "nightowl.ceramics", cacheMaxAge: "1d") { emails { email } } }',
        { key },
      );
      expect(cached.body.data.findCreatorEmails.emails).toContainEqual({ email: 'wholesale@nightowlceramics.com' });
      expect(cached.body.extensions.credits.charged).toBe(0);
      expect(await h.balance(id)).toBe(20);
    },
  );

  it('a client that cancels a streamed profiles list while it waits for the next profile: the response ends at once; the lookup completes and is settled once', async () => {
    install(lateWeb());
    const { key, id } = await h.key(10);
    const abort = new AbortController();
    const r = await postStreaming(h.url, SETTLED, {
      key,
      variables: { h: 'nightowl.ceramics' },
      accept: 'multipart/mixed',
      signal: abort.signal,
    });
    const seen: Part[] = [];
    while (!streamedItems(seen).some((i) => i.p.url === YT_URL)) seen.push((await r.parts.next()).value!);
    abort.abort();
    await r.parts.return(undefined).catch(() => undefined);
    await vi.waitFor(() => expect(h.app.inFlight()).toBe(0), { timeout: 1_000 });
    expect(h.deps.ledger.open.size).toBe(1);
    await vi.waitFor(() => expect(h.deps.ledger.open.size).toBe(0), { timeout: 5_000 });
    expect(await h.deps.ledger.totalCharged(id)).toBe(10);
    await vi.waitFor(() => expect(progressEntries()).toBe(0), { timeout: 1_000 });
  });

  it('@defer on a root field → 400 INVALID_INPUT at 0 credits, nothing fetched', async () => {
    const { key, id } = await h.key(10);
    const query = '{ ... @defer { findSocialProfiles(platform: SOCIAL_B, handle: "nightowl.ceramics") { source { url } } } }';
    const g = await h.gql(query, { key });
    const m = await postStreaming(h.url, query, { key, accept: 'multipart/mixed' });
    for (const [status, body] of [
      [g.status, g.body],
      [m.status, (await allParts(m))[0].payload],
    ]) {
      expect(status).toBe(400);
      expect(body.data).toBeUndefined();
      expect(body.errors[0].extensions.code).toBe('INVALID_INPUT');
      expect(body.errors[0].message).toMatch(/@defer cannot be used on root fields/);
    }
    expect(h.replay.hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(10);
  });

  it('a client that takes JSON only: the whole result in one body, charged as usual', async () => {
    const { key, id } = await h.key(10);
    const g = await h.gql(
      '{ findSocialProfiles(platform: SOCIAL_B, handle: "nightowl.ceramics") { source { url } profiles @stream { url } ... @defer { json } } }',
      { key },
    );
    expect(g.status).toBe(200);
    expect(g.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.findSocialProfiles.profiles).toEqual(g.body.data.findSocialProfiles.json.profiles.map((p: any) => ({ url: p.url })));
    expect(g.body.extensions.credits).toMatchObject({ charged: 10, remaining: 0 });
    expect(await h.balance(id)).toBe(0);
    expect(h.deps.ledger.open.size).toBe(0);
  });

  it('without @defer / @stream nothing changes: one JSON body with the whole record', async () => {
    const { key } = await h.key(10);
    const g = await h.gql(
      '{ findSocialProfiles(platform: SOCIAL_B, handle: "nightowl.ceramics") { source { url } profiles { url } json } }',
      { key },
    );
    expect(g.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    expect(g.body.data.findSocialProfiles.profiles).toEqual(g.body.data.findSocialProfiles.json.profiles.map((p: any) => ({ url: p.url })));
    expect(g.body.extensions.credits.charged).toBe(10);
  });
});

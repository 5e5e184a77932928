/**
 * Verification: which items of the evidence graph (graph.ts) are the creator's, and which labels
 * each profile earns. Run once every fetch has settled (or the deadline cut them).
 *
 * A monotone fixpoint (a verified item only ever verifies more) over three sets that start from
 * the source: the verified profiles, the creator's link pages, the creator's websites.
 *  - a link page is the creator's when the source or a verified profile links it, or it links to
 *    a verified profile;
 *  - a website (registrable domain) is the creator's when the source, a creator link page or a
 *    verified profile declares it (a crawled site's own links never make another domain the
 *    creator's; a redirect of the declared address keeps the declarers);
 *  - a profile is verified when it has an anchor label (evidence.ts): an explicit link, or a link
 *    to the creator (reciprocal, shared website) tied by the creator's side (same handle — unless
 *    the account says it is a fan's, `fan_marker` —, linked by the creator's website) — a fan's
 *    link to the creator is no proof alone.
 * Two identity proofs are anchors too (issue 35): a domain the profile is proven to control that is
 * the creator's website (`domain_handle`), and a link its server verified to the creator's items
 * (`verified_field_link`).
 * Profiles that are not verified are candidates: `candidateLabels` adds what the candidate model
 * (evidence.ts) weighs beyond api.md's labels — what else they link, the creator's contact, the
 * creator naming them, and what their name, bio and handle say (markers.ts).
 * A profile's own labels are judged in the world without it (`solve(g, key)`), so it never earns a
 * label only through itself — X links GitHub, GitHub is verified only because X links it: X does
 * not get `reciprocal_profile_link` for linking GitHub.
 */
import { ANCHOR_LABELS, isVerified, sameDisplayName, TIED_LABELS } from './evidence.js';
import type { EvidenceGraph, PageNode, ProfileNode, SiteNode } from './graph.js';
import { accountOf } from './graph.js';
import type { Markers } from './markers.js';
import { bareHandleMentions, fold, handleMentions, isPaddedCopy, key, markersOf } from './markers.js';
import { ownerDomain, registrableDomain } from './domains.js';
import { representativeEmails } from './agents.js';
import { ownAccountMentions, ownAccountMentionsOn } from './roles.js';
import type { ProfileView } from './profiles.js';
import type { SitePage, SiteScan } from './website.js';
import { comparableHandle, pairedPlatforms } from './profiles.js';
import type { EvidenceLabel } from './types.js';
import { platforms } from '../platforms/registry.js';
import { isStorefront } from '../links/classify.js';

/**
 * Storefronts anyone may link (their link rules' `storefront`, src/links/rules.ts: Amazon, Etsy):
 * resellers and look-alikes link the creator's storefront or shop to sell its items, so a link to
 * one says nothing about who owns the linking account — it is never reciprocal evidence, and never
 * makes a page the creator's.
 */
const provesIdentity = (key: string) => !isStorefront(key.slice(0, key.indexOf(':')));

/** What is the creator's: verified profiles (keys), link pages (URLs), websites (domains). */
export interface Verification {
  verified: Set<string>;
  pages: Set<string>;
  sites: Set<string>;
}

/**
 * The fixpoint; with `without`, that profile may not be verified (the world without its own
 * contribution). A profile the fixpoint verified but that turns out to be someone else's by the
 * creator's side as it finally stands (`other_person`: a label or its own bio says so, judged
 * against every verified handle) is taken out and the fixpoint run again without it — so what
 * only it made the creator's (its website, its link page) is not the creator's either.
 */
export function solve(g: EvidenceGraph, without: string | null): Verification {
  const excluded = new Set<string>(without ? [without] : []);
  const notCreators = new Set<string>();
  for (;;) {
    const v = fixpoint(g, excluded, notCreators);
    let again = false;
    for (const k of v.verified) {
      const n = g.profiles.get(k);
      if (!n || n.isSource) continue;
      if (isOtherPerson(g, n, v)) {
        excluded.add(k);
        again = true;
      }
    }
    for (const d of v.sites) {
      const site = g.sites.get(d);
      if (!site) continue;
      const pages = site.scan?.pages.length;
      if (ownedByAnother(g, site, v) || standsApart(g, site, v) || isRoster(g, site, v)) {
        notCreators.add(d);
        again = true;
      } else if (site.scan?.pages.length !== pages) again = true; // trimmed to the creator's own page: judged again without the rest
    }
    if (!again) return v;
  }
}

/**
 * A site that is another person's: an account that declares it (its website field, a bio link) and
 * that the site presents as its own (`sitePresents`: not a credit, not a person's card) is someone
 * else's by its own words or the creator's (`isOtherPerson`: the band's Instagram "Drums:
 * @rafa.drums" behind the band site's "Instagram" icon, the site the drummer's link page lists).
 * The creator linking it makes it no more the creator's than the creator's link to that account does.
 */
function ownedByAnother(g: EvidenceGraph, s: SiteNode, v: Verification): boolean {
  for (const d of s.declaredBy) {
    if (!d.startsWith('profile:')) continue;
    const n = g.profiles.get(g.canonical(d.slice('profile:'.length)));
    if (n && n.fromSites.has(s.domain) && sitePresents(g, n, s.domain) && isOtherPerson(g, n, v, s.domain)) return true;
  }
  return false;
}

/**
 * A site the creator links that stands apart from the creator: its name (its domain's first label)
 * is none of the creator's, none of its pages links the source or an account the creator's own
 * items link, none links an account holding the creator's name, and it presents as its own an
 * account of another name (a social icon, the platform's name): the site of a business the
 * creator recommends ("Mitt garn: <maker>" on her link page, the maker's site and its Instagram),
 * whose identity is that account's — as a creator's lone link to an account with an identity
 * elsewhere is no proof (evidence.ts LONE_LINK_LABELS). A creator's own site links her accounts; a
 * site the source declares (its website field), or whose account the creator's bios name by `@`
 * ("half of @velvetkiln": her band's), stays hers.
 */
function standsApart(g: EvidenceGraph, s: SiteNode, v: Verification): boolean {
  // The source's own website field is the creator's claim of the site, as a verified account's is.
  if (!s.scan?.pages.length || s.scan.agency || s.declaredBy.has('source')) return false;
  const keys = personKeys(g, []);
  if (namedAfter(siteNameOf(s.domain), keys)) return false;
  // Accounts the creator's own bios name by `@` ("half of @velvetkiln"): the creator's side names them.
  const named = new Set([g.sourceView.bio, ...[...v.verified].map((k) => g.profiles.get(k)?.view?.bio)].flatMap((b) => handleMentions(b)));
  let ownElsewhere = false;
  for (const page of s.scan.pages)
    for (const l of page.links) {
      const a = accountOf(l);
      if (!a?.handle) continue;
      const n = g.profiles.get(g.canonical(g.nodeKey(a.platform, a.handle)));
      if (!n) continue;
      const creatorLinked =
        n.isSource ||
        n.fromSource ||
        named.has(n.handle.toLowerCase()) ||
        [...n.fromProfiles].some((k) => k !== n.key && isVerifiedKey(g, k, v)) ||
        [...n.fromPages].some((u) => v.pages.has(u));
      const text = key(page.anchorTexts?.[l] ?? '');
      if (creatorLinked || namesCreator(g, n.view?.handle ?? n.handle, n.view?.displayName) || keys.some((k) => text.includes(k)))
        return false;
      if (sitePresents(g, n, s.domain)) ownElsewhere = true;
    }
  return ownElsewhere;
}

/**
 * Site `d` presents account `n` as its own (a social icon, the platform's name, the creator's name);
 * a link in a person's card (a heading naming the account, `<h3>Omar Saleh</h3><a>Instagram</a>`
 * to @omar.saleh) is named by the card: on a site of two hosts, the co-host's card is a credit.
 */
function sitePresents(g: EvidenceGraph, n: ProfileNode, d: string): boolean {
  // Listed in a JSON-LD `sameAs` of several people's accounts (an agency's talents): no account of the site's own.
  if (!namesCreator(g, n.view?.handle ?? n.handle, n.view?.displayName) && inSameAsCrowd(g, n, d)) return false;
  const card = cardHeading(g, n, d);
  return card !== null ? presentsAsOwn(g, card, n.handle) : (n.siteTexts.get(d) ?? ['']).some((t) => presentsAsOwn(g, t, n.handle));
}

/** A page of site `d` lists `n` in a JSON-LD `sameAs` of several people's accounts (sameAsCrowd). */
function inSameAsCrowd(g: EvidenceGraph, n: ProfileNode, d: string): boolean {
  for (const page of g.sites.get(d)?.scan?.pages ?? []) {
    if (!page.sameAs?.length) continue;
    const listed = page.sameAs.some((l) => {
      const a = accountOf(l);
      return !!a?.handle && g.canonical(g.nodeKey(a.platform, a.handle)) === n.key;
    });
    if (listed && sameAsCrowd(g, page)) return true;
  }
  return false;
}

/**
 * A site of several people (an agency's roster, a label's artists, a collective): one of its
 * pages lists people, each under a name of its own with accounts of their own — a link whose text
 * is the person's name ("Ben Cohen") or `@handle`, or links in a card under the person's name as
 * its heading (`<div><h3>Burak Tekin</h3><a>YouTube</a></div>`: text.ts cardNames). A page that
 * lists the creator (under its name or handle, the account verified) and two or more others (three
 * when they are named only by their `@handle`, as credits name people too), or
 * three or more others in cards while the page links none of the creator's accounts as its own, is
 * a roster page. Its pages (`rosterPages`) are not the creator's; the whole site is not when the
 * creator declared the roster page or the site's home (the agency itself) — when it declared a
 * page of its own there (`/talent/rara`), that page stays the creator's and the others are dropped.
 */
function rosterPages(g: EvidenceGraph, s: SiteNode, v: Verification): RosterPage[] {
  const keys = personKeys(g, []);
  const siteNamesCreator = namedAfter(siteNameOf(s.domain), keys);
  const out: RosterPage[] = [];
  for (const page of s.scan?.pages ?? []) {
    let own = 0;
    let ownNamed = 0;
    let ownPlain = false;
    const others = new Map<string, number>();
    const namedOthers = new Set<string>();
    const carded = new Set<string>();
    const namesCreatorWords = (words: string[]) => keys.some((x) => words.join('').includes(x)) || namesShortFirst(g, words);
    for (const l of page.links) {
      // The page the creator declared, linked from another page of the site in a card under the
      // creator's name (a school's teachers page: her card links her page): the creator is listed there.
      if (s.scan && !samePage(page.url, s.scan.startUrl) && samePage(l, s.scan.startUrl)) {
        const heading = page.cards?.[l];
        const words = fold(heading ?? '')
          .split(/[^\p{L}\p{N}]+/u)
          .filter(Boolean);
        if (heading !== undefined && namesCreatorWords(words)) {
          own++;
          ownNamed++;
        }
        continue;
      }
      const a = accountOf(l);
      if (!a?.handle) continue;
      const k = g.nodeKey(a.platform, a.handle);
      const anchor = (page.anchorTexts?.[l] ?? '').trim();
      const handleText = /^@[\p{L}\p{N}._-]+$/u.test(anchor) ? anchor.slice(1) : null;
      const anchorWords = fold(anchor)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
      // The link's own text names the person, else the heading of its card does ("YouTube" under "Burak Tekin").
      const platformText = !anchorWords.length || anchorWords.some((w) => SOCIAL_WORDS.has(w) && w !== 'the');
      // A card speaks for a person when its heading is the account's name: a word of it in the handle ("Burak Tekin" → @buraktekin).
      const heading = platformText || handleText !== null ? page.cards?.[l] : undefined;
      const card =
        heading !== undefined &&
        fold(heading)
          .split(/[^\p{L}\p{N}]+/u)
          .some((w) => w.length >= 3 && !SOCIAL_WORDS.has(w) && key(a.handle ?? '').includes(key(w)))
          ? heading
          : undefined;
      const text = card ?? anchor;
      const words = fold(text)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
      // The link's text is the account's own @handle (an agency's page of bare `@handle` links): a person by handle.
      const byHandle = card === undefined && handleText !== null && key(handleText) === key(a.handle);
      // A name: a person's card, a link text of one to four words, none a platform's or "follow me…", no
      // @handle — or the account's own @handle.
      const named =
        byHandle ||
        (!!words.length &&
          words.length <= 4 &&
          (card !== undefined || (!text.includes('@') && !words.some((w) => SOCIAL_WORDS.has(w) && w !== 'the'))));
      if (!named) {
        if (isVerifiedKey(g, k, v)) ownPlain = true;
        continue;
      }
      const holdsCreator = namesCreatorWords(words);
      if (holdsCreator) ownNamed++;
      if (isVerifiedKey(g, k, v) && holdsCreator) own++;
      else if (!holdsCreator) {
        const who = card ? `card:${fold(card)}` : k;
        others.set(who, (others.get(who) ?? 0) + 1);
        if (card) carded.add(fold(card));
        if (!byHandle) namedOthers.add(who);
      }
    }
    // Others named only by @handle are as often a creator's credits ("photos @…, edit @…"): three of them.
    // On a site named otherwise that the source does not declare, the creator listed by her name as a
    // link's text beside one other person named so (no cards), none of her accounts linked as the
    // page's own, is a list of people too ("Trainers: Fatima, Salma"): her own site names her accounts
    // by platform and lists itself among no one (web AD). A site of her and a co-host in cards stays hers.
    const crowd = crowdOf(page.links, keys, page.chromeLinks);
    if (crowd) {
      out.push({ url: page.url, own: crowd.own, most: crowd.most });
      continue;
    }
    if (
      (own > 0 && others.size >= 2 && (namedOthers.size >= 2 || others.size >= 3)) ||
      (!own && !ownPlain && carded.size >= 3) ||
      (own > 0 && !ownPlain && namedOthers.size >= 1 && !carded.size && !siteNamesCreator && !s.declaredBy.has('source'))
    )
      out.push({ url: page.url, own: ownNamed, most: Math.max(0, ...others.values()) });
  }
  return out;
}

/** People a page must present beside the creator to be a page of many people (crowdOf). */
const CROWD_MIN_OTHERS = 4;

/**
 * A page that presents many people's accounts, whatever it calls them or how it lays them out (an
 * agency's talent grid, a press list of creators to follow, a directory): its account links
 * (outside its header, footer and navigation) fall into handle groups — one handle, or handles
 * one of which starts with the other (`@aikomori`, `@aikomoriplays`) — and at least CROWD_MIN_OTHERS
 * groups that are not the creator's (no creator key in them: personKeys) each show one person on
 * two platforms or more, while the creator's own group has no more links than the largest of them
 * (she is one of the many, not the page's owner with a friends list). Counted from structure
 * alone; null when the page is not such a page. Linear in the page's links.
 */
export function crowdOf(
  links: readonly string[],
  keys: readonly string[],
  chromeLinks: readonly string[] = [],
  bar: { others: number; platforms: number } = { others: CROWD_MIN_OTHERS, platforms: 2 },
): { own: number; most: number } | null {
  const chrome = new Set(chromeLinks);
  const byKey = new Map<string, { platforms: Set<string>; links: number }>();
  for (const l of links) {
    if (chrome.has(l)) continue;
    const a = accountOf(l);
    if (!a?.handle) continue;
    const k = key(a.handle);
    if (k.length < 3) continue;
    const e = byKey.get(k) ?? { platforms: new Set<string>(), links: 0 };
    e.platforms.add(a.platform);
    e.links++;
    byKey.set(k, e);
  }
  if (byKey.size <= bar.others) return null;
  // Group handles one of which starts with the other (4 characters or more): one person's accounts
  // (`aikomori`, `aikomoriplays`). The shortest such start is the group: a handle's starts are
  // looked up, never the other handles scanned.
  const root = (k: string) => {
    for (let n = 4; n < k.length; n++) if (byKey.has(k.slice(0, n))) return k.slice(0, n);
    return k;
  };
  const groups = new Map<string, { platforms: Set<string>; links: number; creator: boolean }>();
  for (const [k, e] of byKey) {
    const r = root(k);
    const gr = groups.get(r) ?? { platforms: new Set<string>(), links: 0, creator: false };
    for (const p of e.platforms) gr.platforms.add(p);
    gr.links += e.links;
    gr.creator ||= namedAfter(k, keys);
    groups.set(r, gr);
  }
  let own = 0;
  let most = 0;
  let people = 0;
  for (const gr of groups.values()) {
    if (gr.creator) own += gr.links;
    else if (gr.platforms.size >= bar.platforms) {
      people++;
      most = Math.max(most, gr.links);
    }
  }
  return people >= bar.others && own <= most ? { own, most } : null;
}

/**
 * People beside the creator whose accounts one page's JSON-LD `sameAs` must list for that list to be
 * no one's own (sameAsCrowd): a site's structured data names its subject's few accounts, and a
 * creator's own site hers (and her brand's under her name).
 */
const SAME_AS_MIN_OTHERS = 2;

/**
 * The page's JSON-LD `sameAs` lists several people's accounts (an agency's Organization block with
 * its talents', a collective's): two or more handle groups that are not the creator's, while the
 * creator's own group has no more links than the largest of them (crowdOf, one platform enough) —
 * a list of a group's people, not the site's own accounts. Its accounts are not presented as the
 * site's own (sitePresents) unless they carry the creator's name.
 */
function sameAsCrowd(g: EvidenceGraph, page: SitePage): boolean {
  if (!page.sameAs || page.sameAs.length <= SAME_AS_MIN_OTHERS) return false;
  return !!crowdOf(page.sameAs, personKeys(g, []), [], { others: SAME_AS_MIN_OTHERS, platforms: 1 });
}

/**
 * The page the source gives as its website field (not a link in its bio's text) presents many
 * people's accounts (crowdOf): the creator's agency page, "book me here" — its addresses are whom
 * to write to, but no account on it is hers by being there unless its handle holds her name or handle. Only that page is kept (`scan.crowd`);
 * true when it was so. A page of many people linked otherwise (a press list in the bio) is a
 * roster page: not hers at all.
 */
function crowdContact(g: EvidenceGraph, s: SiteNode): boolean {
  const scan = s.scan;
  if (!scan || scan.agency || !g.sourceView.websites.some((w) => samePage(w, scan.startUrl))) return false;
  const page = scan.pages.find((p) => samePage(p.url, scan.startUrl));
  if (!page || !crowdOf(page.links, personKeys(g, []), page.chromeLinks)) return false;
  scan.crowd = true;
  scan.pages = [page];
  return true;
}

/** A roster page: how many of its links name the creator (its card, its name), and the most any other person has. */
interface RosterPage {
  url: string;
  own: number;
  most: number;
}

/** The same page, whatever its trailing slash or `www.`. */
const samePage = (a: string, b: string) => {
  const k = (u: string) =>
    u
      .replace(/^https?:\/\/(?:www\.)?/i, '')
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '');
  return k(a) === k(b);
};

/**
 * Whether site `s` is a roster as a whole (above); a roster page beside the page the creator
 * declared there is dropped from the site's scan instead.
 */
function isRoster(g: EvidenceGraph, s: SiteNode, v: Verification): boolean {
  if (s.scan?.crowd || crowdContact(g, s) || trimAgencySite(s) || trimHandlePage(g, s, v)) return false;
  const found = rosterPages(g, s, v);
  if (!found.length || !s.scan) return false;
  const start = s.scan.startUrl;
  let segs: string[] = [];
  try {
    segs = new URL(start).pathname.split('/').filter(Boolean);
  } catch {
    return true;
  }
  if (!segs.length) return true;
  const declared = found.find((p) => samePage(p.url, start));
  // The declared page lists others beside the creator ("Also on our roster: …"): still the creator's
  // own page when it sits under a people segment (`/talent/temitope`) or the creator's links on it
  // outnumber any other person's (its card, and their names in an aside).
  const ownPage =
    !declared ||
    (segs.length >= 2 && PEOPLE_SEGMENTS.has(fold(decodeURIComponentSafe(segs[segs.length - 2])))) ||
    declared.own > declared.most;
  if (!ownPage) return true;
  s.scan.pages = s.scan.pages.filter((p) => samePage(p.url, start));
  s.scan.agency = true;
  return false;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Path segments under which a site lists its people, one page each (`/artist/hyunwoo`, `/talent/rara`). */
const PEOPLE_SEGMENTS = new Set([
  'artist',
  'artists',
  'talent',
  'talents',
  'talento',
  'talentos',
  'talenti',
  'talente',
  'creadores',
  'criadores',
  'createurs',
  'creatori',
  'creator',
  'creators',
  'roster',
  'member',
  'members',
  'model',
  'models',
  'influencer',
  'influencers',
  'kol',
  'speaker',
  'speakers',
  'team',
  'people',
  'kuenstler',
  'artistas',
  'artistes',
  'artisti',
  'tworcy',
  'sanatcilar',
  'артисты',
  '아티스트',
  'タレント',
  'アーティスト',
  '艺人',
]);

/**
 * The creator declared its own page on a site of several people: the page sits under a people
 * segment (`/artist/hyunwoo`) and links two or more pages beside it (`/artist/jisoo`,
 * `/artist/taeyang`). Only that page (and pages under it) is the creator's; the agency's other
 * pages (its contact page, its audition inbox) are not. Trims the scan; true when it did.
 */
function trimAgencySite(s: SiteNode): boolean {
  if (!s.scan) return false;
  let start: URL;
  try {
    start = new URL(s.scan.startUrl);
  } catch {
    return false;
  }
  const segs = start.pathname.split('/').filter(Boolean);
  if (segs.length < 2 || !PEOPLE_SEGMENTS.has(fold(decodeURIComponent(segs[segs.length - 2])))) return false;
  const parent = `/${segs.slice(0, -1).join('/')}/`;
  const own = `/${segs.join('/')}`;
  const page = s.scan.pages.find((p) => samePage(p.url, s.scan!.startUrl));
  const siblings = new Set(
    (page?.links ?? []).flatMap((l) => {
      try {
        const u = new URL(l);
        const path = u.pathname.replace(/\/+$/, '');
        return u.hostname === start.hostname && path.startsWith(parent) && path !== own && !path.slice(parent.length).includes('/')
          ? [path]
          : [];
      } catch {
        return [];
      }
    }),
  );
  if (siblings.size < 2) return false;
  s.scan.agency = true;
  s.scan.pages = s.scan.pages.filter((p) => {
    try {
      const path = new URL(p.url).pathname.replace(/\/+$/, '');
      return path === own || path.startsWith(`${own}/`);
    } catch {
      return false;
    }
  });
  return true;
}

/**
 * The creator declared its page on a host of many people's pages: the page's path is one of the
 * creator's handles (`saweria.co/bimacoding`, `ko-fi.com/@bimacoding`, `host/u/bimacoding`) — a tip
 * jar, a shop or a profile on a service, whose home page, other pages and header and footer are the
 * service's own (its accounts, its support address). So is a page named after the creator on a
 * site that is not (`pageNamedAfterCreator`): a sponsor's landing page (`brand.in/arjuntech` for
 * @arjuntechhindi), an agency's page of hers (`agency.com/talent/sofia-lin` for "Sofia Lin"). Only
 * that page (and pages under it) is the creator's, as on an agency's site. Trims the scan; true when it did.
 */
function trimHandlePage(g: EvidenceGraph, s: SiteNode, v: Verification): boolean {
  if (!s.scan || s.scan.agency) return false;
  let path: string;
  try {
    path = new URL(s.scan.startUrl).pathname.replace(/\/+$/, '');
  } catch {
    return false;
  }
  const last = decodeURIComponentSafe(path.split('/').pop() ?? '').replace(/^@/, '');
  if (!last) return false;
  const handles = [g.sourceHandle, ...[...v.verified].map((k) => g.profiles.get(k)?.view?.handle ?? '')].filter((h) => h.length >= 3);
  if (!handles.some((h) => key(h) === key(last)) && !pageNamedAfterCreator(g, s.domain, key(last), handles)) return false;
  s.scan.agency = true;
  s.scan.pages = s.scan.pages.filter((p) => underPage(p.url, s.scan!.startUrl));
  return true;
}

/**
 * A page's last path segment (`segment`, as `key` folds it) names the creator — its name, its
 * first name (four letters or more) or a handle, or is the start of one (six letters or more:
 * `arjuntech` of @arjuntechhindi) — on a site whose name (`domain`'s first label) is none of the
 * creator's: a page about the creator on someone else's site. The site named after the creator
 * (`sofialin.art/sofia`) is the creator's own, whatever its pages are called.
 */
function pageNamedAfterCreator(g: EvidenceGraph, domain: string, segment: string, handles: readonly string[]): boolean {
  const keys = personKeys(g, handles);
  // A handle (six letters or more) inside the segment names the creator too: `120345_fades-by-kwame_london`
  // for @fadesbykwame, a booking service's page of hers.
  const inside = handles.map(key).some((h) => h.length >= 6 && segment.includes(h));
  if (!inside && !keys.some((k) => k === segment || (segment.length >= 6 && k.startsWith(segment)))) return false;
  const site = siteNameOf(domain);
  return site.length > 0 && !namedAfter(site, keys);
}

/** A site's name: its domain's first label, folded (`key`). */
const siteNameOf = (domain: string): string => key(domain.split('.')[0] ?? '');

/** Whether a folded name (a site's, siteNameOf; a handle's) is one of the creator's names (`keys`): it holds one, or one holds it (four letters or more). */
function namedAfter(site: string, keys: readonly string[]): boolean {
  return keys.some((k) => site.includes(k) || (site.length >= 4 && k.includes(site)));
}

function fixpoint(g: EvidenceGraph, excluded: ReadonlySet<string>, notCreators: ReadonlySet<string>): Verification {
  const v: Verification = { verified: new Set([g.source.key]), pages: new Set(), sites: new Set() };
  for (let changed = true; changed;) {
    changed = false;
    for (const p of g.pages.values()) {
      if (!v.pages.has(p.url) && pageIsCreator(g, p, v)) {
        v.pages.add(p.url);
        changed = true;
      }
    }
    for (const s of g.sites.values()) {
      if (!v.sites.has(s.domain) && !notCreators.has(s.domain) && siteIsCreator(g, s, v)) {
        v.sites.add(s.domain);
        changed = true;
      }
    }
    for (const n of g.profiles.values()) {
      if (excluded.has(n.key) || v.verified.has(n.key) || n.status === 'missing') continue;
      if (isVerified(labelsOf(g, n, v))) {
        v.verified.add(n.key);
        changed = true;
      }
    }
  }
  return v;
}

export function isVerifiedKey(g: EvidenceGraph, k: string, v: Verification): boolean {
  return v.verified.has(g.canonical(k));
}

/**
 * A link page that is another person's, whoever links it (a friend's page the creator sends her
 * followers to): its name (the page's first path segment, `linktr.ee/<name>`) and its title name
 * none of the creator's names or handles, it presents accounts of its own name (a handle holding
 * the page's name, or held by it) and it links neither the source nor any account holding the
 * creator's name. Its accounts and addresses are that person's: linked by the creator, they are
 * candidates like any lone link. Read from the page alone (no verification state), so the
 * fixpoint stays monotone.
 */
function anotherPersonsPage(g: EvidenceGraph, p: PageNode): boolean {
  if (!p.view) return false;
  let name = '';
  try {
    name = decodeURIComponentSafe(new URL(p.url).pathname.split('/').filter(Boolean)[0] ?? '').replace(/^@/, '');
  } catch {
    return false;
  }
  const own = key(name);
  if (own.length < 4 || namesCreator(g, name, p.view.title)) return false;
  let presentsOwn = false;
  for (const k of g.targetsOf(p.view.links).profiles) {
    const n = g.profiles.get(g.canonical(k));
    const handle = n?.view?.handle ?? n?.handle ?? k.slice(k.indexOf(':') + 1);
    if (n?.isSource || namesCreator(g, handle, n?.view?.displayName)) return false;
    const h = key(handle);
    if (h.length >= 4 && (h.includes(own) || own.includes(h))) presentsOwn = true;
  }
  return presentsOwn;
}

/** A link page is the creator's when the source or a verified profile links it, or it links to one of them; never another person's (anotherPersonsPage). */
function pageIsCreator(g: EvidenceGraph, p: PageNode, v: Verification): boolean {
  if (p.status === 'missing') return false;
  if (!anotherPersonsPage(g, p)) {
    if (p.fromSource) return true;
    for (const k of p.fromProfiles) if (isVerifiedKey(g, k, v)) return true;
  }
  return p.view !== null && g.targetsOf(p.view.links).profiles.some((k) => provesIdentity(k) && isVerifiedKey(g, k, v));
}

function siteIsCreator(g: EvidenceGraph, s: SiteNode, v: Verification): boolean {
  return declaredByCreator(g, s.declaredBy, v) || closesCreatorTriangle(g, s, v);
}

/**
 * A site an account the creator links declares (its website field, a bio link) that names the
 * source or a verified profile as its own — the link's whole text a platform's name or an icon, in
 * no person's card — is the creator's: the creator links the account, the account its site, the
 * site the creator back (web Y: a stage-name channel linking her Instagram and SoundCloud under her
 * legal name, both declaring her site, whose icon row holds the channel). A site naming the creator
 * otherwise ("my friend …'s channel") ties nothing, as a credit.
 */
function closesCreatorTriangle(g: EvidenceGraph, s: SiteNode, v: Verification): boolean {
  if (!s.scan) return false;
  const linkedByCreator = [...s.declaredBy].some((d) => {
    if (!d.startsWith('profile:')) return false;
    const n = g.profiles.get(g.canonical(d.slice('profile:'.length)));
    if (!n || n.creditedBy.size || n.status !== 'ok') return false;
    return n.fromSource || [...n.fromProfiles].some((k) => isVerifiedKey(g, k, v)) || [...n.fromPages].some((u) => v.pages.has(u));
  });
  if (!linkedByCreator) return false;
  return s.scan.pages.some((page) =>
    page.links.some((l) => {
      if (page.cards?.[l] !== undefined) return false;
      const a = accountOf(l);
      if (!a?.handle) return false;
      const k = g.canonical(g.nodeKey(a.platform, a.handle));
      if (!provesIdentity(k) || !isVerifiedKey(g, k, v)) return false;
      return fold(page.anchorTexts?.[l] ?? '')
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .every((w) => SOCIAL_WORDS.has(w));
    }),
  );
}

/** Some declarer (`source`, `page:`, `profile:`) is the creator's (`site:` declarations never are). */
export function declaredByCreator(g: EvidenceGraph, declaredBy: Set<string>, v: Verification): boolean {
  for (const d of declaredBy) {
    if (d === 'source') return true;
    const id = d.slice(d.indexOf(':') + 1);
    if (d.startsWith('page:') && v.pages.has(id)) return true;
    if (d.startsWith('profile:') && isVerifiedKey(g, id, v)) return true;
  }
  return false;
}

/** The labels `n` has in the world `v` (api.md's evidence labels; evidence.ts weighs them). */
export function labelsOf(g: EvidenceGraph, n: ProfileNode, v: Verification): EvidenceLabel[] {
  if (n.isSource) return ['source_profile'];
  const labels: EvidenceLabel[] = [];
  const verifiedOther = (k: string) => g.canonical(k) !== n.key && isVerifiedKey(g, k, v);
  // A creator website's link is its own account when the site presents it so (a social icon, the
  // platform's name, the creator's name); an account the site names otherwise (another @handle,
  // another person's name: "Hosted by … (@dee)", a roster) is a credit, which ties nothing.
  const siteLinks = [...n.fromSites].filter((d) => v.sites.has(d) && keptPageLinks(g, n, d));
  const sitePresented = siteLinks.filter((d) => sitePresents(g, n, d));
  const inBio = [...n.fromPages].some((u) => v.pages.has(u));
  // An account only the creator's words name (`YouTube: Viaja con Nico`) is a guess at a handle
  // until it was read: never read (beyond the fetch depth, failed), the words tie nothing — unless
  // a creator's own page links that very account (its website presents it as its own, its link
  // page links it): then the words named no guess.
  const linkedBy = (d: string) => n.status === 'ok' || !n.textMentionBy.has(d) || sitePresented.length > 0 || inBio;
  // A same-platform link (samePlatformFrom) counts when mutual and the account holds the creator's
  // name: its old channel and the new one linking each other ("Starý kanál" ↔ "Nově mě najdete na …").
  const mutualSamePlatform = () => {
    if (!n.view || !n.samePlatformFrom.size || !namesCreator(g, n.view.handle, n.view.displayName)) return false;
    const back = new Set(g.targetsOf(n.view.links).profiles);
    return [...n.samePlatformFrom].some((k) => verifiedOther(k) && back.has(g.canonical(k)));
  };
  // A second account the creator names by `@` on a second-account line ("Zweitaccount: @…",
  // "인스타 부계정: @…": on its platform, roles.ts ownAccountMentionsOn) whose own bio names a
  // creator account on its platform back ("main: @…", "본계 @…"): `@` mentions, which the apps
  // render as links — a mutual link, as above.
  const mutualSecondMention = () => {
    if (!n.view?.bio) return false;
    const back = new Set(handleMentions(n.view.bio));
    const handle = n.handle.toLowerCase();
    const others = [...v.verified].map((k) => g.profiles.get(k)).filter((o) => !!o?.view && o.key !== n.key);
    return (
      others.some((o) =>
        ownAccountMentionsOn(o!.view!.bio, o!.platform).some((m) => m.handle === handle && m.platforms.includes(n.platform)),
      ) && others.some((o) => o!.platform === n.platform && back.has(o!.view!.handle.toLowerCase()))
    );
  };
  const mutualMention = mutualSecondMention();
  if (
    (n.fromSource && linkedBy('source')) ||
    [...n.fromProfiles].some((k) => verifiedOther(k) && linkedBy(k)) ||
    mutualSamePlatform() ||
    mutualMention
  )
    labels.push('verified_profile_link');
  if (inBio) labels.push('link_in_bio');
  if (sitePresented.length) labels.push('website_link');
  else if (siteLinks.length) labels.push('website_credit');
  // The site presents it as its own under the site's own name (`saltmarshduo.com` → Bandcamp
  // `saltmarshduo`): the creator's side naming it, as the source's handle does (evidence.ts SITE_OWN_LABELS).
  // So does its handle holding the creator's full name (`in/amara-okafor-phd` for "Dr Amara Okafor"):
  // an account with no reader (LinkedIn) can show no link back (web AD: two such at 0.38).
  if (sitePresented.some((d) => siteNamed(n, d)) || (sitePresented.length > 0 && holdsWholeName(g, n))) labels.push('site_handle');
  const t = g.viewTargets(n);
  if (t) {
    if (t.profiles.some((k) => provesIdentity(k) && verifiedOther(k)) || t.pages.some((u) => v.pages.has(u)) || mutualMention)
      labels.push('reciprocal_profile_link');
    // A bio may name the creator's website as a bare domain ("… ainovirtanen.fi"): apps render it as
    // a link; read here only against the creator's own sites (never fetched, never elsewhere).
    if (
      sharesCreatorSite(g, n, v, t.domains) ||
      bareDomains(n.view!).some((d) => v.sites.has(d) && !g.sites.get(d)?.scan?.agency && !g.sites.get(d)?.scan?.crowd)
    )
      labels.push('shared_website');
  }
  if (sameHandle(g, n) && !creatorLinksAnotherOn(g, n)) labels.push('same_handle_match');
  // The creator's website presenting an account as its own under the creator's handle verifies it
  // (evidence.ts SITE_OWN_LABELS) unless the account has an identity of its own: a site or link
  // page that is not the creator's (a recycled handle). Said only where nothing else verifies it.
  if (
    labels.includes('website_link') &&
    (labels.includes('same_handle_match') || labels.includes('site_handle')) &&
    !labels.some((l) => ANCHOR_LABELS.has(l) || TIED_LABELS.has(l)) &&
    linksElsewhere(g, n, v)
  )
    labels.push('links_elsewhere');
  // Proofs (issue 35): a domain the account is proven to control is the creator's website; a link
  // its server verified links back goes to the creator's website, link page or a verified profile.
  if ([...n.provenDomains].some((d) => v.sites.has(ownerDomain(`https://${d}/`) ?? ''))) labels.push('domain_handle');
  if (n.view?.verifiedLinks?.length) {
    const vt = g.targetsOf(n.view.verifiedLinks);
    if (
      vt.domains.some((d) => v.sites.has(d)) ||
      vt.pages.some((u) => v.pages.has(u)) ||
      vt.profiles.some((k) => provesIdentity(k) && verifiedOther(k))
    )
      labels.push('verified_field_link');
  }
  const fan = !!n.view && markersFor(g, n.view).fan;
  // One owner's two profiles (a Threads profile is made from an Instagram account and carries its
  // username): read and existing, under the handle of a verified account on the paired platform —
  // never one that says it is a fan's (as a same handle ties none).
  if (n.status === 'ok' && n.view && !fan && pairedWithVerified(g, n, n.view.handle, v)) labels.push('paired_account');
  if (n.view && sameDisplayName(n.view.displayName, g.sourceView.displayName)) labels.push('display_name_match');
  if (n.websearch) labels.push('websearch_match');
  // Breaks the same-handle tie (evidence.ts): an account that says it is a fan's is not the creator's.
  if (fan) labels.push('fan_marker');
  // A link of the creator's own items alone, one way: what the account itself says decides (below).
  if ((labels.includes('verified_profile_link') || labels.includes('link_in_bio')) && !confirmsLink(g, n, v, labels))
    labels.push(...loneLinkLabels(g, n, v));
  // Someone else's by the creator's words or its own (never verified, evidence.ts).
  if (isOtherPerson(g, n, v)) labels.push('other_person');
  return labels;
}

/**
 * `n`'s handle is the source's — as written, or as another platform spells it: the same letters and
 * digits with its separators left out or changed (`grandma.june.knits` → `GrandmaJuneKnits`,
 * `pedro_pinta` → `pedro.pinta`; some platforms allow no dot, and creators drop them), never with
 * separators added, at its ends or doubled (markers.ts isPaddedCopy: an impostor's copy). Handles of
 * six letters or more only; a platform whose handles say nothing of the creator's (Kick, Mastodon:
 * `comparableHandle` null) never matches.
 */
function sameHandle(g: EvidenceGraph, n: ProfileNode): boolean {
  const h = comparableHandle(n.platform, n.handle);
  const src = g.sourceHandle.toLowerCase();
  if (!h) return false;
  if (h === src) return true;
  const seps = (x: string) => x.replace(/[^._-]/g, '').length;
  const k = key(src);
  return k.length >= 6 && key(h) === k && !/^[._-]|[._-]$/.test(h) && seps(h) <= seps(src) && !isPaddedCopy(h, src);
}

/**
 * `n`'s handle is the name of the creator's website `d` (its first label: `lanternhollows.com`,
 * `chrisevansart.co.uk`) — letters and digits alike, six or more, on a platform whose handles say
 * something of their owner (`comparableHandle`), never a padded copy (markers.ts isPaddedCopy).
 */
/**
 * `n`'s handle holds two neighbouring words of the creator's display name, a name and a surname
 * (`amara-okafor-phd` of "Dr Amara Okafor 🦠"; six letters or more together): its full name, never
 * a first name alone.
 */
function holdsWholeName(g: EvidenceGraph, n: ProfileNode): boolean {
  const words = fold(g.sourceView.displayName ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2);
  const h = key(n.handle);
  return words.some((w, i) => i + 1 < words.length && (w + words[i + 1]).length >= 6 && h.includes(key(w + words[i + 1])));
}

function siteNamed(n: ProfileNode, d: string): boolean {
  const h = comparableHandle(n.platform, n.handle);
  const name = d.split('.')[0];
  return !!h && key(name).length >= 6 && key(h) === key(name) && !isPaddedCopy(h, name);
}

/**
 * A verified account (in the world `v`) on a platform paired with `n`'s (profiles.ts
 * `pairedPlatforms`: Threads ↔ Instagram) holds `handle`. The source counts under its own handle.
 * Monotone: more verified accounts only ever pair more.
 */
function pairedWithVerified(g: EvidenceGraph, n: ProfileNode, handle: string, v: Verification): boolean {
  const paired = pairedPlatforms(n.platform);
  if (!paired.length) return false;
  const h = handle.toLowerCase();
  for (const k of v.verified) {
    const m = g.profiles.get(k);
    if (!m || m.key === n.key || !paired.includes(m.platform)) continue;
    const mh = m.isSource ? g.sourceHandle : (m.view?.handle ?? m.handle);
    if (mh.toLowerCase() === h) return true;
  }
  return false;
}

/**
 * The creator's own first items — the source, a link page the source links, or a website the source
 * declares — link another account on `n`'s platform, one that holds the creator's name: the creator
 * said which account there is its own, so `n` holding the source's handle on that platform says
 * nothing of whose it is (someone else took the handle there: an impostor copying the creator's
 * link page, or its bio and website). Read from the links alone, not from what is verified, so the
 * fixpoint stays monotone.
 */
function creatorLinksAnotherOn(g: EvidenceGraph, n: ProfileNode): boolean {
  const sourceSite = (d: string) => {
    const site = g.sites.get(d);
    return !!site && site.declaredBy.has('source') && !site.scan?.agency && !site.scan?.crowd;
  };
  const linked = (m: ProfileNode) =>
    m.fromSource || [...m.fromPages].some((u) => g.pages.get(u)?.fromSource) || [...m.fromSites].some(sourceSite);
  if (linked(n)) return false;
  for (const m of g.profiles.values()) {
    if (m.isSource || m.platform !== n.platform || !m.view || g.canonical(m.key) === n.key) continue;
    if (linked(m) && namesCreator(g, m.view.handle, m.view.displayName)) return true;
  }
  return false;
}

/**
 * Whether a page of site `d` the creator's scan keeps links `n`. A site of several people
 * (`scan.agency`: the creator's own page on an agency's site) keeps only the creator's page, and
 * the links the crawl met on its other pages (the home page's roster cards) are the agency's.
 */
function keptPageLinks(g: EvidenceGraph, n: ProfileNode, d: string): boolean {
  const scan = g.sites.get(d)?.scan;
  // Her agency's page of many people (crowdOf): only an account of her own handle group is hers there (her card).
  if (scan?.crowd) return personKeys(g, []).some((c) => key(n.handle).includes(c));
  if (!scan?.agency) return true;
  // The kept page's own header, footer and navigation are the host's (its accounts, not the creator's).
  return scan.pages.some((p) =>
    p.links.some((l) => {
      if (p.chromeLinks?.includes(l)) return false;
      const a = accountOf(l);
      return !!a?.handle && g.canonical(g.nodeKey(a.platform, a.handle)) === n.key;
    }),
  );
}

/**
 * Whether the account links one of the creator's websites (`domains`: those its links reach). On
 * a site of several people only the creator's own page (the declared one, or under it) is the
 * creator's: another talent's page on the agency's domain shares nothing with the creator.
 */
function sharesCreatorSite(g: EvidenceGraph, n: ProfileNode, v: Verification, domains: readonly string[]): boolean {
  return domains.some((d) => {
    if (!v.sites.has(d)) return false;
    const scan = g.sites.get(d)?.scan;
    if (scan?.crowd) return false;
    if (!scan?.agency) return true;
    return n.view!.links.some((l) => underPage(l, scan.startUrl));
  });
}

/** `url` is the page `page` or a page under it (host without `www.`, path without trailing slashes). */
function underPage(url: string, page: string): boolean {
  try {
    const [u, p] = [new URL(url), new URL(page)];
    const host = (x: URL) => x.hostname.replace(/^www\./, '');
    const path = (x: URL) => x.pathname.replace(/\/+$/, '');
    return host(u) === host(p) && (path(u) === path(p) || path(u).startsWith(`${path(p)}/`));
  } catch {
    return false;
  }
}

/**
 * What the account's own side says beside a one-way link of the creator's items (verified_profile_link,
 * link_in_bio): it links back, shares the creator's website, handle, display name or address, or is
 * proven to (a domain handle, a verified field). Without any of these the link is all there is.
 */
function confirmsLink(g: EvidenceGraph, n: ProfileNode, v: Verification, labels: readonly EvidenceLabel[]): boolean {
  if (labels.some((l) => CONFIRMING.has(l) && !(l === 'same_handle_match' && labels.includes('fan_marker')))) return true;
  if (!n.view?.emails.length) return false;
  const own = creatorEmails(g, v);
  return n.view.emails.some((e) => own.has(e.toLowerCase()));
}

const CONFIRMING: ReadonlySet<EvidenceLabel> = new Set([
  'reciprocal_profile_link',
  'shared_website',
  'same_handle_match',
  'display_name_match',
  'domain_handle',
  'verified_field_link',
  'paired_account',
]);

/**
 * A link the creator's items make one way, to an account that confirms nothing of its own
 * (confirmsLink): the labels that keep it a candidate (evidence.ts). A friend's shop, a sister's
 * channel, a manager's number, an old handle now someone else's are linked so too. Against it:
 *  - `links_elsewhere`: it links a website or link page that is not the creator's (judged without
 *    its own word: the world `v` does not hold it yet), or is proven to control such a domain —
 *    an identity of its own (a friend's shop, the realtor now holding a recycled handle);
 *  - `unconfirmed_link`: neither its handle nor its display name holds the creator's handles, whole
 *    name or first name (the creator's own accounts and brands carry them; a sister's or a
 *    manager's do not). An account that was not read is judged by its handle.
 * An account that holds the creator's name and links nothing else stays the creator's.
 */
function loneLinkLabels(g: EvidenceGraph, n: ProfileNode, v: Verification): EvidenceLabel[] {
  const out: EvidenceLabel[] = [];
  if (linksElsewhere(g, n, v)) out.push('links_elsewhere');
  // The creator's names: its handles and the names its verified accounts go by (a Hebrew display
  // name on the source, "Yoni Levi" on its verified GitHub), whole and by first name.
  const names = new Set<string>();
  for (const k of v.verified) {
    const view = k === n.key ? null : g.profiles.get(k)?.view;
    if (!view) continue;
    names.add(view.handle.toLowerCase());
    if (view.displayName)
      names.add(view.displayName).add(
        fold(view.displayName)
          .split(/[^\p{L}\p{N}]+/u)
          .filter(Boolean)[0] ?? '',
      );
  }
  if (!namesCreator(g, n.view?.handle ?? n.handle, n.view?.displayName, names) || labelNamesAnother(g, n)) out.push('unconfirmed_link');
  return out;
}

/** Words of a link's title that say what to do with it, not whose it is ("Follow …", "Shop …", "Check out …"). */
const ACTION_WORDS = new Set(
  'follow shop visit check out buy get try see watch listen support join meet discover explore order book with by for from to now here'
    .split(' ')
    .map(fold),
);

/**
 * A creator link page's title for its link to `n` names the account's owner, and that owner is not the
 * creator: "Follow Glowbar", "Shop Luna Botanics", "Follow Lunaria Tea" — the title's words but
 * platform, own-account and action words (SOCIAL_WORDS, OWN_WORDS, ACTION_WORDS) spell the account's
 * whole handle (or its display name) and hold none of the creator's handles or whole name, nor are
 * part of them (her first name alone, "Luna", is hers). A brand's button on her link page: with
 * nothing of its own confirming the link (loneLinkLabels), an identity of its own.
 */
function labelNamesAnother(g: EvidenceGraph, n: ProfileNode): boolean {
  const handle = key(n.view?.handle ?? n.handle);
  const shown = key(n.view?.displayName ?? '');
  const own = [g.sourceHandle, g.sourceView.handle, g.sourceView.displayName ?? ''].map(key).filter((k) => k.length >= 4);
  return n.pageTexts.some((t) => {
    // A call to action naming a party ("Follow …", "Shop …"): a title that is the link's address, or
    // the account's handle alone ("@nightowlpots", "Snapchat: nightowlpots"), names no one but the account.
    if (/:\/\/|(?:^|\s)www\./i.test(t)) return false;
    const words = fold(t)
      .replace(/['’]s(?![\p{L}\p{N}])/gu, '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    if (!words.some((w) => ACTION_WORDS.has(w))) return false;
    const name = words.filter((w) => !SOCIAL_WORDS.has(w) && !OWN_WORDS.has(w) && !ACTION_WORDS.has(w)).join('');
    if (name.length < 3 || !((handle.length >= 4 && name.includes(handle)) || (shown.length >= 4 && name.includes(shown)))) return false;
    return !own.some((k) => name.includes(k) || k.includes(name));
  });
}

/** `n` links a website or link page that is not the creator's, or is proven to control such a domain: an identity of its own. */
function linksElsewhere(g: EvidenceGraph, n: ProfileNode, v: Verification): boolean {
  const t = g.viewTargets(n);
  const ownDomains = [...n.provenDomains].map((d) => ownerDomain(`https://${d}/`)).filter((d): d is string => !!d);
  return (
    (!!t && (t.domains.some((d) => !v.sites.has(d)) || t.pages.some((u) => !v.pages.has(u)))) || ownDomains.some((d) => !v.sites.has(d))
  );
}

/**
 * A handle or display name holds the creator's handles (the source's), its whole name or its first
 * name (a short one as a whole word or the handle's start), or one of `names` — not its last name,
 * which relatives share.
 */
export function namesCreator(
  g: EvidenceGraph,
  handle: string,
  displayName: string | null | undefined,
  names: Iterable<string> = [],
): boolean {
  const keys = personKeys(g, names);
  const holds = (s: string | null | undefined) => !!s && keys.some((k) => key(s).includes(k));
  const nameWords = fold(displayName ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return holds(handle) || holds(displayName) || namesShortFirst(g, nameWords, handle);
}

/** Addresses the creator's own items show (the source, verified profiles, creator link pages and website pages), in the world `v`. */
function creatorEmails(g: EvidenceGraph, v: Verification): Set<string> {
  const out = new Set<string>();
  const add = (xs: readonly string[]) => xs.forEach((e) => out.add(e.toLowerCase()));
  for (const k of v.verified) add(g.profiles.get(k)?.view?.emails ?? []);
  add(g.sourceView.emails);
  for (const p of g.pages.values()) if (v.pages.has(p.url) && p.view) add(p.view.emails);
  // An agency page of many people (scan.crowd): its inbox is every listed person's, so sharing it says nothing.
  for (const s of g.sites.values())
    if (v.sites.has(s.domain) && s.scan && !s.scan.crowd) for (const page of s.scan.pages) add(pageEmails(g, page, s.scan));
  // Her agent's, agency's or publicist's inbox is on every talent's profile: no address of hers to know her by.
  const theirs = representativeAddresses(g, v);
  return new Set([...out].filter((e) => !theirs.has(e)));
}

const representatives = new WeakMap<Verification, Set<string>>();

/**
 * The addresses the creator's items give to a representative (agents.ts: "Booking: Nord Agency —
 * bookings@…", "contact my agent at …", "Management: …"), lower case — unless the address sits at
 * one of her own sites' domains or its user names her ("kai.mgmt@…"): then it is hers.
 */
function representativeAddresses(g: EvidenceGraph, v: Verification): Set<string> {
  let out = representatives.get(v);
  if (out) return out;
  const found = new Set<string>();
  const add = (xs: Iterable<string> | undefined) => {
    for (const e of xs ?? []) found.add(e.toLowerCase());
  };
  add(g.sourceView.representatives);
  for (const k of v.verified) add(g.profiles.get(k)?.view?.representatives);
  for (const p of g.pages.values()) if (v.pages.has(p.url)) add(p.view?.representatives);
  for (const s of g.sites.values()) {
    if (!v.sites.has(s.domain) || !s.scan) continue;
    for (const page of s.scan.pages) {
      // Each line read once: a line holding many addresses is every one's line.
      const byLine = new Map<string, Map<string, string>>();
      for (const [e, line] of Object.entries(page.emailLines ?? {})) {
        let reps = byLine.get(line);
        if (!reps) byLine.set(line, (reps = representativeEmails(line)));
        if (reps.has(e)) found.add(e);
      }
    }
  }
  const keys = personKeys(g, []);
  out = new Set(
    [...found].filter((e) => {
      const at = e.lastIndexOf('@');
      const domain = registrableDomain(e.slice(at + 1));
      return !(domain && v.sites.has(domain)) && !keys.some((k) => key(e.slice(0, at)).includes(k));
    }),
  );
  representatives.set(v, out);
  return out;
}

/**
 * A creator website page's addresses that are the creator's: those a line credits to another name
 * ("Design: Pixelhíd Stúdió — hello@…", "צילום: נועה לוי — noa@…", "Photography by Noa Levi",
 * website.ts `credited`) are that person's — unless the name is the creator's (its handles, whole
 * name, first name) or the address holds one of them (its user or its domain).
 */
export function pageEmails(g: EvidenceGraph, page: SitePage, scan?: SiteScan | null): string[] {
  // Her own page on an agency's site: what only the site's header and footer show is the agency's ("Careers: jobs@…").
  const chrome = new Set(scan?.agency ? (page.chrome ?? []) : []);
  // Her page on a host of many people's pages (a shop, a booking service, an agency): an address at
  // the host's own domain is the host's ("destek@shop…", "support@booking…") unless it or its line
  // names her ("Book Noor: talent@agency…").
  const host = scan?.agency ? scan.domain : null;
  const credited = page.credited;
  if (!credited && !chrome.size && !host) return page.emails;
  const keys = personKeys(g, []);
  const namesIt = (s: string) => keys.some((k) => key(s).includes(k));
  // The address's user, or the line it sits in ("Book Noor: talent@…"), names her.
  const namesHer = (user: string, line: string | undefined) =>
    namesIt(user) ||
    namesShortFirst(g, [], user) ||
    (!!line &&
      (namesIt(line) ||
        namesShortFirst(
          g,
          fold(line)
            .split(/[^\p{L}\p{N}]+/u)
            .filter(Boolean),
        )));
  return page.emails.filter((e) => {
    if (chrome.has(e.toLowerCase())) return false;
    if (
      host &&
      registrableDomain(e.slice(e.lastIndexOf('@') + 1)) === host &&
      !namesHer(e.slice(0, e.lastIndexOf('@')), page.emailLines?.[e.toLowerCase()])
    )
      return false;
    const name = credited?.[e.toLowerCase()];
    if (name === undefined) return true;
    const words = fold(name)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    return (
      namesIt(name) || namesShortFirst(g, words) || namesIt(e.slice(0, e.lastIndexOf('@'))) || namesIt(e.slice(e.lastIndexOf('@') + 1))
    );
  });
}

const bareMemo = new WeakMap<ProfileView, string[]>();

/** Registrable domains a bio writes without a scheme (`ainovirtanen.fi`, `www.klara.cz`), any suffix; not addresses. */
function bareDomains(view: ProfileView): string[] {
  let out = bareMemo.get(view);
  if (!out) {
    out = [];
    for (const m of (view.bio ?? '').matchAll(
      /(?<![\p{L}\p{N}@._%+/-])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24})(?![\p{L}\p{N}@_-]|\.[\p{L}\p{N}])/giu,
    )) {
      const d = ownerDomain(`https://${m[1].toLowerCase()}/`);
      if (d) out.push(d);
    }
    bareMemo.set(view, out);
  }
  return out;
}

/**
 * Another person's account next to the creator (a manager, an editor, a sister, a friend, a
 * co-host), by what the public pages say:
 *  - the creator's side labels its link to it as someone else's (`creditedBy`: "My manager —
 *    Northstar", "my sister's page", "Photos by @…", or a line of the linking item naming its
 *    handle beside such a word) — the source, a creator link page, a verified profile or a creator
 *    website; or
 *  - its own bio names one of the creator's handles with `@` — it speaks of the creator in the third
 *    person ("editing for @ngozi_builds", "proud big sis of @ama", "Roster: @zoe.paints") — without
 *    saying it is the creator's second account ("main: @…", second_account_marker), while neither
 *    its handle nor its display name holds one of the creator's handles, its whole name or its
 *    first name (a person of its own; a relative shares the last name, not the first).
 */
function isOtherPerson(g: EvidenceGraph, n: ProfileNode, v: Verification, bySite: string | null = null): boolean {
  if (n.isSource) return false;
  for (const d of n.creditedBy) {
    // The site whose owner is asked about: its own credit says whose the account is beside the site, not whose the site is.
    if (d === `site:${bySite}`) continue;
    if (d.startsWith('site:') ? v.sites.has(d.slice(5)) : declaredByCreator(g, new Set([d]), v)) return true;
  }
  if (memberOfShared(g, n) || presentsMany(g, n)) return true;
  if (!n.view?.bio) return false;
  const named = handleMentions(n.view.bio);
  if (!named.length) return false;
  const handles = new Set([g.sourceHandle.toLowerCase(), g.sourceView.handle.toLowerCase()]);
  // Whose a site is: its account naming the source (accounts verified through that very site prove nothing of it).
  if (!bySite)
    for (const k of v.verified) {
      const h = g.profiles.get(k)?.view?.handle;
      if (h && k !== n.key) handles.add(h.toLowerCase());
    }
  if (!named.some((h) => handles.has(h))) return false;
  if (markersFor(g, n.view).second) return false;
  const keys = personKeys(g, handles);
  const holds = (s: string | null) => !!s && keys.some((k) => key(s).includes(k));
  const nameWords = fold(n.view.displayName ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return !holds(n.view.handle) && !holds(n.view.displayName) && !namesShortFirst(g, nameWords, n.view.handle);
}

/** What joins the names of a name shared by several people ("Mia & Zoe Hartley", "Ana y Sofía", "Lena + Tom", "Kim und Jo"). */
const NAME_JOINERS = /\s*(?:[&+/,]|\s(?:and|x|y|e|und|et|i|ve|dan|és|en|og|och|и|і|va|và|と)\s)\s*/iu;

/** A name's first word, folded (a person's given name). */
const givenName = (name: string) =>
  fold(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)[0] ?? '';

/**
 * `n` is another member's own account, linked from an account or link page the creator shares with
 * others — one that names several people, the creator among them:
 *  - its name or its own words join several people's names ("Mia & Zoe Hartley", "Omar & Sara —
 *    slow travel", "Lukas und Mira reisen"), one of them the creator, and `n`'s own name is another
 *    of them (its given name, three letters or more); or
 *  - a link page's buttons name whose each account is ("Omar on Facebook", "Sara · Instagram",
 *    "Priya's TikTok", "Jonas (drums) — Instagram": the first word left once platform, own-account and
 *    action words are dropped), one of them the creator's (her given name or handle), and the button
 *    to `n` names another person whose name `n` carries (its given name, or its handle's start);
 * while `n`'s handle and name hold none of the creator's names. The couple's, the co-hosts' or the
 * band's page says which account is whose; each member's account links that page back, which alone
 * made it the creator's at 0.99. Read from names and links only (no verification state).
 */
function memberOfShared(g: EvidenceGraph, n: ProfileNode): boolean {
  const view = n.view;
  if (!view || namesCreator(g, view.handle, view.displayName)) return false;
  const given = givenName(view.displayName ?? '');
  const handle = key(view.handle);
  // A name part or a button's owner is `n`'s: its given name, or the start of its handle.
  const isTheirs = (name: string) => {
    const w = givenName(name);
    return w.length >= 3 && !namesCreator(g, '', name) && (w === given || handle.startsWith(key(w)));
  };
  const joined = (texts: (string | null | undefined)[]) =>
    texts.some((t) => joinedNames(t).some((parts) => parts.some((p) => namesCreator(g, '', p)) && parts.some(isTheirs)));
  if (n.fromSource && joined([g.sourceView.displayName, g.sourceView.bio])) return true;
  for (const k of n.fromProfiles) if (joined([g.profiles.get(g.canonical(k))?.view?.displayName])) return true;
  for (const u of n.fromPages) {
    const page = g.pages.get(u)?.view;
    if (!page) continue;
    if (joined([page.title, page.text])) return true;
    let creatorsButton = false;
    let theirButton = false;
    for (const [l, title] of Object.entries(page.labels ?? {})) {
      const owner = buttonOwner(title);
      if (!owner) continue;
      const a = accountOf(l);
      const toN = !!a?.handle && g.canonical(g.nodeKey(a.platform, a.handle)) === n.key;
      if (namesCreator(g, '', owner) || namesShortFirst(g, [fold(owner)])) creatorsButton = true;
      else if (toN && isTheirs(owner)) theirButton = true;
    }
    if (creatorsButton && theirButton) return true;
  }
  return false;
}

/** People beside the creator whose accounts an account must link to be a network's, a label's or a collective's (presentsMany). */
const NETWORK_MIN_OTHERS = 3;

/**
 * `n` is a network's, a label's or a collective's account: its own links present NETWORK_MIN_OTHERS or
 * more other people's accounts (handle groups holding none of the creator's names, crowdOf, one
 * platform enough) with the creator's own group no larger than the largest of them, and its handle and
 * name hold none of the creator's names. A food network's channel linking her and four other creators
 * links her back and is linked by her link page: it was hers at 0.99. Read from links and names only.
 */
function presentsMany(g: EvidenceGraph, n: ProfileNode): boolean {
  const view = n.view;
  if (!view || view.links.length <= NETWORK_MIN_OTHERS || namesCreator(g, view.handle, view.displayName)) return false;
  return !!crowdOf(view.links, personKeys(g, []), [], { others: NETWORK_MIN_OTHERS, platforms: 1 });
}

/** Where a text's name phrases end: a line, a dash, a bar, a bullet, a colon, a sentence's end, a bracket. */
const PHRASE_BREAKS = /[\n|—–·•:!?.()[\]{}«»"“”]+|\s-\s/u;

/**
 * The names a text joins ("Omar & Sara — slow travel…" → [Omar, Sara]; "Lukas und Mira reisen" →
 * [Lukas, Mira reisen]): each phrase of it split at NAME_JOINERS into two to four parts of one to
 * three words, each holding a letter. Bounded (the first 60 phrases of 80 characters or less).
 */
function joinedNames(text: string | null | undefined): string[][] {
  if (!text) return [];
  const out: string[][] = [];
  // split's limit: the text is read no further than its 60th phrase (a 200 KB bio is not split whole for every account).
  for (const phrase of text.split(PHRASE_BREAKS, 60)) {
    if (phrase.length > 80) continue;
    const parts = phrase
      .split(NAME_JOINERS)
      .map((p) => p.trim())
      .filter((p) => /\p{L}/u.test(p));
    if (parts.length >= 2 && parts.length <= 4 && parts.every((p) => p.split(/\s+/).length <= 3)) out.push(parts);
  }
  return out;
}

/**
 * Whom a link page's button names as its account's owner: the title's first word once the platform,
 * own-account and action words and a possessive are dropped ("Sara · Instagram", "Omar on Facebook",
 * "Priya's TikTok" → Sara, Omar, Priya); null for a title holding an address or an `@handle` (it
 * names the account, not a person) or nothing else.
 */
function buttonOwner(title: string): string | null {
  if (/:\/\/|(?:^|\s)www\.|@/i.test(title)) return null;
  const words = fold(title)
    .replace(/['’]s(?![\p{L}\p{N}])/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !SOCIAL_WORDS.has(w) && !OWN_WORDS.has(w) && !ACTION_WORDS.has(w));
  return words[0] && words[0].length >= 3 ? words[0] : null;
}

/**
 * What names the creator as a person (keys, ≥ 4 characters): its handles, its whole display name
 * and its first name — not its last name, which relatives share.
 */
function personKeys(g: EvidenceGraph, handles: Iterable<string>): string[] {
  return [...handles, g.sourceHandle, g.sourceView.handle, g.sourceView.displayName ?? '', firstName(g)]
    .map(key)
    .filter((k) => k.length >= 4);
}

function firstName(g: EvidenceGraph): string {
  return (
    fold(g.sourceView.displayName ?? '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)[0] ?? ''
  );
}

/**
 * A first name under four letters ("Lea", "Ana", "Kai"): too short to find inside other words
 * (`pleasure`), so it names the creator only as a whole word of a name or text, or as the start
 * of a handle (`lea.bakes`). Null when the first name is longer (personKeys has it) or one letter.
 */
function shortFirstName(g: EvidenceGraph): string | null {
  const f = key(firstName(g));
  return f.length >= 2 && f.length < 4 ? f : null;
}

/** `words` (folded) or `handle` name the creator by a short first name (shortFirstName). */
function namesShortFirst(g: EvidenceGraph, words: readonly string[], handle: string | null = null): boolean {
  const f = shortFirstName(g);
  return !!f && (words.includes(f) || (!!handle && key(handle).startsWith(f)));
}

/**
 * Names of platforms the gateway does not serve (no definition of theirs to hold them; a served
 * platform's names are its definition's `names.link`, src/platforms/definition.ts), in the scripts
 * creators' sites are written in ("Телеграм", "تلگرام", "טלגרם"…).
 */
const OTHER_PLATFORMS =
  'linkedin twitch snapchat patreon discord vimeo behance dribbble telegram tg whatsapp wa vk vkontakte ok line weibo douyin ' +
  'bilibili xiaohongshu kakao naver bandcamp medium ' +
  'تلگرام لینکدین واتساپ تيليجرام تلغرام טלגרם לינקדאין телеграм телеграмм вконтакте 微博 抖音';

/**
 * Words of a link's text that say nothing about whose the account is: platform names (every
 * platform's `names.link`, in the scripts creators' sites are written in: "یوتیوب", "Ютуб",
 * "יוטיוב", "ইউটিউব"…, and OTHER_PLATFORMS), "follow me on…". Folded.
 */
export const SOCIAL_WORDS: ReadonlySet<string> = new Set(
  [
    ...platforms.flatMap((p) => p.names?.link ?? []),
    OTHER_PLATFORMS,
    'newsletter follow me us on my our find join watch subscribe listen see channel page profile account official the at and or',
  ]
    .flatMap((names) => names.split(' '))
    .map(fold),
);

/**
 * Words that say the account is the site's own in other languages: "my", "personal", "channel",
 * "newsletter", "old/new"… ("اینستاگرام شخصی من", "Telegram-канал", "Hírlevél", "Můj kanál"). Folded;
 * for presentsAsOwn only (they would make any card heading a platform's in a roster).
 */
const OWN_WORDS = new Set(
  (
    'mi mis mein meine meinen mon ma mes meu minha meus mój moja moje mijn mio mia il la le el o a do da de ' +
    'мой моя мои мій моя мої μου το η ο שלי ה من شخصی شخصي حساب صفحه کانال قناة صفحتي ' +
    'আমার চ্যানেল পেজ saya ku kami minun min mitt mina az en én muj můj moje meu ' +
    'personal personnel persönlich personale privat private main new old alt second ' +
    'канал каналы страница аккаунт акаунт сторінка kanal kanál kanaal canal chaine chaîne csatorna csatornám kanava kanali ' +
    'κανάλι ערוץ עמוד দ্যানেল チャンネル 채널 频道 頻道 ' +
    'newsletter hírlevél hirlevel nyhetsbrev uutiskirje рассылка розсилка boletín boletin infolettre rundbrief ' +
    'blog podcast shop store tienda loja boutique'
  )
    .split(' ')
    .map(fold),
);

/**
 * A website's link to an account presents it as the site's own: its text is empty (an icon),
 * platform names and "follow me on…" only, a URL, or holds the creator's handle, whole name or first
 * name (a relative credited by name shares only the last) — or, whatever the text's language, the
 * account's own handle holds them (`handle`: the creator's site naming its accounts in its own words,
 * "یوتیوب", "Hírlevél", "Telegram-канал"; a credit's handle is another person's).
 */
function presentsAsOwn(g: EvidenceGraph, text: string, handle: string | null = null): boolean {
  if (handle && namesCreator(g, handle, null)) return true;
  const words = fold(text)
    .replace(/https?:\/\/\S+|\b[\w.-]+\.(?:com|net|org|io|me|tv|co)\/\S*/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !SOCIAL_WORDS.has(w) && !OWN_WORDS.has(w));
  if (!words.length) return true;
  const flat = words.join('');
  return personKeys(g, []).some((k) => flat.includes(k)) || namesShortFirst(g, words);
}

/**
 * The heading of the person's card a page of site `domain` links `n` in (text.ts cardNames), when it
 * names the account: a word of it (three letters or more, no platform word) is in its handle. Null
 * when no such card holds it.
 */
function cardHeading(g: EvidenceGraph, n: ProfileNode, domain: string): string | null {
  const pages = g.sites.get(domain)?.scan?.pages ?? [];
  const handle = key(n.handle);
  for (const page of pages) {
    if (!page.cards) continue;
    for (const l of page.links) {
      const heading = page.cards[l];
      if (!heading) continue;
      const a = accountOf(l);
      if (!a?.handle || g.canonical(g.nodeKey(a.platform, a.handle)) !== n.key) continue;
      const words = fold(heading)
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 3 && !SOCIAL_WORDS.has(w) && !OWN_WORDS.has(w));
      if (words.some((w) => handle.includes(key(w)))) return heading;
    }
  }
  return null;
}

/** The source's or a verified profile's bio names `handle` as a second account (roles.ts ownAccountMentions). */
function namedSecond(g: EvidenceGraph, v: Verification, handle: string): boolean {
  const bios = [g.sourceView.bio, ...[...v.verified].map((k) => g.profiles.get(k)?.view?.bio)];
  return bios.some((b) => ownAccountMentions(b).includes(handle));
}

/**
 * The candidate model's own labels (evidence.ts, types.ts CANDIDATE_EVIDENCE_LABELS) for a profile
 * that is not verified, in the world `v`: what it links besides the creator, whether it shows the
 * creator's contact, whether the creator names it, what its name, bio and handle say.
 */
export function candidateLabels(g: EvidenceGraph, n: ProfileNode, v: Verification): EvidenceLabel[] {
  const labels: EvidenceLabel[] = [];
  // Only for an account that was read: a handle named is no platform, and an account nobody read is only a URL.
  if (!n.view) return labels;
  const own = creatorSide(g, v);
  // The creator naming its own handle (its social icons read "@handle") says nothing about which account is whose.
  const handle = n.handle.toLowerCase();
  if (own.mentions.has(handle) && !own.handles.has(handle)) labels.push('creator_mention');
  const t = g.viewTargets(n)!;
  if (t.pages.some((u) => v.pages.has(u))) labels.push('shared_link_page');
  if (n.view.emails.some((e) => own.emails.has(e.toLowerCase()))) labels.push('shared_contact');
  const m = markersFor(g, n.view);
  // Or the creator's own bio says so of it ("サブ垢: @akari_sub"): the first person, the creator's word.
  // A second account naming the creator's main back ("Hauptaccount @…", "main: @…") names one of the
  // creator's own handles: a namesake holding that handle on another platform is not what it names.
  if (m.second || (namedSecond(g, v, handle) && !own.handles.has(handle))) labels.push('second_account_marker');
  // A look-alike of the source's handle, or of another handle the creator is verified under
  // (an impostor copying the creator's Instagram when the lookup starts from YouTube).
  if (m.lookalike || [...own.handles].some((h) => h !== handle && isPaddedCopy(handle, h))) labels.push('lookalike_handle');
  // A domain it is proven to control that is not the creator's (a Bluesky domain handle of its own) is an identity of its own too.
  const ownDomains = [...n.provenDomains].map((d) => ownerDomain(`https://${d}/`)).filter((d): d is string => !!d);
  if (t.domains.some((d) => !v.sites.has(d)) || t.pages.some((u) => !v.pages.has(u)) || ownDomains.some((d) => !v.sites.has(d)))
    labels.push('links_elsewhere');
  // Its link to the creator sits in a field its server checks, and the check failed (Mastodon: no verified_at).
  const onCreatorSide = (links: readonly string[] | undefined) => {
    if (!links?.length) return false;
    const x = g.targetsOf(links);
    return (
      x.domains.some((d) => v.sites.has(d)) ||
      x.pages.some((u) => v.pages.has(u)) ||
      x.profiles.some((k) => provesIdentity(k) && g.canonical(k) !== n.key && isVerifiedKey(g, k, v))
    );
  };
  if (onCreatorSide(n.view.unverifiedLinks) && !onCreatorSide(n.view.verifiedLinks)) labels.push('unverified_field_link');
  return labels;
}

/**
 * A candidate's whole evidence: its api.md labels (`labelsOf`) and the candidate model's own. One
 * link is one fact: an account whose only link back is to a creator link page has
 * `shared_link_page`, not `reciprocal_profile_link` as well (that is for a link to the source or a
 * verified profile).
 */
export function candidateEvidence(g: EvidenceGraph, n: ProfileNode, v: Verification, base: readonly EvidenceLabel[]): EvidenceLabel[] {
  const extra = candidateLabels(g, n, v);
  let labels = [...base];
  const t = g.viewTargets(n);
  if (
    extra.includes('shared_link_page') &&
    t &&
    !t.profiles.some((k) => provesIdentity(k) && g.canonical(k) !== n.key && isVerifiedKey(g, k, v))
  )
    labels = labels.filter((l) => l !== 'reciprocal_profile_link');
  return [...labels, ...extra];
}

/** What the creator's own items (the source, its link pages and websites, verified profiles) show: addresses, and handles named by `@`. */
interface CreatorSide {
  emails: Set<string>;
  mentions: Set<string>;
  /** The source's and the verified profiles' own handles. */
  handles: Set<string>;
}

const sides = new WeakMap<Verification, CreatorSide>();

function creatorSide(g: EvidenceGraph, v: Verification): CreatorSide {
  let side = sides.get(v);
  if (side) return side;
  side = { emails: new Set(), mentions: new Set(), handles: new Set([g.sourceHandle.toLowerCase()]) };
  const emails = (xs: readonly string[]) => xs.forEach((e) => side!.emails.add(e.toLowerCase()));
  const mentions = (xs: readonly string[]) => xs.forEach((h) => side!.mentions.add(h));
  for (const k of v.verified) {
    const view = g.profiles.get(k)?.view;
    if (!view) continue;
    side.handles.add(view.handle.toLowerCase());
    emails(view.emails);
    mentions(handleMentions(view.bio));
    // And bare ("טיקטוק: noa.bakes"): a bio's words name accounts in any language.
    mentions(bareHandleMentions(view.bio));
  }
  for (const p of g.pages.values()) if (v.pages.has(p.url) && p.view) emails(p.view.emails);
  for (const s of g.sites.values()) {
    if (!v.sites.has(s.domain) || !s.scan) continue;
    for (const page of s.scan.pages) {
      emails(pageEmails(g, page, s.scan));
      // A handle the page names in the text of its link to that account ("Photos by @…") is the
      // link (website_link), not a mention of its own.
      const linked = new Set(page.links.map((l) => accountOf(l)?.handle?.toLowerCase()).filter(Boolean));
      mentions(page.mentions.filter((h) => !linked.has(h)));
    }
  }
  for (const e of representativeAddresses(g, v)) side.emails.delete(e);
  sides.set(v, side);
  return side;
}

/** The creator's names as keys (markers.ts): its handle as asked and as read, its display name. */
const creatorKeysOf = new WeakMap<EvidenceGraph, string[]>();
const markerMemo = new WeakMap<ProfileView, Markers>();

function creatorKeys(g: EvidenceGraph): string[] {
  let keys = creatorKeysOf.get(g);
  if (!keys) {
    // Its handle and name whole, then each word of its name (`Mira Clips` is about `Mira Fitness`).
    const nameWords = fold(g.sourceView.displayName ?? '').split(/[^\p{L}\p{N}]+/u);
    keys = [...new Set([key(g.sourceHandle), key(g.sourceView.handle), key(g.sourceView.displayName ?? ''), ...nameWords.map(key)])].filter(
      (k) => k.length >= 4,
    );
    creatorKeysOf.set(g, keys);
  }
  return keys;
}

function markersFor(g: EvidenceGraph, view: ProfileView): Markers {
  let m = markerMemo.get(view);
  if (m) return m;
  m = markersOf(view, creatorKeys(g), [g.sourceHandle, g.sourceView.handle]);
  markerMemo.set(view, m);
  return m;
}

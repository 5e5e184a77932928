/**
 * An adversarial simulated web for the five platforms of issue 35 (Bluesky, Mastodon-compatible
 * servers, Kick, Substack, Tumblr) and their identity proofs, drawn from a seed on top of
 * src/discovery/sample-web.ts (each platform's answers from its folder's samples.ts). The main
 * simulated web (generator.ts) has none of the five; this one is about them and about the two
 * proofs, with every look-alike of a proof the brief names:
 *
 *  - the creator's own accounts: a Kick channel and a Tumblr blog the source links; a Substack
 *    under the same handle (probed) linking back or not; a Bluesky account either as
 *    `<handle>.bsky.social` (probed) or under the creator's website as a domain handle — proven
 *    by `/.well-known/atproto-did` (`domain_handle`), or proven by DNS only (the well-known does
 *    not answer: no proof here) — linked by the website or found by the web search; a Mastodon
 *    account on some server, linked by the website or found by the search, its field to the
 *    website verified (`verified_field_link`) or not;
 *  - impostors and fans: `<handle>.bsky.social` and the Substack handle squatted by fans who say
 *    so (several languages, two the detector does not know) and link the creator; the creator's
 *    name on Bluesky under a look-alike domain handle of the impostor's own (proven, but not the
 *    creator's domain), linking the creator and found by the search; Mastodon accounts under the
 *    creator's handle on other servers, the creator's name and copied bio, a field to the
 *    creator's website that the server did NOT verify, found by the search; a Kick channel under
 *    the creator's handle the creator never linked (Kick answers any slug), found by the search.
 *
 * Truth is the owner of each account; `score` (five.test.ts, bench/discovery/five.ts) counts what
 * a lookup returns against it. Every name, domain and DID is invented.
 */
import { samplePlcDid } from '../../src/platforms/microblog-d/samples.js';
import { DiscoveryWeb, sitePage } from '../../src/discovery/sample-web.js';
import { websearchQuery } from '../../src/discovery/websearch.js';
import { FAN_BIOS } from './markers.js';
import type { Rng } from './rng.js';
import { rngFor } from './rng.js';

const FIRST = ['mira', 'tove', 'ines', 'kai', 'noor', 'lev', 'ada', 'rumi', 'sol', 'yara', 'otto', 'lina', 'ezra', 'juno', 'ravi', 'zoe'];
const LAST = ['sol', 'berg', 'vale', 'moss', 'reyes', 'okafor', 'lind', 'stone', 'quill', 'hart', 'brook', 'dune', 'fern', 'kato'];
const INSTANCES = ['mastodon.art', 'fosstodon.org', 'mstdn.social', 'hachyderm.io'];
const TEXT = { 'content-type': 'text/plain; charset=utf-8' };

/** An account of the world: `platform:handle` (lower-cased, as discovery names it) and whose it is. */
export interface FiveAccount {
  platform: 'microblog-d' | 'microblog-e' | 'livestream' | 'newsletter' | 'blog';
  handle: string;
  /** The creator's own, or someone else's (a fan, an impostor). */
  own: boolean;
  /** What it carries, for the per-label tables. */
  kind: string;
}

export interface FiveCreator {
  handle: string;
  name: string;
  accounts: FiveAccount[];
}

export interface FiveWorld {
  web: DiscoveryWeb;
  creators: FiveCreator[];
}

function fanBio(r: Rng, name: string, handle: string): string {
  const lang = r.pick(Object.keys(FAN_BIOS) as (keyof typeof FAN_BIOS)[]);
  return r.pick(FAN_BIOS[lang]).replace('{name}', name).replace('{first}', name.split(' ')[0]).replace('{handle}', handle);
}

export function generateFiveWorld(seed: number, creators = 30): FiveWorld {
  const web = new DiscoveryWeb();
  const out: FiveCreator[] = [];
  const used = new Set<string>();
  for (let i = 0; i < creators; i++) {
    const r = rngFor(seed, `five:${i}`);
    let first: string, last: string, handle: string;
    do {
      first = r.pick(FIRST);
      last = r.pick(LAST);
      handle = `${first}${last}${r.int(1, 99)}`;
    } while (used.has(handle));
    used.add(handle);
    const name = `${first[0].toUpperCase()}${first.slice(1)} ${last[0].toUpperCase()}${last.slice(1)}`;
    const domain = `${handle}.studio`;
    const site = `https://${domain}`;
    const ig = `https://www.instagram.com/${handle}/`;
    const accounts: FiveAccount[] = [];
    const bioLinks = [`${site}/`];
    const siteLinks: string[] = [];
    const search: string[] = [];

    // Kick and Tumblr, linked from the source.
    if (r.chance(0.5)) {
      web.kick.set(handle, { slug: handle, bio: `${name} live — business: live@${domain}`, instagram: handle });
      bioLinks.push(`https://kick.com/${handle}`);
      accounts.push({ platform: 'livestream', handle, own: true, kind: 'linked' });
    } else if (r.chance(0.4)) {
      // Kick answers any slug: a channel under her handle that is not hers, found by the search.
      web.kick.set(handle, { slug: handle, bio: fanBio(r, name, handle), instagram: handle });
      search.push(`https://kick.com/${handle}`);
      accounts.push({ platform: 'livestream', handle, own: false, kind: 'kick-squatter' });
    }
    if (r.chance(0.4)) {
      web.tumblr.set(handle, { name: handle, title: name, description: `<a href="${ig}">instagram</a>` });
      bioLinks.push(`https://${handle}.tumblr.com/`);
      accounts.push({ platform: 'blog', handle, own: true, kind: 'linked' });
    }

    // Substack: hers under the same handle (probed), or a fan's squatting it.
    if (r.chance(0.5)) {
      const back = r.chance(0.7);
      web.substack.set(handle, { handle, name, bio: `letters from the studio — ${handle}@${domain}`, links: back ? [`${site}/`] : [] });
      accounts.push({ platform: 'newsletter', handle, own: true, kind: back ? 'probe-linking-back' : 'probe-silent' });
    } else {
      const squatted = r.chance(0.5);
      if (squatted) {
        web.substack.set(handle, { handle, name: `${name} fans`, bio: fanBio(r, name, handle), links: [ig] });
        accounts.push({ platform: 'newsletter', handle, own: false, kind: 'fan-squatter' });
      }
    }

    // Bluesky: hers on bsky.social (probed) or under her domain; the bsky.social handle squatted by a fan otherwise.
    const hosted = `${handle}.bsky.social`;
    if (r.chance(0.4)) {
      const back = r.chance(0.7);
      web.bluesky.set(hosted, {
        handle: hosted,
        did: samplePlcDid(`h${handle}`),
        displayName: name,
        description: back ? `paintings · ${site}` : 'paintings',
      });
      accounts.push({ platform: 'microblog-d', handle: hosted, own: true, kind: back ? 'probe-linking-back' : 'probe-silent' });
    } else {
      const did = samplePlcDid(`d${handle}`);
      if (r.chance(0.75)) {
        web.bluesky.set(domain, { handle: domain, did, displayName: name, description: r.chance(0.3) ? `paintings · ${ig}` : 'paintings' });
        // Proven by the well-known file, or by DNS only (nothing to read here).
        const proven = r.chance(0.8);
        if (proven) web.page(`${site}/.well-known/atproto-did`, did, { headers: TEXT });
        if (r.chance(0.5)) siteLinks.push(`https://bsky.app/profile/${domain}`);
        else search.push(`https://bsky.app/profile/${domain}`);
        accounts.push({ platform: 'microblog-d', handle: domain, own: true, kind: proven ? 'domain-proven' : 'domain-dns-only' });
      }
      if (r.chance(0.6)) {
        web.bluesky.set(hosted, {
          handle: hosted,
          did: samplePlcDid(`f${handle}`),
          displayName: `${name} updates`,
          description: `${fanBio(r, name, handle)} ${ig}`,
        });
        accounts.push({ platform: 'microblog-d', handle: hosted, own: false, kind: 'fan-squatter' });
      }
    }
    // An impostor under a look-alike domain of its own (proven for that domain), the creator's name, linking her, found by the search.
    if (r.chance(0.35)) {
      const fake = `${handle}-official.${r.pick(['com', 'net', 'page'])}`;
      const did = samplePlcDid(`x${handle}`);
      web.bluesky.set(fake, { handle: fake, did, displayName: name, description: `official ✨ ${ig}` });
      web.page(`https://${fake}/.well-known/atproto-did`, did, { headers: TEXT });
      search.push(`https://bsky.app/profile/${fake}`);
      accounts.push({ platform: 'microblog-d', handle: fake, own: false, kind: 'domain-impostor' });
    }

    // Mastodon: hers on some server, linked by the website or found by the search; its field to the website verified or not.
    const instance = r.pick(INSTANCES);
    if (r.chance(0.6)) {
      const verified = r.chance(0.6);
      web.mastodon.set(`${handle}@${instance}`, {
        user: handle,
        instance,
        displayName: name,
        note: 'painter, mostly at night',
        fields: [{ name: 'Web', url: `${site}/`, verified }],
      });
      const linked = r.chance(0.5);
      (linked ? siteLinks : search).push(`https://${instance}/@${handle}`);
      accounts.push({
        platform: 'microblog-e',
        handle: `${handle}@${instance}`,
        own: true,
        kind: `${verified ? 'verified' : 'unverified'}-${linked ? 'site' : 'search'}`,
      });
    }
    // Impostors under her handle on other servers: her name and bio, an unverified field to her website.
    for (const other of INSTANCES.filter((x) => x !== instance)) {
      if (!r.chance(0.25)) continue;
      web.mastodon.set(`${handle}@${other}`, {
        user: handle,
        instance: other,
        displayName: name,
        note: 'painter, mostly at night',
        fields: [{ name: 'Web', url: `${site}/`, verified: false }],
      });
      search.push(`https://${other}/@${handle}`);
      accounts.push({ platform: 'microblog-e', handle: `${handle}@${other}`, own: false, kind: 'unverified-impostor' });
    }

    web.ig.set(handle, { username: handle, fullName: name, bio: 'painter', externalUrl: `${site}/`, bioLinks });
    web.page(`${site}/`, sitePage(name, siteLinks.map((l) => `<a href="${l}" rel="me">${l}</a>`).join(' ') || '<p>paintings</p>'));
    web.search.set(websearchQuery(handle, name), r.shuffle(search));
    out.push({ handle, name, accounts });
  }
  return { web, creators: out };
}

// ---------------------------------------------------------------------------------------------
// Running and scoring
// ---------------------------------------------------------------------------------------------

/** What a lookup of one creator returned on the five platforms, against the truth. */
export interface FiveOutcome {
  /** Every account of the world around the creator, with what the lookup said of it (confidence 0: not listed). */
  rows: { account: FiveAccount; confidence: number; evidence: string[] }[];
  /** Listed profiles on the five platforms that are no account of the world (should never happen). */
  unknown: string[];
}

export const FIVE_PLATFORMS = ['microblog-d', 'microblog-e', 'livestream', 'newsletter', 'blog'] as const;

/** Looks every creator of the world up (source: its Instagram), web search on, with a Tumblr key. */
export async function runFive(
  world: FiveWorld,
  lookup: (web: DiscoveryWeb, handle: string) => Promise<{ platform: string; handle: string; confidence: number; evidence: string[] }[]>,
): Promise<FiveOutcome[]> {
  const outcomes: FiveOutcome[] = [];
  for (const c of world.creators) {
    const profiles = (await lookup(world.web, c.handle)).filter((p) => (FIVE_PLATFORMS as readonly string[]).includes(p.platform));
    const byKey = new Map(profiles.map((p) => [`${p.platform}:${p.handle.toLowerCase()}`, p]));
    const rows = c.accounts.map((account) => {
      const p = byKey.get(`${account.platform}:${account.handle.toLowerCase()}`);
      byKey.delete(`${account.platform}:${account.handle.toLowerCase()}`);
      return { account, confidence: p?.confidence ?? 0, evidence: p?.evidence ?? [] };
    });
    outcomes.push({ rows, unknown: [...byKey.keys()] });
  }
  return outcomes;
}

export interface FiveScore {
  /** Returned (≥ threshold) profiles that are the creator's / all returned. */
  precision: number;
  /** The creator's accounts returned / all the creator's accounts. */
  recall: number;
  /** Same, at confidence ≥ 0.8. */
  precisionAt08: number;
  /** Per identity proof: listed profiles carrying it, and how many are the creator's. */
  labels: Record<string, { listed: number; own: number }>;
  /** Per kind of account: how many, and how many returned (≥ threshold). */
  kinds: Record<string, { n: number; returned: number; own: boolean }>;
  /** Expected calibration error over returned profiles (10 buckets of confidence). */
  ece: number;
  unknown: number;
}

export function scoreFive(outcomes: FiveOutcome[], threshold = 0.5): FiveScore {
  const rows = outcomes.flatMap((o) => o.rows);
  const returned = rows.filter((r) => r.confidence >= threshold);
  const at08 = rows.filter((r) => r.confidence >= 0.8);
  const own = rows.filter((r) => r.account.own);
  const labels: FiveScore['labels'] = {};
  for (const l of ['domain_handle', 'verified_field_link']) {
    const withL = rows.filter((r) => r.evidence.includes(l));
    labels[l] = { listed: withL.length, own: withL.filter((r) => r.account.own).length };
  }
  const kinds: FiveScore['kinds'] = {};
  for (const r of rows) {
    const k = `${r.account.platform} ${r.account.own ? 'own' : 'other'} ${r.account.kind}`;
    const e = (kinds[k] ??= { n: 0, returned: 0, own: r.account.own });
    e.n++;
    if (r.confidence >= threshold) e.returned++;
  }
  let ece = 0;
  for (let b = 0; b < 10; b++) {
    const inB = returned.filter((r) => Math.min(9, Math.floor(r.confidence * 10)) === b);
    if (!inB.length) continue;
    const conf = inB.reduce((s, r) => s + r.confidence, 0) / inB.length;
    const acc = inB.filter((r) => r.account.own).length / inB.length;
    ece += (inB.length / returned.length) * Math.abs(conf - acc);
  }
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  return {
    precision: ratio(returned.filter((r) => r.account.own).length, returned.length),
    recall: ratio(own.filter((r) => r.confidence >= threshold).length, own.length),
    precisionAt08: ratio(at08.filter((r) => r.account.own).length, at08.length),
    labels,
    kinds,
    ece: Math.round(ece * 1000) / 1000,
    unknown: outcomes.reduce((s, o) => s + o.unknown.length, 0),
  };
}

/**
 * Scoring discovery results against the simulated web's truth (test/sim/truth.ts).
 *
 * Profiles (find social profiles), over the platforms api.md scores (the source labels plus
 * `professional`; results on other platforms — twitch, patreon… — are counted, not scored):
 *  - a returned profile is matched to the creator's accounts by platform and handle
 *    (case-insensitive, leading @ ignored; a video channel id matches its channel), or by URL;
 *  - precision = returned profiles the creator owns / returned profiles. Owned but unreachable by
 *    the rules (e.g. an unlinked account with the creator's handle) is not a false positive;
 *  - recall = reachable profiles returned / reachable profiles (truth.profiles, the source included).
 *
 * Addresses (find creator emails), compared lower-cased:
 *  - precision = returned addresses the creator owns / returned addresses;
 *  - recall = reachable addresses returned / reachable addresses (truth.emails).
 *
 * Micro-averaged over lookups: counts are summed, then divided. A failed lookup returns nothing.
 */
import type { TruthEntry } from '../../test/sim/truth.js';
import { SCORED_PLATFORMS } from '../../test/sim/model.js';

export interface ReturnedProfile {
  platform: string;
  handle: string | null;
  url: string | null;
}

export interface Counts {
  returned: number;
  /** Returned and owned by the creator. */
  correct: number;
  /** Returned and not the creator's. */
  wrong: number;
  /** Returned, owned, but not reachable by the rules. */
  ownedUnreachable: number;
  reachable: number;
  /** Reachable and returned. */
  found: number;
  /** Returned on platforms outside the scored set. */
  unscored: number;
  falsePositives: string[];
  missed: string[];
}

export const emptyCounts = (): Counts => ({
  returned: 0,
  correct: 0,
  wrong: 0,
  ownedUnreachable: 0,
  reachable: 0,
  found: 0,
  unscored: 0,
  falsePositives: [],
  missed: [],
});

export function addCounts(a: Counts, b: Counts): Counts {
  return {
    returned: a.returned + b.returned,
    correct: a.correct + b.correct,
    wrong: a.wrong + b.wrong,
    ownedUnreachable: a.ownedUnreachable + b.ownedUnreachable,
    reachable: a.reachable + b.reachable,
    found: a.found + b.found,
    unscored: a.unscored + b.unscored,
    falsePositives: [...a.falsePositives, ...b.falsePositives],
    missed: [...a.missed, ...b.missed],
  };
}

export const precision = (c: Counts): number => (c.returned === 0 ? 1 : c.correct / c.returned);
export const recall = (c: Counts): number => (c.reachable === 0 ? 1 : c.found / c.reachable);

const cleanHandle = (h: string | null | undefined) => (h ?? '').trim().replace(/^@/, '').toLowerCase();
const cleanUrl = (u: string | null | undefined) =>
  (u ?? '')
    .trim()
    .replace(/^https?:\/\/(www\.|m\.)?/i, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .toLowerCase();

interface Known {
  platform: string;
  handle: string;
  url: string;
  aliases: string[];
}

function matches(r: ReturnedProfile, k: Known): boolean {
  if (r.platform !== k.platform) return false;
  const h = cleanHandle(r.handle);
  if (h && [k.handle, ...k.aliases].some((x) => x.toLowerCase() === h)) return true;
  const u = cleanUrl(r.url);
  return u !== '' && (u === cleanUrl(k.url) || k.aliases.some((a) => u.endsWith(`/channel/${a.toLowerCase()}`)));
}

export function scoreProfiles(returned: readonly ReturnedProfile[], truth: TruthEntry): Counts {
  const c = emptyCounts();
  const seen = new Set<string>();
  for (const r of returned) {
    if (!SCORED_PLATFORMS.includes(r.platform)) {
      c.unscored++;
      continue;
    }
    const owned = truth.ownedProfiles.find((k) => matches(r, k));
    const id = owned ? `${owned.platform}:${owned.handle.toLowerCase()}` : `${r.platform}:${cleanHandle(r.handle) || cleanUrl(r.url)}`;
    if (seen.has(id)) continue; // a duplicate entry is neither a new find nor a new mistake
    seen.add(id);
    c.returned++;
    if (!owned) {
      c.wrong++;
      c.falsePositives.push(`${truth.key} → ${r.platform}:${r.handle ?? r.url}`);
      continue;
    }
    c.correct++;
    if (!truth.profiles.some((k) => matches(r, k))) c.ownedUnreachable++;
  }
  c.reachable = truth.profiles.length;
  for (const k of truth.profiles) {
    if (returned.some((r) => matches(r, k))) c.found++;
    else c.missed.push(`${truth.key} ✗ ${k.platform}:${k.handle} (${k.via.join('+')})`);
  }
  return c;
}

export function scoreEmails(returned: readonly string[], truth: TruthEntry): Counts {
  const c = emptyCounts();
  const got = [...new Set(returned.map((e) => e.trim().toLowerCase()))];
  c.returned = got.length;
  for (const e of got) {
    if (truth.ownedEmails.includes(e)) {
      c.correct++;
      if (!truth.emails.includes(e)) c.ownedUnreachable++;
    } else {
      c.wrong++;
      c.falsePositives.push(`${truth.key} → ${e}`);
    }
  }
  c.reachable = truth.emails.length;
  for (const e of truth.emails) {
    if (got.includes(e)) c.found++;
    else c.missed.push(`${truth.key} ✗ ${e} (${(truth.emailSources[e] ?? []).map((s) => `${s.type}/${s.encoding}`).join(', ')})`);
  }
  return c;
}

/** Recall by how a profile is reachable (`source`, `link_in_bio`, `same_handle`, `websearch`…): a profile counts under each of its labels. */
export function recallByVia(
  returned: readonly ReturnedProfile[],
  truth: TruthEntry,
  into: Map<string, { reachable: number; found: number }>,
): void {
  for (const k of truth.profiles) {
    const hit = returned.some((r) => matches(r, k));
    for (const v of k.via) {
      const e = into.get(v) ?? { reachable: 0, found: 0 };
      e.reachable++;
      if (hit) e.found++;
      into.set(v, e);
    }
  }
}

/** Recall by where an address is written (encoding and page type): an address counts under each. */
export function recallByEncoding(
  returned: readonly string[],
  truth: TruthEntry,
  into: Map<string, { reachable: number; found: number }>,
): void {
  const got = new Set(returned.map((e) => e.toLowerCase()));
  for (const e of truth.emails) {
    const labels = new Set((truth.emailSources[e] ?? []).map((s) => `${s.type}/${s.encoding}`));
    for (const l of labels) {
      const x = into.get(l) ?? { reachable: 0, found: 0 };
      x.reachable++;
      if (got.has(e)) x.found++;
      into.set(l, x);
    }
  }
}

export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1));
  return s[i];
}

/** Recall by platform (every reader platform and `professional`). */
export function recallByPlatform(
  returned: readonly ReturnedProfile[],
  truth: TruthEntry,
  into: Map<string, { reachable: number; found: number }>,
): void {
  for (const k of truth.profiles) {
    const e = into.get(k.platform) ?? { reachable: 0, found: 0 };
    e.reachable++;
    if (returned.some((r) => matches(r, k))) e.found++;
    into.set(k.platform, e);
  }
}

// ---------------------------------------------------------------------------------------------
// Calibration of `confidence` (issue 13 "Fast and calibrated")
// ---------------------------------------------------------------------------------------------

export interface CalibrationPoint {
  confidence: number;
  /** The profile is the creator's (owned, reachable or not). */
  correct: boolean;
}

/** A profile as the candidate model saw it: its evidence labels, whether it is the creator's (bench/discovery/tune.ts). */
export interface LabelledProfile extends CalibrationPoint {
  platform: string;
  handle: string;
  evidence: string[];
}

/**
 * The returned profiles of one lookup as calibration points: every entry on a scored platform
 * with a numeric confidence, decoys included, the source's own entry excluded (it is the input,
 * confidence 1 by definition). Duplicates count once, as in scoreProfiles.
 */
export function calibrationPoints(
  returned: readonly (ReturnedProfile & { confidence?: unknown; evidence?: unknown })[],
  truth: TruthEntry,
): LabelledProfile[] {
  const out: LabelledProfile[] = [];
  const seen = new Set<string>();
  const source: Known = {
    platform: truth.source.platform,
    handle: truth.source.handle,
    url: truth.source.url,
    aliases: truth.profiles[0]?.aliases ?? [],
  };
  for (const r of returned) {
    if (!SCORED_PLATFORMS.includes(r.platform) || typeof r.confidence !== 'number') continue;
    if (matches(r, source)) continue;
    const owned = truth.ownedProfiles.find((k) => matches(r, k));
    const id = owned ? `${owned.platform}:${owned.handle.toLowerCase()}` : `${r.platform}:${cleanHandle(r.handle) || cleanUrl(r.url)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({
      confidence: r.confidence,
      correct: !!owned,
      platform: r.platform,
      handle: r.handle ?? '',
      evidence: Array.isArray(r.evidence) ? r.evidence.map(String) : [],
    });
  }
  return out;
}

export interface ReliabilityBucket {
  /** [lo, hi) — the last bucket includes 1. */
  lo: number;
  hi: number;
  n: number;
  meanConfidence: number;
  /** Observed precision: correct / n. */
  precision: number;
  /** Counted in the error (n ≥ minBucket). */
  counted: boolean;
}

/**
 * Confidence in [from, 1] bucketed by `width` (default: [0.5, 1] by 0.05 — the returned profiles
 * at the default min_confidence); the expected calibration error over the buckets with at least
 * `minBucket` profiles: Σ n_b · |precision_b − mean confidence_b| / Σ n_b. Points below `from`
 * are ignored.
 */
export function reliability(
  points: readonly CalibrationPoint[],
  minBucket = 20,
  opts: { from?: number; width?: number } = {},
): { buckets: ReliabilityBucket[]; ece: number; counted: number; total: number } {
  const from = opts.from ?? 0.5;
  const width = opts.width ?? 0.05;
  const count = Math.round((1 - from) / width);
  const buckets: ReliabilityBucket[] = [];
  for (let i = 0; i < count; i++)
    buckets.push({ lo: from + i * width, hi: from + (i + 1) * width, n: 0, meanConfidence: 0, precision: 0, counted: false });
  let total = 0;
  const sums = buckets.map(() => ({ conf: 0, correct: 0 }));
  const unit = Math.round(width * 1e6);
  for (const p of points) {
    if (!(p.confidence >= from && p.confidence <= 1)) continue;
    total++;
    // Rounded against float noise (0.95 is 0.95, not 0.9499…): two decimals are what the API returns.
    const i = Math.min(count - 1, Math.floor(Math.round((p.confidence - from) * 1e6) / unit));
    buckets[i].n++;
    sums[i].conf += p.confidence;
    if (p.correct) sums[i].correct++;
  }
  let weighted = 0;
  let counted = 0;
  buckets.forEach((b, i) => {
    if (b.n === 0) return;
    b.meanConfidence = sums[i].conf / b.n;
    b.precision = sums[i].correct / b.n;
    b.counted = b.n >= minBucket;
    if (b.counted) {
      weighted += b.n * Math.abs(b.precision - b.meanConfidence);
      counted += b.n;
    }
  });
  return { buckets, ece: counted ? weighted / counted : NaN, counted, total };
}

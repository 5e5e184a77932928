/**
 * The evidence model: which facts make a profile the creator's, and how sure we are.
 *
 * Each label of api.md has a weight, the probability that a profile with that fact alone is the
 * creator's. Facts are treated as independent, so the confidence of a profile is the noisy-OR of
 * its labels' weights, `1 − Π(1 − w)`, rounded to two decimals and capped at 0.99: only the
 * source profile (the one the caller named) is 1.
 *
 * | label | fact | weight | kind |
 * |---|---|---|---|
 * | source_profile | the profile the caller named | 1.00 | anchor |
 * | verified_profile_link | the source or another verified profile links to it | 0.90 | anchor |
 * | link_in_bio | a link-in-bio page of the creator links to it | 0.90 | anchor |
 * | reciprocal_profile_link | it links back to the source, a verified profile or the creator's link-in-bio page | 0.90 tied, 0.15 untied | anchor when tied |
 * | shared_website | it links to the creator's owner-controlled website (same registrable domain, not a platform, shortener, link-in-bio host or shared domain) | 0.80 tied, 0.15 untied | anchor when tied |
 * | same_handle_match | its handle equals the source's (case-insensitive) | 0.20 | weak; a tie |
 * | website_link | a page of the creator's website links to it | 0.15 | weak; a tie |
 * | display_name_match | its display name equals the source's (case, spacing, punctuation and emoji ignored) | 0.15 | weak |
 * | websearch_match | a web search for the creator returned it | 0.10 | weak |
 *
 * Ties. reciprocal_profile_link and shared_website say what the profile links to: that it knows
 * the creator. Fans, resellers and collaborators link the creator's accounts and website too, so
 * such a link is evidence of identity only when the creator's side points at the profile as well
 * — a tie: the profile has the creator's handle (`same_handle_match`: handles are unique per
 * platform, and the creator's name for itself), or the creator's website links it
 * (`website_link`), or the creator's own items do (`verified_profile_link`, `link_in_bio`: anchors
 * already) — then the links are mutual. Tied, they are anchors; untied (a search result or another
 * candidate under another handle), they weigh UNTIED_WEIGHT, as weak as a matching display name.
 *
 * A profile is returned when its confidence reaches RETURN_THRESHOLD (0.5). Every anchor reaches
 * it alone; the weak labels together cannot (1 − 0.80·0.85·0.85·0.90 = 0.48), and neither can an
 * untied candidate's (1 − 0.85·0.85·0.85·0.90 = 0.45): an unverified candidate — same handle, a
 * search result, an account the creator's website links to, a fan linking the creator — however
 * well its name matches, stays in the diagnostic lists. Anchors are exactly the issue's
 * verification rules: an explicit link from the source or a verified profile (directly or on the
 * creator's link-in-bio page), a reciprocal link, a shared owner-controlled website.
 *
 * website_link is weak on purpose: creator websites credit other people's accounts ("photos by
 * @…"), so an account a website links to is a candidate to verify, not the creator's by itself.
 */
import type { EvidenceLabel } from './types.js';
import { EVIDENCE_LABELS } from './types.js';

export const EVIDENCE_WEIGHTS: Readonly<Record<EvidenceLabel, number>> = {
  source_profile: 1,
  verified_profile_link: 0.9,
  link_in_bio: 0.9,
  reciprocal_profile_link: 0.9,
  shared_website: 0.8,
  same_handle_match: 0.2,
  website_link: 0.15,
  display_name_match: 0.15,
  websearch_match: 0.1,
};

/** Labels that verify a profile alone: the caller named it, or the creator's own items link it. */
export const ANCHOR_LABELS: ReadonlySet<EvidenceLabel> = new Set(['source_profile', 'verified_profile_link', 'link_in_bio']);

/** What the profile links to: anchors only with a tie (TIE_LABELS), else UNTIED_WEIGHT. */
export const TIED_LABELS: ReadonlySet<EvidenceLabel> = new Set(['reciprocal_profile_link', 'shared_website']);

/**
 * The creator's side pointing at the profile: its handle is the creator's, the creator's website
 * links it, or the creator's own items do (the explicit anchors: then the links are mutual).
 */
export const TIE_LABELS: ReadonlySet<EvidenceLabel> = new Set([
  'same_handle_match',
  'website_link',
  'verified_profile_link',
  'link_in_bio',
]);

/** A TIED_LABELS fact without a tie: what a fan's link to the creator weighs. */
export const UNTIED_WEIGHT = 0.15;

export const RETURN_THRESHOLD = 0.5;

/** Only the source profile is certain: any other profile is at most this sure. */
export const MAX_DISCOVERED_CONFIDENCE = 0.99;

/** Noisy-OR of the labels' weights, two decimals (1 for the source, at most 0.99 for anything else). */
export function confidenceOf(labels: Iterable<EvidenceLabel>): number {
  const set = new Set(labels);
  if (set.has('source_profile')) return 1;
  const tied = isTied(set);
  let miss = 1;
  for (const l of set) miss *= 1 - (TIED_LABELS.has(l) && !tied ? UNTIED_WEIGHT : EVIDENCE_WEIGHTS[l]);
  return Math.min(MAX_DISCOVERED_CONFIDENCE, Math.round((1 - miss) * 100) / 100);
}

function isTied(labels: ReadonlySet<EvidenceLabel>): boolean {
  for (const l of labels) if (TIE_LABELS.has(l)) return true;
  return false;
}

export function isReturned(labels: Iterable<EvidenceLabel>): boolean {
  return confidenceOf(labels) >= RETURN_THRESHOLD;
}

export function isVerified(labels: Iterable<EvidenceLabel>): boolean {
  const set = new Set(labels);
  for (const l of set) if (ANCHOR_LABELS.has(l) || (TIED_LABELS.has(l) && isTied(set))) return true;
  return false;
}

/** The labels in api.md's order, each once. */
export function orderedEvidence(labels: Iterable<EvidenceLabel>): EvidenceLabel[] {
  const set = new Set(labels);
  return EVIDENCE_LABELS.filter((l) => set.has(l));
}

/**
 * A display name reduced for comparison: Unicode-normalised, lower-cased, letters and digits
 * only (spaces, punctuation, emoji and marks dropped). Null when fewer than 3 remain — too
 * short to say anything.
 */
export function displayNameKey(name: string | null | undefined): string | null {
  if (!name) return null;
  const k = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  return k.length >= 3 ? k : null;
}

export function sameDisplayName(a: string | null | undefined, b: string | null | undefined): boolean {
  const ka = displayNameKey(a);
  return ka !== null && ka === displayNameKey(b);
}

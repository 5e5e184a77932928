/**
 * The evidence model: which facts make a profile the creator's, and how sure we are.
 *
 * Two kinds of profile, two rules (README.md "Evidence model" has the tables and the reasons):
 *
 * **Verified profiles** — the source, an account the creator's own items link (unless that link is
 * all there is and the account has an identity elsewhere or shares not even the creator's name:
 * LONE_LINK_LABELS), or an account that links back to the creator *and* that the creator's side
 * points at (a tie) — are the creator's
 * by the rules (api.md "Creator tools" rule 3; they alone are scanned for e-mails). Their
 * confidence is the noisy-OR of api.md's labels' weights, `1 − Π(1 − w)`, rounded to two decimals
 * and capped at 0.99 (only the source is 1):
 *
 * | label | fact | weight | kind |
 * |---|---|---|---|
 * | source_profile | the profile the caller named | 1.00 | anchor |
 * | verified_profile_link | the source or another verified profile links to it | 0.90 | anchor |
 * | link_in_bio | a link-in-bio page of the creator links to it | 0.90 | anchor |
 * | reciprocal_profile_link | it links back to the source, a verified profile or the creator's link-in-bio page | 0.90 | anchor when tied |
 * | shared_website | it links to the creator's owner-controlled website | 0.80 | anchor when tied |
 * | same_handle_match | its handle equals the source's (case-insensitive) | 0.20 | a tie (unless fan_marker) |
 * | website_link | a page of the creator's website links to it | 0.15 | a tie |
 * | display_name_match | its display name equals the source's (case, spacing, punctuation and emoji ignored) | 0.15 | |
 * | websearch_match | a web search for the creator returned it | 0.10 | |
 * | domain_handle | a Bluesky domain handle proven by the creator's website (`/.well-known/atproto-did` answers its DID) | 0.95 | anchor |
 * | verified_field_link | a Mastodon field the server verified (`verified_at`) links the creator's website, link page or a verified profile | 0.95 | anchor |
 * | paired_account | it holds the handle of a verified account on the platform its accounts are made from, or that is made from it (Threads ↔ Instagram: one owner's two profiles) | 0.95 | anchor |
 *
 * Ties: reciprocal_profile_link and shared_website say what the profile links to — that it knows
 * the creator, as fans, resellers and impostors do. They verify only when the creator's side
 * points at the profile too: it has the creator's handle (`same_handle_match` — unless it says it
 * is a fan account, `fan_marker`: handles are squatted), the creator's website links it
 * (`website_link`), or the creator's own items do (`verified_profile_link`, `link_in_bio`).
 *
 * **Candidates** — everything else the lookup read that carries identity evidence short of proof
 * (IDENTITY_LABELS: a one-way link to the creator's accounts, link page or website; the creator's
 * contact; the creator naming its handle; the creator's display name; a link from the creator's
 * website) — are listed with the confidence of the candidate model: a logistic (log-odds) sum of
 * documented weights over every label that applied, api.md's and CANDIDATE_EVIDENCE_LABELS
 * (types.ts), fitted on the development seeds of the simulated web (bench/discovery/tune.ts) and
 * checked on held-out seeds in every mix of second accounts to fans and impostors
 * (bench/RESULTS.md). A candidate is at most CANDIDATE_MAX_CONFIDENCE sure. An account with nothing
 * but a handle like the creator's (and perhaps a search hit) is never listed.
 *
 * `min_confidence` (default DEFAULT_MIN_CONFIDENCE, 0.5) chooses what a caller sees of the list
 * (src/discovery/api/). Every verified profile has at least VERIFIED_MIN_CONFIDENCE.
 */
import type { EvidenceLabel } from './types.js';
import { API_EVIDENCE_LABELS, EVIDENCE_LABELS, PROOF_EVIDENCE_LABELS } from './types.js';

type ApiLabel = (typeof API_EVIDENCE_LABELS)[number] | (typeof PROOF_EVIDENCE_LABELS)[number];

/** What a verified profile's `evidence` lists: api.md's labels, then the identity proofs. */
const VERIFIED_SHOWN: readonly EvidenceLabel[] = [...API_EVIDENCE_LABELS, ...PROOF_EVIDENCE_LABELS];

/** Verified profiles: each api.md label's weight in the noisy-OR. */
export const EVIDENCE_WEIGHTS: Readonly<Record<ApiLabel, number>> = {
  source_profile: 1,
  verified_profile_link: 0.9,
  link_in_bio: 0.9,
  reciprocal_profile_link: 0.9,
  // Tied (TIED_LABELS), a link both ways between the profile and the creator's website: as sure as a
  // tied reciprocal link (was 0.8: those profiles were the creator's every time, at 0.86 — README.md).
  shared_website: 0.9,
  same_handle_match: 0.2,
  website_link: 0.15,
  display_name_match: 0.15,
  websearch_match: 0.1,
  // Identity proofs (issue 35): measured on the held-out seeds of the simulated web (README.md).
  domain_handle: 0.95,
  verified_field_link: 0.95,
  // A platform fact, not a guess: a Threads profile is made from an Instagram account and carries
  // its username, so no one else holds it (README.md "Evidence model"). The proofs' weight.
  paired_account: 0.95,
};

/** Labels that verify a profile alone: the caller named it, or the creator's own items link it. */
export const ANCHOR_LABELS: ReadonlySet<EvidenceLabel> = new Set([
  'source_profile',
  'verified_profile_link',
  'link_in_bio',
  // Proofs: the account controls the creator's domain, or its server checked its link to the creator's item links back.
  'domain_handle',
  'verified_field_link',
  // One owner's two profiles: the platform gives both the same username (Threads ↔ Instagram).
  'paired_account',
]);

/** The creator's own items link it (one way, on the creator's word). */
export const CREATOR_LINK_LABELS: ReadonlySet<EvidenceLabel> = new Set(['verified_profile_link', 'link_in_bio']);

/**
 * Beside a creator link (CREATOR_LINK_LABELS) and nothing the account confirms of its own (no link
 * back, shared website, handle, display name or address: verification.ts sets these only then), the
 * link does not verify: it links an identity of its own (`links_elsewhere`), or shares not even the
 * creator's name (`unconfirmed_link`). On an outside web (session 27) 0 of 7 such accounts were the
 * creator's (friends' shops, a sister's channel, a manager's number, recycled handles); the 4 lone
 * links that held her name and linked nothing else were all hers, as are the 103 on the simulated
 * web's development seeds.
 */
export const LONE_LINK_LABELS: ReadonlySet<EvidenceLabel> = new Set(['links_elsewhere', 'unconfirmed_link']);

/** What the profile links to: verifies only with a tie (TIE_LABELS). */
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

/**
 * Two facts of the creator's side: its own website presents the account as its own (a social icon,
 * the platform's name: `website_link`, never a credit) and the account holds the creator's handle
 * as its platform spells it (`same_handle_match`). Together they verify — unless the account says
 * it is a fan's or links an identity of its own (`links_elsewhere`: a recycled handle). Accounts
 * with no reader (Etsy, VK) and pages that link nothing can show no link back; on two outside
 * webs (T and V) every such account was the creator's, and stayed a candidate at 0.48 without this.
 */
export const SITE_OWN_LABELS: readonly EvidenceLabel[] = ['website_link', 'same_handle_match'];

/**
 * The handle of SITE_OWN_LABELS may be the website's own name instead of the source's (`site_handle`:
 * `lanternhollows.com` → Bandcamp `lanternhollows`, `felixmoreau.fr` → Vimeo `felixmoreau`): the
 * creator's side names the account as its own either way. On an outside web (W, session 32) both such
 * accounts, with no reader to link back, were the creator's and stayed candidates at 0.38 without it.
 * So may the creator's full name (two neighbouring words of its display name) in the handle: on web AD
 * (session 36) two LinkedIn profiles its own sites linked so were the creator's, at 0.38 without it.
 */
const SITE_HANDLE_LABELS: readonly EvidenceLabel[] = ['same_handle_match', 'site_handle'];

/**
 * The candidate model: log-odds that a candidate with these labels is the creator's, from
 * CANDIDATE_INTERCEPT plus the weight of each label that applied (0 for labels not listed).
 * Fitted by bench/discovery/tune.ts on the development seeds (every mix), rounded to one decimal;
 * README.md "The candidate model" gives each weight's reason.
 */
export const CANDIDATE_INTERCEPT = -2.9;
/**
 * A candidate the creator's own items link (a lone link, LONE_LINK_LABELS): the link counts once,
 * whether the source, a verified profile or a link page makes it, and not for an account the
 * creator's link names as someone else's (`other_person`, fitted without it). Not fitted — the simulated web's
 * development seeds have no such candidate —, set with `unconfirmed_link` so that the link alone
 * leaves the account short of even odds (0.40), a search hit beside it under 0.8 (0.71), and an
 * identity elsewhere far below (0.12; 0.05 without the creator's name): README.md "The candidate model".
 */
export const CREATOR_LINK_WEIGHT = 3.4;
export const CANDIDATE_WEIGHTS: Readonly<Partial<Record<EvidenceLabel, number>>> = {
  reciprocal_profile_link: 1.4,
  shared_website: 1,
  shared_link_page: 2.2,
  shared_contact: 1.3,
  creator_mention: 0.8,
  display_name_match: 0.8,
  websearch_match: 1.3,
  website_link: 2.4,
  same_handle_match: 0.4,
  second_account_marker: 1.8,
  fan_marker: -3.7,
  lookalike_handle: -3,
  links_elsewhere: -2.5,
  // Not fitted (see CREATOR_LINK_WEIGHT): only a lone creator link has it.
  unconfirmed_link: -0.9,
  // Issue 35, fitted on the development seeds of the five-platform web (bench/discovery/five.ts):
  // the main simulation has no Mastodon fields, so its fit leaves this weight alone.
  unverified_field_link: -2.3,
  website_credit: -0.9,
  other_person: -1.8,
  // Not fitted (the simulated web has no such account): the same kind of fact as a same handle.
  site_handle: 0.4,
};

/** A candidate is at most this sure: it is short of proof by definition. */
export const CANDIDATE_MAX_CONFIDENCE = 0.95;

/**
 * Identity evidence short of proof: a candidate is listed only with one of these (a same handle
 * and a search hit alone are what strangers have).
 */
export const IDENTITY_LABELS: ReadonlySet<EvidenceLabel> = new Set([
  'reciprocal_profile_link',
  'shared_website',
  'shared_link_page',
  'shared_contact',
  'creator_mention',
  'display_name_match',
  'website_link',
  'website_credit',
]);

/** What a caller sees by default (`min_confidence`). */
export const DEFAULT_MIN_CONFIDENCE = 0.5;

/** Only the source profile is certain: any other profile is at most this sure. */
export const MAX_DISCOVERED_CONFIDENCE = 0.99;

/**
 * The least confidence of a profile an anchor verifies (verified_profile_link or link_in_bio, 0.9
 * each): what a profile streamed before the lookup completes (pipeline.ts settled()) will have.
 */
export const ANCHOR_MIN_CONFIDENCE = 0.9;

/**
 * The least confidence a verified profile has: a tied shared website or reciprocal link (0.9)
 * with its weakest tie (website_link, 0.15) — 1 − 0.1 · 0.85, rounded. Anchors are 0.9 alone.
 */
export const VERIFIED_MIN_CONFIDENCE = 0.92;

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The profile's confidence: 1 for the source, the noisy-OR for verified profiles, the candidate
 * model for listed candidates, 0 for what is not listed at all.
 */
export function confidenceOf(labels: Iterable<EvidenceLabel>): number {
  const set = new Set(labels);
  if (set.has('source_profile')) return 1;
  if (isVerifiedSet(set)) {
    let miss = 1;
    for (const l of set) if (l in EVIDENCE_WEIGHTS) miss *= 1 - EVIDENCE_WEIGHTS[l as ApiLabel];
    // Verified by SITE_OWN_LABELS alone: the creator's website links it as its own, as a creator link
    // page does (link_in_bio's weight), beside the two labels' own.
    if (!isVerifiedByLinks(set)) miss *= 1 - EVIDENCE_WEIGHTS.link_in_bio;
    return Math.min(MAX_DISCOVERED_CONFIDENCE, round2(1 - miss));
  }
  return isListed(set) ? candidateConfidence(set) : 0;
}

/** The candidate model (not verified): logistic of the intercept plus the labels' weights. */
export function candidateConfidence(labels: Iterable<EvidenceLabel>): number {
  const set = new Set(labels);
  // A second-account claim (`second_account_marker`) weighs as fitted whether or not anything of the
  // creator's side answers it: on the held-out simulated webs such claimants are mostly hers (README.md
  // "A claim nothing of hers answers"; session 40's cap at 0.40 dropped them, session 42 removed it).
  let z = CANDIDATE_INTERCEPT;
  // An account that says it is a fan's: her site presenting it (a thank-you under her name,
  // "Kenji Mori Clips") is no claim that it is hers, as her own link to it is none (below).
  const fan = set.has('fan_marker');
  for (const l of set) if (!(fan && l === 'website_link')) z += CANDIDATE_WEIGHTS[l] ?? 0;
  // The creator pointing at someone else (other_person) or at a fan's account is no claim of its own: that model was fitted without it.
  if ([...CREATOR_LINK_LABELS].some((l) => set.has(l)) && !set.has('other_person') && !fan) z += CREATOR_LINK_WEIGHT;
  return Math.min(CANDIDATE_MAX_CONFIDENCE, round2(1 / (1 + Math.exp(-z))));
}

function isTied(labels: ReadonlySet<EvidenceLabel>): boolean {
  for (const l of labels) {
    if (!TIE_LABELS.has(l)) continue;
    // A handle proves nothing for an account that says it is a fan's (fans squat creators' handles).
    if (l === 'same_handle_match' && labels.has('fan_marker')) continue;
    return true;
  }
  return false;
}

function isVerifiedSet(set: ReadonlySet<EvidenceLabel>): boolean {
  // Someone else's by the creator's words or its own — and an account that says it is a fan's
  // ("Kenji Mori Clips (fan-made)", "… 非公式"): no link makes it the creator's, not even hers to it
  // (a creator thanks the fans' clip channels on her site and link page; they link her back).
  if (set.has('other_person') || set.has('fan_marker')) return false;
  return isVerifiedByLinks(set) || (set.has('website_link') && SITE_HANDLE_LABELS.some((l) => set.has(l)) && !set.has('links_elsewhere'));
}

/** Verified by an anchor or a tied link (not `other_person`: isVerifiedSet checks that first). */
function isVerifiedByLinks(set: ReadonlySet<EvidenceLabel>): boolean {
  // A one-way link of the creator's items to an account that confirms nothing of its own and has an
  // identity elsewhere, or shares not even the creator's name, is a candidate (LONE_LINK_LABELS).
  const lone = [...LONE_LINK_LABELS].some((l) => set.has(l));
  for (const l of set) {
    if (lone && CREATOR_LINK_LABELS.has(l)) continue;
    if (ANCHOR_LABELS.has(l) || (TIED_LABELS.has(l) && isTied(set))) return true;
  }
  return false;
}

export function isVerified(labels: Iterable<EvidenceLabel>): boolean {
  return isVerifiedSet(new Set(labels));
}

/** In the record: verified, or a candidate with identity evidence short of proof. */
export function isListed(labels: Iterable<EvidenceLabel>): boolean {
  const set = new Set(labels);
  if (isVerifiedSet(set)) return true;
  for (const l of set) if (IDENTITY_LABELS.has(l)) return true;
  // A lone creator link (LONE_LINK_LABELS) is the creator's claim — unless it names someone else.
  return !set.has('other_person') && [...CREATOR_LINK_LABELS].some((l) => set.has(l));
}

/** Shown with the default `min_confidence`. */
export function isReturned(labels: Iterable<EvidenceLabel>, minConfidence = DEFAULT_MIN_CONFIDENCE): boolean {
  return isListed(labels) && confidenceOf(labels) >= minConfidence;
}

/**
 * The labels a profile's `evidence` lists, in order, each once: api.md's for a verified profile
 * (what verified it and what its confidence is made of); every label for a candidate (what its
 * confidence is made of, for and against).
 */
export function orderedEvidence(labels: Iterable<EvidenceLabel>): EvidenceLabel[] {
  const set = new Set(labels);
  const shown: readonly EvidenceLabel[] = isVerifiedSet(set) ? VERIFIED_SHOWN : EVIDENCE_LABELS;
  return shown.filter((l) => set.has(l));
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

/**
 * microblog-d's profile reader for creator discovery (src/platforms/reader.ts): the `profile`
 * operation's own fetch and record (`app.bsky.actor.getProfile` on the public AppView, one
 * request; its cache entry shared), viewed as a profile — display name, `description` (the bio:
 * its URLs are the account's links), `website` (the profile's own website field, in the lexicon
 * since 2025: a website the account declares), follower count. The account answers to its handle
 * and its DID.
 *
 * Handles: a domain name (`alice.bsky.social`, or the account's own domain) or a DID; a profile URL
 * is `bsky.app/profile/<handle or did>`. A same-handle probe asks for `<handle>.bsky.social` — the
 * one account a bare handle names here — when the handle is a valid label there (3–18 of `a-z0-9-`).
 *
 * A domain handle (anything but `*.bsky.social`) is a claim of that domain: the view lists it in
 * `ownedDomains` with its proof, `https://<domain>/.well-known/atproto-did` answering the account's
 * DID, which discovery checks itself (evidence `domain_handle`).
 *
 * An account labelled `!no-unauthenticated` (content for logged-in viewers only) is not readable:
 * the fetch refuses it with PRIVATE_CONTENT (fetchProfile), so discovery holds no view of it — no
 * bio, links, addresses or domain claims —, and `view` refuses such a record too, however it came.
 */
import { privateContent } from '../../errors.js';
import type { ProfileReader } from '../reader.js';
import { absoluteUrl, bioUrls, classifiedHandle, identityOf, textEmails, uniqUrls } from '../reader.js';
import { fetchProfile } from './fetch.js';
import type { MicroblogDProfile } from './parse.js';
import { isDid, isLoggedInOnly, normalizeActor, PLATFORM } from './parse.js';

const HOSTED = '.bsky.social';
/** A bsky.social handle's own label (Bluesky: 3–18 characters, letters, digits and inner hyphens). */
const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{1,16}[a-z0-9])$/;

export const profileUrl = (actor: string) => `https://bsky.app/profile/${actor}`;

export const reader: ProfileReader<MicroblogDProfile> = {
  platform: PLATFORM,
  canonicalHandle: normalizeActor,
  probeHandle: (h) => {
    const s = h.replace(/^@/, '').toLowerCase();
    return LABEL_RE.test(s) ? `${s}${HOSTED}` : null;
  },
  sameHandleOf: (h) => {
    const s = h.toLowerCase();
    return s.endsWith(HOSTED) && LABEL_RE.test(s.slice(0, -HOSTED.length)) ? s.slice(0, -HOSTED.length) : null;
  },
  handleFromUrl: classifiedHandle(PLATFORM),
  profileUrl,
  probes: () => true,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, actor) => fetchProfile(ctx, { actor }),
  view(p, asked) {
    if (isLoggedInOnly(p))
      throw privateContent(`${PLATFORM} account ${asked} (it shows its content to logged-in viewers only: !no-unauthenticated)`);
    const handle = (p.handle && p.handle !== 'handle.invalid' ? p.handle : null)?.toLowerCase() ?? asked;
    const bio = p.description ?? null;
    const website = absoluteUrl(p.website);
    const domainHandle = !isDid(handle) && !handle.endsWith(HOSTED) && handle !== 'handle.invalid';
    return {
      platform: PLATFORM,
      handle,
      url: profileUrl(handle),
      displayName: p.displayName ?? null,
      bio,
      websites: website ? [website] : [],
      links: uniqUrls([...(website ? [website] : []), ...bioUrls(bio)]),
      emails: textEmails(bio),
      ids: [identityOf(PLATFORM, handle), ...(p.did ? [identityOf(PLATFORM, p.did)] : [])],
      followers: p.followersCount,
      isPrivate: false,
      ownedDomains: domainHandle && p.did ? [{ domain: handle, proofUrl: `https://${handle}/.well-known/atproto-did`, expect: p.did }] : [],
    };
  },
};

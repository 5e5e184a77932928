/**
 * microblog-e's profile reader for creator discovery (src/platforms/reader.ts): the `profile`
 * operation's own fetch and record (`GET https://<instance>/api/v1/accounts/lookup?acct=<user>`
 * on the server the account names, through the SSRF guard; one request, its cache entry shared),
 * viewed as a profile — display name, `note` (HTML, read as text), the profile `fields`
 * (label/value pairs whose values hold links and addresses), follower count, `locked`.
 *
 * Handles are `user@instance`. A Mastodon-compatible server is any host, so its profile URLs
 * (`https://<instance>/@user`) cannot be told by their host: on a host no platform rule knows, such
 * a link is claimed `tentative` — it is taken as this platform's account only once that server's
 * `accounts/lookup` answers the account; a host that does not is no Mastodon account (the read's
 * typed error). Never probed on a handle alone: which server would it be?
 *
 * A field with `verified_at` is a link the server has checked links back (`rel="me"`): the view
 * lists it in `verifiedLinks` (evidence `verified_field_link`); the other fields' links are
 * `unverifiedLinks` (a candidate whose link to the creator the server did not verify:
 * `unverified_field_link`, which counts against it).
 */
import { classifyLink } from '../../links/classify.js';
import { htmlToText } from '../microblog-a/parse.js';
import { pageAnchors } from '../page-text.js';
import type { ProfileReader } from '../reader.js';
import { bioUrls, identityOf, textEmails, uniqUrls } from '../reader.js';
import { fetchProfile } from './fetch.js';
import type { Acct, MicroblogEAccount } from './parse.js';
import { normalizeAcct, PLATFORM } from './parse.js';

const acctOf = (handle: string): Acct | null => normalizeAcct(handle);
const handleOf = (a: Acct) => `${a.user}@${a.instance}`;

/**
 * A Mastodon-style profile URL on a host no platform rule claims (tiktok.com/@…, medium.com/@… are
 * theirs): its handle — `/@user`, that server's account, or `/@user@server`, the page a server
 * shows of another server's account (that account: `user@server`).
 */
function fediverseHandle(url: URL): string | null {
  const m = /^\/@([^/@]+)(?:@([^/@]+))?\/?$/.exec(url.pathname);
  if (!m || url.search || classifyLink(url.href)) return null;
  const a = acctOf(m[2] ? `${m[1]}@${m[2]}` : `${url.protocol}//${url.host}${url.pathname}`);
  return a ? handleOf(a) : null;
}

/** A field's or note's link as a URL, when it parses. */
const urlOf = (l: string): URL | null => (URL.canParse(l) ? new URL(l) : null);

/**
 * Hashtags in a note or a field: Mastodon's `class="mention hashtag"` (with `rel="tag"` on its own
 * accounts, `rel="nofollow noopener"` on remote ones, as served), Pleroma's and Akkoma's
 * `class="hashtag" rel="tag ugc"`. Their link is the tag's page on the server — no link of the
 * account's, and on any server's host no platform rule knows: taken as a link, discovery read the
 * server (mastodon.social, fosstodon.org…) as a website of the creator's.
 */
const HASHTAG_ANCHORS = 'a.hashtag, a[rel~="tag"]';

/** A hashtag's text, `#` and one tag: how a server that marks none (Misskey's, as Mastodon serves its accounts) renders one. */
const HASHTAG_TEXT = /^#[\p{L}\p{N}_\u00B7\u200C]+$/u;

/** The links of a note or a field value, hashtags left out. */
const ownLinks = (html: string, origin: string): string[] =>
  pageAnchors(html, origin, { skip: HASHTAG_ANCHORS })
    .filter((a) => !HASHTAG_TEXT.test(a.text))
    .map((a) => a.url);

export const reader: ProfileReader<MicroblogEAccount> = {
  platform: PLATFORM,
  canonicalHandle: (raw) => {
    const a = acctOf(raw);
    return a ? handleOf(a) : null;
  },
  // Never compared with other platforms' handles: the same user name on some server is anyone's.
  sameHandleOf: () => null,
  handleFromUrl: fediverseHandle,
  tentative: true,
  profileUrl: (h) => {
    const a = acctOf(h)!;
    return `https://${a.instance}/@${a.user}`;
  },
  probes: () => false,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchProfile(ctx, acctOf(handle)!),
  view(p, asked) {
    const a = acctOf(asked)!;
    const user = (p.username ?? a.user).toLowerCase();
    const handle = `${user}@${a.instance}`;
    const origin = `https://${a.instance}`;
    const note = (p.note && htmlToText(p.note)) || null;
    const fields = p.fields.map((f) => ({ value: f.value ?? '', verified: typeof f.verified_at === 'string' && f.verified_at !== '' }));
    const fieldText = fields.map((f) => htmlToText(f.value));
    const fieldLinks = fields.map((f, i) => uniqUrls([...ownLinks(f.value, origin), ...bioUrls(fieldText[i])]));
    return {
      platform: PLATFORM,
      handle,
      url: `${origin}/@${user}`,
      displayName: p.display_name,
      bio: note,
      // A field's link to no platform is a website the account declares — not a profile on another
      // Mastodon-compatible server (`https://<server>/@user`: an account, which `links` keeps).
      websites: uniqUrls(
        fieldLinks.flat().filter((l) => {
          const u = urlOf(l);
          return !classifyLink(l) && !(u && fediverseHandle(u));
        }),
      ),
      links: uniqUrls([...fieldLinks.flat(), ...(p.note ? ownLinks(p.note, origin) : []), ...bioUrls(note)]),
      emails: textEmails(...fieldText, note),
      ids: [identityOf(PLATFORM, handle)],
      followers: p.followers_count,
      isPrivate: p.locked === true,
      verifiedLinks: uniqUrls(fieldLinks.filter((_, i) => fields[i].verified).flat()),
      unverifiedLinks: uniqUrls(fieldLinks.filter((_, i) => !fields[i].verified).flat()),
    };
  },
};

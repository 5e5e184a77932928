/**
 * microblog-a's profile reader for creator discovery (src/platforms/reader.ts): the `profile`
 * operation's own fetch and record (`GET /api/v1/accounts/lookup?acct=<handle>`, one request;
 * its cache entry shared), viewed as a profile — display name, `note` (HTML, read as text),
 * `website`, the profile `fields` (name/value pairs whose values hold links and addresses),
 * follower count, `locked`.
 */
import { anchorLinks } from '../page-text.js';
import type { ProfileReader } from '../reader.js';
import { absoluteUrl, bioUrls, classifiedHandle, identityOf, textEmails, uniqUrls } from '../reader.js';
import { fetchProfile } from './fetch.js';
import type { MicroblogAProfile } from './parse.js';
import { htmlToText, normalizeHandle } from './parse.js';

const ORIGIN = 'https://truthsocial.com';

export const reader: ProfileReader<MicroblogAProfile> = {
  platform: 'microblog-a',
  canonicalHandle: normalizeHandle,
  handleFromUrl: classifiedHandle('microblog-a'),
  profileUrl: (h) => `${ORIGIN}/@${h}`,
  probes: () => true,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchProfile(ctx, { handle }),
  view(p, asked) {
    const username = p.username ?? asked;
    const note = (p.note && htmlToText(p.note)) || null;
    const fields = p.fields.map((f) => ({
      name: typeof f.name === 'string' ? f.name : '',
      value: typeof f.value === 'string' ? f.value : '',
    }));
    const fieldText = fields.map((f) => htmlToText(f.value));
    const website = absoluteUrl(p.website);
    const fieldLinks = fields.flatMap((f, i) => [...anchorLinks(f.value, ORIGIN), ...bioUrls(fieldText[i])]);
    return {
      platform: 'microblog-a',
      handle: username,
      url: `${ORIGIN}/@${username}`,
      displayName: p.display_name,
      bio: note,
      websites: website ? [website] : [],
      links: uniqUrls([...(website ? [website] : []), ...fieldLinks, ...(p.note ? anchorLinks(p.note, ORIGIN) : []), ...bioUrls(note)]),
      emails: textEmails(...fieldText, note),
      ids: [identityOf('microblog-a', username)],
      followers: p.followers_count,
      isPrivate: p.locked === true,
    };
  },
};

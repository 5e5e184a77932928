/**
 * blog's profile reader for creator discovery (src/platforms/reader.ts): the `posts` operation's
 * own fetch and record (Tumblr API v2 `blog/<name>.tumblr.com/posts?npf=true` with the operator's
 * TUMBLR_API_KEY, one request; its cache entry shared), viewed as a profile from the blog object
 * Tumblr embeds in each post — `title`, `description` (HTML, read as text: its links), `url`.
 *
 * Reads need TUMBLR_API_KEY (`enabled`): without it a Tumblr link is classified and returned on
 * its link's evidence, never read. Never probed on a handle alone (a blog name is anyone's).
 */
import { htmlToText } from '../microblog-a/parse.js';
import { anchorLinks } from '../page-text.js';
import type { ProfileReader } from '../reader.js';
import { bioUrls, classifiedHandle, identityOf, textEmails, uniqUrls } from '../reader.js';
import type { PostsCursor } from './fetch.js';
import { fetchPosts } from './fetch.js';
import type { BlogPostsPage } from './schema.js';
import { blogNameOf, normalizeBlog, PLATFORM } from './parse.js';

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export const reader: ProfileReader<BlogPostsPage> = {
  platform: PLATFORM,
  canonicalHandle: (raw) => {
    const b = normalizeBlog(raw);
    return b ? blogNameOf(b) : null;
  },
  handleFromUrl: classifiedHandle(PLATFORM),
  profileUrl: (name) => `https://${name}.tumblr.com`,
  probes: () => false,
  enabled: (config) => !!config.tumblrApiKey,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, name) => fetchPosts(ctx, { blog: `${name}.tumblr.com`, cursor: null as PostsCursor | null }),
  view(page, asked) {
    const blog = (page.posts.find((p) => p.blog)?.blog ?? {}) as Record<string, unknown>;
    const name = (str(blog.name) ?? asked).toLowerCase();
    const html = str(blog.description);
    const bio = html ? htmlToText(html) : null;
    return {
      platform: PLATFORM,
      handle: name,
      url: `https://${name}.tumblr.com`,
      displayName: str(blog.title),
      bio,
      websites: [],
      links: uniqUrls([...(html ? anchorLinks(html, `https://${name}.tumblr.com`) : []), ...bioUrls(bio)]),
      emails: textEmails(bio),
      ids: [identityOf(PLATFORM, name)],
      followers: null,
      isPrivate: false,
    };
  },
};

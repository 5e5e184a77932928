/**
 * newsletter parsers on the real captures (../shared/fixtures/newsletter/, facts from its
 * SOURCES.md; read in place) and on answers of our own for what no capture shows (said so).
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { normalizeHandle, parseProfile, parseProfilePosts } from './parse.js';
import { NewsletterPostsPage, NewsletterProfile } from './schema.js';

const LABEL = 'newsletter';
const load = (file: string): unknown => JSON.parse(readFixture(LABEL, file));

describe.skipIf(!hasFixtures(LABEL))(`newsletter captures (${skipReason(LABEL)})`, () => {
  it('public_profile: identity, bio, counts, primary publication; no viewer fields', () => {
    const { result: p, warnings } = captureWarnings(() => parseProfile(load('user-public-profile-jakubslys-2025-07.json')));
    expect(warnings).toEqual([]);
    expect(p).toMatchObject({
      id: 254824415,
      name: 'Jakub Slys 🎖️',
      handle: 'jakubslys',
      previous_name: 'Jakub Slys',
      slug: 'jakub-slys',
      bio: 'Ever wonder how Uber matches rides 🚗 in seconds or how OpenAI 🤖 chats like a human? 💻 Engineer @ Pega | ex-Sabre | ex-Nokia',
      subscriberCountString: '88 subscribers',
      subscriberCount: '88',
      subscriberCountNumber: 88,
      rough_num_free_subscribers: 'Tens',
      primaryPublication: { id: 2817779, subdomain: 'slys', custom_domain: 'iam.slys.dev', name: 'slys.dev', author_id: 254824415 },
      subdomainUrl: 'https://jakubslys.substack.com',
      profile_set_up_at: '2024-07-23T21:21:27.927Z',
      userLinks: [],
      twitterAccount: null,
      photo_url: 'https://substack-post-media.s3.amazonaws.com/public/images/4d17c584-3500-4a83-9db9-f826c356ee62_2000x2000.png',
    });
    expect(p.publicationUsers[0]).toMatchObject({ role: 'admin', publication: { name: 'slys.dev' } });
    expect(p.subscriptions).toHaveLength(27);
    expect(p.subscriptions[0]).toMatchObject({ publication: { name: 'Artificial Intelligence Made Simple' } });
    for (const viewer of ['isSubscribed', 'isFollowing', 'followsViewer', 'can_dm', 'mutualsContext']) expect(p).not.toHaveProperty(viewer);
    expect(NewsletterProfile.parse(p)).toEqual(p);
  });

  it('profile/posts: 15 posts, no next cursor, the first and last as SOURCES.md states', () => {
    const { result, warnings } = captureWarnings(() => parseProfilePosts(load('profile-posts-user-27968736-2025-07.json')));
    expect(warnings).toEqual([]);
    expect(result.nextCursor).toBeNull();
    expect(result.posts).toHaveLength(15);
    const [first, second] = result.posts;
    expect(first).toMatchObject({
      id: 165787873,
      publication_id: 4097137,
      title: "Founders, Here's What You Need to Know About Releases in 2025. Plus the 267% Acceleration Trend.",
      slug: 'founders-heres-what-you-need-to-know',
      post_date: '2025-06-12T18:22:44.461Z',
      audience: 'only_paid',
      type: 'newsletter',
      canonical_url: 'https://karozieminski.substack.com/p/founders-heres-what-you-need-to-know',
      reaction_count: 29,
      comment_count: 12,
      wordcount: 1108,
    });
    expect(first.publishedBylines[0]).toMatchObject({ name: 'Karo (Product with Attitude)', handle: 'karozieminski' });
    expect(second).toMatchObject({ id: 165086104, audience: 'everyone' });
    expect(second.post_date).toMatch(/^2025-06-04/);
    expect(result.posts[14].post_date).toBe('2025-02-22T06:17:33.008Z');
    expect(() => NewsletterPostsPage.parse({ posts: result.posts, cursor: null })).not.toThrow();
  });
});

// Our own answers (no capture shows these).
describe('newsletter parsers, degraded answers (our own)', () => {
  it('a profile without id or handle is a changed shape; missing usual fields are null plus a warning', () => {
    expect(() => parseProfile({ handle: 'x' })).toThrow(/missing profile\.id/);
    expect(() => parseProfile({ id: 1 })).toThrow(/missing profile\.handle/);
    const { result, warnings } = captureWarnings(() => parseProfile({ id: 1, handle: 'tides', name: 'Tides' }));
    expect(result).toMatchObject({ id: 1, handle: 'tides', bio: null, slug: null, photo_url: null, subscriptions: [] });
    expect(warnings.map((w) => w.field).sort()).toEqual(['profile.bio', 'profile.photo_url', 'profile.slug']);
  });

  it('a post list without `posts` is a changed shape; a post without id is left out, warned', () => {
    expect(() => parseProfilePosts({ nextCursor: null })).toThrow(/missing profile_posts\.posts/);
    const post = {
      id: 5,
      publication_id: 1,
      title: 't',
      slug: 's',
      type: 'newsletter',
      audience: 'everyone',
      post_date: 'd',
      canonical_url: 'u',
    };
    const { result, warnings } = captureWarnings(() => parseProfilePosts({ posts: [post, { ...post, id: 'x' }], nextCursor: 'abc' }));
    expect(result.posts.map((p) => p.id)).toEqual([5]);
    expect(result.nextCursor).toBe('abc');
    expect(warnings).toHaveLength(1);
  });
});

describe('normalizeHandle', () => {
  it.each([
    ['JakubSlys', 'jakubslys'],
    ['@jakubslys', 'jakubslys'],
    ['https://substack.com/@jakubslys', 'jakubslys'],
    ['substack.com/@jakub_slys/', 'jakub_slys'],
  ])('%j → %j', (i, o) => expect(normalizeHandle(i)).toBe(o));
  it.each(['', 'a b', 'https://substack.com/p/post', 'https://evil.example/@x', 'jakub-slys'])('%j → null', (i) =>
    expect(normalizeHandle(i)).toBeNull(),
  );
});

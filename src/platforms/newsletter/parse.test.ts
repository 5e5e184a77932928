/**
 * newsletter parsers on the real captures (../shared/fixtures/newsletter/, facts from its
 * SOURCES.md; read in place) and on answers of our own for what no capture shows (said so). No
 * capture of one post (`/api/v1/posts/<slug>`) exists: its parser is tested on the captured post
 * objects of profile/posts, which carry the same post fields, and on samples.ts's answers, written
 * from those objects. No capture of the publication search exists either: its envelope
 * (`{results, more}`) is ours (samples.ts), its results the real publication objects of the
 * profile capture (`primaryPublication`, `publicationUsers[].publication`, `subscriptions[].publication`).
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import type { PostRef } from './parse.js';
import {
  foreignComment,
  MAX_COMMENT_DEPTH,
  normalizeHandle,
  normalizePostUrl,
  parseCommentPermissions,
  parsePostComments,
  parsePostDetail,
  parseProfile,
  parseProfilePosts,
  parsePublicationSearch,
  postIdentityProblem,
} from './parse.js';
import type { SubstackCommentSample } from './samples.js';
import { samplePublication, substackCommentsBody, substackPostBody, substackSearchBody } from './samples.js';
import {
  NewsletterComment,
  NewsletterPostComments,
  NewsletterPostDetail,
  NewsletterPostsPage,
  NewsletterProfile,
  NewsletterPublication,
} from './schema.js';

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

describe.skipIf(!hasFixtures(LABEL))(`one post, on the captured post objects (${skipReason(LABEL)})`, () => {
  const captured = () => (load('profile-posts-user-27968736-2025-07.json') as { posts: Record<string, unknown>[] }).posts;
  const asked: PostRef = { host: 'karozieminski.substack.com', slug: 'founders-heres-what-you-need-to-know' };

  it('the first post: the list record unchanged, plus paywalled, no body (the list sends none), the publication from its byline', () => {
    const raw = captured()[0];
    const { result: p, warnings } = captureWarnings(() => parsePostDetail(raw));
    expect(warnings).toEqual([]);
    const listed = parseProfilePosts(load('profile-posts-user-27968736-2025-07.json')).posts[0];
    expect(p).toMatchObject(listed);
    expect(p).toMatchObject({
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
      is_paywalled: true,
      body_html: null,
      truncated_body_text: null,
      publication: { id: 4097137, name: 'Product with Attitude', subdomain: 'karozieminski', custom_domain: null, author_id: 27968736 },
    });
    expect(p.publishedBylines[0]).toMatchObject({ name: 'Karo (Product with Attitude)', handle: 'karozieminski' });
    for (const viewer of ['is_saved', 'read_progress', 'restacked', 'reaction', 'inboxItem']) expect(p).not.toHaveProperty(viewer);
    expect(NewsletterPostDetail.parse(p)).toEqual(p);
    // It is the post asked at its address; not another slug's answer, nor another publication's.
    expect(postIdentityProblem(p, asked, asked.host)).toBeNull();
    expect(postIdentityProblem(p, { ...asked, slug: 'i-studied-49-ai-generated-bios-what' }, asked.host)).toMatch(/not i-studied/);
    expect(postIdentityProblem(p, { ...asked, host: 'slys.substack.com' }, 'slys.substack.com')).toMatch(
      /karozieminski\.substack\.com, not slys/,
    );
  });

  it('the second post is for everyone: not paywalled', () => {
    const p = parsePostDetail(captured()[1]);
    expect(p).toMatchObject({ id: 165086104, audience: 'everyone', is_paywalled: false });
    expect(p.post_date).toMatch(/^2025-06-04/);
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

// Our own answers (samples.ts, written from the captured post objects: no capture of /api/v1/posts/<slug> exists).
describe('one post, degraded and foreign answers (our own)', () => {
  const body = (over: Partial<Parameters<typeof substackPostBody>[0]> = {}) =>
    substackPostBody({ slug: 'estuary-light', publication: { subdomain: 'mirasol' }, ...over });
  const asked: PostRef = { host: 'mirasol.substack.com', slug: 'estuary-light' };

  it('a full answer: its text, not paywalled, the publication from the byline; on its schema, no warning', () => {
    const { result, warnings } = captureWarnings(() => parsePostDetail(body()));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({
      slug: 'estuary-light',
      body_html: '<p>The light over the estuary, week by week.</p>',
      is_paywalled: false,
      restacks: 2,
      updated_at: '2025-04-02T08:10:00.000Z',
      language: 'en',
      publication: { id: 2100207, subdomain: 'mirasol' },
    });
    expect(NewsletterPostDetail.parse(result)).toEqual(result);
    expect(postIdentityProblem(result, asked, asked.host)).toBeNull();
  });

  it('a paid post: its preview as Substack gives anyone, or null; paywalled either way', () => {
    for (const audience of ['only_paid', 'founding', 'only_free'])
      expect(parsePostDetail(body({ audience, bodyHtml: '<p>First lines</p>' }))).toMatchObject({
        is_paywalled: true,
        body_html: '<p>First lines</p>',
      });
    const { result, warnings } = captureWarnings(() => parsePostDetail(body({ audience: 'only_paid', bodyHtml: null })));
    expect(result).toMatchObject({ is_paywalled: true, body_html: null });
    expect(warnings).toEqual([]);
  });

  it('without its id → a changed shape; each usual field missing is null plus one warning, the rest intact', () => {
    const { id: _id, ...noId } = body();
    expect(() => parsePostDetail(noId)).toThrow(/missing post\.id/);
    const full = parsePostDetail(body());
    for (const field of ['publication_id', 'title', 'slug', 'type', 'audience', 'post_date', 'canonical_url', 'body_html'] as const) {
      const { [field]: _gone, ...rest } = body();
      const { result, warnings } = captureWarnings(() => parsePostDetail(rest));
      expect(result[field], field).toBeNull();
      expect(warnings.map((w) => w.field)).toEqual([`post.${field}`]);
      const expected = { ...full, [field]: null } as Record<string, unknown>;
      if (field === 'audience') expected.is_paywalled = null;
      // Without the publication id its byline's publication cannot be told apart.
      if (field === 'publication_id') expected.publication = null;
      expect(result).toEqual(expected);
    }
    // Sometimes-carried fields: null, silently.
    for (const field of ['restacks', 'updated_at', 'language', 'truncated_body_text', 'publishedBylines'] as const) {
      const { [field]: _gone, ...rest } = body();
      const { result, warnings } = captureWarnings(() => parsePostDetail(rest));
      expect(warnings, field).toEqual([]);
      expect(result[field === 'publishedBylines' ? 'publication' : field], field).toBeNull();
    }
  });

  it('a top-level `publication` is the publication when it is the post’s; another one is not taken', () => {
    const pub = { id: 2100207, subdomain: 'mirasol', custom_domain: 'notes.mirasol.example', name: 'Mira Sol Notes' };
    expect(parsePostDetail({ ...body(), publication: pub }).publication).toEqual(pub);
    expect(parsePostDetail({ ...body(), publication: { ...pub, id: 9 } }).publication).toMatchObject({ id: 2100207, custom_domain: null });
  });

  it('the publication from a byline: a byline whose publicationUsers, entry, publication or its id is missing or of another type is warned (null), the rest intact', () => {
    type Byline = { publicationUsers: Record<string, unknown>[] };
    const full = parsePostDetail(body());
    const broken: [string, (b: Byline) => void][] = [
      ['publicationUsers missing', (b) => delete (b as Partial<Byline>).publicationUsers],
      ['publicationUsers a string', (b) => ((b as Record<string, unknown>).publicationUsers = 'mutated')],
      ['an entry a string', (b) => ((b.publicationUsers as unknown[])[0] = 'mutated')],
      ['an entry without its publication', (b) => delete b.publicationUsers[0].publication],
      ['the publication an array', (b) => (b.publicationUsers[0].publication = ['mutated'])],
      ['the publication without its id', (b) => delete (b.publicationUsers[0].publication as Record<string, unknown>).id],
      ['the publication id a string', (b) => ((b.publicationUsers[0].publication as Record<string, unknown>).id = 'mutated')],
    ];
    for (const [what, change] of broken) {
      const raw = structuredClone(body()) as { publishedBylines: Byline[] };
      change(raw.publishedBylines[0]);
      const { result, warnings } = captureWarnings(() => parsePostDetail(raw));
      expect(result.publication, what).toBeNull();
      expect(warnings.map((w) => w.field)[0], what).toMatch(/^post\.publishedBylines/);
      expect({ ...result, publication: full.publication, publishedBylines: full.publishedBylines }, what).toEqual(full);
    }
    // A byline that simply names other publications (a guest's): null, silently.
    const guest = structuredClone(body()) as { publishedBylines: Byline[] };
    (guest.publishedBylines[0].publicationUsers[0].publication as Record<string, unknown>).id = 9;
    const { result, warnings } = captureWarnings(() => parsePostDetail(guest));
    expect(result.publication).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('identity: the asked slug, the asked host or its publication’s other address; a slug missing or foreign is refused', () => {
    const custom = parsePostDetail(body({ publication: { subdomain: 'mirasol', customDomain: 'notes.mirasol.example' } }));
    expect(custom.canonical_url).toBe('https://notes.mirasol.example/p/estuary-light');
    // Asked at the subdomain or at the custom domain (with or without www.): one publication, as it says.
    for (const host of ['mirasol.substack.com', 'notes.mirasol.example', 'www.notes.mirasol.example'])
      expect(postIdentityProblem(custom, { ...asked, host }, host), host).toBeNull();
    // Another publication's address.
    expect(postIdentityProblem(custom, { ...asked, host: 'tides.substack.com' }, 'tides.substack.com')).toMatch(
      /notes\.mirasol\.example, not tides/,
    );
    // Without the publication, the pair is known only from where substack.com itself redirected a subdomain.
    const bare = { ...custom, publication: null };
    expect(postIdentityProblem(bare, asked, asked.host)).toMatch(/not mirasol\.substack\.com/);
    expect(postIdentityProblem(bare, asked, 'notes.mirasol.example')).toBeNull();
    // A custom domain's own redirect proves nothing.
    expect(postIdentityProblem(bare, { ...asked, host: 'mirasol.example' }, 'notes.mirasol.example')).toMatch(/not mirasol\.example/);
    // The slug: another, or none stated.
    expect(postIdentityProblem(custom, { ...asked, slug: 'estuary-dark' }, asked.host)).toMatch(/post estuary-light, not estuary-dark/);
    expect(postIdentityProblem({ ...custom, slug: null }, asked, asked.host)).toMatch(/no slug/);
    // No canonical_url (warned by the parser): the slug from the asked host alone.
    expect(postIdentityProblem({ ...custom, canonical_url: null }, asked, asked.host)).toBeNull();
    expect(postIdentityProblem({ ...custom, canonical_url: 'not a url' }, asked, asked.host)).toMatch(/no URL/);
  });
});

describe('normalizePostUrl', () => {
  it.each([
    ['https://mirasol.substack.com/p/estuary-light', { host: 'mirasol.substack.com', slug: 'estuary-light' }],
    [
      'HTTPS://MiraSol.Substack.com/p/Estuary-Light/?utm_source=x&r=abc#footnote-1',
      { host: 'mirasol.substack.com', slug: 'estuary-light' },
    ],
    ['mirasol.substack.com/p/estuary-light', { host: 'mirasol.substack.com', slug: 'estuary-light' }],
    ['https://www.notes.mirasol.example/p/estuary_light_2', { host: 'www.notes.mirasol.example', slug: 'estuary_light_2' }],
    // Substack's share link names the publication.
    ['https://open.substack.com/pub/MiraSol/p/Estuary-Light?r=2x&utm_medium=ios', { host: 'mirasol.substack.com', slug: 'estuary-light' }],
  ])('%j → %j', (i, o) => expect(normalizePostUrl(i)).toEqual(o));
  it.each(['https://substack.com/@mirasol/p/estuary-light', 'https://www.substack.com/home/post/p-170000101'])(
    '%j → substack.com (no publication named)',
    (i) => expect(normalizePostUrl(i)).toBe('substack.com'),
  );
  it.each([
    '',
    'https://mirasol.substack.com/',
    'https://mirasol.substack.com/p/',
    'https://mirasol.substack.com/p/estuary-light/comments',
    'https://mirasol.substack.com/archive',
    'https://open.substack.com/p/estuary-light',
    'https://open.substack.com/pub/mirasol/p/',
    'https://open.substack.com/pub/www/p/estuary-light',
    'https://open.substack.com/pub/mira.sol/p/estuary-light',
    'https://open.substack.com/pub/mirasol/p/estuary-light/comments',
    'https://a.b.substack.com/p/estuary-light',
    'https://10.0.0.5/p/estuary-light',
    'https://[::1]/p/estuary-light',
    'https://localhost/p/estuary-light',
    'https://notes.mirasol.example:8443/p/estuary-light',
    'https://user:pw@notes.mirasol.example/p/estuary-light',
    'ftp://notes.mirasol.example/p/estuary-light',
    'https://notes.mirasol.example/p/estuary%2Flight',
    'https://notes.mirasol.example/p/%C3%A9t%C3%A9',
  ])('%j → null', (i) => expect(normalizePostUrl(i)).toBeNull());
});

describe.skipIf(!hasFixtures(LABEL))(`a post's comment settings, on the captured post objects (${skipReason(LABEL)})`, () => {
  it('the paid first post: comments for paid subscribers; the second post: for everyone', () => {
    const posts = (load('profile-posts-user-27968736-2025-07.json') as { posts: Record<string, unknown>[] }).posts;
    const { result, warnings } = captureWarnings(() => posts.slice(0, 2).map(parseCommentPermissions));
    expect(warnings).toEqual([]);
    expect(result).toEqual(['only_paid', 'everyone']);
    // The same objects are the post the comments op reads first: id and counts as SOURCES.md states.
    expect(parsePostDetail(posts[0])).toMatchObject({ id: 165787873, comment_count: 12 });
  });
});

// Our own answers (samples.ts: no capture of /api/v1/post/<id>/comments exists).
describe("a post's comments (our own written answers)", () => {
  const POST = 170_000_101;
  const tree: SubstackCommentSample[] = [
    { id: 11, children: [{ id: 12, children: [{ id: 13 }] }, { id: 14 }] },
    { id: 21, deleted: true, children: [{ id: 22 }] },
    { id: 31, status: 'moderator_removed' },
  ];

  it('the tree as sent: replies nested in children, counts as numbers, a deleted comment a mark without body; on its schema, no warning', () => {
    const { result, warnings } = captureWarnings(() => parsePostComments(substackCommentsBody(POST, tree)));
    expect(warnings).toEqual([]);
    expect(result.restricted).toBe(false);
    expect(result.more).toBe(false);
    expect(result.comments.map((c) => c.id)).toEqual([11, 21, 31]);
    const [first, deleted, removed] = result.comments;
    expect(first).toMatchObject({
      id: 11,
      post_id: POST,
      body: 'Comment 11 on the estuary.',
      date: '2025-04-02T09:15:00.000Z',
      edited_at: null,
      name: 'Reader 11',
      handle: 'reader11',
      user_id: 330000011,
      reactions: { '❤': 1 },
      reaction_count: 1,
      children_count: 2,
      deleted: false,
      status: 'published',
    });
    expect(first.children.map((c) => c.id)).toEqual([12, 14]);
    expect(first.children[0].children.map((c) => c.id)).toEqual([13]);
    expect(deleted).toMatchObject({ body: null, deleted: true, name: null, handle: null });
    expect(deleted.children.map((c) => c.id)).toEqual([22]);
    expect(removed).toMatchObject({ body: null, status: 'moderator_removed' });
    for (const c of result.comments) expect(NewsletterComment.parse(c)).toEqual(c);
    for (const viewer of ['body_json', 'ancestor_path', 'publication_id', 'user_bestseller_tier', 'restacks', 'type'])
      expect(first).not.toHaveProperty(viewer);
    const record = {
      post: { id: POST, slug: 's', title: 't', canonical_url: 'u', write_comment_permissions: 'everyone' },
      ...result,
      comments_off: false,
    };
    const { restricted: _r, ...wire } = record;
    expect(NewsletterPostComments.parse(wire)).toEqual(wire);
  });

  it('without `comments` → a changed shape; `comments_restricted` → restricted, nothing read; `more` as stated, null when absent', () => {
    expect(() => parsePostComments({ more: false })).toThrow(/missing post_comments\.comments/);
    expect(() => parsePostComments([])).toThrow(/missing post_comments object/);
    expect(parsePostComments({ comments_restricted: true, comments: [] })).toEqual({ comments: [], more: null, restricted: true });
    expect(parsePostComments(substackCommentsBody(POST, [], {})).more).toBeNull();
    expect(parsePostComments(substackCommentsBody(POST, [], { more: true })).more).toBe(true);
  });

  it('a comment without its id is left out (its replies with it), warned; usual fields missing degrade one at a time', () => {
    const body = substackCommentsBody(POST, [{ id: 11, children: [{ id: 12 }] }, { id: 21 }]) as { comments: Record<string, unknown>[] };
    delete body.comments[0].id;
    const { result, warnings } = captureWarnings(() => parsePostComments(body));
    expect(result.comments.map((c) => c.id)).toEqual([21]);
    expect(warnings).toHaveLength(1);
    const full = parsePostComments(substackCommentsBody(POST, [{ id: 21 }])).comments[0];
    // On every comment: null plus a warning.
    for (const field of ['body', 'date'] as const) {
      const b = substackCommentsBody(POST, [{ id: 21 }]) as { comments: Record<string, unknown>[] };
      delete b.comments[0][field];
      const { result: r, warnings: w } = captureWarnings(() => parsePostComments(b));
      expect(r.comments[0], field).toEqual({ ...full, [field]: null });
      expect(w.map((x) => x.field)).toEqual([`post_comments.comments.${field}`]);
    }
    // Sometimes carried: null (children: []), silently.
    for (const field of [
      'post_id',
      'edited_at',
      'name',
      'handle',
      'user_id',
      'photo_url',
      'reactions',
      'reaction_count',
      'children_count',
      'deleted',
      'status',
      'children',
    ] as const) {
      const b = substackCommentsBody(POST, [{ id: 21 }]) as { comments: Record<string, unknown>[] };
      delete b.comments[0][field];
      const { result: r, warnings: w } = captureWarnings(() => parsePostComments(b));
      expect(w, field).toEqual([]);
      expect(r.comments[0], field).toEqual({ ...full, [field]: field === 'children' ? [] : null });
    }
    // A reaction count that is no number is left out, warned.
    const odd = substackCommentsBody(POST, [{ id: 21 }]) as { comments: Record<string, unknown>[] };
    odd.comments[0].reactions = { '❤': 3, '🔥': 'many' };
    const { result: r, warnings: w } = captureWarnings(() => parsePostComments(odd));
    expect(r.comments[0].reactions).toEqual({ '❤': 3 });
    expect(w).toHaveLength(1);
  });

  it(`replies deeper than ${MAX_COMMENT_DEPTH} levels are cut, warned`, () => {
    let deep: SubstackCommentSample = { id: 1000 };
    for (let i = 999; i > 1000 - MAX_COMMENT_DEPTH - 3; i--) deep = { id: i, children: [deep] };
    const { result, warnings } = captureWarnings(() => parsePostComments(substackCommentsBody(POST, [deep])));
    let levels = 0;
    for (let c: NewsletterComment | undefined = result.comments[0]; c; c = c.children[0]) levels++;
    expect(levels).toBe(MAX_COMMENT_DEPTH);
    expect(warnings.map((w) => w.detail)).toEqual([expect.stringMatching(/cut below/)]);
  });

  it('foreignComment: a comment (a reply too) stating another post id; none stated passes', () => {
    const parsed = (t: SubstackCommentSample[]) => parsePostComments(substackCommentsBody(POST, t)).comments;
    expect(foreignComment(parsed(tree), POST)).toBeNull();
    expect(foreignComment(parsed([{ id: 11, postId: 9 }]), POST)).toBe(11);
    expect(foreignComment(parsed([{ id: 11, children: [{ id: 12, children: [{ id: 13, postId: 9 }] }] }]), POST)).toBe(13);
    const unstated = parsed([{ id: 11 }]).map((c) => ({ ...c, post_id: null }));
    expect(foreignComment(unstated, POST)).toBeNull();
  });
});

describe.skipIf(!hasFixtures(LABEL))(`publication search, the profile capture's publications as results (${skipReason(LABEL)})`, () => {
  const profile = load('user-public-profile-jakubslys-2025-07.json') as Record<string, any>;
  it('primaryPublication (flat author_id) and publicationUsers[0].publication (a nested author): ids, addresses, author', () => {
    const { result, warnings } = captureWarnings(() =>
      parsePublicationSearch(substackSearchBody([profile.primaryPublication, profile.publicationUsers[0].publication], true)),
    );
    expect(warnings).toEqual([]);
    expect(result.more).toBe(true);
    const [primary, viaRole] = result.publications;
    expect(primary).toEqual({
      id: 2817779,
      name: 'slys.dev',
      subdomain: 'slys',
      custom_domain: 'iam.slys.dev',
      base_url: null,
      logo_url: 'https://substack-post-media.s3.amazonaws.com/public/images/d3b67508-e73c-434b-89ae-fde2c72e8fa4_256x256.png',
      hero_text: null,
      language: null,
      author: { id: 254824415, name: null, handle: null },
    });
    expect(viaRole).toMatchObject({
      id: 2817779,
      name: 'slys.dev',
      subdomain: 'slys',
      custom_domain: 'iam.slys.dev',
      author: { id: 254824415, name: 'Jakub Slys 🎖️', handle: 'jakubslys' },
    });
    expect(viaRole!.hero_text).toMatch(/^Ever wondered how Uber’s ride matching happens in seconds/);
    for (const p of result.publications) NewsletterPublication.parse(p);
  });
  it('the 27 subscriptions’ publications: all kept, in order, the first Artificial Intelligence Made Simple; theme, created_at… not in the record', () => {
    const pubs = (profile.subscriptions as Array<{ publication: unknown }>).map((s) => s.publication);
    const { result, warnings } = captureWarnings(() => parsePublicationSearch(substackSearchBody(pubs)));
    expect(warnings).toEqual([]);
    expect(result.publications).toHaveLength(27);
    expect(result.more).toBe(false);
    expect(result.publications[0]).toMatchObject({
      id: 1315074,
      name: 'Artificial Intelligence Made Simple',
      subdomain: 'artificialintelligencemadesimple',
      custom_domain: null,
      author: { id: 8101724, name: 'Devansh', handle: 'chocolatemilkcultleader' },
    });
    expect(Object.keys(result.publications[0]!).sort()).toEqual(
      ['author', 'base_url', 'custom_domain', 'hero_text', 'id', 'language', 'logo_url', 'name', 'subdomain'].sort(),
    );
  });
});

describe('publication search, degraded answers (our own)', () => {
  it('flat author fields as public clients read them; base_url kept as stated', () => {
    const { publications, more } = parsePublicationSearch(substackSearchBody([samplePublication(7)], false));
    expect(more).toBe(false);
    expect(publications[0]).toEqual({
      id: 7,
      name: 'Estuary Notes 7',
      subdomain: 'estuary7',
      custom_domain: null,
      base_url: 'https://estuary7.substack.com',
      logo_url: 'https://substackcdn.com/image/fetch/sample-logo.png',
      hero_text: 'Letters from the estuary.',
      language: 'en',
      author: { id: 330000007, name: 'Writer 7', handle: 'writer7' },
    });
  });
  it('a result without its id is left out (warned), the others kept; name or subdomain missing: null plus a warning', () => {
    const { result, warnings } = captureWarnings(() =>
      parsePublicationSearch(
        substackSearchBody([
          samplePublication(1),
          { ...samplePublication(2), id: undefined },
          { ...samplePublication(3), name: undefined, subdomain: undefined },
        ]),
      ),
    );
    expect(result.publications.map((p) => p.id)).toEqual([1, 3]);
    expect(result.publications[1]).toMatchObject({ name: null, subdomain: null, hero_text: 'Letters from the estuary.' });
    expect(warnings.map((w) => w.field)).toEqual(
      expect.arrayContaining(['publication_search.results', 'publication_search.results.name', 'publication_search.results.subdomain']),
    );
  });
  it('no author fields: author null silently; optional fields absent: null silently; `more` absent: null', () => {
    const bare = { id: 9, name: 'Bare', subdomain: 'bare' };
    const { result, warnings } = captureWarnings(() => parsePublicationSearch(substackSearchBody([bare], 'absent')));
    expect(warnings).toEqual([]);
    expect(result).toEqual({
      publications: [
        {
          id: 9,
          name: 'Bare',
          subdomain: 'bare',
          custom_domain: null,
          base_url: null,
          logo_url: null,
          hero_text: null,
          language: null,
          author: null,
        },
      ],
      more: null,
    });
  });
  it('an answer without `results` (another endpoint’s, or an error object) is a changed shape', () => {
    expect(() => parsePublicationSearch({ publications: [] })).toThrow(/publication_search\.results/);
    expect(() => parsePublicationSearch([])).toThrow();
  });
});

/**
 * videoPosts: the Posts tab parser. No capture of a Posts tab's content exists (../shared/fixtures
 * /video holds Videos tabs only): the real @bulwarkmedia and @creativecommons Videos-tab pages are
 * read as they are (the Posts tab not selected → no posts tab shown; the page's own channel), and
 * the @bulwarkmedia page with its own real Posts tab selected and holding posts we wrote
 * (samples.ts's `postThread`, the backstagePostRenderer shape open-source YouTube clients read);
 * everything else on pages and continuation answers of our own (samples.ts), requests and the
 * cursor through a fake upstream.
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import type { Obj } from '../../parse/index.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { encodeCursor } from '../cursor.js';
import { validateArgs } from '../operation.js';
import type { PostsCursor } from './posts.js';
import { decodePostsCursor, fetchChannelPosts, parsePostsContinuation, parsePostsTab, videoPosts, VideoPostsPage } from './posts.js';
import type { TestPost } from './samples.js';
import { channelHtml, NIGHT_OWL, postsContinuationAnswer, postsTabInitialData, postThread } from './samples.js';

const LABEL = 'video';
const BULWARK = 'ytinitialdata-channel-videos-bulwark.json';
const BULWARK_ID = 'UCG4Hp1KbGw4e02N7FpPXDgQ';
const CC = 'youtubei-browse-videos-tab-lockup-creativecommons-2026.json';
const OWL = NIGHT_OWL.channelId;

const own = (w: { field: string }[]) => w.filter((x) => x.field.startsWith('posts.'));
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const html = (data: Obj) => ({ body: channelHtml(data, NIGHT_OWL.title) });

const post = (over: Partial<TestPost> = {}): TestPost => ({
  postId: 'UgkxN1ghtOw1P0stF1rst000000000000001',
  channelId: OWL,
  authorName: NIGHT_OWL.title,
  text: 'New build on Thursday: a walnut tool chest.',
  published: '2 days ago',
  likes: '1,204',
  comments: '55',
  ...over,
});
const cursorOf = (c: Partial<PostsCursor> = {}): PostsCursor => ({
  c: OWL,
  h: NIGHT_OWL.handle.toLowerCase(),
  t: 'posts',
  k: 'POSTS-PAGE-2',
  v: '2.20260301.00.00',
  ...c,
});

describe.skipIf(!hasFixtures(LABEL))(`video Posts tab on the real channel pages (${skipReason(LABEL)})`, () => {
  it('@bulwarkmedia Videos tab (its Posts tab listed, not selected): no posts tab shown, the page’s channel read', () => {
    const r = parsePostsTab(JSON.parse(readFixture(LABEL, BULWARK)));
    expect(r).toMatchObject({ channelId: BULWARK_ID, handle: 'bulwarkmedia', hasPostsTab: false, posts: [], token: null });
  });

  it('@creativecommons 2026 (no Posts tab at all): hasPostsTab false', () => {
    expect(parsePostsTab(JSON.parse(readFixture(LABEL, CC)))).toMatchObject({
      channelId: expect.stringMatching(/^UC/),
      hasPostsTab: false,
      posts: [],
    });
  });

  it('@bulwarkmedia with its real Posts tab selected, holding written posts: read; a post by another channel → UPSTREAM_FAILED', () => {
    const page = (posts: TestPost[]) => {
      const data = JSON.parse(readFixture(LABEL, BULWARK)) as Obj;
      const tabs = (data.contents as Obj & { twoColumnBrowseResultsRenderer: { tabs: Obj[] } }).twoColumnBrowseResultsRenderer.tabs;
      for (const t of tabs) {
        const tr = t.tabRenderer as Obj | undefined;
        if (!tr) continue;
        tr.selected = tr.title === 'Posts';
        if (tr.title === 'Posts')
          tr.content = { sectionListRenderer: { contents: [{ itemSectionRenderer: { contents: posts.map(postThread) } }] } };
      }
      return data;
    };
    const mine = post({ channelId: BULWARK_ID, authorName: 'The Bulwark' });
    const { result, warnings } = captureWarnings(() => parsePostsTab(page([mine])));
    expect(own(warnings)).toEqual([]);
    expect(result).toMatchObject({ channelId: BULWARK_ID, hasPostsTab: true, token: null });
    expect(result.posts).toEqual([
      {
        postId: mine.postId,
        text: mine.text,
        publishedTimeText: '2 days ago',
        likeCountText: '1,204',
        likeCount: 1204,
        commentCountText: '55',
        attachment: { type: 'none', images: [], video: null, poll: null },
      },
    ]);
    expect(() => parsePostsTab(page([mine, post({ postId: 'UgkxOther', channelId: OWL })]))).toThrow(
      expect.objectContaining({ code: 'UPSTREAM_FAILED' }),
    );
  });
});

describe('posts of our own', () => {
  it('attachments: one image, several, a video (a list item), a poll; rounded likes are text only; no comment count shown is null', () => {
    const posts: TestPost[] = [
      post({ postId: 'P-image', attachment: { image: 'https://yt3.ggpht.com/chest' }, likes: '1.2K', comments: null }),
      post({ postId: 'P-images', attachment: { images: ['https://yt3.ggpht.com/a', 'https://yt3.ggpht.com/b'] } }),
      post({
        postId: 'P-video',
        text: null,
        attachment: {
          video: { videoId: 'Ab1Cd2Ef3Gh', title: 'Walnut chest', views: '9,401 views', published: '3 days ago', length: '21:09' },
        },
      }),
      post({ postId: 'P-poll', attachment: { poll: { choices: ['Walnut', 'Oak', 'Cherry'], votes: '3.4K votes' } } }),
    ];
    const { result, warnings } = captureWarnings(() => parsePostsTab(postsTabInitialData(NIGHT_OWL, posts, 'NEXT')));
    expect(own(warnings)).toEqual([]);
    expect(result.token).toBe('NEXT');
    const [image, images, video, poll] = result.posts;
    expect(image).toMatchObject({ likeCountText: '1.2K', likeCount: null, commentCountText: null });
    expect(image.attachment).toMatchObject({ type: 'image', video: null, poll: null });
    expect(image.attachment.images).toEqual([
      {
        sources: [
          { url: 'https://yt3.ggpht.com/chest=s288', width: 288, height: 288 },
          { url: 'https://yt3.ggpht.com/chest=s1080', width: 1080, height: 1080 },
        ],
      },
    ]);
    expect(images.attachment.type).toBe('images');
    expect(images.attachment.images.map((i) => i.sources[0].url)).toEqual(['https://yt3.ggpht.com/a=s288', 'https://yt3.ggpht.com/b=s288']);
    expect(video.text).toBeNull();
    expect(video.attachment).toMatchObject({
      type: 'video',
      images: [],
      video: { videoId: 'Ab1Cd2Ef3Gh', title: 'Walnut chest', viewCountText: '9,401 views', lengthText: '21:09' },
    });
    expect(poll.attachment).toEqual({
      type: 'poll',
      images: [],
      video: null,
      poll: { choices: ['Walnut', 'Oak', 'Cherry'], totalVotesText: '3.4K votes' },
    });
  });

  it("an image alone, its contentText YouTube's empty object ({}): text null, not warned", () => {
    // Shape from the Linus Tech Tips posts in Hanif-F/invidious spec/invidious/comments/fixtures/
    // community_posts.json (commit cce20f0): a backstagePostRenderer with `contentText: {}` and a
    // backstageImageRenderer — warned posts.…contentText 'unexpected type' before. Our own post.
    const data = postsTabInitialData(NIGHT_OWL, [post({ postId: 'P-photo', attachment: { image: 'https://yt3.ggpht.com/bench' } })]);
    const section = (data as any).contents.twoColumnBrowseResultsRenderer.tabs[2].tabRenderer.content.sectionListRenderer.contents[0];
    section.itemSectionRenderer.contents[0].backstagePostThreadRenderer.post.backstagePostRenderer.contentText = {};
    const { result, warnings } = captureWarnings(() => parsePostsTab(data));
    expect(own(warnings)).toEqual([]);
    expect(result.posts[0]).toMatchObject({ postId: 'P-photo', text: null, attachment: { type: 'image' } });
  });

  it('missing fields degrade one at a time: no voteCount → likes null (warned), no date → null (warned); no id → left out (warned)', () => {
    const noId = postThread(post());
    delete ((noId.backstagePostThreadRenderer as Obj).post as { backstagePostRenderer: Obj }).backstagePostRenderer.postId;
    const data = postsTabInitialData(NIGHT_OWL, [post({ postId: 'P-bare', likes: null })]);
    const section = (data as any).contents.twoColumnBrowseResultsRenderer.tabs[2].tabRenderer.content.sectionListRenderer.contents[0];
    delete section.itemSectionRenderer.contents[0].backstagePostThreadRenderer.post.backstagePostRenderer.publishedTimeText;
    section.itemSectionRenderer.contents.push(noId, { somethingNewRenderer: {} });
    const { result, warnings } = captureWarnings(() => parsePostsTab(data));
    expect(result.posts).toEqual([
      expect.objectContaining({ postId: 'P-bare', likeCountText: null, likeCount: null, publishedTimeText: null, commentCountText: '55' }),
    ]);
    expect(own(warnings).map((w) => w.field)).toEqual([
      'posts.backstagePostThreadRenderer.backstagePostRenderer.voteCount',
      'posts.backstagePostThreadRenderer.backstagePostRenderer.publishedTimeText',
      'posts.items',
      'posts.items',
    ]);
  });

  it('an attachment of another kind is warned and typed none; a video attachment without its id keeps the post (video null, warned)', () => {
    const { result, warnings } = captureWarnings(() =>
      parsePostsTab(
        postsTabInitialData(NIGHT_OWL, [
          post({ postId: 'P-quiz', attachment: { other: { quizRenderer: { choices: [] } } } }),
          post({ postId: 'P-gone', attachment: { other: { videoRenderer: { title: { runs: [{ text: 'Members only' }] } } } } }),
        ]),
      ),
    );
    expect(result.posts.map((p) => [p.postId, p.attachment.type, p.attachment.video])).toEqual([
      ['P-quiz', 'none', null],
      ['P-gone', 'video', null],
    ]);
    expect(own(warnings).map((w) => w.field)).toEqual([
      'posts.backstagePostThreadRenderer.backstagePostRenderer.attachment',
      'posts.backstagePostThreadRenderer.backstagePostRenderer.attachment.video',
    ]);
  });

  /**
   * A post the channel shared (its thread's post is a `sharedPostRenderer`, not a backstage post):
   * the members open-source clients read from it since YouTube added reposts in 2023 —
   * LuanRT/YouTube.js src/parser/classes/SharedPost.ts (commit 13f7f228, after issue #331,
   * 2023-03: postId, content, publishedTimeText, displayName, thumbnail, endpoint,
   * navigationEndpoint, expandButton, actionMenu, originalPost.backstagePostRenderer; no
   * voteCount), and a Python community-tab reader taking the sharer from `endpoint` and the
   * date from "shared <when>". Our own thread in that shape: ids, names and texts invented.
   */
  const sharedThread = (sharer: string, original: TestPost) => ({
    backstagePostThreadRenderer: {
      post: {
        sharedPostRenderer: {
          postId: 'UgkxSh4red0000000000000000000000000001',
          content: { runs: [{ text: 'A friend of the shop built this one. Worth a look.' }] },
          publishedTimeText: { runs: [{ text: 'shared 3 days ago' }] },
          displayName: {
            runs: [
              {
                text: NIGHT_OWL.title,
                navigationEndpoint: { browseEndpoint: { browseId: sharer, canonicalBaseUrl: `/@${NIGHT_OWL.handle}` } },
              },
            ],
          },
          thumbnail: { thumbnails: [{ url: 'https://yt3.ggpht.com/night-owl-avatar=s48', width: 48, height: 48 }] },
          endpoint: {
            commandMetadata: { webCommandMetadata: { url: `/@${NIGHT_OWL.handle}` } },
            browseEndpoint: { browseId: sharer, canonicalBaseUrl: `/@${NIGHT_OWL.handle}` },
          },
          navigationEndpoint: { browseEndpoint: { browseId: 'FEpost_detail', params: 'UgkxSh4red0000000000000000000000000001' } },
          expandButton: { buttonRenderer: { text: { runs: [{ text: 'Read more' }] } } },
          originalPost: (postThread(original).backstagePostThreadRenderer as Obj).post,
        },
      },
    },
  });

  it('a post the channel shared (sharedPostRenderer) is its post: its own words and date, no counts; the shared original (another channel’s) is not read', () => {
    const data = postsTabInitialData(NIGHT_OWL, [post()]) as any;
    const items = data.contents.twoColumnBrowseResultsRenderer.tabs[2].tabRenderer.content.sectionListRenderer.contents[0]
      .itemSectionRenderer.contents as Obj[];
    const original = post({
      postId: 'UgkxOr1g1nal00000000000000000000000001',
      channelId: 'UCbbbbbbbbbbbbbbbbbbbbbb',
      authorName: 'Elm Street Joinery',
    });
    items.unshift(sharedThread(OWL, original));
    const { result, warnings } = captureWarnings(() => parsePostsTab(data));
    expect(result.posts.map((p) => p.postId)).toEqual(['UgkxSh4red0000000000000000000000000001', post().postId]);
    expect(result.posts[0]).toEqual({
      postId: 'UgkxSh4red0000000000000000000000000001',
      text: 'A friend of the shop built this one. Worth a look.',
      publishedTimeText: 'shared 3 days ago',
      likeCountText: null,
      likeCount: null,
      commentCountText: null,
      attachment: { type: 'none', images: [], video: null, poll: null },
    });
    // Only what the record cannot hold is warned: the shared original, as other attachments not read here.
    expect(own(warnings).map((w) => w.field)).toEqual(['posts.backstagePostThreadRenderer.sharedPostRenderer.attachment']);
    expect(VideoPostsPage.safeParse({ hasPostsTab: true, posts: result.posts, cursor: null }).success).toBe(true);

    // Shared by another channel than the page's: not this channel's post (identity.ts).
    items[0] = sharedThread('UCbbbbbbbbbbbbbbbbbbbbbb', original);
    expect(() => parsePostsTab(data)).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
  });

  it('a tab laid out as a grid (richGridRenderer of richItemRenderer-wrapped threads) reads the same; neither list is a changed shape', () => {
    const data = postsTabInitialData(NIGHT_OWL, [post()], 'NEXT') as any;
    const tab = data.contents.twoColumnBrowseResultsRenderer.tabs[2].tabRenderer;
    const items = tab.content.sectionListRenderer.contents[0].itemSectionRenderer.contents as Obj[];
    tab.content = {
      richGridRenderer: { contents: items.map((i) => (i.backstagePostThreadRenderer ? { richItemRenderer: { content: i } } : i)) },
    };
    expect(parsePostsTab(data)).toMatchObject({ hasPostsTab: true, posts: [{ postId: post().postId }], token: 'NEXT' });
    tab.content = {};
    expect(() => parsePostsTab(data)).toThrow(/posts list/);
  });

  it('a Posts tab without posts ("hasn’t posted yet"): hasPostsTab true, no posts, no warning; a channel without the tab: false', () => {
    const { result, warnings } = captureWarnings(() => parsePostsTab(postsTabInitialData(NIGHT_OWL, [])));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({ hasPostsTab: true, posts: [], token: null });
    expect(parsePostsTab(postsTabInitialData(NIGHT_OWL, null))).toMatchObject({ hasPostsTab: false, posts: [], token: null });
  });

  it('a post naming no author is kept (nothing to compare); another channel’s is UPSTREAM_FAILED on a continuation too', () => {
    expect(parsePostsTab(postsTabInitialData(NIGHT_OWL, [post({ channelId: null })])).posts).toHaveLength(1);
    expect(() => parsePostsContinuation(postsContinuationAnswer([post({ channelId: 'UCaaaaaaaaaaaaaaaaaaaaaa' })]), OWL)).toThrow(
      expect.objectContaining({ code: 'UPSTREAM_FAILED' }),
    );
  });

  it('a continuation answer: next posts and token; the last page (no action) ends; another shape is a changed shape', () => {
    expect(parsePostsContinuation(postsContinuationAnswer([post()], 'PAGE-3'), OWL)).toMatchObject({
      posts: [{ postId: post().postId }],
      token: 'PAGE-3',
    });
    expect(parsePostsContinuation({ responseContext: {} }, OWL)).toEqual({ posts: [], token: null });
    expect(() => parsePostsContinuation({ responseContext: {}, onResponseReceivedEndpoints: [{ other: {} }] }, OWL)).toThrow(
      /continuationItems/,
    );
  });
});

describe('videoPosts requests and cursor', () => {
  it('first page: /@handle/posts?hl=en; the cursor binds the channel, token and client version; the schema holds', async () => {
    const ctx = fakeContext(() => html(postsTabInitialData(NIGHT_OWL, [post()], 'POSTS-PAGE-2')));
    const page = await fetchChannelPosts(ctx, { ref: { kind: 'handle', handle: 'nightowlworkshop' }, cursor: null });
    expect(ctx.requests[0].url).toBe('https://www.youtube.com/@nightowlworkshop/posts?hl=en');
    expect(page.hasPostsTab).toBe(true);
    expect(page.posts).toHaveLength(1);
    expect(decodePostsCursor(page.cursor!)).toEqual(cursorOf());
    expect(() => VideoPostsPage.parse(page)).not.toThrow();
  });

  it('the page of another channel than asked → UPSTREAM_FAILED (by handle and by id)', async () => {
    const ctx = fakeContext(() => html(postsTabInitialData(NIGHT_OWL, [post()])));
    await expect(fetchChannelPosts(ctx, { ref: { kind: 'handle', handle: 'someoneelse' }, cursor: null })).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
    await expect(fetchChannelPosts(ctx, { ref: { kind: 'id', id: 'UCaaaaaaaaaaaaaaaaaaaaaa' }, cursor: null })).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
  });

  it('a later page: POST browse with the token and client version; the next cursor keeps the channel', async () => {
    const ctx = fakeContext(() => json(postsContinuationAnswer([post({ postId: 'P-later' })], 'POSTS-PAGE-3')));
    const page = await fetchChannelPosts(ctx, { ref: { kind: 'handle', handle: 'nightowlworkshop' }, cursor: cursorOf() });
    const [req] = ctx.requests;
    expect([req.method, req.url]).toEqual(['POST', 'https://www.youtube.com/youtubei/v1/browse?prettyPrint=false']);
    const body = JSON.parse(req.body!);
    expect(body.continuation).toBe('POSTS-PAGE-2');
    expect(body.context.client).toMatchObject({ clientName: 'WEB', clientVersion: '2.20260301.00.00', hl: 'en' });
    expect(page).toMatchObject({ hasPostsTab: true, posts: [{ postId: 'P-later' }] });
    expect(decodePostsCursor(page.cursor!)).toEqual(cursorOf({ k: 'POSTS-PAGE-3' }));
  });

  it('a later page whose next token is the one it was asked with (YouTube looping) is the last page: cursor null, never its own', async () => {
    const ctx = fakeContext(() => json(postsContinuationAnswer([post({ postId: 'P-later' })], 'POSTS-PAGE-2')));
    const page = await fetchChannelPosts(ctx, { ref: { kind: 'handle', handle: 'nightowlworkshop' }, cursor: cursorOf() });
    expect(page).toMatchObject({ posts: [{ postId: 'P-later' }], cursor: null });
  });

  it('YouTube refusing the token (400) → INVALID_INPUT on cursor; a channel nobody has → NOT_FOUND', async () => {
    const refused = fakeContext(() => ({ status: 400, body: '{"error":{"code":400,"status":"INVALID_ARGUMENT"}}' }));
    await expect(fetchChannelPosts(refused, { ref: { kind: 'id', id: OWL }, cursor: cursorOf() })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: [expect.objectContaining({ param: 'cursor' })],
    });
    const missing = fakeContext(() => ({ body: '<html><body><p><b>404.</b> <ins>That’s an error.</ins></p></body></html>' }));
    await expect(fetchChannelPosts(missing, { ref: { kind: 'handle', handle: 'nosuchchannel' }, cursor: null })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('parameters: one of channelId/handle/url; a cursor of another channel, of a videos tab, or not ours is INVALID_INPUT on cursor', () => {
    const ok = validateArgs(videoPosts, { handle: '@NightOwlWorkshop', cursor: encodeCursor(cursorOf()) });
    expect(ok).toMatchObject({ ok: true, args: { ref: { kind: 'handle', handle: 'nightowlworkshop' }, cursor: cursorOf() } });
    expect(validateArgs(videoPosts, { channelId: OWL, cursor: encodeCursor(cursorOf()) }).ok).toBe(true);
    expect(validateArgs(videoPosts, {}).ok).toBe(false);
    for (const [args, message] of [
      [{ handle: 'someoneelse', cursor: encodeCursor(cursorOf()) }, /another channel/],
      [{ channelId: 'UCaaaaaaaaaaaaaaaaaaaaaa', cursor: encodeCursor(cursorOf()) }, /another channel/],
      [{ handle: 'nightowlworkshop', cursor: encodeCursor({ ...cursorOf(), t: 'videos' }) }, /previous posts response/],
      [{ handle: 'nightowlworkshop', cursor: 'not a cursor' }, /previous posts response/],
    ] as const) {
      const v = validateArgs(videoPosts, args);
      expect(v.ok, JSON.stringify(args)).toBe(false);
      if (!v.ok) expect(v.problems).toEqual([{ param: 'cursor', message: expect.stringMatching(message) }]);
    }
  });

  it('cache keys: spellings of one channel share one; another channel or a cursor does not', () => {
    const key = (a: Record<string, unknown>) => (validateArgs(videoPosts, a) as { cacheKey: string }).cacheKey;
    expect(key({ handle: '@NightOwlWorkshop' })).toBe(key({ url: 'https://www.youtube.com/@nightowlworkshop/posts' }));
    expect(key({ handle: 'nightowlworkshop' })).not.toBe(key({ handle: 'someoneelse' }));
    expect(key({ handle: 'nightowlworkshop', cursor: encodeCursor(cursorOf()) })).not.toBe(key({ handle: 'nightowlworkshop' }));
  });
});

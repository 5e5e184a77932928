/**
 * videoComments: the watch page's comments entry points on the real capture
 * (../shared/fixtures/video/watch-page-B68agR-OeJM-2025-06.html, read in place), and the
 * `youtubei/v1/next` comments answer on answers of our own: no capture of that answer exists in
 * any public repository we could find, so both eras (2024+ view models with entity mutations, the
 * older inline commentRenderer) are written by us in samples.ts, in the shape open-source YouTube
 * clients read. The capture's tokens are followed by those written answers.
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../../test/support/discovery-context.js';
import { errorOf } from '../../../test/support/errors.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import type { UpstreamRequest } from '../../upstream/client.js';
import { validateArgs } from '../operation.js';
import {
  decodeCommentsCursor,
  fetchComments,
  NEXT_URL,
  parseCommentsAnswer,
  parseCommentsEntry,
  tokenVideoId,
  VideoCommentsPage,
  videoComments,
} from './comments.js';
import type { VideoCommentsArgs } from './comments.js';
import { commentsAnswer, commentsToken, legacyCommentsAnswer, playerResponse, watchInitialData, watchPageHtml } from './samples.js';
import type { TestComment, TestCommentsEntry } from './samples.js';

const LABEL = 'video';
const WATCH = 'watch-page-B68agR-OeJM-2025-06.html';
const CAPTURE_TOP =
  'Eg0SC0I2OGFnUi1PZUpNGAYyVSIuIgtCNjhhZ1ItT2VKTTAAeAKqAhpVZ3pxdU1qNk56eGM0Um15NGtaNEFhQUJBZzABQiFlbmdhZ2VtZW50LXBhbmVsLWNvbW1lbnRzLXNlY3Rpb24%3D';
const CAPTURE_NEW = 'Eg0SC0I2OGFnUi1PZUpNGAYyOCIRIgtCNjhhZ1ItT2VKTTABeAIwAUIhZW5nYWdlbWVudC1wYW5lbC1jb21tZW50cy1zZWN0aW9u';
const CAPTURE_SECTION = 'Eg0SC0I2OGFnUi1PZUpNGAYyJSIRIgtCNjhhZ1ItT2VKTTAAeAJCEGNvbW1lbnRzLXNlY3Rpb24%3D';

/** Our own video and commenters (invented). */
const VIDEO = {
  videoId: 'Cm1AbCdEf_0',
  title: 'Sharpening a card scraper',
  description: 'Burnisher, file, patience.',
  lengthSeconds: 611,
  viewCount: 20_114,
  likeCount: 870,
  channelId: 'UCn1ghtOw1W0rkSh0pTest01',
  author: 'Night Owl Workshop',
  publishDate: '2025-09-01T09:00:00-07:00',
  category: 'Howto & Style',
  keywords: ['scraper'],
};
const PINNED: TestComment = {
  commentId: 'UgxPinn3dByCreat0r4AaABAg',
  text: 'Burnisher angle is 5°, not 15° — fixed in the description.\nThanks all!',
  author: '@NightOwlWorkshop',
  channelId: VIDEO.channelId,
  creator: true,
  verified: true,
  likes: '312',
  replies: '24',
  published: '2 months ago',
  pinned: true,
};
const POPULAR: TestComment = {
  commentId: 'UgzP0pularC0mment9AaABAg',
  text: 'The hook at 4:12 finally made it click for me.',
  author: '@maple_and_ash',
  channelId: 'UCm4pl3AndAshTestChan001',
  likes: '1.2K',
  replies: '1,204',
  published: '2 months ago (edited)',
  hearted: true,
};
const QUIET: TestComment = {
  commentId: 'UgyQu1etC0mment00AaABAg',
  text: 'first',
  author: 'Old Name Without Handle',
  channelId: 'UCqu1etTestChannel000001',
  likes: '',
  replies: '',
  published: '1 month ago',
};

const TOP = commentsToken(VIDEO.videoId, 'TOP');
const NEW = commentsToken(VIDEO.videoId, 'NEW');
const SECTION = commentsToken(VIDEO.videoId, 'SECTION');
const PAGE2 = commentsToken(VIDEO.videoId, 'PAGE2');

const page = (entry: TestCommentsEntry, videoId = VIDEO.videoId) =>
  watchPageHtml(playerResponse({ ...VIDEO, videoId }), watchInitialData(videoId, entry)).replace(
    '</body>',
    '<script>ytcfg.set({"INNERTUBE_CLIENT_VERSION":"2.20260301.00.00","VISITOR_DATA":"CgtWaXNpdG9y"});</script></body>',
  );
const json = (v: unknown): FakeAnswer => ({ body: JSON.stringify(v), headers: { 'content-type': 'application/json' } });
const sentToken = (req: UpstreamRequest) => (JSON.parse(String(req.body)) as { continuation: string }).continuation;
const args = (over: Partial<VideoCommentsArgs> = {}): VideoCommentsArgs => ({ id: VIDEO.videoId, sort: 'top', cursor: null, ...over });

describe.skipIf(!hasFixtures(LABEL))(`video watch page capture: comments entry (${skipReason(LABEL)})`, () => {
  it('B68agR-OeJM: the page’s video; the sort menu’s Top and Newest tokens and the section’s; client version; no warnings', () => {
    const { result, warnings } = captureWarnings(() => parseCommentsEntry(readFixture(LABEL, WATCH)));
    expect(warnings).toEqual([]);
    expect(result).toEqual({
      videoId: 'B68agR-OeJM',
      endpointVideoId: 'B68agR-OeJM',
      disabled: false,
      tokens: { top: CAPTURE_TOP, new: CAPTURE_NEW, section: CAPTURE_SECTION },
      clientVersion: '2.20250626.01.00',
      visitorData: expect.any(String),
    });
    // Each token names the video in its protobuf (the identity check's reading).
    for (const t of [CAPTURE_TOP, CAPTURE_NEW, CAPTURE_SECTION]) expect(tokenVideoId(t)).toBe('B68agR-OeJM');
  });

  it('fetch: the capture, then /next with the page’s Top token and WEB context; a written answer; cursor bound to the video', async () => {
    const ctx = fakeContext((req) =>
      req.method === 'POST'
        ? json(commentsAnswer([POPULAR], { token: commentsToken('B68agR-OeJM', 'P2') }))
        : { body: readFixture(LABEL, WATCH) },
    );
    const record = await fetchComments(ctx, args({ id: 'B68agR-OeJM' }));
    expect(VideoCommentsPage.parse(record)).toEqual(record);
    expect(ctx.requests.map((r) => [r.method ?? 'GET', r.url.split('?')[0]])).toEqual([
      ['GET', 'https://www.youtube.com/watch'],
      ['POST', NEXT_URL.split('?')[0]],
    ]);
    const sent = JSON.parse(String(ctx.requests[1].body));
    expect(sent).toMatchObject({
      continuation: CAPTURE_TOP,
      context: { client: { clientName: 'WEB', clientVersion: '2.20250626.01.00', hl: 'en' } },
    });
    expect(record.comments.map((c) => c.commentId)).toEqual([POPULAR.commentId]);
    expect(decodeCommentsCursor(record.cursor!)).toEqual({
      v: 'B68agR-OeJM',
      s: 'top',
      k: commentsToken('B68agR-OeJM', 'P2'),
      c: '2.20250626.01.00',
    });
  });

  it('the real player answer (innertube android capture) served on /next for the first page: UPSTREAM_FAILED, never comments: []', async () => {
    const player = readFixture(LABEL, 'innertube-player-android-GJLlxj_dtq8-2025-06.json');
    const ctx = fakeContext((req) =>
      req.method === 'POST' ? { body: player, headers: { 'content-type': 'application/json' } } : { body: readFixture(LABEL, WATCH) },
    );
    await expect(fetchComments(ctx, args({ id: 'B68agR-OeJM' }))).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringContaining('continuationItems'),
    });
  });

  it('the capture asked as another video is UPSTREAM_FAILED before any comments request', async () => {
    const ctx = fakeContext(() => ({ body: readFixture(LABEL, WATCH) }));
    await expect(fetchComments(ctx, args({ id: 'B68agR-OeJN' }))).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
    expect(ctx.requests).toHaveLength(1);
  });
});

describe('the comments answer (written samples: no capture exists)', () => {
  it('2024+ shape: view models joined to their entities; exact and rounded counts; pinned, hearted, creator, verified; no warnings', () => {
    const { result, warnings } = captureWarnings(() =>
      parseCommentsAnswer(commentsAnswer([PINNED, POPULAR, QUIET], { token: PAGE2, header: { top: TOP, newest: NEW } }), VIDEO.videoId),
    );
    expect(warnings).toEqual([]);
    expect(result.token).toBe(PAGE2);
    expect(result.sort).toEqual({ top: TOP, new: NEW });
    expect(result.comments).toEqual([
      {
        commentId: PINNED.commentId,
        text: PINNED.text,
        author: { channelId: VIDEO.channelId, name: '@NightOwlWorkshop', handle: '@NightOwlWorkshop', isVerified: true, isCreator: true },
        likeCount: 312,
        likeCountText: '312',
        replyCount: 24,
        publishedTimeText: '2 months ago',
        isPinned: true,
        isHearted: false,
      },
      {
        commentId: POPULAR.commentId,
        text: POPULAR.text,
        author: { channelId: POPULAR.channelId, name: '@maple_and_ash', handle: '@maple_and_ash', isVerified: false, isCreator: false },
        likeCount: null,
        likeCountText: '1.2K',
        replyCount: 1204,
        publishedTimeText: '2 months ago (edited)',
        isPinned: false,
        isHearted: true,
      },
      {
        commentId: QUIET.commentId,
        text: 'first',
        author: { channelId: QUIET.channelId, name: 'Old Name Without Handle', handle: null, isVerified: false, isCreator: false },
        likeCount: 0,
        likeCountText: null,
        replyCount: 0,
        publishedTimeText: '1 month ago',
        isPinned: false,
        isHearted: false,
      },
    ]);
  });

  it('the order notice after the threads (commentFilterContextViewModel, 2026 answers) is no comment and no warning', () => {
    const answer = commentsAnswer([PINNED, QUIET], { token: PAGE2, header: { top: TOP, newest: NEW } });
    // In the body's items, before the next page's continuation (where the 2026 answer has it).
    const body = (answer.onResponseReceivedEndpoints as { reloadContinuationItemsCommand: { continuationItems: unknown[] } }[])[1];
    const items = body.reloadContinuationItemsCommand.continuationItems;
    items.splice(items.length - 1, 0, {
      commentFilterContextViewModel: { text: { content: 'Top is selected, so you’ll see featured comments' } },
    });
    const { result, warnings } = captureWarnings(() => parseCommentsAnswer(answer, VIDEO.videoId));
    expect(warnings).toEqual([]);
    expect(result.comments.map((c) => c.commentId)).toEqual([PINNED.commentId, QUIET.commentId]);
    expect(result.token).toBe(PAGE2);
  });

  it('older shape (inline commentRenderer): the same record; hearts from the creator heart; no warnings', () => {
    const { result, warnings } = captureWarnings(() =>
      parseCommentsAnswer(legacyCommentsAnswer(VIDEO.videoId, [PINNED, POPULAR, QUIET], PAGE2), VIDEO.videoId),
    );
    expect(warnings).toEqual([]);
    const modern = parseCommentsAnswer(commentsAnswer([PINNED, POPULAR, QUIET]), VIDEO.videoId).comments;
    expect(result.comments).toEqual(modern);
    expect(result).toMatchObject({ token: PAGE2, sort: null });
  });

  it("older shape: a comment with no text (YouTube's empty contentText, {}) is the empty comment it is, not an unreadable field", () => {
    // Shape from NewPipeExtractor's recorded comments answer for VM_6n762j6M
    // (extractor/comments/empty/generated_mock_2.json, 2021): one commentRenderer with
    // `contentText: {}` among 20 (warned …contentText 'unexpected type', its text null). Our own comment.
    const answer = legacyCommentsAnswer(VIDEO.videoId, [PINNED, QUIET]) as any;
    const threads = answer.onResponseReceivedEndpoints[0].appendContinuationItemsAction.continuationItems;
    threads[1].commentThreadRenderer.comment.commentRenderer.contentText = {};
    const { result, warnings } = captureWarnings(() => parseCommentsAnswer(answer, VIDEO.videoId));
    expect(warnings).toEqual([]);
    expect(result.comments.map((c) => c.text)).toEqual([PINNED.text, '']);
  });

  it('an older answer whose comments link to another video is UPSTREAM_FAILED', () => {
    const other = legacyCommentsAnswer('Cm1AbCdEf_9', [QUIET]);
    expect(errorOf(() => parseCommentsAnswer(other, VIDEO.videoId)).code).toBe('UPSTREAM_FAILED');
  });

  it('missing fields degrade one field at a time, warned; a thread without its entity is left out, warned; the last page without a command is empty', () => {
    const answer = commentsAnswer([PINNED, POPULAR]) as { frameworkUpdates: { entityBatchUpdate: { mutations: Record<string, any>[] } } };
    const muts = answer.frameworkUpdates.entityBatchUpdate.mutations;
    const first = muts[0].payload.commentEntityPayload;
    delete first.author.channelId;
    delete first.properties.publishedTime;
    delete first.toolbar;
    // POPULAR's comment entity gone (its toolbar state stays).
    muts.splice(2, 1);
    const { result, warnings } = captureWarnings(() => parseCommentsAnswer(answer, VIDEO.videoId));
    expect(result.comments).toEqual([
      expect.objectContaining({
        commentId: PINNED.commentId,
        text: PINNED.text,
        author: expect.objectContaining({ channelId: null, name: '@NightOwlWorkshop' }),
        publishedTimeText: null,
        likeCount: null,
        likeCountText: null,
        replyCount: null,
      }),
    ]);
    expect(warnings.map((w) => w.field).sort()).toEqual([
      'comments.commentThreadRenderer.commentViewModel.commentEntityPayload.author.channelId',
      'comments.commentThreadRenderer.commentViewModel.commentEntityPayload.publishedTimeText',
      'comments.commentThreadRenderer.commentViewModel.commentEntityPayload.toolbar',
      'comments.items',
    ]);
    // A later page may come with no command (the end); a first page without one is no comments answer.
    expect(parseCommentsAnswer({ responseContext: {} }, VIDEO.videoId, true)).toEqual({ comments: [], token: null, sort: null });
    expect(errorOf(() => parseCommentsAnswer({ responseContext: {} }, VIDEO.videoId)).code).toBe('UPSTREAM_FAILED');
    expect(errorOf(() => parseCommentsAnswer({ responseContext: {}, onResponseReceivedEndpoints: [{}] }, VIDEO.videoId)).code).toBe(
      'UPSTREAM_FAILED',
    );
  });

  it('tokenVideoId reads the video of YouTube-style tokens, null for tokens naming none', () => {
    expect(tokenVideoId(TOP)).toBe(VIDEO.videoId);
    expect(tokenVideoId('NOT-A-YOUTUBE-TOKEN')).toBeNull();
    expect(tokenVideoId(Buffer.from('\x08\x01plain').toString('base64'))).toBeNull();
  });
});

describe('fetchComments (written pages and answers)', () => {
  const answers = (byToken: Record<string, unknown>, watch = page({ top: TOP, newest: NEW, section: SECTION })) =>
    fakeContext((req) => {
      if (req.method !== 'POST') return { body: watch };
      const got = byToken[sentToken(req)];
      return got ? json(got) : { status: 400, body: '{"error":{"code":400,"status":"INVALID_ARGUMENT"}}' };
    });

  it('sort=new uses the page’s Newest token; the cursor pages on with the same order, then ends', async () => {
    const ctx = answers({
      [NEW]: commentsAnswer([QUIET], { token: PAGE2, header: { top: TOP, newest: NEW } }),
      [PAGE2]: commentsAnswer([POPULAR]),
    });
    const first = await fetchComments(ctx, args({ sort: 'new' }));
    expect(first).toMatchObject({ videoId: VIDEO.videoId, commentsDisabled: false, comments: [{ commentId: QUIET.commentId }] });
    const cursor = decodeCommentsCursor(first.cursor!);
    expect(cursor).toEqual({ v: VIDEO.videoId, s: 'new', k: PAGE2, c: '2.20260301.00.00' });
    const next = await fetchComments(ctx, args({ sort: 'new', cursor }));
    expect(next).toEqual({
      videoId: VIDEO.videoId,
      commentsDisabled: false,
      comments: [expect.objectContaining({ commentId: POPULAR.commentId })],
      cursor: null,
    });
    expect(ctx.requests.map((r) => (r.method === 'POST' ? sentToken(r) : 'watch'))).toEqual(['watch', NEW, PAGE2]);
  });

  it('no sort menu on the page: top uses the section token; new asks once more with the first answer’s Newest token', async () => {
    const watch = page({ section: SECTION });
    const ctx = answers(
      { [SECTION]: commentsAnswer([PINNED], { header: { top: TOP, newest: NEW } }), [NEW]: commentsAnswer([QUIET]) },
      watch,
    );
    expect((await fetchComments(ctx, args())).comments.map((c) => c.commentId)).toEqual([PINNED.commentId]);
    expect((await fetchComments(ctx, args({ sort: 'new' }))).comments.map((c) => c.commentId)).toEqual([QUIET.commentId]);
    expect(ctx.requests.map((r) => (r.method === 'POST' ? sentToken(r) : 'watch'))).toEqual(['watch', SECTION, 'watch', SECTION, NEW]);
  });

  it('comments turned off, or no comments section: commentsDisabled, [] and no cursor, with no /next request', async () => {
    for (const entry of ['off', 'none'] as const) {
      const { result: parsed, warnings } = captureWarnings(() => parseCommentsEntry(page(entry)));
      expect([entry, parsed.disabled, warnings.map((x) => x.field)]).toEqual([entry, true, entry === 'none' ? ['comments.section'] : []]);
      const ctx = answers({}, page(entry));
      expect([entry, await fetchComments(ctx, args())]).toEqual([
        entry,
        { videoId: VIDEO.videoId, commentsDisabled: true, comments: [], cursor: null },
      ]);
      expect(ctx.requests).toHaveLength(1);
    }
  });

  it('a watch page without its primary results still pages comments from the comments panel; with neither, UPSTREAM_FAILED', async () => {
    const data = watchInitialData(VIDEO.videoId, { top: TOP, newest: NEW, section: SECTION });
    const bare = (d: Record<string, unknown>) =>
      watchPageHtml(playerResponse(VIDEO), d).replace(
        '</body>',
        '<script>ytcfg.set({"INNERTUBE_CLIENT_VERSION":"2.20260301.00.00","VISITOR_DATA":"CgtWaXNpdG9y"});</script></body>',
      );
    const { contents: _primary, ...withoutPrimary } = data;
    const parsed = parseCommentsEntry(bare(withoutPrimary));
    expect([parsed.disabled, parsed.tokens]).toEqual([false, { top: TOP, new: NEW, section: TOP }]);
    const ctx = answers({ [TOP]: commentsAnswer([POPULAR]) }, bare(withoutPrimary));
    expect((await fetchComments(ctx, args())).comments.map((c) => c.commentId)).toEqual([POPULAR.commentId]);
    const { engagementPanels: _panels, ...neither } = withoutPrimary;
    expect(errorOf(() => parseCommentsEntry(bare(neither))).code).toBe('UPSTREAM_FAILED');
  });

  it('identity: another video’s watch page, a page token or next token naming another video, are UPSTREAM_FAILED', async () => {
    const foreign = fakeContext(() => ({ body: page({ top: TOP, newest: NEW, section: SECTION }, 'Cm1AbCdEf_9') }));
    expect((await fetchComments(foreign, args()).catch((e) => e)).code).toBe('UPSTREAM_FAILED');

    const otherTop = commentsToken('Cm1AbCdEf_9', 'TOP');
    const badToken = answers({}, page({ top: otherTop, newest: NEW, section: SECTION }));
    expect((await fetchComments(badToken, args()).catch((e) => e)).code).toBe('UPSTREAM_FAILED');
    expect(badToken.requests).toHaveLength(1);

    const badNext = answers({ [TOP]: commentsAnswer([QUIET], { token: commentsToken('Cm1AbCdEf_9', 'P2') }) });
    expect((await fetchComments(badNext, args()).catch((e) => e)).code).toBe('UPSTREAM_FAILED');
  });

  it('a video that does not exist is NOT_FOUND; a private one PRIVATE_CONTENT; a cursor YouTube refuses is INVALID_INPUT on cursor', async () => {
    const gone = fakeContext(() => ({
      body: watchPageHtml({ playabilityStatus: { status: 'ERROR', reason: 'This video is unavailable' } }),
    }));
    expect((await fetchComments(gone, args()).catch((e) => e)).code).toBe('NOT_FOUND');
    const priv = fakeContext(() => ({
      body: watchPageHtml({ playabilityStatus: { status: 'LOGIN_REQUIRED', reason: 'This video is private' } }),
    }));
    expect((await fetchComments(priv, args()).catch((e) => e)).code).toBe('PRIVATE_CONTENT');
    const refused = answers({});
    const e = await fetchComments(refused, args({ cursor: { v: VIDEO.videoId, s: 'top', k: PAGE2, c: null } })).catch((x) => x);
    expect([e.code, e.details?.[0]?.param]).toEqual(['INVALID_INPUT', 'cursor']);
    // A page's own token refused is YouTube failing us, not the caller's input.
    const pageRefused = answers({});
    expect((await fetchComments(pageRefused, args()).catch((x) => x)).code).toBe('UPSTREAM_FAILED');
  });
});

describe('videoComments input', () => {
  const check = (a: Record<string, unknown>) => validateArgs(videoComments, a);
  const cursorOf = (c: object) => Buffer.from(JSON.stringify(c)).toString('base64url');

  it('url or id (exactly one), sort top|new; a cursor of another video or order, or not ours, is INVALID_INPUT on cursor', () => {
    expect(check({ id: VIDEO.videoId })).toMatchObject({ ok: true });
    expect(check({ url: `https://youtu.be/${VIDEO.videoId}`, sort: 'new' })).toMatchObject({ ok: true });
    const mine = cursorOf({ v: VIDEO.videoId, s: 'top', k: PAGE2, c: null });
    expect(check({ id: VIDEO.videoId, cursor: mine })).toMatchObject({ ok: true });
    const problems = (a: Record<string, unknown>) => {
      const r = check(a) as { ok: boolean; problems?: { param: string }[] };
      return r.ok ? [] : r.problems!.map((p) => p.param);
    };
    expect(problems({})).toEqual(['url', 'id']);
    expect(problems({ id: VIDEO.videoId, sort: 'old' })).toEqual(['sort']);
    expect(problems({ id: 'Cm1AbCdEf_9', cursor: mine })).toEqual(['cursor']);
    expect(problems({ id: VIDEO.videoId, sort: 'new', cursor: mine })).toEqual(['cursor']);
    expect(problems({ id: VIDEO.videoId, cursor: 'bm90LW91cnM' })).toEqual(['cursor']);
  });
});

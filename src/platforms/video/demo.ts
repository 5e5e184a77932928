/**
 * video's demo answers (`npm run demo`, src/demo/platforms.ts), built with samples.ts (invented, not
 * captures): one of Ravi Menon's videos (its watch page; its ANDROID player answer and written
 * English captions, for the transcript; its comments, two pages top first and one newest first), his
 * Videos tab (two pages), his Posts tab (two pages: a poll, an image post and one sharing his fish
 * curry video, then an older image post), his "Weeknight curries" playlist (DEMO_PLAYLIST_ID, two
 * pages), and a search that finds him (two pages). Later pages are `youtubei/v1/browse` (or
 * `/search`) continuations of the tokens below, each the last page. Other videos, caption tracks,
 * continuation tokens, playlists and queries are demo misses.
 */
import type { Route } from '../../replay/server.js';
import { HTML, json } from '../../demo/answer.js';
import { RAVI } from '../../demo/creators.js';
import { demoMiss } from '../../demo/miss.js';
import { creatorWebRoutes } from '../../demo/web.js';
import * as video from './samples.js';

/** The playlist the demo answers (videoPlaylist's example). */
export const DEMO_PLAYLIST_ID = 'PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE';

/** The search query the demo answers. */
export const DEMO_SEARCH_QUERY = 'kerala fish curry';

/** Continuation tokens of the first pages (invented, in the shape of YouTube's base64 tokens). */
const NEXT = {
  videos: '4qmFsgJ0EhhVQ2RlbW9SYXZpVmlkZW9zVGFiUGFnZTIaWEVnWjJhV1JsYjNNWUF5QUFNQUU0QWVvRE1nWkVaVzF2',
  posts: '4qmFsgJ0EhhVQ2RlbW9SYXZpUG9zdHNUYWJQYWdlMhpYRWdWd2IzTjBjeGdEQUFNQUU0QWVvRE1nWkVaVzF2',
  playlist: '4qmFsgJhEiRWTFBMcjR2RXcwS3EybU5jVDhiUXlIM3NMZEpmNnVaYTFXcEUaFENBRjZCbEJVT2tOQlNRJTNEJTNE',
  search: 'EpMDEhFrZXJhbGEgZmlzaCBjdXJyeRr8AlNCU0NBUXRyVURsWGNUSk1iVm8wZ2dFTFJHVnRiMUpoZG1sUVlXZGw',
};

export function demoRoutes(): Route[] {
  const id = 'kP9xWq2LmZ4';
  const fishCurry: video.TestVideo = {
    videoId: id,
    title: 'Kerala fish curry in 30 minutes',
    description: `Tamarind, coconut and curry leaves: a weeknight fish curry.\nRecipe: ${RAVI.site}/fish-curry`,
    lengthSeconds: 1104,
    viewCount: 48_213,
    likeCount: 2_140,
    channelId: RAVI.videoChannelId,
    author: `${RAVI.name} Cooks`,
    publishDate: '2025-03-06T04:00:00-08:00',
    category: 'Howto & Style',
    keywords: ['kerala', 'fish curry', 'weeknight'],
  };
  const player = video.playerResponse(fishCurry);
  const android = video.androidPlayerResponse(fishCurry, [
    { languageCode: 'en', name: 'English' },
    { languageCode: 'en', name: 'English (auto-generated)', asr: true },
    { languageCode: 'ml', name: 'Malayalam' },
  ]);
  const channel = { ...video.NIGHT_OWL, channelId: RAVI.videoChannelId, handle: RAVI.video, title: `${RAVI.name} Cooks` };
  const uploads: video.TestListVideo[] = [
    { videoId: id, title: 'Kerala fish curry in 30 minutes', views: '48,213 views', published: '8 months ago', length: '18:24' },
    { videoId: 'kP9xWq2LmZ5', title: 'Appam without a mould', views: '21,877 views', published: '9 months ago', length: '12:51' },
    { videoId: 'kP9xWq2LmZ6', title: 'Sambar for a week of lunches', views: '35,090 views', published: '10 months ago', length: '15:07' },
  ];
  // The Videos tab's second (last) page: older uploads.
  const olderUploads: video.TestListVideo[] = [
    {
      videoId: 'kP9xWq2LmZ7',
      title: 'Avial: every vegetable in the fridge',
      views: '17,302 views',
      published: '11 months ago',
      length: '14:38',
    },
    { videoId: 'kP9xWq2LmZ8', title: 'Coconut chutney three ways', views: '52,661 views', published: '1 year ago', length: '9:12' },
  ];
  const byRavi = { name: channel.title, channelId: channel.channelId };
  const tokens = {
    top: video.commentsToken(id, 'DEMO-TOP'),
    newest: video.commentsToken(id, 'DEMO-NEW'),
    section: video.commentsToken(id, 'DEMO-SECTION'),
  };
  const page2 = video.commentsToken(id, 'DEMO-TOP-2');
  const comments: video.TestComment[] = [
    {
      commentId: 'UgxDem0P1nnedRav1C00kAaABAg',
      text: 'Use Malabar tamarind (kudampuli) if you can find it: two pieces, soaked 10 minutes.',
      author: `@${RAVI.video}`,
      channelId: RAVI.videoChannelId,
      creator: true,
      likes: '214',
      replies: '18',
      published: '8 months ago',
      pinned: true,
    },
    {
      commentId: 'UgzDem0K0chiC00ks1AaABAg',
      text: 'Made this with kingfish tonight. My grandmother would approve.',
      author: '@kochi_kitchen_notes',
      channelId: 'UCd3m0K0chiK1tchenN0tes1',
      likes: '1.1K',
      replies: '6',
      published: '7 months ago',
      hearted: true,
    },
  ];
  const later: video.TestComment = {
    commentId: 'UgyDem0Late5tC0mment1AaABAg',
    text: 'Coconut milk or grated coconut paste? Trying it this weekend.',
    author: '@weekend_wok',
    channelId: 'UCd3m0WeekendW0kChannel01',
    likes: '3',
    replies: '',
    published: '2 days ago',
  };
  const commentPages = new Map<string, unknown>([
    [tokens.top, video.commentsAnswer(comments, { token: page2, header: { top: tokens.top, newest: tokens.newest }, count: '3' })],
    [tokens.section, video.commentsAnswer(comments, { token: page2, header: { top: tokens.top, newest: tokens.newest }, count: '3' })],
    [page2, video.commentsAnswer([later])],
    [tokens.newest, video.commentsAnswer([later, ...comments], { header: { top: tokens.top, newest: tokens.newest }, count: '3' })],
  ]);
  return [
    {
      host: 'www.youtube.com',
      path: '/watch',
      response: (req) =>
        req.query.get('v') === id
          ? { headers: HTML, body: video.watchPageHtml(player, video.watchInitialData(id, tokens)) }
          : demoMiss(req),
    },
    {
      host: 'www.youtube.com',
      path: '/youtubei/v1/player',
      method: 'POST',
      response: (req) => ((JSON.parse(req.body.toString('utf8')) as { videoId?: string }).videoId === id ? json(android) : demoMiss(req)),
    },
    {
      host: 'www.youtube.com',
      path: '/youtubei/v1/next',
      method: 'POST',
      response: (req) => {
        const answer = commentPages.get((JSON.parse(req.body.toString('utf8')) as { continuation?: string }).continuation ?? '');
        return answer ? json(answer) : demoMiss(req);
      },
    },
    {
      host: 'www.youtube.com',
      path: '/api/timedtext',
      method: 'GET',
      // The written English track; the automatic and Malayalam ones are not in the demo.
      response: (req) =>
        req.query.get('v') === id && req.query.get('lang') === 'en' && !req.query.has('kind')
          ? { headers: { 'content-type': 'text/xml; charset=UTF-8' }, body: video.SRV3_DEMO }
          : demoMiss(req),
    },
    {
      host: 'www.youtube.com',
      path: /^\/@ravimenoncooks\/videos$/i,
      method: 'GET',
      response: { headers: HTML, body: video.channelHtml(video.videosTabInitialData(channel, uploads, NEXT.videos), channel.title) },
    },
    browseRoute(byRavi, channel.handle, [...uploads, ...olderUploads], {
      [NEXT.videos]: video.tabContinuationAnswer(olderUploads),
      [NEXT.posts]: video.postsContinuationAnswer(olderPosts(channel.channelId)),
    }),
    {
      host: 'www.youtube.com',
      path: /^\/@ravimenoncooks\/posts$/i,
      method: 'GET',
      response: {
        headers: HTML,
        body: video.channelHtml(video.postsTabInitialData(channel, demoPosts(channel.channelId, uploads[0]), NEXT.posts), channel.title),
      },
    },
    searchRoute(channel, byRavi, uploads[0], uploads[2]),
  ];
}

/** `youtubei/v1/search` for DEMO_SEARCH_QUERY: his channel and `first`, then (its continuation) `later`. */
function searchRoute(
  channel: video.TestChannel,
  byRavi: { name: string; channelId: string },
  first: video.TestListVideo,
  later: video.TestListVideo,
): Route {
  return {
    host: 'www.youtube.com',
    path: '/youtubei/v1/search',
    method: 'POST',
    response: (req) => {
      const sent = JSON.parse(req.body.toString('utf8')) as { query?: string; continuation?: string };
      // The second (last) page: another of his videos.
      if (sent.continuation === NEXT.search) return json(video.searchContinuationAnswer([video.searchVideoRenderer(later, byRavi)]));
      if (sent.query?.toLowerCase() !== DEMO_SEARCH_QUERY) return demoMiss(req);
      const results = [
        video.searchChannelRenderer({
          channelId: channel.channelId,
          handle: channel.handle,
          title: channel.title,
          subscribers: '61.4K subscribers',
          description: 'Weeknight curries and Kerala classics, a new recipe every Thursday.',
        }),
        video.searchVideoRenderer(first, byRavi),
      ];
      return json(video.searchAnswer(results, NEXT.search));
    },
  };
}

/**
 * `youtubei/v1/browse`: Ravi's "Weeknight curries" playlist (three of his uploads: two, then one) with
 * `browseId: "VL<id>"`, its continuation, and the channel tabs' continuations (`continuations`, by token).
 */
function browseRoute(
  byRavi: { name: string; channelId: string },
  handle: string,
  uploads: video.TestListVideo[],
  continuations: Record<string, unknown>,
): Route {
  const curries: video.TestPlaylist = {
    playlistId: DEMO_PLAYLIST_ID,
    title: 'Weeknight curries',
    description: 'Thirty-minute curries for after work, one pan each.',
    owner: { name: byRavi.name, channelId: byRavi.channelId, handle: handle.toLowerCase() },
    videos: '3 videos',
    views: '9,412 views',
    updated: 'Last updated on 6 Mar 2025',
  };
  const curryVideos: video.TestPlaylistVideo[] = [uploads[0], uploads[2], uploads[3]].map((v, i) => ({
    videoId: v.videoId,
    title: v.title,
    index: i + 1,
    length: v.length,
    channel: byRavi,
  }));
  // The creator web answers the channels' about panels on the same path (routes do not fall
  // through): every browse request but the playlist's is handed to it.
  const web = creatorWebRoutes().find((r) => r.host === 'www.youtube.com' && r.path === '/youtubei/v1/browse');
  return {
    host: 'www.youtube.com',
    path: '/youtubei/v1/browse',
    method: 'POST',
    response: (req) => {
      const sent = JSON.parse(req.body.toString('utf8')) as { browseId?: string; continuation?: string };
      if (sent.browseId === `VL${DEMO_PLAYLIST_ID}`)
        return json(video.playlistBrowseAnswer(curries, curryVideos.slice(0, 2), NEXT.playlist));
      if (sent.continuation === NEXT.playlist) return json(video.playlistContinuationAnswer(DEMO_PLAYLIST_ID, curryVideos.slice(2)));
      if (sent.continuation !== undefined && sent.continuation in continuations) return json(continuations[sent.continuation]);
      if (!web) return demoMiss(req);
      return typeof web.response === 'function' ? web.response(req) : web.response;
    },
  };
}

/** The Posts tab's second (last) page: an older image post. */
function olderPosts(channelId: string): video.TestPost[] {
  return [
    {
      channelId,
      authorName: `${RAVI.name} Cooks`,
      postId: 'UgkxDem0RaviP0stMarket000000004',
      text: 'Ernakulam market haul: kudampuli, curry leaves and a whole seer fish.',
      published: '9 months ago',
      likes: '986',
      comments: '37',
      attachment: { image: 'https://yt3.ggpht.com/demo-ravi-market' },
    },
  ];
}

/** Ravi's community posts (the Posts tab's first page). */
function demoPosts(channelId: string, shared: video.TestListVideo): video.TestPost[] {
  const by = { channelId, authorName: `${RAVI.name} Cooks` };
  return [
    {
      ...by,
      postId: 'UgkxDem0RaviP0stP0llCurryW33k01',
      text: 'Which curry should Thursday’s video be?',
      published: '2 days ago',
      likes: '312',
      comments: '48',
      attachment: { poll: { choices: ['Kerala prawn curry', 'Chettinad chicken', 'Egg roast'], votes: '2.1K votes' } },
    },
    {
      ...by,
      postId: 'UgkxDem0RaviP0stK1tchen000000002',
      text: 'Kitchen is set up for tomorrow’s shoot.',
      published: '1 week ago',
      likes: '1.4K',
      comments: '61',
      attachment: { image: 'https://yt3.ggpht.com/demo-ravi-kitchen' },
    },
    {
      ...by,
      postId: 'UgkxDem0RaviP0stF1shCurry0000003',
      text: 'The fish curry video is up: tamarind, coconut and curry leaves.',
      published: '8 months ago',
      likes: '2,047',
      comments: '93',
      attachment: { video: shared },
    },
  ];
}

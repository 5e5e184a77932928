/**
 * An answer about a different resource than asked is UPSTREAM_FAILED, never data — judged by
 * identity (type and id, or handle case-insensitively), never by the body's shape; a redirect the
 * upstream followed to the same id (a renamed repository) is the same resource. (audio-b's cases
 * are in audio-b.test.ts; src/platforms/identity.ts is the shared check.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixtures } from '../support/fixtures.js';
import * as ig from '../../src/platforms/social-b/samples.js';
import { repoJson } from '../data.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import type { Route } from '../../src/replay/server.js';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const HTML_TYPE = { 'content-type': 'text/html; charset=utf-8' };
const nextData = (data: unknown) =>
  `<!DOCTYPE html><html><body><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(data)}</script></body></html>`;
const q = encodeURIComponent;
const OTHER_SPOTIFY_ID = '0therSh0wAAAAAAAAAAAAA';
/** A channel page: `ytInitialData` with the channel's metadata only. */
const ytChannel = (channelId: string, handle: string) =>
  `<!DOCTYPE html><html><body><script>var ytInitialData = ${JSON.stringify({ metadata: { channelMetadataRenderer: { externalId: channelId, title: handle, description: '', vanityChannelUrl: `http://www.youtube.com/@${handle}` } } })};</script></body></html>`;
/**
 * A channel page that names no handle in its metadata (no vanity or owner URL): `tabsHandle` in
 * its own tabs' links only, or `aboutHandle` in its embedded about panel's canonical URL only.
 */
const ytChannelWithout = (channelId: string, o: { tabsHandle?: string; aboutHandle?: string }) =>
  `<!DOCTYPE html><html><body><script>var ytInitialData = ${JSON.stringify({
    metadata: { channelMetadataRenderer: { externalId: channelId, title: 'T', description: '' } },
    contents: {
      twoColumnBrowseResultsRenderer: {
        tabs: o.tabsHandle
          ? [{ tabRenderer: { endpoint: { browseEndpoint: { browseId: channelId, canonicalBaseUrl: `/@${o.tabsHandle}` } } } }]
          : [],
      },
    },
    ...(o.aboutHandle
      ? {
          onResponseReceivedEndpoints: [
            { aboutChannelViewModel: { channelId, canonicalChannelUrl: `http://www.youtube.com/@${o.aboutHandle}`, description: '' } },
          ],
        }
      : {}),
  })};</script></body></html>`;
/** An embed page carrying an anonymous session (audio-a's token page). */
const spotifyEmbed = nextData({
  props: {
    pageProps: {
      state: {
        settings: { session: { accessToken: 'anon-token', accessTokenExpirationTimestampMs: Date.now() + 3_600_000, isAnonymous: true } },
      },
    },
  },
  page: '/track/[id]',
});

/**
 * One platform's record asked for one account and answered (through the replay) with another's:
 * 502 UPSTREAM_FAILED naming a different resource, 0 credits. Pages are our own, minimal, inline.
 */
interface OtherAccountCase {
  platform: string;
  path: string;
  routes: Route[];
}
const OTHER_ACCOUNT: OtherAccountCase[] = [
  {
    platform: 'linkpage-a',
    path: `/v1/linkpage-a?url=${q('https://link.me/maya')}`,
    routes: [
      {
        host: 'link.me',
        path: '/maya',
        response: {
          headers: HTML_TYPE,
          body: nextData({
            props: { pageProps: { profile: { id: '41', username: 'someone.else', firstName: 'S', lastName: 'E', bio: null } } },
          }),
        },
      },
    ],
  },
  {
    // Our own page: a profile object without its username, on a page whose canonical link names another.
    platform: 'linkpage-a (profile without username; canonical link of another)',
    path: `/v1/linkpage-a?url=${q('https://link.me/maya.two')}`,
    routes: [
      {
        host: 'link.me',
        path: '/maya.two',
        response: {
          headers: HTML_TYPE,
          body: nextData({ props: { pageProps: { profile: { id: '41', firstName: 'S', lastName: 'E', bio: null } } } }).replace(
            '<html>',
            '<html><head><link rel="canonical" href="https://link.me/someone.else"></head>',
          ),
        },
      },
    ],
  },
  {
    // A redirect that lands on another username's page (the page itself states no username).
    platform: 'linkpage-a (redirected to another page)',
    path: `/v1/linkpage-a?url=${q('https://link.me/maya.three')}`,
    routes: [
      { host: 'link.me', path: '/maya.three', response: { status: 302, headers: { location: 'https://link.me/someone.else' } } },
      {
        host: 'link.me',
        path: '/someone.else',
        response: { headers: HTML_TYPE, body: nextData({ props: { pageProps: { profile: { id: '41', firstName: 'S', bio: null } } } }) },
      },
    ],
  },
  {
    platform: 'linkpage-b',
    path: `/v1/linkpage-b?url=${q('https://linktr.ee/maya')}`,
    routes: [
      {
        host: 'linktr.ee',
        path: '/maya',
        response: {
          headers: HTML_TYPE,
          body: nextData({ props: { pageProps: { account: { id: 42, username: 'someone.else', links: [] } } } }),
        },
      },
    ],
  },
  {
    platform: 'linkpage-c',
    path: `/v1/linkpage-c?url=${q('https://maya.komi.io')}`,
    routes: [
      {
        host: 'api.komi.io',
        path: '/api/talent/usernames/maya',
        response: {
          headers: JSON_TYPE,
          body: JSON.stringify({
            username: 'someone.else',
            accountStatus: 'active',
            talentProfile: { id: 'p43', username: 'someone.else' },
          }),
        },
      },
    ],
  },
  {
    platform: 'linkpage-e',
    path: `/v1/linkpage-e?url=${q('https://lnk.bio/maya')}`,
    routes: [
      {
        host: 'lnk.bio',
        path: '/maya',
        response: {
          headers: HTML_TYPE,
          body: '<!DOCTYPE html><html><body><a data-type="TYPE_PROFILEPIC" data-uid="44" class="pb-username" href="https://lnk.bio/someone.else">@someone.else</a></body></html>',
        },
      },
    ],
  },
  {
    // Our own page: a profile anchor spelling no handle, on a page whose canonical link names another.
    platform: 'linkpage-e (anchor without handle; canonical link of another)',
    path: `/v1/linkpage-e?url=${q('https://lnk.bio/maya.two')}`,
    routes: [
      {
        host: 'lnk.bio',
        path: '/maya.two',
        response: {
          headers: HTML_TYPE,
          body: '<!DOCTYPE html><html><head><link rel="canonical" href="https://lnk.bio/someone.else"></head><body><a data-type="TYPE_PROFILEPIC" data-uid="44" class="pb-username"><img alt=""></a></body></html>',
        },
      },
    ],
  },
  {
    platform: 'linkpage-e (redirected to another page)',
    path: `/v1/linkpage-e?url=${q('https://lnk.bio/maya.three')}`,
    routes: [
      { host: 'lnk.bio', path: '/maya.three', response: { status: 301, headers: { location: 'https://lnk.bio/someone.else' } } },
      {
        host: 'lnk.bio',
        path: '/someone.else',
        response: {
          headers: HTML_TYPE,
          body: '<!DOCTYPE html><html><body><a data-type="TYPE_PROFILEPIC" data-uid="44" class="pb-username"><img alt=""></a></body></html>',
        },
      },
    ],
  },
  {
    platform: 'audio-a (podcast)',
    path: '/v1/audio-a/podcast?url=' + q('https://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk'),
    routes: [
      { host: 'open.spotify.com', path: /^\/embed\//, response: { headers: HTML_TYPE, body: spotifyEmbed } },
      {
        host: 'api-partner.spotify.com',
        path: '/pathfinder/v1/query',
        // Any show answered with another show; any playlist with another playlist.
        response: (req) => {
          const uri = String((JSON.parse(req.query.get('variables') ?? '{}') as { uri?: string }).uri ?? '');
          if (uri.startsWith('spotify:show:'))
            return {
              headers: JSON_TYPE,
              body: JSON.stringify({
                data: {
                  podcastUnionV2: {
                    __typename: 'Podcast',
                    id: OTHER_SPOTIFY_ID,
                    uri: `spotify:show:${OTHER_SPOTIFY_ID}`,
                    name: 'Another show',
                    publisher: { name: 'P' },
                    coverArt: { sources: [] },
                    episodesV2: { items: [] },
                  },
                },
              }),
            };
          return {
            headers: JSON_TYPE,
            body: JSON.stringify({
              data: {
                playlistV2: {
                  __typename: 'Playlist',
                  uri: `spotify:playlist:${OTHER_SPOTIFY_ID}`,
                  name: 'Another list',
                  ownerV2: { data: { name: 'x', username: 'x' } },
                  content: { items: [], totalCount: 0, pagingInfo: { offset: 0, limit: 100 } },
                },
              },
            }),
          };
        },
      },
    ],
  },
  { platform: 'audio-a (playlist)', path: '/v1/audio-a/playlist?id=37i9dQZF1DXcBWIGoYBM5M', routes: [] },
  {
    platform: 'moodboard (post)',
    path: `/v1/moodboard/post?url=${q('https://www.cosmos.so/e/1909064612')}`,
    routes: [
      {
        host: 'api.cosmos.so',
        path: '/graphql',
        method: 'POST',
        response: {
          headers: JSON_TYPE,
          body: JSON.stringify({
            data: {
              elementView: { element: { id: 77, shareUrl: 'https://www.cosmos.so/e/77', createdAt: '2025-01-01T00:00:00Z' } },
              elementTopConnections: null,
            },
          }),
        },
      },
    ],
  },
  {
    platform: 'video (by handle)',
    path: `/v1/video/channel?handle=${q('@maya')}`,
    routes: [
      {
        host: 'www.youtube.com',
        path: '/@maya',
        response: { headers: HTML_TYPE, body: ytChannel('UC0ther0ther0ther0ther0', 'someone.else') },
      },
    ],
  },
  {
    platform: "video (by handle; the page names another only in its tabs' links)",
    path: `/v1/video/channel?handle=${q('@maya.two')}`,
    routes: [
      {
        host: 'www.youtube.com',
        path: '/@maya.two',
        response: { headers: HTML_TYPE, body: ytChannelWithout('UC0ther0ther0ther0ther0', { tabsHandle: 'someone.else' }) },
      },
    ],
  },
  {
    platform: 'video (by handle; the page names none, its about panel another)',
    path: `/v1/video/channel?handle=${q('@maya.three')}`,
    routes: [
      {
        host: 'www.youtube.com',
        path: '/@maya.three',
        response: { headers: HTML_TYPE, body: ytChannelWithout('UC0ther0ther0ther0ther0', { aboutHandle: 'someone.else' }) },
      },
    ],
  },
  {
    platform: 'video (by channel id)',
    path: '/v1/video/channel?channelId=UCaskedaskedaskedaskedAB',
    routes: [
      {
        host: 'www.youtube.com',
        path: '/channel/UCaskedaskedaskedaskedAB',
        response: { headers: HTML_TYPE, body: ytChannel('UC0ther0ther0ther0ther0', 'someone.else') },
      },
    ],
  },
];
const repoPath = (owner: string, repo: string) => `/v1/code/repository?url=${encodeURIComponent(`https://github.com/${owner}/${repo}`)}`;
const idOf = (owner: string, repo: string) => (JSON.parse(repoJson(owner, repo)) as { id: number }).id;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    routes: [
      // Another repository than the one asked for.
      { host: 'api.github.com', path: '/repos/octo/asked', response: { headers: JSON_TYPE, body: repoJson('someone', 'else') } },
      // The same repository, GitHub's own capitalisation.
      { host: 'api.github.com', path: '/repos/octo/mixedcase', response: { headers: JSON_TYPE, body: repoJson('Octo', 'MixedCase') } },
      // Renamed: GitHub redirects to /repositories/<id>, which answers under the new name.
      {
        host: 'api.github.com',
        path: '/repos/octo/old-name',
        response: { status: 301, headers: { location: `https://api.github.com/repositories/${idOf('octo', 'new-name')}` } },
      },
      {
        host: 'api.github.com',
        path: `/repositories/${idOf('octo', 'new-name')}`,
        response: { headers: JSON_TYPE, body: repoJson('octo', 'new-name') },
      },
      // A redirect to an id whose answer is another repository.
      {
        host: 'api.github.com',
        path: '/repos/octo/moved-wrong',
        response: { status: 301, headers: { location: 'https://api.github.com/repositories/1' } },
      },
      { host: 'api.github.com', path: '/repositories/1', response: { headers: JSON_TYPE, body: repoJson('octo', 'new-name') } },
      // social-b: every username answered with the profile of `someone.else`.
      {
        host: 'i.instagram.com',
        path: '/api/v1/users/web_profile_info/',
        response: { headers: JSON_TYPE, body: JSON.stringify(ig.profileBody(ig.userJson('someone.else'))) },
      },
      // microblog-a: every lookup answered with the real account capture of @realDonaldTrump.
      ...OTHER_ACCOUNT.flatMap((c) => c.routes),
      ...(hasFixtures('microblog-a')
        ? [
            {
              host: 'truthsocial.com',
              path: '/api/v1/accounts/lookup',
              response: { headers: JSON_TYPE, bodyFile: fixturePath('microblog-a', 'account-realdonaldtrump.json') },
            },
          ]
        : []),
    ],
  });
});
afterAll(() => h?.close());

describe('code repository: the repository asked for, or UPSTREAM_FAILED', () => {
  it('another repository in the answer is 502 UPSTREAM_FAILED at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(repoPath('octo', 'asked'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/different resource \(handle someone\/else, not octo\/asked\)/),
    });
    expect(await h.balance(id)).toBe(3);
  });

  it('names are compared case-insensitively', async () => {
    const { key } = await h.key(3);
    const r = await h.rest(repoPath('octo', 'mixedcase'), { key });
    expect(r.status).toBe(200);
    expect(r.body.repository.full_name).toBe('Octo/MixedCase');
  });

  it('a renamed repository (redirect to /repositories/<id>, the same id) is the same resource', async () => {
    const { key } = await h.key(3);
    const r = await h.rest(repoPath('octo', 'old-name'), { key });
    expect(r.status).toBe(200);
    expect(r.body.repository.full_name).toBe('octo/new-name');
  });

  it('a redirect to an id answered by another repository is 502 UPSTREAM_FAILED', async () => {
    const { key } = await h.key(3);
    const r = await h.rest(repoPath('octo', 'moved-wrong'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
  });
});

describe('profiles: the account asked for (handle, case-insensitively), or UPSTREAM_FAILED', () => {
  it('social-b: another account in the answer is 502 UPSTREAM_FAILED; the same one in other case is data', async () => {
    const { key, id } = await h.key(3);
    const other = await h.rest('/v1/social-b/profile?handle=maya', { key });
    expect(other.status).toBe(502);
    expect(other.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/different resource/) });
    expect(await h.balance(id)).toBe(3);
    const same = await h.rest('/v1/social-b/profile?handle=Someone.Else', { key });
    expect(same.status).toBe(200);
  });

  it.skipIf(!hasFixtures('microblog-a'))(
    'microblog-a: the real @realDonaldTrump account answered for @maya is 502 UPSTREAM_FAILED; for @REALDONALDTRUMP it is data',
    async () => {
      const { key, id } = await h.key(3);
      const other = await h.rest('/v1/microblog-a/profile?handle=maya', { key });
      expect(other.status).toBe(502);
      expect(other.body.error.code).toBe('UPSTREAM_FAILED');
      expect(await h.balance(id)).toBe(3);
      const same = await h.rest('/v1/microblog-a/profile?handle=REALDONALDTRUMP', { key });
      expect(same.status).toBe(200);
      expect(same.body.username).toBe('realDonaldTrump');
    },
  );
});

describe('every platform with an asked account: another account in the answer is 502 UPSTREAM_FAILED at 0 credits', () => {
  it.each(OTHER_ACCOUNT.map((c) => [c.platform, c] as const))('%s', async (_name, c) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(c.path, { key });
    expect(r.status, JSON.stringify(r.body)).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/different resource/) });
    expect(await h.balance(id)).toBe(3);
  });
});

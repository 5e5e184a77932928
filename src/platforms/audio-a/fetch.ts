/**
 * Upstream requests for audio-a (Spotify): pathfinder persisted queries with the anonymous
 * web-player token, which is scraped from a public embed page by the shared token module
 * (fetched on first need, cached until its stated expiry, one refresh for concurrent callers,
 * refreshed and retried once when pathfinder answers 401/403); a track's, an album's, an
 * artist's or an episode's own embed page, which needs no token.
 */
import { upstreamFailed } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import type { Upstream } from '../../upstream/client.js';
import { createTokenSource, tokenSource, TokenRefusedError } from '../../upstream/tokens.js';
import type { TokenSource } from '../../upstream/tokens.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { EmbedKind, PersistedQuery } from './pathfinder.js';
import { PLAYLIST_PAGE_SIZE, QUERIES, embedUrl, pathfinderUrl, tokenPageUrl } from './pathfinder.js';
import type { Album, Artist, Episode, Playlist, Podcast, Track } from './parse.js';
import { parseAlbum, parseArtist, parseEmbedSession, parseEpisode, parsePlaylist, parsePodcast, parseTrack, uriKind } from './parse.js';

const PLATFORM = 'audio-a';

/** When the embed page states no expiry: the web player's tokens last about an hour; assume less. */
const DEFAULT_TOKEN_LIFETIME_MS = 10 * 60_000;

/** The anonymous token, one per upstream client (tests with their own client get their own). */
export function anonymousToken(upstream: Upstream): TokenSource {
  return tokenSource(upstream, PLATFORM, (client) =>
    createTokenSource(`${PLATFORM} anonymous token`, async (signal) => {
      const res = await client.request({ url: tokenPageUrl(), platform: PLATFORM, headers: { accept: 'text/html' }, signal });
      // The token page is ours to choose, not the caller's: its absence is no NOT_FOUND of theirs.
      if (res.status === 404 || res.status === 410)
        throw upstreamFailed(
          `${PLATFORM}: the embed page that carries the anonymous token is gone (HTTP ${res.status}); set AUDIO_A_TOKEN_PAGE_URL`,
        );
      expectOk(res, PLATFORM, 'The embed page');
      const session = parseEmbedSession(res.text());
      return { value: session.accessToken, expiresAt: session.expiresAt ?? Date.now() + DEFAULT_TOKEN_LIFETIME_MS };
    }),
  );
}

async function pathfinder(ctx: OpContext, q: PersistedQuery, variables: Record<string, unknown>, what: string): Promise<unknown> {
  const url = pathfinderUrl(q, variables);
  return anonymousToken(ctx.upstream).withToken(
    async (token) => {
      const res = await ctx.upstream.request({
        url,
        platform: PLATFORM,
        headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'app-platform': 'WebPlayer' },
        signal: ctx.signal,
      });
      // An expired or revoked anonymous token: fetch a fresh one and try once more.
      if (res.status === 401 || res.status === 403) throw new TokenRefusedError(res.status);
      expectOk(res, PLATFORM, what);
      return res.json();
    },
    { signal: ctx.signal },
  );
}

export async function fetchPodcast(ctx: OpContext, a: { id: string }): Promise<Podcast> {
  const json = await pathfinder(ctx, QUERIES.show, { uri: `spotify:show:${a.id}` }, `Podcast ${a.id}`);
  const podcast = parsed(ctx, () => parsePodcast(json, a.id));
  // Another show (or another kind of entity) than asked is no answer (identity.ts).
  assertSameResource(PLATFORM, `podcast ${a.id}`, { type: 'show', id: a.id }, { type: uriKind(podcast.uri), id: podcast.id });
  return podcast;
}

export async function fetchPlaylistPage(ctx: OpContext, a: { id: string; cursor: number }): Promise<Playlist> {
  const variables = { uri: `spotify:playlist:${a.id}`, offset: a.cursor, limit: PLAYLIST_PAGE_SIZE, enableWatchFeedEntrypoint: false };
  const json = await pathfinder(ctx, QUERIES.playlist, variables, `Playlist ${a.id}`);
  const playlist = parsed(ctx, () => parsePlaylist(json, { id: a.id, offset: a.cursor, limit: PLAYLIST_PAGE_SIZE }));
  assertSameResource(PLATFORM, `playlist ${a.id}`, { type: 'playlist', id: a.id }, { type: uriKind(playlist.uri), id: playlist.id });
  return playlist;
}

/** An entity's own embed page (no token): HTTP 404 / 410 is NOT_FOUND, walls and statuses as expectOk maps them. */
async function embedPage(ctx: OpContext, kind: EmbedKind, id: string, what: string): Promise<string> {
  const res = await ctx.upstream.request({
    url: embedUrl(kind, id),
    platform: PLATFORM,
    headers: { accept: 'text/html' },
    signal: ctx.signal,
  });
  expectOk(res, PLATFORM, what);
  return res.text();
}

export async function fetchTrack(ctx: OpContext, a: { id: string }): Promise<Track> {
  const html = await embedPage(ctx, 'track', a.id, `Track ${a.id}`);
  const track = parsed(ctx, () => parseTrack(html, a.id));
  // The embed of another track (or of an episode, an album) is no answer (identity.ts).
  assertSameResource(PLATFORM, `track ${a.id}`, { type: 'track', id: a.id }, { type: uriKind(track.uri), id: track.id });
  return track;
}

export async function fetchAlbum(ctx: OpContext, a: { id: string }): Promise<Album> {
  const html = await embedPage(ctx, 'album', a.id, `Album ${a.id}`);
  const album = parsed(ctx, () => parseAlbum(html, a.id));
  // The embed of another album (or of a playlist, a track) is no answer (identity.ts).
  assertSameResource(PLATFORM, `album ${a.id}`, { type: 'album', id: a.id }, { type: uriKind(album.uri), id: album.id });
  return album;
}

export async function fetchArtist(ctx: OpContext, a: { id: string }): Promise<Artist> {
  const html = await embedPage(ctx, 'artist', a.id, `Artist ${a.id}`);
  const artist = parsed(ctx, () => parseArtist(html, a.id));
  assertSameResource(PLATFORM, `artist ${a.id}`, { type: 'artist', id: a.id }, { type: uriKind(artist.uri), id: artist.id });
  return artist;
}

export async function fetchEpisode(ctx: OpContext, a: { id: string }): Promise<Episode> {
  const html = await embedPage(ctx, 'episode', a.id, `Episode ${a.id}`);
  const episode = parsed(ctx, () => parseEpisode(html, a.id));
  // The embed of another episode (or of a show, a track) is no answer (identity.ts).
  assertSameResource(PLATFORM, `episode ${a.id}`, { type: 'episode', id: a.id }, { type: uriKind(episode.uri), id: episode.id });
  return episode;
}

/**
 * The project's own audio-a embed pages, written by us in the public shape of Spotify's
 * open.spotify.com/embed/<kind>/<id> pages: a Next.js page whose
 * `<script id="__NEXT_DATA__" type="application/json">` holds `props.pageProps.state.data.entity`
 * (the embedded track) and `props.pageProps.state.settings.session` (the anonymous web-player
 * token), as the real capture ../shared/fixtures/audio-a/embed-track-scorpions-blackout.html
 * shows. Album and artist pages: no capture of them is in ../shared; they are written in that same
 * page and entity envelope, their entities in the members and `trackList` entries of the real
 * playlist embed (../shared/fixtures/audio-a/embed-next-data-playlist-todays-top-hits.json: type,
 * id, uri, name, title, subtitle, releaseDate, duration, flags, visualIdentity with `image`; each
 * entry uri, uid, title, subtitle, duration, isExplicit, isPlayable, audioPreview), and with the
 * members public projects reading album and artist embeds show (an album's `isPreRelease`; an
 * artist's subtitle "Top tracks"; neither with an `artists` list nor follower counts). Episode
 * pages: no capture of one is in ../shared either; they are written in the same envelope, with the
 * entity members a public project's capture of an episode embed shows (type `episode`, id, uri,
 * name, title, subtitle = the show's name, relatedEntityUri = the show's URI,
 * relatedEntityCoverArt, releaseDate, duration, isExplicit, isPlayable, isTrailer, isAudiobook,
 * hasVideo, audioPreview, contentRatings, playabilityReason, visualIdentity; no description) and
 * its page's `state.data.defaultAudioFileObject` (signed audio-file URLs beside the entity). Not
 * captures: every name, id, URL and token here is invented. Used by parse.test.ts,
 * test/e2e/audio-a*.test.ts and the demo (demo.ts).
 */

export interface SessionSample {
  accessToken: string;
  accessTokenExpirationTimestampMs?: number;
  isAnonymous?: boolean;
}

/** The track every sample defaults to (also the first track of the demo's playlist). */
export const SAMPLE_TRACK_ID = '3dEm0Tr4ck000000000001';
export const SAMPLE_ARTIST_ID = '3dEm0Art1st00000000001';
/** The album of SAMPLE_TRACK_ID (the demo playlist's first track's album). */
export const SAMPLE_ALBUM_ID = '3dEm0A1bum000000000001';
/** A podcast episode (the demo podcast's newest) and its show (the demo podcast). */
export const SAMPLE_EPISODE_ID = '5dEm0Ep1s0de0000000003';
export const SAMPLE_SHOW_ID = '5dEm0Sh0wK1tchenT4lk01';

const rgba = (red: number, green: number, blue: number) => ({ alpha: 255, blue, green, red });

/**
 * A track entity as its embed page states it (the capture's members: type, name, uri, id, title,
 * artists, releaseDate, duration, isPlayable, isExplicit, audioPreview, hasVideo, relatedEntityUri,
 * visualIdentity with colour sets and `image`). `o` replaces or adds members.
 */
export function trackEntity(id: string = SAMPLE_TRACK_ID, o: Record<string, unknown> = {}): Record<string, unknown> {
  const artistUri = `spotify:artist:${SAMPLE_ARTIST_ID}`;
  const image = (code: string, size: number) => ({
    url: `https://image-cdn-ak.spotifycdn.com/image/ab67616d0000${code}d3m0c0ver5l0w5immer0001`,
    maxHeight: size,
    maxWidth: size,
  });
  return {
    type: 'track',
    name: 'Slow Simmer',
    uri: `spotify:track:${id}`,
    id,
    title: 'Slow Simmer',
    artists: [{ name: 'Paper Lanterns', uri: artistUri }],
    releaseDate: { isoString: '2024-09-13T00:00:00Z' },
    duration: 214_000,
    isPlayable: true,
    isExplicit: false,
    audioPreview: { url: 'https://p.scdn.co/mp3-preview/d3m0pr3v13w5l0w5immer0000000000000001' },
    hasVideo: false,
    relatedEntityUri: artistUri,
    visualIdentity: {
      backgroundBase: rgba(120, 60, 20),
      backgroundTintedBase: rgba(150, 84, 40),
      textBase: rgba(255, 255, 255),
      textBrightAccent: rgba(255, 255, 255),
      textSubdued: rgba(230, 210, 196),
      image: [image('1e02', 300), image('4851', 64), image('b273', 640)],
    },
    ...o,
  };
}

/** Invented `visualIdentity` colours and images of an album or artist (`code`: the image's kind prefix). */
function visualIdentity(code: string, sizes: number[]): Record<string, unknown> {
  return {
    backgroundBase: rgba(40, 90, 120),
    backgroundTintedBase: rgba(60, 110, 150),
    image: sizes.map((size) => ({
      maxHeight: size,
      maxWidth: size,
      url: `https://image-cdn-fa.spotifycdn.com/image/${code}${String(size).padStart(4, '0')}d3m0v15ual0000000001`,
    })),
    textBase: rgba(255, 255, 255),
    textBrightAccent: rgba(255, 255, 255),
    textSubdued: rgba(200, 210, 230),
  };
}

/**
 * One `trackList` entry of an album, artist or playlist embed (the real playlist embed's entry
 * members). `n` numbers the invented track; `o` replaces or adds members.
 */
export function listEntry(n: number, title: string, subtitle: string, o: Record<string, unknown> = {}): Record<string, unknown> {
  const id = `3dEm0Tr4ck${String(n).padStart(12, '0')}`;
  return {
    audioPreview: { format: 'MP3_96', url: `https://p.scdn.co/mp3-preview/d3m0pr3v13w${String(n).padStart(29, '0')}` },
    contentRatings: { labels: [] },
    duration: 180_000 + n * 1_000,
    entityType: 'track',
    isExplicit: false,
    isNineteenPlus: false,
    isPlayable: true,
    playabilityReason: 'PLAYABLE',
    subtitle,
    title,
    uid: `d3m0u1d${String(n).padStart(13, '0')}`,
    uri: `spotify:track:${id}`,
    ...o,
  };
}

/**
 * An album entity as its embed page states it: the members of the real playlist embed's entity
 * (album embeds name the artists only in `subtitle`, joined; `duration` 0; `releaseDate` may be
 * null), `isPreRelease`, and a `trackList`. `o` replaces or adds members.
 */
export function albumEntity(id: string = SAMPLE_ALBUM_ID, o: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    duration: 0,
    hasVideo: false,
    id,
    isExplicit: true,
    isPlayable: true,
    isPreRelease: false,
    name: 'Slow Simmer (single)',
    playabilityReason: 'PLAYABLE',
    relatedEntityUri: `spotify:album:${id}`,
    releaseDate: { isoString: '2024-09-13T00:00:00Z' },
    subtitle: 'Paper Lanterns',
    title: 'Slow Simmer (single)',
    trackList: [
      listEntry(1, 'Slow Simmer', 'Paper Lanterns', { duration: 214_000 }),
      listEntry(4, 'Low Flame', 'Paper Lanterns,\u00a0The Monsoon Set', { isExplicit: true, contentRatings: { labels: ['EXPLICIT'] } }),
      listEntry(5, 'Slow Simmer - Instrumental', 'Paper Lanterns', { audioPreview: null }),
    ],
    type: 'album',
    uri: `spotify:album:${id}`,
    visualIdentity: visualIdentity('ab67616d0000', [300, 64, 640]),
    ...o,
  };
}

/**
 * An artist entity as its embed page states it: the same members, its subtitle "Top tracks" and
 * its top tracks as `trackList`; no follower counts. `o` replaces or adds members.
 */
export function artistEntity(id: string = SAMPLE_ARTIST_ID, o: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    duration: 0,
    hasVideo: false,
    id,
    isExplicit: false,
    isPlayable: true,
    name: 'Paper Lanterns',
    playabilityReason: 'PLAYABLE',
    relatedEntityUri: `spotify:artist:${id}`,
    releaseDate: null,
    subtitle: 'Top tracks',
    title: 'Paper Lanterns',
    trackList: [listEntry(1, 'Slow Simmer', 'Paper Lanterns', { duration: 214_000 }), listEntry(6, 'Paper Boats', 'Paper Lanterns')],
    type: 'artist',
    uri: `spotify:artist:${id}`,
    visualIdentity: visualIdentity('ab676161000051', [320, 640, 160]),
    ...o,
  };
}

/**
 * The `__NEXT_DATA__` object of an embed page: `entity` in `state.data` (none: no `data`), the
 * anonymous `session` in `state.settings` (null: no session), `page` the Next.js route.
 */
export function embedNextData(o: { entity?: unknown; session?: SessionSample | null; page?: string } = {}): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  const stated = (o.entity as { type?: unknown } | null | undefined)?.type;
  const kind = typeof stated === 'string' ? stated : 'track';
  if (o.entity !== undefined) state.data = { entity: o.entity, embeded_entity_uri: (o.entity as { uri?: unknown } | null)?.uri ?? null };
  if (o.session !== null) {
    state.settings = {
      rtl: false,
      session: o.session ?? {
        accessToken: 'BQSampleAnonymousWebPlayerToken000000',
        accessTokenExpirationTimestampMs: 4_102_444_800_000,
        isAnonymous: true,
      },
      entityContext: kind,
    };
  }
  return { props: { pageProps: { state } }, page: o.page ?? `/${kind}/[id]`, query: {}, buildId: 'sample-build', isFallback: false };
}

/**
 * A podcast episode entity as its embed page states it (the members listed in the header: the show
 * named in `subtitle`, `relatedEntityUri`, `relatedEntityCoverArt`; no description). An audio-only
 * episode: no video members. `o` replaces or adds members.
 */
export function episodeEntity(id: string = SAMPLE_EPISODE_ID, o: Record<string, unknown> = {}): Record<string, unknown> {
  const showCover = (code: string, size: number) => ({
    maxHeight: size,
    maxWidth: size,
    url: `https://image-cdn-fa.spotifycdn.com/image/ab6765630000${code}d3m0sh0wc0ver00000001`,
  });
  return {
    audioPreview: { url: 'https://p.scdn.co/mp3-preview/d3m0ep15od3pr3v13w0000000000000000003.mp3' },
    contentRatings: { labels: [] },
    duration: 41 * 60_000,
    hasVideo: false,
    id,
    isAudiobook: false,
    isExplicit: false,
    isNineteenPlus: false,
    isPlayable: true,
    isTrailer: false,
    name: 'Tamarind, three ways',
    playabilityReason: 'PLAYABLE',
    relatedEntityCoverArt: [showCover('5f1f', 300), showCover('ba8a', 640), showCover('f68d', 64)],
    relatedEntityUri: `spotify:show:${SAMPLE_SHOW_ID}`,
    releaseDate: { isoString: '2025-03-06T05:00:00Z' },
    subtitle: 'Kitchen Talk with Ravi Menon',
    title: 'Tamarind, three ways',
    type: 'episode',
    uri: `spotify:episode:${id}`,
    visualIdentity: visualIdentity('ab6765630000', [300, 640, 64]),
    ...o,
  };
}

/** The whole embed page around a `__NEXT_DATA__` object. */
export function embedHtml(next: unknown): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Spotify Embed</title></head><body><div id="__next"></div>
<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script></body></html>`;
}

/** A track's embed page: its entity and an anonymous session, as open.spotify.com/embed/track/<id> answers. */
export function trackEmbedPage(id: string = SAMPLE_TRACK_ID, o: Record<string, unknown> = {}, session?: SessionSample): string {
  return embedHtml(embedNextData({ entity: trackEntity(id, o), session }));
}

/** An album's embed page: its entity and an anonymous session, as open.spotify.com/embed/album/<id> answers. */
export function albumEmbedPage(id: string = SAMPLE_ALBUM_ID, o: Record<string, unknown> = {}, session?: SessionSample): string {
  return embedHtml(embedNextData({ entity: albumEntity(id, o), session }));
}

/** An artist's embed page: its entity and an anonymous session, as open.spotify.com/embed/artist/<id> answers. */
export function artistEmbedPage(id: string = SAMPLE_ARTIST_ID, o: Record<string, unknown> = {}, session?: SessionSample): string {
  return embedHtml(embedNextData({ entity: artistEntity(id, o), session }));
}

/**
 * An episode's embed page, as open.spotify.com/embed/episode/<id> answers: its entity, an anonymous
 * session, and beside the entity the episode's `defaultAudioFileObject` (signed audio-file URLs,
 * never to reach a record).
 */
export function episodeEmbedPage(id: string = SAMPLE_EPISODE_ID, o: Record<string, unknown> = {}, session?: SessionSample): string {
  const next = embedNextData({ entity: episodeEntity(id, o), session }) as any;
  next.props.pageProps.state.data.defaultAudioFileObject = {
    fileId: 'd3m0f11e1d0000000000000000000000000003',
    format: 'MP4_128_CBCS',
    passthrough: 'NONE',
    passthroughUrl: '',
    url: ['https://audio4-fa.scdn.co/audio/d3m0f11e1d0000000000000000000000000003?1781208311_D3m0S1gnedAud10Url'],
  };
  return embedHtml(next);
}

/** Next.js's own error page, as a Next.js site answers a route it has no page for. */
export function notFoundPage(): string {
  return embedHtml({ props: { pageProps: { statusCode: 404 } }, page: '/_error', query: {}, buildId: 'sample-build', isFallback: false });
}

/**
 * The project's own audio-a embed pages, written by us in the public shape of Spotify's
 * open.spotify.com/embed/<kind>/<id> pages: a Next.js page whose
 * `<script id="__NEXT_DATA__" type="application/json">` holds `props.pageProps.state.data.entity`
 * (the embedded track) and `props.pageProps.state.settings.session` (the anonymous web-player
 * token), as the real capture ../shared/fixtures/audio-a/embed-track-scorpions-blackout.html
 * shows. Not captures: every name, id, URL and token here is invented. Used by parse.test.ts,
 * test/e2e/audio-a.test.ts and the demo (demo.ts).
 */

export interface SessionSample {
  accessToken: string;
  accessTokenExpirationTimestampMs?: number;
  isAnonymous?: boolean;
}

/** The track every sample defaults to (also the first track of the demo's playlist). */
export const SAMPLE_TRACK_ID = '3dEm0Tr4ck000000000001';
export const SAMPLE_ARTIST_ID = '3dEm0Art1st00000000001';

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

/**
 * The `__NEXT_DATA__` object of an embed page: `entity` in `state.data` (none: no `data`), the
 * anonymous `session` in `state.settings` (null: no session), `page` the Next.js route.
 */
export function embedNextData(o: { entity?: unknown; session?: SessionSample | null; page?: string } = {}): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  if (o.entity !== undefined) state.data = { entity: o.entity, embeded_entity_uri: (o.entity as { uri?: unknown } | null)?.uri ?? null };
  if (o.session !== null) {
    state.settings = {
      rtl: false,
      session: o.session ?? {
        accessToken: 'BQSampleAnonymousWebPlayerToken000000',
        accessTokenExpirationTimestampMs: 4_102_444_800_000,
        isAnonymous: true,
      },
      entityContext: 'track',
    };
  }
  return { props: { pageProps: { state } }, page: o.page ?? '/track/[id]', query: {}, buildId: 'sample-build', isFallback: false };
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

/** Next.js's own error page, as a Next.js site answers a route it has no page for. */
export function notFoundPage(): string {
  return embedHtml({ props: { pageProps: { statusCode: 404 } }, page: '/_error', query: {}, buildId: 'sample-build', isFallback: false });
}

/**
 * Pure parsers for audio-a (Spotify): upstream bodies in, api.md wire records out; no I/O.
 *
 * - `parseEmbedSession`: the anonymous web-player token of an embed page
 *   (`<script id="__NEXT_DATA__">` → props.pageProps.state.settings.session).
 * - `parsePodcast`: pathfinder `queryShowMetadataV2` → audio-a podcast.
 * - `parsePlaylist`: pathfinder `fetchPlaylist` (one page of items) → audio-a playlist.
 * - `parseTrack`, `parseAlbum`, `parseArtist`, `parseEpisode`: an entity's embed page
 *   (`__NEXT_DATA__` → props.pageProps.state.data.entity, one reading of it for the four) → audio-a
 *   track, album, artist, episode. Only the entity is read: the page's anonymous session (its
 *   token) and an episode page's signed audio-file URLs never reach a record.
 * - `idFromInput`: a caller's id or URL → the 22-character id.
 *
 * Evidence: ../shared/fixtures/audio-a (captures of 2025-05 and 2026-06; their keys were
 * re-sorted by the capturing tool, so nothing here depends on key order).
 */
import { isApiError, notFound, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { vendorBlock } from '../../upstream/blocks/catalogue.js';
import { at, bool, int, intish, isObj, num, objects, reader, scriptElements, str } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import { assertSameResource } from '../identity.js';
import type { EmbedKind } from './pathfinder.js';
import type { Album, Artist, EmbedTrack, Episode, ImageSource, Podcast, PlaylistTrack, Playlist, Track, TrackArtist } from './schema.js';
import { parseUpstreamJson } from '../../parse/json.js';
export type { Album, Artist, EmbedTrack, Episode, ImageSource, PodcastTopic, Podcast, PlaylistTrack, Playlist, Track } from './schema.js';

const PLATFORM = 'audio-a';

/**
 * Upstream lists come as `{items: [...]}` pages (sometimes a plain array); api.md shows them as
 * plain arrays. Read through `r`: the list missing is warned, and so is an element of another type.
 */
function pageItems<T>(r: Reader, field: string, each: (el: Reader) => T | null): T[] {
  if (Array.isArray(at(r.root, field))) return r.items(field, each);
  return r.child(field).items('items', each);
}

// ---------------------------------------------------------------------------------------------
// Ids, URIs and URLs
// ---------------------------------------------------------------------------------------------

/** A Spotify id: 22 base62 characters. */
export const SPOTIFY_ID_RE = /^[0-9A-Za-z]{22}$/;

export type EntityKind = 'show' | 'playlist' | 'track' | 'album' | 'artist' | 'episode';

/** The kind of a `spotify:<kind>:<id>` URI (`show`, `playlist`, `track`, `episode`…), or undefined. */
export function uriKind(uri: string | null | undefined): string | undefined {
  const m = /^spotify:([a-z]+):/.exec(uri ?? '');
  return m ? m[1] : undefined;
}

/** The id at the end of `spotify:<kind>:<id>` (also `spotify:user:<u>:playlist:<id>`), else null. */
export function idFromUri(uri: string | null, kind?: string): string | null {
  if (!uri) return null;
  const parts = uri.split(':');
  if (parts[0] !== 'spotify' || parts.length < 3) return null;
  const id = parts[parts.length - 1];
  if (kind && parts[parts.length - 2] !== kind) return null;
  return SPOTIFY_ID_RE.test(id) ? id : null;
}

/**
 * The id named by an open.spotify.com URL of this kind, or by a `spotify:<kind>:<id>` URI.
 * Accepted URL paths: `/<kind>/<id>`, with an optional `/intl-xx` locale prefix, the embed forms
 * `/embed/<kind>/<id>` and `/embed-podcast/show|episode/<id>`, and legacy `/user/<name>/playlist/<id>`.
 * Query strings (`?si=…`) and fragments are ignored.
 */
export function idFromInput(input: string, kind: EntityKind): string | null {
  const s = input.trim();
  if (/^spotify:/i.test(s)) return idFromUri(s, kind);
  // Check the authority as written: no credentials, no explicit port.
  const m = /^(https?):\/\/([^/?#]*)([/?#].*)?$/i.exec(s);
  if (!m) return null;
  const authority = m[2].toLowerCase();
  if (authority !== 'open.spotify.com') return null;
  let path: string;
  try {
    path = new URL(s).pathname;
  } catch {
    return null;
  }
  let segs = path.split('/').filter(Boolean);
  if (segs[0] && /^intl-[a-z]{2}(?:-[a-z0-9]{2,4})?$/i.test(segs[0])) segs = segs.slice(1);
  if (segs[0] === 'embed' || ((kind === 'show' || kind === 'episode') && segs[0] === 'embed-podcast')) segs = segs.slice(1);
  if (kind === 'playlist' && segs[0] === 'user' && segs.length === 4) segs = segs.slice(2);
  if (segs.length !== 2 || segs[0] !== kind) return null;
  return SPOTIFY_ID_RE.test(segs[1]) ? segs[1] : null;
}

// ---------------------------------------------------------------------------------------------
// Embed page: the anonymous token
// ---------------------------------------------------------------------------------------------

export interface EmbedSession {
  accessToken: string;
  /** Epoch ms, as the page states it (`accessTokenExpirationTimestampMs`); null when absent. */
  expiresAt: number | null;
  isAnonymous: boolean | null;
}

const NEXT_DATA_ID_RE = /\bid=["']?__NEXT_DATA__["']?/i;
const INITIAL_STATE_ID_RE = /\bid=["']?initial-state["']?(?![\w-])/i;
const BASE64_RE = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The state of an embed page of 2022–23, before its Next.js pages: the same object as today's
 * `props.pageProps.state` (`data.entity`…), base64-encoded JSON in `<script id="initial-state">`
 * (public evidence: microlinkhq/spotify-url-info reads `initial-state` → base64 → `.data.entity`
 * since its fix for the changed embeds of 2022-08). Not base64 JSON of an object: a changed shape.
 */
function initialState(body: string): Obj {
  const text = body.replace(/\s+/g, '');
  let data: unknown;
  try {
    if (!BASE64_RE.test(text)) throw new SyntaxError('not base64');
    data = parseUpstreamJson(Buffer.from(text, 'base64').toString('utf8'), PLATFORM);
  } catch (e) {
    if (isApiError(e)) throw e;
    throw shapeChanged(PLATFORM, 'base64 JSON in the embed page <script id="initial-state">');
  }
  if (!isObj(data)) throw shapeChanged(PLATFORM, 'the state object in the embed page <script id="initial-state">');
  return data;
}

/**
 * The `__NEXT_DATA__` object of a Spotify (Next.js) page; on an embed page of 2022–23 (no
 * `__NEXT_DATA__`, its `<script id="initial-state">`) the same state read as
 * `{props: {pageProps: {state}}}`. A block page is UPSTREAM_BLOCKED.
 */
export function extractNextData(html: string): Obj {
  // One pass over the scripts (parse/markup.ts), not a regex retried from every `<script`.
  let text: string | null = null;
  let legacy: string | null = null;
  for (const s of scriptElements(html)) {
    if (NEXT_DATA_ID_RE.test(s.attrs)) {
      text = s.body;
      break;
    }
    if (legacy === null && INITIAL_STATE_ID_RE.test(s.attrs)) legacy = s.body;
  }
  if (text === null && legacy !== null) return { props: { pageProps: { state: initialState(legacy) } } };
  if (text === null) {
    // An anti-bot vendor's page (the block catalogue) is a block, anything else a changed shape.
    if (vendorBlock(html)) throw upstreamBlocked(`${PLATFORM}: upstream answered a block or challenge page instead of the embed page`);
    throw shapeChanged(PLATFORM, '__NEXT_DATA__ script in the embed page');
  }
  let data: unknown;
  try {
    data = parseUpstreamJson(text, PLATFORM);
  } catch (e) {
    if (isApiError(e)) throw e;
    throw shapeChanged(PLATFORM, 'valid JSON in the embed page __NEXT_DATA__');
  }
  if (!isObj(data)) throw shapeChanged(PLATFORM, '__NEXT_DATA__ object in the embed page');
  return data;
}

/** The session of an embed page's `__NEXT_DATA__` (the whole HTML page, or the object itself). */
export function parseEmbedSession(page: string | Obj): EmbedSession {
  const next = typeof page === 'string' ? extractNextData(page) : page;
  const props = isObj(next.props) ? next.props : {};
  const pageProps = isObj(props.pageProps) ? props.pageProps : {};
  const state = isObj(pageProps.state) ? pageProps.state : {};
  const settings = isObj(state.settings) ? state.settings : {};
  const session = isObj(settings.session) ? settings.session : null;
  const accessToken = session ? str(session.accessToken) : null;
  if (!session || !accessToken) throw shapeChanged(PLATFORM, 'props.pageProps.state.settings.session.accessToken in the embed page');
  return {
    accessToken,
    expiresAt: num(session.accessTokenExpirationTimestampMs),
    isAnonymous: bool(session.isAnonymous),
  };
}

// ---------------------------------------------------------------------------------------------
// Pathfinder envelope
// ---------------------------------------------------------------------------------------------

/**
 * `data.<union>` of a pathfinder answer. A rotated persisted-query hash (`PersistedQueryNotFound`)
 * and other GraphQL errors without data are UPSTREAM_FAILED; a null union or a `NotFound` member
 * is NOT_FOUND; a missing union is a changed shape.
 */
function pathfinderUnion(json: unknown, union: string, operation: string, what: string): Obj {
  if (!isObj(json)) throw shapeChanged(PLATFORM, `pathfinder ${operation} JSON object`);
  const errors = objects(json.errors);
  if (
    errors.some((e) => e.message === 'PersistedQueryNotFound' || (isObj(e.extensions) && e.extensions.code === 'PERSISTED_QUERY_NOT_FOUND'))
  ) {
    throw upstreamFailed(
      `${PLATFORM}: pathfinder no longer knows the persisted query ${operation} (its sha256 hash has rotated; configure a current one)`,
    );
  }
  const data = json.data;
  if (!isObj(data) || !(union in data)) {
    if (errors.length)
      throw upstreamFailed(
        `${PLATFORM}: pathfinder ${operation} failed: ${errors
          .map((e) => str(e.message) ?? 'error')
          .join('; ')
          .slice(0, 300)}`,
      );
    throw shapeChanged(PLATFORM, `data.${union} in the pathfinder ${operation} answer`);
  }
  const u = data[union];
  // Unknown ids: a null union, or a `NotFound` member of it.
  if (u === null || (isObj(u) && u.__typename === 'NotFound')) throw notFound(`${what} was not found`);
  if (!isObj(u)) throw shapeChanged(PLATFORM, `data.${union} object in the pathfinder ${operation} answer`);
  return u;
}

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

function imageSources(r: Reader, field: string): ImageSource[] {
  // Spotify leaves width and height null on some images (playlist mosaics).
  return r.items(field, (i) => ({ url: i.str('url'), width: i.int('width'), height: i.int('height') }));
}

// ---------------------------------------------------------------------------------------------
// Podcast
// ---------------------------------------------------------------------------------------------

/** The members api.md lists, in its order; anything else the union carries follows them. */
const PODCAST_KEYS = [
  'id',
  'uri',
  '__typename',
  'name',
  'description',
  'htmlDescription',
  'publisher',
  'contentType',
  'mediaType',
  'coverArt',
  'episodesV2',
  'topics',
  'rating',
  'playability',
  'sharingInfo',
  'visualIdentity',
  'contentRatingV2',
  'consumptionOrderV2',
  'saved',
  'musicAndTalk',
  'showTypes',
  'gatedEntityRelations',
  'accessInfo',
  'trailerV2',
];

export function parsePodcast(json: unknown, requestedId?: string): Podcast {
  const p = pathfinderUnion(json, 'podcastUnionV2', 'queryShowMetadataV2', requestedId ? `Podcast ${requestedId}` : 'The podcast');
  const uri = str(p.uri);
  const id = (typeof p.id === 'string' && SPOTIFY_ID_RE.test(p.id) ? p.id : null) ?? idFromUri(uri, 'show');
  if (!id) throw shapeChanged(PLATFORM, 'podcastUnionV2.id/uri');

  // What every show page shows: name, description, publisher, cover art, media type; and what
  // the persisted query selects on every show (a GraphQL answer carries each, null when unset).
  // README: the ones Spotify sends only for some shows are read as optional.
  const r = reader(p, { platform: PLATFORM, record: 'podcast' });
  const publisher = r.obj('publisher');
  const coverArt = r.obj('coverArt');
  const rating = r.opt.obj('rating');
  const rr = r.over(rating, 'rating');
  const avg = rating ? rr.obj('averageRating') : null;
  const ar = rr.over(avg, 'averageRating');
  const playability = r.obj('playability');
  const pl = r.over(playability, 'playability');
  const sharing = r.obj('sharingInfo');
  const sh = r.over(sharing, 'sharingInfo');
  const contentRating = r.obj('contentRatingV2');
  const podcast: Podcast = {
    id,
    uri: uri ?? `spotify:show:${id}`,
    __typename: r.str('__typename'),
    name: r.str('name'),
    description: r.str('description'),
    htmlDescription: r.opt.str('htmlDescription'),
    publisher: publisher ? { name: r.over(publisher, 'publisher').str('name') } : null,
    contentType: r.opt.str('contentType'),
    mediaType: r.str('mediaType'),
    coverArt: coverArt ? { sources: imageSources(r.over(coverArt, 'coverArt'), 'sources') } : null,
    episodesV2: pageItems(r, 'episodesV2', (e) => e.root as Obj),
    topics: pageItems(r, 'topics', (t) => ({ __typename: t.str('__typename'), title: t.str('title'), uri: t.str('uri') })),
    rating: rating
      ? {
          averageRating: avg
            ? { average: ar.num('average'), showAverage: ar.bool('showAverage'), totalRatings: ar.int('totalRatings') }
            : null,
          canRate: rr.bool('canRate'),
          rating: rating.rating ?? null,
        }
      : null,
    playability: playability
      ? { playable: pl.bool('playable'), reason: pl.opt.str('reason'), unplayabilityReasons: pl.arr('unplayabilityReasons') ?? [] }
      : null,
    sharingInfo: sharing ? { shareId: sh.str('shareId'), shareUrl: sh.str('shareUrl') } : null,
    visualIdentity: r.opt.obj('visualIdentity'),
    contentRatingV2: contentRating ? { labels: r.over(contentRating, 'contentRatingV2').strings('labels') } : null,
    consumptionOrderV2: r.opt.str('consumptionOrderV2'),
    saved: r.bool('saved'),
    musicAndTalk: r.bool('musicAndTalk'),
    showTypes: r.strings('showTypes'),
    gatedEntityRelations: r.arr('gatedEntityRelations') ?? [],
    accessInfo: p.accessInfo ?? null,
    trailerV2: p.trailerV2 ?? null,
  };
  // Further upstream members (e.g. `contentCapabilityTrait`) follow the listed ones unchanged.
  const more = podcast as Podcast & Record<string, unknown>;
  for (const [k, v] of Object.entries(p)) if (!PODCAST_KEYS.includes(k)) more[k] = v;
  return podcast;
}

// ---------------------------------------------------------------------------------------------
// Playlist
// ---------------------------------------------------------------------------------------------

/** Upstream sends play counts as decimal strings ("85221565"); a number passes through. */
export function toCount(v: unknown): number | null {
  const n = intish(v);
  return n !== null && n >= 0 ? n : null;
}

/**
 * One playlist item. Unavailable entries (no data, no URI) carry nothing to report and are left
 * out (Spotify's own gaps, not warned); an item of another shape is left out and warned.
 */
function playlistTrack(item: Reader): PlaylistTrack | null | 'gap' {
  const wrapper = item.opt.obj('itemV2') ?? item.opt.obj('item');
  if (!wrapper) return null;
  const d = item.over(wrapper.data, 'itemV2.data');
  const uri = d.opt.str('uri');
  if (!isObj(wrapper.data) || !uri) return 'gap';
  // Tracks have `trackDuration`; episodes in playlists have `duration` (and no album).
  const dur = d.opt.obj('trackDuration') ?? d.obj('duration');
  const album = d.opt.obj('albumOfTrack');
  const al = d.over(album, 'albumOfTrack');
  return {
    id: idFromUri(uri),
    uri,
    name: d.str('name'),
    albumOfTrack: album ? { name: al.str('name'), uri: al.str('uri') } : null,
    artists: pageItems(d, 'artists', (a) => ({ profile: { name: a.child('profile').str('name') }, uri: a.str('uri') })),
    duration: { totalMilliseconds: dur ? d.over(dur, 'duration').int('totalMilliseconds') : null },
    // Null when Spotify shows none (README).
    playcount: d.opt.get('playcount', toCount),
  };
}

/**
 * One page of a playlist. `page` is what was asked for (offset and limit); the next cursor is
 * the offset after the items actually returned, so a server that returns fewer items than asked
 * for never makes a track unreachable. A page stating (`pagingInfo.offset`) another offset than
 * asked is UPSTREAM_FAILED. The URI identifies the playlist; a missing item list is
 * a playlist page without tracks (warned, and no next page), not a failed playlist.
 */
export function parsePlaylist(json: unknown, page: { id?: string; offset: number; limit: number }): Playlist {
  const p = pathfinderUnion(json, 'playlistV2', 'fetchPlaylist', page.id ? `Playlist ${page.id}` : 'The playlist');
  const uri = str(p.uri);
  const id = idFromUri(uri, 'playlist');
  if (!uri || !id) throw shapeChanged(PLATFORM, 'playlistV2.uri');

  // Every playlist has a name, an owner and a follower count; the description is the owner's choice.
  const r = reader(p, { platform: PLATFORM, record: 'playlist' });
  const content = r.child('content');
  const items = content.arr('items');
  const paging = content.opt.obj('pagingInfo') ?? {};
  // A page stating another offset than asked is another page (the first again, for the second):
  // read as from its own offset, its next offset could be the one just asked — an endless chain.
  const offset = int(paging.offset) ?? page.offset;
  if (offset !== page.offset)
    throw upstreamFailed(
      `${PLATFORM}: asked for the playlist's tracks from ${page.offset}, the upstream answered those from ${offset} (another page)`,
    );
  const totalCount = content.int('totalCount');
  const count = items?.length ?? 0;
  const next = offset + count;
  const more = count > 0 && (totalCount !== null ? next < totalCount : count >= page.limit);

  const owner = r.obj('ownerV2', ['ownerV2', 'data']);
  const o = r.over(owner, 'ownerV2');
  const tracks: PlaylistTrack[] = [];
  for (const t of content.items('items', playlistTrack)) if (t !== 'gap') tracks.push(t);
  return {
    id,
    uri,
    __typename: r.str('__typename'),
    name: r.str('name'),
    description: r.opt.str('description'),
    followers: r.int('followers'),
    images: pageItems(r, 'images', (i) => ({ sources: imageSources(i, 'sources') })),
    ownerV2: owner ? { __typename: o.str('__typename'), name: o.str('name'), uri: o.str('uri'), username: o.str('username') } : null,
    tracks,
    cursor: more ? next : null,
    totalCount,
  };
}

// ---------------------------------------------------------------------------------------------
// Embed pages: the entity (track, album, artist)
// ---------------------------------------------------------------------------------------------

/**
 * `props.pageProps.state.data.entity` of an embed page (the whole HTML page or its
 * `__NEXT_DATA__` object). Only the entity is read: the page's `settings.session` (the anonymous
 * token) never reaches a record. Next.js's own error page (`/_error`, or a 404 / 410 status in the
 * page props) and an entity of type `error` are NOT_FOUND; a page without an entity object is a
 * changed shape (what Spotify serves for an unknown id is not captured: README).
 */
function embedEntity(page: string | Obj, what: string): Obj {
  const next = typeof page === 'string' ? extractNextData(page) : page;
  const props = isObj(next.props) ? next.props : {};
  const pageProps = isObj(props.pageProps) ? props.pageProps : {};
  const status = int(pageProps.statusCode) ?? int(pageProps.status);
  if (next.page === '/_error' || status === 404 || status === 410) throw notFound(`${what} was not found`);
  const entity = at(pageProps, ['state', 'data', 'entity']);
  if (isObj(entity) && entity.type === 'error') throw notFound(`${what} was not found`);
  if (!isObj(entity)) throw shapeChanged(PLATFORM, 'props.pageProps.state.data.entity in the embed page');
  return entity;
}

/**
 * The entity's id and URI. It names itself twice (its URI and its id; README): both must name one
 * resource of this kind — an entity of another type (an episode, a playlist) is not one
 * (UPSTREAM_FAILED, identity.ts). Whether it is the one asked for is the caller's check (fetch.ts).
 */
function embedIdentity(entity: Obj, kind: EmbedKind, what: string): { id: string; uri: string } {
  const uri = str(entity.uri);
  const statedId = typeof entity.id === 'string' && SPOTIFY_ID_RE.test(entity.id) ? entity.id : null;
  const id = idFromUri(uri) ?? statedId;
  if (!id) throw shapeChanged(PLATFORM, `${kind}.uri/id in the embed page entity`);
  assertSameResource(PLATFORM, what, { type: kind, id }, { type: str(entity.type) ?? uriKind(uri), id: statedId });
  return { id, uri: uri ?? `spotify:${kind}:${id}` };
}

/**
 * The entity's images and colours: `visualIdentity.image[]` `{url, maxWidth, maxHeight}` as the
 * folder's image sources `{url, width, height}` (`coverArt`, warned when missing; 2023 embeds'
 * `coverArt.sources` as they are), and the colour sets without the images (`visualIdentity`, null
 * when the embed sends none).
 */
function embedVisual(r: Reader): { coverArt: { sources: ImageSource[] } | null; visualIdentity: Obj | null } {
  const visual = r.opt.obj('visualIdentity');
  const { image: _image, ...colours } = visual ?? {};
  const visualIdentity = visual ? colours : null;
  // Embeds of 2023 carry the images as the entity's own `coverArt.sources` `{url, width, height}`.
  if (visual?.image === undefined && r.opt.obj('coverArt'))
    return {
      coverArt: {
        sources: r.items('coverArt', (i) => ({ url: i.str('url'), width: i.int('width'), height: i.int('height') }), [
          'coverArt',
          'sources',
        ]),
      },
      visualIdentity,
    };
  return {
    coverArt: r.arr('coverArt', ['visualIdentity', 'image'])
      ? {
          sources: r.items('coverArt', (i) => ({ url: i.str('url'), width: i.int('maxWidth'), height: i.int('maxHeight') }), [
            'visualIdentity',
            'image',
          ]),
        }
      : null,
    visualIdentity,
  };
}

/**
 * One `trackList` entry of an album, artist or playlist embed (their shared item shape: uri, uid,
 * title, subtitle = the artists' names as the embed joins them, duration in ms, flags, preview).
 * An entry without a URI is left out (warned); the others stay.
 */
export function embedTrack(t: Reader): EmbedTrack | null {
  const uri = t.opt.str('uri');
  if (!uri) return null;
  const preview = t.opt.obj('audioPreview');
  return {
    id: idFromUri(uri),
    uri,
    uid: t.str('uid'),
    title: t.str('title'),
    subtitle: t.str('subtitle'),
    duration: { totalMilliseconds: t.int('duration') },
    isExplicit: t.bool('isExplicit'),
    isPlayable: t.bool('isPlayable'),
    audioPreview: preview ? { url: t.over(preview, 'audioPreview').str('url') } : null,
  };
}

/** An entity's `trackList` (its record's `field`), read entry by entry. */
export function embedTrackList(entity: Obj, record: string): EmbedTrack[] {
  return reader(entity, { platform: PLATFORM, record }).items('trackList', embedTrack);
}

/** An artist reference `{name, uri}` of an embed entity; its id read from its URI. */
function embedArtist(a: Reader): TrackArtist {
  const artistUri = a.str('uri');
  return { id: idFromUri(artistUri, 'artist'), uri: artistUri, name: a.str('name') };
}

// ---------------------------------------------------------------------------------------------
// Track (embed page)
// ---------------------------------------------------------------------------------------------

/**
 * A track's embed page (`GET open.spotify.com/embed/track/<id>`, the whole HTML page or its
 * `__NEXT_DATA__` object) → audio-a track, from `props.pageProps.state.data.entity` (embedEntity,
 * embedIdentity: the page's token is never read into the record; another type of entity is
 * refused). `requestedId` only names the track in messages.
 */
export function parseTrack(page: string | Obj, requestedId?: string): Track {
  const what = requestedId ? `Track ${requestedId}` : 'The track';
  const entity = embedEntity(page, what);
  const { id, uri } = embedIdentity(entity, 'track', what);

  // Every track's embed shows its name, artists, length, explicit flag, release date and cover;
  // a preview clip, a video and the related entity only some have (README).
  const r = reader(entity, { platform: PLATFORM, record: 'track' });
  const releaseDate = r.obj('releaseDate');
  const preview = r.opt.obj('audioPreview');
  const { coverArt, visualIdentity } = embedVisual(r);
  return {
    id,
    uri,
    name: r.str('name', 'name', 'title'),
    artists: r.items('artists', embedArtist),
    duration: { totalMilliseconds: r.int('duration') },
    isExplicit: r.bool('isExplicit'),
    isPlayable: r.bool('isPlayable'),
    releaseDate: releaseDate ? { isoString: r.over(releaseDate, 'releaseDate').str('isoString') } : null,
    audioPreview: preview ? { url: r.over(preview, 'audioPreview').str('url') } : null,
    hasVideo: r.opt.bool('hasVideo'),
    coverArt,
    visualIdentity,
    relatedEntityUri: r.opt.str('relatedEntityUri'),
  };
}

// ---------------------------------------------------------------------------------------------
// Album and artist (embed pages)
// ---------------------------------------------------------------------------------------------

/**
 * An album's embed page (`GET open.spotify.com/embed/album/<id>`) → audio-a album. The entity
 * names its artists in `subtitle` (joined as the embed shows them); an `artists` list only when it
 * carries one (README). Its `duration` is not read: album embeds state 0, not the album's length.
 */
export function parseAlbum(page: string | Obj, requestedId?: string): Album {
  const what = requestedId ? `Album ${requestedId}` : 'The album';
  const entity = embedEntity(page, what);
  const { id, uri } = embedIdentity(entity, 'album', what);

  const r = reader(entity, { platform: PLATFORM, record: 'album' });
  const releaseDate = r.opt.obj('releaseDate');
  const { coverArt, visualIdentity } = embedVisual(r);
  return {
    id,
    uri,
    name: r.str('name', 'name', 'title'),
    subtitle: r.str('subtitle'),
    artists: r.opt.arr('artists') ? r.items('artists', embedArtist) : null,
    releaseDate: releaseDate ? { isoString: r.over(releaseDate, 'releaseDate').str('isoString') } : null,
    isExplicit: r.bool('isExplicit'),
    isPlayable: r.bool('isPlayable'),
    isPreRelease: r.opt.bool('isPreRelease'),
    coverArt,
    visualIdentity,
    trackList: r.items('trackList', embedTrack),
  };
}

/**
 * An artist's embed page (`GET open.spotify.com/embed/artist/<id>`) → audio-a artist: its name,
 * images and colours, and the top tracks the embed lists (its `trackList`). Followers and monthly
 * listeners only when the entity states them (the embeds read so far do not: null, README).
 */
export function parseArtist(page: string | Obj, requestedId?: string): Artist {
  const what = requestedId ? `Artist ${requestedId}` : 'The artist';
  const entity = embedEntity(page, what);
  const { id, uri } = embedIdentity(entity, 'artist', what);

  const r = reader(entity, { platform: PLATFORM, record: 'artist' });
  const { coverArt, visualIdentity } = embedVisual(r);
  return {
    id,
    uri,
    name: r.str('name', 'name', 'title'),
    coverArt,
    visualIdentity,
    topTracks: r.items('topTracks', embedTrack, 'trackList'),
    followers: r.opt.get('followers', toCount),
    monthlyListeners: r.opt.get('monthlyListeners', toCount),
  };
}

// ---------------------------------------------------------------------------------------------
// Episode (embed page)
// ---------------------------------------------------------------------------------------------

/**
 * A podcast episode's embed page (`GET open.spotify.com/embed/episode/<id>`, the whole HTML page or
 * its `__NEXT_DATA__` object) → audio-a episode, from `props.pageProps.state.data.entity`
 * (embedEntity, embedIdentity: another type of entity, a show or a track, is refused). The show is
 * the entity's `subtitle` (its name), `relatedEntityUri` (read only when it is a show URI; another
 * kind of URI is warned, never taken for the show) and `relatedEntityCoverArt`. Only the entity is
 * read: the page's session and its `defaultAudioFileObject` (signed audio URLs) are not.
 */
export function parseEpisode(page: string | Obj, requestedId?: string): Episode {
  const what = requestedId ? `Episode ${requestedId}` : 'The episode';
  const entity = embedEntity(page, what);
  const { id, uri } = embedIdentity(entity, 'episode', what);

  // Every episode's embed shows its name, show, length, flags, release date and cover; a preview
  // clip, a video, the show's cover and a description only some (README).
  const r = reader(entity, { platform: PLATFORM, record: 'episode' });
  const releaseDate = r.obj('releaseDate');
  const preview = r.opt.obj('audioPreview');
  const { coverArt, visualIdentity } = embedVisual(r);
  const related = r.str('show.uri', 'relatedEntityUri');
  const showId = idFromUri(related, 'show');
  if (related && !showId) r.warn('show.uri', 'relatedEntityUri is not a show URI');
  const showCover = r.opt.arr('show.coverArt', 'relatedEntityCoverArt');
  return {
    id,
    uri,
    name: r.str('name', 'name', 'title'),
    show: {
      id: showId,
      uri: showId ? related : null,
      name: r.str('show.name', 'subtitle'),
      coverArt: showCover
        ? {
            sources: r.items(
              'show.coverArt',
              (i) => ({ url: i.str('url'), width: i.int('maxWidth'), height: i.int('maxHeight') }),
              'relatedEntityCoverArt',
            ),
          }
        : null,
    },
    description: r.opt.str('description'),
    releaseDate: releaseDate ? { isoString: r.over(releaseDate, 'releaseDate').str('isoString') } : null,
    duration: { totalMilliseconds: r.int('duration') },
    isExplicit: r.bool('isExplicit'),
    isPlayable: r.bool('isPlayable'),
    audioPreview: preview ? { url: r.over(preview, 'audioPreview').str('url') } : null,
    hasVideo: r.opt.bool('hasVideo'),
    coverArt,
    visualIdentity,
  };
}

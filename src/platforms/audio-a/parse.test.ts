import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, hasFixtures, hasPeerExample, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { extractNextData, idFromInput, idFromUri, parseEmbedSession, parsePlaylist, parsePodcast, parseTrack, toCount } from './parse.js';
import { PLAYLIST_PAGE_SIZE, QUERIES, currentHash, embedUrl, pathfinderUrl, tokenPageUrl } from './pathfinder.js';
import { recordKeys } from '../records.js';
import { Playlist, PlaylistTrack, Podcast, Track } from './schema.js';
import { embedHtml, embedNextData, notFoundPage, SAMPLE_ARTIST_ID, SAMPLE_TRACK_ID, trackEmbedPage, trackEntity } from './samples.js';
import { errorOf } from '../../../test/support/errors.js';

const LABEL = 'audio-a';
const HAVE_CAPTURES = hasFixtures(LABEL);
const SHOW = 'pathfinder-show-joe-rogan-experience.json';
const PLAYLIST = 'pathfinder-playlist-todays-top-hits.json';
const EMBED_PLAYLIST = 'embed-next-data-playlist-todays-top-hits.json';
const EMBED_TRACK = 'embed-track-scorpions-blackout.html';
const WEBAPI_SHOW = 'webapi-show-acht-milliarden.SECOND-BEST.json';
const peerExample = (name: string) => resolve(FIXTURES_DIR, '../reference/peer-examples', name);

/** api.md order of the audio-a podcast record. */
const PODCAST_KEYS = recordKeys(Podcast);
const PLAYLIST_KEYS = recordKeys(Playlist);
const TRACK_KEYS = recordKeys(PlaylistTrack);
const TRACK_RECORD_KEYS = recordKeys(Track);

const json = (file: string) => JSON.parse(readFixture(LABEL, file)) as any;
/** The query parameters of a pathfinder URL, with `variables` and `extensions` decoded. */
function pathfinderParams(url: string) {
  const u = new URL(url);
  return {
    operationName: u.searchParams.get('operationName'),
    variables: JSON.parse(u.searchParams.get('variables')!),
    extensions: JSON.parse(u.searchParams.get('extensions')!),
  };
}

// ---------------------------------------------------------------------------------------------
// Real captures, read in place from ../shared/fixtures/audio-a (facts: its SOURCES.md)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!HAVE_CAPTURES)(`audio-a captures (${skipReason(LABEL)})`, () => {
  describe(SHOW, () => {
    const load = () => parsePodcast(json(SHOW), '4rOoJ6Egrf8K2IrywzwOMk');

    it('name, uri, id, publisher and descriptions', () => {
      const p = load();
      expect(p.name).toBe('The Joe Rogan Experience');
      expect(p.uri).toBe('spotify:show:4rOoJ6Egrf8K2IrywzwOMk');
      expect(p.id).toBe('4rOoJ6Egrf8K2IrywzwOMk');
      expect(p.__typename).toBe('Podcast');
      expect(p.publisher).toEqual({ name: 'Joe Rogan' });
      expect(p.description).toBe('The official podcast of comedian Joe Rogan.');
      expect(p.htmlDescription).toBe('<p>The official podcast of comedian Joe Rogan.</p>');
    });

    it('rating: average 4.659556190783405 of 948741 ratings', () => {
      const r = load().rating!;
      expect(r.averageRating).toEqual({ average: 4.659556190783405, showAverage: true, totalRatings: 948741 });
      expect(r.canRate).toBe(true);
      expect(r.rating).toEqual({ rating: 0 });
    });

    it('one topic (Comedy); three cover images 64/300/640 with the 640 url', () => {
      const p = load();
      expect(p.topics).toHaveLength(1);
      expect(p.topics[0]).toMatchObject({ __typename: 'PodcastTopic', title: 'Comedy' });
      expect(p.coverArt!.sources.map((s) => s.width)).toEqual([64, 300, 640]);
      expect(p.coverArt!.sources.map((s) => s.height)).toEqual([64, 300, 640]);
      expect(p.coverArt!.sources.find((s) => s.width === 640)!.url).toBe(
        'https://i.scdn.co/image/ab6765630000ba8ab1d33eb79d3ecd50b856696e',
      );
    });

    it('episodesV2: one entity wrapper with the episode uri (no names in this operation)', () => {
      const p = load();
      expect(p.episodesV2).toHaveLength(1);
      expect(p.episodesV2[0]).toEqual({
        entity: {
          __typename: 'EpisodeResponseWrapper',
          data: { __typename: 'Episode', creator: null, uri: 'spotify:episode:07gKzPFkbvGF0cHoeG7ARS' },
        },
      });
    });

    it('playability, sharing, visual identity and content rating', () => {
      const p = load();
      expect(p.playability).toEqual({ playable: true, reason: 'PLAYABLE', unplayabilityReasons: [] });
      expect(p.sharingInfo).toEqual({
        shareId: 'DH3urka-S3aZt49eA87onA',
        shareUrl: 'https://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk?si=DH3urka-S3aZt49eA87onA',
      });
      expect((p.visualIdentity as any).squareCoverImage.extractedColorSet).toBeTypeOf('object');
      expect(p.contentRatingV2).toEqual({ labels: ['EXPLICIT'] });
      expect(p.consumptionOrderV2).toBe('EPISODIC');
      expect(p.showTypes).toEqual(['SHOW_TYPE_EXCLUSIVE']);
      expect(p.contentType).toBe('CONTENT_TYPE_PODCAST');
      expect(p.mediaType).toBe('MIXED');
      expect(p.saved).toBe(false);
      expect(p.musicAndTalk).toBe(false);
      expect(p.gatedEntityRelations).toEqual([]);
      expect(p.accessInfo).toBeNull();
      expect(p.trailerV2).toBeNull();
    });

    it('has exactly the api.md keys in order, nothing undefined', () => {
      const p = load();
      expect(Object.keys(p)).toEqual(PODCAST_KEYS);
      expect(Object.values(p)).not.toContain(undefined);
    });

    it('our request for this show is the one SOURCES.md records', () => {
      const params = pathfinderParams(pathfinderUrl(QUERIES.show, { uri: 'spotify:show:4rOoJ6Egrf8K2IrywzwOMk' }, {}));
      expect(params).toEqual({
        operationName: 'queryShowMetadataV2',
        variables: { uri: 'spotify:show:4rOoJ6Egrf8K2IrywzwOMk' },
        extensions: { persistedQuery: { version: 1, sha256Hash: 'aaad798a17a43c0f443c45d630a83df39d2ca1062a090c2e4fb045d6b00ab360' } },
      });
    });
  });

  describe(PLAYLIST, () => {
    // The capture answered offset 0, limit 25; we ask for 100 per page.
    const load = (limit = 25) => parsePlaylist(json(PLAYLIST), { id: '37i9dQZF1DXcBWIGoYBM5M', offset: 0, limit });

    it('name (with U+2019), description, uri, id, followers (a number), owner', () => {
      const p = load();
      expect(p.name).toBe('Today\u2019s Top Hits');
      expect(p.name).not.toContain("'");
      expect(p.description).toBe('The hottest 50. Cover: Ariana Grande');
      expect(p.uri).toBe('spotify:playlist:37i9dQZF1DXcBWIGoYBM5M');
      expect(p.id).toBe('37i9dQZF1DXcBWIGoYBM5M');
      expect(p.__typename).toBe('Playlist');
      expect(p.followers).toBe(34284032);
      expect(p.ownerV2).toEqual({ __typename: 'User', name: 'Spotify', uri: 'spotify:user:spotify', username: 'spotify' });
      expect(p.images).toEqual([
        { sources: [{ url: 'https://i.scdn.co/image/ab67706f000000028c9dc68bd893f9232ac4ec29', width: null, height: null }] },
      ]);
    });

    it('totalCount 50 but 25 items: cursor 25 points at the rest (also when 100 were asked for)', () => {
      const raw = json(PLAYLIST).data.playlistV2.content;
      expect(raw.pagingInfo).toEqual({ limit: 25, offset: 0 });
      for (const limit of [25, PLAYLIST_PAGE_SIZE]) {
        const p = load(limit);
        expect(p.totalCount).toBe(50);
        expect(p.tracks).toHaveLength(25);
        expect(p.cursor).toBe(25);
      }
    });

    it('first track: Ariana Grande, playcount string "85221565" becomes a number', () => {
      expect(load().tracks[0]).toEqual({
        id: '20jbSiX29FDX4oQxBXyUEi',
        uri: 'spotify:track:20jbSiX29FDX4oQxBXyUEi',
        name: 'hate that i made you love me',
        albumOfTrack: { name: 'hate that i made you love me', uri: 'spotify:album:1x159B5VzbDWAGBik5cr1z' },
        artists: [{ profile: { name: 'Ariana Grande' }, uri: 'spotify:artist:66CXWjxzNUsdJxJ2JdwvnR' }],
        duration: { totalMilliseconds: 197949 },
        playcount: 85221565,
      });
      expect(json(PLAYLIST).data.playlistV2.content.items[0].itemV2.data.playcount).toBe('85221565');
    });

    it('third track (two artists) and the 25th', () => {
      const t = load().tracks;
      expect(t[2]).toMatchObject({ name: 'Dracula - JENNIE Remix', albumOfTrack: { name: 'Dracula (Remix)' }, playcount: 326857871 });
      expect(t[2].artists.map((a) => a.profile.name)).toEqual(['Tame Impala', 'JENNIE']);
      expect(t[24]).toMatchObject({ name: 'The Fate of Ophelia', playcount: 1436402036 });
    });

    it('every track is complete: id from the uri, numbers where numbers belong', () => {
      for (const t of load().tracks) {
        expect(Object.keys(t)).toEqual(TRACK_KEYS);
        expect(t.uri).toBe(`spotify:track:${t.id}`);
        expect(t.name).toBeTruthy();
        expect(t.albumOfTrack!.uri).toMatch(/^spotify:album:[0-9A-Za-z]{22}$/);
        expect(t.artists.length).toBeGreaterThan(0);
        expect(Number.isInteger(t.duration.totalMilliseconds)).toBe(true);
        expect(Number.isSafeInteger(t.playcount)).toBe(true);
      }
      // Above GraphQL's 32-bit Int: why playcount is a Float there.
      expect(Math.max(...load().tracks.map((t) => t.playcount!))).toBe(2695221420);
    });

    it('has exactly the api.md keys in order', () => {
      expect(Object.keys(load())).toEqual(PLAYLIST_KEYS);
    });

    it('our request for this page is the one SOURCES.md records (but for the page size)', () => {
      const params = pathfinderParams(
        pathfinderUrl(
          QUERIES.playlist,
          { uri: 'spotify:playlist:37i9dQZF1DXcBWIGoYBM5M', offset: 0, limit: 25, enableWatchFeedEntrypoint: false },
          {},
        ),
      );
      expect(params).toEqual({
        operationName: 'fetchPlaylist',
        variables: { uri: 'spotify:playlist:37i9dQZF1DXcBWIGoYBM5M', offset: 0, limit: 25, enableWatchFeedEntrypoint: false },
        extensions: { persistedQuery: { version: 1, sha256Hash: 'a65e12194ed5fc443a1cdebed5fabe33ca5b07b987185d63c72483867ad13cb4' } },
      });
    });
  });

  describe(EMBED_PLAYLIST, () => {
    const next = () => json(EMBED_PLAYLIST);
    const entity = () => next().props.pageProps.state.data.entity;

    it('session: anonymous, token value redacted by the capturing tool, expiry 2026-06-10T20:09:06Z', () => {
      const s = parseEmbedSession(next());
      expect(s).toEqual({ accessToken: 'REDACTED', expiresAt: 1781122146954, isAnonymous: true });
      expect(new Date(s.expiresAt!).toISOString()).toBe('2026-06-10T20:09:06.954Z');
    });

    it('entity facts: playlist Today’s Top Hits by Spotify', () => {
      const e = entity();
      expect(e.type).toBe('playlist');
      expect(e.name).toBe('Today\u2019s Top Hits');
      expect(e.subtitle).toBe('Spotify');
      expect(e.uri).toBe('spotify:playlist:37i9dQZF1DXcBWIGoYBM5M');
      expect(next().page).toBe('/playlist/[id]');
    });

    it('trackList: all 50 (first and last as recorded)', () => {
      const list = entity().trackList;
      expect(list).toHaveLength(50);
      expect(list[0]).toMatchObject({
        title: 'hate that i made you love me',
        subtitle: 'Ariana Grande',
        duration: 197949,
        uri: 'spotify:track:20jbSiX29FDX4oQxBXyUEi',
      });
      expect(list[49]).toMatchObject({ title: 'The Visitor', subtitle: 'SIENNA SPIRO' });
    });

    it('the pathfinder page holds the embed list’s first 25 tracks, in order (so cursor 25 continues it)', () => {
      const embedUris = entity().trackList.map((t: { uri: string }) => t.uri);
      const page = parsePlaylist(json(PLAYLIST), { offset: 0, limit: 25 });
      expect(page.tracks.map((t) => t.uri)).toEqual(embedUris.slice(0, 25));
      expect(new Set(embedUris).size).toBe(page.totalCount);
    });
  });

  describe(EMBED_TRACK, () => {
    const html = () => readFixture(LABEL, EMBED_TRACK);

    it('session: an anonymous token (long expired) with its expiry 2025-05-21T16:08:49Z', () => {
      const s = parseEmbedSession(html());
      expect(typeof s.accessToken).toBe('string');
      expect(s.accessToken.length).toBeGreaterThan(20);
      expect(s.accessToken).not.toBe('REDACTED');
      expect(s.expiresAt).toBe(1747843729605);
      expect(new Date(s.expiresAt!).toISOString()).toBe('2025-05-21T16:08:49.605Z');
      expect(s.isAnonymous).toBe(true);
    });

    it('entity facts: track Blackout by Scorpions', () => {
      const next = extractNextData(html()) as any;
      const e = next.props.pageProps.state.data.entity;
      expect(e.type).toBe('track');
      expect(e.name).toBe('Blackout');
      expect(e.uri).toBe('spotify:track:15RpfmFhrE5RRkf4vZ6kZu');
      expect(e.artists).toEqual([{ name: 'Scorpions', uri: 'spotify:artist:27T030eWyCQRmDyuvr1kxY' }]);
      expect(e.duration).toBe(228266);
      expect(e.isExplicit).toBe(false);
      expect(e.releaseDate.isoString).toBe('1982-04-10T00:00:00Z');
      expect(next.page).toBe('/track/[id]');
      expect(/<title[^>]*>([^<]*)<\/title>/.exec(html())![1]).toBe('Spotify Embed');
    });

    it('is the page the token is taken from by default', () => {
      expect(tokenPageUrl({})).toBe('https://open.spotify.com/embed/track/15RpfmFhrE5RRkf4vZ6kZu');
    });

    describe('parseTrack', () => {
      const load = () => parseTrack(html(), '15RpfmFhrE5RRkf4vZ6kZu');

      it('track Blackout: uri, id, Scorpions with uri and id, 228266 ms, not explicit, released 1982-04-10', () => {
        const t = load();
        expect(t.name).toBe('Blackout');
        expect(t.uri).toBe('spotify:track:15RpfmFhrE5RRkf4vZ6kZu');
        expect(t.id).toBe('15RpfmFhrE5RRkf4vZ6kZu');
        expect(t.artists).toEqual([{ id: '27T030eWyCQRmDyuvr1kxY', uri: 'spotify:artist:27T030eWyCQRmDyuvr1kxY', name: 'Scorpions' }]);
        expect(t.duration).toEqual({ totalMilliseconds: 228266 });
        expect(t.isExplicit).toBe(false);
        expect(t.releaseDate).toEqual({ isoString: '1982-04-10T00:00:00Z' });
      });

      it('playable, a preview clip, no video, the artist as related entity', () => {
        const t = load();
        expect(t.isPlayable).toBe(true);
        expect(t.audioPreview).toEqual({ url: 'https://p.scdn.co/mp3-preview/039f7567f559adb224510051f0824b634905377f' });
        expect(t.hasVideo).toBe(false);
        expect(t.relatedEntityUri).toBe('spotify:artist:27T030eWyCQRmDyuvr1kxY');
      });

      it('cover art: the three visualIdentity images (300, 64, 640) as {url, width, height}; the colours without them', () => {
        const t = load();
        expect(t.coverArt!.sources.map((s) => [s.width, s.height])).toEqual([
          [300, 300],
          [64, 64],
          [640, 640],
        ]);
        expect(t.coverArt!.sources[2].url).toBe('https://image-cdn-ak.spotifycdn.com/image/ab67616d0000b2730b0fbaf16e4475ad616b41b8');
        expect(t.visualIdentity).toMatchObject({ backgroundBase: { alpha: 255, red: 48, green: 48, blue: 104 } });
        expect(t.visualIdentity).not.toHaveProperty('image');
      });

      it('exactly the record keys in order; valid against the schema; read without a warning', () => {
        const { result, warnings } = captureWarnings(load);
        expect(Object.keys(result)).toEqual(TRACK_RECORD_KEYS);
        expect(Track.parse(result)).toEqual(result);
        expect(warnings).toEqual([]);
      });

      it('never carries the page’s anonymous token', () => {
        const token = parseEmbedSession(html()).accessToken;
        const text = JSON.stringify(load());
        expect(html()).toContain(token);
        expect(text).not.toContain(token);
        expect(text).not.toContain('accessToken');
      });

      it('is fetched from the URL SOURCES.md records', () => {
        expect(embedUrl('track', '15RpfmFhrE5RRkf4vZ6kZu')).toBe('https://open.spotify.com/embed/track/15RpfmFhrE5RRkf4vZ6kZu');
      });
    });
  });

  describe(WEBAPI_SHOW, () => {
    const show = () => json(WEBAPI_SHOW);

    it('facts of the official Web API show (a different, snake_case schema)', () => {
      const s = show();
      expect(s.name).toBe('Acht Milliarden \u2013 Der Auslands-Podcast');
      expect(s.publisher).toBe('DER SPIEGEL');
      expect(s.id).toBe('7iZEp9f2Gg8JvKNqK3t905');
      expect(s.media_type).toBe('audio');
      expect(s.languages).toEqual(['de']);
      expect(s.available_markets).toHaveLength(77);
      expect(s.explicit).toBe(false);
      expect(s.images.map((i: { width: number }) => i.width)).toEqual([640, 300, 64]);
      expect(s.episodes.total).toBe(1);
      expect(s.episodes.items[0]).toMatchObject({
        name: 'Coronakrise in China: Wie Peking die USA vorf\u00fchrt',
        duration_ms: 1777964,
        release_date: '2020-03-30',
      });
      expect(s.description.startsWith('Wie navigiert die Welt durch die Coronakrise?')).toBe(true);
      expect(s.external_urls.spotify).toBe('https://open.spotify.com/show/7iZEp9f2Gg8JvKNqK3t905');
      expect(idFromInput(s.external_urls.spotify, 'show')).toBe(s.id);
      expect(idFromUri(s.uri, 'show')).toBe(s.id);
    });

    it('is not a pathfinder answer: parsing it is a changed shape, never an empty podcast', () => {
      const e = errorOf(() => parsePodcast(show()));
      expect(e.code).toBe('UPSTREAM_FAILED');
      expect(e.message).toContain('data.podcastUnionV2');
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Peer examples: same keys and value types as the REST bodies a peer service publishes
// ---------------------------------------------------------------------------------------------

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const ENVELOPE = ['success', 'credits_remaining', 'credits_charged'];
const withoutEnvelope = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k]) => !ENVELOPE.includes(k)));

describe.skipIf(!hasPeerExample(peerExample('audio-a_podcast.json')))('peer example audio-a_podcast.json', () => {
  const peer = () => withoutEnvelope(JSON.parse(readFileSync(peerExample('audio-a_podcast.json'), 'utf8')).sampleResponse);

  it('its record, sent back as pathfinder would send it, parses to itself', () => {
    const p = peer() as any;
    const upstream = {
      data: {
        podcastUnionV2: { ...p, episodesV2: { __typename: 'ContextEpisodePage', items: p.episodesV2 }, topics: { items: p.topics } },
      },
    };
    expect(parsePodcast(upstream)).toEqual(p);
  });

  it.skipIf(!HAVE_CAPTURES)('our record of the real capture has its keys with the same value types', () => {
    const ours = parsePodcast(json(SHOW)) as unknown as Record<string, unknown>;
    const theirs = peer();
    // contentCapabilityTrait is not in our capture (it is passed through when upstream sends it).
    for (const k of Object.keys(theirs).filter((k) => k !== 'contentCapabilityTrait')) {
      expect(ours, k).toHaveProperty(k);
      expect(typeOf(ours[k]), k).toBe(typeOf(theirs[k]));
    }
  });
});

describe.skipIf(!hasPeerExample(peerExample('audio-a_playlist.json')))('peer example audio-a_playlist.json', () => {
  const peer = () => withoutEnvelope(JSON.parse(readFileSync(peerExample('audio-a_playlist.json'), 'utf8')).sampleResponse) as any;

  it('same keys and types as our record (playcount a number, cursor and totalCount integers)', () => {
    const theirs = peer();
    const ours = HAVE_CAPTURES
      ? (parsePlaylist(json(PLAYLIST), { offset: 0, limit: 25 }) as unknown as Record<string, any>)
      : (parsePlaylist(pagesOf(60, 0, 50), { offset: 0, limit: 50 }) as unknown as Record<string, any>);
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
    for (const k of Object.keys(theirs)) expect(typeOf(ours[k]), k).toBe(typeOf(theirs[k]));
    expect(Object.keys(ours.tracks[0]).sort()).toEqual(Object.keys(theirs.tracks[0]).sort());
    for (const k of Object.keys(theirs.tracks[0])) expect(typeOf(ours.tracks[0][k]), k).toBe(typeOf(theirs.tracks[0][k]));
    expect(ours.ownerV2).toEqual(expect.objectContaining({ __typename: 'User' }));
    expect(Object.keys(ours.ownerV2).sort()).toEqual(Object.keys(theirs.ownerV2).sort());
    expect(Number.isInteger(theirs.cursor) && Number.isInteger(ours.cursor)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Project-own cases (always run). Upstream bodies below are written by us in the shape the
// captures show (pathfinder `data.playlistV2` / `data.podcastUnionV2`, embed `__NEXT_DATA__`).
// ---------------------------------------------------------------------------------------------

/** A pathfinder fetchPlaylist answer: `total` tracks, this page from `offset`, at most `limit`. */
function pagesOf(total: number, offset: number, limit: number, extra: Record<string, unknown> = {}) {
  const items = [];
  for (let i = offset; i < Math.min(total, offset + limit); i++) {
    const id = `trk${String(i).padStart(19, '0')}`;
    items.push({
      itemV2: {
        __typename: 'TrackResponseWrapper',
        data: {
          __typename: 'Track',
          uri: `spotify:track:${id}`,
          name: `Song ${i}`,
          albumOfTrack: { name: `Album ${i}`, uri: `spotify:album:alb${String(i).padStart(19, '0')}` },
          artists: { items: [{ profile: { name: `Artist ${i}` }, uri: `spotify:artist:art${String(i).padStart(19, '0')}` }] },
          trackDuration: { totalMilliseconds: 180000 + i },
          playcount: String(1000 + i),
        },
      },
    });
  }
  return {
    data: {
      playlistV2: {
        __typename: 'Playlist',
        uri: 'spotify:playlist:0123456789abcdefABCDEF',
        name: 'Test list',
        description: null,
        followers: 7,
        images: { items: [] },
        ownerV2: { data: { __typename: 'User', name: 'Someone', uri: 'spotify:user:someone', username: 'someone' } },
        content: { __typename: 'PlaylistItemsPage', items, pagingInfo: { offset, limit }, totalCount: total },
        ...extra,
      },
    },
  };
}

describe('parsePlaylist: paging', () => {
  it('walking the cursor reaches every track exactly once, then null', () => {
    const seen: string[] = [];
    let cursor: number | null = 0;
    let pages = 0;
    while (cursor !== null) {
      const p = parsePlaylist(pagesOf(230, cursor, 100), { offset: cursor, limit: 100 });
      seen.push(...p.tracks.map((t) => t.name!));
      cursor = p.cursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 230 }, (_, i) => `Song ${i}`));
  });

  it('a server that returns fewer items than asked still lets every track be reached', () => {
    const p = parsePlaylist(pagesOf(60, 0, 25), { offset: 0, limit: 100 });
    expect(p.cursor).toBe(25);
    const last = parsePlaylist(pagesOf(60, 50, 25), { offset: 50, limit: 100 });
    expect(last.tracks).toHaveLength(10);
    expect(last.cursor).toBeNull();
  });

  it('a cursor past the end is an empty last page, not an error', () => {
    const p = parsePlaylist(pagesOf(10, 40, 100), { offset: 40, limit: 100 });
    expect(p.tracks).toEqual([]);
    expect(p.cursor).toBeNull();
    expect(p.totalCount).toBe(10);
  });

  it('a page stating another offset than asked (the first page again, for the second) is no page of the asked offset: UPSTREAM_FAILED, never its own cursor back', () => {
    // Asked from 100, answered the tracks from 0 (pagingInfo.offset 0): read as from 0 its next
    // offset would be 100 again, the cursor just passed in — an endless chain.
    expect(() => parsePlaylist(pagesOf(112, 0, 100), { offset: 100, limit: 100 })).toThrow(
      expect.objectContaining({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/from 100.*from 0/) }),
    );
    // Stating the asked offset, or none (read as the asked one), is that page.
    expect(parsePlaylist(pagesOf(112, 100, 100), { offset: 100, limit: 100 })).toMatchObject({ cursor: null, totalCount: 112 });
    const unstated = pagesOf(112, 100, 100);
    delete (unstated.data.playlistV2.content as any).pagingInfo;
    expect(parsePlaylist(unstated, { offset: 100, limit: 100 }).tracks).toHaveLength(12);
  });

  it('an empty playlist: no tracks, cursor null, totalCount 0', () => {
    const p = parsePlaylist(pagesOf(0, 0, 100), { offset: 0, limit: 100 });
    expect(p).toMatchObject({ tracks: [], cursor: null, totalCount: 0 });
  });

  it('without totalCount, a full page means there may be more', () => {
    const body = pagesOf(300, 0, 100);
    delete (body.data.playlistV2.content as any).totalCount;
    expect(parsePlaylist(body, { offset: 0, limit: 100 })).toMatchObject({ cursor: 100, totalCount: null });
    const short = pagesOf(30, 0, 100);
    delete (short.data.playlistV2.content as any).totalCount;
    expect(parsePlaylist(short, { offset: 0, limit: 100 }).cursor).toBeNull();
  });
});

describe('parsePlaylist: items and fields', () => {
  it('episodes, local files and unavailable entries', () => {
    const body = pagesOf(0, 0, 100);
    body.data.playlistV2.content.items = [
      {
        itemV2: {
          __typename: 'EpisodeResponseWrapper',
          data: {
            __typename: 'Episode',
            uri: 'spotify:episode:07gKzPFkbvGF0cHoeG7ARS',
            name: 'An episode',
            duration: { totalMilliseconds: 3600000 },
          },
        },
      },
      {
        itemV2: {
          __typename: 'LocalTrackResponseWrapper',
          data: { __typename: 'LocalTrack', uri: 'spotify:local:Artist:Album:Title:200', name: 'Title' },
        },
      },
      { itemV2: { __typename: 'RestrictedContent' } },
    ] as any;
    (body.data.playlistV2.content as any).totalCount = 3;
    const p = parsePlaylist(body, { offset: 0, limit: 100 });
    expect(p.tracks).toEqual([
      {
        id: '07gKzPFkbvGF0cHoeG7ARS',
        uri: 'spotify:episode:07gKzPFkbvGF0cHoeG7ARS',
        name: 'An episode',
        albumOfTrack: null,
        artists: [],
        duration: { totalMilliseconds: 3600000 },
        playcount: null,
      },
      {
        id: null,
        uri: 'spotify:local:Artist:Album:Title:200',
        name: 'Title',
        albumOfTrack: null,
        artists: [],
        duration: { totalMilliseconds: null },
        playcount: null,
      },
    ]);
    // The unavailable entry still counts for the cursor: nothing is skipped on the next page.
    expect(p.cursor).toBeNull();
  });

  it('missing optional members are null (never undefined); ownerV2 and images degrade alone', () => {
    const body = pagesOf(1, 0, 100);
    const pl = body.data.playlistV2 as any;
    delete pl.name;
    delete pl.followers;
    delete pl.ownerV2;
    delete pl.images;
    delete pl.__typename;
    const p = parsePlaylist(body, { offset: 0, limit: 100 });
    expect(p).toMatchObject({ name: null, description: null, followers: null, ownerV2: null, images: [], __typename: null });
    expect(Object.keys(p)).toEqual(PLAYLIST_KEYS);
    expect(JSON.stringify(p)).not.toContain('undefined');
  });

  it.each([
    ['85221565', 85221565],
    [' 42 ', 42],
    [1436402036, 1436402036],
    ['2695221420', 2695221420],
    ['', null],
    ['1,234', null],
    [null, null],
    [undefined, null],
    [-3, null],
    [1.5, null],
  ])('playcount %j → %j', (input, out) => {
    expect(toCount(input)).toBe(out);
  });
});

describe('parsePodcast: errors and fallbacks', () => {
  it('a null union or a NotFound member is NOT_FOUND naming the id', () => {
    for (const body of [
      { data: { podcastUnionV2: null } },
      { data: { podcastUnionV2: { __typename: 'NotFound', message: 'Podcast not found' } } },
    ]) {
      const e = errorOf(() => parsePodcast(body, '0000000000000000000000'));
      expect(e.code).toBe('NOT_FOUND');
      expect(e.status).toBe(404);
      expect(e.message).toContain('0000000000000000000000');
    }
  });

  it('a rotated persisted-query hash is UPSTREAM_FAILED naming the operation', () => {
    const body = { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] };
    const e = errorOf(() => parsePodcast(body));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('queryShowMetadataV2');
    expect(errorOf(() => parsePlaylist(body, { offset: 0, limit: 100 })).message).toContain('fetchPlaylist');
  });

  it('other GraphQL errors without data are UPSTREAM_FAILED with their message', () => {
    const e = errorOf(() => parsePodcast({ errors: [{ message: 'Invalid uri' }], data: null }));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('Invalid uri');
  });

  it.each([
    ['null', null],
    ['a string', 'nope'],
    ['an array', []],
    ['no data', {}],
    ['data without the union', { data: {} }],
    ['a union that is not an object', { data: { podcastUnionV2: 'x' } }],
    ['a podcast without id or uri', { data: { podcastUnionV2: { __typename: 'Podcast', name: 'x' } } }],
  ])('garbage (%s) → UPSTREAM_FAILED, never an empty record', (_l, body) => {
    expect(errorOf(() => parsePodcast(body)).code).toBe('UPSTREAM_FAILED');
  });

  it('a minimal podcast: every api.md member present, null or empty where absent', () => {
    const p = parsePodcast({ data: { podcastUnionV2: { uri: 'spotify:show:4rOoJ6Egrf8K2IrywzwOMk' } } });
    expect(Object.keys(p)).toEqual(PODCAST_KEYS);
    expect(p).toMatchObject({
      id: '4rOoJ6Egrf8K2IrywzwOMk',
      name: null,
      publisher: null,
      coverArt: null,
      episodesV2: [],
      topics: [],
      rating: null,
      showTypes: [],
      gatedEntityRelations: [],
      accessInfo: null,
      trailerV2: null,
    });
  });

  it('members api.md does not list are passed through after the listed ones', () => {
    const p = parsePodcast({
      data: {
        podcastUnionV2: {
          id: '4rOoJ6Egrf8K2IrywzwOMk',
          uri: 'spotify:show:4rOoJ6Egrf8K2IrywzwOMk',
          contentCapabilityTrait: { rateability: { value: 'RESTRICTED' } },
        },
      },
    });
    expect(Object.keys(p)).toEqual([...PODCAST_KEYS, 'contentCapabilityTrait']);
    expect((p as any).contentCapabilityTrait).toEqual({ rateability: { value: 'RESTRICTED' } });
  });

  it('playlist: garbage and not-found', () => {
    expect(errorOf(() => parsePlaylist({ data: { playlistV2: null } }, { offset: 0, limit: 100 })).code).toBe('NOT_FOUND');
    expect(errorOf(() => parsePlaylist({ data: { playlistV2: { __typename: 'NotFound' } } }, { offset: 0, limit: 100 })).code).toBe(
      'NOT_FOUND',
    );
    // Without its item list the playlist degrades (no tracks, no next page, warned); only its URI is identity.
    const bare = captureWarnings(() =>
      parsePlaylist({ data: { playlistV2: { uri: 'spotify:playlist:0123456789abcdefABCDEF' } } }, { offset: 0, limit: 100 }),
    );
    expect(bare.result).toMatchObject({ id: '0123456789abcdefABCDEF', tracks: [], cursor: null, totalCount: null });
    expect(bare.warnings.map((w) => w.field)).toContain('playlist.content');
    expect(errorOf(() => parsePlaylist({ data: { playlistV2: { content: { items: [] } } } }, { offset: 0, limit: 100 })).message).toContain(
      'playlistV2.uri',
    );
  });
});

describe('parseEmbedSession / extractNextData', () => {
  const page = (next: unknown) =>
    `<!DOCTYPE html><html><head><title>Spotify Embed</title></head><body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script></body></html>`;
  const session = (s: unknown) => ({ props: { pageProps: { state: { settings: { session: s } } } }, page: '/track/[id]' });

  it('reads the token and its expiry', () => {
    expect(
      parseEmbedSession(page(session({ accessToken: 'BQ-test', accessTokenExpirationTimestampMs: 1700000000000, isAnonymous: true }))),
    ).toEqual({
      accessToken: 'BQ-test',
      expiresAt: 1700000000000,
      isAnonymous: true,
    });
    expect(parseEmbedSession(page(session({ accessToken: 'x' })))).toEqual({ accessToken: 'x', expiresAt: null, isAnonymous: null });
  });

  it('a page without the token is a changed shape naming the path', () => {
    for (const s of [{}, { accessToken: '' }, { accessToken: null }, null]) {
      const e = errorOf(() => parseEmbedSession(page(session(s))));
      expect(e.code).toBe('UPSTREAM_FAILED');
      expect(e.message).toContain('settings.session.accessToken');
    }
    expect(
      errorOf(() => parseEmbedSession('<html><body><script id="__NEXT_DATA__" type="application/json">{oops</script></body></html>'))
        .message,
    ).toContain('valid JSON');
  });

  it('a block or challenge page is UPSTREAM_BLOCKED; any other page without __NEXT_DATA__ is a changed shape', () => {
    // Shapes of vendor block pages (written by us, with the structural markers of the block
    // catalogue): Akamai's "Access Denied" with its edgesuite reference, a PerimeterX captcha.
    const blocked = [
      "<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>You don't have permission to access this server.<P>Reference&#32;&#35;18&#46;5e3c1402&#46;1591284212&#46;2b8d26b6<P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;18&#46;5e3c1402&#46;1591284212&#46;2b8d26b6</P></BODY></HTML>",
      '<html><body><div id="px-captcha"></div><script src="https://captcha.px-cdn.net/PXabc123/captcha.js?a=c&m=0"></script></body></html>',
    ];
    for (const html of blocked) {
      const e = errorOf(() => parseEmbedSession(html));
      expect(e.code).toBe('UPSTREAM_BLOCKED');
      expect(e.status).toBe(502);
    }
    expect(errorOf(() => parseEmbedSession('<html><body>Hello</body></html>')).code).toBe('UPSTREAM_FAILED');
  });
});

describe('parseTrack: our own embed pages (samples.ts)', () => {
  const withoutImage = () => {
    const { image: _image, ...colours } = trackEntity().visualIdentity as Record<string, unknown>;
    return colours;
  };
  const fields = (o: Record<string, unknown>) => parseTrack(trackEmbedPage(SAMPLE_TRACK_ID, o), SAMPLE_TRACK_ID);
  const warned = (o: Record<string, unknown>) => {
    const { result, warnings } = captureWarnings(() => fields(o));
    return { result, fields: warnings.map((w) => w.field) };
  };

  it('the whole record', () => {
    expect(parseTrack(trackEmbedPage())).toEqual({
      id: SAMPLE_TRACK_ID,
      uri: `spotify:track:${SAMPLE_TRACK_ID}`,
      name: 'Slow Simmer',
      artists: [{ id: SAMPLE_ARTIST_ID, uri: `spotify:artist:${SAMPLE_ARTIST_ID}`, name: 'Paper Lanterns' }],
      duration: { totalMilliseconds: 214000 },
      isExplicit: false,
      isPlayable: true,
      releaseDate: { isoString: '2024-09-13T00:00:00Z' },
      audioPreview: { url: 'https://p.scdn.co/mp3-preview/d3m0pr3v13w5l0w5immer0000000000000001' },
      hasVideo: false,
      coverArt: {
        sources: [300, 64, 640].map((size) => ({
          url: expect.stringMatching(/^https:\/\/image-cdn-ak\.spotifycdn\.com\/image\//),
          width: size,
          height: size,
        })),
      },
      visualIdentity: expect.objectContaining({ backgroundBase: { alpha: 255, blue: 20, green: 60, red: 120 } }),
      relatedEntityUri: `spotify:artist:${SAMPLE_ARTIST_ID}`,
    });
  });

  it("a 2023 embed: no visualIdentity, the images as the entity's coverArt.sources (width, height)", () => {
    const sources = [300, 64, 640].map((size) => ({ url: `https://i.scdn.co/image/ab67616d0000cover${size}`, width: size, height: size }));
    const legacy = { visualIdentity: undefined, coverArt: { extractedColors: { colorDark: { hex: '#785870' } }, sources } };
    const { result, fields: warnedFields } = warned(legacy);
    expect(result.coverArt).toEqual({ sources });
    expect(result.visualIdentity).toBeNull();
    expect(warnedFields).not.toContain('coverArt');
  });

  it('a 2022–23 embed: no __NEXT_DATA__, the same state as base64 JSON in <script id="initial-state"> reads as the Next.js page does', () => {
    // Our own page, written from what public reference says of that generation of embeds: the
    // state object (`data.entity`, the 2023 entity members) base64-encoded in
    // `<script id="initial-state">` (microlinkhq/spotify-url-info src/index.js, which reads
    // `initial-state` → base64 → JSON → `.data.entity` since its fix for the changed embeds of
    // 2022-08, issue #94 / PR #96, and "fix: base64 to string" PR #101).
    const sources = [300, 64, 640].map((size) => ({ url: `https://i.scdn.co/image/ab67616d0000cover${size}`, width: size, height: size }));
    const entity = trackEntity(SAMPLE_TRACK_ID, { visualIdentity: undefined, coverArt: { sources } });
    const state = (embedNextData({ entity, session: null }) as any).props.pageProps.state;
    const base64 = Buffer.from(JSON.stringify(state), 'utf8').toString('base64');
    const page = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Spotify Embed</title></head><body><div id="root"></div>
<script id="initial-state" type="text/plain">${base64}</script><script src="https://open.spotifycdn.com/cdn/build/embed/embed.abc123.js"></script></body></html>`;
    const expected = parseTrack(embedHtml(embedNextData({ entity })), SAMPLE_TRACK_ID);
    expect(parseTrack(page, SAMPLE_TRACK_ID)).toEqual(expected);
    expect(expected.coverArt).toEqual({ sources });
    // A page whose initial-state is not the state (not base64 JSON of an object) is a changed shape, not a crash.
    for (const body of ['%%%not base64%%%', Buffer.from('[1,2]').toString('base64')]) {
      const e = errorOf(() => parseTrack(page.replace(base64, body), SAMPLE_TRACK_ID));
      expect(e.code).toBe('UPSTREAM_FAILED');
    }
  });

  it('the __NEXT_DATA__ object reads as the page does', () => {
    const next = embedNextData({ entity: trackEntity() });
    expect(parseTrack(next)).toEqual(parseTrack(embedHtml(next)));
  });

  it.each([
    ['name', { name: undefined, title: undefined }, 'name'],
    ['artists', { artists: undefined }, 'artists'],
    ['duration', { duration: undefined }, 'duration'],
    ['isExplicit', { isExplicit: undefined }, 'isExplicit'],
    ['isPlayable', { isPlayable: undefined }, 'isPlayable'],
    ['releaseDate', { releaseDate: undefined }, 'releaseDate'],
    ['coverArt', { visualIdentity: withoutImage() }, 'coverArt'],
    ['duration of another type', { duration: '3:34' }, 'duration'],
  ])('%s missing: that field alone degrades, warned', (_l, o, field) => {
    const { result, fields: warnedFields } = warned(o);
    expect(warnedFields).toEqual([`track.${field}`]);
    const whole = fields({});
    const changed = Object.keys(whole).filter((k) => JSON.stringify((result as any)[k]) !== JSON.stringify((whole as any)[k]));
    expect(changed).toEqual([field]);
    expect(Object.keys(result)).toEqual(TRACK_RECORD_KEYS);
    expect(Track.safeParse(result).success).toBe(true);
  });

  it('a name read from `title` when `name` is missing', () => {
    expect(fields({ name: undefined }).name).toBe('Slow Simmer');
  });

  it('preview, video, related entity and colours are null without a warning when the embed sends none', () => {
    const { result, fields: warnedFields } = warned({
      audioPreview: undefined,
      hasVideo: undefined,
      relatedEntityUri: undefined,
      visualIdentity: undefined,
    });
    expect(result).toMatchObject({ audioPreview: null, hasVideo: null, relatedEntityUri: null, visualIdentity: null });
    // The cover art lives in visualIdentity: every track's embed has it, so its loss is warned.
    expect(warnedFields).toEqual(['track.coverArt']);
  });

  it('explicit nulls are data: null, no warning', () => {
    const { result, fields: warnedFields } = warned({ audioPreview: null, releaseDate: null, isExplicit: null });
    expect(result).toMatchObject({ audioPreview: null, releaseDate: null, isExplicit: null });
    expect(warnedFields).toEqual([]);
  });

  it('an artist without a uri keeps its name (id null, warned); one with an album URI has no artist id', () => {
    const { result, fields: warnedFields } = warned({
      artists: [{ name: 'A' }, { name: 'B', uri: 'spotify:album:3dEm0A1bum000000000001' }],
    });
    expect(result.artists).toEqual([
      { id: null, uri: null, name: 'A' },
      { id: null, uri: 'spotify:album:3dEm0A1bum000000000001', name: 'B' },
    ]);
    expect(warnedFields).toEqual(['track.artists.uri']);
  });

  it('identity: the id alone makes the track (its URI built); neither is a changed shape', () => {
    expect(fields({ uri: undefined })).toMatchObject({ id: SAMPLE_TRACK_ID, uri: `spotify:track:${SAMPLE_TRACK_ID}` });
    expect(fields({ id: undefined })).toMatchObject({ id: SAMPLE_TRACK_ID });
    const e = errorOf(() => fields({ id: undefined, uri: undefined }));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('track.uri/id');
  });

  it('an entity of another type is not a track; a uri and an id naming two tracks are no track', () => {
    const episode = errorOf(() =>
      parseTrack(
        embedHtml(embedNextData({ entity: trackEntity(SAMPLE_TRACK_ID, { type: 'episode', uri: `spotify:episode:${SAMPLE_TRACK_ID}` }) })),
      ),
    );
    expect(episode.code).toBe('UPSTREAM_FAILED');
    expect(episode.message).toContain('episode');
    expect(errorOf(() => fields({ type: 'album' })).code).toBe('UPSTREAM_FAILED');
    // Without a type, the URI's kind says what it is.
    expect(errorOf(() => fields({ type: undefined, uri: `spotify:album:${SAMPLE_TRACK_ID}` })).code).toBe('UPSTREAM_FAILED');
    const two = errorOf(() => fields({ id: '3dEm0Tr4ck000000000002' }));
    expect(two.code).toBe('UPSTREAM_FAILED');
    expect(two.message).toContain('3dEm0Tr4ck000000000002');
  });

  it('Next.js’s error page (or a 404 status in the page props) is NOT_FOUND naming the id', () => {
    for (const page of [notFoundPage(), embedHtml({ props: { pageProps: { status: 404 } }, page: '/track/[id]' })]) {
      const e = errorOf(() => parseTrack(page, SAMPLE_TRACK_ID));
      expect(e.code).toBe('NOT_FOUND');
      expect(e.message).toContain(SAMPLE_TRACK_ID);
    }
  });

  it('a page without the entity (the token’s page) is a changed shape, never an empty track', () => {
    for (const entity of [undefined, null, 'x']) {
      const e = errorOf(() => parseTrack(embedHtml(embedNextData({ entity }))));
      expect(e.code).toBe('UPSTREAM_FAILED');
      expect(e.message).toContain('state.data.entity');
    }
    expect(errorOf(() => parseTrack('<html><body>Hello</body></html>')).code).toBe('UPSTREAM_FAILED');
  });

  it('a block page is UPSTREAM_BLOCKED', () => {
    const px =
      '<html><body><div id="px-captcha"></div><script src="https://captcha.px-cdn.net/PXabc123/captcha.js?a=c&m=0"></script></body></html>';
    expect(errorOf(() => parseTrack(px)).code).toBe('UPSTREAM_BLOCKED');
  });

  it('the sample session never reaches the record', () => {
    const page = trackEmbedPage(SAMPLE_TRACK_ID, {}, { accessToken: 'BQ-secret-anon-token' });
    expect(page).toContain('BQ-secret-anon-token');
    expect(JSON.stringify(parseTrack(page))).not.toContain('BQ-secret-anon-token');
  });
});

describe('ids and URLs', () => {
  const ID = '4rOoJ6Egrf8K2IrywzwOMk';
  it.each([
    [`https://open.spotify.com/show/${ID}`, ID],
    [`https://open.spotify.com/show/${ID}?si=DH3urka-S3aZt49eA87onA`, ID],
    [`https://open.spotify.com/show/${ID}/`, ID],
    [`http://OPEN.SPOTIFY.COM/show/${ID}#x`, ID],
    [`https://open.spotify.com/intl-de/show/${ID}`, ID],
    [`https://open.spotify.com/intl-pt-BR/show/${ID}`, ID],
    [`https://open.spotify.com/embed/show/${ID}`, ID],
    [`https://open.spotify.com/embed-podcast/show/${ID}`, ID],
    [`  spotify:show:${ID}  `, ID],
    [`https://open.spotify.com/playlist/${ID}`, null],
    [`https://open.spotify.com/episode/${ID}`, null],
    [`spotify:playlist:${ID}`, null],
    [`https://open.spotify.com/show/${ID.slice(1)}`, null],
    [`https://open.spotify.com/show/${ID}/extra`, null],
    [`https://spotify.com/show/${ID}`, null],
    [`https://open.spotify.com.evil.example/show/${ID}`, null],
    [`https://user@open.spotify.com/show/${ID}`, null],
    [`https://open.spotify.com:8443/show/${ID}`, null],
    [`ftp://open.spotify.com/show/${ID}`, null],
    [ID, null],
    ['', null],
  ])('show %s → %s', (input, out) => {
    expect(idFromInput(input, 'show')).toBe(out);
  });

  it.each([
    ['https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M?si=abc', '37i9dQZF1DXcBWIGoYBM5M'],
    ['https://open.spotify.com/user/spotify/playlist/37i9dQZF1DXcBWIGoYBM5M', '37i9dQZF1DXcBWIGoYBM5M'],
    ['https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M', '37i9dQZF1DXcBWIGoYBM5M'],
    ['spotify:playlist:37i9dQZF1DXcBWIGoYBM5M', '37i9dQZF1DXcBWIGoYBM5M'],
    ['spotify:user:spotify:playlist:37i9dQZF1DXcBWIGoYBM5M', '37i9dQZF1DXcBWIGoYBM5M'],
    ['https://open.spotify.com/show/37i9dQZF1DXcBWIGoYBM5M', null],
    ['https://open.spotify.com/embed-podcast/playlist/37i9dQZF1DXcBWIGoYBM5M', null],
    ['https://open.spotify.com/album/37i9dQZF1DXcBWIGoYBM5M', null],
  ])('playlist %s → %s', (input, out) => {
    expect(idFromInput(input, 'playlist')).toBe(out);
  });

  it.each([
    [`https://open.spotify.com/track/${SAMPLE_TRACK_ID}?si=abc`, SAMPLE_TRACK_ID],
    [`https://open.spotify.com/intl-ja/track/${SAMPLE_TRACK_ID}`, SAMPLE_TRACK_ID],
    [`https://open.spotify.com/embed/track/${SAMPLE_TRACK_ID}`, SAMPLE_TRACK_ID],
    [`spotify:track:${SAMPLE_TRACK_ID}`, SAMPLE_TRACK_ID],
    [`https://open.spotify.com/episode/${SAMPLE_TRACK_ID}`, null],
    [`https://open.spotify.com/album/${SAMPLE_TRACK_ID}`, null],
    [`https://open.spotify.com/embed-podcast/track/${SAMPLE_TRACK_ID}`, null],
    [`spotify:album:${SAMPLE_TRACK_ID}`, null],
    [`https://play.spotify.com/track/${SAMPLE_TRACK_ID}`, null],
  ])('track %s → %s', (input, out) => {
    expect(idFromInput(input, 'track')).toBe(out);
  });

  it('idFromUri', () => {
    expect(idFromUri('spotify:track:20jbSiX29FDX4oQxBXyUEi')).toBe('20jbSiX29FDX4oQxBXyUEi');
    expect(idFromUri('spotify:local:a:b:c:1')).toBeNull();
    expect(idFromUri('spotify:show:20jbSiX29FDX4oQxBXyUEi', 'playlist')).toBeNull();
    expect(idFromUri(null)).toBeNull();
  });
});

describe('persisted-query hashes are configurable in one place', () => {
  afterEach(() => {
    delete process.env.AUDIO_A_PLAYLIST_QUERY_HASH;
  });

  it('the environment overrides a hash; a malformed override is refused loudly', () => {
    const fresh = 'f'.repeat(64);
    expect(currentHash(QUERIES.playlist, { AUDIO_A_PLAYLIST_QUERY_HASH: fresh.toUpperCase() })).toBe(fresh);
    expect(currentHash(QUERIES.playlist, {})).toBe(QUERIES.playlist.sha256Hash);
    process.env.AUDIO_A_PLAYLIST_QUERY_HASH = fresh;
    expect(pathfinderParams(pathfinderUrl(QUERIES.playlist, { uri: 'x' })).extensions.persistedQuery.sha256Hash).toBe(fresh);
    const e = errorOf(() => currentHash(QUERIES.playlist, { AUDIO_A_PLAYLIST_QUERY_HASH: 'abc' }));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('AUDIO_A_PLAYLIST_QUERY_HASH');
  });

  it('the token page can be configured too', () => {
    expect(tokenPageUrl({ AUDIO_A_TOKEN_PAGE_URL: 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC' })).toBe(
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
    );
  });
});

describe.skipIf(!hasFixtures(LABEL))(`parse warnings (audio-a, ${skipReason(LABEL)})`, () => {
  const show = () => JSON.parse(readFixture(LABEL, SHOW));
  const page = { offset: 0, limit: 25 };

  it('the real pathfinder captures read without a warning', () => {
    expect(captureWarnings(() => parsePodcast(show())).warnings).toEqual([]);
    expect(captureWarnings(() => parsePlaylist(JSON.parse(readFixture(LABEL, PLAYLIST)), page)).warnings).toEqual([]);
  });

  it('a show without its name: null plus podcast.name; a description given as null: no warning', () => {
    const body = show();
    delete body.data.podcastUnionV2.name;
    body.data.podcastUnionV2.description = null;
    const { result, warnings } = captureWarnings(() => parsePodcast(body));
    expect(result).toMatchObject({ name: null, description: null });
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([['audio-a', 'podcast.name']]);
  });
});

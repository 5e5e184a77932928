/**
 * Cache keys (src/platforms/operation.ts `cacheKeyOf`): for every operation the gateway serves,
 * spellings of one resource share a key (one cache entry, one single-flight), and different
 * resources never do — an over-normalised key would answer one account, post or page with
 * another's record, from the cache or from a shared in-flight fetch. Each pair below says why the
 * platform treats the two spellings as one resource or as two (case rules from each platform's
 * README / parser). An operation added without pairs here fails the first test.
 */
import { describe, expect, it } from 'vitest';
import { allOperations } from '../src/gateway.js';
import { encodeCursor } from '../src/platforms/cursor.js';
import type { OperationDef } from '../src/platforms/operation.js';
import { validateArgs } from '../src/platforms/operation.js';

type Args = Record<string, unknown>;
/** `same`: one resource spelt two ways. `differ`: two resources (or two pages / views of one). */
interface Pairs {
  same: [Args, Args][];
  differ: [Args, Args][];
}

/** A videoComments cursor with its fields in the order given (the key re-encodes it). */
const commentsCursor = (fields: object) => encodeCursor(fields);
/** A videoPlaylist cursor, likewise. */
const playlistCursor = (fields: object) => encodeCursor(fields);

const PAIRS: Record<string, Pairs> = {
  codeTrendingDevelopers: {
    same: [[{ language: 'TypeScript' }, { language: ' typescript ', since: 'daily' }]],
    differ: [
      [{ language: 'c' }, { language: 'c++' }],
      [{ language: 'rust' }, { language: 'rust', since: 'weekly' }],
    ],
  },
  codeRepository: {
    // GitHub owners and repository names are case-insensitive; `.git` and a trailing slash name the same repository.
    same: [
      [{ url: 'https://github.com/Creator-Lookup-Demo/Creator-Kit' }, { url: 'https://github.com/creator-lookup-demo/creator-kit.git' }],
    ],
    differ: [
      [{ url: 'https://github.com/a/kit' }, { url: 'https://github.com/a/kit2' }],
      [{ url: 'https://github.com/a/kit' }, { url: 'https://github.com/b/kit' }],
    ],
  },
  codeUser: {
    same: [[{ handle: 'Creator-Lookup-Demo' }, { handle: '@creator-lookup-demo' }]],
    differ: [[{ handle: 'creator' }, { handle: 'creator-x' }]],
  },
  codeUserRepos: {
    // Logins are case-insensitive; sort has a default (updated); a cursor is one page of one list.
    same: [
      [{ handle: 'Creator-Lookup-Demo' }, { handle: '@creator-lookup-demo', sort: 'updated' }],
      [
        { handle: 'Creator-Lookup-Demo', cursor: encodeCursor({ h: 'creator-lookup-demo', s: 'updated', p: 2 }) },
        {
          handle: 'creator-lookup-demo',
          sort: 'updated',
          cursor: encodeCursor({ p: 2, s: 'updated', h: 'creator-lookup-demo' }),
        },
      ],
    ],
    differ: [
      [{ handle: 'creator' }, { handle: 'creator-x' }],
      [{ handle: 'creator' }, { handle: 'creator', sort: 'pushed' }],
      [{ handle: 'creator' }, { handle: 'creator', cursor: encodeCursor({ h: 'creator', s: 'updated', p: 2 }) }],
      [
        { handle: 'creator', cursor: encodeCursor({ h: 'creator', s: 'updated', p: 2 }) },
        { handle: 'creator', cursor: encodeCursor({ h: 'creator', s: 'updated', p: 3 }) },
      ],
    ],
  },
  codeUserFollowers: {
    // Logins are case-insensitive; a cursor is one page of one account's followers.
    same: [
      [{ handle: 'Creator-Lookup-Demo' }, { handle: '@creator-lookup-demo' }],
      [
        { handle: 'Creator-Lookup-Demo', cursor: encodeCursor({ k: 'followers', h: 'creator-lookup-demo', p: 2 }) },
        { handle: 'creator-lookup-demo', cursor: encodeCursor({ p: 2, h: 'creator-lookup-demo', k: 'followers' }) },
      ],
    ],
    differ: [
      [{ handle: 'creator' }, { handle: 'creator-x' }],
      [{ handle: 'creator' }, { handle: 'creator', cursor: encodeCursor({ k: 'followers', h: 'creator', p: 2 }) }],
      [
        { handle: 'creator', cursor: encodeCursor({ k: 'followers', h: 'creator', p: 2 }) },
        { handle: 'creator', cursor: encodeCursor({ k: 'followers', h: 'creator', p: 3 }) },
      ],
    ],
  },
  codeRepositoryContributors: {
    // codeRepository's rule (case, `.git`), plus the page.
    same: [
      [{ url: 'https://github.com/Creator-Lookup-Demo/Creator-Kit' }, { url: 'https://github.com/creator-lookup-demo/creator-kit.git' }],
      [
        { url: 'https://github.com/A/Kit', cursor: encodeCursor({ k: 'contributors', r: 'a/kit', p: 2 }) },
        { url: 'https://github.com/a/kit/', cursor: encodeCursor({ p: 2, r: 'a/kit', k: 'contributors' }) },
      ],
    ],
    differ: [
      [{ url: 'https://github.com/a/kit' }, { url: 'https://github.com/a/kit2' }],
      [{ url: 'https://github.com/a/kit' }, { url: 'https://github.com/b/kit' }],
      [
        { url: 'https://github.com/a/kit' },
        { url: 'https://github.com/a/kit', cursor: encodeCursor({ k: 'contributors', r: 'a/kit', p: 2 }) },
      ],
    ],
  },
  codeRepositoryReleases: {
    // codeRepository's rule (case, `.git`, a trailing slash), plus the page.
    same: [
      [{ url: 'https://github.com/Creator-Lookup-Demo/Creator-Kit' }, { url: 'https://github.com/creator-lookup-demo/creator-kit.git' }],
      [
        { url: 'https://github.com/A/Kit', cursor: encodeCursor({ k: 'releases', r: 'a/kit', p: 2 }) },
        { url: 'https://github.com/a/kit/', cursor: encodeCursor({ p: 2, r: 'a/kit', k: 'releases' }) },
      ],
    ],
    differ: [
      [{ url: 'https://github.com/a/kit' }, { url: 'https://github.com/a/kit2' }],
      [{ url: 'https://github.com/a/kit' }, { url: 'https://github.com/b/kit' }],
      [{ url: 'https://github.com/a/kit' }, { url: 'https://github.com/a/kit', cursor: encodeCursor({ k: 'releases', r: 'a/kit', p: 2 }) }],
      [
        { url: 'https://github.com/a/kit', cursor: encodeCursor({ k: 'releases', r: 'a/kit', p: 2 }) },
        { url: 'https://github.com/a/kit', cursor: encodeCursor({ k: 'releases', r: 'a/kit', p: 3 }) },
      ],
    ],
  },
  websearchSearch: {
    same: [[{ query: ' creator  economy ' }, { query: 'creator economy', page: 1 }]],
    differ: [
      [{ query: 'creator economy' }, { query: 'creator economy', page: 2 }],
      [{ query: 'tools' }, { query: 'tools', region: 'de' }],
    ],
  },
  audioAPodcast: {
    // Spotify ids are base62: case-sensitive.
    same: [[{ id: '5dEm0Sh0wK1tchenT4lk01' }, { url: 'https://open.spotify.com/show/5dEm0Sh0wK1tchenT4lk01?si=abc' }]],
    differ: [[{ id: '5dEm0Sh0wK1tchenT4lk01' }, { id: '5dem0sh0wk1tchent4lk01' }]],
  },
  audioAPlaylist: {
    same: [[{ id: '3dEm0PlAyl1stCurry0x01' }, { url: 'spotify:playlist:3dEm0PlAyl1stCurry0x01', cursor: 0 }]],
    differ: [
      [{ id: '3dEm0PlAyl1stCurry0x01' }, { id: '3DEM0PLAYL1STCURRY0X01' }],
      [{ id: '3dEm0PlAyl1stCurry0x01' }, { id: '3dEm0PlAyl1stCurry0x01', cursor: 100 }],
    ],
  },
  audioATrack: {
    // Every accepted spelling of one track (URL with locale and ?si=, embed URL, URI) is its id; ids are case-sensitive.
    same: [
      [{ id: '3dEm0Tr4ck000000000001' }, { url: 'https://open.spotify.com/intl-de/track/3dEm0Tr4ck000000000001?si=abc' }],
      [{ url: 'spotify:track:3dEm0Tr4ck000000000001' }, { url: 'https://open.spotify.com/embed/track/3dEm0Tr4ck000000000001' }],
    ],
    differ: [
      [{ id: '3dEm0Tr4ck000000000001' }, { id: '3DEM0TR4CK000000000001' }],
      [{ id: '3dEm0Tr4ck000000000001' }, { id: '3dEm0Tr4ck000000000002' }],
    ],
  },
  audioAAlbum: {
    // Every accepted spelling of one album (URL with locale and ?si=, embed URL, URI) is its id; ids are case-sensitive.
    same: [
      [{ id: '3dEm0A1bum000000000001' }, { url: 'https://open.spotify.com/intl-de/album/3dEm0A1bum000000000001?si=abc' }],
      [{ url: 'spotify:album:3dEm0A1bum000000000001' }, { url: 'https://open.spotify.com/embed/album/3dEm0A1bum000000000001' }],
    ],
    differ: [
      [{ id: '3dEm0A1bum000000000001' }, { id: '3DEM0A1BUM000000000001' }],
      [{ id: '3dEm0A1bum000000000001' }, { id: '3dEm0A1bum000000000002' }],
    ],
  },
  audioAArtist: {
    same: [
      [{ id: '3dEm0Art1st00000000001' }, { url: 'https://open.spotify.com/intl-pt-BR/artist/3dEm0Art1st00000000001?si=abc' }],
      [{ url: 'spotify:artist:3dEm0Art1st00000000001' }, { url: 'https://open.spotify.com/embed/artist/3dEm0Art1st00000000001' }],
    ],
    differ: [
      [{ id: '3dEm0Art1st00000000001' }, { id: '3dem0art1st00000000001' }],
      [{ id: '3dEm0Art1st00000000001' }, { id: '3dEm0Art1st00000000002' }],
    ],
  },
  audioAEpisode: {
    // Every accepted spelling of one episode (URL with locale and ?si=, embed URLs, URI) is its id; ids are case-sensitive.
    same: [
      [{ id: '5dEm0Ep1s0de0000000003' }, { url: 'https://open.spotify.com/intl-ja/episode/5dEm0Ep1s0de0000000003?si=abc' }],
      [{ url: 'spotify:episode:5dEm0Ep1s0de0000000003' }, { url: 'https://open.spotify.com/embed/episode/5dEm0Ep1s0de0000000003' }],
      [{ id: '5dEm0Ep1s0de0000000003' }, { url: 'https://open.spotify.com/embed-podcast/episode/5dEm0Ep1s0de0000000003' }],
    ],
    differ: [
      [{ id: '5dEm0Ep1s0de0000000003' }, { id: '5dem0ep1s0de0000000003' }],
      [{ id: '5dEm0Ep1s0de0000000003' }, { id: '5dEm0Ep1s0de0000000002' }],
    ],
  },
  audioBArtist: {
    same: [[{ id: '1500000001' }, { url: 'https://music.apple.com/us/artist/test-pilots/1500000001' }]],
    differ: [
      [{ id: '1500000001' }, { id: '1500000002' }],
      // Another storefront's catalogue is another answer.
      [{ url: 'https://music.apple.com/us/artist/x/1500000001' }, { url: 'https://music.apple.com/gb/artist/x/1500000001' }],
    ],
  },
  audioBAlbum: {
    same: [[{ id: '1600000001' }, { url: 'https://music.apple.com/US/album/flight-log/id1600000001?l=en' }]],
    differ: [[{ url: 'https://music.apple.com/us/album/x/1600000001' }, { url: 'https://music.apple.com/jp/album/x/1600000001' }]],
  },
  audioBSong: {
    // Both link forms name the song by its id; the album id of `?i=` links is not part of the song's identity.
    same: [
      [{ id: '1600000011' }, { url: 'https://music.apple.com/us/song/crosswind/1600000011' }],
      [
        { url: 'https://music.apple.com/US/album/flight-log/1600000001?i=1600000011' },
        { url: 'https://music.apple.com/song/id1600000011?l=en' },
      ],
    ],
    differ: [
      [{ id: '1600000011' }, { id: '1600000012' }],
      // The album link's path is the album: only ?i= names the song.
      [{ url: 'https://music.apple.com/us/album/x/1600000001?i=1600000011' }, { id: '1600000001' }],
      [{ url: 'https://music.apple.com/us/song/x/1600000011' }, { url: 'https://music.apple.com/gb/song/x/1600000011' }],
    ],
  },
  audioBPlaylist: {
    // The id and its link (any slug, no slug, a query) are one playlist; a catalog id's hex in either case is Apple's lower-case id.
    same: [
      [
        { id: 'pl.fde3285b62264c44bc53477612d037a4' },
        { url: 'https://music.apple.com/us/playlist/new-danish-rap/pl.fde3285b62264c44bc53477612d037a4?l=en' },
      ],
      [
        { id: 'pl.FDE3285B62264C44BC53477612D037A4', storefront: 'US' },
        { url: 'https://music.apple.com/playlist/pl.fde3285b62264c44bc53477612d037a4' },
      ],
      [{ id: 'pl.u-8aAVZAKIDj3Y5j' }, { url: 'https://music.apple.com/us/playlist/road-trip/pl.u-8aAVZAKIDj3Y5j' }],
    ],
    differ: [
      [{ id: 'pl.fde3285b62264c44bc53477612d037a4' }, { id: 'pl.fde3285b62264c44bc53477612d037a5' }],
      // Another storefront's catalogue is another answer.
      [{ id: 'pl.fde3285b62264c44bc53477612d037a4' }, { id: 'pl.fde3285b62264c44bc53477612d037a4', storefront: 'gb' }],
      // User playlist ids are case-sensitive.
      [{ id: 'pl.u-8aAVZAKIDj3Y5j' }, { id: 'pl.u-8aavzakidj3y5j' }],
      // Each page is its own entry.
      [
        { id: 'pl.fde3285b62264c44bc53477612d037a4' },
        { id: 'pl.fde3285b62264c44bc53477612d037a4', cursor: encodeCursor({ p: 'pl.fde3285b62264c44bc53477612d037a4', s: 'us', o: 100 }) },
      ],
    ],
  },
  audioBSearch: {
    same: [[{ query: 'test  pilots ' }, { query: 'test pilots', type: 'all' }]],
    differ: [[{ query: 'test pilots' }, { query: 'test pilots', type: 'song' }]],
  },
  audioCArtist: {
    // SoundCloud permalinks are lower-case in practice; the profile URL names the same artist.
    same: [[{ handle: 'RaviMenonBeats' }, { url: 'https://soundcloud.com/ravimenonbeats' }]],
    differ: [[{ handle: 'ravimenonbeats' }, { handle: 'ravimenon-beats' }]],
  },
  audioCPlaylist: {
    // Permalinks are lower-case (SoundCloud's rule for them); www./m., a query, a fragment and a trailing slash name the same set.
    same: [
      [
        { url: 'https://soundcloud.com/ravimenonbeats/sets/rice-cooker-beats' },
        { url: 'https://m.soundcloud.com/RaviMenonBeats/sets/Rice-Cooker-Beats/?si=abc&utm_source=clipboard#t=0' },
      ],
      [
        { url: 'https://www.soundcloud.com/ravimenonbeats/sets/rice-cooker-beats' },
        { url: 'http://soundcloud.com/ravimenonbeats/sets/rice-cooker-beats' },
      ],
    ],
    differ: [
      [
        { url: 'https://soundcloud.com/ravimenonbeats/sets/rice-cooker-beats' },
        { url: 'https://soundcloud.com/ravimenonbeats/sets/rice-cooker-beats-2' },
      ],
      // The same slug under another account is another set.
      [
        { url: 'https://soundcloud.com/ravimenonbeats/sets/rice-cooker-beats' },
        { url: 'https://soundcloud.com/meeraloops/sets/rice-cooker-beats' },
      ],
    ],
  },
  audioCTrack: {
    // Permalinks are lower-case; www./m., a query, a fragment and a trailing slash name the same track.
    same: [
      [
        { url: 'https://soundcloud.com/ravimenonbeats/steam-valve' },
        { url: 'https://m.soundcloud.com/RaviMenonBeats/Steam-Valve/?si=abc&utm_source=clipboard#t=0:30' },
      ],
      [{ url: 'https://www.soundcloud.com/ravimenonbeats/steam-valve' }, { url: 'http://soundcloud.com/ravimenonbeats/steam-valve' }],
    ],
    differ: [
      [{ url: 'https://soundcloud.com/ravimenonbeats/steam-valve' }, { url: 'https://soundcloud.com/ravimenonbeats/steam-valve-2' }],
      // The same slug under another account is another track.
      [{ url: 'https://soundcloud.com/ravimenonbeats/steam-valve' }, { url: 'https://soundcloud.com/meeraloops/steam-valve' }],
    ],
  },
  audioCArtistTracks: {
    // The artist as audioCArtist keys it (handle or URL, case, @); a cursor is one page of one artist's list.
    same: [
      [{ handle: '@RaviMenonBeats' }, { url: 'https://m.soundcloud.com/ravimenonbeats/tracks' }],
      [
        { handle: 'ravimenonbeats', cursor: encodeCursor({ h: 'ravimenonbeats', u: 900000101, o: '2024-11-02T19:30:00.000Z,tracks,1' }) },
        {
          url: 'https://soundcloud.com/RaviMenonBeats',
          cursor: encodeCursor({ o: '2024-11-02T19:30:00.000Z,tracks,1', u: 900000101, h: 'ravimenonbeats' }),
        },
      ],
    ],
    differ: [
      [{ handle: 'ravimenonbeats' }, { handle: 'ravimenon-beats' }],
      [{ handle: 'ravimenonbeats' }, { handle: 'ravimenonbeats', cursor: encodeCursor({ h: 'ravimenonbeats', u: 900000101, o: 'a' }) }],
      [
        { handle: 'ravimenonbeats', cursor: encodeCursor({ h: 'ravimenonbeats', u: 900000101, o: 'a' }) },
        { handle: 'ravimenonbeats', cursor: encodeCursor({ h: 'ravimenonbeats', u: 900000101, o: 'b' }) },
      ],
      // A cursor made for another user id (the handle given to another account since) is another list.
      [
        { handle: 'ravimenonbeats', cursor: encodeCursor({ h: 'ravimenonbeats', u: 900000101, o: 'a' }) },
        { handle: 'ravimenonbeats', cursor: encodeCursor({ h: 'ravimenonbeats', u: 900000102, o: 'a' }) },
      ],
    ],
  },
  moodboardPost: {
    same: [[{ url: 'https://www.cosmos.so/e/1909064612' }, { url: 'https://cosmos.so/e/1909064612/' }]],
    differ: [[{ url: 'https://www.cosmos.so/e/1909064612' }, { url: 'https://www.cosmos.so/e/1909064613' }]],
  },
  moodboardSearch: {
    same: [[{ query: 'brutalist  stairwell' }, { query: ' brutalist stairwell', cursor: '' }]],
    differ: [
      [{ query: 'stairwell' }, { query: 'stairwell', cursor: 'abc' }],
      [
        { query: 'stairwell', cursor: 'abc' },
        { query: 'stairwell', cursor: 'ABC' },
      ],
    ],
  },
  linkpageAProfile: {
    same: [[{ url: 'https://link.me/Mira.Sol' }, { url: 'mira.sol' }]],
    differ: [[{ url: 'https://link.me/mira.sol' }, { url: 'https://link.me/mirasol' }]],
  },
  linkpageBPage: {
    same: [[{ url: 'https://linktr.ee/TalaOkafor' }, { url: '@talaokafor' }]],
    differ: [[{ url: 'https://linktr.ee/tala_okafor' }, { url: 'https://linktr.ee/talaokafor' }]],
  },
  linkpageCPage: {
    // The username is a host name.
    same: [[{ url: 'https://NightOwl.komi.io/links' }, { url: 'nightowl' }]],
    differ: [[{ url: 'https://nightowl.komi.io' }, { url: 'https://night-owl.komi.io' }]],
  },
  linkpageDPage: {
    same: [[{ url: 'https://pillar.io/MaraQuintero' }, { url: 'maraquintero' }]],
    differ: [[{ url: 'https://pillar.io/maraquintero' }, { url: 'https://pillar.io/mara.quintero' }]],
  },
  linkpageEPage: {
    same: [[{ url: 'https://lnk.bio/RaviMenonCooks' }, { url: 'ravimenoncooks' }]],
    differ: [[{ url: 'https://lnk.bio/ravimenoncooks' }, { url: 'https://lnk.bio/ravimenon_cooks' }]],
  },
  pinboardSearch: {
    same: [[{ query: 'chili  oil noodles' }, { query: 'chili oil noodles', trim: false }]],
    differ: [
      [{ query: 'noodles' }, { query: 'noodles', trim: true }],
      [
        { query: 'noodles', cursor: 'Y2JVSG' },
        { query: 'noodles', cursor: 'y2jvsg' },
      ],
    ],
  },
  pinboardProfile: {
    same: [[{ handle: 'TalaDraws' }, { handle: '@taladraws' }]],
    differ: [[{ handle: 'taladraws' }, { handle: 'tala_draws' }]],
  },
  pinboardPin: {
    // One pin: its URL on any Pinterest host, with or without a title slug, or its id.
    same: [
      [{ url: 'https://www.pinterest.com/pin/1125968647761564/' }, { id: '1125968647761564' }],
      [{ url: 'https://de.pinterest.com/pin/1125968647761564' }, { url: 'pinterest.co.uk/pin/juicing-ideas--1125968647761564/' }],
    ],
    differ: [[{ id: '1125968647761564' }, { id: '1125968647761565' }]],
  },
  pinboardBoard: {
    // Usernames and slugs are case-insensitive; a cursor is one page of one board.
    same: [
      [{ url: 'https://www.pinterest.com/TalaDraws/Sketchbook/' }, { url: 'de.pinterest.com/taladraws/sketchbook' }],
      [
        { url: 'https://www.pinterest.com/taladraws/sketchbook/', cursor: encodeCursor({ b: 'taladraws/sketchbook', k: 'Y2JV|p2' }) },
        { url: 'https://pinterest.com/TALADRAWS/sketchbook/', cursor: encodeCursor({ k: 'Y2JV|p2', b: 'taladraws/sketchbook' }) },
      ],
    ],
    differ: [
      [{ url: 'https://www.pinterest.com/taladraws/sketchbook/' }, { url: 'https://www.pinterest.com/taladraws/sketchbooks/' }],
      [{ url: 'https://www.pinterest.com/taladraws/sketchbook/' }, { url: 'https://www.pinterest.com/tala_draws/sketchbook/' }],
      [
        { url: 'https://www.pinterest.com/taladraws/sketchbook/' },
        { url: 'https://www.pinterest.com/taladraws/sketchbook/', cursor: encodeCursor({ b: 'taladraws/sketchbook', k: 'Y2JV|p2' }) },
      ],
    ],
  },
  socialBProfile: {
    same: [[{ handle: 'Tala.Draws' }, { handle: '@tala.draws' }]],
    differ: [[{ handle: 'tala.draws' }, { handle: 'taladraws' }]],
  },
  socialBPost: {
    // Shortcodes are base64: case-sensitive. A reel's /reel/ and /p/ URLs name one media.
    same: [[{ url: 'https://www.instagram.com/p/DAtalaDraw1/' }, { url: 'https://instagram.com/reel/DAtalaDraw1?igsh=x' }]],
    differ: [[{ url: 'https://www.instagram.com/p/DAtalaDraw1/' }, { url: 'https://www.instagram.com/p/DATALADRAW1/' }]],
  },
  socialBPosts: {
    same: [[{ handle: 'Tala.Draws' }, { handle: 'tala.draws', cursor: '' }]],
    differ: [
      [{ handle: 'tala.draws' }, { handle: 'tala.draws', cursor: encodeCursor({ h: 'tala.draws', a: '3400_17' }) }],
      [
        { handle: 'tala.draws', cursor: encodeCursor({ h: 'tala.draws', a: 'QVFEa' }) },
        { handle: 'tala.draws', cursor: encodeCursor({ h: 'tala.draws', a: 'qvfea' }) },
      ],
    ],
  },
  shortvideoProfile: {
    same: [[{ handle: 'Tala.Draws' }, { handle: '@tala.draws' }]],
    differ: [[{ handle: 'tala.draws' }, { handle: 'tala_draws' }]],
  },
  shortvideoVideo: {
    // The id names the video; the @user (case-insensitive) is part of what was asked. Host, query and fragment are not.
    same: [
      [
        { url: 'https://www.tiktok.com/@tala.draws/video/7390112233445566778' },
        { url: 'https://m.tiktok.com/@Tala.Draws/video/7390112233445566778/?is_from_webapp=1#c' },
      ],
    ],
    differ: [
      [
        { url: 'https://www.tiktok.com/@tala.draws/video/7390112233445566778' },
        { url: 'https://www.tiktok.com/@tala.draws/video/7390112233445566779' },
      ],
      [
        { url: 'https://www.tiktok.com/@tala.draws/video/7390112233445566778' },
        { url: 'https://www.tiktok.com/@tala_draws/video/7390112233445566778' },
      ],
    ],
  },
  forumSearch: {
    same: [[{ query: 'link  in bio' }, { query: 'link in bio', filter: 'posts', sort: 'relevance', timeframe: 'all' }]],
    differ: [
      [{ query: 'link in bio' }, { query: 'link in bio', filter: 'comments' }],
      [{ query: 'link in bio' }, { query: 'link in bio', after: 't3_abc' }],
      [{ query: 'link in bio' }, { query: 'link in bio', trim: true }],
    ],
  },
  forumUser: {
    same: [[{ handle: 'NightOwlPots' }, { handle: 'u/nightowlpots' }]],
    differ: [[{ handle: 'nightowlpots' }, { handle: 'nightowl_pots' }]],
  },
  forumUserPosts: {
    same: [[{ handle: 'NightOwlPots' }, { handle: 'nightowlpots', sort: 'new' }]],
    differ: [
      [{ handle: 'nightowlpots' }, { handle: 'nightowlpots', sort: 'top' }],
      [{ handle: 'nightowlpots' }, { handle: 'nightowlpots', after: 't3_abc' }],
    ],
  },
  forumUserComments: {
    same: [[{ handle: 'NightOwlPots' }, { handle: 'u/nightowlpots', sort: 'new', after: '' }]],
    differ: [
      [{ handle: 'nightowlpots' }, { handle: 'nightowl_pots' }],
      [{ handle: 'nightowlpots' }, { handle: 'nightowlpots', sort: 'controversial' }],
      [{ handle: 'nightowlpots' }, { handle: 'nightowlpots', after: 't1_abc' }],
      // `after` is passed to Reddit unchanged (api.ts: an opaque token is kept as sent), so the key does not fold it either.
      [
        { handle: 'nightowlpots', after: 't1_abc' },
        { handle: 'nightowlpots', after: 't1_ABC' },
      ],
    ],
  },
  forumSubreddit: {
    same: [[{ name: 'Pottery' }, { name: 'r/pottery', sort: 'hot' }]],
    differ: [
      [{ name: 'pottery' }, { name: 'pottery', sort: 'new' }],
      [
        { name: 'pottery', sort: 'top' },
        { name: 'pottery', sort: 'top', timeframe: 'week' },
      ],
    ],
  },
  forumSubredditSearch: {
    same: [
      [
        { subreddit: 'Pottery', query: 'celadon  glaze' },
        { subreddit: 'r/pottery/', query: ' celadon glaze', sort: 'relevance', timeframe: 'all', after: '' },
      ],
    ],
    differ: [
      [
        { subreddit: 'pottery', query: 'glaze' },
        { subreddit: 'ceramics', query: 'glaze' },
      ],
      [
        { subreddit: 'pottery', query: 'glaze' },
        { subreddit: 'pottery', query: 'kiln' },
      ],
      [
        { subreddit: 'pottery', query: 'glaze' },
        { subreddit: 'pottery', query: 'glaze', sort: 'new' },
      ],
      [
        { subreddit: 'pottery', query: 'glaze' },
        { subreddit: 'pottery', query: 'glaze', timeframe: 'week' },
      ],
      [
        { subreddit: 'pottery', query: 'glaze' },
        { subreddit: 'pottery', query: 'glaze', after: 't3_abc' },
      ],
    ],
  },
  forumPost: {
    // Reddit ids are base36 (lower-case); the title slug and a comment link name the same post.
    same: [
      [
        { url: 'https://www.reddit.com/r/pottery/comments/1hq7x2a/first_glaze_firing/' },
        { url: 'https://old.reddit.com/r/Pottery/comments/1HQ7X2A/' },
      ],
      [{ url: 'https://redd.it/1hq7x2a' }, { url: 'https://www.reddit.com/comments/1hq7x2a' }],
    ],
    differ: [[{ url: 'https://redd.it/1hq7x2a' }, { url: 'https://redd.it/1hq7x2b' }]],
  },
  microblogCSearch: {
    same: [[{ query: 'fish  curry' }, { query: 'fish curry', trim: false }]],
    differ: [[{ query: 'fish curry' }, { query: 'fish curry', startDate: '2025-01-01' }]],
  },
  microblogCProfile: {
    same: [[{ handle: 'Tala.Draws' }, { handle: '@tala.draws' }]],
    differ: [[{ handle: 'tala.draws' }, { handle: 'taladraws' }]],
  },
  microblogAPost: {
    same: [
      [
        { url: 'https://truthsocial.com/@harbourweather/posts/114560000000000001' },
        { url: 'https://truthsocial.com/@HarbourWeather/114560000000000001', downloadMedia: false },
      ],
    ],
    differ: [
      [{ url: 'https://truthsocial.com/@a/posts/114560000000000001' }, { url: 'https://truthsocial.com/@a/posts/114560000000000002' }],
      // The author is part of the post's identity: another user's URL with the same id is no post of a's.
      [{ url: 'https://truthsocial.com/@a/posts/114560000000000001' }, { url: 'https://truthsocial.com/@b/posts/114560000000000001' }],
      [
        { url: 'https://truthsocial.com/@a/posts/114560000000000001' },
        { url: 'https://truthsocial.com/@a/posts/114560000000000001', downloadMedia: true },
      ],
    ],
  },
  microblogAProfile: {
    same: [[{ handle: 'HarbourWeather' }, { handle: '@harbourweather' }]],
    differ: [[{ handle: 'harbourweather' }, { handle: 'harbour_weather' }]],
  },
  microblogAPosts: {
    same: [[{ handle: 'HarbourWeather' }, { handle: 'harbourweather', cursor: '' }]],
    differ: [
      [{ handle: 'harbourweather' }, { handle: 'harbourweather', cursor: encodeCursor({ a: '107', h: 'harbourweather', m: '5' }) }],
      // Two account ids behind one handle are two lists: a page read with one (a forged cursor) is no page of the other.
      [
        { handle: 'harbourweather', cursor: encodeCursor({ a: '107', h: 'harbourweather', m: '5' }) },
        { handle: 'harbourweather', cursor: encodeCursor({ a: '999', h: 'harbourweather', m: '5' }) },
      ],
    ],
  },
  microblogBTweet: {
    same: [
      [
        { url: 'https://x.com/TalaDraws/status/1881234567890123457' },
        { url: 'https://twitter.com/taladraws/status/1881234567890123457?s=20' },
      ],
    ],
    differ: [
      [{ url: 'https://x.com/a/status/1881234567890123457' }, { url: 'https://x.com/a/status/1881234567890123458' }],
      [{ url: 'https://x.com/a/status/1881234567890123457' }, { url: 'https://x.com/a/status/1881234567890123457', trim: true }],
    ],
  },
  microblogBProfile: {
    same: [[{ handle: 'TalaDraws' }, { handle: '@taladraws' }]],
    differ: [[{ handle: 'taladraws' }, { handle: 'tala_draws' }]],
  },
  videoChannel: {
    // Handles are case-insensitive; channel ids (UC + 22 base64 characters) are not.
    same: [
      [{ handle: '@RaviMenonCooks' }, { url: 'https://www.youtube.com/@ravimenoncooks/videos' }],
      [{ channelId: 'UCaBcDeFgHiJkLmNoPqRsTuV' }, { url: 'https://youtube.com/channel/UCaBcDeFgHiJkLmNoPqRsTuV' }],
    ],
    differ: [
      [{ channelId: 'UCaBcDeFgHiJkLmNoPqRsTuV' }, { channelId: 'UCabcdefghijklmnopqrstuv' }],
      [{ url: 'https://www.youtube.com/c/ravi' }, { url: 'https://www.youtube.com/user/ravi' }],
      [{ handle: 'ravi' }, { url: 'https://www.youtube.com/c/ravi' }],
    ],
  },
  videoVideo: {
    // Video ids are case-sensitive.
    same: [
      [{ id: 'kP9xWq2LmZ4' }, { url: 'https://www.youtube.com/watch?v=kP9xWq2LmZ4&t=10s' }],
      [{ url: 'https://youtu.be/kP9xWq2LmZ4' }, { url: 'https://www.youtube.com/shorts/kP9xWq2LmZ4' }],
    ],
    differ: [[{ id: 'kP9xWq2LmZ4' }, { id: 'kp9xwq2lmz4' }]],
  },
  videoVideos: {
    same: [[{ handle: '@RaviMenonCooks' }, { url: 'https://www.youtube.com/@ravimenoncooks', tab: 'videos' }]],
    differ: [
      [{ handle: 'ravimenoncooks' }, { handle: 'ravimenoncooks', tab: 'shorts' }],
      [{ channelId: 'UCaBcDeFgHiJkLmNoPqRsTuV' }, { channelId: 'UCabcdefghijklmnopqrstuv' }],
    ],
  },
  videoPosts: {
    // As videoVideos for the channel (no tab: the Posts tab only); a cursor is re-encoded from its fields.
    same: [
      [{ handle: '@RaviMenonCooks' }, { url: 'https://www.youtube.com/@ravimenoncooks/posts' }],
      [{ channelId: 'UCaBcDeFgHiJkLmNoPqRsTuV' }, { url: 'https://m.youtube.com/channel/UCaBcDeFgHiJkLmNoPqRsTuV/community' }],
      [
        {
          handle: 'ravimenoncooks',
          cursor: encodeCursor({ c: 'UCaBcDeFgHiJkLmNoPqRsTuV', h: 'ravimenoncooks', t: 'posts', k: 'T2', v: null }),
        },
        {
          handle: 'RaviMenonCooks',
          cursor: encodeCursor({ v: null, k: 'T2', t: 'posts', h: 'ravimenoncooks', c: 'UCaBcDeFgHiJkLmNoPqRsTuV' }),
        },
      ],
    ],
    differ: [
      [{ handle: 'ravimenoncooks' }, { handle: 'ravimenoncooks2' }],
      [{ channelId: 'UCaBcDeFgHiJkLmNoPqRsTuV' }, { channelId: 'UCabcdefghijklmnopqrstuv' }],
      [
        { handle: 'ravimenoncooks' },
        {
          handle: 'ravimenoncooks',
          cursor: encodeCursor({ c: 'UCaBcDeFgHiJkLmNoPqRsTuV', h: 'ravimenoncooks', t: 'posts', k: 'T2', v: null }),
        },
      ],
    ],
  },
  videoSearch: {
    same: [[{ query: 'fish  curry' }, { query: 'fish curry', type: 'all' }]],
    differ: [
      [{ query: 'fish curry' }, { query: 'fish curries' }],
      [{ query: 'fish curry' }, { query: 'fish curry', type: 'channel' }],
    ],
  },
  videoTranscript: {
    // As videoVideo for the video; language codes are case-insensitive; no lang and auto=false are the defaults.
    same: [
      [{ id: 'kP9xWq2LmZ4' }, { url: 'https://youtu.be/kP9xWq2LmZ4', auto: false }],
      [
        { id: 'kP9xWq2LmZ4', lang: 'pt-BR' },
        { url: 'https://www.youtube.com/watch?v=kP9xWq2LmZ4', lang: ' pt-br ' },
      ],
      [{ id: 'kP9xWq2LmZ4', lang: '' }, { id: 'kP9xWq2LmZ4' }],
    ],
    differ: [
      [{ id: 'kP9xWq2LmZ4' }, { id: 'kp9xwq2lmz4' }],
      [
        { id: 'kP9xWq2LmZ4', lang: 'en' },
        { id: 'kP9xWq2LmZ4', lang: 'en-GB' },
      ],
      [
        { id: 'kP9xWq2LmZ4', lang: 'pt' },
        { id: 'kP9xWq2LmZ4', lang: 'pt-BR' },
      ],
      [{ id: 'kP9xWq2LmZ4' }, { id: 'kP9xWq2LmZ4', auto: true }],
      // The default (English, else the first track) is not lang=en: a video without English differs.
      [{ id: 'kP9xWq2LmZ4' }, { id: 'kP9xWq2LmZ4', lang: 'en' }],
    ],
  },
  videoComments: {
    // As videoVideo for the video; top is the default order; a cursor is re-encoded from its fields (one cursor, one key).
    same: [
      [{ id: 'kP9xWq2LmZ4' }, { url: 'https://youtu.be/kP9xWq2LmZ4', sort: 'top' }],
      [
        { id: 'kP9xWq2LmZ4', cursor: commentsCursor({ v: 'kP9xWq2LmZ4', s: 'top', k: 'Eg0SC2tQ', c: null }) },
        {
          url: 'https://www.youtube.com/watch?v=kP9xWq2LmZ4',
          cursor: commentsCursor({ k: 'Eg0SC2tQ', c: null, s: 'top', v: 'kP9xWq2LmZ4' }),
        },
      ],
    ],
    differ: [
      [{ id: 'kP9xWq2LmZ4' }, { id: 'kp9xwq2lmz4' }],
      [{ id: 'kP9xWq2LmZ4' }, { id: 'kP9xWq2LmZ4', sort: 'new' }],
      [{ id: 'kP9xWq2LmZ4' }, { id: 'kP9xWq2LmZ4', cursor: commentsCursor({ v: 'kP9xWq2LmZ4', s: 'top', k: 'Eg0SC2tQ', c: null }) }],
      [
        { id: 'kP9xWq2LmZ4', cursor: commentsCursor({ v: 'kP9xWq2LmZ4', s: 'top', k: 'Eg0SC2tQ', c: null }) },
        { id: 'kP9xWq2LmZ4', cursor: commentsCursor({ v: 'kP9xWq2LmZ4', s: 'top', k: 'Eg0SC2tR', c: null }) },
      ],
    ],
  },
  videoPlaylist: {
    // Playlist ids are case-sensitive; every URL spelling names the id; a cursor is re-encoded from its fields.
    same: [
      [
        { id: 'PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE' },
        { url: 'https://www.youtube.com/watch?v=kP9xWq2LmZ4&list=PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE&index=2' },
      ],
      [
        { url: 'https://music.youtube.com/playlist?list=PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE' },
        { id: ' PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE ' },
      ],
      [
        {
          id: 'PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE',
          cursor: playlistCursor({ p: 'PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE', k: 'TOKEN', v: null }),
        },
        {
          id: 'PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE',
          cursor: playlistCursor({ v: null, k: 'TOKEN', p: 'PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE' }),
        },
      ],
    ],
    differ: [
      [{ id: 'PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE' }, { id: 'plr4vew0kq2mnct8bqyh3sldjf6uza1wpe' }],
      [{ id: 'PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE' }, { id: 'UUr4v1M3n0nC00ksDem0x002' }],
      [
        { id: 'PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE' },
        {
          id: 'PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE',
          cursor: playlistCursor({ p: 'PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE', k: 'TOKEN', v: null }),
        },
      ],
    ],
  },
  retailShopStorefront: {
    // Amazon spells storefront names in lower case.
    same: [[{ url: 'https://www.amazon.com/shop/RaviMenonCooks' }, { url: 'ravimenoncooks' }]],
    differ: [
      [{ url: 'ravimenoncooks' }, { url: 'ravimenon-cooks' }],
      [{ url: 'ravimenoncooks' }, { url: 'ravimenoncooks', pageToken: 'abc' }],
    ],
  },
  socialAEvents: {
    // The city's id names it; the slug is decoration.
    same: [
      [
        { url: 'https://www.facebook.com/events/explore/us-harbour-city/108000000000001/' },
        { url: 'https://facebook.com/events/explore/US-Harbour/108000000000001' },
      ],
    ],
    differ: [
      [
        { url: 'https://www.facebook.com/events/explore/us-harbour-city/108000000000001/' },
        { url: 'https://www.facebook.com/events/explore/us-harbour-city/108000000000002/' },
      ],
    ],
  },
  socialAEventSearch: {
    same: [[{ query: 'Dog  Show' }, { query: 'dog show' }]],
    differ: [[{ query: 'dog show' }, { query: 'dog shows' }]],
  },
  socialAProfileEvents: {
    // Facebook usernames are case-insensitive.
    same: [[{ url: 'https://www.facebook.com/TalaOkafor.Art' }, { url: 'https://facebook.com/talaokafor.art/upcoming_hosted_events' }]],
    differ: [
      [{ url: 'https://www.facebook.com/talaokafor.art' }, { url: 'https://www.facebook.com/talaokafor.art/past_hosted_events' }],
      [{ url: 'https://www.facebook.com/talaokafor.art' }, { url: 'https://www.facebook.com/talaokaforart' }],
    ],
  },
  socialAPage: {
    same: [[{ url: 'https://www.facebook.com/TalaOkafor.Art' }, { url: 'https://m.facebook.com/talaokafor.art/' }]],
    differ: [
      [{ url: 'https://www.facebook.com/talaokafor.art' }, { url: 'https://www.facebook.com/talaokaforart' }],
      [
        { url: 'https://www.facebook.com/profile.php?id=100000000000001' },
        { url: 'https://www.facebook.com/profile.php?id=100000000000002' },
      ],
    ],
  },
  microblogDProfile: {
    // Handles are domain names (case-insensitive); a profile URL names the same actor.
    same: [
      [{ handle: 'HarbourWeather.bsky.social' }, { handle: 'https://bsky.app/profile/harbourweather.bsky.social' }],
      [{ handle: 'did:plc:abcdefghijklmnopqrstuvwx' }, { handle: 'https://bsky.app/profile/did:plc:abcdefghijklmnopqrstuvwx' }],
    ],
    differ: [
      [{ handle: 'harbourweather.bsky.social' }, { handle: 'harbour-weather.bsky.social' }],
      [{ handle: 'did:plc:abcdefghijklmnopqrstuvwx' }, { handle: 'did:plc:abcdefghijklmnopqrstuvwy' }],
    ],
  },
  microblogDPosts: {
    same: [[{ handle: 'HarbourWeather.bsky.social' }, { handle: 'harbourweather.bsky.social', cursor: '' }]],
    differ: [
      [
        { handle: 'harbourweather.bsky.social' },
        { handle: 'harbourweather.bsky.social', cursor: encodeCursor({ k: 'harbourweather.bsky.social', c: '2025-01-01T00:00:00Z' }) },
      ],
    ],
  },
  microblogDSearch: {
    same: [[{ query: ' tide tables ' }, { query: 'tide tables' }]],
    differ: [[{ query: 'tide tables' }, { query: 'tide table' }]],
  },
  microblogDProfileSearch: {
    same: [[{ query: 'Harbour Weather' }, { query: ' harbour weather' }]],
    differ: [[{ query: 'harbour weather' }, { query: 'harbour' }]],
  },
  // Followers and follows: the actor as the profile spells it (handles case-insensitive, a profile URL
  // names the same actor), then the page; the upstream token inside our cursor is the page.
  microblogDFollowers: {
    same: [
      [{ handle: '@HarbourWeather.bsky.social' }, { handle: 'https://bsky.app/profile/harbourweather.bsky.social', cursor: '' }],
      [
        { handle: 'HarbourWeather.bsky.social', cursor: encodeCursor({ k: 'followers:harbourweather.bsky.social', c: '3lkfollowers2' }) },
        { handle: 'harbourweather.bsky.social', cursor: encodeCursor({ k: 'followers:harbourweather.bsky.social', c: '3lkfollowers2' }) },
      ],
    ],
    differ: [
      [{ handle: 'harbourweather.bsky.social' }, { handle: 'harbour-weather.bsky.social' }],
      // A handle and the DID it resolves to are one account, but the gateway cannot know that without asking.
      [{ handle: 'harbourweather.bsky.social' }, { handle: 'did:plc:abcdefghijklmnopqrstuvwx' }],
      [
        { handle: 'harbourweather.bsky.social' },
        { handle: 'harbourweather.bsky.social', cursor: encodeCursor({ k: 'followers:harbourweather.bsky.social', c: '3lkfollowers2' }) },
      ],
      [
        { handle: 'harbourweather.bsky.social', cursor: encodeCursor({ k: 'followers:harbourweather.bsky.social', c: '3lkfollowers2' }) },
        { handle: 'harbourweather.bsky.social', cursor: encodeCursor({ k: 'followers:harbourweather.bsky.social', c: '3lkfollowers3' }) },
      ],
    ],
  },
  microblogDFollows: {
    same: [
      [{ handle: 'did:plc:abcdefghijklmnopqrstuvwx' }, { handle: 'https://bsky.app/profile/did:plc:abcdefghijklmnopqrstuvwx', cursor: '' }],
      [{ handle: 'HarbourWeather.bsky.social' }, { handle: 'harbourweather.bsky.social' }],
    ],
    differ: [
      [{ handle: 'did:plc:abcdefghijklmnopqrstuvwx' }, { handle: 'did:plc:abcdefghijklmnopqrstuvwy' }],
      [
        { handle: 'harbourweather.bsky.social' },
        { handle: 'harbourweather.bsky.social', cursor: encodeCursor({ k: 'follows:harbourweather.bsky.social', c: '3lkfollows2' }) },
      ],
    ],
  },
  // One post: its author (as the profile spells it) and its record key (case-sensitive, as atproto's
  // record keys are); the URL and the AT URI name the same post; depth is another view of it.
  microblogDPost: {
    same: [
      [
        { url: 'https://bsky.app/profile/HarbourWeather.bsky.social/post/3lkdemo0000a2' },
        { uri: 'at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2', depth: 6 },
      ],
      [
        { url: 'bsky.app/profile/did:plc:abcdefghijklmnopqrstuvwx/post/3lkdemo0000a2/' },
        { uri: ' at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3lkdemo0000a2' },
      ],
    ],
    differ: [
      [
        { url: 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2' },
        { url: 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a3' },
      ],
      [
        { url: 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2' },
        { url: 'https://bsky.app/profile/harbour-weather.bsky.social/post/3lkdemo0000a2' },
      ],
      [
        { uri: 'at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3lkdemo0000a2' },
        { uri: 'at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3LKDEMO0000A2' },
      ],
      // A handle and the DID it resolves to are one author, but the gateway cannot know that without asking.
      [
        { uri: 'at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2' },
        { uri: 'at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3lkdemo0000a2' },
      ],
      [
        { uri: 'at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2' },
        { uri: 'at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2', depth: 2 },
      ],
    ],
  },
  // Who liked or reposted a post: the post as the post operation keys it (the URL and the AT URI share
  // it, its author's handle case-insensitive, its record key not), then the page (the upstream token
  // inside our cursor, bound to the list and the post).
  microblogDPostLikes: {
    same: [
      [
        { url: 'https://bsky.app/profile/HarbourWeather.bsky.social/post/3lkdemo0000a2' },
        { uri: 'at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2', cursor: '' },
      ],
      [
        {
          uri: 'at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2',
          cursor: encodeCursor({ k: 'likes:at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2', c: '3lklikes2' }),
        },
        {
          url: 'https://bsky.app/profile/@harbourweather.bsky.social/post/3lkdemo0000a2',
          cursor: encodeCursor({ k: 'likes:at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2', c: '3lklikes2' }),
        },
      ],
    ],
    differ: [
      [
        { url: 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2' },
        { url: 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a3' },
      ],
      [
        { uri: 'at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3lkdemo0000a2' },
        { uri: 'at://did:plc:abcdefghijklmnopqrstuvwy/app.bsky.feed.post/3lkdemo0000a2' },
      ],
      [
        { uri: 'at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3lkdemo0000a2' },
        { uri: 'at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3LKDEMO0000A2' },
      ],
      [
        { url: 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2' },
        {
          url: 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2',
          cursor: encodeCursor({ k: 'likes:at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2', c: '3lklikes2' }),
        },
      ],
      [
        {
          url: 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2',
          cursor: encodeCursor({ k: 'likes:at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2', c: '3lklikes2' }),
        },
        {
          url: 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2',
          cursor: encodeCursor({ k: 'likes:at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2', c: '3lklikes3' }),
        },
      ],
    ],
  },
  microblogDPostReposts: {
    same: [
      [
        { url: 'bsky.app/profile/did:plc:abcdefghijklmnopqrstuvwx/post/3lkdemo0000a2/' },
        { uri: ' at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3lkdemo0000a2' },
      ],
    ],
    differ: [
      // A handle and the DID it resolves to are one author, but the gateway cannot know that without asking.
      [
        { uri: 'at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2' },
        { uri: 'at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3lkdemo0000a2' },
      ],
      [
        { uri: 'at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3lkdemo0000a2' },
        {
          uri: 'at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3lkdemo0000a2',
          cursor: encodeCursor({
            k: 'repostedBy:at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3lkdemo0000a2',
            c: '3lkreposts2',
          }),
        },
      ],
    ],
  },
  microblogEProfile: {
    // Mastodon looks usernames up case-insensitively; instances are host names.
    same: [
      [{ handle: 'HarbourWeather@Mastodon.Social' }, { handle: '@harbourweather@mastodon.social' }],
      [{ handle: 'harbourweather@mastodon.social' }, { handle: 'https://mastodon.social/@harbourweather' }],
    ],
    differ: [
      [{ handle: 'harbourweather@mastodon.social' }, { handle: 'harbourweather@fosstodon.org' }],
      [{ handle: 'harbourweather@mastodon.social' }, { handle: 'harbour_weather@mastodon.social' }],
    ],
  },
  microblogEPosts: {
    same: [[{ handle: 'HarbourWeather@Mastodon.Social' }, { handle: 'harbourweather@mastodon.social', cursor: '' }]],
    differ: [
      [{ handle: 'harbourweather@mastodon.social' }, { handle: 'harbourweather@fosstodon.org' }],
      // Two account ids behind one handle are two lists: a page read with one (a forged cursor) is no page of the other.
      [
        { handle: 'tides@harbour.example', cursor: encodeCursor({ i: 'harbour.example', u: 'tides', a: '7', m: '5' }) },
        { handle: 'tides@harbour.example', cursor: encodeCursor({ i: 'harbour.example', u: 'tides', a: '8', m: '5' }) },
      ],
    ],
  },
  microblogEFollowers: {
    same: [
      [{ handle: 'HarbourWeather@Mastodon.Social' }, { handle: 'https://mastodon.social/@harbourweather', cursor: '' }],
      [
        { handle: 'tides@harbour.example', cursor: encodeCursor({ l: 'followers', i: 'harbour.example', u: 'tides', a: '7', m: '5' }) },
        { handle: '@Tides@Harbour.Example', cursor: encodeCursor({ l: 'followers', i: 'harbour.example', u: 'tides', a: '7', m: '5' }) },
      ],
    ],
    differ: [
      [{ handle: 'harbourweather@mastodon.social' }, { handle: 'harbourweather@fosstodon.org' }],
      [
        { handle: 'tides@harbour.example' },
        { handle: 'tides@harbour.example', cursor: encodeCursor({ l: 'followers', i: 'harbour.example', u: 'tides', a: '7', m: '5' }) },
      ],
      [
        { handle: 'tides@harbour.example', cursor: encodeCursor({ l: 'followers', i: 'harbour.example', u: 'tides', a: '7', m: '5' }) },
        { handle: 'tides@harbour.example', cursor: encodeCursor({ l: 'followers', i: 'harbour.example', u: 'tides', a: '7', m: '4' }) },
      ],
      // A cursor with another account id (hand-made) is refused at run time, never read as this list's page.
      [
        { handle: 'tides@harbour.example', cursor: encodeCursor({ l: 'followers', i: 'harbour.example', u: 'tides', a: '7', m: '5' }) },
        { handle: 'tides@harbour.example', cursor: encodeCursor({ l: 'followers', i: 'harbour.example', u: 'tides', a: '8', m: '5' }) },
      ],
    ],
  },
  microblogEFollowing: {
    // Its own operation (cache keys are per operation): the same account's following is never its followers.
    same: [[{ handle: 'HarbourWeather@Mastodon.Social' }, { handle: '@harbourweather@mastodon.social' }]],
    differ: [
      [{ handle: 'harbourweather@mastodon.social' }, { handle: 'harbour_weather@mastodon.social' }],
      [
        { handle: 'tides@harbour.example', cursor: encodeCursor({ l: 'following', i: 'harbour.example', u: 'tides', a: '7', m: '5' }) },
        { handle: 'tides@harbour.example', cursor: encodeCursor({ l: 'following', i: 'harbour.example', u: 'tides', a: '7', m: '6' }) },
      ],
    ],
  },
  microblogEPost: {
    // Hosts and usernames are case-insensitive; the page URL and the ActivityPub id name one status; a trailing slash is the same page.
    same: [
      [
        { url: 'https://Mastodon.Social/@HarbourWeather/113900000000000011' },
        { url: 'https://mastodon.social/users/harbourweather/statuses/113900000000000011/' },
      ],
    ],
    differ: [
      [
        { url: 'https://mastodon.social/@harbourweather/113900000000000011' },
        { url: 'https://mastodon.social/@harbourweather/113900000000000012' },
      ],
      // A status id is one server's own.
      [
        { url: 'https://mastodon.social/@harbourweather/113900000000000011' },
        { url: 'https://fosstodon.org/@harbourweather/113900000000000011' },
      ],
      // Another user's URL with this id is refused at run time (the status is not theirs), never served this record.
      [
        { url: 'https://mastodon.social/@harbourweather/113900000000000011' },
        { url: 'https://mastodon.social/@northpier/113900000000000011' },
      ],
      // Ids are kept as written, never lower-cased (an id is the server's own string).
      [
        { url: 'https://gts.example/users/tides/statuses/01HZX5K0ABCDEF' },
        { url: 'https://gts.example/users/tides/statuses/01HZX5K0abcdef' },
      ],
    ],
  },
  microblogEPostRebloggedBy: {
    // As the post operation's url (host and user case-insensitive, the ActivityPub id and a trailing slash the same status), and the page.
    same: [
      [
        { url: 'https://Mastodon.Social/@HarbourWeather/113900000000000011' },
        { url: 'https://mastodon.social/users/harbourweather/statuses/113900000000000011/', cursor: '' },
      ],
      [
        {
          url: 'https://harbour.example/@tides/110',
          cursor: encodeCursor({ l: 'reblogged_by', i: 'harbour.example', u: 'tides', s: '110', m: '5' }),
        },
        {
          url: 'https://Harbour.Example/users/Tides/statuses/110',
          cursor: encodeCursor({ l: 'reblogged_by', i: 'harbour.example', u: 'tides', s: '110', m: '5' }),
        },
      ],
    ],
    differ: [
      [{ url: 'https://harbour.example/@tides/110' }, { url: 'https://harbour.example/@tides/111' }],
      [{ url: 'https://harbour.example/@tides/110' }, { url: 'https://fosstodon.org/@tides/110' }],
      // Another user's URL with this id is refused at run time (the status is not theirs), never served this list.
      [{ url: 'https://harbour.example/@tides/110' }, { url: 'https://harbour.example/@pier/110' }],
      [
        { url: 'https://harbour.example/@tides/110' },
        {
          url: 'https://harbour.example/@tides/110',
          cursor: encodeCursor({ l: 'reblogged_by', i: 'harbour.example', u: 'tides', s: '110', m: '5' }),
        },
      ],
      [
        {
          url: 'https://harbour.example/@tides/110',
          cursor: encodeCursor({ l: 'reblogged_by', i: 'harbour.example', u: 'tides', s: '110', m: '5' }),
        },
        {
          url: 'https://harbour.example/@tides/110',
          cursor: encodeCursor({ l: 'reblogged_by', i: 'harbour.example', u: 'tides', s: '110', m: '4' }),
        },
      ],
    ],
  },
  microblogEPostFavouritedBy: {
    // Its own operation (cache keys are per operation): a status's favouriters are never its boosters.
    same: [
      [
        { url: 'https://Mastodon.Social/@HarbourWeather/113900000000000011' },
        { url: 'https://mastodon.social/users/harbourweather/statuses/113900000000000011' },
      ],
    ],
    differ: [
      [{ url: 'https://harbour.example/@tides/110' }, { url: 'https://harbour.example/@tides/111' }],
      [
        {
          url: 'https://harbour.example/@tides/110',
          cursor: encodeCursor({ l: 'favourited_by', i: 'harbour.example', u: 'tides', s: '110', m: '5' }),
        },
        {
          url: 'https://harbour.example/@tides/110',
          cursor: encodeCursor({ l: 'favourited_by', i: 'harbour.example', u: 'tides', s: '110', m: '6' }),
        },
      ],
    ],
  },
  microblogETag: {
    same: [
      [
        { instance: 'Mastodon.Social', tag: '#Tides' },
        { instance: 'https://mastodon.social/', tag: 'tides' },
      ],
    ],
    differ: [
      [
        { instance: 'mastodon.social', tag: 'tides' },
        { instance: 'fosstodon.org', tag: 'tides' },
      ],
      [
        { instance: 'mastodon.social', tag: 'tides' },
        { instance: 'mastodon.social', tag: 'tide' },
      ],
    ],
  },
  microblogEProfileSearch: {
    same: [
      [
        { instance: 'Mastodon.Social', query: 'Harbour ' },
        { instance: 'mastodon.social', query: 'harbour' },
      ],
    ],
    differ: [
      [
        { instance: 'mastodon.social', query: 'harbour' },
        { instance: 'fosstodon.org', query: 'harbour' },
      ],
    ],
  },
  microblogETrendsTags: {
    same: [
      [{ instance: 'Mastodon.Social' }, { instance: 'https://mastodon.social/' }],
      [{ instance: 'mastodon.social', cursor: '' }, { instance: 'mastodon.social.' }],
    ],
    differ: [
      [{ instance: 'mastodon.social' }, { instance: 'fosstodon.org' }],
      [{ instance: 'mastodon.social' }, { instance: 'mastodon.social', cursor: encodeCursor({ l: 'tags', i: 'mastodon.social', o: 20 }) }],
      [
        { instance: 'mastodon.social', cursor: encodeCursor({ l: 'tags', i: 'mastodon.social', o: 20 }) },
        { instance: 'mastodon.social', cursor: encodeCursor({ l: 'tags', i: 'mastodon.social', o: 40 }) },
      ],
    ],
  },
  microblogETrendsStatuses: {
    same: [[{ instance: 'Mastodon.Social' }, { instance: 'mastodon.social' }]],
    differ: [
      [{ instance: 'mastodon.social' }, { instance: 'fosstodon.org' }],
      [
        { instance: 'mastodon.social' },
        { instance: 'mastodon.social', cursor: encodeCursor({ l: 'statuses', i: 'mastodon.social', o: 20 }) },
      ],
    ],
  },
  newsletterProfile: {
    same: [[{ handle: 'HarbourWeather' }, { handle: 'https://substack.com/@harbourweather' }]],
    differ: [[{ handle: 'harbourweather' }, { handle: 'harbour_weather' }]],
  },
  newsletterPosts: {
    same: [[{ handle: '@HarbourWeather' }, { handle: 'harbourweather', cursor: '' }]],
    differ: [
      [{ handle: 'harbourweather' }, { handle: 'harbourweather', cursor: encodeCursor({ h: 'harbourweather', u: 42, c: 'x' }) }],
      // Two user ids behind one handle are two lists: a page read with one (a forged cursor) is no page of the other.
      [
        { handle: 'harbourweather', cursor: encodeCursor({ h: 'harbourweather', u: 42, c: 'x' }) },
        { handle: 'harbourweather', cursor: encodeCursor({ h: 'harbourweather', u: 43, c: 'x' }) },
      ],
    ],
  },
  newsletterPost: {
    // Hosts and slugs are lower-cased; a trailing slash, a query (share links' `?r=…&utm_…`) and a fragment name the same post.
    same: [
      [
        { url: 'https://HarbourWeather.Substack.com/p/Spring-Tides-Ahead/' },
        { url: 'harbourweather.substack.com/p/spring-tides-ahead?r=abc&utm_campaign=post#footnote-1' },
      ],
    ],
    differ: [
      [
        { url: 'https://harbourweather.substack.com/p/spring-tides-ahead' },
        { url: 'https://harbourweather.substack.com/p/a-winter-of-sea-fog' },
      ],
      // A slug is one publication's own.
      [{ url: 'https://harbourweather.substack.com/p/spring-tides-ahead' }, { url: 'https://northpier.substack.com/p/spring-tides-ahead' }],
      // A subdomain and a custom domain are one publication only when the answer says so: two entries.
      [
        { url: 'https://harbourweather.substack.com/p/spring-tides-ahead' },
        { url: 'https://weather.harbour.example/p/spring-tides-ahead' },
      ],
    ],
  },
  newsletterPostComments: {
    // The post's spelling rules (host and slug lower-cased, query, fragment and a trailing slash dropped); the default order is best_first.
    same: [
      [
        { url: 'https://HarbourWeather.Substack.com/p/Spring-Tides-Ahead/' },
        { url: 'harbourweather.substack.com/p/spring-tides-ahead?r=abc#comments', sort: 'best_first' },
      ],
      [
        { url: 'https://open.substack.com/pub/harbourweather/p/spring-tides-ahead' },
        { url: 'https://harbourweather.substack.com/p/spring-tides-ahead' },
      ],
    ],
    differ: [
      [
        { url: 'https://harbourweather.substack.com/p/spring-tides-ahead' },
        { url: 'https://harbourweather.substack.com/p/spring-tides-ahead', sort: 'newest_first' },
      ],
      [
        { url: 'https://harbourweather.substack.com/p/spring-tides-ahead' },
        { url: 'https://harbourweather.substack.com/p/a-winter-of-sea-fog' },
      ],
      [{ url: 'https://harbourweather.substack.com/p/spring-tides-ahead' }, { url: 'https://northpier.substack.com/p/spring-tides-ahead' }],
      [
        { url: 'https://harbourweather.substack.com/p/spring-tides-ahead' },
        { url: 'https://weather.harbour.example/p/spring-tides-ahead' },
      ],
    ],
  },
  newsletterSearch: {
    // The query trimmed, its spaces collapsed and lower-cased (Substack's search matches without case);
    // a page is the query's cursor page (page 0 without a cursor).
    same: [
      [{ query: ' Harbour   Weather ' }, { query: 'harbour weather', cursor: '' }],
      [
        { query: 'Harbour weather', cursor: encodeCursor({ q: 'harbour weather', p: 2 }) },
        { query: 'harbour weather', cursor: encodeCursor({ p: 2, q: 'harbour weather' }) },
      ],
    ],
    differ: [
      [{ query: 'harbour weather' }, { query: 'harbour weathers' }],
      [{ query: 'harbour weather' }, { query: 'harbour weather', cursor: encodeCursor({ q: 'harbour weather', p: 1 }) }],
      [
        { query: 'harbour weather', cursor: encodeCursor({ q: 'harbour weather', p: 1 }) },
        { query: 'harbour weather', cursor: encodeCursor({ q: 'harbour weather', p: 2 }) },
      ],
    ],
  },
  livestreamChannel: {
    same: [[{ handle: 'HarbourWeather' }, { handle: 'https://kick.com/harbourweather' }]],
    differ: [[{ handle: 'harbourweather' }, { handle: 'harbour-weather' }]],
  },
  livestreamVideos: {
    // Slugs are lower-case; a channel URL names the same channel.
    same: [[{ handle: 'HarbourWeather' }, { handle: 'https://kick.com/harbourweather' }]],
    differ: [[{ handle: 'harbourweather' }, { handle: 'harbour-weather' }]],
  },
  livestreamClips: {
    // sort and time have defaults (view, all); a cursor is one page of one channel's list in one order.
    same: [
      [{ handle: 'HarbourWeather' }, { handle: 'https://kick.com/harbourweather', sort: 'view', time: 'all' }],
      [
        { handle: 'harbourweather', cursor: encodeCursor({ h: 'harbourweather', s: 'view', t: 'all', c: '2' }) },
        { handle: 'HarbourWeather', sort: 'view', cursor: encodeCursor({ c: '2', t: 'all', s: 'view', h: 'harbourweather' }) },
      ],
    ],
    differ: [
      [{ handle: 'harbourweather' }, { handle: 'harbour-weather' }],
      [{ handle: 'harbourweather' }, { handle: 'harbourweather', sort: 'date' }],
      [{ handle: 'harbourweather' }, { handle: 'harbourweather', time: 'week' }],
      [
        { handle: 'harbourweather' },
        { handle: 'harbourweather', cursor: encodeCursor({ h: 'harbourweather', s: 'view', t: 'all', c: '2' }) },
      ],
      [
        { handle: 'harbourweather', cursor: encodeCursor({ h: 'harbourweather', s: 'view', t: 'all', c: '2' }) },
        { handle: 'harbourweather', cursor: encodeCursor({ h: 'harbourweather', s: 'view', t: 'all', c: '3' }) },
      ],
    ],
  },
  // Creator discovery: the source profile is the resource; min_confidence filters after the cache.
  findSocialProfiles: {
    same: [
      [
        { platform: 'social-b', handle: 'Tala.Draws' },
        { platform: 'social-b', handle: '@tala.draws', minConfidence: 0.9 },
      ],
    ],
    differ: [
      [
        { platform: 'social-b', handle: 'tala.draws' },
        { platform: 'shortvideo', handle: 'tala.draws' },
      ],
      [
        { platform: 'video', handle: 'UCaBcDeFgHiJkLmNoPqRsTuV' },
        { platform: 'video', handle: 'UCabcdefghijklmnopqrstuv' },
      ],
    ],
  },
  findCreatorEmails: {
    same: [
      [
        { platform: 'video', handle: '@RaviMenonCooks' },
        { platform: 'video', handle: 'ravimenoncooks', minConfidence: 0.2 },
      ],
    ],
    differ: [
      [
        { platform: 'video', handle: 'UCaBcDeFgHiJkLmNoPqRsTuV' },
        { platform: 'video', handle: 'UCabcdefghijklmnopqrstuv' },
      ],
    ],
  },
  blogPosts: {
    // Tumblr blog names and hosts are case-insensitive; a name, its host and its URL are one blog.
    same: [
      [{ blog: 'HarbourWeather' }, { blog: 'https://harbourweather.tumblr.com/' }],
      [{ blog: 'harbourweather' }, { blog: 'https://www.tumblr.com/harbourweather' }],
    ],
    differ: [
      [{ blog: 'harbourweather' }, { blog: 'harbourweather.com' }],
      [{ blog: 'harbourweather' }, { blog: 'harbourweather', cursor: encodeCursor({ b: 'harbourweather.tumblr.com', o: 20 }) }],
    ],
  },
  blogInfo: {
    // One blog, however it is spelled: a name, its host, its URLs.
    same: [
      [{ blog: 'HarbourWeather' }, { blog: 'https://harbourweather.tumblr.com/' }],
      [{ blog: 'harbourweather.tumblr.com' }, { blog: 'https://www.tumblr.com/harbourweather' }],
    ],
    differ: [
      [{ blog: 'harbourweather' }, { blog: 'harbourweather.com' }],
      [{ blog: 'harbourweather' }, { blog: 'harbourweathers' }],
    ],
  },
  blogPost: {
    // The blog's own URL, the www.tumblr.com URL (with or without the slug, a share query) and blog + id name one post.
    same: [
      [
        { url: 'https://HarbourWeather.tumblr.com/post/771000000000000102/spring-tides-on-tuesday' },
        { url: 'https://www.tumblr.com/harbourweather/771000000000000102?source=share' },
      ],
      [{ url: 'https://harbourweather.tumblr.com/post/771000000000000102' }, { blog: 'HarbourWeather', id: '771000000000000102' }],
      [
        { blog: 'https://harbourweather.tumblr.com/', id: '771000000000000102' },
        { blog: 'harbourweather.tumblr.com', id: '771000000000000102' },
      ],
    ],
    differ: [
      [
        { blog: 'harbourweather', id: '771000000000000102' },
        { blog: 'harbourweather', id: '771000000000000101' },
      ],
      // An id is asked of one blog: another blog's URL with this id is refused at run time, never served this record.
      [
        { url: 'https://harbourweather.tumblr.com/post/771000000000000102' },
        { url: 'https://northpier.tumblr.com/post/771000000000000102' },
      ],
      [
        { blog: 'harbourweather', id: '771000000000000102' },
        { blog: 'harbourweather.com', id: '771000000000000102' },
      ],
    ],
  },
};

function keyOf(op: OperationDef, args: Args): string {
  const v = validateArgs(op, args);
  if (!v.ok) throw new Error(`${op.field} ${JSON.stringify(args)} is refused: ${JSON.stringify(v.problems)}`);
  return v.cacheKey;
}

describe('cache keys', () => {
  it('every operation has pairs here', () => {
    expect(
      allOperations()
        .filter((op) => !(op.field in PAIRS))
        .map((op) => op.field),
      'add to PAIRS in test/cache-keys.test.ts, under each field name, `same` (two spellings of one resource: one key) and `differ` (two resources or pages: two keys)',
    ).toEqual([]);
  });

  for (const op of allOperations()) {
    const pairs = PAIRS[op.field];
    if (!pairs) continue;
    it(`${op.field}: one resource, one key; two resources, two keys`, () => {
      for (const [a, b] of pairs.same) expect(keyOf(op, a), `${JSON.stringify(a)} ~ ${JSON.stringify(b)}`).toBe(keyOf(op, b));
      for (const [a, b] of pairs.differ) expect(keyOf(op, a), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).not.toBe(keyOf(op, b));
    });
  }
});

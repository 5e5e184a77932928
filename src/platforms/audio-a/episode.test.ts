/**
 * audio-a episode parser (parseEpisode: an episode's embed page, read by the same embedEntity /
 * embedIdentity / embedVisual as the track's, album's and artist's).
 *
 * No capture of an episode embed page is in ../shared/fixtures/audio-a. The real captures read
 * here, in place (SOURCES.md), are: the podcast capture (pathfinder `queryShowMetadataV2` of The Joe
 * Rogan Experience), whose one episode reference `spotify:episode:07gKzPFkbvGF0cHoeG7ARS` and whose
 * show URI, name and cover are the facts our own episode page for that episode is built from; and
 * the track and playlist embed pages, which are no episode (refused) and whose page envelope our
 * episode pages are held to. Our own pages (samples.ts) are written in that envelope, with the
 * entity members a public project's episode embed capture shows.
 */
import { describe, expect, it } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { errorOf } from '../../../test/support/errors.js';
import { captureWarnings } from '../../parse/index.js';
import { recordKeys } from '../records.js';
import { extractNextData, idFromInput, parseEpisode, parsePodcast } from './parse.js';
import { embedUrl } from './pathfinder.js';
import { Episode } from './schema.js';
import {
  embedHtml,
  embedNextData,
  episodeEmbedPage,
  episodeEntity,
  notFoundPage,
  SAMPLE_EPISODE_ID,
  SAMPLE_SHOW_ID,
  SAMPLE_TRACK_ID,
  trackEmbedPage,
} from './samples.js';

const LABEL = 'audio-a';
const SHOW = 'pathfinder-show-joe-rogan-experience.json';
const EMBED_TRACK = 'embed-track-scorpions-blackout.html';
const EMBED_PLAYLIST = 'embed-next-data-playlist-todays-top-hits.json';
const EPISODE_KEYS = recordKeys(Episode);

// ---------------------------------------------------------------------------------------------
// Real captures, read in place (facts: ../shared/fixtures/audio-a/SOURCES.md)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures(LABEL))(`audio-a episode on the real captures (${skipReason(LABEL)})`, () => {
  const show = () => parsePodcast(JSON.parse(readFixture(LABEL, SHOW)), '4rOoJ6Egrf8K2IrywzwOMk');

  it('the podcast capture’s episode reference is an accepted `url`, and names the embed page to fetch', () => {
    const refs = show().episodesV2.map((e: any) => e.entity.data.uri);
    expect(refs).toEqual(['spotify:episode:07gKzPFkbvGF0cHoeG7ARS']);
    const id = idFromInput(refs[0], 'episode');
    expect(id).toBe('07gKzPFkbvGF0cHoeG7ARS');
    expect(idFromInput(`https://open.spotify.com/episode/${id}?si=x`, 'episode')).toBe(id);
    expect(embedUrl('episode', id!)).toBe('https://open.spotify.com/embed/episode/07gKzPFkbvGF0cHoeG7ARS');
    // The show's own URI is no episode.
    expect(idFromInput(show().uri, 'episode')).toBeNull();
  });

  it('an embed page for that episode, its show named as the podcast capture names it: the show’s uri, id, name and 640 cover read back', () => {
    const podcast = show();
    const id = idFromInput((podcast.episodesV2[0] as any).entity.data.uri, 'episode')!;
    const entity = episodeEntity(id, {
      subtitle: podcast.name,
      relatedEntityUri: podcast.uri,
      relatedEntityCoverArt: podcast.coverArt!.sources.map((s) => ({ url: s.url, maxWidth: s.width, maxHeight: s.height })),
    });
    const { result, warnings } = captureWarnings(() => parseEpisode(embedHtml(embedNextData({ entity })), id));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({
      id: '07gKzPFkbvGF0cHoeG7ARS',
      uri: 'spotify:episode:07gKzPFkbvGF0cHoeG7ARS',
      show: { id: '4rOoJ6Egrf8K2IrywzwOMk', uri: 'spotify:show:4rOoJ6Egrf8K2IrywzwOMk', name: 'The Joe Rogan Experience' },
    });
    expect(result.show.coverArt!.sources.find((s) => s.width === 640)!.url).toBe(
      'https://i.scdn.co/image/ab6765630000ba8ab1d33eb79d3ecd50b856696e',
    );
  });

  it('the real track and playlist embed pages are no episode (another type of entity: UPSTREAM_FAILED)', () => {
    const track = errorOf(() => parseEpisode(readFixture(LABEL, EMBED_TRACK), '15RpfmFhrE5RRkf4vZ6kZu'));
    expect(track.code).toBe('UPSTREAM_FAILED');
    expect(track.message).toContain('a track resource, not episode');
    const playlist = errorOf(() => parseEpisode(JSON.parse(readFixture(LABEL, EMBED_PLAYLIST)), '37i9dQZF1DXcBWIGoYBM5M'));
    expect(playlist.message).toContain('a playlist resource, not episode');
  });

  it('the real track entity relabelled as an episode: its artist URI (relatedEntityUri) is never taken for the show', () => {
    const next = extractNextData(readFixture(LABEL, EMBED_TRACK)) as any;
    Object.assign(next.props.pageProps.state.data.entity, { type: 'episode', uri: 'spotify:episode:15RpfmFhrE5RRkf4vZ6kZu' });
    const { result, warnings } = captureWarnings(() => parseEpisode(next, '15RpfmFhrE5RRkf4vZ6kZu'));
    expect(result).toMatchObject({
      id: '15RpfmFhrE5RRkf4vZ6kZu',
      name: 'Blackout',
      duration: { totalMilliseconds: 228266 },
      isExplicit: false,
      releaseDate: { isoString: '1982-04-10T00:00:00Z' },
      show: { id: null, uri: null, name: null, coverArt: null },
    });
    // No subtitle, an artist URI where the show's would be: both warned, nothing else.
    expect(warnings.map((w) => w.field).sort()).toEqual(['episode.show.name', 'episode.show.uri']);
    expect(Episode.safeParse(result).success).toBe(true);
  });

  it('our episode page has the captured track page’s envelope: state data and settings, data’s members, the session’s members', () => {
    const real = (extractNextData(readFixture(LABEL, EMBED_TRACK)) as any).props.pageProps.state;
    const ours = (extractNextData(episodeEmbedPage()) as any).props.pageProps.state;
    expect(Object.keys(ours).sort()).toEqual(Object.keys(real).sort());
    expect(Object.keys(ours.data).sort()).toEqual(Object.keys(real.data).sort());
    expect(Object.keys(ours.settings.session).sort()).toEqual(Object.keys(real.settings.session).sort());
    // The members our episode entity shares with the captured track entity are the same names.
    const shared = [
      'type',
      'name',
      'uri',
      'id',
      'title',
      'releaseDate',
      'duration',
      'isPlayable',
      'isExplicit',
      'audioPreview',
      'hasVideo',
    ];
    for (const k of shared) expect(Object.keys(episodeEntity())).toContain(k);
    for (const k of [...shared, 'relatedEntityUri', 'visualIdentity']) expect(Object.keys(real.data.entity)).toContain(k);
  });
});

// ---------------------------------------------------------------------------------------------
// Our own pages (samples.ts)
// ---------------------------------------------------------------------------------------------

const colours = (e: Record<string, unknown>) => {
  const { image: _image, ...rest } = e.visualIdentity as Record<string, unknown>;
  return rest;
};

describe('parseEpisode: our own embed pages', () => {
  const episode = (o: Record<string, unknown> = {}) => parseEpisode(episodeEmbedPage(SAMPLE_EPISODE_ID, o), SAMPLE_EPISODE_ID);
  const warned = (o: Record<string, unknown>) => {
    const { result, warnings } = captureWarnings(() => episode(o));
    return { result, fields: warnings.map((w) => w.field) };
  };

  it('the whole record, in its order, without a warning', () => {
    const { result, fields } = warned({});
    expect(fields).toEqual([]);
    expect(Object.keys(result)).toEqual(EPISODE_KEYS);
    expect(Episode.safeParse(result).success).toBe(true);
    expect(result).toEqual({
      id: SAMPLE_EPISODE_ID,
      uri: `spotify:episode:${SAMPLE_EPISODE_ID}`,
      name: 'Tamarind, three ways',
      show: {
        id: SAMPLE_SHOW_ID,
        uri: `spotify:show:${SAMPLE_SHOW_ID}`,
        name: 'Kitchen Talk with Ravi Menon',
        coverArt: {
          sources: [300, 640, 64].map((size) => ({
            url: expect.stringMatching(/^https:\/\/image-cdn-fa\.spotifycdn\.com\/image\/ab6765630000/),
            width: size,
            height: size,
          })),
        },
      },
      description: null,
      releaseDate: { isoString: '2025-03-06T05:00:00Z' },
      duration: { totalMilliseconds: 2_460_000 },
      isExplicit: false,
      isPlayable: true,
      audioPreview: { url: 'https://p.scdn.co/mp3-preview/d3m0ep15od3pr3v13w0000000000000000003.mp3' },
      hasVideo: false,
      coverArt: { sources: [300, 640, 64].map((size) => expect.objectContaining({ width: size, height: size })) },
      visualIdentity: colours(episodeEntity()),
    });
  });

  it.each([
    ['name', { name: undefined, title: undefined }, 'name', 'name'],
    ['subtitle (the show’s name)', { subtitle: undefined }, 'show.name', 'show'],
    ['relatedEntityUri (the show’s URI)', { relatedEntityUri: undefined }, 'show.uri', 'show'],
    ['releaseDate', { releaseDate: undefined }, 'releaseDate', 'releaseDate'],
    ['duration', { duration: undefined }, 'duration', 'duration'],
    ['isExplicit', { isExplicit: undefined }, 'isExplicit', 'isExplicit'],
    ['isPlayable', { isPlayable: undefined }, 'isPlayable', 'isPlayable'],
    ['coverArt', { visualIdentity: colours(episodeEntity()) }, 'coverArt', 'coverArt'],
  ])('%s missing: that field alone degrades (null), warned', (_l, o, warning, key) => {
    const { result, fields } = warned(o);
    expect(fields).toEqual([`episode.${warning}`]);
    const whole = episode();
    const changed = Object.keys(whole).filter((k) => JSON.stringify((result as any)[k]) !== JSON.stringify((whole as any)[k]));
    expect(changed).toEqual([key]);
    expect(Episode.safeParse(result).success).toBe(true);
  });

  it('the show degrades one member at a time: no subtitle keeps its URI and cover; no URI keeps its name', () => {
    expect(episode({ subtitle: undefined }).show).toMatchObject({ id: SAMPLE_SHOW_ID, name: null, coverArt: expect.any(Object) });
    expect(episode({ relatedEntityUri: undefined }).show).toMatchObject({ id: null, uri: null, name: 'Kitchen Talk with Ravi Menon' });
  });

  it('a relatedEntityUri of another kind (an artist, a track) is no show: id and uri null, warned', () => {
    for (const uri of [`spotify:artist:${SAMPLE_SHOW_ID}`, `spotify:track:${SAMPLE_TRACK_ID}`]) {
      const { result, fields } = warned({ relatedEntityUri: uri });
      expect(result.show).toMatchObject({ id: null, uri: null, name: 'Kitchen Talk with Ravi Menon' });
      expect(fields).toEqual(['episode.show.uri']);
    }
  });

  it('preview, video flag, show cover, description and colours are null without a warning when the embed sends none', () => {
    const { result, fields } = warned({ audioPreview: null, hasVideo: undefined, relatedEntityCoverArt: undefined });
    expect(result).toMatchObject({ audioPreview: null, hasVideo: null, show: { coverArt: null }, description: null });
    expect(fields).toEqual([]);
    const noVisual = warned({ visualIdentity: undefined });
    expect(noVisual.result).toMatchObject({ visualIdentity: null, coverArt: null });
    // The episode's cover lives in visualIdentity: every episode's embed has it, so its loss is warned.
    expect(noVisual.fields).toEqual(['episode.coverArt']);
  });

  it('a description, when the embed states one, is read; a name from `title` when `name` is missing', () => {
    expect(episode({ description: 'Three dishes, one pod.' }).description).toBe('Three dishes, one pod.');
    expect(episode({ name: undefined }).name).toBe('Tamarind, three ways');
  });

  it('identity: the id alone makes the episode (its URI built); neither is a changed shape', () => {
    expect(episode({ uri: undefined })).toMatchObject({ id: SAMPLE_EPISODE_ID, uri: `spotify:episode:${SAMPLE_EPISODE_ID}` });
    expect(episode({ id: undefined })).toMatchObject({ id: SAMPLE_EPISODE_ID });
    const e = errorOf(() => episode({ id: undefined, uri: undefined }));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('episode.uri/id');
  });

  it('a show entity, a track entity or a uri and an id naming two episodes are no episode (UPSTREAM_FAILED)', () => {
    const show = errorOf(() => episode({ type: 'show', uri: `spotify:show:${SAMPLE_EPISODE_ID}` }));
    expect(show.code).toBe('UPSTREAM_FAILED');
    expect(show.message).toContain('a show resource, not episode');
    expect(errorOf(() => episode({ type: undefined, uri: `spotify:show:${SAMPLE_EPISODE_ID}` })).message).toContain('a show resource');
    expect(errorOf(() => parseEpisode(trackEmbedPage(), SAMPLE_TRACK_ID)).message).toContain('a track resource, not episode');
    const two = errorOf(() => episode({ id: '5dEm0Ep1s0de0000000002' }));
    expect(two.code).toBe('UPSTREAM_FAILED');
    expect(two.message).toContain('5dEm0Ep1s0de0000000002');
  });

  it('Next.js’s error page, a 404 status in the page props or an entity of type "error" is NOT_FOUND naming the id', () => {
    const pages = [
      notFoundPage(),
      embedHtml({ props: { pageProps: { status: 404 } }, page: '/episode/[id]' }),
      embedHtml(embedNextData({ entity: { type: 'error' } })),
    ];
    for (const page of pages) {
      const e = errorOf(() => parseEpisode(page, SAMPLE_EPISODE_ID));
      expect(e.code).toBe('NOT_FOUND');
      expect(e.message).toContain(SAMPLE_EPISODE_ID);
    }
  });

  it('a page without an entity object is a changed shape; a block page is UPSTREAM_BLOCKED', () => {
    for (const entity of [undefined, null, 'x']) {
      const e = errorOf(() => parseEpisode(embedHtml(embedNextData({ entity })), SAMPLE_EPISODE_ID));
      expect(e.code).toBe('UPSTREAM_FAILED');
      expect(e.message).toContain('state.data.entity');
    }
    const px =
      '<html><body><div id="px-captcha"></div><script src="https://captcha.px-cdn.net/PXabc123/captcha.js?a=c&m=0"></script></body></html>';
    expect(errorOf(() => parseEpisode(px, SAMPLE_EPISODE_ID)).code).toBe('UPSTREAM_BLOCKED');
  });

  it('neither the session’s token nor the page’s signed audio-file URLs reach the record', () => {
    const page = episodeEmbedPage(SAMPLE_EPISODE_ID, {}, { accessToken: 'BQ-secret-anon-token' });
    expect(page).toContain('BQ-secret-anon-token');
    expect(page).toContain('audio4-fa.scdn.co');
    const out = JSON.stringify(parseEpisode(page, SAMPLE_EPISODE_ID));
    expect(out).not.toContain('BQ-secret-anon-token');
    expect(out).not.toContain('audio4-fa.scdn.co');
    expect(out).not.toContain('defaultAudioFileObject');
  });
});

describe('episode ids and URLs', () => {
  const ID = SAMPLE_EPISODE_ID;
  it.each([
    [`https://open.spotify.com/episode/${ID}?si=abc`, ID],
    [`https://open.spotify.com/intl-de/episode/${ID}`, ID],
    [`https://open.spotify.com/intl-pt-BR/episode/${ID}`, ID],
    [`https://open.spotify.com/embed/episode/${ID}`, ID],
    [`https://open.spotify.com/embed-podcast/episode/${ID}`, ID],
    [`spotify:episode:${ID}`, ID],
    [`https://open.spotify.com/show/${ID}`, null],
    [`spotify:show:${ID}`, null],
    [`https://open.spotify.com/track/${ID}`, null],
    [`https://open.spotify.com/episode/${ID.slice(1)}`, null],
    [`https://spotify.com/episode/${ID}`, null],
    [`https://open.spotify.com:8443/episode/${ID}`, null],
  ])('%s → %s', (input, out) => {
    expect(idFromInput(input, 'episode')).toBe(out);
  });

  it('the embed-podcast form names a show or an episode only, never a track', () => {
    expect(idFromInput(`https://open.spotify.com/embed-podcast/show/${SAMPLE_SHOW_ID}`, 'show')).toBe(SAMPLE_SHOW_ID);
    expect(idFromInput(`https://open.spotify.com/embed-podcast/track/${SAMPLE_TRACK_ID}`, 'track')).toBeNull();
  });
});

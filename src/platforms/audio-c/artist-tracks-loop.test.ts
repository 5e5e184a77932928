/**
 * `audioCArtistTracks` when api-v2's `next_href` names an offset the request already asked: the
 * cursor's own (A → A), or one of the empty pages read past within the request (A → B → A). Each is
 * the end of the list — never a cursor back to a page already read (an endless chain for a client
 * paging to the end), nor more requests for pages already read. The pages are our own (samples.ts
 * tracksPage, invented tracks and offsets in SoundCloud's `<date>,tracks,<id>` shape).
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../../test/support/discovery-context.js';
import type { UpstreamRequest } from '../../upstream/client.js';
import { decodeTracksCursor, fetchArtistTracks } from './fetch.js';
import { fullTrack, ravimenonUser, tracksPage } from './samples.js';

const HANDLE = 'ravimenonbeats';
const USER = ravimenonUser(HANDLE);
const RAVI = { id: USER.id, permalink: HANDLE, username: USER.username };
const A = '2025-02-01T00:00:00.000Z,tracks,01800000020';
const B = '2025-01-01T00:00:00.000Z,tracks,01800000010';
const HOME = `<!DOCTYPE html><html><head><title>SoundCloud</title><script>window.__sc_hydration = ${JSON.stringify([
  { hydratable: 'apiClient', data: { id: 'TestClientId00000000000000000002', isExpiring: false } },
])};</script></head><body></body></html>`;

const json = (body: unknown): FakeAnswer => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json; charset=utf-8' },
});

/** The home page, resolve of the profile, and the tracks pages by offset (`pages`; another offset: 500). */
const upstream = (pages: Map<string, unknown>) =>
  fakeContext((req: UpstreamRequest) => {
    const u = new URL(req.url);
    if (u.hostname === 'soundcloud.com') return { body: HOME, headers: { 'content-type': 'text/html; charset=utf-8' } };
    if (u.pathname === '/resolve') return json(USER);
    const page = pages.get(u.searchParams.get('offset') ?? '');
    return page === undefined ? { status: 500, body: '{}' } : json(page);
  });

const offsetsAsked = (requests: UpstreamRequest[]) =>
  requests.filter((r) => r.url.includes('/tracks?')).map((r) => new URL(r.url).searchParams.get('offset'));

describe('audio-c artist tracks: a next_href back to an offset this request asked ends the list', () => {
  it('the page after A names A again (A → A): its tracks, no cursor', async () => {
    const ctx = upstream(new Map([[A, tracksPage(USER.id, [fullTrack(1_800_000_011, 'Idli Steam', RAVI)], A)]]));
    const page = await fetchArtistTracks(ctx, { handle: HANDLE, userId: USER.id, offset: A });
    expect(page.tracks.map((t) => t.title)).toEqual(['Idli Steam']);
    expect(page.cursor).toBeNull();
    expect(offsetsAsked(ctx.requests)).toEqual([A]);
  });

  it('empty pages A → B → A: read once each, then the end ([] and no cursor), not a cursor back to A', async () => {
    const ctx = upstream(
      new Map([
        [A, tracksPage(USER.id, [], B)],
        [B, tracksPage(USER.id, [], A)],
      ]),
    );
    const page = await fetchArtistTracks(ctx, { handle: HANDLE, userId: USER.id, offset: A });
    expect(page).toEqual({ tracks: [], cursor: null });
    expect(offsetsAsked(ctx.requests)).toEqual([A, B]);
  });

  it('a next offset not asked yet still pages on (the loop check ends nothing else)', async () => {
    const ctx = upstream(new Map([[A, tracksPage(USER.id, [fullTrack(1_800_000_011, 'Idli Steam', RAVI)], B)]]));
    const page = await fetchArtistTracks(ctx, { handle: HANDLE, userId: USER.id, offset: A });
    expect(decodeTracksCursor(page.cursor!)?.offset).toBe(B);
  });
});

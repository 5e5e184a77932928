/**
 * audio-c: the user `resolve` answers for a handle is that artist — its permalink and the handle
 * its permalink_url names, each where stated, and one of them stated. The users are our own
 * (samples.ts ravimenonUser: invented names and ids, in the shape of the captured api-v2 user).
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import type { UpstreamRequest } from '../../upstream/client.js';
import { fetchArtist, fetchArtistProfile } from './fetch.js';
import { ravimenonUser } from './samples.js';

const HANDLE = 'ravimenonbeats';
const HOME = `<!DOCTYPE html><html><head><title>SoundCloud</title><script>window.__sc_hydration = ${JSON.stringify([
  { hydratable: 'apiClient', data: { id: 'TestClientId00000000000000000003', isExpiring: false } },
])};</script></head><body></body></html>`;
/** A profile page without a `user` hydratable: the page fallback finds no artist there. */
const BARE_PAGE = '<!DOCTYPE html><html><head><title>SoundCloud</title></head><body></body></html>';

/** soundcloud.com (home and profile pages) and api-v2 answering resolve with `user`, web profiles with []. */
const upstream = (user: unknown) =>
  fakeContext((req: UpstreamRequest) => {
    const u = new URL(req.url);
    if (u.hostname === 'soundcloud.com')
      return { body: u.pathname === '/' ? HOME : BARE_PAGE, headers: { 'content-type': 'text/html; charset=utf-8' } };
    return { body: JSON.stringify(u.pathname === '/resolve' ? user : []), headers: { 'content-type': 'application/json' } };
  });

/** Our user with `permalink` left out (the api-v2 user the parser reads as null, warned). */
function withoutPermalink(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const { permalink: _left, ...user } = { ...ravimenonUser(HANDLE), ...extra };
  return user;
}

describe('audio-c: the resolved user is the artist asked', () => {
  it('the asked artist is read; one stating its permalink_url alone is too', async () => {
    await expect(fetchArtist(upstream(ravimenonUser(HANDLE)), HANDLE)).resolves.toMatchObject({ permalink: HANDLE });
    await expect(fetchArtist(upstream(withoutPermalink()), HANDLE)).resolves.toMatchObject({
      permalink: null,
      permalink_url: `https://soundcloud.com/${HANDLE}`,
    });
  });

  it("a user without a permalink whose permalink_url is another account's → UPSTREAM_FAILED, never the asked artist", async () => {
    const other = withoutPermalink({ permalink_url: 'https://soundcloud.com/meerameloncooks' });
    await expect(fetchArtist(upstream(other), HANDLE)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/different resource/),
    });
    await expect(fetchArtistProfile(upstream(other), HANDLE)).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
  });

  it('a user naming neither permalink nor permalink_url cannot be told to be the asked one → UPSTREAM_FAILED', async () => {
    await expect(fetchArtist(upstream(withoutPermalink({ permalink_url: undefined })), HANDLE)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/names no permalink/),
    });
  });
});

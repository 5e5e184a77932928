/**
 * audio-c's profile reader (a SoundCloud user through `resolve`, then its web profiles). The
 * user object and the home page (for the public client id) are real captures
 * (../shared/fixtures/audio-c: api-v2-user-liluzivert.json, homepage-sc-hydration.html); no
 * capture of a web-profiles answer exists, so that one is our own, in the shape SoundCloud's web
 * client reads (invented links).
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture } from '../../../test/support/fixtures.js';
import { readProfile } from '../reader.js';
import { reader } from './reader.js';

const LABEL = 'audio-c';
const WEB_PROFILES = [
  { url: 'https://liluzivert.example.com/', network: 'personal', title: 'Official site', username: null },
  { url: 'https://www.instagram.com/liluzivert', network: 'instagram', title: 'Instagram', username: 'liluzivert' },
];

function web(user: string, webProfiles: unknown = WEB_PROFILES): (url: URL) => FakeAnswer {
  return (u) => {
    if (u.hostname === 'soundcloud.com')
      return { body: readFixture(LABEL, 'homepage-sc-hydration.html'), headers: { 'content-type': 'text/html' } };
    if (u.pathname === '/resolve') return { body: user, headers: { 'content-type': 'application/json' } };
    if (u.pathname.endsWith('/web-profiles')) return { body: JSON.stringify(webProfiles), headers: { 'content-type': 'application/json' } };
    return { status: 404, body: '{}' };
  };
}

describe.skipIf(!hasFixtures(LABEL))('audio-c reader (captures)', () => {
  it('resolve → the captured user, then its web profiles: one profile (a `personal` web profile is the website field)', async () => {
    const ctx = fakeContext((r) => web(readFixture(LABEL, 'api-v2-user-liluzivert.json'))(new URL(r.url)));
    const v = await readProfile(reader, ctx, 'liluzivert');
    const urls = ctx.requests.map((r) => new URL(r.url));
    expect(urls.map((u) => u.pathname)).toEqual(['/', '/resolve', '/users/soundcloud:users:10494998/web-profiles']);
    expect(urls[1].searchParams.get('url')).toBe('https://soundcloud.com/liluzivert');
    expect(v).toMatchObject({
      platform: 'audio-c',
      handle: 'liluzivert',
      url: 'https://soundcloud.com/liluzivert',
      displayName: 'Lil Uzi Vert',
      websites: ['https://liluzivert.example.com/'],
      ids: ['audio-c:liluzivert'],
      followers: 3243390,
      isPrivate: false,
    });
    expect(v.bio).toMatch(/^Over the course of their illustrious career/);
    expect(v.links.slice(0, 2)).toEqual(['https://liluzivert.example.com/', 'https://www.instagram.com/liluzivert']);
  });

  it('a resolved user with another permalink is never used as the one asked for', async () => {
    const ctx = fakeContext((r) => web(readFixture(LABEL, 'api-v2-user-liluzivert.json'))(new URL(r.url)));
    await expect(readProfile(reader, ctx, 'someoneelse')).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
  });
});

describe('audio-c reader (own answers)', () => {
  it('older web-profiles answers wrapped in `collection`; a description’s address and links', async () => {
    const user = JSON.stringify({
      id: 77,
      kind: 'user',
      permalink: 'owl-beats',
      username: 'Owl Beats',
      description: 'Beats from Leeds. Booking: book@owlbeats.co.uk',
    });
    const home =
      '<html><script>window.__sc_hydration = [{"hydratable":"apiClient","data":{"id":"abcdefghijklmnopqrstuvwxyz012345","isExpiring":false}}];</script></html>';
    const ctx = fakeContext((r) => {
      const u = new URL(r.url);
      if (u.hostname === 'soundcloud.com') return { body: home, headers: { 'content-type': 'text/html' } };
      return web(user, { collection: [{ url: 'https://owlbeats.example.com', network: 'personal', title: 'site' }] })(u);
    });
    const v = await readProfile(reader, ctx, 'owl-beats');
    expect(v).toMatchObject({ handle: 'owl-beats', websites: ['https://owlbeats.example.com'], emails: ['book@owlbeats.co.uk'] });
  });
});

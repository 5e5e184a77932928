/**
 * Answers that name another account only in part — a field the check did not read, or none of the
 * fields it reads — through the gateway over REST: 502 UPSTREAM_FAILED at 0 credits, never the
 * other account's record (src/platforms/identity.ts; test/e2e/identity.test.ts has the answers that
 * name another account outright). Every answer here is our own, minimal, inline: invented names
 * and ids in the public shapes each platform folder's samples.ts describes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const HTML_TYPE = { 'content-type': 'text/html; charset=utf-8' };
const q = encodeURIComponent;

/** A Truth Social (Mastodon) Account entity of our own. */
const account = (username: string, acct: string, url: string) => ({
  id: '109000000000000555',
  username,
  acct,
  display_name: 'Tide Tables',
  locked: false,
  bot: false,
  created_at: '2022-05-01T00:00:00.000Z',
  note: '<p>Tides.</p>',
  url,
  avatar: 'https://static-assets-1.truthsocial.com/avatars/555.png',
  followers_count: 10,
  following_count: 2,
  statuses_count: 40,
});

/** A soundcloud.com page carrying the public client id, as the home page does. */
const SC_HOME = `<!DOCTYPE html><html><head><title>SoundCloud</title><script>window.__sc_hydration = ${JSON.stringify([
  { hydratable: 'apiClient', data: { id: 'TestClientId00000000000000000009', isExpiring: false } },
])};</script></head><body></body></html>`;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    routes: [
      // microblog-a: the lookup of @tidetables answered with the same username on another server.
      {
        host: 'truthsocial.com',
        path: '/api/v1/accounts/lookup',
        query: { acct: 'tidetables' },
        response: {
          headers: JSON_TYPE,
          body: JSON.stringify(account('tidetables', 'tidetables@coastal.example', 'https://coastal.example/@tidetables')),
        },
      },
      // linkpage-c: a talent naming no username at all.
      {
        host: 'api.komi.io',
        path: '/api/talent/usernames/tidetables',
        response: {
          headers: JSON_TYPE,
          body: JSON.stringify({ firstName: 'T', accountStatus: 'active', talentProfile: { id: 'p-555', displayName: 'Someone' } }),
        },
      },
      { host: 'api.komi.io', path: '/api/talent-profiles/p-555/modules', response: { headers: JSON_TYPE, body: '[]' } },
      // audio-c: resolve of soundcloud.com/tidetables answered with a user without a permalink whose URL is another's.
      { host: 'soundcloud.com', path: '/', response: { headers: HTML_TYPE, body: SC_HOME } },
      { host: 'soundcloud.com', path: '/tidetables', response: { headers: HTML_TYPE, body: '<!DOCTYPE html><html><body></body></html>' } },
      {
        host: 'api-v2.soundcloud.com',
        path: '/resolve',
        response: {
          headers: JSON_TYPE,
          body: JSON.stringify({ id: 555, kind: 'user', permalink_url: 'https://soundcloud.com/someone-else', username: 'Someone' }),
        },
      },
    ],
  });
});
afterAll(() => h?.close());

describe('an answer naming another account in part, or naming none, is 502 UPSTREAM_FAILED at 0 credits', () => {
  it.each([
    ['microblog-a: the asked username, but a remote acct (user@server)', '/v1/microblog-a/profile?handle=tidetables'],
    ['linkpage-c: a talent naming no username', `/v1/linkpage-c?url=${q('https://tidetables.komi.io')}`],
    ["audio-c: a user without a permalink, its permalink_url another account's", '/v1/audio-c/artist?handle=tidetables'],
  ])('%s', async (_name, path) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(path, { key });
    expect(r.status, JSON.stringify(r.body)).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(Object.keys(r.body).sort()).toEqual(['error', 'success']);
    expect(await h.balance(id)).toBe(3);
  });
});

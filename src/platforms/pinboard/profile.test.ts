/**
 * `pinboardProfile` (profile.ts). No capture of a UserResource answer exists in
 * ../shared/fixtures/pinboard (only a search): the answers here are our own, in the
 * `resource_response` envelope the search capture shows, with the user members Pinterest's web
 * client reads for a profile; every name, id and count is invented.
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { captureWarnings } from '../../parse/index.js';
import { validateArgs } from '../operation.js';
import { parsePinboardProfile, PinboardProfileRecord, profile, profileView } from './profile.js';

const IMG = 'https://i.pinimg.com';
const TALA: Record<string, unknown> = {
  node_id: 'VXNlcjo5MDAxMjM0NTY3ODkwMTIzNA==',
  id: '900123456789012345',
  username: 'taladraws',
  full_name: 'Tala Okafor',
  first_name: 'Tala',
  last_name: 'Okafor',
  about: 'Ink studies and sketchbook tours ✉ studio@tala-example.org',
  website_url: 'https://tala-example.org',
  domain_url: 'tala-example.org',
  domain_verified: true,
  is_primary_website_verified: true,
  follower_count: 2310,
  following_count: 88,
  pin_count: 1204,
  board_count: 17,
  video_pin_count: 12,
  image_small_url: `${IMG}/30x30_RS/aa/bb/cc/aabbcc.jpg`,
  image_medium_url: `${IMG}/75x75_RS/aa/bb/cc/aabbcc.jpg`,
  image_large_url: `${IMG}/140x140_RS/aa/bb/cc/aabbcc.jpg`,
  image_xlarge_url: `${IMG}/280x280_RS/aa/bb/cc/aabbcc.jpg`,
  is_verified_merchant: false,
  verified_identity: {},
  is_private_profile: false,
  type: 'user',
  country: 'GB',
  locale: 'en-GB',
  seo_title: 'Tala Okafor (taladraws) - Profile | Pinterest',
};

const answer = (data: unknown) => ({
  resource_response: { status: 'success', code: 0, message: 'ok', endpoint_name: 'v3_get_user_handler', data, http_status: 200 },
  client_context: { is_authenticated: false },
  resource: { name: 'UserResource', options: { username: 'taladraws', field_set_key: 'profile' } },
  request_identifier: '3121779956231599',
});
const json = (body: unknown, status = 200) => ({ status, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const warned = (ws: { platform: string; field: string }[]) => ws.map((w) => `${w.platform}:${w.field}`);

describe('pinboardProfile parse (our own answers)', () => {
  it("the user: listed fields first, Pinterest's others passed through; no warning; schema holds", () => {
    const { result, warnings } = captureWarnings(() => parsePinboardProfile(answer(TALA), 'taladraws'));
    expect(warnings).toEqual([]);
    expect(result.user).toMatchObject({
      id: '900123456789012345',
      username: 'taladraws',
      full_name: 'Tala Okafor',
      website_url: 'https://tala-example.org',
      follower_count: 2310,
      pin_count: 1204,
      board_count: 17,
      verified_identity: {},
      // Passed through.
      country: 'GB',
      video_pin_count: 12,
    });
    expect(Object.keys(result.user).slice(0, 3)).toEqual(['id', 'node_id', 'username']);
    expect(PinboardProfileRecord.safeParse(result).success).toBe(true);
  });

  it('an account without a website or the optional sizes: null, not warned; a missing count: null plus user.<field>', () => {
    const { website_url: _w, domain_url: _d, image_xlarge_url: _x, follower_count: _f, ...rest } = TALA;
    const { result, warnings } = captureWarnings(() => parsePinboardProfile(answer(rest), 'taladraws'));
    expect(result.user).toMatchObject({ website_url: null, domain_url: null, image_xlarge_url: null, follower_count: null });
    expect(warned(warnings)).toEqual(['pinboard:user.follower_count']);
  });

  it('a private profile is its public header (is_private_profile: true)', () => {
    expect(parsePinboardProfile(answer({ ...TALA, is_private_profile: true }), 'taladraws').user.is_private_profile).toBe(true);
  });

  it('typed errors: a 404 failure → NOT_FOUND; without username or data → UPSTREAM_FAILED', () => {
    const missing = { resource_response: { status: 'failure', http_status: 404, error: { message: 'User not found.', http_status: 404 } } };
    expect(() => parsePinboardProfile(missing, 'gone_user')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => parsePinboardProfile(answer({ ...TALA, username: '' }), 'taladraws')).toThrow(
      expect.objectContaining({ code: 'UPSTREAM_FAILED' }),
    );
    expect(() => parsePinboardProfile({ resource_response: { status: 'success' } }, 'taladraws')).toThrow(
      expect.objectContaining({ code: 'UPSTREAM_FAILED' }),
    );
  });

  it("the reader's clean record is a view of this one: an empty website falls back to the domain, an empty about is null", () => {
    const view = (data: Record<string, unknown>) => profileView(parsePinboardProfile(answer(data), 'taladraws'));
    const tala = {
      username: 'taladraws',
      id: '900123456789012345',
      fullName: 'Tala Okafor',
      about: 'Ink studies and sketchbook tours ✉ studio@tala-example.org',
      websiteUrl: 'https://tala-example.org',
      followerCount: 2310,
      url: 'https://www.pinterest.com/taladraws/',
    };
    expect(view(TALA)).toEqual(tala);
    expect(view({ ...TALA, website_url: '', about: '' })).toEqual({ ...tala, about: null, websiteUrl: 'tala-example.org' });
    expect(view({ ...TALA, website_url: null })).toEqual({ ...tala, websiteUrl: 'tala-example.org' });
  });
});

describe('pinboardProfile operation', () => {
  it('one UserResource GET (the reader’s request); the record for the account asked', async () => {
    const ctx = fakeContext(() => json(answer(TALA)));
    const r = await profile.run(ctx, { handle: 'taladraws' });
    expect(r.user.username).toBe('taladraws');
    const u = new URL(ctx.requests[0].url);
    expect([u.origin + u.pathname, u.searchParams.get('source_url'), JSON.parse(u.searchParams.get('data')!)]).toEqual([
      'https://www.pinterest.com/resource/UserResource/get/',
      '/taladraws/',
      { options: { username: 'taladraws', field_set_key: 'profile' }, context: {} },
    ]);
    expect(ctx.requests[0].headers).toMatchObject({ 'x-requested-with': 'XMLHttpRequest', 'x-pinterest-source-url': '/taladraws/' });
  });

  it('typed errors: another user → UPSTREAM_FAILED; the login page → UPSTREAM_BLOCKED; an HTML 404 → NOT_FOUND', async () => {
    await expect(
      profile.run(
        fakeContext(() => json(answer({ ...TALA, username: 'someone_else' }))),
        { handle: 'taladraws' },
      ),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
    const login = fakeContext(() => ({ body: '<html><body>Log in to see more</body></html>', url: 'https://www.pinterest.com/login/' }));
    await expect(profile.run(login, { handle: 'taladraws' })).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
    await expect(
      profile.run(
        fakeContext(() => ({ status: 404, body: '<html>Not found</html>' })),
        { handle: 'taladraws' },
      ),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('handle: case folded into one cache key; a URL is refused naming handle', () => {
    expect(validateArgs(profile, { handle: '@TalaDraws' })).toMatchObject({
      ok: true,
      args: { handle: 'taladraws' },
      cacheKey: 'pinboardProfile:taladraws',
    });
    for (const bad of ['https://www.pinterest.com/taladraws/', 'ab', 'tala.draws']) {
      const r = validateArgs(profile, { handle: bad });
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.problems.map((p) => p.param)).toEqual(['handle']);
    }
  });
});

/**
 * `microblogBProfile` (profile.ts) on the real `UserByScreenName` captures of 2025 (the `legacy`
 * shape) and 2026 (no `legacy`) in ../shared/fixtures/microblog-b, read in place; the hybrid of
 * the two, the not-found, protected and blocked answers are our own (src/platforms/microblog-b/samples.ts
 * users, invented names and counts).
 */
import { describe, expect, it } from 'vitest';
import { GUEST_ACTIVATE_BODY, LOGIN_WALL_HTML, newShapeUser } from './samples.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { ApiError } from '../../errors.js';
import { captureWarnings } from '../../parse/index.js';
import type { UpstreamRequest } from '../../upstream/client.js';
import { validateArgs } from '../operation.js';
import { MicroblogBProfile, parseMicroblogBProfile, profile } from './profile.js';
import { reader } from './reader.js';

const LABEL = 'microblog-b';
type Obj = Record<string, any>;
const capture = (file: string): Obj => JSON.parse(readFixture(LABEL, file));
const BIO = 'The voice of the X Dev team and your official source for updates, news, and events, related to the X API.';

function failure(f: () => unknown): ApiError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected an ApiError, got a record');
}

describe.skipIf(!hasFixtures(LABEL))(`microblogBProfile on the UserByScreenName captures (${skipReason(LABEL)})`, () => {
  it('2026 (no legacy block): the SOURCES.md facts land in the api.md legacy block; schema holds; no warning', () => {
    const { result, warnings } = captureWarnings(() => parseMicroblogBProfile(capture('user-by-screen-name-2026.json'), 'xdevelopers'));
    expect(warnings).toEqual([]);
    const u = result.user;
    expect(u).toMatchObject({ __typename: 'User', rest_id: '2244994945', is_blue_verified: true });
    expect(u.legacy).toMatchObject({
      screen_name: 'XDevelopers',
      name: 'Developers',
      created_at: 'Sat Dec 14 04:35:55 +0000 2013',
      description: BIO,
      url: 'https://t.co/NIwHVIVyrN',
      followers_count: 695695,
      friends_count: 762,
      statuses_count: 4319,
      media_count: 829,
      location: '127.0.0.1',
      verified_type: 'Business',
    });
    expect(u.legacy.entities.url.urls[0]).toMatchObject({ expanded_url: 'https://docs.x.com/', url: 'https://t.co/NIwHVIVyrN' });
    expect(MicroblogBProfile.safeParse(result).success).toBe(true);
  });

  it('2025 (legacy block): the SOURCES.md facts as sent; schema holds; no warning', () => {
    const { result, warnings } = captureWarnings(() => parseMicroblogBProfile(capture('user-by-screen-name-2025.json'), 'xdevelopers'));
    expect(warnings).toEqual([]);
    expect(result.user.rest_id).toBe('2244994945');
    expect(result.user.is_blue_verified).toBe(true);
    expect(result.user.legacy).toMatchObject({
      screen_name: 'XDevelopers',
      name: 'Developers',
      description: BIO,
      url: 'https://t.co/NIwHVIVyrN',
      followers_count: 700242,
      friends_count: 746,
      statuses_count: 4079,
      media_count: 821,
      location: '127.0.0.1',
      pinned_tweet_ids_str: ['1851463451929186504'],
    });
    expect(result.user.legacy.entities.url.urls[0].expanded_url).toBe('https://docs.x.com/');
    expect(MicroblogBProfile.safeParse(result).success).toBe(true);
  });

  it('both eras answer one shape: the same user keys and legacy keys, in the same order', () => {
    const older = parseMicroblogBProfile(capture('user-by-screen-name-2025.json')).user;
    const newer = parseMicroblogBProfile(capture('user-by-screen-name-2026.json')).user;
    expect(Object.keys(newer).slice(0, 9)).toEqual(Object.keys(older).slice(0, 9));
    expect(Object.keys(newer.legacy).slice(0, 29)).toEqual(Object.keys(older.legacy).slice(0, 29));
  });

  it('hybrid (the 2026 capture with a partial legacy block beside its new blocks): legacy wins where it has a value, the rest is filled from the new blocks', () => {
    const json = capture('user-by-screen-name-2026.json');
    json.data.user.result.legacy = { description: 'Older bio, still in legacy', followers_count: 700000, profile_image_url_https: '' };
    const { result, warnings } = captureWarnings(() => parseMicroblogBProfile(json, 'xdevelopers'));
    expect(warnings).toEqual([]);
    expect(result.user.legacy).toMatchObject({
      description: 'Older bio, still in legacy',
      followers_count: 700000,
      // From core / relationship_counts / avatar: legacy has none of them (an empty image URL is none).
      screen_name: 'XDevelopers',
      friends_count: 762,
      profile_image_url_https: expect.stringMatching(/^https:\/\/pbs\.twimg\.com\/profile_images\//),
    });
  });

  it('the profile reader views this record (its user)', () => {
    const record = parseMicroblogBProfile(capture('user-by-screen-name-2026.json'));
    expect(reader.view(record, 'xdevelopers')).toMatchObject({
      handle: 'XDevelopers',
      websites: ['https://docs.x.com/'],
      followers: 695695,
    });
  });
});

describe('microblogBProfile (our own answers)', () => {
  const body = (result: Obj | undefined) => JSON.stringify({ data: { user: result === undefined ? {} : { result } } });

  it('a field of the record degrading never fails it: null plus a counted warning', () => {
    const u = newShapeUser('ada_writes');
    delete (u.relationship_counts as Obj).followers;
    const { result, warnings } = captureWarnings(() => parseMicroblogBProfile(JSON.parse(body(u))));
    expect(result.user.legacy.followers_count).toBeNull();
    expect(result.user.legacy.friends_count).toBe(321);
    expect(warnings.map((w) => `${w.platform}:${w.field}`)).toEqual(['microblog-b:user.legacy.followers_count']);
  });

  it('a protected account is its public header (legacy.protected: true)', () => {
    const u = { ...newShapeUser('ada_writes'), privacy: { protected: true } };
    expect(parseMicroblogBProfile(JSON.parse(body(u))).user.legacy.protected).toBe(true);
  });

  it('an empty data.user and a UserUnavailable result are NOT_FOUND; no rest_id / screen name is UPSTREAM_FAILED', () => {
    expect(failure(() => parseMicroblogBProfile(JSON.parse(body(undefined)), 'ghost')).code).toBe('NOT_FOUND');
    const suspended = { __typename: 'UserUnavailable', reason: 'Suspended' };
    expect(failure(() => parseMicroblogBProfile(JSON.parse(body(suspended)))).code).toBe('NOT_FOUND');
    expect(failure(() => parseMicroblogBProfile({ data: { user: { result: { __typename: 'User', core: {} } } } })).code).toBe(
      'UPSTREAM_FAILED',
    );
  });
});

describe('microblogBProfile operation', () => {
  /** Guest activation, then UserByScreenName answered by `answer`. */
  function serving(answer: (req: UpstreamRequest) => FakeAnswer) {
    return fakeContext((req) =>
      req.url.includes('/guest/activate.json')
        ? { body: GUEST_ACTIVATE_BODY('1888000000000000001'), headers: { 'content-type': 'application/json' } }
        : answer(req),
    );
  }
  const json = (b: unknown): FakeAnswer => ({ body: JSON.stringify(b), headers: { 'content-type': 'application/json' } });

  it('guest activation, then one UserByScreenName request; the record for the account asked', async () => {
    const ctx = serving(() => json({ data: { user: { result: newShapeUser('ada_writes') } } }));
    const r = await profile.run(ctx, { handle: 'ada_writes' });
    expect(r.user.legacy.screen_name).toBe('ada_writes');
    const query = ctx.requests.find((q) => q.url.includes('/UserByScreenName'))!;
    expect(JSON.parse(new URL(query.url).searchParams.get('variables')!)).toMatchObject({ screen_name: 'ada_writes' });
    expect(query.headers?.['x-guest-token']).toBe('1888000000000000001');
    expect(ctx.requests.every((q) => q.platform === 'microblog-b')).toBe(true);
  });

  it('typed errors: another account → UPSTREAM_FAILED; empty user → NOT_FOUND; the login page → UPSTREAM_BLOCKED', async () => {
    const other = serving(() => json({ data: { user: { result: newShapeUser('someone_else') } } }));
    await expect(profile.run(other, { handle: 'ada_writes' })).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
    await expect(
      profile.run(
        serving(() => json({ data: { user: {} } })),
        { handle: 'ghost' },
      ),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const wall = serving(() => ({ body: LOGIN_WALL_HTML, headers: { 'content-type': 'text/html' } }));
    await expect(profile.run(wall, { handle: 'ada_writes' })).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
  });

  it('handle: normalised into one cache key; a URL or a bad name is refused naming handle', () => {
    expect(validateArgs(profile, { handle: '@TalaDraws' })).toMatchObject({
      ok: true,
      args: { handle: 'taladraws' },
      cacheKey: 'microblogBProfile:taladraws',
    });
    for (const bad of ['https://x.com/TalaDraws', 'sixteen_chars_xx', 'a-b']) {
      const r = validateArgs(profile, { handle: bad });
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.problems.map((p) => p.param)).toEqual(['handle']);
    }
  });
});

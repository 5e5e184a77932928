/**
 * pinboard's profile reader (a Pinterest user through UserResource). No capture of a user answer
 * exists in ../shared/fixtures/pinboard (only a search): the answers here are our own, in the
 * `resource_response` envelope the search capture shows; every name is invented.
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { readProfile } from '../reader.js';
import { reader } from './reader.js';

const user = (username: string) => ({
  resource_response: {
    status: 'success',
    http_status: 200,
    code: 0,
    data: {
      id: '1125968647761',
      username,
      full_name: 'Night Owl Ceramics',
      about: 'Mugs from Leeds ✉ hello@nightowlceramics.com',
      website_url: 'https://nightowlceramics.com',
      domain_url: 'nightowlceramics.com',
      follower_count: 880,
      type: 'user',
    },
  },
  resource: { name: 'UserResource', options: { username } },
});
const json = (body: unknown, status = 200) => ({ status, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('pinboard reader', () => {
  it('UserResource as a profile: about, the website field, follower count', async () => {
    const ctx = fakeContext(() => json(user('nightowlceramics')));
    const v = await readProfile(reader, ctx, 'nightowlceramics');
    const u = new URL(ctx.requests[0].url);
    expect([u.origin + u.pathname, u.searchParams.get('source_url'), JSON.parse(u.searchParams.get('data')!)]).toEqual([
      'https://www.pinterest.com/resource/UserResource/get/',
      '/nightowlceramics/',
      { options: { username: 'nightowlceramics', field_set_key: 'profile' }, context: {} },
    ]);
    expect(v).toEqual({
      platform: 'pinboard',
      handle: 'nightowlceramics',
      url: 'https://www.pinterest.com/nightowlceramics/',
      displayName: 'Night Owl Ceramics',
      bio: 'Mugs from Leeds ✉ hello@nightowlceramics.com',
      websites: ['https://nightowlceramics.com'],
      links: ['https://nightowlceramics.com'],
      emails: ['hello@nightowlceramics.com'],
      ids: ['pinboard:nightowlceramics'],
      followers: 880,
      isPrivate: false,
    });
  });

  it('a 404 failure is NOT_FOUND; another user is UPSTREAM_FAILED; a login page is a login wall', async () => {
    const missing = { resource_response: { status: 'failure', http_status: 404, error: { message: 'User not found.', http_status: 404 } } };
    await expect(
      readProfile(
        reader,
        fakeContext(() => json(missing, 404)),
        'gone_user',
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      readProfile(
        reader,
        fakeContext(() => json(user('someone_else'))),
        'nightowlceramics',
      ),
    ).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
    await expect(
      readProfile(
        reader,
        fakeContext(() => ({ body: '<html><body>Log in to see more</body></html>', url: 'https://www.pinterest.com/login/' })),
        'nightowlceramics',
      ),
    ).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
  });

  it('usernames: 3–30 letters, digits and underscores, case folded', () => {
    expect(reader.canonicalHandle('@NightOwl_Ceramics')).toBe('nightowl_ceramics');
    for (const bad of ['ab', 'night.owl', 'night-owl']) expect(reader.canonicalHandle(bad), bad).toBeNull();
    expect(reader.handleFromUrl(new URL('https://www.pinterest.co.uk/nightowlceramics/'))).toBe('nightowlceramics');
  });
});

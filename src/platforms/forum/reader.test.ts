/**
 * forum's profile reader (a Reddit user's about.json). No capture of about.json exists in
 * ../shared/fixtures/forum: the answers here are our own, in the t2 shape Reddit's public JSON
 * serves (the keys PRAW's Redditor reads); every name is invented.
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { readProfile } from '../reader.js';
import { reader } from './reader.js';

const about = (name: string, extra: object = {}) => ({
  kind: 't2',
  data: {
    name,
    id: 'abc123',
    is_suspended: false,
    total_karma: 1200,
    created_utc: 1600000000,
    subreddit: {
      display_name: `u_${name}`,
      title: 'Night Owl Ceramics',
      public_description: 'Mugs from Leeds. Wholesale: trade@nightowlceramics.com · nightowlceramics.com',
      subscribers: 42,
      over_18: false,
      url: `/user/${name}/`,
    },
    ...extra,
  },
});
const json = (body: unknown, status = 200) => ({ status, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('forum reader', () => {
  it('reads about.json as a profile: the profile title and description, links and addresses in it', async () => {
    const ctx = fakeContext(() => json(about('NightOwlPots')));
    const v = await readProfile(reader, ctx, 'nightowlpots');
    expect(ctx.requests.map((r) => [r.url, r.platform])).toEqual([
      ['https://www.reddit.com/user/nightowlpots/about.json?raw_json=1', 'forum'],
    ]);
    expect(v).toMatchObject({
      platform: 'forum',
      handle: 'NightOwlPots',
      url: 'https://www.reddit.com/user/NightOwlPots/',
      displayName: 'Night Owl Ceramics',
      links: ['https://nightowlceramics.com'],
      emails: ['trade@nightowlceramics.com'],
      ids: ['forum:nightowlpots'],
      followers: 42,
      isPrivate: false,
    });
  });

  it('missing, suspended: NOT_FOUND; another user in the answer: UPSTREAM_FAILED; an HTML block page: UPSTREAM_BLOCKED', async () => {
    await expect(
      readProfile(
        reader,
        fakeContext(() => json({ message: 'Not Found', error: 404 }, 404)),
        'gone_user',
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      readProfile(
        reader,
        fakeContext(() => json({ kind: 't2', data: { name: 'banned_one', is_suspended: true } })),
        'banned_one',
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      readProfile(
        reader,
        fakeContext(() => json(about('someone_else'))),
        'nightowlpots',
      ),
    ).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
    await expect(
      readProfile(
        reader,
        fakeContext(() => ({ status: 429, body: '<html><title>Too Many Requests</title><body>whoa there, pardner!</body></html>' })),
        'nightowlpots',
      ),
    ).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
  });

  it('never probed on a handle alone (no Reddit token); at most 2 users a lookup; 3–20 of letters, digits, _ and -', () => {
    expect(reader.probes({} as never)).toBe(false);
    expect(reader.maxReads!({} as never)).toBe(2);
    expect(reader.canonicalHandle('u/Night_Owl-1')).toBe('night_owl-1');
    for (const bad of ['ab', 'night.owl', 'x'.repeat(21)]) expect(reader.canonicalHandle(bad), bad).toBeNull();
    expect(reader.handleFromUrl(new URL('https://www.reddit.com/user/NightOwlPots/'))).toBe('NightOwlPots');
    expect(reader.handleFromUrl(new URL('https://www.reddit.com/r/pottery/'))).toBeNull();
  });
});

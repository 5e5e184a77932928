/**
 * code's profile reader (a GitHub user). No capture of `/users/<login>` or its social accounts
 * exists in ../shared/fixtures/code: the answers here are our own, in the shape GitHub's REST
 * reference documents ("Get a user", "List social accounts for a user"); every name is invented.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { readProfile } from '../reader.js';
import { reader } from './reader.js';

const USER = {
  login: 'NightOwlPots',
  id: 90210001,
  node_id: 'U_kgDOBWD1EQ',
  type: 'User',
  site_admin: false,
  html_url: 'https://github.com/NightOwlPots',
  name: 'Night Owl Pots',
  company: null,
  blog: 'nightowlceramics.com',
  location: 'Leeds',
  email: 'code@nightowlceramics.com',
  hireable: null,
  bio: 'Kiln controller firmware. Shop: https://shop.nightowlceramics.com',
  twitter_username: 'NightOwlPots',
  public_repos: 4,
  followers: 31,
  following: 2,
  created_at: '2021-03-01T10:00:00Z',
  updated_at: '2025-01-01T10:00:00Z',
};
const SOCIAL = [
  { provider: 'instagram', url: 'https://www.instagram.com/nightowl.ceramics' },
  { provider: 'generic', url: 'https://linktr.ee/nightowlceramics' },
];

function serving(user: object | null, social: object[] = SOCIAL) {
  return fakeContext((req) => {
    const path = new URL(req.url).pathname;
    if (!user) return { status: 404, body: '{"message":"Not Found"}', headers: { 'content-type': 'application/json' } };
    if (path.endsWith('/social_accounts'))
      return { body: JSON.stringify(social), headers: { 'content-type': 'application/json' }, delayMs: 20 };
    return { body: JSON.stringify(user), headers: { 'content-type': 'application/json' }, delayMs: 20 };
  });
}

describe('code reader', () => {
  it('reads the user and its social accounts (two requests sent together) as a profile', async () => {
    const ctx = serving(USER);
    const v = await readProfile(reader, ctx, 'nightowlpots');
    expect(ctx.requests.map((r) => r.url).sort()).toEqual([
      'https://api.github.com/users/nightowlpots',
      'https://api.github.com/users/nightowlpots/social_accounts',
    ]);
    expect(ctx.requests.every((r) => r.platform === 'code')).toBe(true);
    expect(v).toEqual({
      platform: 'code',
      handle: 'NightOwlPots',
      url: 'https://github.com/NightOwlPots',
      displayName: 'Night Owl Pots',
      bio: 'Kiln controller firmware. Shop: https://shop.nightowlceramics.com',
      websites: ['https://nightowlceramics.com'],
      links: [
        'https://nightowlceramics.com',
        'https://x.com/NightOwlPots',
        'https://www.instagram.com/nightowl.ceramics',
        'https://linktr.ee/nightowlceramics',
        'https://shop.nightowlceramics.com',
      ],
      emails: ['code@nightowlceramics.com'],
      ids: ['code:nightowlpots'],
      followers: 31,
      isPrivate: false,
    });
  });

  it('the two requests do not wait for each other', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const ctx = fakeContext(async (req) => {
      await gate;
      return {
        body: JSON.stringify(new URL(req.url).pathname.endsWith('/social_accounts') ? SOCIAL : USER),
        headers: { 'content-type': 'application/json' },
      };
    });
    const read = readProfile(reader, ctx, 'nightowlpots');
    await new Promise((resolve) => setImmediate(resolve));
    // Both sent while neither has answered.
    expect(ctx.requests).toHaveLength(2);
    open();
    await expect(read).resolves.toMatchObject({ handle: 'NightOwlPots' });
  });

  it('a failed social-accounts request leaves their links out; the account is still read', async () => {
    const ctx = fakeContext((req) =>
      new URL(req.url).pathname.endsWith('/social_accounts')
        ? { status: 502, body: 'Bad Gateway', headers: { 'content-type': 'text/plain' } }
        : { body: JSON.stringify(USER), headers: { 'content-type': 'application/json' } },
    );
    const v = await readProfile(reader, ctx, 'nightowlpots');
    expect(v.links).toEqual(['https://nightowlceramics.com', 'https://x.com/NightOwlPots', 'https://shop.nightowlceramics.com']);
    expect(v.emails).toEqual(['code@nightowlceramics.com']);
  });

  it('a login nobody has is NOT_FOUND; an answer about another login is never used as this one', async () => {
    await expect(readProfile(reader, serving(null), 'nobody-here')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(readProfile(reader, serving({ ...USER, login: 'someone-else' }), 'nightowlpots')).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
  });

  it('handle rules: letters, digits and single inner hyphens, up to 39, case folded; URLs by the shared table', () => {
    expect(reader.canonicalHandle('@Night-Owl')).toBe('night-owl');
    for (const bad of ['night.owl', '-owl', 'owl-', 'night--owl', 'a'.repeat(40), 'owl_pots'])
      expect(reader.canonicalHandle(bad), bad).toBeNull();
    expect(reader.handleFromUrl(new URL('https://github.com/NightOwlPots'))).toBe('NightOwlPots');
    expect(reader.handleFromUrl(new URL('https://github.com/trending'))).toBeNull();
  });

  it('tight quota: probed on a handle alone only with GITHUB_TOKEN; at most 2 users a lookup without one, 4 with', () => {
    const anon = loadConfig({ DATA_DIR: '/tmp/cl-code-reader' } as NodeJS.ProcessEnv);
    const token = loadConfig({ DATA_DIR: '/tmp/cl-code-reader', GITHUB_TOKEN: 'ghp_test' } as NodeJS.ProcessEnv);
    expect([reader.probes(anon), reader.maxReads!(anon)]).toEqual([false, 2]);
    expect([reader.probes(token), reader.maxReads!(token)]).toEqual([true, 4]);
  });
});

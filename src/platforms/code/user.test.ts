/**
 * `codeUser` (user.ts). No capture of `/users/<login>` or `/users/<login>/social_accounts` exists in
 * ../shared/fixtures/code: the answers here are our own, in the shapes GitHub's REST reference
 * documents ("Get a user" — the public-user object — and "List social accounts for a user"); every
 * name, id and text is invented.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../../test/support/discovery-context.js';
import { onParserWarning } from '../../observability/warn.js';
import { captureWarnings } from '../../parse/index.js';
import type { UpstreamRequest } from '../../upstream/client.js';
import { validateArgs } from '../operation.js';
import { parseSocialAccounts, parseUser } from './profile.js';
import { CodeUserRecord, parseCodeSocialAccounts, parseCodeUser, profileView, user } from './user.js';

/** A public user as "Get a user" documents it (every member, in GitHub's order). */
const USER = {
  login: 'MaraQ',
  id: 90210042,
  user_view_type: 'public',
  node_id: 'U_kgDOBWD1Kg',
  avatar_url: 'https://avatars.githubusercontent.com/u/90210042?v=4',
  gravatar_id: '',
  url: 'https://api.github.com/users/MaraQ',
  html_url: 'https://github.com/MaraQ',
  followers_url: 'https://api.github.com/users/MaraQ/followers',
  following_url: 'https://api.github.com/users/MaraQ/following{/other_user}',
  gists_url: 'https://api.github.com/users/MaraQ/gists{/gist_id}',
  starred_url: 'https://api.github.com/users/MaraQ/starred{/owner}{/repo}',
  subscriptions_url: 'https://api.github.com/users/MaraQ/subscriptions',
  organizations_url: 'https://api.github.com/users/MaraQ/orgs',
  repos_url: 'https://api.github.com/users/MaraQ/repos',
  events_url: 'https://api.github.com/users/MaraQ/events{/privacy}',
  received_events_url: 'https://api.github.com/users/MaraQ/received_events',
  type: 'User',
  site_admin: false,
  name: 'Mara Quintero',
  company: '@pillar-labs',
  blog: 'maraquintero.example',
  location: 'Valencia',
  email: 'hola@maraquintero.example',
  hireable: true,
  bio: 'Sound design tools. Newsletter: https://letters.maraquintero.example',
  twitter_username: 'maraq_sound',
  public_repos: 27,
  public_gists: 3,
  followers: 412,
  following: 19,
  created_at: '2019-06-02T10:11:12Z',
  updated_at: '2026-01-20T08:00:00Z',
};
const SOCIAL = [
  { provider: 'instagram', url: 'https://www.instagram.com/mara.quintero' },
  { provider: 'generic', url: 'https://pillar.io/maraquintero' },
];
/** An organization through the same endpoint: `hireable`, `email`, `twitter_username` null, `blog` "". */
const ORG = {
  ...USER,
  login: 'pillar-labs',
  id: 90210099,
  type: 'Organization',
  hireable: null,
  email: null,
  twitter_username: null,
  blog: '',
  bio: null,
};

const warned = (ws: { platform: string; field: string }[]) => ws.map((w) => `${w.platform}:${w.field}`);

describe('codeUser parse (our own answers in the documented shapes)', () => {
  it('the user object: listed fields first, every other member passed through; no warning; schema holds', () => {
    const { result, warnings } = captureWarnings(() => parseCodeUser(USER));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({
      login: 'MaraQ',
      id: 90210042,
      name: 'Mara Quintero',
      blog: 'maraquintero.example',
      email: 'hola@maraquintero.example',
      twitter_username: 'maraq_sound',
      followers: 412,
      html_url: 'https://github.com/MaraQ',
      // Passed through.
      site_admin: false,
      repos_url: 'https://api.github.com/users/MaraQ/repos',
    });
    expect(Object.keys(result).slice(0, 3)).toEqual(['login', 'id', 'node_id']);
    expect(CodeUserRecord.safeParse({ user: result, social_accounts: SOCIAL }).success).toBe(true);
  });

  it("an organization's nulls and empty blog are data: kept, not warned", () => {
    const { result, warnings } = captureWarnings(() => parseCodeUser(ORG));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({ type: 'Organization', hireable: null, email: null, blog: '', bio: null });
  });

  it('one field missing degrades that field (null plus user.<field>); without login or id there is no record', () => {
    const { followers: _f, bio: _b, ...rest } = USER;
    const { result, warnings } = captureWarnings(() => parseCodeUser(rest));
    expect(result).toMatchObject({ followers: null, bio: null, name: 'Mara Quintero' });
    expect(warned(warnings)).toEqual(['code:user.bio', 'code:user.followers']);
    expect(() => parseCodeUser({ ...USER, id: undefined })).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
    expect(() => parseCodeUser({ ...USER, login: '' })).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
    expect(() => parseCodeUser({ message: 'Not Found' })).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
  });

  it('social accounts: `[{provider, url}]`; an entry without its url is left out, warned', () => {
    const { result, warnings } = captureWarnings(() => parseCodeSocialAccounts([...SOCIAL, { provider: 'twitter' }]));
    expect(result).toEqual(SOCIAL);
    expect(warned(warnings)).toEqual(['code:user.social_accounts']);
    expect(() => parseCodeSocialAccounts({ message: 'x' })).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
  });

  it("the reader's record is a view of this one (with social accounts, and with none read)", () => {
    const record = { user: parseCodeUser(USER), social_accounts: parseCodeSocialAccounts(SOCIAL) };
    expect(profileView(record)).toEqual({ user: parseUser(USER), socialAccounts: parseSocialAccounts(SOCIAL) });
    expect(profileView({ ...record, social_accounts: null }).socialAccounts).toEqual([]);
  });
});

describe('codeUser operation', () => {
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}): FakeAnswer => ({
    status,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
  const serving = (social: () => FakeAnswer, account: () => FakeAnswer = () => json(USER)) =>
    fakeContext((req: UpstreamRequest) => (new URL(req.url).pathname.endsWith('/social_accounts') ? social() : account()));

  // The operation is async: its warnings are listened to around each test.
  let seen: string[] = [];
  let stop = () => {};
  beforeEach(() => {
    seen = [];
    stop = onParserWarning((platform, field) => seen.push(`${platform}:${field}`));
  });
  afterEach(() => stop());

  it('both requests, sent together; the record with its social accounts', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const ctx = fakeContext(async (req) => {
      await gate;
      return new URL(req.url).pathname.endsWith('/social_accounts') ? json(SOCIAL) : json(USER);
    });
    const run = user.run(ctx, { handle: 'maraq' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ctx.requests.map((r) => r.url).sort()).toEqual([
      'https://api.github.com/users/maraq',
      'https://api.github.com/users/maraq/social_accounts',
    ]);
    open();
    const r = await run;
    expect(r.social_accounts).toEqual(SOCIAL);
    expect(r.user.login).toBe('MaraQ');
    expect(ctx.requests[0].headers).toMatchObject({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' });
  });

  it.each([
    ['a 500', () => json({ message: 'Server Error' }, 500)],
    ['the rate limit (a wall)', () => json({ message: 'API rate limit exceeded' }, 403, { 'x-ratelimit-remaining': '0' })],
    ['an answer that is not JSON', () => ({ body: '<html>oops</html>', headers: { 'content-type': 'text/html' } })],
    ['an answer of another shape', () => json({ accounts: [] })],
  ])('the social accounts request failing (%s): social_accounts null, a counted warning, the user kept', async (_name, social) => {
    const r = await user.run(serving(social), { handle: 'maraq' });
    expect(r.social_accounts).toBeNull();
    expect(r.user).toMatchObject({ login: 'MaraQ', followers: 412 });
    expect(seen).toContain('code:user.social_accounts');
    expect(CodeUserRecord.safeParse(r).success).toBe(true);
  });

  it('the account request decides the outcome: 404 → NOT_FOUND, rate limit → UPSTREAM_BLOCKED, another login → UPSTREAM_FAILED', async () => {
    await expect(
      user.run(
        serving(
          () => json([]),
          () => json({ message: 'Not Found' }, 404),
        ),
        { handle: 'nobody' },
      ),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // A missing account fails both requests: no social-accounts warning is counted for it.
    expect(seen).toEqual([]);
    const limited = () => json({ message: 'API rate limit exceeded' }, 403, { 'x-ratelimit-remaining': '0' });
    await expect(user.run(serving(limited, limited), { handle: 'maraq' })).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
    await expect(
      user.run(
        serving(
          () => json(SOCIAL),
          () => json({ ...USER, login: 'someone-else' }),
        ),
        { handle: 'maraq' },
      ),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
  });

  it('GITHUB_TOKEN is sent on both requests when set', async () => {
    const ctx = fakeContext((req) => (new URL(req.url).pathname.endsWith('/social_accounts') ? json(SOCIAL) : json(USER)), {
      env: { GITHUB_TOKEN: 'ghp_testtoken' },
    });
    await user.run(ctx, { handle: 'maraq' });
    expect(ctx.requests.map((r) => r.headers?.authorization)).toEqual(['Bearer ghp_testtoken', 'Bearer ghp_testtoken']);
  });

  it('handle: case folded into one cache key; a URL or an impossible login is refused naming handle', () => {
    expect(validateArgs(user, { handle: '@MaraQ' })).toMatchObject({ ok: true, args: { handle: 'maraq' }, cacheKey: 'codeUser:maraq' });
    for (const bad of ['https://github.com/MaraQ', 'mara--q', '-maraq', 'a'.repeat(40)]) {
      const r = validateArgs(user, { handle: bad });
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.problems.map((p) => p.param)).toEqual(['handle']);
    }
  });
});

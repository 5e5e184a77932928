/**
 * Reddit's JSON API building block (api.ts) through the real upstream client against the replay
 * server on loopback: anonymous www.reddit.com `.json`, and application-only OAuth
 * (client_credentials at www.reddit.com/api/v1/access_token, then oauth.reddit.com with the
 * bearer token) when REDDIT_CLIENT_ID / REDDIT_CLIENT_SECRET are set. The token answers are our
 * own, in the shape Reddit documents (`{access_token, token_type: "bearer", expires_in, scope}`);
 * the user answer is our own t2 (invented names).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config, UpstreamConfig } from '../../config.js';
import { ConfigError, loadConfig } from '../../config.js';
import type { ResultCache } from '../../cache/cache.js';
import { ApiError } from '../../errors.js';
import { startReplayServer } from '../../replay/server.js';
import type { ReplayServer, ReplayRequest } from '../../replay/server.js';
import { createUpstream } from '../../upstream/client.js';
import type { Upstream } from '../../upstream/client.js';
import { platformWalls } from '../registry.js';
import type { OpContext } from '../operation.js';
import { readRedditJson, redditUrl } from './api.js';

const UPSTREAM: UpstreamConfig = {
  connectTimeoutMs: 1_000,
  headersTimeoutMs: 1_500,
  bodyTimeoutMs: 1_500,
  totalTimeoutMs: 3_000,
  maxBodyBytes: 8 * 1024 * 1024,
  maxRedirects: 5,
  retries: 0,
  perHostConcurrency: 8,
  userAgent: 'forum-test/1.0 (+tests)',
};

const CLIENT_ID = 'test-client-id-4f2a';
const CLIENT_SECRET = 'test-client-secret-very-private-91c7';
const TOKEN_1 = 'app-token-one-1a2b3c';
const TOKEN_2 = 'app-token-two-4d5e6f';
const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;

const WWW = 'www.reddit.com';
const OAUTH = 'oauth.reddit.com';
const USER_ABOUT = { kind: 't2', data: { name: 'nightowlpots', id: 'abc123', link_karma: 10, comment_karma: 20 } };
const json = (body: unknown, status = 200) => ({
  status,
  headers: { 'content-type': 'application/json; charset=UTF-8' },
  body: JSON.stringify(body),
});
const tokenAnswer = (token: string, expiresIn = 86_400) =>
  json({ access_token: token, token_type: 'bearer', expires_in: expiresIn, scope: '*' });

let replay: ReplayServer;
let upstream: Upstream;

beforeAll(async () => {
  replay = await startReplayServer();
});
afterAll(async () => {
  await replay.close();
});
beforeEach(async () => {
  replay.reset();
  // A fresh client per test: tokens live as long as the client that fetched them (upstream/tokens.ts).
  await upstream?.close();
  upstream = createUpstream({ config: UPSTREAM, replayUrl: replay.url, walls: platformWalls() });
});

const anonymous = (): OpContext => ({ upstream, config: { redditApp: null } as Config, cache: {} as ResultCache });
const withApp = (): OpContext => ({
  upstream,
  config: { redditApp: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } } as Config,
  cache: {} as ResultCache,
});
const read = (ctx: OpContext) => readRedditJson(ctx, { path: '/user/nightowlpots/about', what: 'User u/nightowlpots' });

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

/** Neither the client secret nor a token in anything an error carries (message, details, cause). */
function expectNoSecrets(e: ApiError): void {
  const seen = [
    e.message,
    JSON.stringify(e),
    String(e.stack),
    JSON.stringify(e.details ?? null),
    String((e as { cause?: unknown }).cause),
  ].join('\n');
  for (const secret of [CLIENT_SECRET, TOKEN_1, TOKEN_2, BASIC.slice(6)]) expect(seen).not.toContain(secret);
}

const tokenRequests = () => replay.hits({ host: WWW, path: '/api/v1/access_token' });
const oauthReads = () => replay.hits({ host: OAUTH });

function addTokenRoute(answers: ((req: ReplayRequest) => ReturnType<typeof json>)[]): void {
  let n = 0;
  replay.add({
    host: WWW,
    path: '/api/v1/access_token',
    method: 'POST',
    response: (req) => answers[Math.min(n++, answers.length - 1)](req),
  });
}

describe('redditUrl', () => {
  it('www.reddit.com with .json anonymously, oauth.reddit.com without it with a token; raw_json=1 always', () => {
    const r = { path: '/r/redditdev/top', query: { t: 'week', after: 't3_abc' } };
    expect(redditUrl(r, false)).toBe('https://www.reddit.com/r/redditdev/top.json?t=week&after=t3_abc&raw_json=1');
    expect(redditUrl(r, true)).toBe('https://oauth.reddit.com/r/redditdev/top?t=week&after=t3_abc&raw_json=1');
  });
});

describe('anonymous (no REDDIT_CLIENT_ID / REDDIT_CLIENT_SECRET)', () => {
  it('reads www.reddit.com/<path>.json?raw_json=1 with no Authorization and no token request', async () => {
    replay.add({ host: WWW, path: '/user/nightowlpots/about.json', response: json(USER_ABOUT) });
    const r = await read(anonymous());
    expect(r.json).toEqual(USER_ABOUT);
    const [hit] = replay.hits();
    expect(hit.upstreamUrl).toBe('https://www.reddit.com/user/nightowlpots/about.json?raw_json=1');
    expect(hit.headers.authorization).toBeUndefined();
    expect(hit.headers.accept).toBe('application/json');
    expect(replay.hits()).toHaveLength(1);
  });

  it.each([
    [403, { reason: 'private', message: 'Forbidden', error: 403 }, 'PRIVATE_CONTENT', /is private/],
    [403, { reason: 'quarantined', message: 'Forbidden', error: 403 }, 'PRIVATE_CONTENT', /quarantined/],
    [403, { reason: 'gold_only', message: 'Forbidden', error: 403 }, 'PRIVATE_CONTENT', /gold only/],
    [404, { reason: 'banned', message: 'Not Found', error: 404 }, 'NOT_FOUND', /was banned/],
    [404, { message: 'Not Found', error: 404 }, 'NOT_FOUND', /was not found/],
    [403, { message: 'Forbidden', error: 403 }, 'UPSTREAM_BLOCKED', /Forbidden/],
    [429, { message: 'Too Many Requests', error: 429 }, 'UPSTREAM_BLOCKED', /Too Many Requests/],
    [500, { message: 'Internal Server Error', error: 500 }, 'UPSTREAM_FAILED', /HTTP 500/],
  ])('HTTP %i %j → %s', async (status, body, code, message) => {
    replay.add({ host: WWW, path: '/user/nightowlpots/about.json', response: json(body, status) });
    const e = await failure(read(anonymous()));
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message);
  });

  it('a gated subreddit (403, reason "gated", with its content advisory) → PRIVATE_CONTENT, not a block of the gateway', async () => {
    // Our own body, in the shape quoted in reddit/devvit issue #66 (403 from
    // oauth.reddit.com/r/drugs/about: `interstitial_warning_message_html`, `reason: "gated"`,
    // `interstitial_warning_message`) and ivan-rivera/RedditExtractor issue #34 (the same on a
    // post's .json); Reddit gates such communities behind an opt-in of a logged-in user, as it
    // does quarantined ones. The advisory text here is invented.
    const gated = {
      interstitial_warning_message_html: '<!-- SC_OFF --><div class="md"><p>Content advisory: example text.</p>\n</div><!-- SC_ON -->',
      reason: 'gated',
      interstitial_warning_message: 'Content advisory: example text.',
      message: 'Forbidden',
      error: 403,
    };
    replay.add({ host: WWW, path: '/user/nightowlpots/about.json', response: json(gated, 403) });
    const e = await failure(read(anonymous()));
    expect(e.code).toBe('PRIVATE_CONTENT');
    expect(e.message).toMatch(/gated/);
  });

  it('HTML where the JSON belongs (200) → UPSTREAM_FAILED naming the host', async () => {
    replay.add({
      host: WWW,
      path: '/user/nightowlpots/about.json',
      response: { body: '<!doctype html><html><body>new reddit</body></html>' },
    });
    const e = await failure(read(anonymous()));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('www.reddit.com answered with HTML');
  });
});

describe('application-only OAuth (REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET set)', () => {
  it('fetches a token by client_credentials with HTTP Basic auth, then reads oauth.reddit.com with it as bearer', async () => {
    addTokenRoute([() => tokenAnswer(TOKEN_1)]);
    replay.add({ host: OAUTH, path: '/user/nightowlpots/about', response: json(USER_ABOUT) });
    const r = await read(withApp());
    expect(r.json).toEqual(USER_ABOUT);

    const [tokenHit] = tokenRequests();
    expect(tokenHit.method).toBe('POST');
    expect(tokenHit.upstreamUrl).toBe('https://www.reddit.com/api/v1/access_token');
    expect(tokenHit.headers.authorization).toBe(BASIC);
    expect(tokenHit.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(tokenHit.body.toString()).toBe('grant_type=client_credentials');

    const [readHit] = oauthReads();
    expect(readHit.upstreamUrl).toBe('https://oauth.reddit.com/user/nightowlpots/about?raw_json=1');
    expect(readHit.headers.authorization).toBe(`bearer ${TOKEN_1}`);
    // www.reddit.com's JSON is not read at all.
    expect(replay.hits({ host: WWW }).map((h) => h.path)).toEqual(['/api/v1/access_token']);
  });

  it('keeps the token until shortly before it expires: later and concurrent reads share one token request', async () => {
    addTokenRoute([() => tokenAnswer(TOKEN_1), () => tokenAnswer(TOKEN_2)]);
    replay.add({ host: OAUTH, path: '/user/nightowlpots/about', response: json(USER_ABOUT) });
    const ctx = withApp();
    await Promise.all([read(ctx), read(ctx), read(ctx)]);
    await read(ctx);
    expect(tokenRequests()).toHaveLength(1);
    expect(oauthReads().map((h) => h.headers.authorization)).toEqual(Array(4).fill(`bearer ${TOKEN_1}`));
  });

  it('a token within 30 s of its expiry is not used: the next read fetches a new one', async () => {
    addTokenRoute([() => tokenAnswer(TOKEN_1, 20), () => tokenAnswer(TOKEN_2, 20)]);
    replay.add({ host: OAUTH, path: '/user/nightowlpots/about', response: json(USER_ABOUT) });
    const ctx = withApp();
    await read(ctx);
    await read(ctx);
    expect(tokenRequests()).toHaveLength(2);
    expect(oauthReads().map((h) => h.headers.authorization)).toEqual([`bearer ${TOKEN_1}`, `bearer ${TOKEN_2}`]);
  });

  it('401 from oauth.reddit.com (token expired or revoked): a new token, the read sent once more', async () => {
    addTokenRoute([() => tokenAnswer(TOKEN_1), () => tokenAnswer(TOKEN_2)]);
    replay.add({
      host: OAUTH,
      path: '/user/nightowlpots/about',
      response: (req) =>
        req.headers.authorization === `bearer ${TOKEN_2}` ? json(USER_ABOUT) : json({ message: 'Unauthorized', error: 401 }, 401),
    });
    const r = await read(withApp());
    expect(r.json).toEqual(USER_ABOUT);
    expect(tokenRequests()).toHaveLength(2);
    expect(oauthReads().map((h) => h.headers.authorization)).toEqual([`bearer ${TOKEN_1}`, `bearer ${TOKEN_2}`]);
  });

  it('401 again with a fresh token → UPSTREAM_BLOCKED, no third try; no secret in the error', async () => {
    addTokenRoute([() => tokenAnswer(TOKEN_1), () => tokenAnswer(TOKEN_2)]);
    replay.add({ host: OAUTH, path: '/user/nightowlpots/about', response: json({ message: 'Unauthorized', error: 401 }, 401) });
    const e = await failure(read(withApp()));
    expect(e.code).toBe('UPSTREAM_BLOCKED');
    expect(oauthReads()).toHaveLength(2);
    expectNoSecrets(e);
  });

  it('wrong client id or secret (401 at access_token) → UPSTREAM_FAILED naming the settings, never their values', async () => {
    addTokenRoute([() => json({ message: 'Unauthorized', error: 401 }, 401)]);
    const e = await failure(read(withApp()));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('REDDIT_CLIENT_ID / REDDIT_CLIENT_SECRET');
    expect(e.message).not.toContain(CLIENT_ID);
    expectNoSecrets(e);
    expect(oauthReads()).toHaveLength(0);
  });

  it.each([
    [{ error: 'unsupported_grant_type' }, /refused the app token request \(unsupported_grant_type\)/],
    [{ token_type: 'bearer', expires_in: 3600 }, /access_token/],
    [{ access_token: TOKEN_1, token_type: 'mac', expires_in: 3600 }, /bearer token/],
  ])('a token answer %j → UPSTREAM_FAILED (%s), nothing read', async (body, message) => {
    addTokenRoute([() => json(body)]);
    const e = await failure(read(withApp()));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(message);
    expectNoSecrets(e);
    expect(oauthReads()).toHaveLength(0);
  });

  it('statuses of oauth.reddit.com map as on www.reddit.com (private → PRIVATE_CONTENT); no secret in any error', async () => {
    addTokenRoute([() => tokenAnswer(TOKEN_1)]);
    replay.add({
      host: OAUTH,
      path: '/user/nightowlpots/about',
      response: json({ reason: 'private', message: 'Forbidden', error: 403 }, 403),
    });
    const e = await failure(read(withApp()));
    expect(e.code).toBe('PRIVATE_CONTENT');
    expectNoSecrets(e);
    replay.add({ host: OAUTH, path: '/user/nightowlpots/about', response: { status: 503, body: 'upstream connect error' } });
    const e2 = await failure(read(withApp()));
    expect(e2.code).toBe('UPSTREAM_FAILED');
    expectNoSecrets(e2);
    // The token only ever travels in the Authorization header, never in a URL.
    for (const h of replay.hits()) for (const s of [TOKEN_1, CLIENT_SECRET]) expect(h.upstreamUrl).not.toContain(s);
  });
});

describe('REDDIT_CLIENT_ID / REDDIT_CLIENT_SECRET settings', () => {
  const load = (env: Record<string, string | undefined>) =>
    loadConfig({ DATA_DIR: '/tmp/cl-forum-config', ...env } as NodeJS.ProcessEnv, { stdoutIsTTY: false });

  it('both: the app; neither: null', () => {
    expect(load({ REDDIT_CLIENT_ID: ' id ', REDDIT_CLIENT_SECRET: 'secret' }).redditApp).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(load({}).redditApp).toBeNull();
  });

  it.each([{ REDDIT_CLIENT_ID: 'id' }, { REDDIT_CLIENT_SECRET: 'secret' }, { REDDIT_CLIENT_ID: 'id', REDDIT_CLIENT_SECRET: ' ' }])(
    'one without the other (%j) stops start-up, naming both and no value',
    (env) => {
      let err: unknown;
      try {
        load(env);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(/REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET must be set together/);
      expect((err as Error).message).not.toMatch(/secret\b|\bid\b/);
    },
  );
});

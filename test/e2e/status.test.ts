/**
 * The platform health view: GET /v1/status (no key, no credits) and the GraphQL field
 * platformStatus (a key, 0 credits) report each platform's recent success rate and latency from
 * real traffic; optional canaries (CANARIES) add their latest result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDeps } from '../../src/deps.js';
import { silentLogger } from '../../src/log.js';
import { repoRoute } from '../data.js';
import { CLOUDFLARE_CHALLENGE } from '../faults/pages.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const repoPath = (owner: string, repo: string, extra = '') =>
  `/v1/code/repository?url=${encodeURIComponent(`https://github.com/${owner}/${repo}`)}${extra}`;

describe('platform status from real traffic', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      routes: [
        repoRoute('octo', 'kit'),
        repoRoute('octo', 'two'),
        { host: 'api.github.com', path: '/repos/ghost/gone', response: { status: 404, body: '{}' } },
        { host: 'api.github.com', path: '/repos/walled/off', response: { status: 403, body: '{}' } },
        // Recognised by the block catalogue: a vendor's challenge, and GitHub's own rate limit.
        {
          host: 'api.github.com',
          path: '/repos/cf/front',
          response: { status: 503, headers: { 'content-type': 'text/html' }, body: CLOUDFLARE_CHALLENGE },
        },
        {
          host: 'api.github.com',
          path: '/repos/rate/limited',
          response: { status: 403, headers: { 'x-ratelimit-remaining': '0' }, body: '{"message":"API rate limit exceeded"}' },
        },
      ],
    });
    const { key } = await h.key(20);
    await h.rest(repoPath('octo', 'kit'), { key });
    await h.rest(repoPath('octo', 'two'), { key });
    await h.rest(repoPath('octo', 'kit', '&cache_max_age=7d'), { key }); // a cache hit is not a live fetch
    await h.rest(repoPath('ghost', 'gone'), { key });
    await h.rest(repoPath('cf', 'front'), { key });
    await h.rest(repoPath('rate', 'limited'), { key });
    await h.rest(repoPath('walled', 'off'), { key });
    await h.rest('/v1/code/repository?url=https%3A%2F%2Fgitlab.com%2Fa%2Fb', { key }); // the caller's input: not counted
  });
  afterAll(() => h.close());

  it('GET /v1/status: every platform, with success rate, outcomes and latency of live fetches; no key needed', async () => {
    const r = await h.rest('/v1/status');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, window_seconds: 300, generated_at: expect.any(String) });
    expect(r.body).not.toHaveProperty('credits_charged');
    const code = r.body.platforms.find((p: { platform: string }) => p.platform === 'code');
    expect(code).toEqual({
      platform: 'code',
      status: 'degraded',
      requests: 6,
      successes: 3,
      failures: 3,
      success_rate: 0.5,
      outcomes: { ok: 2, not_found: 1, blocked: 3, timeout: 0, failed: 0 },
      latency_ms: { p50: expect.any(Number), p95: expect.any(Number), mean: expect.any(Number) },
      last_error: { code: 'UPSTREAM_BLOCKED', message: expect.stringMatching(/HTTP 403/), at: expect.any(String) },
      // Answers the block catalogue recognised, by source (a bare 403 is blocked by its status only).
      blocks: {
        total: 2,
        by_source: [
          { source: 'cloudflare', count: 1 },
          { source: 'rate-limit', count: 1 },
        ],
      },
      canaries: [],
      parser_warnings: { total: 0, fields: {} },
    });
    const labels = r.body.platforms.map((p: { platform: string }) => p.platform);
    expect(labels).toEqual(expect.arrayContaining(['code', 'websearch', 'video', 'social-b']));
    expect(r.body.platforms.find((p: { platform: string }) => p.platform === 'video')).toMatchObject({
      status: 'unknown',
      requests: 0,
      success_rate: null,
    });
    expect((await fetch(`${h.url}/v1/status`, { method: 'POST' })).status).toBe(405);
  });

  it('GraphQL platformStatus: the same numbers, at 0 credits (a key is needed)', async () => {
    const { key, id } = await h.key(3);
    const q =
      '{ platformStatus(platform: "code") { platform status requests successRate outcomes { ok notFound blocked } latencyMs { p50 } lastError { code } blocks { total bySource { source count } } canaries { ok } windowSeconds } }';
    const r = await h.gql(q, { key });
    expect(r.status).toBe(200);
    expect(r.body.data.platformStatus).toEqual([
      {
        platform: 'code',
        status: 'degraded',
        requests: 6,
        successRate: 0.5,
        outcomes: { ok: 2, notFound: 1, blocked: 3 },
        latencyMs: { p50: expect.any(Number) },
        lastError: { code: 'UPSTREAM_BLOCKED' },
        blocks: {
          total: 2,
          bySource: [
            { source: 'cloudflare', count: 1 },
            { source: 'rate-limit', count: 1 },
          ],
        },
        canaries: [],
        windowSeconds: 300,
      },
    ]);
    expect(r.body.extensions.credits).toMatchObject({ charged: 0, remaining: 3 });
    expect(await h.balance(id)).toBe(3);
    expect((await h.gql(q)).status).toBe(401);
  });
});

describe('canaries (CANARIES)', () => {
  it('are checked at start-up: unknown platforms, other platforms’ routes and refused input are configuration errors', () => {
    expect(() => loadConfig({ CANARIES: 'code' } as NodeJS.ProcessEnv)).toThrow(/not label=url/);
    expect(() => loadConfig({ CANARIES: 'code=ftp://x' } as NodeJS.ProcessEnv)).toThrow(/must be http/);
  });

  it('run each target through its platform (URL → the operation taking `url`; /v1 path → that route), off the books, and show the latest result', async () => {
    const h = await startHarness({
      routes: [repoRoute('octo', 'kit'), { host: 'api.github.com', path: '/repos/ghost/gone', response: { status: 404, body: '{}' } }],
      env: {
        CANARIES:
          'code=https://github.com/octo/kit,code=/v1/code/repository?url=https%3A%2F%2Fgithub.com%2Fghost%2Fgone,websearch=https://www.example.com/',
        CANARY_INTERVAL_MS: '60000',
      },
    });
    try {
      h.replay.add({ host: 'www.example.com', path: '/', response: { body: '<html>up</html>' } });
      expect(h.app.canaries.size).toBe(3);
      const results = await h.app.canaries.runOnce();
      expect(results.map((r) => [r.label, r.ok, r.outcome, r.error?.code ?? null])).toEqual([
        ['code', true, 'ok', null],
        ['code', false, 'not_found', 'NOT_FOUND'],
        ['websearch', true, 'ok', null], // websearch takes no url: a plain GET
      ]);
      const status = (await h.rest('/v1/status')).body.platforms;
      const code = status.find((p: { platform: string }) => p.platform === 'code');
      expect(code.requests).toBe(0); // canaries are not real traffic
      expect(code.status).toBe('degraded');
      expect(code.canaries).toEqual([
        expect.objectContaining({ label: 'code', target: 'https://github.com/octo/kit', ok: true, error: null }),
        expect.objectContaining({ ok: false, outcome: 'not_found', error: { code: 'NOT_FOUND', message: expect.any(String) } }),
      ]);
      expect(status.find((p: { platform: string }) => p.platform === 'websearch').status).toBe('ok');
      // Nothing was cached: the first real request is a live fetch.
      const { key } = await h.key(2);
      const hits = h.replay.hits({ path: '/repos/octo/kit' }).length;
      expect((await h.rest(repoPath('octo', 'kit', '&cache_max_age=30d'), { key })).body.credits_charged).toBe(1);
      expect(h.replay.hits({ path: '/repos/octo/kit' }).length).toBe(hits + 1);
    } finally {
      await h.close();
    }
  });

  it.each([
    ['nosuch=https://x.test/', /unknown platform "nosuch"/],
    ['video=/v1/code/repository?url=https%3A%2F%2Fgithub.com%2Fa%2Fb', /not a route of video/],
    ['code=https://gitlab.com/a/b', /CANARIES: code=https:\/\/gitlab.com\/a\/b: url/],
    ['code=/v1/code/repository', /CANARIES: \/v1\/code\/repository: url is required/],
  ])('a bad canary (%s) stops the gateway from starting', (canaries, error) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cl-canary-'));
    const deps = openDeps(loadConfig({ DATA_DIR: dataDir, CANARIES: canaries } as NodeJS.ProcessEnv), { logger: silentLogger });
    try {
      expect(() => createApp(deps)).toThrow(error);
    } finally {
      void deps.close().then(() => rmSync(dataDir, { recursive: true, force: true }));
    }
  });
});

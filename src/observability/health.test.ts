/**
 * The health view's arithmetic with a fake clock: sliding window, success rate, percentiles,
 * status thresholds, canaries.
 */
import { describe, expect, it } from 'vitest';
import { createHealthView } from './health.js';

function view(windowMs = 60_000) {
  let t = Date.parse('2026-01-01T00:00:00Z');
  const v = createHealthView({ windowMs, now: () => t });
  return { v, advance: (ms: number) => (t += ms) };
}

describe('platform health', () => {
  it('success rate and latency over the samples inside the window', () => {
    const { v, advance } = view();
    for (let i = 1; i <= 18; i++) v.record('code', 'ok', i * 10);
    v.record('code', 'not_found', 5);
    v.record('code', 'timeout', 3_000, { code: 'UPSTREAM_TIMEOUT', message: 'slow' });
    const [code, other] = v.snapshot(['code', 'video']).platforms;
    expect(code).toMatchObject({
      platform: 'code',
      status: 'ok',
      requests: 20,
      successes: 19,
      failures: 1,
      successRate: 0.95,
      outcomes: { ok: 18, not_found: 1, blocked: 0, timeout: 1, failed: 0 },
      latencyMs: { p50: 90, p95: 180 },
      lastError: { code: 'UPSTREAM_TIMEOUT', message: 'slow', at: '2026-01-01T00:00:00.000Z' },
    });
    expect(other).toMatchObject({
      platform: 'video',
      status: 'unknown',
      requests: 0,
      successRate: null,
      latencyMs: { p50: null, p95: null, mean: null },
      lastError: null,
    });
    advance(61_000);
    expect(v.snapshot(['code']).platforms[0]).toMatchObject({ requests: 0, status: 'unknown', lastError: null });
  });

  it('degraded below 90 %, failing below 50 %', () => {
    const { v } = view();
    for (let i = 0; i < 7; i++) v.record('a', 'ok', 1);
    for (let i = 0; i < 3; i++) v.record('a', 'blocked', 1, { code: 'UPSTREAM_BLOCKED', message: 'challenge' });
    for (let i = 0; i < 4; i++) v.record('b', 'ok', 1);
    for (let i = 0; i < 6; i++) v.record('b', 'failed', 1, { code: 'UPSTREAM_FAILED', message: 'shape' });
    const s = Object.fromEntries(v.snapshot([]).platforms.map((p) => [p.platform, p.status]));
    expect(s).toEqual({ a: 'degraded', b: 'failing' });
  });

  it('keeps a bounded number of samples per platform', () => {
    const { v } = view();
    for (let i = 0; i < 2_000; i++) v.record('code', 'ok', 1);
    expect(v.snapshot(['code']).platforms[0].requests).toBe(512);
  });

  it('without traffic, the canaries decide the status', () => {
    const { v } = view();
    const base = { target: 'https://x.test/', outcome: 'ok' as const, checkedAt: 'now', latencyMs: 5, error: null };
    v.recordCanary('code', { ...base, label: 'code', ok: true });
    v.recordCanary('video', {
      ...base,
      label: 'video',
      ok: false,
      outcome: 'blocked',
      error: { code: 'UPSTREAM_BLOCKED', message: 'consent' },
    });
    const s = v.snapshot(['code', 'video']).platforms;
    expect(s.map((p) => [p.platform, p.status, p.canaries.length])).toEqual([
      ['code', 'ok', 1],
      ['video', 'failing', 1],
    ]);
  });

  it('parser warnings per platform and field within the window, beside the status they do not change', () => {
    const { v, advance } = view();
    v.record('code', 'ok', 5);
    v.recordWarning('code', 'repository.description');
    advance(30_000);
    v.recordWarning('code', 'repository.description');
    v.recordWarning('code', 'developer.avatar_url');
    v.recordWarning('forum', 'post.subreddit');
    const [code, forum, video] = v.snapshot(['code', 'forum', 'video']).platforms;
    expect(code).toMatchObject({
      status: 'ok',
      parserWarnings: { total: 3, fields: { 'repository.description': 2, 'developer.avatar_url': 1 } },
    });
    expect(forum.parserWarnings).toEqual({ total: 1, fields: { 'post.subreddit': 1 } });
    expect(video.parserWarnings).toEqual({ total: 0, fields: {} });
    advance(31_000); // the first warning is now older than the window
    expect(v.snapshot(['code']).platforms[0].parserWarnings).toEqual({
      total: 2,
      fields: { 'repository.description': 1, 'developer.avatar_url': 1 },
    });
    advance(60_000);
    expect(v.snapshot(['code']).platforms[0].parserWarnings).toEqual({ total: 0, fields: {} });
  });
});

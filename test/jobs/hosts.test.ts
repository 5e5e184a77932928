/**
 * Job items' share of an upstream host (src/jobs/hosts.ts), on a stand-in upstream client: at
 * most the host's concurrency minus the slots kept for single requests, and half its rate.
 */
import { describe, expect, it } from 'vitest';
import type { Deps } from '../../src/pipeline/context.js';
import { RESERVED_SLOTS, jobUpstream } from '../../src/jobs/hosts.js';
import type { UpstreamRequest, UpstreamResponse } from '../../src/upstream/client.js';

function fakeDeps(
  upstream: { perHostConcurrency: number; perHostRps?: number },
  request: (r: UpstreamRequest) => Promise<UpstreamResponse>,
) {
  return { config: { upstream }, upstream: { request, close: async () => undefined } } as unknown as Deps;
}
const ok = { status: 200, headers: {}, body: Buffer.from('') } as unknown as UpstreamResponse;

describe('job items at an upstream host', () => {
  it('at most the host concurrency minus the reserved slots at once, per host; the rest wait their turn', async () => {
    let active = 0;
    let peak = 0;
    const hosts = new Set<string>();
    const release: (() => void)[] = [];
    const up = jobUpstream(
      fakeDeps({ perHostConcurrency: 5 }, async (r) => {
        hosts.add(new URL(r.url).host);
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((go) => release.push(go));
        active--;
        return ok;
      }),
    );
    const calls = Array.from({ length: 8 }, (_, i) => up.request({ url: `https://a.example/${i}`, platform: 't' }));
    const other = up.request({ url: 'https://b.example/', platform: 't' });
    await new Promise((r) => setTimeout(r, 20));
    // a.example: 5 − 2 at once; b.example has its own share.
    expect(peak).toBe(5 - RESERVED_SLOTS + 1);
    expect(hosts).toEqual(new Set(['a.example', 'b.example']));
    while (release.length) {
      release.shift()!();
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all([...calls, other]);
    expect(peak).toBe(4);
  });

  it('half the host rate: requests spaced 1 / (rps / 2) apart at least; a waiting request can be aborted', async () => {
    const starts: number[] = [];
    const up = jobUpstream(
      fakeDeps({ perHostConcurrency: 0, perHostRps: 20 }, async () => {
        starts.push(performance.now());
        return ok;
      }),
    );
    await Promise.all([0, 1, 2].map((i) => up.request({ url: `https://r.example/${i}`, platform: 't' })));
    expect(starts).toHaveLength(3);
    // 20 rps for the host: 10 for job items, 100 ms apart.
    expect(starts[2] - starts[0]).toBeGreaterThanOrEqual(190);
    const ctl = new AbortController();
    const late = up.request({ url: 'https://r.example/late', platform: 't', signal: ctl.signal });
    ctl.abort(new Error('gone'));
    await expect(late).rejects.toThrow('gone');
  });
});

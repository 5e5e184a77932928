/**
 * A concurrent batch of 48 requests (64 resources) mixing every kind of fault with healthy answers, REST and
 * GraphQL (including GraphQL operations whose root fields fail in different ways), over five
 * upstream hosts — sent at once, optionally round-robin over several gateway instances.
 *
 * Each request knows its expected outcome; `runMixedBatch` checks every answer and returns the
 * credits charged in total, for the caller's balance check.
 */
import { expect } from 'vitest';
import type { Fault, Route } from '../../src/replay/server.js';
import { repoJson } from '../data.js';
import { expectLive, expectTypedError, gqlCall, perPath, restCall } from './lib.js';
import type { Call } from './lib.js';
import { CHALLENGES, OPS } from './pages.js';
import { runQueueWaitMs } from '../support/cpu-time.js';
import type { Op } from './pages.js';

/** UPSTREAM_MAX_BODY_BYTES the batch is meant to run with (its "big" bodies exceed it). */
export const MIXED_MAX_BODY = 64 * 1024;
/**
 * The upstream deadlines the batch is meant to run with: twice test/harness.ts's. Its upstream is
 * this thread (the replay server and the relay beside the gateways), busy with the batch's ~50
 * requests at once: beside other test runs a healthy repository's answer came after the 1.5 s
 * header timeout (2026-11-30). A `timeout` request is cut at 6 s (3 s, one retry, 3 s).
 */
export const MIXED_UPSTREAM_ENV = {
  UPSTREAM_HEADERS_TIMEOUT_MS: '3000',
  UPSTREAM_BODY_TIMEOUT_MS: '3000',
  UPSTREAM_TOTAL_TIMEOUT_MS: '6000',
};
const BIG = 'x'.repeat(MIXED_MAX_BODY + 1);

type Outcome = 'live' | { status: number; code: string };
const FAILED = { status: 502, code: 'UPSTREAM_FAILED' };
const BLOCKED = { status: 502, code: 'UPSTREAM_BLOCKED' };
const TIMEOUT = { status: 504, code: 'UPSTREAM_TIMEOUT' };
const NOT_FOUND = { status: 404, code: 'NOT_FOUND' };

/** Repository kinds: the fault a repository named `<kind>-…` gets on its n-th upstream request. */
const REPO_KINDS: Record<string, { fault: (n: number) => Fault | null; body?: string; outcome: Outcome }> = {
  ok: { fault: () => null, outcome: 'live' },
  slow: { fault: () => ({ kind: 'latency', ms: 300 }), outcome: 'live' },
  slowbody: { fault: () => ({ kind: 'slowBody', chunkBytes: 200, intervalMs: 50 }), outcome: 'live' },
  resetok: { fault: (n) => (n === 0 ? { kind: 'reset' } : null), outcome: 'live' },
  ratelimitok: { fault: (n) => (n === 0 ? { kind: 'status', status: 429, headers: { 'retry-after': '0' } } : null), outcome: 'live' },
  timeout: { fault: () => ({ kind: 'timeout' }), outcome: TIMEOUT },
  reset: { fault: () => ({ kind: 'reset' }), outcome: FAILED },
  unavailable: { fault: () => ({ kind: 'status', status: 503 }), outcome: FAILED },
  ratelimited: { fault: () => ({ kind: 'status', status: 429 }), outcome: BLOCKED },
  truncated: { fault: () => ({ kind: 'truncate', bytes: 50 }), outcome: FAILED },
  big: { fault: () => null, body: BIG, outcome: FAILED },
  missing: {
    fault: () => ({ kind: 'status', status: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"Not Found"}' }),
    outcome: NOT_FOUND,
  },
};

const kindOf = (repoPath: string) => repoPath.split('/')[3].split('-')[0];

/** Replay routes for the batch: repositories by kind, and one challenge per other platform. */
export function mixedRoutes(): Route[] {
  const pick = (title: string) => CHALLENGES.find((c) => c.name.startsWith(title))!.routes;
  return [
    perPath(
      'api.github.com',
      /^\/repos\/faults\/[^/]+$/,
      (req) => ({
        headers: { 'content-type': 'application/json' },
        body: REPO_KINDS[kindOf(req.path)]?.body ?? repoJson('faults', req.path.split('/')[3]),
      }),
      (path, n) => REPO_KINDS[kindOf(path)]?.fault(n),
    ),
    ...pick('linkpage-b: Cloudflare "Just a moment..."'),
    ...pick('microblog-a: Cloudflare challenge with HTTP 200'),
    ...pick('websearch: the /sorry/'),
    ...pick('retail-shop: Amazon robot check'),
  ];
}

interface Single {
  via: 'rest' | 'graphql';
  op: Op;
  name: string;
  outcome: Outcome;
}

/** A GraphQL operation with several root fields, each with its own outcome. */
interface Multi {
  fields: { alias: string; op: Op; name: string; outcome: Outcome }[];
}

export function mixedRequests(tag: string): (Single | Multi)[] {
  const out: (Single | Multi)[] = [];
  let i = 0;
  const kinds = Object.keys(REPO_KINDS);
  // 36 repository requests: every kind three times, REST and GraphQL alternating.
  for (let round = 0; round < 3; round++) {
    for (const kind of kinds) {
      const via = i % 2 === 0 ? 'rest' : 'graphql';
      out.push({ via, op: OPS.github, name: `${kind}-${tag}${i++}`, outcome: REPO_KINDS[kind].outcome });
    }
  }
  // 8 challenges: two per platform, one REST and one GraphQL.
  for (const op of [OPS.linktree, OPS.truth, OPS.google, OPS.amazon]) {
    for (const via of ['rest', 'graphql'] as const) out.push({ via, op, name: `ch${tag}${i++}`, outcome: BLOCKED });
  }
  // 4 GraphQL operations of five root fields each: one live, four failing differently.
  for (let m = 0; m < 4; m++) {
    out.push({
      fields: [
        { alias: 'a', op: OPS.github, name: `ok-${tag}m${m}`, outcome: 'live' },
        { alias: 'b', op: OPS.github, name: `unavailable-${tag}m${m}`, outcome: FAILED },
        { alias: 'c', op: OPS.linktree, name: `ch${tag}m${m}`, outcome: BLOCKED },
        { alias: 'd', op: OPS.github, name: `timeout-${tag}m${m}`, outcome: TIMEOUT },
        { alias: 'e', op: OPS.truth, name: `ch${tag}m${m}`, outcome: BLOCKED },
      ],
    });
  }
  return out;
}

/** `{ field(...) { ... } }` → `alias: field(...) { ... }`, to be put into one operation with others. */
const aliased = (alias: string, query: string) => `${alias}: ${query.replace(/^\{\s*/, '').replace(/\s*\}$/, '')}`;

/**
 * Sends every request of the batch at once (request i to gateway i mod n), hands all answers to
 * `charge` (before any check, so the caller's accounting stays right when a check fails), then
 * checks each answer. Returns the credits charged over all answers, and the batch's own time:
 * its wall time less what this thread waited for a CPU meanwhile (lib.ts Call.waitedMs).
 */
export async function runMixedBatch(
  gateways: string[],
  account: { key: string; charge(...calls: Call[]): void },
  tag: string,
): Promise<{ charged: number; requests: number; ownMs: number }> {
  const { key } = account;
  const batch = mixedRequests(tag);
  const t0 = performance.now();
  const w0 = runQueueWaitMs();
  const calls: Call[] = await Promise.all(
    batch.map((r, i) => {
      const base = gateways[i % gateways.length];
      if ('fields' in r) return gqlCall(base, `{ ${r.fields.map((f) => aliased(f.alias, f.op.gql(f.name))).join(' ')} }`, key);
      return r.via === 'rest' ? restCall(base, r.op.rest(r.name), key) : gqlCall(base, r.op.gql(r.name), key);
    }),
  );
  const ownMs = performance.now() - t0 - (runQueueWaitMs() - w0);
  account.charge(...calls);

  batch.forEach((r, i) => {
    const c = calls[i];
    const label = 'fields' in r ? `multi-field ${i}` : `${r.via} ${r.name}`;
    expect(
      c.ms - c.waitedMs,
      `${label} took too long: ${Math.round(c.ms)} ms, ${Math.round(c.waitedMs)} ms of them waiting for a CPU`,
    ).toBeLessThan(10_000);
    if (!('fields' in r)) {
      if (r.outcome === 'live') expectLive(c);
      else expectTypedError(c, r.outcome.status, r.outcome.code);
      return;
    }
    // Partial success: HTTP 200, the live field's data, one typed error per failing field,
    // charged for the live field only (the reservation covered all five).
    expect(c.status, label).toBe(200);
    const codes = Object.fromEntries((c.body.errors ?? []).map((e: any) => [e.path[0], e.extensions.code]));
    const expected = Object.fromEntries(
      r.fields.filter((f) => f.outcome !== 'live').map((f) => [f.alias, (f.outcome as { code: string }).code]),
    );
    expect(codes, label).toEqual(expected);
    for (const f of r.fields) {
      if (f.outcome === 'live') expect(c.body.data[f.alias], label).not.toBeNull();
      else expect(c.body.data[f.alias], label).toBeNull();
    }
    const live = r.fields.filter((f) => f.outcome === 'live').length;
    expect(c.charged, label).toBe(live);
    expect(c.body.extensions.credits.fields.map((f: any) => f.charged).reduce((a: number, b: number) => a + b, 0)).toBe(live);
  });
  return { charged: calls.reduce((s, c) => s + c.charged, 0), requests: calls.length, ownMs };
}

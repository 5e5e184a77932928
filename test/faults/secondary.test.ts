/**
 * Every operation, each of its upstream requests failing in turn: a secondary request's failure
 * degrades the record, it does not fail the read.
 *
 * Cases come from the registry (src/gateway.ts allOperations: every platform's operations and the
 * creator tools), each run with its `example` against the demo's own answers (src/demo/routes.ts),
 * so a new operation is covered without a change here. For each operation, on a gateway of its own
 * (two: one with short deadlines for the hang), the example runs twice: the first run lists every
 * upstream request it makes (public tokens included), the second the requests every later run makes
 * (a token is kept by the gateway). Then, for each fault and each distinct request (method, host,
 * path and query, in the order first made), the example runs again with exactly that request
 * answering with the fault:
 * 500, 503 (GitHub's real "Service Unavailable" page when ../shared holds it), 404, 429 with
 * Retry-After, a Cloudflare block page, its own body cut in half (half a JSON document or an HTML
 * page), its own body whole with its first JSON member broken (malformed JSON), nothing at all
 * (past the headers timeout), a connection reset before any answer, a 200 with an empty body, a
 * redirect to a private address (the SSRF guard must refuse it: no request may reach that host), a
 * redirect to itself (a loop), or a real Cloudflare capture — a challenge at HTTP 200, a JS
 * challenge at its own 503 (../shared/fixtures/blocks/, read in place; left out when absent). A request only the first
 * run makes (a token fetch) is faulted on a fresh gateway, where it is made again. Discovery reads
 * every sub-fetch from upstream (DISCOVERY_SUBFETCH_MAX_AGE_MS=0).
 *
 * Every answer must be a typed outcome: within a bounded time; HTTP 200, or an error whose code
 * matches its status (never 500 INTERNAL); a body that keeps to its schema (test/contract.ts);
 * nothing charged on an error, the live price on a 200, the ledger agreeing; no upstream exchange
 * left open; no error-level log line. And the rule: only a request the record cannot do without
 * (ESSENTIAL) may fail the read, and then it must (500, 429, a block page or a hang there are a
 * typed error, never a record). Any other request's failure degrades the record: 200, the fields
 * that request feeds null or empty, the rest as usual — no other member another value (ESSENTIAL's
 * `fallback` aside) — and a parser warning counted (docs/behaviour.md "Secondary requests").
 *
 * SECONDARY_TABLE=<file> writes every outcome (the table in docs/behaviour.md is read off it).
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { restExamplePath } from '../../src/demo/examples.js';
import { allOperations } from '../../src/gateway.js';
import type { OperationDef } from '../../src/platforms/operation.js';
import { expectNoOpenExchanges } from './lib.js';
import { call, callAltered, eachFault, envFor, ESSENTIAL, exampleRequests, FAULTS, isEssential, startGateway } from './operations.js';
import type { Answer, FaultKind, Gateway } from './operations.js';

type Example = Awaited<ReturnType<typeof exampleRequests>>;

/** What the answer is, for messages and the table: `502 UPSTREAM_BLOCKED`, or `200` with the fields that changed. */
function outcome(clean: unknown, a: Answer): string {
  if (a.status !== 200) return `${a.status} ${a.code}`;
  const changed = changedPaths(clean, a.body);
  return `200${a.body?.partial === true ? ' partial' : ''}${changed.length ? ` (${changed.join(', ')})` : ''}`;
}

/** The REST envelope's own members, not the record's. */
const ENVELOPE_KEYS = new Set(['credits_remaining', 'credits_charged', 'cached', 'cached_at']);

/** Where the record differs from the clean one: a value (null, missing, changed) or a list's length. */
function changedPaths(clean: unknown, now: unknown, path = '', out: string[] = []): string[] {
  if (out.length >= 6) return out;
  const objects = [clean, now].every((v) => v !== null && typeof v === 'object');
  if (objects && Array.isArray(clean) && Array.isArray(now) && clean.length !== now.length) {
    out.push(`${path} ${clean.length}→${now.length}`);
  } else if (objects && Array.isArray(clean) === Array.isArray(now)) {
    for (const k of new Set([...Object.keys(clean as object), ...Object.keys(now as object)])) {
      if (ENVELOPE_KEYS.has(k)) continue;
      changedPaths((clean as any)[k], (now as any)[k], path ? `${path}.${k}` : k, out);
    }
  } else if (JSON.stringify(clean) !== JSON.stringify(now)) {
    out.push(`${path}=${JSON.stringify(now) ?? 'absent'}`.slice(0, 60));
  }
  return out;
}

/**
 * Where the record differs from the clean one other than by losing something: a value that is
 * now another value (not null, absent, false, empty or a shorter list). A failed secondary request
 * takes away what it feeds; it never changes a field it does not feed into something else.
 */
function alteredPaths(clean: unknown, now: unknown, path = '', out: string[] = []): string[] {
  const lost = now === null || now === undefined || now === false || now === '' || (Array.isArray(now) && now.length === 0);
  if (lost || out.length >= 6) return out;
  const objects = [clean, now].every((v) => v !== null && typeof v === 'object');
  if (objects && Array.isArray(clean) && Array.isArray(now)) {
    // A shorter list lost items: those left must be items of the clean list, unchanged.
    const seen = new Set((clean as unknown[]).map((v) => JSON.stringify(v)));
    if (now.length < clean.length) {
      const foreign = now.findIndex((v) => !seen.has(JSON.stringify(v)));
      if (foreign >= 0) out.push(`${path}[${foreign}] is not an item of the complete list`);
    } else if (now.length > clean.length) out.push(`${path} ${clean.length}→${now.length}`);
    else now.forEach((v, i) => alteredPaths(clean[i], v, `${path}[${i}]`, out));
  } else if (objects && !Array.isArray(clean) && !Array.isArray(now)) {
    for (const k of Object.keys(now as object)) {
      if (ENVELOPE_KEYS.has(k)) continue;
      alteredPaths((clean as any)[k], (now as any)[k], path ? `${path}.${k}` : k, out);
    }
  } else if (JSON.stringify(clean) !== JSON.stringify(now)) {
    out.push(`${path}=${JSON.stringify(now)}`.slice(0, 60));
  }
  return out;
}

/**
 * The parser warnings `gw` has counted for `platform` (cl_parser_warnings_total; every open gateway
 * hears every warning), read from that one metric: rendering the whole exposition twice a call was
 * a fifth of this file's CPU (prom-client's getMetricsAsString, 26 s of 136 s, session 41).
 */
async function warningsCounted(gw: Gateway, platform: string): Promise<number> {
  const metric = gw.h.deps.metrics.registry.getSingleMetric('cl_parser_warnings_total');
  if (!metric) throw new Error('cl_parser_warnings_total is not registered');
  const { values } = await metric.get();
  return values.filter((v) => v.labels.platform === platform).reduce((n, v) => n + v.value, 0);
}

// ---------------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------------

/** op field → request → fault name → outcome, for SECONDARY_TABLE. */
const table = new Map<string, Map<string, Map<string, string>>>();

beforeAll(() => {
  // Discovery reads every sub-fetch from upstream (no reuse of an operation's cache entry), within 2 s.
  vi.stubEnv('DISCOVERY_SUBFETCH_MAX_AGE_MS', '0');
  vi.stubEnv('DISCOVERY_FETCH_TIMEOUT_MS', '2000');
});
afterAll(() => {
  vi.unstubAllEnvs();
  const file = process.env.SECONDARY_TABLE;
  if (!file) return;
  const lines = [...table].flatMap(([field, requests]) => [
    field,
    ...[...requests].map(([req, byFault]) => `  ${req}\n${FAULTS.map((f) => `    ${f.name}: ${byFault.get(f.name)}`).join('\n')}`),
  ]);
  writeFileSync(file, `${lines.join('\n')}\n`);
});

// Operations run side by side, each on gateways of its own, the creator tools (twenty-odd requests
// each) first; the faults of one operation run one after another (two lookups of one creator in
// one process share their website fetches: src/discovery/fetcher.ts).
const longestFirst = [...allOperations()].sort((a, b) => Number(b.platform === 'discovery') - Number(a.platform === 'discovery'));

/**
 * Faults the creator tools are not run with: each is, to discovery's fetcher, a class it already meets
 * in FAULTS (a 503 page as the 500, malformed JSON as half a body, a redirect loop as the refused
 * redirect, a JS challenge at 503 as the block page) — they test the platforms' parsers. The creator
 * tools' twenty-odd requests × every fault were the suite's longest pole (findCreatorEmails 260 s;
 * `npm test` 11 min 44 s, session 39).
 */
const PARSER_FAULTS = new Set(['503', 'malformed JSON', 'redirect loop', 'real JS challenge at 503']);
const faultsFor = (op: OperationDef) => (op.platform === 'discovery' ? FAULTS.filter((f) => !PARSER_FAULTS.has(f.name)) : FAULTS);

describe.concurrent('every operation, each upstream request failing in turn: a typed error or a degraded record', () => {
  for (const op of longestFirst) {
    it(`${op.field}: each upstream request answering ${faultsFor(op)
      .map((f) => f.name)
      .join(', ')}`, async () => {
      const path = restExamplePath(op);
      const problems = await eachFault(
        faultsFor(op),
        (gw) => exampleRequests(gw, op.field, path),
        (fault, gw, example) => eachRequestFailing(op, fault, gw, example),
      );
      expect(problems, problems.join('\n')).toEqual([]);
      // A creator tool's ten faults, one after another, ran 90 s alone and past 180 s beside the
      // other operations on a loaded machine (2026-12-01).
    }, 360_000);
  }
});

/** The example run with each of its requests answering `fault` in turn: what was wrong, one line per request. */
async function eachRequestFailing(op: OperationDef, fault: FaultKind, gw: Gateway, example: Example): Promise<string[]> {
  const path = restExamplePath(op);
  const { clean, requests, steady } = example;
  expect(clean.status).toBe(200);
  expect(requests.length, `${op.field}'s example makes no upstream request`).toBeGreaterThan(0);
  const declared = ESSENTIAL[op.field];
  if (!declared) {
    expect(
      steady.size,
      `${op.field} makes ${steady.size} upstream requests (${[...steady].join(', ')}): say in ESSENTIAL which of them its record cannot do without`,
    ).toBe(1);
  }
  const essential = (req: string) => isEssential(op.field, req);

  const problems: string[] = [];
  for (const target of requests) {
    const fresh = steady.has(target) ? null : await startGateway(envFor(fault));
    const g = fresh ?? gw;
    try {
      const warnedBefore = await warningsCounted(g, op.platform);
      const { a, wrong } = await callAltered(g, path, target, fault.answer);
      const warned = (await warningsCounted(g, op.platform)) > warnedBefore;
      const seen = outcome(clean.body, a);
      let byRequest = table.get(op.field);
      if (!byRequest) table.set(op.field, (byRequest = new Map()));
      const label = `${essential(target) ? 'essential' : 'secondary'}${fresh ? ', first run only' : ''}: ${target}`;
      (byRequest.get(label) ?? byRequest.set(label, new Map()).get(label)!).set(fault.name, seen);

      if (!essential(target) && a.status !== 200) wrong.push('a secondary request failed the whole read');
      // A degraded record is charged as a read (a creator lookup's price follows what it found).
      if (op.platform !== 'discovery' && a.status === 200 && a.charged !== clean.charged)
        wrong.push(`charged ${a.charged} where the complete record costs ${clean.charged}`);
      // A lookup with a failed scan says so (api.md: partial). A 404 may be a dead link, half a
      // body may still read: only the failures.
      if (op.platform === 'discovery' && !essential(target) && fault.failsEssential && a.status === 200 && a.body?.partial !== true)
        wrong.push('a scan failed and the lookup is not partial');
      // A degraded record lost what the failed request feeds, and said so: no other field is
      // another value, and a parser warning was counted (a creator lookup says so with `partial`).
      const degraded = !essential(target) && a.status === 200 && changedPaths(clean.body, a.body).length > 0;
      if (degraded && op.platform !== 'discovery') {
        const fallback = new Set(declared?.fallback ?? []);
        const altered = alteredPaths(clean.body, a.body).filter((p) => !fallback.has(p.split(/[.[=\s]/)[0]));
        if (altered.length) wrong.push(`a field the failed request does not feed changed: ${altered.join(', ')}`);
        if (!warned) wrong.push('the record was degraded without a parser warning');
      }
      // A degraded record is a partial read (src/platforms/partial-read.ts): never cached, so a
      // later cache_max_age call is served the complete record the clean run stored, not the gap.
      if (
        op.cacheable &&
        op.platform !== 'discovery' &&
        !essential(target) &&
        a.status === 200 &&
        changedPaths(clean.body, a.body).length
      ) {
        const later = await call(g, `${path}${path.includes('?') ? '&' : '?'}cache_max_age=1d`);
        const gap = changedPaths(clean.body, later.body);
        if (gap.length) wrong.push(`a degraded record was cached: a later cache_max_age call got ${gap.join(', ')}`);
      }
      if (essential(target) && fault.failsEssential && a.status === 200) wrong.push('an essential request failed and a record came back');
      // Replayed, a request the guard let through reaches the replay server (as a miss): none may.
      if (fault.refusedHost && g.h.replay.hits({ host: fault.refusedHost }).length > 0)
        wrong.push(`a request was sent to ${fault.refusedHost}: the redirect was followed`);
      if (wrong.length) problems.push(`${target}\n    → ${seen}: ${wrong.join('; ')}`);
      await expectNoOpenExchanges(g.exchanges);
    } finally {
      await fresh?.close();
    }
  }
  return problems;
}

/**
 * Every operation, each of its upstream requests failing in turn: a secondary request's failure
 * degrades the record, it does not fail the read.
 *
 * Cases come from the registry (src/gateway.ts allOperations: every platform's operations and the
 * creator tools), each run with its `example` against the demo's own answers (src/demo/routes.ts),
 * so a new operation is covered without a change here. For each operation and each fault, on a
 * gateway of its own, the example runs twice: the first run lists every upstream request it makes
 * (public tokens included), the second the requests every later run makes (a token is kept by the
 * gateway). Then, for each distinct request (method, host, path and query, in the order first
 * made), the example runs again with exactly that request answering with the fault:
 * 500, 404, 429 with Retry-After, a Cloudflare block page, its own body cut in half (half a JSON
 * document or an HTML page), or nothing at all (past the headers timeout). A request only the first
 * run makes (a token fetch) is faulted on a fresh gateway, where it is made again. Discovery reads
 * every sub-fetch from upstream (DISCOVERY_SUBFETCH_MAX_AGE_MS=0).
 *
 * Every answer must be a typed outcome: within a bounded time; HTTP 200, or an error whose code
 * matches its status (never 500 INTERNAL); a body that keeps to its schema (test/contract.ts);
 * nothing charged on an error, the live price on a 200, the ledger agreeing; no upstream exchange
 * left open; no error-level log line. And the rule: only a request the record cannot do without
 * (ESSENTIAL) may fail the read, and then it must (500, 429, a block page or a hang there are a
 * typed error, never a record). Any other request's failure degrades the record: 200, the fields
 * that request feeds null or empty, the rest as usual (docs/behaviour.md "Secondary requests").
 *
 * SECONDARY_TABLE=<file> writes every outcome (the table in docs/behaviour.md is read off it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_COVERAGE, restExamplePath } from '../../src/demo/examples.js';
import { demoRoutes } from '../../src/demo/routes.js';
import { ERROR_STATUS } from '../../src/errors.js';
import type { ErrorCode } from '../../src/errors.js';
import { allOperations } from '../../src/gateway.js';
import type { OperationDef } from '../../src/platforms/operation.js';
import type { Fault, RecordedResponse, ReplayRequest, Route } from '../../src/replay/server.js';
import { checkRestContract } from '../contract.js';
import { captureLogs, startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { expectNoOpenExchanges, HANG_MS, trackExchanges } from './lib.js';
import type { ExchangeTracker } from './lib.js';
import { CLOUDFLARE_BLOCK, HTML } from './pages.js';

/**
 * Requests an operation's record cannot do without, for each operation that makes more than one
 * (an operation making one request, after any token fetches, needs no entry: that request and its
 * tokens are the record). Matched against `METHOD host/path?query` of the example's requests.
 */
const ESSENTIAL: Record<string, { requests: RegExp[]; why: string }> = {
  codeUser: { requests: [/^GET api\.github\.com\/users\/[^/?]+$/], why: 'the account; its social accounts are one optional field' },
  linkpageCPage: { requests: [/\/api\/talent\/usernames\//], why: 'the talent; its modules (the links) are optional (README)' },
  forumSubreddit: { requests: [/\/r\/[^/]+\/hot\.json/], why: 'the listing; the subreddit’s about is optional (README)' },
  videoChannel: { requests: [/^GET www\.youtube\.com\/@/], why: 'the channel page; the about panel is optional (README)' },
  microblogAPosts: { requests: [/accounts\/lookup/, /\/statuses/], why: 'the account id, then the posts themselves' },
  microblogEPosts: { requests: [/accounts\/lookup/, /\/statuses/], why: 'the account id, then the posts themselves' },
  newsletterPosts: { requests: [/public_profile/, /profile\/posts/], why: 'the profile id, then the posts themselves' },
  findSocialProfiles: {
    requests: [/web_profile_info\/\?username=tala\.draws$/],
    why: 'the source profile; every other scan is optional (api.md)',
  },
  findCreatorEmails: {
    requests: [/^GET www\.youtube\.com\/@ravimenoncooks$/],
    why: 'the source profile; every other scan is optional (api.md)',
  },
};

/** No retries (a failing answer is the answer at once); short timeouts, so a hang costs about a second. */
const ENV = {
  UPSTREAM_RETRIES: '0',
  UPSTREAM_HEADERS_TIMEOUT_MS: '1000',
  UPSTREAM_BODY_TIMEOUT_MS: '1000',
  UPSTREAM_TOTAL_TIMEOUT_MS: '2000',
};
/** An answer later than this is a hang, whatever its status. */
const BOUND_MS = 8_000;
const CREDITS = 1_000_000;

interface FaultKind {
  name: string;
  answer(recorded: RecordedResponse): RecordedResponse;
  /** On an essential request, the read fails (a half body or a 404 may still be read, or mean "none"). */
  failsEssential: boolean;
}

const withFault = (fault: Fault) => (recorded: RecordedResponse) => ({ ...recorded, fault });

function bodyText(res: RecordedResponse): string {
  if (res.bodyFile) return readFileSync(res.bodyFile, 'utf8');
  const b = typeof res.body === 'function' ? res.body() : res.body;
  return b === undefined ? '' : b.toString();
}

const FAULTS: FaultKind[] = [
  {
    name: '500',
    answer: withFault({ kind: 'status', status: 500, headers: HTML, body: '<html><body>Internal Server Error</body></html>' }),
    failsEssential: true,
  },
  {
    name: '404',
    answer: withFault({ kind: 'status', status: 404, headers: HTML, body: '<html><body><h1>Not Found</h1></body></html>' }),
    failsEssential: false,
  },
  { name: '429', answer: withFault({ kind: 'status', status: 429, headers: { 'retry-after': '3600' } }), failsEssential: true },
  { name: 'block page', answer: withFault({ kind: 'status', status: 403, headers: HTML, body: CLOUDFLARE_BLOCK }), failsEssential: true },
  {
    name: 'half body',
    answer: (recorded) => {
      const text = bodyText(recorded);
      const { bodyFile: _file, body: _body, fault: _fault, ...rest } = recorded;
      return { ...rest, body: text.slice(0, Math.floor(text.length / 2)) };
    },
    failsEssential: false,
  },
  { name: 'hang', answer: withFault({ kind: 'timeout' }), failsEssential: true },
];

// ---------------------------------------------------------------------------------------------
// A gateway whose replay answers one request with a fault
// ---------------------------------------------------------------------------------------------

const requestKey = (req: Pick<ReplayRequest, 'method' | 'host' | 'path' | 'query'>) =>
  `${req.method} ${req.host}${req.path}${req.query.size ? `?${req.query}` : ''}`;

/** Every operator setting an operation `needs`, so that those operations reach their upstream too. */
const SETTINGS = Object.fromEntries(allOperations().flatMap((op) => (op.needs ? [[op.needs, 'secondary-setting-value']] : [])));

interface Gateway {
  h: Harness;
  key: string;
  id: string;
  exchanges: ExchangeTracker;
  logs: ReturnType<typeof captureLogs>;
  /** Answers to this request get `fault.answer`; `hits` counts them. */
  faulted: { target: string | null; fault: FaultKind | null; hits: number };
  close(): Promise<void>;
}

async function startGateway(): Promise<Gateway> {
  const faulted: Gateway['faulted'] = { target: null, fault: null, hits: 0 };
  const faulting = (route: Route): Route => ({
    ...route,
    response: async (req) => {
      const recorded = typeof route.response === 'function' ? await route.response(req) : route.response;
      if (faulted.fault === null || faulted.target !== requestKey(req)) return recorded;
      faulted.hits++;
      return faulted.fault.answer(recorded);
    },
  });
  const logs = captureLogs();
  const h = await startHarness({ routes: demoRoutes().map(faulting), env: { DEMO_COVERAGE, ...SETTINGS, ...ENV }, logger: logs.logger });
  const { key, id } = await h.key(CREDITS);
  const exchanges = trackExchanges(h.replay.url);
  return {
    h,
    key,
    id,
    exchanges,
    logs,
    faulted,
    async close() {
      exchanges.stop();
      await h.close();
    },
  };
}

interface Answer {
  status: number;
  code: string | null;
  charged: number;
  ms: number;
  body: any;
}

async function call(gw: Gateway, path: string): Promise<Answer> {
  const t0 = performance.now();
  const res = await fetch(gw.h.url + path, { headers: { 'x-api-key': gw.key }, signal: AbortSignal.timeout(HANG_MS) });
  const text = await res.text();
  const ms = performance.now() - t0;
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: no code, which the checks report */
  }
  return { status: res.status, code: body?.error?.code ?? null, charged: body?.credits_charged ?? 0, ms, body };
}

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

describe.concurrent('every operation, each upstream request failing in turn: a typed error or a degraded record', () => {
  for (const op of longestFirst) {
    it(`${op.field}: each upstream request answering ${FAULTS.map((f) => f.name).join(', ')}`, async () => {
      const problems: string[] = [];
      for (const fault of FAULTS) {
        const gw = await startGateway();
        try {
          problems.push(...(await eachRequestFailing(op, fault, gw)).map((p) => `${fault.name}: ${p}`));
        } finally {
          await gw.close();
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    }, 180_000);
  }
});

/** The example run with each of its requests answering `fault` in turn: what was wrong, one line per request. */
async function eachRequestFailing(op: OperationDef, fault: FaultKind, gw: Gateway): Promise<string[]> {
  const path = restExamplePath(op);
  const first = await call(gw, path);
  const firstKeys = gw.h.replay.hits().map(requestKey);
  const before = gw.h.replay.hits().length;
  const clean = await call(gw, path);
  const steady = new Set(gw.h.replay.hits().slice(before).map(requestKey));
  expect({ status: first.status, code: first.code }, `${op.field}'s example (${path}) must succeed on the demo routes`).toEqual({
    status: 200,
    code: null,
  });
  expect(clean.status).toBe(200);
  const requests = [...new Set([...firstKeys, ...steady])];
  expect(requests.length, `${op.field}'s example makes no upstream request`).toBeGreaterThan(0);
  const declared = ESSENTIAL[op.field];
  if (!declared) {
    expect(
      steady.size,
      `${op.field} makes ${steady.size} upstream requests (${[...steady].join(', ')}): say in ESSENTIAL which of them its record cannot do without`,
    ).toBe(1);
  }
  const essential = (req: string) => (declared ? declared.requests.some((re) => re.test(req)) : true);

  const problems: string[] = [];
  for (const target of requests) {
    const fresh = steady.has(target) ? null : await startGateway();
    const g = fresh ?? gw;
    try {
      const fromLog = g.logs.lines().length;
      const balance = await g.h.balance(g.id);
      Object.assign(g.faulted, { target, fault, hits: 0 });
      const a = await call(g, path);
      g.faulted.fault = null;
      const spent = balance - (await g.h.balance(g.id));
      const seen = outcome(clean.body, a);
      let byRequest = table.get(op.field);
      if (!byRequest) table.set(op.field, (byRequest = new Map()));
      const label = `${essential(target) ? 'essential' : 'secondary'}${fresh ? ', first run only' : ''}: ${target}`;
      (byRequest.get(label) ?? byRequest.set(label, new Map()).get(label)!).set(fault.name, seen);

      const wrong: string[] = [];
      if (g.faulted.hits === 0) wrong.push('the request was not made again');
      if (a.ms > BOUND_MS) wrong.push(`answered after ${Math.round(a.ms)} ms`);
      if (a.status !== 200 && (a.code === null || a.code === 'INTERNAL' || ERROR_STATUS[a.code as ErrorCode] !== a.status)) {
        wrong.push(`error code ${a.code} at HTTP ${a.status}`);
      }
      if (a.status !== 200 && a.charged !== 0) wrong.push(`charged ${a.charged} on ${a.code}`);
      if (a.status === 200 && a.charged < 1) wrong.push(`charged ${a.charged} for a live record`);
      if (spent !== a.charged) wrong.push(`the ledger spent ${spent}, the answer says ${a.charged}`);
      try {
        checkRestContract(path, a.status, a.body);
      } catch (e) {
        wrong.push((e as Error).message.slice(0, 300));
      }
      const errors = g.logs
        .lines()
        .slice(fromLog)
        .filter((l) => Number(l.level) >= 50);
      wrong.push(...errors.map((l) => `logged at error level: ${JSON.stringify(l).slice(0, 300)}`));
      if (!essential(target) && a.status !== 200) wrong.push('a secondary request failed the whole read');
      // A lookup with a failed scan says so (api.md: partial). A 404 may be a dead link, half a
      // body may still read: only the failures.
      if (op.platform === 'discovery' && !essential(target) && fault.failsEssential && a.status === 200 && a.body?.partial !== true)
        wrong.push('a scan failed and the lookup is not partial');
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
      if (wrong.length) problems.push(`${target}\n    → ${seen}: ${wrong.join('; ')}`);
      await expectNoOpenExchanges(g.exchanges);
    } finally {
      g.faulted.fault = null;
      await fresh?.close();
    }
  }
  return problems;
}

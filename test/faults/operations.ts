/**
 * Plumbing of the every-operation suites (secondary.test.ts, identity.test.ts): each operation's
 * `example` run against the demo's own answers (src/demo/routes.ts) on a gateway of its own, where
 * one chosen upstream request at a time can be answered otherwise (a fault, another account's
 * answer); and the checks every such answer is held to — a typed outcome within a bounded time,
 * credits and ledger agreeing, no upstream exchange left open, no error-level log line.
 */
import { expect } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { demoRoutes } from '../../src/demo/routes.js';
import { DEMO_COVERAGE } from '../../src/demo/examples.js';
import { ERROR_STATUS } from '../../src/errors.js';
import type { ErrorCode } from '../../src/errors.js';
import { allOperations } from '../../src/gateway.js';
import type { Fault, RecordedResponse, ReplayRequest, Route } from '../../src/replay/server.js';
import { checkRestContract } from '../contract.js';
import { captureLogs, startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { HANG_MS, trackExchanges } from './lib.js';
import type { ExchangeTracker } from './lib.js';
import { runQueueWaitMs } from '../support/cpu-time.js';
import { fixturePath, hasFixtures } from '../support/fixtures.js';
import { CLOUDFLARE_BLOCK, HTML } from './pages.js';

/**
 * Requests an operation's record cannot do without, for each operation that makes more than one
 * (an operation making one request, after any token fetches, needs no entry: that request and its
 * tokens are the record). Matched against `METHOD host/path?query` of the example's requests.
 * `fallback`: the record's members that another request (one the record has) also carries, read
 * from there when an optional request fails: another value of the same fact, not a wrong one.
 */
export const ESSENTIAL: Record<string, { requests: RegExp[]; why: string; fallback?: string[] }> = {
  codeUser: { requests: [/^GET api\.github\.com\/users\/[^/?]+$/], why: 'the account; its social accounts are one optional field' },
  linkpageCPage: { requests: [/\/api\/talent\/usernames\//], why: 'the talent; its modules (the links) are optional (README)' },
  linkpageDPage: {
    requests: [/^GET pillar\.io\//, /^POST graphql\.pillar\.io\/v1\/graphql \((ResolveCreator|CreatorPage)\)$/],
    why: 'the shell and its settings bundle (the public token), then the resolve and page queries; the products query is optional (README)',
  },
  forumSubreddit: { requests: [/\/r\/[^/]+\/hot\.json/], why: 'the listing; the subreddit’s about is optional (README)' },
  videoChannel: {
    requests: [/^GET www\.youtube\.com\/@/],
    why: 'the channel page; the about panel is optional (README)',
    // Without the panel these are read from the channel page's header (its rounded count).
    fallback: ['subscriberCount', 'subscriberCountText', 'videoCountText'],
  },
  videoTranscript: {
    requests: [/^POST www\.youtube\.com\/youtubei\/v1\/player/, /^GET www\.youtube\.com\/api\/timedtext\?/],
    why: 'the video and its caption tracks, then the transcript itself (README)',
  },
  videoComments: {
    requests: [/^GET www\.youtube\.com\/watch\?/, /^POST www\.youtube\.com\/youtubei\/v1\/next/],
    why: 'the video (the watch page, and the comments’ token), then the comments themselves (README)',
  },
  microblogAPosts: { requests: [/accounts\/lookup/, /\/statuses/], why: 'the account id, then the posts themselves' },
  microblogEPosts: { requests: [/accounts\/lookup/, /\/statuses/], why: 'the account id, then the posts themselves' },
  microblogEFollowers: {
    requests: [/accounts\/lookup/, /\/followers\?/],
    why: 'the account (the record’s `account`, and the only proof whose list it is), then the list itself',
  },
  microblogEFollowing: {
    requests: [/accounts\/lookup/, /\/following\?/],
    why: 'the account (the record’s `account`, and the only proof whose list it is), then the list itself',
  },
  microblogEPost: {
    requests: [/^GET [^/]+\/api\/v1\/statuses\/[^/?]+$/],
    why: 'the status; its thread (`/context`) is optional: ancestors and descendants null (README)',
  },
  microblogEPostRebloggedBy: {
    requests: [/^GET [^/]+\/api\/v1\/statuses\/[^/?]+$/, /\/reblogged_by\?/],
    why: 'the status (the record’s `post`, and the only proof whose list it is), then the list itself',
  },
  microblogEPostFavouritedBy: {
    requests: [/^GET [^/]+\/api\/v1\/statuses\/[^/?]+$/, /\/favourited_by\?/],
    why: 'the status (the record’s `post`, and the only proof whose list it is), then the list itself',
  },
  microblogDPostLikes: {
    requests: [/app\.bsky\.actor\.getProfile\?/, /app\.bsky\.feed\.getLikes\?/],
    why: 'the author’s DID (getLikes resolves no handle in the post’s AT URI; the profile proves the handle), then the likes themselves',
  },
  microblogDPostReposts: {
    requests: [/app\.bsky\.actor\.getProfile\?/, /app\.bsky\.feed\.getRepostedBy\?/],
    why: 'the author’s DID (getRepostedBy resolves no handle in the post’s AT URI; the profile proves the handle), then the reposts themselves',
  },
  livestreamVideos: {
    requests: [/^GET kick\.com\/api\/v2\/channels\/[^/?]+$/, /\/videos$/],
    why: 'the channel (its id is the only proof whose broadcasts they are), then the broadcasts themselves',
  },
  pinboardBoard: {
    requests: [/\/resource\/BoardResource\/get\//],
    why: 'the board; one page of its pins (BoardFeedResource) is optional: pins and cursor null (README)',
  },
  newsletterPosts: { requests: [/public_profile/, /profile\/posts/], why: 'the profile id, then the posts themselves' },
  newsletterPostComments: {
    requests: [/\/api\/v1\/posts\/[^/?]+$/, /\/api\/v1\/post\/\d+\/comments\?/],
    why: 'the post (its id, and the proof it is the post asked for), then the comments themselves',
  },
  audioCArtistTracks: {
    requests: [/^GET soundcloud\.com\/$/, /api-v2\.soundcloud\.com\/resolve\?/, /api-v2\.soundcloud\.com\/users\/\d+\/tracks\?/],
    why: 'the public client id (home page), the artist (its user id, and the proof whose list it is), then the tracks themselves',
  },
  findSocialProfiles: {
    requests: [/web_profile_info\/\?username=tala\.draws$/],
    why: 'the source profile; every other scan is optional (api.md)',
  },
  findCreatorEmails: {
    requests: [/^GET www\.youtube\.com\/@ravimenoncooks$/],
    why: 'the source profile; every other scan is optional (api.md)',
  },
};

/** Whether `req` (`METHOD host/path?query`) is one `field`'s record cannot do without (ESSENTIAL; every request of an operation without an entry). */
export function isEssential(field: string, req: string): boolean {
  const declared = ESSENTIAL[field];
  return declared ? declared.requests.some((re) => re.test(req)) : true;
}

/** No retries (a failing answer is the answer at once); short timeouts, so a hang costs about a second. */
export const ENV = {
  UPSTREAM_RETRIES: '0',
  UPSTREAM_HEADERS_TIMEOUT_MS: '1000',
  UPSTREAM_BODY_TIMEOUT_MS: '1000',
  UPSTREAM_TOTAL_TIMEOUT_MS: '2000',
};
/**
 * ENV with deadlines five times as long, for a gateway whose upstream answers every request (any
 * fault but a hang): what cuts a hang plays no part in its outcomes. Its upstream is this thread,
 * so the demo's answers wait behind all the thread runs (other operations' gateways and replay
 * servers): beside other test runs, first calls on the demo's own answers ran past ENV's 1 s and
 * 2 s and were answered 504 (2026-11-30). A request left waiting by a defect is still cut
 * (at 5 s), and an answer that late still fails BOUND_MS.
 */
export const ANSWERING_ENV = {
  ...ENV,
  UPSTREAM_HEADERS_TIMEOUT_MS: '5000',
  UPSTREAM_BODY_TIMEOUT_MS: '5000',
  UPSTREAM_TOTAL_TIMEOUT_MS: '10000',
};
/**
 * An answer later than this is a hang, whatever its status: its time less what this thread
 * waited for a CPU meanwhile (Answer.waitedMs), so that a busy machine does not pass for a hang
 * and a hang — time the thread spends waiting for nothing — counts in full.
 */
export const BOUND_MS = 8_000;
const CREDITS = 1_000_000;

/** The recorded answer's body as text. */
export function bodyText(res: RecordedResponse): string {
  if (res.bodyFile) return readFileSync(res.bodyFile, 'utf8');
  const b = typeof res.body === 'function' ? res.body() : res.body;
  return b === undefined ? '' : b.toString();
}

/**
 * `METHOD host/path?query`, and for a GraphQL POST the name of its operation after it
 * (` (CreatorProducts)`): one endpoint's queries are distinct requests, each failed on its own.
 */
export const requestKey = (req: Pick<ReplayRequest, 'method' | 'host' | 'path' | 'query'> & { body?: Buffer }) => {
  const name = req.method === 'POST' && req.body?.length ? graphqlOperationName(req.body.toString('utf8')) : null;
  return `${req.method} ${req.host}${req.path}${req.query.size ? `?${req.query}` : ''}${name ? ` (${name})` : ''}`;
};

/** A GraphQL request body's operation: its `operationName`, else the name its `query` gives itself; null for any other body. */
function graphqlOperationName(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object') return null;
  const { operationName, query } = body as { operationName?: unknown; query?: unknown };
  if (typeof operationName === 'string' && operationName) return operationName;
  return typeof query === 'string' ? (/^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? null) : null;
}

/** Every operator setting an operation `needs`, so that those operations reach their upstream too. */
const SETTINGS = Object.fromEntries(allOperations().flatMap((op) => (op.needs ? [[op.needs, 'secondary-setting-value']] : [])));

export interface Gateway {
  h: Harness;
  key: string;
  id: string;
  exchanges: ExchangeTracker;
  logs: ReturnType<typeof captureLogs>;
  /** Answers to the `target` request are passed through `answer`; `hits` counts them. */
  altered: { target: string | null; answer: ((recorded: RecordedResponse, req: ReplayRequest) => RecordedResponse) | null; hits: number };
  /** The demo's own answer to each request made so far (by requestKey), before any alteration. */
  recorded: Map<string, RecordedResponse>;
  close(): Promise<void>;
}

/** A gateway on the demo routes, every operator setting set (and `env`: ENV by default), a key with a million credits. */
export async function startGateway(env: Record<string, string> = ENV): Promise<Gateway> {
  const altered: Gateway['altered'] = { target: null, answer: null, hits: 0 };
  const recorded = new Map<string, RecordedResponse>();
  const altering = (route: Route): Route => ({
    ...route,
    response: async (req) => {
      const demo = typeof route.response === 'function' ? await route.response(req) : route.response;
      recorded.set(requestKey(req), demo);
      if (altered.answer === null || altered.target !== requestKey(req)) return demo;
      altered.hits++;
      return altered.answer(demo, req);
    },
  });
  const logs = captureLogs();
  const h = await startHarness({ routes: demoRoutes().map(altering), env: { DEMO_COVERAGE, ...SETTINGS, ...env }, logger: logs.logger });
  const { key, id } = await h.key(CREDITS);
  const exchanges = trackExchanges(h.replay.url);
  return {
    h,
    key,
    id,
    exchanges,
    logs,
    altered,
    recorded,
    async close() {
      exchanges.stop();
      await h.close();
    },
  };
}

export interface Answer {
  status: number;
  code: string | null;
  charged: number;
  ms: number;
  /** Of `ms`, the time this thread waited for a CPU while other processes had the cores (test/support/cpu-time.ts). */
  waitedMs: number;
  /** The body as sent. */
  text: string;
  body: any;
}

export async function call(gw: Gateway, path: string): Promise<Answer> {
  const t0 = performance.now();
  const w0 = runQueueWaitMs();
  const res = await fetch(gw.h.url + path, { headers: { 'x-api-key': gw.key }, signal: AbortSignal.timeout(HANG_MS) });
  const text = await res.text();
  const ms = performance.now() - t0;
  const waitedMs = runQueueWaitMs() - w0;
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: no code, which the checks report */
  }
  return { status: res.status, code: body?.error?.code ?? null, charged: body?.credits_charged ?? 0, ms, waitedMs, text, body };
}

/**
 * The example run on `gw` until a run makes no request the runs before it did not: every request
 * the first run makes (public tokens included), the requests every later run makes (`steady`: a
 * token is kept by the gateway), the clean answer (the last run's). Mostly twice; a third time
 * when the second fetched something new — a creator lookup whose first run, on a loaded machine,
 * had a scan cut before its token fetch (findSocialProfiles' guest token, findCreatorEmails'
 * client id, 2026-12-02), which the second run then made, so that a later run did not.
 * The example must succeed on the demo routes (`field` names it in the failure).
 */
export async function exampleRequests(
  gw: Gateway,
  field: string,
  path: string,
): Promise<{ clean: Answer; requests: string[]; steady: Set<string> }> {
  const first = await call(gw, path);
  expect({ status: first.status, code: first.code }, `${field}'s example (${path}) must succeed on the demo routes`).toEqual({
    status: 200,
    code: null,
  });
  const seen = new Set(gw.h.replay.hits().map(requestKey));
  let clean = first;
  let steady = new Set<string>();
  for (let run = 2; run <= 3; run++) {
    const before = gw.h.replay.hits().length;
    clean = await call(gw, path);
    steady = new Set(gw.h.replay.hits().slice(before).map(requestKey));
    const fresh = [...steady].filter((k) => !seen.has(k));
    for (const k of steady) seen.add(k);
    if (fresh.length === 0) break;
  }
  return { clean, requests: [...seen], steady };
}

/**
 * `path` called on `g` with the `target` request answered by `answer`: the answer, and what is
 * wrong with it whatever the alteration — the request not made, an answer after BOUND_MS, an
 * error whose code does not match its status (or INTERNAL), a charge on an error or none on a
 * record, the ledger disagreeing, a body off its schema, an error-level log line.
 */
export async function callAltered(
  g: Gateway,
  path: string,
  target: string,
  answer: (recorded: RecordedResponse, req: ReplayRequest) => RecordedResponse,
): Promise<{ a: Answer; wrong: string[] }> {
  const fromLog = g.logs.lines().length;
  const balance = await g.h.balance(g.id);
  Object.assign(g.altered, { target, answer, hits: 0 });
  let a: Answer;
  try {
    a = await call(g, path);
  } finally {
    g.altered.answer = null;
  }
  const spent = balance - (await g.h.balance(g.id));
  const wrong: string[] = [];
  if (g.altered.hits === 0) wrong.push('the request was not made again');
  if (a.ms - a.waitedMs > BOUND_MS)
    wrong.push(`answered after ${Math.round(a.ms)} ms, ${Math.round(a.waitedMs)} ms of them waiting for a CPU`);
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
  return { a, wrong };
}

/**
 * The faults secondary.test.ts (each request of every example) and next-pages.test.ts (each request
 * of every next page) answer with, one at a time.
 */
export interface FaultKind {
  name: string;
  /** What the request answers instead of `recorded` (the demo's answer); `req` is the request itself. */
  answer(recorded: RecordedResponse, req: ReplayRequest): RecordedResponse;
  /** On an essential request, the read fails (a half body or a 404 may still be read, or mean "none"). */
  failsEssential: boolean;
  /** A host the answer points at that no request may reach (the SSRF guard refuses it). */
  refusedHost?: string;
  /** The request is never answered: only the gateway's deadlines end it (its gateway has ENV's short ones). */
  hangs?: boolean;
}

/** The settings of a gateway whose requests answer `fault` in turn: ENV's short deadlines for a hang, ANSWERING_ENV's otherwise. */
export const envFor = (fault: FaultKind) => (fault.hangs ? ENV : ANSWERING_ENV);

/**
 * `faults` in turn on one operation: `check` each against a gateway, with what `read` read on a
 * clean gateway first (its example's requests, its clean answer). Two gateways serve all the faults
 * — ANSWERING_ENV's for those that answer, ENV's short deadlines for a hang — not one a fault: the
 * test gateways keep no cool-down (TEST_UPSTREAM_ENV) and cache no failed read, so a fault leaves
 * nothing the next one meets, and starting a gateway and reading its example again for each fault
 * was ~0.6 s of CPU a fault, several times the faulted calls of most operations. The hang's gateway
 * is not read clean (on a loaded machine its 1 s deadlines cut clean reads too): what its first
 * faulted call fetches besides the target (a public token) is answered as recorded. Each problem
 * comes back prefixed with its fault's name. The creator tools share theirs too: a shared gateway's
 * findSocialProfiles once stopped asking the web search after the first fault (session 40); on
 * session 41's main it asks it after every fault (each request answering 500 in turn, then a clean
 * lookup: every steady request made again), and both tools' sweeps pass on one gateway.
 */
export async function eachFault<T>(
  faults: readonly FaultKind[],
  read: (gw: Gateway) => Promise<T>,
  check: (fault: FaultKind, gw: Gateway, clean: T) => Promise<string[]>,
): Promise<string[]> {
  const answering = await startGateway(ANSWERING_ENV);
  let hanging: Gateway | null = null;
  try {
    const clean = await read(answering);
    const problems: string[] = [];
    // The hangs last: the answering gateway is not left idle meanwhile (a keep-alive connection
    // idle past its timeout on a loaded machine was reset under the next call: ECONNRESET).
    for (const fault of [...faults.filter((f) => !f.hangs), ...faults.filter((f) => f.hangs)]) {
      const gw = fault.hangs ? (hanging ??= await startGateway(ENV)) : answering;
      problems.push(...(await check(fault, gw, clean)).map((p) => `${fault.name}: ${p}`));
    }
    return problems;
  } finally {
    await Promise.all([answering.close(), hanging?.close()]);
  }
}

export const withFault = (fault: Fault) => (recorded: RecordedResponse) => ({ ...recorded, fault });

/** The recorded answer with its body (and status or headers, when given) replaced. */
export function answeredWith(recorded: RecordedResponse, answer: RecordedResponse): RecordedResponse {
  const { bodyFile: _file, body: _body, fault: _fault, ...rest } = recorded;
  return { ...rest, ...answer, headers: answer.headers ?? rest.headers };
}

/** A real Cloudflare challenge capture (read in place), or null when ../shared is absent. */
const REAL_CHALLENGE = hasFixtures('blocks/cloudflare')
  ? (readdirSync(fixturePath('blocks/cloudflare'))
      .filter((f) => f.endsWith('.html'))
      .sort()
      .map((f) => fixturePath('blocks/cloudflare', f))[0] ?? null)
  : null;

/** A real capture of `label` (read in place) by file name, or null when ../shared does not hold it. */
const realCapture = (label: string, file: string): string | null =>
  hasFixtures(label) && existsSync(fixturePath(label, file)) ? fixturePath(label, file) : null;

/** A real Cloudflare "Just a moment..." JS challenge, served at its own status (503), or null. */
const REAL_JS_CHALLENGE = realCapture('blocks/cloudflare', 'js_challenge-27-05-2020.html');

/**
 * A plain 503 (the server is down, not a block): GitHub's real "503 Service Unavailable" nginx page
 * when ../shared holds it (blocks/code, read in place), else a page of our own of the same shape.
 */
const UNAVAILABLE_503 = realCapture('blocks/code', 'api-github-503-nginx-html-2012.html');

/**
 * The recorded answer with its first JSON member broken (`"name": value` → `"name"; value`): a
 * JSON body no longer parses, and neither does the first JSON document an HTML page carries (its
 * embedded state); a body with no JSON member at all is answered with a JSON document cut off
 * inside a string. Unlike half a body, nothing is missing: the document is whole and malformed.
 */
export function malformedJson(recorded: RecordedResponse): RecordedResponse {
  const text = bodyText(recorded);
  const at = text.search(/"\s*:/);
  const body = at >= 0 ? `${text.slice(0, at)}";${text.slice(text.indexOf(':', at) + 1)}` : '{"data": {"id": "1", "name": "unterminated}}';
  return answeredWith(recorded, { status: recorded.status ?? 200, body });
}

/**
 * A redirect to the request's own URL (302 for a GET, 307 — method and body kept — otherwise):
 * the same request again, answered the same way, until the gateway stops following.
 */
export function redirectLoop(recorded: RecordedResponse, req: ReplayRequest): RecordedResponse {
  const self = req.upstreamUrl ?? `https://${req.host}${req.path}${req.query.size ? `?${req.query}` : ''}`;
  return { ...recorded, fault: { kind: 'status', status: req.method === 'GET' ? 302 : 307, headers: { location: self } } };
}

export const FAULTS: FaultKind[] = [
  {
    name: '500',
    answer: withFault({ kind: 'status', status: 500, headers: HTML, body: '<html><body>Internal Server Error</body></html>' }),
    failsEssential: true,
  },
  {
    name: '503',
    answer: UNAVAILABLE_503
      ? (recorded) => answeredWith(recorded, { status: 503, headers: HTML, bodyFile: UNAVAILABLE_503 })
      : withFault({
          kind: 'status',
          status: 503,
          headers: HTML,
          body: '<html><body><h1>503 Service Unavailable</h1>No server is available to handle this request.</body></html>',
        }),
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
      return answeredWith(recorded, { body: text.slice(0, Math.floor(text.length / 2)) });
    },
    failsEssential: false,
  },
  { name: 'malformed JSON', answer: malformedJson, failsEssential: false },
  { name: 'hang', answer: withFault({ kind: 'timeout' }), failsEssential: true, hangs: true },
  { name: 'reset', answer: withFault({ kind: 'reset' }), failsEssential: true },
  // An empty page may still be read: linkpage-d's shell names no bundle, so the app's own shell is read instead.
  { name: 'empty 200', answer: (recorded) => answeredWith(recorded, { status: 200, body: '' }), failsEssential: false },
  {
    name: 'redirect to a private address',
    answer: withFault({ kind: 'status', status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }),
    failsEssential: true,
    refusedHost: '169.254.169.254',
  },
  { name: 'redirect loop', answer: redirectLoop, failsEssential: true },
  ...(REAL_CHALLENGE
    ? [
        {
          name: 'real challenge at 200',
          answer: (recorded: RecordedResponse) => answeredWith(recorded, { status: 200, headers: HTML, bodyFile: REAL_CHALLENGE }),
          failsEssential: true,
        },
      ]
    : []),
  ...(REAL_JS_CHALLENGE
    ? [
        {
          name: 'real JS challenge at 503',
          answer: (recorded: RecordedResponse) => answeredWith(recorded, { status: 503, headers: HTML, bodyFile: REAL_JS_CHALLENGE }),
          failsEssential: true,
        },
      ]
    : []),
];

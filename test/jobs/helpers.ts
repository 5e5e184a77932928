/**
 * Small clients of the job routes for tests over real HTTP.
 */
import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { createSqliteLedger } from '../../src/credits/sqlite-ledger.js';
import { openDatabase } from '../../src/store/sqlite.js';
import type { Harness } from '../harness.js';
import { repoJson } from '../data.js';
import type { Route } from '../../src/replay/server.js';

export const repoUrl = (owner: string, repo: string) => `https://github.com/${owner}/${repo}`;

/**
 * Repositories of `owner` whose answers wait until the test lets them go — the states the crash
 * tests kill a gateway in (items in flight, holding their reservations). `hits` counts requests
 * per repository.
 */
export function heldRepos(owner: string) {
  const waiting: (() => void)[] = [];
  const hits = new Map<string, number>();
  let free = false;
  const route: Route = {
    host: 'api.github.com',
    path: new RegExp(`^/repos/${owner}/`),
    response: async (req) => {
      const repo = req.path.split('/')[3];
      hits.set(repo, (hits.get(repo) ?? 0) + 1);
      if (!free) await new Promise<void>((r) => waiting.push(r));
      return { headers: { 'content-type': 'application/json' }, body: repoJson(owner, repo) };
    },
  };
  return {
    route,
    hits,
    /** Answers waiting now. */
    waiting: () => waiting.length,
    /** Lets the oldest waiting answer go. */
    releaseOne: () => waiting.shift()!(),
    /** Lets every waiting answer go; with `free`, every later one is answered at once too. */
    releaseAll(opts: { free?: boolean } = {}) {
      if (opts.free) free = true;
      for (const r of waiting.splice(0)) r();
    },
  };
}

/** Every repository of `owner` answers with a record of about `bytes` (its description that long). */
export function bigRepos(owner: string, bytes: number): Route {
  return {
    host: 'api.github.com',
    path: new RegExp(`^/repos/${owner}/[^/]+$`),
    response: (req) => ({
      headers: { 'content-type': 'application/json' },
      body: repoJson(owner, req.path.split('/')[3], { description: 'd'.repeat(bytes) }),
    }),
  };
}

/** Every repository answers; `latencyMs` slows each answer. */
export function anyRepo(opts: { latencyMs?: number; onHit?: (owner: string, repo: string) => void | Promise<void> } = {}): Route {
  return {
    host: 'api.github.com',
    path: /^\/repos\/[^/]+\/[^/]+$/,
    response: async (req) => {
      const [, , owner, repo] = req.path.split('/');
      await opts.onHit?.(owner, repo);
      return {
        headers: { 'content-type': 'application/json' },
        body: repoJson(owner, repo),
        ...(opts.latencyMs ? { fault: { kind: 'latency' as const, ms: opts.latencyMs } } : {}),
      };
    },
  };
}

export async function call(
  h: Pick<Harness, 'url'>,
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; raw?: string; type?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers['x-api-key'] = opts.key;
  let body: string | undefined;
  if (opts.raw !== undefined) {
    body = opts.raw;
    headers['content-type'] = opts.type ?? 'text/plain';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(h.url + path, { method, headers, body });
  const text = await res.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* NDJSON, CSV, SSE */
  }
  return { status: res.status, body: json, text, headers: res.headers };
}

const FINAL = new Set(['completed', 'cancelled', 'stopped_at_cap', 'stopped_no_credits']);

/** Polls the job until it reaches a final status (generous deadline: no timing assumptions). */
export async function waitFinal(h: Pick<Harness, 'url'>, key: string, id: string, deadlineMs = 60_000): Promise<any> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const r = await call(h, 'GET', `/v1/jobs/${id}`, { key });
    if (r.status !== 200) throw new Error(`GET job: ${r.status} ${r.text}`);
    if (FINAL.has(r.body.job.status)) return r.body.job;
    if (Date.now() > until) throw new Error(`job ${id} still ${r.body.job.status}`);
    await new Promise((res) => setTimeout(res, 25));
  }
}

export async function waitFor(check: () => boolean | Promise<boolean>, deadlineMs = 30_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((res) => setTimeout(res, 20));
  }
}

export function ndjson(text: string): any[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** The receiver's check of a delivery (docs/bulk-jobs.md). */
export function verifySignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  toleranceSec = 300,
): boolean {
  const ts = String(headers['x-cl-webhook-timestamp']);
  const sig = String(headers['x-cl-webhook-signature']);
  if (Math.abs(Date.now() / 1000 - Number(ts)) > toleranceSec) return false;
  const want = `v1=${createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}`;
  return sig === want;
}

/**
 * A key's balance, open reservations and credits charged, read from the SQLite
 * store under `dataDir` (while no gateway holds it, or beside one: reads only).
 */
export async function ledgerStateOf(dataDir: string, rawKey: string) {
  const db = openDatabase(dataDir);
  try {
    const ledger = createSqliteLedger(db);
    const key = (await ledger.authenticate(rawKey))!;
    const open = (db.prepare('SELECT COUNT(*) AS n FROM reservations').get() as { n: number }).n;
    return { balance: key.balance, open, charged: await ledger.totalCharged(key.id) };
  } finally {
    db.close();
  }
}

/** The bulk CLI's output, kept: its log and error lines, and the progress bar's lines as drawn (not a terminal). */
export function cliOutput() {
  const logs: string[] = [];
  const errors: string[] = [];
  let drawn = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      drawn += chunk.toString();
      done();
    },
  });
  return {
    out: { log: (l: string) => logs.push(l), progress: stream, error: (l: string) => errors.push(l) },
    logs,
    /** The bar's lines as drawn. */
    progress: () => drawn.split('\n').filter(Boolean),
    errors,
  };
}

/**
 * A POST by node's own client, whose body the caller writes (`req`: write, flushHeaders, end) —
 * for bodies that stall, come slowly or stop half-way; `answer`: what comes back, as text.
 */
export function openPost(
  url: string,
  headers: Record<string, string>,
): { req: ClientRequest; answer: Promise<{ res: IncomingMessage; text: string }> } {
  const u = new URL(url);
  let req!: ClientRequest;
  const answer = new Promise<{ res: IncomingMessage; text: string }>((resolve, reject) => {
    req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ res, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  return { req, answer };
}

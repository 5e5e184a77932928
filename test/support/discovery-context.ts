/**
 * An OpContext for unit tests of discovery code: an in-memory upstream that answers from a
 * function (and counts requests), an in-memory result cache, the default configuration. Like the
 * real upstream client, it answers a block (a vendor challenge, the request's platform's walls:
 * src/upstream/blocks) with UPSTREAM_BLOCKED before any platform module sees it, and sends a GET
 * asking for it (`retryBare5xx`) once more for a bare 500/502/503, by the client's own rule. Its `deps` (what
 * discovery reads other operations through: runOperation's internal mode) are made of the same
 * upstream and cache, an in-process single-flight, and a ledger that fails any use: internal
 * reads never charge.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { CacheEntry, ResultCache } from '../../src/cache/cache.js';
import { createLocalSingleFlight } from '../../src/cache/single-flight.js';
import type { Config } from '../../src/config.js';
import { loadConfig } from '../../src/config.js';
import type { Ledger } from '../../src/credits/ledger.js';
import { upstreamTimeout } from '../../src/errors.js';
import { silentLogger } from '../../src/log.js';
import { createHealthView } from '../../src/observability/health.js';
import { createMetrics } from '../../src/observability/metrics.js';
import type { Deps } from '../../src/pipeline/deps.js';
import { createMemoryRateLimiter } from '../../src/ratelimit/limiter.js';
import { secretBox } from '../../src/store/secrets.js';
import type { OpContext } from '../../src/platforms/operation.js';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../../src/upstream/client.js';
import { repeatsBare5xx, TRANSIENT_RETRY_PAUSE_MS } from '../../src/upstream/client.js';
import { blockedError, detectBlock } from '../../src/upstream/blocks/catalogue.js';
import { platformWalls } from '../../src/platforms/registry.js';
import type { ReplayRequest, Route } from '../../src/replay/server.js';
import { HTML } from '../../src/discovery/sample-web.js';
import type { DiscoveryWeb } from '../../src/discovery/sample-web.js';
import { parseSourceHandle } from '../../src/discovery/input.js';
import type { SourceRef } from '../../src/discovery/input.js';
import { runDiscovery } from '../../src/discovery/pipeline.js';

let walls: ReturnType<typeof platformWalls> | undefined;

export interface FakeAnswer {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Final URL (a redirect that ended elsewhere). */
  url?: string;
  /** Answer only after this long (aborted by the request's signal). */
  delayMs?: number;
}

export interface FakeContext extends OpContext {
  requests: UpstreamRequest[];
}

export function memoryCache(): ResultCache {
  const m = new Map<string, CacheEntry>();
  return {
    peek: <T>(k: string) => m.get(k) as CacheEntry<T> | undefined,
    get: async <T>(k: string) => m.get(k) as CacheEntry<T> | undefined,
    set: async (k, e) => void m.set(k, e),
    ping: async () => undefined,
    close: async () => undefined,
  };
}

export function fakeContext(
  answer: (req: UpstreamRequest) => FakeAnswer | Promise<FakeAnswer>,
  opts: { signal?: AbortSignal; env?: Record<string, string> } = {},
): FakeContext {
  const requests: UpstreamRequest[] = [];
  const once = async (req: UpstreamRequest): Promise<UpstreamResponse> => {
    requests.push(req);
    const a = await answer(req);
    if (a.delayMs) {
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(resolve, a.delayMs);
        req.signal?.addEventListener('abort', () => {
          clearTimeout(t);
          reject(upstreamTimeout(`${req.platform}: request cancelled (deadline)`));
        });
      });
    }
    const body = Buffer.from(a.body ?? '', 'utf8');
    const res: UpstreamResponse = {
      status: a.status ?? 200,
      headers: { 'content-type': 'text/html', ...a.headers },
      url: a.url ?? req.url,
      body,
      text: () => body.toString('utf8'),
      json<T>() {
        return JSON.parse(body.toString('utf8')) as T;
      },
    };
    walls ??= platformWalls();
    const blocked = detectBlock(res, walls.get(req.platform) ?? []);
    if (blocked) throw blockedError(req.platform, new URL(res.url).host, res.status, blocked);
    return res;
  };
  const upstream: Upstream = {
    // Like the real client, a GET asking for it is sent once more for a bare 500/502/503 (client.ts retryBare5xx).
    async request(req) {
      const res = await once(req);
      if (!repeatsBare5xx(req, res)) return res;
      await delay(TRANSIENT_RETRY_PAUSE_MS, undefined, { signal: req.signal }).catch(() => undefined);
      if (req.signal?.aborted) throw upstreamTimeout(`${req.platform}: request cancelled (deadline)`);
      return once(req);
    },
    close: async () => undefined,
  };
  const config = loadConfig({ DATA_DIR: '/tmp/cl-discovery-unit', ...opts.env } as NodeJS.ProcessEnv);
  const cache = memoryCache();
  let deps: Deps | undefined;
  return {
    upstream,
    config,
    cache,
    signal: opts.signal,
    // The read's warnings, as the pipeline gives a read (src/observability/warn.ts).
    read: { warned: false },
    requests,
    // Made when first asked for (discovery's tests): most tests of a platform's parser never do.
    get deps() {
      return (deps ??= unitDeps(config, upstream, cache));
    },
  };
}

/** The gateway's services for discovery's unit tests: `upstream` and `cache` as given; the ledger fails any use. */
export function unitDeps(config: Config, upstream: Upstream, cache: ResultCache): Deps {
  const ledger = new Proxy({} as Ledger, {
    get: (_t, name) => () => Promise.reject(new Error(`discovery's reads are never charged: ledger.${String(name)} was called`)),
  });
  return {
    config,
    ledger,
    cache,
    upstream,
    singleFlight: createLocalSingleFlight(),
    logger: silentLogger,
    metrics: createMetrics(),
    health: createHealthView({ windowMs: config.healthWindowMs }),
    rateLimiter: createMemoryRateLimiter(),
    shutdown: new AbortController().signal,
    secrets: secretBox(randomBytes(32)),
  };
}

/**
 * An OpContext answered in process from `w`'s replay routes (no server): `delays` (URL prefix →
 * ms) hold answers back; `answered` records when each answer was due; `fault` answers a request
 * in the web's stead when it gives an answer (a passing fault of the upstream's).
 */
export function webContext(
  w: DiscoveryWeb,
  delays: Record<string, number> = {},
  opts: { env?: Record<string, string>; fault?: (req: UpstreamRequest) => FakeAnswer | undefined } = {},
) {
  const routes: Route[] = w.routes();
  const answered: { url: string; at: number }[] = [];
  const ctx = fakeContext(
    async (req: UpstreamRequest) => {
      const fault = opts.fault?.(req);
      if (fault) return fault;
      const u = new URL(req.url);
      const rr: ReplayRequest = {
        method: req.method ?? 'GET',
        host: u.host,
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers ?? {},
        body: Buffer.from(req.body ?? '', 'utf8'),
        upstreamUrl: req.url,
      };
      const route = [...routes]
        .reverse()
        .find(
          (r) =>
            r.host.toLowerCase() === rr.host.toLowerCase() &&
            (typeof r.path === 'string' ? r.path === rr.path : r.path.test(rr.path)) &&
            (!r.method || r.method.toUpperCase() === rr.method),
        );
      const res = !route
        ? { status: 404, headers: HTML, body: 'no route' }
        : typeof route.response === 'function'
          ? await route.response(rr)
          : route.response;
      const delayMs = Object.entries(delays).find(([prefix]) => req.url.startsWith(prefix))?.[1] ?? 0;
      answered.push({ url: req.url, at: performance.now() + delayMs });
      const body = typeof res.body === 'function' ? res.body() : (res.body ?? '');
      return { status: res.status ?? 200, headers: res.headers, body: body.toString(), delayMs };
    },
    { env: opts.env },
  );
  return { ctx, answered };
}

/** A source reference the tests know is valid (`platform` default social-b); throws on a bad one. */
export function sourceRef(handle: string, platform: Parameters<typeof parseSourceHandle>[0] = 'social-b'): SourceRef {
  const r = parseSourceHandle(platform, handle);
  if (!r.ok) throw new Error(r.message);
  return r.ref;
}

/**
 * One lookup on `w` from `platform`/`handle` (e-mails on, no internal sources): the outcome, the
 * profiles by lower-case handle, their URLs and the addresses; with `tell`, the URLs the lookup
 * told as settled early (`onProfile`), in order.
 */
export async function discover(
  w: DiscoveryWeb,
  platform: Parameters<typeof parseSourceHandle>[0],
  handle: string,
  opts: { tell?: boolean } = {},
) {
  const { ctx } = webContext(w);
  const told: string[] = [];
  const out = await runDiscovery(ctx, platform, sourceRef(handle, platform), {
    emails: true,
    internal: null,
    ...(opts.tell ? { onProfile: (p: { url: string }) => told.push(p.url) } : {}),
  });
  const byHandle = (h: string) => out.profiles.find((p) => p.handle.toLowerCase() === h);
  return { out, told, byHandle, urls: out.profiles.map((p) => p.url), emails: out.emails.map((e) => e.email) };
}

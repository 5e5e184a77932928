/**
 * An OpContext for unit tests of discovery code: an in-memory upstream that answers from a
 * function (and counts requests), an in-memory result cache, the default configuration. Like the
 * real upstream client, it answers a block (a vendor challenge, the request's platform's walls:
 * src/upstream/blocks) with UPSTREAM_BLOCKED before any platform module sees it.
 */
import type { CacheEntry, ResultCache } from '../../src/cache/cache.js';
import { loadConfig } from '../../src/config.js';
import { upstreamTimeout } from '../../src/errors.js';
import type { OpContext } from '../../src/platforms/operation.js';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../../src/upstream/client.js';
import { blockedError, detectBlock } from '../../src/upstream/blocks/catalogue.js';
import { platformWalls } from '../../src/platforms/registry.js';

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
  const upstream: Upstream = {
    async request(req) {
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
    },
    close: async () => undefined,
  };
  return {
    upstream,
    config: loadConfig({ DATA_DIR: '/tmp/cl-discovery-unit', ...opts.env } as NodeJS.ProcessEnv),
    cache: memoryCache(),
    signal: opts.signal,
    requests,
  };
}

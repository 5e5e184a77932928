/**
 * An OpContext over the real upstream client against the replay server on loopback (the replay
 * contract test/harness.ts uses), for a platform's fetch tests: what is sent, and how each answer
 * is classified — block catalogue, SSRF guard, politeness and all. `walls` are the platform's own
 * (walls.ts), passed in for platforms the registry does not list yet; `resolver` makes the client
 * resolve upstream names in replay mode (a user-named host resolving to a private address).
 */
import type { ResultCache } from '../../src/cache/cache.js';
import type { Config, UpstreamConfig } from '../../src/config.js';
import { ApiError } from '../../src/errors.js';
import type { OpContext } from '../../src/platforms/operation.js';
import { startReplayServer } from '../../src/replay/server.js';
import type { ReplayServer } from '../../src/replay/server.js';
import type { WallRule } from '../../src/upstream/blocks/catalogue.js';
import { createUpstream } from '../../src/upstream/client.js';
import type { Upstream } from '../../src/upstream/client.js';
import type { Resolver } from '../../src/upstream/ssrf.js';

export const TEST_UPSTREAM: UpstreamConfig = {
  connectTimeoutMs: 1_000,
  headersTimeoutMs: 1_500,
  bodyTimeoutMs: 1_500,
  totalTimeoutMs: 3_000,
  maxBodyBytes: 8 * 1024 * 1024,
  maxRedirects: 5,
  retries: 0,
  perHostConcurrency: 8,
  userAgent: 'platform-test/1.0 (+tests)',
};

export interface ReplayContext {
  replay: ReplayServer;
  upstream: Upstream;
  /** `config` is what the caller gave (default: none read); no cache. */
  ctx: OpContext;
  close(): Promise<void>;
}

export async function startReplayContext(
  opts: { walls?: Record<string, readonly WallRule[]>; resolver?: Resolver; config?: Partial<Config> } = {},
): Promise<ReplayContext> {
  const replay = await startReplayServer();
  const upstream = createUpstream({
    config: TEST_UPSTREAM,
    replayUrl: replay.url,
    resolver: opts.resolver,
    walls: new Map(Object.entries(opts.walls ?? {})),
  });
  return {
    replay,
    upstream,
    ctx: { upstream, config: (opts.config ?? {}) as Config, cache: {} as ResultCache },
    close: async () => {
      await upstream.close();
      await replay.close();
    },
  };
}

/** The ApiError a promise rejects with (fails the test when it resolves, or rejects with anything else). */
export async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return e;
  }
  throw new Error('expected a rejection');
}

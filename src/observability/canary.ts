/**
 * Optional periodic canary checks (off by default): `CANARIES=label=target,…` names known public
 * accounts or pages per platform; every CANARY_INTERVAL_MS each is fetched live through the
 * platform's own operation — no key, no credits, no cache — and its latest result is shown in
 * the platform health view beside the numbers from real traffic.
 *
 * A target is either
 * - an absolute URL, run through the platform's first operation that takes a `url` parameter
 *   (e.g. `code=https://github.com/nodejs/node`), or fetched with a plain GET (any 2xx is fine)
 *   when the platform has none; or
 * - a /v1 route of that platform with its query string
 *   (e.g. `social-b=/v1/social-b/profile?handle=nasa`).
 *
 * Targets are checked at start-up: an unknown platform, a route of another platform or input the
 * operation refuses is a configuration error. A canary passes only with a record (`ok`); a
 * missing account (`not_found`) fails it.
 */
import { ConfigError } from '../config.js';
import type { CanarySpec } from '../config.js';
import type { Deps } from '../pipeline/context.js';
import type { OperationDef } from '../platforms/operation.js';
import { validateArgs } from '../platforms/operation.js';
import type { RestRoute } from '../rest/routes.js';
import { toVariables } from '../rest/routes.js';
import { expectOk } from '../upstream/client.js';
import { withDeadline } from '../upstream/signals.js';
import type { CanaryResult } from './health.js';
import { outcomeOfError } from './metrics.js';

export interface CanaryRunner {
  readonly size: number;
  /** Runs every canary once, one after the other, and records the results. */
  runOnce(): Promise<CanaryResult[]>;
  /** First run shortly after, then every interval (timers do not keep the process alive). */
  start(): void;
  stop(): void;
}

interface Canary {
  spec: CanarySpec;
  run(signal: AbortSignal): Promise<unknown>;
}

export function resolveCanaries(deps: Deps, specs: CanarySpec[], routes: Map<string, RestRoute>, ops: OperationDef[]): Canary[] {
  const byPlatform = new Map<string, OperationDef[]>();
  for (const op of ops) byPlatform.set(op.platform, [...(byPlatform.get(op.platform) ?? []), op]);
  const opCtx = (signal: AbortSignal) => ({ upstream: deps.upstream, config: deps.config, cache: deps.cache, signal });
  return specs.map((spec): Canary => {
    const platformOps = byPlatform.get(spec.label);
    if (!platformOps) throw new ConfigError(`CANARIES: unknown platform ${JSON.stringify(spec.label)}`);
    let op: OperationDef | undefined;
    let raw: Record<string, unknown>;
    if (spec.target.startsWith('/v1/')) {
      const q = spec.target.indexOf('?');
      const route = routes.get(q < 0 ? spec.target : spec.target.slice(0, q));
      if (!route || route.op.platform !== spec.label) throw new ConfigError(`CANARIES: ${spec.target} is not a route of ${spec.label}`);
      const { args, problems } = toVariables(route, new URLSearchParams(q < 0 ? '' : spec.target.slice(q + 1)));
      if (problems.length) throw new ConfigError(`CANARIES: ${spec.target}: ${problems.map((p) => `${p.param} ${p.message}`).join('; ')}`);
      op = route.op;
      raw = args;
    } else {
      op = platformOps.find((o) => o.params.some((p) => p.name === 'url'));
      raw = { url: spec.target };
      if (!op) {
        return {
          spec,
          run: async (signal) =>
            expectOk(await deps.upstream.request({ url: spec.target, platform: spec.label, signal }), spec.label, spec.target),
        };
      }
    }
    const v = validateArgs(op, raw);
    if (!v.ok)
      throw new ConfigError(`CANARIES: ${spec.label}=${spec.target}: ${v.problems.map((p) => `${p.param} ${p.message}`).join('; ')}`);
    const target = op;
    return { spec, run: (signal) => target.run(opCtx(signal), v.args) };
  });
}

export function createCanaryRunner(deps: Deps, canaries: Canary[], intervalMs: number): CanaryRunner {
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let running: Promise<CanaryResult[]> | null = null;

  async function runAll(): Promise<CanaryResult[]> {
    const results: CanaryResult[] = [];
    for (const c of canaries) {
      if (deps.shutdown.aborted) break;
      const started = performance.now();
      const deadline = withDeadline(deps.shutdown, deps.config.upstream.totalTimeoutMs + 5_000);
      const signal = deadline.signal;
      let result: CanaryResult;
      try {
        await c.run(signal);
        result = {
          label: c.spec.label,
          target: c.spec.target,
          ok: true,
          outcome: 'ok',
          checkedAt: new Date().toISOString(),
          latencyMs: Math.round(performance.now() - started),
          error: null,
        };
      } catch (e) {
        const err = e as { code?: string; message?: string };
        result = {
          label: c.spec.label,
          target: c.spec.target,
          ok: false,
          outcome: outcomeOfError(e) ?? 'failed',
          checkedAt: new Date().toISOString(),
          latencyMs: Math.round(performance.now() - started),
          error: {
            code: typeof err?.code === 'string' ? err.code : 'INTERNAL',
            message: typeof err?.message === 'string' ? err.message : String(e),
          },
        };
        deps.logger.warn(
          { platform: c.spec.label, target: c.spec.target, code: result.error!.code },
          `canary failed: ${result.error!.message}`,
        );
      }
      deadline.clear();
      deps.health.recordCanary(c.spec.label, result);
      results.push(result);
    }
    return results;
  }

  const runOnce = () => (running ??= runAll().finally(() => (running = null)));

  return {
    size: canaries.length,
    runOnce,
    start() {
      if (!canaries.length || timer) return;
      first = setTimeout(() => void runOnce(), 1_000);
      first.unref();
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
    },
    stop() {
      clearTimeout(first);
      clearInterval(timer);
      timer = undefined;
    },
  };
}

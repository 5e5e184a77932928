/**
 * Per-host politeness for the upstream client (beside its per-host concurrency cap):
 *
 * - a request rate per upstream host: a token bucket of `burst` refilled at `rps`; a request
 *   that finds no token takes the next one to come (requests queue in arrival order) and waits
 *   for it;
 * - a host-level cool-down: an upstream 429 (or a 503 with Retry-After) makes later requests to
 *   that host wait until the upstream's Retry-After has passed; a 429 without Retry-After backs
 *   off exponentially (0.5 s, 1 s, 2 s … 30 s) while 429s keep coming, and a good answer ends
 *   the streak. Cool-downs are capped at `cooldownMaxMs`.
 *
 * Waits are bounded: a request never waits past its own deadline. When its turn would come too
 * late it fails at once instead — UPSTREAM_BLOCKED while the host is cooling down (it asked us
 * to slow down), UPSTREAM_TIMEOUT when only the configured rate is in the way — and gives its
 * turn back. A request that may not wait for a cool-down at all (`failWhileCooling`: an optional
 * scan that must not hold its caller) fails the same way at once, whatever its deadline.
 */
import { upstreamBlocked, upstreamTimeout } from '../errors.js';
import { sleep } from './signals.js';

export interface HostGateOptions {
  /** Requests per second per host; 0: no rate limit. */
  rps: number;
  burst: number;
  /** Longest cool-down; 0: no cool-downs. */
  cooldownMaxMs: number;
  /** The clock turns are counted on (default Date.now); it must advance with the timers. */
  now?: () => number;
}

interface HostState {
  tokens: number;
  at: number;
  coolUntil: number;
  /** Consecutive 429s without Retry-After. */
  strikes: number;
}

const MAX_HOSTS = 10_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;

export interface HostGate {
  /**
   * Waits for this host's turn; rejects when it would come after `deadlineAt` (or `signal` aborts),
   * and with `failWhileCooling` at once while the host is cooling down.
   */
  pass(host: string, platform: string, deadlineAt: number, signal: AbortSignal, opts?: { failWhileCooling?: boolean }): Promise<void>;
  /** Whether `host` may be sent to at once (no rate limit, no cool-down): `pass` would not wait or refuse. */
  open(host: string): boolean;
  /** An answer from `host`: starts or extends a cool-down (429, 503 with Retry-After) or ends a 429 streak. */
  observe(host: string, status: number, retryAfterMs: number | null): void;
  /** Milliseconds left of this host's cool-down (0 when none). */
  coolingMs(host: string): number;
}

/** null when neither a rate nor cool-downs are configured (nothing to do per request). */
export function createHostGate(opts: HostGateOptions): HostGate | null {
  if (!(opts.rps > 0) && !(opts.cooldownMaxMs > 0)) return null;
  const now = opts.now ?? Date.now;
  const rps = opts.rps > 0 ? opts.rps : 0;
  const burst = Math.max(1, opts.burst);
  const hosts = new Map<string, HostState>();

  const stateOf = (host: string, t: number): HostState => {
    let s = hosts.get(host);
    if (!s) {
      if (hosts.size >= MAX_HOSTS) prune(t);
      s = { tokens: burst, at: t, coolUntil: 0, strikes: 0 };
      hosts.set(host, s);
    }
    return s;
  };
  /** Drops hosts with nothing to remember: no cool-down, no streak, bucket full again. */
  const prune = (t: number) => {
    for (const [h, s] of hosts) {
      const full = !rps || s.tokens + ((t - s.at) * rps) / 1000 >= burst;
      if (s.coolUntil <= t && s.strikes === 0 && full) hosts.delete(h);
    }
  };

  return {
    open(host) {
      if (rps) return false;
      const s = hosts.get(host);
      return !s || s.coolUntil <= now();
    },
    async pass(host, platform, deadlineAt, signal, how) {
      let t = now();
      const s = hosts.get(host) ?? (rps ? stateOf(host, t) : undefined);
      if (!s) return;
      if (s.coolUntil > t) {
        const wait = s.coolUntil - t;
        if (t + wait >= deadlineAt || how?.failWhileCooling) {
          throw upstreamBlocked(
            `${platform}: upstream ${host} asked to slow down (HTTP 429 / Retry-After); cooling down for another ${Math.ceil(wait / 1000)} s`,
          );
        }
        await sleepUntil(s.coolUntil, now, signal);
        t = now();
      }
      if (!rps) return;
      s.tokens = Math.min(burst, s.tokens + ((t - s.at) * rps) / 1000);
      s.at = t;
      s.tokens -= 1;
      if (s.tokens >= 0) return;
      const wait = Math.ceil((-s.tokens * 1000) / rps);
      if (t + wait >= deadlineAt) {
        s.tokens += 1; // the turn goes back to whoever comes next
        throw upstreamTimeout(
          `${platform}: upstream ${host} is limited to ${rps} requests per second; this request's turn would come after its deadline`,
        );
      }
      try {
        await sleepUntil(t + wait, now, signal);
      } catch (e) {
        s.tokens += 1;
        throw e;
      }
    },
    observe(host, status, retryAfterMs) {
      if (!(opts.cooldownMaxMs > 0)) return;
      if (status === 429 || (status === 503 && retryAfterMs !== null)) {
        const t = now();
        const s = stateOf(host, t);
        let cool: number;
        if (retryAfterMs !== null) cool = retryAfterMs;
        else if (status === 429) cool = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** s.strikes++);
        else return;
        s.coolUntil = Math.max(s.coolUntil, t + Math.min(cool, opts.cooldownMaxMs));
        return;
      }
      if (status < 400) {
        const s = hosts.get(host);
        if (s) s.strikes = 0;
      }
    },
    coolingMs(host) {
      const s = hosts.get(host);
      return s ? Math.max(0, s.coolUntil - now()) : 0;
    },
  };
}

/**
 * Resolves once `now()` has reached `at`. A timer may fire a little early by the wall clock
 * (Node counts from the event loop's cached time), and a request let go early would exceed the
 * rate: so the clock is read again, and the rest is waited for.
 */
async function sleepUntil(at: number, now: () => number, signal: AbortSignal): Promise<void> {
  for (let left = at - now(); left > 0; left = at - now()) await sleep(left, signal);
}

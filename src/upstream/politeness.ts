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
 * - who a cool-down holds depends on who named the host: an answer to a request the platform
 *   built (its own API host) cools the host down for every request to it; an answer to a request
 *   whose host the caller named (`callerNamed`: a Mastodon server, a custom domain — client.ts
 *   `userParam`) cools it down for caller-named requests only. A caller-named request waits for
 *   both. So whatever a caller points the gateway at, its answers never hold up a platform's
 *   own requests to that host (a caller naming api.github.com as a "server" that answers 429
 *   with Retry-After: 600 does not lock every key out of the code platform); the rate, a limit
 *   the gateway sets itself, stays one per host for both.
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

interface Cooling {
  until: number;
  /** Consecutive 429s without Retry-After. */
  strikes: number;
}

interface HostState {
  tokens: number;
  at: number;
  /** Observed on requests the platform built: holds every request to the host. */
  cool: Cooling;
  /** Observed on caller-named requests: holds caller-named requests only. */
  named: Cooling;
}

const MAX_HOSTS = 10_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;

export interface HostGate {
  /**
   * Waits for this host's turn; rejects when it would come after `deadlineAt` (or `signal` aborts),
   * and with `failWhileCooling` at once while the host is cooling down.
   */
  pass(
    host: string,
    platform: string,
    deadlineAt: number,
    signal: AbortSignal,
    opts?: { failWhileCooling?: boolean; callerNamed?: boolean },
  ): Promise<void>;
  /** Whether `host` may be sent to at once (no rate limit, no cool-down): `pass` would not wait or refuse. */
  open(host: string, callerNamed?: boolean): boolean;
  /**
   * An answer from `host`: starts or extends a cool-down (429, 503 with Retry-After) or ends a 429
   * streak — of the caller-named scope when the request's host was the caller's (see above).
   */
  observe(host: string, status: number, retryAfterMs: number | null, callerNamed?: boolean): void;
  /** Milliseconds left of the cool-down a request to this host waits for (0 when none). */
  coolingMs(host: string, callerNamed?: boolean): number;
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
      s = { tokens: burst, at: t, cool: { until: 0, strikes: 0 }, named: { until: 0, strikes: 0 } };
      hosts.set(host, s);
    }
    return s;
  };
  /** Drops hosts with nothing to remember: no cool-down, no streak, bucket full again. */
  const prune = (t: number) => {
    for (const [h, s] of hosts) {
      const full = !rps || s.tokens + ((t - s.at) * rps) / 1000 >= burst;
      const idle = (c: Cooling) => c.until <= t && c.strikes === 0;
      if (idle(s.cool) && idle(s.named) && full) hosts.delete(h);
    }
  };
  /** Until when a request to this host waits: the host's cool-down, and the caller-named one for such a request. */
  const coolUntil = (s: HostState, callerNamed: boolean | undefined) =>
    callerNamed ? Math.max(s.cool.until, s.named.until) : s.cool.until;

  return {
    open(host, callerNamed) {
      if (rps) return false;
      const s = hosts.get(host);
      return !s || coolUntil(s, callerNamed) <= now();
    },
    async pass(host, platform, deadlineAt, signal, how) {
      let t = now();
      const s = hosts.get(host) ?? (rps ? stateOf(host, t) : undefined);
      if (!s) return;
      const until = coolUntil(s, how?.callerNamed);
      if (until > t) {
        const wait = until - t;
        if (t + wait >= deadlineAt || how?.failWhileCooling) {
          throw upstreamBlocked(
            `${platform}: upstream ${host} asked to slow down (HTTP 429 / Retry-After); cooling down for another ${Math.ceil(wait / 1000)} s`,
          );
        }
        await sleepUntil(until, now, signal);
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
    observe(host, status, retryAfterMs, callerNamed) {
      if (!(opts.cooldownMaxMs > 0)) return;
      if (status === 429 || (status === 503 && retryAfterMs !== null)) {
        const t = now();
        const s = stateOf(host, t);
        const c = callerNamed ? s.named : s.cool;
        let cool: number;
        if (retryAfterMs !== null) cool = retryAfterMs;
        else if (status === 429) cool = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** c.strikes++);
        else return;
        c.until = Math.max(c.until, t + Math.min(cool, opts.cooldownMaxMs));
        return;
      }
      if (status < 400) {
        const s = hosts.get(host);
        if (s) (callerNamed ? s.named : s.cool).strikes = 0;
      }
    },
    coolingMs(host, callerNamed) {
      const s = hosts.get(host);
      return s ? Math.max(0, coolUntil(s, callerNamed) - now()) : 0;
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

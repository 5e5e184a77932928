/**
 * Job items' share of each upstream host. The upstream client serves requests to a host in
 * arrival order within its per-host limits (UPSTREAM_PER_HOST_CONCURRENCY at once, and
 * UPSTREAM_PER_HOST_RPS when set); a job's items arrive all the time, so a single request to the
 * same host would queue behind them. Job items therefore pass this gate of their own first (per
 * instance, per host): at most the host's concurrency minus RESERVED_SLOTS at once (one at
 * least), and at most half its rate. A job never fills a host's queue: single requests keep
 * RESERVED_SLOTS slots and half the rate to themselves — job items come second.
 */
import type { Deps } from '../pipeline/context.js';
import type { Upstream, UpstreamRequest } from '../upstream/client.js';

/** Slots of each host's upstream concurrency job items leave to single requests. */
export const RESERVED_SLOTS = 2;

interface HostShare {
  active: number;
  waiting: (() => void)[];
  /** Earliest time the next job request to this host may go (the rate share). */
  nextAt: number;
}

/** The upstream client as job items use it (one per runner: the shares are this instance's). */
export function jobUpstream(deps: Deps): Upstream {
  const cfg = deps.config.upstream;
  const slots = cfg.perHostConcurrency > 0 ? Math.max(1, cfg.perHostConcurrency - RESERVED_SLOTS) : Infinity;
  const gapMs = (cfg.perHostRps ?? 0) > 0 ? 1000 / (cfg.perHostRps! / 2) : 0;
  const hosts = new Map<string, HostShare>();

  const abortable = (signal: AbortSignal | undefined, wait: (done: () => void) => () => void) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        cancel();
        reject(signal!.reason);
      };
      const cancel = wait(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  async function enter(host: string, signal: AbortSignal | undefined): Promise<HostShare> {
    let h = hosts.get(host);
    if (!h) hosts.set(host, (h = { active: 0, waiting: [], nextAt: 0 }));
    const share = h;
    if (share.active >= slots || share.waiting.length) {
      await abortable(signal, (go) => {
        share.waiting.push(go);
        return () => {
          const i = share.waiting.indexOf(go);
          if (i >= 0) share.waiting.splice(i, 1);
        };
      });
    } else share.active++;
    if (gapMs) {
      const at = Math.max(Date.now(), share.nextAt);
      share.nextAt = at + gapMs;
      const wait = at - Date.now();
      if (wait > 0) {
        try {
          await abortable(signal, (go) => {
            const t = setTimeout(go, wait);
            return () => clearTimeout(t);
          });
        } catch (e) {
          leave(host, share);
          throw e;
        }
      }
    }
    return share;
  }

  function leave(host: string, share: HostShare): void {
    // A freed slot goes straight to the next job item waiting (`active` unchanged).
    const next = share.waiting.shift();
    if (next) return next();
    share.active--;
    if (share.active === 0 && share.nextAt <= Date.now()) hosts.delete(host);
  }

  return {
    async request(req: UpstreamRequest) {
      let host: string;
      try {
        host = new URL(req.url).host;
      } catch {
        // Not a URL: the client answers that as it answers every request.
        return deps.upstream.request(req);
      }
      const share = await enter(host, req.signal);
      try {
        return await deps.upstream.request(req);
      } finally {
        leave(host, share);
      }
    },
    close: () => deps.upstream.close(),
  };
}

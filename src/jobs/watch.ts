/**
 * A job's progress as it happens, for GET /v1/jobs/{id}/events and the GraphQL subscription:
 * the job as clients see it each time it changes (at most every `throttleMs`), then once more
 * with `final` when it has ended, and no more. Changes made by this process arrive as the runner's
 * events; with REDIS_URL other instances run the job's items too, so the store is also looked at
 * every `JobService.pollMs`. A view equal to the last one sent is not sent again.
 */
import type { JobService } from './service.js';
import { FINAL } from './store.js';
import { jobView } from './view.js';
import type { JobView } from './view.js';

export interface WatchOptions {
  throttleMs: number;
  onUpdate(job: JobView, final: boolean): void;
  /** Called once, after the final update, when the job is gone, or when stopped. */
  onEnd(): void;
}

/** Starts watching; returns the function that stops it. The first update is sent at once. */
export function watchJob(svc: JobService, id: string, o: WatchOptions): () => void {
  let timer: NodeJS.Timeout | null = null;
  let poll: NodeJS.Timeout | null = null;
  let busy = false;
  let again = false;
  let ended = false;
  let last = '';

  const send = async () => {
    timer = null;
    if (ended) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      if (!svc.store.open) return stop();
      const row = await svc.store.get(id);
      if (ended) return;
      if (!row) return stop();
      const final = FINAL.has(row.status) && !svc.runner.isActive(id);
      const view = jobView(row, svc.runner.rateOf(row));
      const text = JSON.stringify(view);
      if (text !== last || final) {
        last = text;
        o.onUpdate(view, final);
      }
      if (final) stop();
    } catch {
      // The store away for a moment (503, REDIS_URL): the next change or poll tries again.
    } finally {
      busy = false;
      if (again && !ended) {
        again = false;
        changed();
      }
    }
  };
  const changed = () => {
    if (!ended) timer ??= setTimeout(() => void send(), o.throttleMs);
  };
  const stop = () => {
    if (ended) return;
    ended = true;
    svc.runner.events.off(id, changed);
    svc.runner.events.off('close', stop);
    if (timer) clearTimeout(timer);
    if (poll) clearInterval(poll);
    o.onEnd();
  };
  svc.runner.events.on(id, changed);
  svc.runner.events.on('close', stop);
  if (svc.pollMs > 0) {
    poll = setInterval(changed, svc.pollMs);
    poll.unref();
  }
  void send();
  return stop;
}

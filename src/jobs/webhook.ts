/**
 * Webhooks of finished jobs: when a job ends (completed, stopped_at_cap, stopped_no_credits,
 * cancelled) and has a webhook, its summary is POSTed as `{"event": "job.<status>", "job": {…}}`,
 * signed:
 *
 *   x-cl-webhook-id          <job id>.<status>  (the same on every retry: deduplicate on it)
 *   x-cl-webhook-event       job.<status>
 *   x-cl-webhook-timestamp   Unix seconds when this attempt was signed
 *   x-cl-webhook-signature   v1=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>
 *
 * Any 2xx answer delivers it; otherwise it is retried JOBS_WEBHOOK_ATTEMPTS times in all, waiting
 * JOBS_WEBHOOK_BACKOFF_MS, doubled after each attempt. The event is kept in the store until it is
 * delivered or given up, so a restart goes on delivering it (with REDIS_URL any instance does; one
 * at a time holds a job's delivery, `JobStore.claimWebhook`). Deliveries go through the upstream
 * client like every outbound request (SSRF guard, timeouts; in replay mode to the replay server)
 * and never hold up a job.
 */
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from '../pipeline/context.js';
import type { JobStore } from './store.js';
import { jobView } from './view.js';

const TIMEOUT_MS = 10_000;
/** Beyond one attempt's wait and timeout, how long a job's delivery stays with the process sending it. */
const CLAIM_MARGIN_MS = 20_000;

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function createWebhookSender(deps: Deps, store: JobStore, isClosed: () => boolean) {
  const cfg = deps.config.jobs;
  const sending = new Set<string>();
  const abort = new AbortController();

  async function post(url: string, secret: string, id: string, event: string, body: string): Promise<boolean> {
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const res = await deps.upstream.request({
        url,
        method: 'POST',
        platform: 'webhook',
        headers: {
          'content-type': 'application/json',
          'x-cl-webhook-id': id,
          'x-cl-webhook-event': event,
          'x-cl-webhook-timestamp': String(timestamp),
          'x-cl-webhook-signature': signWebhook(secret, timestamp, body),
        },
        body,
        retries: 0,
        timeoutMs: TIMEOUT_MS,
        followRedirects: false,
        signal: abort.signal,
      });
      return res.status >= 200 && res.status < 300;
    } catch (err) {
      if (!abort.signal.aborted) deps.logger.warn({ err, webhook: id }, 'webhook delivery failed');
      return false;
    }
  }

  const closed = () => isClosed() || !store.open;

  async function deliver(jobId: string): Promise<void> {
    for (;;) {
      if (closed()) return;
      const row = await store.get(jobId);
      if (!row?.webhook_event || !row.webhook_url || !row.webhook_secret) return;
      const event = row.webhook_event;
      if (row.webhook_attempts >= cfg.webhookAttempts) {
        deps.logger.warn({ job: jobId, event, attempts: row.webhook_attempts }, 'webhook given up');
        await store.webhookDone(jobId, event);
        return;
      }
      const wait = row.webhook_attempts > 0 ? cfg.webhookBackoffMs * 2 ** (row.webhook_attempts - 1) : 0;
      // Held through the wait and the attempt (and a margin): nobody else sends it meanwhile.
      if (!(await store.claimWebhook(jobId, wait + TIMEOUT_MS + CLAIM_MARGIN_MS))) return;
      if (wait) {
        await sleep(wait, undefined, { signal: abort.signal, ref: false }).catch(() => undefined);
        if (closed()) return;
        // Still this attempt to make (not delivered or resumed meanwhile)?
        const now = await store.get(jobId);
        if (now?.webhook_event !== event || now.webhook_attempts !== row.webhook_attempts) continue;
      }
      const body = JSON.stringify({ event: `job.${event}`, job: jobView(row, null) });
      await store.webhookAttempt(jobId, event);
      // Delivered: look again (the job may have ended anew meanwhile, e.g. resumed and completed).
      if ((await post(row.webhook_url, row.webhook_secret, `${jobId}.${event}`, `job.${event}`, body)) && !closed())
        await store.webhookDone(jobId, event);
    }
  }

  function start(jobId: string): void {
    if (sending.has(jobId)) return;
    sending.add(jobId);
    deliver(jobId)
      .catch((err: unknown) => {
        // The store away (503): the event stays due; the next deliverDue (or a restart) sends it.
        if (!closed()) deps.logger.warn({ err, job: jobId }, 'webhook delivery interrupted');
      })
      .finally(() => sending.delete(jobId));
  }

  return {
    /** Starts delivering every event not delivered yet (each job's one at a time). */
    deliverDue(): void {
      if (closed()) return;
      store.webhooksDue().then(
        (rows) => {
          for (const row of rows) start(row.id);
        },
        (err: unknown) => deps.logger.warn({ err }, 'webhooks due: store unavailable'),
      );
    },
    close(): void {
      abort.abort();
    },
  };
}

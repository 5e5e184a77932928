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
 * Any 2xx answer delivers it. A destination the SSRF guard refuses (a name that resolves to a
 * private address, at the check or at connect time) or a URL that does not parse is given up at
 * once: no retry can change that. Anything else (a timeout, a connection error, a non-2xx answer)
 * is retried JOBS_WEBHOOK_ATTEMPTS times in all, waiting JOBS_WEBHOOK_BACKOFF_MS, doubled after
 * each attempt. The event is kept in the store until it is delivered or given up, so a restart
 * goes on delivering it (with REDIS_URL any instance does; one at a time holds a job's delivery,
 * `JobStore.claimWebhook`). Deliveries go through the upstream client like every outbound request
 * (SSRF guard, timeouts; in replay mode to the replay server) and never hold up a job.
 *
 * Each attempt is counted before it is sent and its answer recorded after (its HTTP status, what
 * went wrong in a line, and at the end delivered or given up): the job shows them as `webhook`
 * (view.ts), its own body as sent included (`attempts` counting that attempt).
 *
 * The secret is stored sealed (src/store/secrets.ts) and opened only here, to sign; one that does
 * not open (the secrets key changed since) is given up, logged.
 */
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from '../pipeline/context.js';
import { ssrfRefusalOf } from '../upstream/ssrf.js';
import type { JobStore, WebhookAnswer } from './store.js';
import { jobView } from './view.js';

const TIMEOUT_MS = 10_000;
/** A recorded error is one line of at most this many characters. */
const ERROR_CHARS = 300;
/** Beyond one attempt's wait and timeout, how long a job's delivery stays with the process sending it. */
const CLAIM_MARGIN_MS = 20_000;

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** An attempt's answer; `final`: no later attempt can do better (delivered, or refused for good). */
interface Attempt extends WebhookAnswer {
  delivered: boolean;
  final: boolean;
}

const errorLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, ERROR_CHARS);

export function createWebhookSender(deps: Deps, store: JobStore, isClosed: () => boolean) {
  const cfg = deps.config.jobs;
  const sending = new Set<string>();
  const abort = new AbortController();

  async function post(url: string, secret: string, id: string, event: string, body: string): Promise<Attempt> {
    if (!URL.canParse(url)) return { status: null, error: 'the webhook URL does not parse', delivered: false, final: true };
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
      const delivered = res.status >= 200 && res.status < 300;
      return { status: res.status, error: delivered ? null : `HTTP ${res.status}`, delivered, final: delivered };
    } catch (err) {
      if (!abort.signal.aborted) deps.logger.warn({ err, webhook: id }, 'webhook delivery failed');
      const refused = ssrfRefusalOf(err);
      if (refused !== undefined)
        return { status: null, error: errorLine(`refused by the SSRF guard: ${refused}`), delivered: false, final: true };
      return { status: null, error: errorLine(err), delivered: false, final: false };
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
        await store.webhookDone(jobId, event, false);
        return;
      }
      // Opened only here, to sign: the store holds it sealed (src/store/secrets.ts).
      let secret: string;
      try {
        secret = deps.secrets.open(row.webhook_secret);
      } catch (err) {
        deps.logger.error(
          { err, job: jobId, event },
          'webhook given up: its secret does not open with this secrets key (SECRETS_KEY or DATA_DIR/secret.key changed since the job was created)',
        );
        await store.webhookOutcome(jobId, event, { status: null, error: 'its secret does not open with this secrets key' });
        await store.webhookDone(jobId, event, false);
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
      const body = JSON.stringify({ event: `job.${event}`, job: jobView({ ...row, webhook_attempts: row.webhook_attempts + 1 }, null) });
      await store.webhookAttempt(jobId, event);
      const sent = await post(row.webhook_url, secret, `${jobId}.${event}`, `job.${event}`, body);
      if (closed()) return;
      await store.webhookOutcome(jobId, event, { status: sent.status, error: sent.error });
      if (sent.final) {
        if (!sent.delivered) deps.logger.warn({ job: jobId, event, error: sent.error }, 'webhook refused for good: not retried');
        await store.webhookDone(jobId, event, sent.delivered);
      }
      // Then look again: the job may have ended anew meanwhile (resumed and completed); an event
      // not delivered is tried again after its wait, or given up.
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

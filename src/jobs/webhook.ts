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
 * private address, at the check or at connect time), a name that does not exist (DNS ENOTFOUND,
 * no address) or a URL that does not parse is given up at once: no retry can change that. A name
 * that resolves to a refused address and one that does not exist are recorded alike ("refused by
 * the SSRF guard: host … does not resolve to a public address"), so that the job's or monitor's
 * owner cannot tell which internal names exist; the log keeps the reason. Anything else (a timeout, a connection error, a non-2xx answer)
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
 *
 * The sender delivers what a `WebhookOutbox` holds: the jobs' (each job's latest event, below) and
 * the monitors' (each monitor's events in order, src/monitors/store.ts) — signed, retried, claimed
 * and recorded the same way.
 */
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from '../pipeline/context.js';
import { ssrfRefusalOf, unfitNameOf } from '../upstream/ssrf.js';
import type { JobStore, WebhookAnswer } from './store.js';
import { jobView } from './view.js';

export type { WebhookAnswer } from './store.js';

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

/**
 * The event a source (a job, a monitor) has to deliver now: one at a time per source, in order.
 */
export interface WebhookDelivery {
  /** x-cl-webhook-id: the same on every retry of this event (receivers deduplicate on it). */
  id: string;
  /** x-cl-webhook-event, e.g. `job.completed`, `monitor.changed`. */
  event: string;
  /** Which of the source's events this is, as its store names it (attempts and outcomes are kept per event). */
  key: string;
  url: string;
  /** Sealed (src/store/secrets.ts): opened only to sign. */
  secret: string;
  /** Attempts made so far. */
  attempts: number;
  /** The body of the attempt counted as `attempt`. */
  body(attempt: number): string;
  /** Fields of the log lines about this delivery. */
  log: Record<string, unknown>;
}

/** Where the deliveries of one kind of source are kept (each source by its id). */
export interface WebhookOutbox {
  /** False once closed. */
  readonly open: boolean;
  /** The source's event to deliver now (undefined: nothing to send). */
  next(source: string): Promise<WebhookDelivery | undefined>;
  /** Sources with an event not yet delivered (nor given up). */
  due(): Promise<string[]>;
  /** Takes (or keeps) the source's delivery for `ms`: false when another instance is delivering it. */
  claim(source: string, ms: number): Promise<boolean>;
  /** One more attempt at the event (counted before it is sent: a crash mid-attempt counts it). */
  attempt(source: string, key: string): Promise<void>;
  /** What the event's latest attempt got. */
  outcome(source: string, key: string, last: WebhookAnswer): Promise<void>;
  /** The event delivered (true) or given up (false): nothing more is sent for it. */
  done(source: string, key: string, delivered: boolean): Promise<void>;
}

/** A job store's deliveries: each job's latest terminal event, `job.<status>` with the job as it is. */
export function jobOutbox(store: JobStore): WebhookOutbox {
  return {
    get open() {
      return store.open;
    },
    async next(jobId) {
      const row = await store.get(jobId);
      if (!row?.webhook_event || !row.webhook_url || !row.webhook_secret) return undefined;
      const event = row.webhook_event;
      return {
        id: `${jobId}.${event}`,
        event: `job.${event}`,
        key: event,
        url: row.webhook_url,
        secret: row.webhook_secret,
        attempts: row.webhook_attempts,
        body: (attempt) => JSON.stringify({ event: `job.${event}`, job: jobView({ ...row, webhook_attempts: attempt }, null) }),
        log: { job: jobId, event },
      };
    },
    due: async () => (await store.webhooksDue()).map((r) => r.id),
    claim: (id, ms) => store.claimWebhook(id, ms),
    attempt: (id, key) => store.webhookAttempt(id, key),
    outcome: (id, key, last) => store.webhookOutcome(id, key, last),
    done: (id, key, delivered) => store.webhookDone(id, key, delivered),
  };
}

export function createWebhookSender(deps: Deps, outbox: WebhookOutbox, isClosed: () => boolean) {
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
        // The receiver is the job's or monitor's owner's choice: its answers never cool a
        // platform's host down, and a platform's own host is refused (client.ts callerChosen).
        callerChosen: true,
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
        // Any 2xx delivers it: decided on the status, the receiver's body neither waited for nor
        // read (one over the client's cap, or stalling after its headers, failed a delivery).
        discardBody: true,
        signal: abort.signal,
      });
      const delivered = res.status >= 200 && res.status < 300;
      return { status: res.status, error: delivered ? null : `HTTP ${res.status}`, delivered, final: delivered };
    } catch (err) {
      if (!abort.signal.aborted) deps.logger.warn({ err, webhook: id }, 'webhook delivery failed');
      const unfit = unfitNameOf(err);
      if (unfit !== undefined)
        return { status: null, error: errorLine(`refused by the SSRF guard: ${unfit}`), delivered: false, final: true };
      const refused = ssrfRefusalOf(err);
      if (refused !== undefined)
        return { status: null, error: errorLine(`refused by the SSRF guard: ${refused}`), delivered: false, final: true };
      return { status: null, error: errorLine(err), delivered: false, final: false };
    }
  }

  const closed = () => isClosed() || !outbox.open;

  async function deliver(source: string): Promise<void> {
    for (;;) {
      if (closed()) return;
      const d = await outbox.next(source);
      if (!d) return;
      if (d.attempts >= cfg.webhookAttempts) {
        deps.logger.warn({ ...d.log, attempts: d.attempts }, 'webhook given up');
        await outbox.done(source, d.key, false);
        continue;
      }
      // Opened only here, to sign: the store holds it sealed (src/store/secrets.ts).
      let secret: string;
      try {
        secret = deps.secrets.open(d.secret);
      } catch (err) {
        deps.logger.error(
          { err, ...d.log },
          'webhook given up: its secret does not open with this secrets key (SECRETS_KEY or DATA_DIR/secret.key changed since it was stored)',
        );
        await outbox.outcome(source, d.key, { status: null, error: 'its secret does not open with this secrets key' });
        await outbox.done(source, d.key, false);
        continue;
      }
      const wait = d.attempts > 0 ? cfg.webhookBackoffMs * 2 ** (d.attempts - 1) : 0;
      // Held through the wait and the attempt (and a margin): nobody else sends it meanwhile.
      if (!(await outbox.claim(source, wait + TIMEOUT_MS + CLAIM_MARGIN_MS))) return;
      if (wait) {
        await sleep(wait, undefined, { signal: abort.signal, ref: false }).catch(() => undefined);
        if (closed()) return;
        // Still this attempt to make (not delivered or replaced meanwhile)?
        const now = await outbox.next(source);
        if (now?.key !== d.key || now.attempts !== d.attempts) continue;
      }
      const body = d.body(d.attempts + 1);
      await outbox.attempt(source, d.key);
      const sent = await post(d.url, secret, d.id, d.event, body);
      if (closed()) return;
      await outbox.outcome(source, d.key, { status: sent.status, error: sent.error });
      if (sent.final) {
        if (!sent.delivered) deps.logger.warn({ ...d.log, error: sent.error }, 'webhook refused for good: not retried');
        await outbox.done(source, d.key, sent.delivered);
      }
      // Then look again: the source may have a new event meanwhile (a job resumed and completed, a
      // monitor's next change); an event not delivered is tried again after its wait, or given up.
    }
  }

  function start(source: string): void {
    if (sending.has(source)) return;
    sending.add(source);
    deliver(source)
      .catch((err: unknown) => {
        // The store away (503): the event stays due; the next deliverDue (or a restart) sends it.
        if (!closed()) deps.logger.warn({ err, webhook: source }, 'webhook delivery interrupted');
      })
      .finally(() => sending.delete(source));
  }

  return {
    /** Starts delivering every event not delivered yet (each source's one at a time). */
    deliverDue(): void {
      if (closed()) return;
      outbox.due().then(
        (sources) => {
          for (const s of sources) start(s);
        },
        (err: unknown) => deps.logger.warn({ err }, 'webhooks due: store unavailable'),
      );
    },
    /** Starts delivering one source's events now. */
    deliver(source: string): void {
      if (!closed()) start(source);
    },
    close(): void {
      abort.abort();
    },
  };
}

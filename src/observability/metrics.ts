/**
 * Prometheus metrics (prom-client registry and exposition format, GET /metrics).
 *
 * The hot path only ever does `cell.n += 1` on a cell looked up once: prom-client's own label
 * children hash their label values into a string on every inc()/observe(), so the series here
 * are our own small cells, registered in prom-client's Registry as metric objects whose `get()`
 * reports them at scrape time (the same data shape prom-client's Counter and Histogram report).
 * Label values come from code (routes, platform labels, fixed outcomes), never from user input,
 * so the number of series is bounded.
 *
 *   cl_http_requests_total{route,status}            every response (route: the route template)
 *   cl_http_request_duration_seconds{route}          histogram
 *   cl_http_requests_in_flight                       gauge
 *   cl_upstream_requests_total{platform,outcome}     each upstream HTTP request (after retries)
 *   cl_upstream_request_duration_seconds{platform}   histogram
 *   cl_upstream_blocks_total{platform,source}        upstream answers recognised as blocks by the
 *                                                    block catalogue (source: the vendor, e.g.
 *                                                    cloudflare, or the platform's wall, e.g. login-wall)
 *   cl_live_fetches_total{platform,outcome}          each live fetch of an operation (what a client sees)
 *   cl_live_fetch_duration_seconds{platform}         histogram
 *   cl_cache_hits_total{platform} / cl_cache_misses_total{platform}   cache_max_age lookups
 *   cl_credits_charged_total / cl_credits_refunded_total             settled reservations
 *   cl_singleflight_joins_total{platform}            requests that joined an in-flight fetch
 *   cl_parser_warnings_total{platform,field}         warn(platform, field) from parsers (field: `record.field`, a code constant)
 *   cl_rate_limited_total                            429 RATE_LIMITED answers
 *   cl_unhandled_rejections_total                    promise rejections nobody handled, logged (process-guard.ts)
 *   process_* / nodejs_*                             prom-client default metrics (server only)
 *
 * Outcomes are ok, not_found, blocked, timeout, failed.
 */
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { Metric } from 'prom-client';
import { isApiError } from '../errors.js';

export const OUTCOMES = ['ok', 'not_found', 'blocked', 'timeout', 'failed'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The outcome of a live fetch from its error (null: not the upstream's doing, e.g. a refused user URL). */
export function outcomeOfError(e: unknown): Outcome | null {
  if (!isApiError(e)) return 'failed';
  switch (e.code) {
    case 'NOT_FOUND':
      return 'not_found';
    // The platform answered, and correctly: the content is private.
    case 'PRIVATE_CONTENT':
      return 'ok';
    case 'UPSTREAM_BLOCKED':
      return 'blocked';
    case 'UPSTREAM_TIMEOUT':
      return 'timeout';
    // The caller's doing, or the gateway's own state (SERVICE_UNAVAILABLE: shutting down, a store
    // away, media downloads at capacity): no word on the platform.
    case 'INVALID_INPUT':
    case 'UNAUTHORIZED':
    case 'INSUFFICIENT_CREDITS':
    case 'RATE_LIMITED':
    case 'NOT_CONFIGURED':
    case 'SERVICE_UNAVAILABLE':
      return null;
    default:
      return 'failed';
  }
}

/** The upstream client's exchange outcome (`ok`, `http_404`, `upstream_timeout`, …) in the five words. */
export function outcomeOfExchange(outcome: string): Outcome {
  if (outcome === 'ok') return 'ok';
  if (outcome.startsWith('http_')) {
    const status = Number(outcome.slice(5));
    if (status === 404 || status === 410) return 'not_found';
    // 406: a web application firewall's block (upstream/client.ts expectOk).
    if (status === 401 || status === 403 || status === 406 || status === 429) return 'blocked';
    return status < 400 ? 'ok' : 'failed';
  }
  if (outcome === 'upstream_timeout') return 'timeout';
  if (outcome === 'upstream_blocked') return 'blocked';
  if (outcome === 'not_found') return 'not_found';
  return 'failed';
}

export class CounterCell {
  n = 0;
  inc(v = 1): void {
    this.n += v;
  }
}

export class HistogramCell {
  /** counts[i]: observations ≤ bounds[i] and > bounds[i-1]; the last slot is +Inf. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }
  observe(v: number): void {
    const b = this.bounds;
    let i = 0;
    while (i < b.length && v > b[i]) i++;
    this.counts[i]++;
    this.sum += v;
    this.count++;
  }
}

type Labels = Record<string, string>;
interface Series<C> {
  labels: Labels;
  cell: C;
}

/** A metric object prom-client's Registry can register and expose. */
abstract class FastMetric<C> {
  readonly aggregator = 'sum';
  protected readonly series = new Map<string, Series<C>>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {}
  protected abstract create(): C;
  /** The cell for these label values (look it up once and keep it on hot paths). */
  child(...values: string[]): C {
    const k = values.length === 1 ? values[0] : values.join('\u0000');
    let s = this.series.get(k);
    if (!s) {
      const labels: Labels = {};
      this.labelNames.forEach((n, i) => (labels[n] = values[i] ?? ''));
      s = { labels, cell: this.create() };
      this.series.set(k, s);
    }
    return s.cell;
  }
  reset(): void {
    this.series.clear();
  }
}

export class FastCounter extends FastMetric<CounterCell> {
  readonly type = 'counter';
  protected create() {
    return new CounterCell();
  }
  get() {
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: [...this.series.values()].map((s) => ({ labels: s.labels, value: s.cell.n })),
    };
  }
}

export class FastGauge {
  readonly type = 'gauge';
  readonly aggregator = 'sum';
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly read: () => number,
  ) {}
  get() {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: [{ labels: {}, value: this.read() }] };
  }
  reset(): void {}
}

export class FastHistogram extends FastMetric<HistogramCell> {
  readonly type = 'histogram';
  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    readonly buckets: readonly number[],
  ) {
    super(name, help, labelNames);
  }
  protected create() {
    return new HistogramCell(this.buckets);
  }
  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const { labels, cell } of this.series.values()) {
      let acc = 0;
      this.buckets.forEach((le, i) => {
        acc += cell.counts[i];
        values.push({ labels: { ...labels, le }, value: acc, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: cell.count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: cell.sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: cell.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const UPSTREAM_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];

/** One route's series, created when the app is built: a response costs a Map lookup and two additions. */
export class RouteMetrics {
  private readonly byStatus = new Map<number, CounterCell>();
  constructor(
    private readonly route: string,
    private readonly requests: FastCounter,
    readonly duration: HistogramCell,
  ) {}
  record(status: number, seconds: number): void {
    let c = this.byStatus.get(status);
    if (!c) this.byStatus.set(status, (c = this.requests.child(this.route, String(status))));
    c.inc();
    this.duration.observe(seconds);
  }
}

/** Per-platform cells of one metric, by outcome. */
class ByOutcome {
  private readonly cells = new Map<string, CounterCell[]>();
  constructor(private readonly counter: FastCounter) {}
  inc(platform: string, outcome: Outcome): void {
    let row = this.cells.get(platform);
    if (!row) this.cells.set(platform, (row = OUTCOMES.map((o) => this.counter.child(platform, o))));
    row[OUTCOMES.indexOf(outcome)].inc();
  }
}

export interface MetricsOptions {
  /** prom-client's process and Node.js metrics (the server turns them on; tests leave them off). */
  defaultMetrics?: boolean;
  /** Requests being served right now (the app reports it). */
  inFlight?: () => number;
}

export interface Metrics {
  readonly registry: Registry;
  route(route: string): RouteMetrics;
  /** The upstream client's onExchange hook. */
  upstreamExchange(e: { platform: string; outcome: string; ms: number; block?: string }): void;
  liveFetch(platform: string, outcome: Outcome, ms: number): void;
  cacheHit(platform: string): CounterCell;
  cacheMiss(platform: string): CounterCell;
  readonly creditsCharged: CounterCell;
  readonly creditsRefunded: CounterCell;
  singleFlightJoin(platform: string): void;
  parserWarning(platform: string, field: string): void;
  readonly rateLimited: CounterCell;
  readonly unhandledRejections: CounterCell;
  setInFlight(read: () => number): void;
  /** The exposition text and its content type. */
  expose(): Promise<{ contentType: string; body: string }>;
}

export function createMetrics(opts: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  const reg = <M>(m: M): M => (registry.registerMetric(m as unknown as Metric), m);

  const requests = reg(new FastCounter('cl_http_requests_total', 'HTTP responses by route and status', ['route', 'status']));
  const requestDuration = reg(
    new FastHistogram('cl_http_request_duration_seconds', 'Time to answer a request, by route', ['route'], REQUEST_BUCKETS),
  );
  let inFlight = opts.inFlight ?? (() => 0);
  reg(new FastGauge('cl_http_requests_in_flight', 'Requests being served', () => inFlight()));
  const upstream = new ByOutcome(
    reg(new FastCounter('cl_upstream_requests_total', 'Upstream HTTP requests by platform and outcome', ['platform', 'outcome'])),
  );
  const upstreamDuration = reg(
    new FastHistogram(
      'cl_upstream_request_duration_seconds',
      'Upstream HTTP request time (retries and redirects included)',
      ['platform'],
      UPSTREAM_BUCKETS,
    ),
  );
  const blocks = reg(
    new FastCounter(
      'cl_upstream_blocks_total',
      'Upstream answers recognised as blocks (vendor challenges, platform walls), by platform and source',
      ['platform', 'source'],
    ),
  );
  const live = new ByOutcome(
    reg(new FastCounter('cl_live_fetches_total', 'Live fetches of operations by platform and outcome', ['platform', 'outcome'])),
  );
  const liveDuration = reg(
    new FastHistogram('cl_live_fetch_duration_seconds', 'Live fetch time of operations, by platform', ['platform'], UPSTREAM_BUCKETS),
  );
  const hits = reg(new FastCounter('cl_cache_hits_total', 'cache_max_age lookups answered from the cache', ['platform']));
  const misses = reg(new FastCounter('cl_cache_misses_total', 'cache_max_age lookups that needed a live fetch', ['platform']));
  const charged = reg(new FastCounter('cl_credits_charged_total', 'Credits charged (settled)', []));
  const refunded = reg(
    new FastCounter('cl_credits_refunded_total', 'Credits reserved and given back (errors, cheaper results, shutdown)', []),
  );
  const joins = reg(new FastCounter('cl_singleflight_joins_total', 'Live requests that joined an identical fetch in flight', ['platform']));
  const warnings = reg(
    new FastCounter(
      'cl_parser_warnings_total',
      'Warnings reported by platform parsers (a usual field missing or unreadable), by platform and field',
      ['platform', 'field'],
    ),
  );
  const limited = reg(new FastCounter('cl_rate_limited_total', 'Requests refused with 429 RATE_LIMITED', []));
  const unhandled = reg(new FastCounter('cl_unhandled_rejections_total', 'Promise rejections nobody handled (logged; served on)', []));
  if (opts.defaultMetrics) collectDefaultMetrics({ register: registry });

  const routes = new Map<string, RouteMetrics>();
  const upstreamHist = new Map<string, HistogramCell>();
  const histFor = (m: Map<string, HistogramCell>, h: FastHistogram, platform: string) => {
    let c = m.get(platform);
    if (!c) m.set(platform, (c = h.child(platform)));
    return c;
  };
  const liveHist = new Map<string, HistogramCell>();
  /** Per-platform cells by platform label: one Map lookup per use, no label arrays. */
  const perPlatform = (counter: FastCounter) => {
    const cells = new Map<string, CounterCell>();
    return (platform: string): CounterCell => {
      let c = cells.get(platform);
      if (!c) cells.set(platform, (c = counter.child(platform)));
      return c;
    };
  };
  const hitCell = perPlatform(hits);
  const missCell = perPlatform(misses);
  const joinCell = perPlatform(joins);
  const warningCells = new Map<string, CounterCell>();
  const warningCell = (platform: string, field: string): CounterCell => {
    const k = `${platform}\u0000${field}`;
    let c = warningCells.get(k);
    if (!c) warningCells.set(k, (c = warnings.child(platform, field)));
    return c;
  };

  return {
    registry,
    route(route) {
      let r = routes.get(route);
      if (!r) routes.set(route, (r = new RouteMetrics(route, requests, requestDuration.child(route))));
      return r;
    },
    upstreamExchange({ platform, outcome, ms, block }) {
      // A URL from the caller refused before anything was sent is not an upstream request.
      if (outcome === 'invalid_input') return;
      upstream.inc(platform, outcomeOfExchange(outcome));
      // Sources are catalogue names (code, not input): a bounded set of series.
      if (block) blocks.child(platform, block).inc();
      histFor(upstreamHist, upstreamDuration, platform).observe(ms / 1000);
    },
    liveFetch(platform, outcome, ms) {
      live.inc(platform, outcome);
      histFor(liveHist, liveDuration, platform).observe(ms / 1000);
    },
    cacheHit: hitCell,
    cacheMiss: missCell,
    creditsCharged: charged.child(),
    creditsRefunded: refunded.child(),
    singleFlightJoin: (platform) => joinCell(platform).inc(),
    parserWarning: (platform, field) => warningCell(platform, field).inc(),
    rateLimited: limited.child(),
    unhandledRejections: unhandled.child(),
    setInFlight(read) {
      inFlight = read;
    },
    async expose() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

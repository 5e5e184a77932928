/**
 * `platformStatus`: the platform health view (src/observability/health.ts) on GraphQL — the same
 * numbers as GET /v1/status. Not an operation: it needs a key like any query but costs nothing.
 */
import type { CanaryResult, PlatformHealth } from '../observability/health.js';
import { builder } from '../graphql/builder.js';

/**
 * Declares status's GraphQL types and root fields on the builder (called once, by the schema
 * index: src/graphql/schema.ts); `labels`: the labels the health view reports on.
 */
export function statusGraphql(labels: () => string[]): void {
  type Outcomes = PlatformHealth['outcomes'];
  type Latency = PlatformHealth['latencyMs'];
  type LastError = NonNullable<PlatformHealth['lastError']>;

  const OutcomesRef = builder.objectRef<Outcomes>('PlatformOutcomes').implement({
    description: 'Live fetches within the window, by outcome',
    fields: (t) => ({
      ok: t.exposeInt('ok', { nullable: false, description: 'Fetches that answered (a private account included: the platform answered)' }),
      notFound: t.exposeInt('not_found', {
        nullable: false,
        description: 'Fetches the platform answered "no such resource" (a success for health)',
      }),
      blocked: t.exposeInt('blocked', {
        nullable: false,
        description: 'Fetches refused by a block (UPSTREAM_BLOCKED: a vendor challenge, a platform wall, upstream 401/403/429)',
      }),
      timeout: t.exposeInt('timeout', { nullable: false, description: 'Fetches that ran past their deadline (UPSTREAM_TIMEOUT)' }),
      failed: t.exposeInt('failed', {
        nullable: false,
        description: 'Fetches that failed otherwise (upstream errors, pages the parser could not read)',
      }),
    }),
  });

  const LatencyRef = builder.objectRef<Latency>('PlatformLatency').implement({
    description: 'Live fetch time within the window, in milliseconds (null without requests)',
    fields: (t) => ({
      p50: t.exposeFloat('p50', { description: 'Median, ms' }),
      p95: t.exposeFloat('p95', { description: '95th percentile, ms' }),
      mean: t.exposeFloat('mean', { description: 'Mean, ms' }),
    }),
  });

  const ErrorRef = builder.objectRef<LastError>('PlatformError').implement({
    description: 'The latest failed live fetch within the window (blocked, timeout or failed)',
    fields: (t) => ({
      code: t.exposeString('code', {
        nullable: false,
        description: 'Its error code (UPSTREAM_BLOCKED, UPSTREAM_TIMEOUT…: docs/behaviour.md)',
      }),
      message: t.exposeString('message', { nullable: false, description: 'Its error message' }),
      at: t.exposeString('at', { nullable: false, description: 'When it happened: ISO 8601, UTC' }),
    }),
  });

  type Blocks = PlatformHealth['blocks'];

  const BlockSourceRef = builder.objectRef<Blocks['bySource'][number]>('PlatformBlockSource').implement({
    description: 'Blocks within the window from one source',
    fields: (t) => ({
      source: t.exposeString('source', {
        nullable: false,
        description: 'The vendor (cloudflare, akamai…) or the platform wall (login-wall…)',
      }),
      count: t.exposeInt('count', { nullable: false, description: 'Blocks from this source' }),
    }),
  });

  const BlocksRef = builder.objectRef<Blocks>('PlatformBlocks').implement({
    description: 'Upstream answers recognised as blocks (vendor challenges, platform walls) within the window',
    fields: (t) => ({
      total: t.exposeInt('total', { nullable: false, description: 'Blocks within the window' }),
      bySource: t.expose('bySource', { type: [BlockSourceRef], nullable: false, description: 'The same, by source ([] without blocks)' }),
    }),
  });

  type Warnings = PlatformHealth['parserWarnings'];
  const WarningFieldRef = builder.objectRef<{ field: string; count: number }>('PlatformParserWarningField').implement({
    description: 'Parser warnings within the window about one field',
    fields: (t) => ({
      field: t.exposeString('field', { nullable: false, description: '`record.field` the parser fell back on' }),
      count: t.exposeInt('count', { nullable: false, description: 'Warnings about this field' }),
    }),
  });
  const WarningsRef = builder.objectRef<Warnings>('PlatformParserWarnings').implement({
    description: 'Parser warnings within the window (a field the upstream usually carries was missing): the first sign of a page changing',
    fields: (t) => ({
      total: t.exposeInt('total', { nullable: false, description: 'Warnings within the window' }),
      fields: t.field({
        type: [WarningFieldRef],
        nullable: false,
        description: 'The same, by field ([] without warnings)',
        resolve: (w) => Object.entries(w.fields).map(([field, count]) => ({ field, count })),
      }),
    }),
  });

  const CanaryRef = builder.objectRef<CanaryResult>('PlatformCanary').implement({
    description: 'Latest result of a configured canary (CANARIES)',
    fields: (t) => ({
      label: t.exposeString('label', { nullable: false, description: 'The platform label it checks' }),
      target: t.exposeString('target', { nullable: false, description: 'What it requests, as configured in CANARIES' }),
      ok: t.exposeBoolean('ok', { nullable: false, description: 'true: the check answered the record' }),
      outcome: t.exposeString('outcome', {
        nullable: false,
        description: 'ok, not_found, blocked, timeout or failed (as PlatformOutcomes counts)',
      }),
      checkedAt: t.exposeString('checkedAt', { nullable: false, description: 'When it ran: ISO 8601, UTC' }),
      latencyMs: t.exposeFloat('latencyMs', { nullable: false, description: 'How long it took, ms' }),
      errorCode: t.string({ description: 'Its error code; null when it answered', resolve: (c) => c.error?.code ?? null }),
      errorMessage: t.string({ description: 'Its error message; null when it answered', resolve: (c) => c.error?.message ?? null }),
    }),
  });

  const StatusRef = builder.objectRef<PlatformHealth & { windowSeconds: number }>('PlatformStatus').implement({
    description: 'Recent health of one platform, from real traffic (live fetches) and optional canaries',
    fields: (t) => ({
      platform: t.exposeString('platform', { nullable: false, description: 'The platform label (code, video…)' }),
      status: t.exposeString('status', { nullable: false, description: 'ok, degraded, failing or unknown (no recent traffic)' }),
      windowSeconds: t.exposeInt('windowSeconds', { nullable: false, description: 'The sliding window the numbers cover, in seconds' }),
      requests: t.exposeInt('requests', { nullable: false, description: 'Live fetches within the window (cache hits are not counted)' }),
      successes: t.exposeInt('successes', { nullable: false, description: 'Of them ok or not found' }),
      failures: t.exposeInt('failures', { nullable: false, description: 'Of them blocked, timed out or failed' }),
      successRate: t.exposeFloat('successRate', {
        description: 'successes / requests (ok and not found count as success); null without requests',
      }),
      outcomes: t.expose('outcomes', { type: OutcomesRef, nullable: false, description: 'The requests by outcome' }),
      latencyMs: t.expose('latencyMs', { type: LatencyRef, nullable: false, description: 'How long the requests took' }),
      lastError: t.expose('lastError', { type: ErrorRef, description: 'The latest failure within the window; null: none' }),
      blocks: t.expose('blocks', { type: BlocksRef, nullable: false, description: 'Blocks within the window' }),
      parserWarnings: t.expose('parserWarnings', { type: WarningsRef, nullable: false, description: 'Parser warnings within the window' }),
      canaries: t.expose('canaries', {
        type: [CanaryRef],
        nullable: false,
        description: 'The latest result of each canary of this platform ([] without CANARIES)',
      }),
    }),
  });

  builder.queryField('platformStatus', (t) =>
    t.field({
      type: [StatusRef],
      nullable: false,
      description:
        'Per platform: recent success rate and latency of live fetches (sliding window), plus canary results. Costs 0 credits (REST: GET /v1/status, no key needed).',
      args: { platform: t.arg.string({ description: 'Only this platform label' }) },
      resolve: (_root, args, ctx) => {
        const snap = ctx.deps.health.snapshot(labels());
        return snap.platforms
          .filter((p) => !args.platform || p.platform === args.platform)
          .map((p) => ({ ...p, windowSeconds: snap.windowSeconds }));
      },
    }),
  );
}

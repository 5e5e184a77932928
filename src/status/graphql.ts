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
      ok: t.exposeInt('ok', { nullable: false }),
      notFound: t.exposeInt('not_found', { nullable: false }),
      blocked: t.exposeInt('blocked', { nullable: false }),
      timeout: t.exposeInt('timeout', { nullable: false }),
      failed: t.exposeInt('failed', { nullable: false }),
    }),
  });

  const LatencyRef = builder.objectRef<Latency>('PlatformLatency').implement({
    description: 'Live fetch time within the window, in milliseconds (null without requests)',
    fields: (t) => ({
      p50: t.exposeFloat('p50'),
      p95: t.exposeFloat('p95'),
      mean: t.exposeFloat('mean'),
    }),
  });

  const ErrorRef = builder.objectRef<LastError>('PlatformError').implement({
    fields: (t) => ({
      code: t.exposeString('code', { nullable: false }),
      message: t.exposeString('message', { nullable: false }),
      at: t.exposeString('at', { nullable: false }),
    }),
  });

  type Blocks = PlatformHealth['blocks'];

  const BlockSourceRef = builder.objectRef<Blocks['bySource'][number]>('PlatformBlockSource').implement({
    fields: (t) => ({
      source: t.exposeString('source', {
        nullable: false,
        description: 'The vendor (cloudflare, akamai…) or the platform wall (login-wall…)',
      }),
      count: t.exposeInt('count', { nullable: false }),
    }),
  });

  const BlocksRef = builder.objectRef<Blocks>('PlatformBlocks').implement({
    description: 'Upstream answers recognised as blocks (vendor challenges, platform walls) within the window',
    fields: (t) => ({
      total: t.exposeInt('total', { nullable: false }),
      bySource: t.expose('bySource', { type: [BlockSourceRef], nullable: false }),
    }),
  });

  type Warnings = PlatformHealth['parserWarnings'];
  const WarningFieldRef = builder.objectRef<{ field: string; count: number }>('PlatformParserWarningField').implement({
    fields: (t) => ({
      field: t.exposeString('field', { nullable: false, description: '`record.field` the parser fell back on' }),
      count: t.exposeInt('count', { nullable: false }),
    }),
  });
  const WarningsRef = builder.objectRef<Warnings>('PlatformParserWarnings').implement({
    description: 'Parser warnings within the window (a field the upstream usually carries was missing): the first sign of a page changing',
    fields: (t) => ({
      total: t.exposeInt('total', { nullable: false }),
      fields: t.field({
        type: [WarningFieldRef],
        nullable: false,
        resolve: (w) => Object.entries(w.fields).map(([field, count]) => ({ field, count })),
      }),
    }),
  });

  const CanaryRef = builder.objectRef<CanaryResult>('PlatformCanary').implement({
    description: 'Latest result of a configured canary (CANARIES)',
    fields: (t) => ({
      label: t.exposeString('label', { nullable: false }),
      target: t.exposeString('target', { nullable: false }),
      ok: t.exposeBoolean('ok', { nullable: false }),
      outcome: t.exposeString('outcome', { nullable: false }),
      checkedAt: t.exposeString('checkedAt', { nullable: false }),
      latencyMs: t.exposeFloat('latencyMs', { nullable: false }),
      errorCode: t.string({ resolve: (c) => c.error?.code ?? null }),
      errorMessage: t.string({ resolve: (c) => c.error?.message ?? null }),
    }),
  });

  const StatusRef = builder.objectRef<PlatformHealth & { windowSeconds: number }>('PlatformStatus').implement({
    description: 'Recent health of one platform, from real traffic (live fetches) and optional canaries',
    fields: (t) => ({
      platform: t.exposeString('platform', { nullable: false }),
      status: t.exposeString('status', { nullable: false, description: 'ok, degraded, failing or unknown (no recent traffic)' }),
      windowSeconds: t.exposeInt('windowSeconds', { nullable: false }),
      requests: t.exposeInt('requests', { nullable: false }),
      successes: t.exposeInt('successes', { nullable: false }),
      failures: t.exposeInt('failures', { nullable: false }),
      successRate: t.exposeFloat('successRate', {
        description: 'successes / requests (ok and not found count as success); null without requests',
      }),
      outcomes: t.expose('outcomes', { type: OutcomesRef, nullable: false }),
      latencyMs: t.expose('latencyMs', { type: LatencyRef, nullable: false }),
      lastError: t.expose('lastError', { type: ErrorRef }),
      blocks: t.expose('blocks', { type: BlocksRef, nullable: false }),
      parserWarnings: t.expose('parserWarnings', { type: WarningsRef, nullable: false }),
      canaries: t.expose('canaries', { type: [CanaryRef], nullable: false }),
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

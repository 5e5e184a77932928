/**
 * executeIncrementalWithCredits against a real ledger, with scripted executor payloads: where the
 * credits go when a deferred part fails, when the stream ends, and when the client cancels.
 * (test/e2e/discovery.test.ts streams real lookups over HTTP.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphQLError, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { openDeps } from '../deps.js';
import type { OpenDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { silentLogger } from '../log.js';
import type { GatewayContext } from '../pipeline/context.js';
import { noteRootField } from './credits.js';
import type { IncrementalPayload } from './incremental.js';
import { executeIncrementalWithCredits, trackLookup, usesIncrementalDelivery } from './incremental.js';
import { buildSchema } from './schema.js';

let dir: string;
let deps: OpenDeps;
const schema = buildSchema();
const document = parse(
  '{ a: findCreatorEmails(platform: SOCIAL_B, handle: "night.owl") { source { url } ... @defer { emails { email } } } }',
);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cl-incremental-'));
  deps = openDeps(loadConfig({ DATA_DIR: dir } as NodeJS.ProcessEnv), { logger: silentLogger });
});
afterAll(async () => {
  await deps.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The executor's stand-in: the root field resolved (what a lookup costs: 10), then these payloads. */
function scripted(ctx: GatewayContext, payloads: IncrementalPayload[], lookup?: Promise<unknown>) {
  return () => {
    noteRootField(ctx, 'a', { value: {}, charged: 10, cached: false, cachedAt: null, remaining: null });
    if (lookup) trackLookup(ctx, lookup);
    return (async function* () {
      yield* payloads;
    })();
  };
}

async function run(payloads: IncrementalPayload[], lookup?: Promise<unknown>) {
  const { key, record } = await deps.ledger.createKey({ name: 't', credits: 30 });
  const ctx: GatewayContext = { deps, apiKey: key };
  const result = await executeIncrementalWithCredits({ schema, document, contextValue: ctx }, scripted(ctx, payloads, lookup));
  if (!(Symbol.asyncIterator in result)) throw new Error('expected a stream');
  return { stream: result, id: record.id };
}

const initial: IncrementalPayload = { data: { a: { source: { url: 'https://www.instagram.com/night.owl/' } } }, hasNext: true };

describe('credits of a streamed operation', () => {
  it('settled when the stream ends; only the last payload carries extensions.credits', async () => {
    const { stream, id } = await run([initial, { incremental: [{ data: { emails: [] }, path: ['a'] }], hasNext: false }]);
    const first = await stream.next();
    expect(first.value).toEqual(initial);
    expect(deps.ledger.open.size).toBe(1);
    const last = await stream.next();
    expect(last.value).toMatchObject({
      hasNext: false,
      extensions: { credits: { charged: 10, remaining: 20, fields: [{ path: 'a', charged: 10, cached: false }] } },
    });
    expect((await stream.next()).done).toBe(true);
    expect(await deps.ledger.balance(id)).toBe(20);
    expect(deps.ledger.open.size).toBe(0);
  });

  it('an error in a deferred part: the root field costs 0, and the error keeps its code', async () => {
    const failed = new GraphQLError('gone', {
      path: ['a', 'emails'],
      originalError: new ApiError('UPSTREAM_FAILED', 'the lookup failed; retry'),
    });
    const { stream, id } = await run([initial, { incremental: [{ data: null, path: ['a'], errors: [failed] }], hasNext: false }]);
    await stream.next();
    const last = (await stream.next()).value as IncrementalPayload;
    expect(last.incremental![0].errors![0].extensions).toMatchObject({ code: 'UPSTREAM_FAILED' });
    expect(last.incremental![0].errors![0].message).toBe('the lookup failed; retry');
    expect(last.extensions).toMatchObject({ credits: { charged: 0, remaining: 30 } });
    expect(await deps.ledger.balance(id)).toBe(30);
  });

  it('an unexpected error in a deferred part is masked as INTERNAL', async () => {
    const failed = new GraphQLError('secret detail', { path: ['a', 'emails'], originalError: new TypeError('secret detail') });
    const { stream } = await run([initial, { incremental: [{ data: null, path: ['a'], errors: [failed] }], hasNext: false }]);
    await stream.next();
    const last = (await stream.next()).value as IncrementalPayload;
    expect(last.incremental![0].errors![0]).toMatchObject({ message: 'Unexpected error.', extensions: { code: 'INTERNAL' } });
  });

  it('cancelled: settled once, when the tracked lookup completes, at its price', async () => {
    let complete!: () => void;
    const lookup = new Promise<void>((r) => (complete = r));
    const { stream, id } = await run([initial, { hasNext: true }, { hasNext: false }], lookup);
    await stream.next();
    await stream.return!();
    expect((await stream.next()).done).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    // Still reserved while the lookup runs…
    expect(deps.ledger.open.size).toBe(1);
    complete();
    await vi.waitFor(() => expect(deps.ledger.open.size).toBe(0));
    // … then charged what it costs, once.
    expect(await deps.ledger.balance(id)).toBe(20);
    expect(await deps.ledger.totalCharged(id)).toBe(10);
  });

  it('an error before execution (402) is a plain result; nothing is reserved', async () => {
    const { key } = await deps.ledger.createKey({ name: 't', credits: 5 });
    const ctx: GatewayContext = { deps, apiKey: key };
    const result = await executeIncrementalWithCredits({ schema, document, contextValue: ctx }, () => {
      throw new Error('must not execute');
    });
    expect(Symbol.asyncIterator in result).toBe(false);
    expect((result as { errors: GraphQLError[] }).errors[0].extensions.code).toBe('INSUFFICIENT_CREDITS');
    expect(deps.ledger.open.size).toBe(0);
  });
});

describe('usesIncrementalDelivery', () => {
  it('finds @defer and @stream anywhere, fragments included', () => {
    expect(usesIncrementalDelivery(document)).toBe(true);
    expect(usesIncrementalDelivery(parse('query { a { ...F } } fragment F on T { b @stream(initialCount: 1) }'))).toBe(true);
    expect(usesIncrementalDelivery(parse('{ a @include(if: true) { b } }'))).toBe(false);
  });
});

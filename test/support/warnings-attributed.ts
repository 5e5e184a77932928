/**
 * Setup file (vitest.config.ts): a parse the gateway runs for a live read must run inside
 * `parsed(ctx, …)` (src/platforms/operation.ts), or its warnings would degrade no record
 * (src/observability/warn.ts). Every parse begun and every warning given while a read is under way
 * but outside one is recorded; after each test, those reached from the gateway's own code fail it,
 * with the stack that names the place to wrap. Those whose synchronous stack passes through a test
 * file (a test calling a parser itself while a gateway read runs beside it) are the test's own.
 */
import { afterEach, expect } from 'vitest';
import { countUnattributed } from '../../src/observability/warn.js';

const counter = countUnattributed();

/** The frames of one recorded stack up to where its synchronous run began. */
function syncFrames(entry: string): string[] {
  const frames = entry.split('\n').filter((l) => l.trimStart().startsWith('at '));
  // V8 appends the awaiting callers as `at async …` frames: they are not part of this run.
  const end = frames.findIndex((f) => /^\s*at async |node:internal\/(process|timers)|processTicksAndRejections|processImmediate/.test(f));
  return end < 0 ? frames : frames.slice(0, end);
}

const fromTest = (entry: string) => syncFrames(entry).some((f) => /[\\/]test[\\/]|\.test\.ts/.test(f));

afterEach(() => {
  const fromGateway = counter.take().filter((e) => !fromTest(e));
  expect(fromGateway, 'a parse (or warning) of a live read outside parsed(ctx, …): wrap it there').toEqual([]);
});

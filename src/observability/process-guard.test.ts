/**
 * The guard in a process of its own (an unhandled rejection in this one would fail the test run):
 * with it, a rejection nobody handles is logged with its stack and counted, and the process goes
 * on; without it, Node's default ends the process (exit 1).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

const script = (guarded: boolean) => `
import { createLogger } from './src/log.ts';
import { createMetrics } from './src/observability/metrics.ts';
import { guardUnhandledRejections } from './src/observability/process-guard.ts';
const metrics = createMetrics();
const lines = [];
const logger = createLogger('info', { write: (l) => void lines.push(JSON.parse(l)) });
if (${guarded}) guardUnhandledRejections(logger, metrics.unhandledRejections);
void Promise.reject(new Error('nobody waits for me'));
void (async () => { throw new TypeError('nor for me'); })();
setTimeout(async () => {
  const text = await metrics.registry.getSingleMetricAsString('cl_unhandled_rejections_total');
  console.log(JSON.stringify({ count: Number(/ (\\d+)$/m.exec(text)[1]), lines }));
}, 100);
`;

async function run(guarded: boolean) {
  try {
    const { stdout } = await promisify(execFile)(TSX, ['--eval', script(guarded)], { cwd: ROOT, timeout: 20_000 });
    return { code: 0, out: JSON.parse(stdout.trim().split('\n').at(-1)!) };
  } catch (e) {
    return { code: (e as { code: number }).code, out: null };
  }
}

describe('unhandled promise rejections', () => {
  it('guarded: each is logged at error level with its stack and counted; the process goes on', async () => {
    const { code, out } = await run(true);
    expect(code).toBe(0);
    expect(out.count).toBe(2);
    expect(out.lines).toHaveLength(2);
    for (const l of out.lines) expect(l.level).toBe(50);
    expect(out.lines.map((l: { err: { message: string } }) => l.err.message).sort()).toEqual(['nobody waits for me', 'nor for me']);
    expect(out.lines[0].err.stack).toMatch(/Error: /);
  });

  it('unguarded (Node’s default): the process ends', async () => {
    expect((await run(false)).code).toBe(1);
  });
});

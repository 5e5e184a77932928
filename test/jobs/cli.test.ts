/**
 * `npm run bulk` against a gateway over HTTP: upload, progress, results in input order, summary;
 * the same command again attaches to the same job (nothing run or charged twice) and appends
 * only what --out lacks, saying on stderr it found the job (--new runs a fresh one); --out names
 * the format (.csv CSV, else NDJSON, said so); a job stopped for credits resumes with --resume.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED, runBulkCli } from '../../src/jobs/cli.js';
import { repoJson } from '../data.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { anyRepo, cliOutput, ndjson, repoUrl, waitFor } from './helpers.js';

let h: Harness;
const dir = mkdtempSync(join(tmpdir(), 'cl-bulk-'));
/** Answers of /repos/held/* waiting for the test (`free`: answer at once). */
const held: (() => void)[] = [];
let free = false;
beforeAll(async () => {
  h = await startHarness();
  h.replay.add(anyRepo());
  h.replay.add({
    host: 'api.github.com',
    path: /^\/repos\/held\/[^/]+$/,
    response: async (req) => {
      if (!free) await new Promise<void>((r) => held.push(r));
      return { headers: { 'content-type': 'application/json' }, body: repoJson('held', req.path.split('/')[3]) };
    },
  });
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const io = cliOutput;

describe('npm run bulk', () => {
  it('runs a CSV through a job, writes results in order, prints progress and a summary; again: same job, nothing twice', async () => {
    const { key, id: keyId } = await h.key(20);
    const input = join(dir, 'creators.csv');
    const out = join(dir, 'results.ndjson');
    writeFileSync(input, `name,url\n${Array.from({ length: 6 }, (_, i) => `n${i},${repoUrl('cli', `r${i}`)}`).join('\n')}\n`);
    const args = ['--op', '/v1/code/repository', '--input', input, '--out', out, '--url', h.url, '--key', key];
    const a = io();
    expect(await runBulkCli(args, {}, a.out, { pollMs: 20 })).toBe(0);
    expect(a.errors).toEqual([]);
    expect(a.progress().at(-1)).toMatch(/^\[#{24}\] 6\/6 completed \| .* items\/s \| 6 credits \| ETA 0s$/);
    expect(a.logs.join('\n')).toContain('completed: 6 ok (0 from cache), 0 failed, 0 not run — 6 credits charged');
    const lines = ndjson(readFileSync(out, 'utf8'));
    expect(lines.map((l) => [l.index, l.input.name, l.body.repository.full_name])).toEqual(
      Array.from({ length: 6 }, (_, i) => [i, `n${i}`, `cli/r${i}`]),
    );

    const b = io();
    expect(await runBulkCli(args, {}, b.out, { pollMs: 20 })).toBe(0);
    expect(b.logs[0]).toBe(a.logs[0]);
    expect(b.logs.join('\n')).toContain('0 result lines written');
    // It says it found the job of an earlier run, and how to run the items again.
    expect(b.errors).toEqual([
      expect.stringMatching(/^Found job job_\w+ from an earlier run of this command \(completed, 6\/6 done\).*--new/),
    ]);
    expect(ndjson(readFileSync(out, 'utf8'))).toHaveLength(6);
    expect(await h.deps.ledger.totalCharged(keyId)).toBe(6);
  });

  it('stopped for credits: exit 3 and a hint; credits added, --resume finishes and appends the rest', async () => {
    const { key, id: keyId } = await h.key(2);
    const input = join(dir, 'items.ndjson');
    const out = join(dir, 'broke.ndjson');
    writeFileSync(input, Array.from({ length: 5 }, (_, i) => JSON.stringify({ url: repoUrl('broke-cli', `r${i}`) })).join('\n'));
    const args = ['--op', '/v1/code/repository', '--input', input, '--out', out, '--url', h.url, '--key', key];
    const a = io();
    expect(await runBulkCli(args, {}, a.out, { pollMs: 20 })).toBe(3);
    expect(a.logs.join('\n')).toContain('stopped_no_credits: 2 ok');
    expect(a.logs.join('\n')).toContain('--resume');
    expect(ndjson(readFileSync(out, 'utf8')).map((l) => l.index)).toEqual([0, 1]);
    await h.deps.ledger.addCredits(keyId, 10);
    expect(await runBulkCli([...args, '--resume'], {}, io().out, { pollMs: 20 })).toBe(0);
    expect(ndjson(readFileSync(out, 'utf8')).map((l) => l.index)).toEqual([0, 1, 2, 3, 4]);
    expect(await h.deps.ledger.totalCharged(keyId)).toBe(5);
  });

  it('Ctrl-C: exit 130, the job goes on in the gateway; the same command again attaches to it and writes every result once', async () => {
    const { key, id: keyId } = await h.key(20);
    const input = join(dir, 'held.json');
    const out = join(dir, 'held.ndjson');
    writeFileSync(input, JSON.stringify(Array.from({ length: 6 }, (_, i) => ({ url: repoUrl('held', `r${i}`) }))));
    const args = ['--op', '/v1/code/repository', '--input', input, '--out', out, '--url', h.url, '--key', key];
    const ctrlC = new AbortController();
    const a = io();
    const first = runBulkCli(args, {}, a.out, { pollMs: 20, progressEveryMs: 20, signal: ctrlC.signal });
    // Two items done while it follows the job; the bar shows them.
    await waitFor(() => held.length >= 2);
    held.shift()!();
    held.shift()!();
    await waitFor(() => a.progress().some((l) => l.includes(' 2/6 running ')));
    ctrlC.abort(new Error('SIGINT'));
    expect(await first).toBe(INTERRUPTED);
    const jobLine = a.logs[0];
    expect(jobLine).toMatch(/^job job_\w+: 6 items/);
    expect(a.logs.join('\n')).toContain('goes on in the gateway');

    free = true;
    for (const r of held.splice(0)) r();
    const b = io();
    expect(await runBulkCli(args, {}, b.out, { pollMs: 20, progressEveryMs: 20 })).toBe(0);
    // The same job (the same idempotency key), not a second one.
    expect(b.logs[0]).toBe(jobLine);
    expect(b.progress().at(-1)).toMatch(/ 6\/6 completed \| .* \| 6 credits \| ETA 0s$/);
    expect(ndjson(readFileSync(out, 'utf8')).map((l) => l.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await h.deps.ledger.totalCharged(keyId)).toBe(6);
    expect(h.replay.hits({ host: 'api.github.com', path: /^\/repos\/held\// })).toHaveLength(6);
  });

  it('--out x.csv writes CSV, any other name NDJSON and says so; --new runs the items as a new job and replaces --out', async () => {
    const { key, id: keyId } = await h.key(20);
    const input = join(dir, 'fmt.json');
    writeFileSync(input, JSON.stringify(Array.from({ length: 3 }, (_, i) => ({ url: repoUrl('fmt', `r${i}`) }))));
    const csvOut = join(dir, 'fmt.csv');
    const args = (out: string) => ['--op', '/v1/code/repository', '--input', input, '--out', out, '--url', h.url, '--key', key];
    const a = io();
    expect(await runBulkCli(args(csvOut), {}, a.out, { pollMs: 20 })).toBe(0);
    expect(a.errors).toEqual([]);
    const [header, ...rows] = parseCsv(readFileSync(csvOut, 'utf8')) as string[][];
    expect(header.slice(0, 6)).toEqual(['index', 'status', 'code', 'credits_charged', 'cached', 'input.url']);
    expect(rows.map((r) => [r[0], r[1], r[header.indexOf('full_name')]])).toEqual([
      ['0', '200', 'fmt/r0'],
      ['1', '200', 'fmt/r1'],
      ['2', '200', 'fmt/r2'],
    ]);
    expect(a.logs.join('\n')).toContain(`3 CSV rows (and a header) written to ${csvOut}`);
    // Again: the same job, the CSV written whole once more (not appended to).
    const b = io();
    expect(await runBulkCli(args(csvOut), {}, b.out, { pollMs: 20 })).toBe(0);
    expect(b.logs[0]).toBe(a.logs[0]);
    expect(parseCsv(readFileSync(csvOut, 'utf8'))).toHaveLength(4);

    const txtOut = join(dir, 'fmt.txt');
    const c = io();
    expect(await runBulkCli(args(txtOut), {}, c.out, { pollMs: 20 })).toBe(0);
    expect(c.errors[0]).toBe(`--out ${txtOut}: writing NDJSON (name it .csv for CSV, .ndjson for NDJSON).`);
    expect(ndjson(readFileSync(txtOut, 'utf8')).map((l) => l.index)).toEqual([0, 1, 2]);
    expect(await h.deps.ledger.totalCharged(keyId)).toBe(3);

    const d = io();
    expect(await runBulkCli([...args(csvOut), '--new'], {}, d.out, { pollMs: 20 })).toBe(0);
    expect(d.errors).toEqual([]);
    expect(d.logs[0]).toMatch(/^job job_\w+: 3 items/);
    expect(d.logs[0]).not.toBe(a.logs[0]);
    expect(parseCsv(readFileSync(csvOut, 'utf8'))).toHaveLength(4);
    // The items ran again (live: the job has no cache_max_age), charged again.
    expect(await h.deps.ledger.totalCharged(keyId)).toBe(6);
  });

  it('a .json input that is not UTF-8 (once sent on with U+FFFD for each byte) is exit 2 with a message; a UTF-8 one with a BOM is read', async () => {
    const { key } = await h.key(5);
    const input = join(dir, 'latin1.json');
    writeFileSync(input, Buffer.from(JSON.stringify([{ url: repoUrl('latin', 'José') }]), 'latin1'));
    const a = io();
    expect(
      await runBulkCli(
        ['--op', '/v1/code/repository', '--input', input, '--out', join(dir, 'l.ndjson'), '--url', h.url, '--key', key],
        {},
        a.out,
      ),
    ).toBe(2);
    expect(a.errors[0]).toBe(`--input ${input} is not UTF-8 text; save it as UTF-8`);
    writeFileSync(input, `\uFEFF${JSON.stringify([{ url: repoUrl('bom', 'ok') }])}`);
    const b = io();
    expect(
      await runBulkCli(
        ['--op', '/v1/code/repository', '--input', input, '--out', join(dir, 'b.ndjson'), '--url', h.url, '--key', key],
        {},
        b.out,
        { pollMs: 20 },
      ),
    ).toBe(0);
  });

  it('bad usage: exit 2 with a message', async () => {
    const a = io();
    expect(await runBulkCli(['--op', '/v1/code/repository', '--input', 'x.txt', '--out', 'o', '--key', 'k'], {}, a.out)).toBe(2);
    expect(a.errors[0]).toContain('.csv');
    const b = io();
    expect(await runBulkCli(['--op', '/v1/code/repository', '--input', 'x.csv', '--out', 'o'], {}, b.out)).toBe(2);
    expect(b.errors[0]).toContain('CL_API_KEY');
  });
});

/**
 * `npm run bulk -- --op /v1/find-creator-emails --input creators.csv --out results.ndjson`
 * against a running gateway (--url, default http://localhost:8080; the key from --key or
 * CL_API_KEY). The input is uploaded as it is (CSV with a header row of parameter names, NDJSON,
 * or a JSON array of items); a progress bar (cli-progress, on stderr) shows items done, items/s,
 * credits and the ETA; results are written in input order once the job has ended, and a summary
 * by outcome and credits closes the run. --out names the format: `.csv` gets the job's CSV
 * (GET /v1/jobs/{id}/results?format=csv), `.ndjson`/`.jsonl` NDJSON; any other name gets NDJSON,
 * and the CLI says so.
 *
 * Resumable: the job's idempotency key is derived from the operation, the options and the
 * input's bytes, so running the same command again after Ctrl-C (the job goes on in the gateway
 * meanwhile) or a crash attaches to the same job (nothing runs twice; the CLI says on stderr that
 * it found the job, and that --new runs the items again as a fresh job, charged again), resumes it
 * when it stopped for lack of credits or at its cap (with --resume), and appends only the NDJSON
 * results not yet in --out (a CSV --out is written whole again).
 *
 * --embedded: no gateway to run first — this process starts one on DATA_DIR (and REDIS_URL, as
 * configured by the same environment as `npm start`) on a loopback port of its own, runs the job
 * through it, and stops it at the end. The job is kept in DATA_DIR like any other: after Ctrl-C or
 * a crash it waits there, and the same command (or `npm start` on that DATA_DIR) runs the rest.
 * The key must be in that store (`npm run keys -- create`, or BOOTSTRAP_API_KEY). A gateway already
 * serving that DATA_DIR holds its lock: then follow the job through it with --url instead.
 */
import { createHash, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SingleBar } from 'cli-progress';
import { parse as parseCsv } from 'csv-parse/sync';
import { Command, CommanderError } from 'commander';

export interface BulkOutput {
  /**
   * Where the progress bar is drawn (redrawn in place on a terminal; elsewhere a line every
   * `progressEveryMs`, and the last state when the job ends).
   */
  progress: NodeJS.WritableStream & { isTTY?: boolean };
  log(line: string): void;
  error(line: string): void;
}

/** Exit code after Ctrl-C (128 + SIGINT), as shells report it. */
export const INTERRUPTED = 130;

const FINAL = new Set(['completed', 'cancelled', 'stopped_at_cap', 'stopped_no_credits']);

interface Job {
  id: string;
  status: string;
  items: number;
  counts: { done: number; ok: number; cached: number; failed: number; skipped: number };
  credits_charged: number;
  eta_s: number | null;
}

function contentTypeOf(path: string): string {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return 'text/csv';
  if (ext === '.ndjson' || ext === '.jsonl') return 'application/x-ndjson';
  if (ext === '.json') return 'application/json';
  throw new Error(`--input ${path}: use a .csv, .ndjson, .jsonl or .json file`);
}

/** What --out gets: CSV for .csv, NDJSON for .ndjson/.jsonl, and NDJSON (said so: `named`) for any other name. */
export function outFormatOf(path: string): { format: 'csv' | 'ndjson'; named: boolean } {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return { format: 'csv', named: true };
  return { format: 'ndjson', named: ext === '.ndjson' || ext === '.jsonl' };
}

/** The last item index already written to an NDJSON `out` (-1: none). */
function lastWritten(out: string): number {
  if (!existsSync(out)) return -1;
  const lines = readFileSync(out, 'utf8').split('\n').filter(Boolean);
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      return (JSON.parse(lines[i]) as { index: number }).index;
    } catch {
      /* a line cut short by a crash: the one before counts */
    }
  }
  return -1;
}

/** The bar's line: `[####----] done/items status | items/s | credits | ETA`. */
const BAR_FORMAT = '[{bar}] {value}/{total} {status} | {speed} items/s | {credits} credits | ETA {eta_s}';

/** What the bar shows of a job besides done/items: the payload of cli-progress's format tokens. */
export function barPayload(job: Job, rate: number | null): { status: string; speed: string; credits: number; eta_s: string } {
  const eta = FINAL.has(job.status) ? 0 : (job.eta_s ?? (rate && rate > 0 ? Math.ceil((job.items - job.counts.done) / rate) : null));
  return {
    status: job.status,
    speed: rate === null ? '–' : rate.toFixed(1),
    credits: job.credits_charged,
    eta_s: eta === null ? '–' : `${eta}s`,
  };
}

export async function runBulkCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: BulkOutput,
  opts: { pollMs?: number; progressEveryMs?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const program = new Command('bulk')
    .requiredOption('--op <path>', 'the /v1 GET operation each item runs, e.g. /v1/find-creator-emails')
    .requiredOption('--input <file>', 'items: .csv (header row of parameter names), .ndjson/.jsonl, or .json (array)')
    .requiredOption('--out <file>', 'results in input order: .csv as CSV, .ndjson/.jsonl (or any other name) as NDJSON')
    .option('--url <url>', 'the gateway (default: CL_URL, else http://localhost:8080)')
    .option('--embedded', 'run a gateway in this process on DATA_DIR instead of calling one at --url')
    .option('--key <key>', 'API key (default: CL_API_KEY)')
    .option('--cache-max-age <age>', 'serve items cached within 1d, 3d, 7d, 14d or 30d at 0 credits')
    .option('--max-credits <n>', 'stop the job once it would need more credits than this')
    .option('--resume', 'resume the job if it stopped (no credits, cap)')
    .option('--new', 'run the items as a new job even if this command ran before (charged again); --out is replaced')
    .exitOverride()
    .configureOutput({ writeOut: (s) => out.log(s.trimEnd()), writeErr: (s) => out.error(s.trimEnd()) });
  try {
    program.parse(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    throw e;
  }
  const o = program.opts<{
    op: string;
    input: string;
    out: string;
    url?: string;
    embedded?: boolean;
    key?: string;
    cacheMaxAge?: string;
    maxCredits?: string;
    resume?: boolean;
    new?: boolean;
  }>();
  const key = o.key ?? env.CL_API_KEY;
  if (!key) {
    out.error('No API key: pass --key or set CL_API_KEY.');
    return 2;
  }
  let type: string;
  let body: Buffer;
  try {
    type = contentTypeOf(o.input);
    body = readFileSync(o.input);
  } catch (e) {
    out.error((e as Error).message);
    return 2;
  }
  if (o.embedded && o.url !== undefined) {
    out.error('--embedded runs a gateway in this process: leave out --url (or drop --embedded to call the one at --url).');
    return 2;
  }
  let embedded: EmbeddedGateway | undefined;
  if (o.embedded) {
    try {
      embedded = await startEmbedded(env, out);
    } catch (e) {
      out.error(`bulk --embedded: ${(e as Error).message}`);
      return 1;
    }
  }
  const base = (embedded?.url ?? o.url ?? (env.CL_URL || 'http://localhost:8080')).replace(/\/+$/, '');
  try {
    return await follow(o, { base, key, embedded: embedded !== undefined }, type, body, out, opts);
  } finally {
    await embedded?.stop();
  }
}

interface EmbeddedGateway {
  url: string;
  stop(): Promise<void>;
}

/**
 * A gateway in this process, as `npm start` would run it from the same environment, but on a
 * loopback port chosen by the system, and without signal handlers of its own (Ctrl-C is the CLI's: it stops this gateway gracefully —
 * items in flight settle or are refunded, the rest wait in DATA_DIR). Its log goes where the
 * gateway's goes, at LOG_LEVEL=warn unless set; its lines for a person (a first key) to stderr.
 */
async function startEmbedded(env: NodeJS.ProcessEnv, out: BulkOutput): Promise<EmbeddedGateway> {
  const [{ startServer, StartupError }, { DataDirLockError }] = await Promise.all([import('../server.js'), import('../store/lock.js')]);
  try {
    const gw = await startServer(
      { LOG_LEVEL: 'warn', ...env, HOST: '127.0.0.1', PORT: '0' },
      { signals: false, print: (line) => out.error(line) },
    );
    return { url: `http://127.0.0.1:${gw.port}`, stop: () => gw.shutdown('bulk done') };
  } catch (e) {
    if (e instanceof StartupError && e.cause instanceof DataDirLockError && e.cause.reason === 'busy') {
      throw new Error(`${e.message} — follow the job through that gateway with --url instead`);
    }
    throw e;
  }
}

/** A gateway's answer, as the CLI reads it. */
interface Reply {
  status: number;
  text: string;
  replayed: boolean;
}
type Call = (method: string, path: string, init?: { body?: string | Uint8Array; type?: string }) => Promise<Reply>;

/**
 * A .json input's items, read as the gateway reads bodies: UTF-8 (a BOM skipped) — decoded
 * leniently, a Latin-1 "José" would be sent on as "Jos\uFFFD" — and JSON; else why not.
 */
function jsonInput(body: Buffer): { items: unknown } | { problem: string } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return { problem: 'is not UTF-8 text; save it as UTF-8' };
  }
  try {
    return { items: JSON.parse(text) as unknown };
  } catch {
    return { problem: 'is not JSON' };
  }
}

/**
 * Results in input order: NDJSON appends those not yet in --out; CSV is written whole (an item
 * may be several rows), through a temporary file so a crash leaves the earlier one. Returns the
 * lines (rows) written, or the answer that failed.
 */
async function saveResults(call: Call, jobId: string, outPath: string, format: 'csv' | 'ndjson'): Promise<number | Reply> {
  if (format === 'csv') {
    const res = await call('GET', `/v1/jobs/${jobId}/results?format=csv`);
    if (res.status !== 200) return res;
    const tmp = `${outPath}.${process.pid}.tmp`;
    writeFileSync(tmp, res.text);
    renameSync(tmp, outPath);
    return Math.max(0, (parseCsv(res.text, { relax_column_count: true }) as unknown[]).length - 1);
  }
  const res = await call('GET', `/v1/jobs/${jobId}/results?after=${lastWritten(outPath)}`);
  if (res.status !== 200) return res;
  if (res.text) appendFileSync(outPath, res.text);
  return res.text.split('\n').filter(Boolean).length;
}

async function follow(
  o: { op: string; input: string; out: string; cacheMaxAge?: string; maxCredits?: string; resume?: boolean; new?: boolean },
  gateway: { base: string; key: string; embedded: boolean },
  type: string,
  body: Buffer,
  out: BulkOutput,
  opts: { pollMs?: number; progressEveryMs?: number; signal?: AbortSignal },
): Promise<number> {
  const { format, named } = outFormatOf(o.out);
  if (!named) out.error(`--out ${o.out}: writing NDJSON (name it .csv for CSV, .ndjson for NDJSON).`);
  // The same command finds its job again by this key; --new makes one no earlier run used.
  const idem = `bulk-${createHash('sha256')
    .update(JSON.stringify([o.op, o.cacheMaxAge ?? null, o.maxCredits ?? null]))
    .update(body)
    .update(o.new ? randomUUID() : '')
    .digest('hex')
    .slice(0, 32)}`;
  const { base, key } = gateway;
  const headers = { 'x-api-key': key };
  const call: Call = async (method, path, init = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: { ...headers, ...(init.type ? { 'content-type': init.type } : {}) },
      body: init.body as BodyInit | undefined,
      signal: opts.signal,
    });
    return { status: res.status, text: await res.text(), replayed: res.headers.get('idempotent-replayed') === 'true' };
  };
  const fail = (r: Reply) => {
    let msg = r.text;
    try {
      const e = (JSON.parse(r.text) as { error?: { code: string; message: string; details?: { param: string; message: string }[] } }).error;
      if (e) msg = `${e.code}: ${e.message}${e.details ? `\n${e.details.map((d) => `  ${d.param}: ${d.message}`).join('\n')}` : ''}`;
    } catch {
      /* not JSON */
    }
    out.error(`HTTP ${r.status} ${msg}`);
    if (gateway.embedded && r.status === 401)
      out.error("The key must be in DATA_DIR's store: `npm run keys -- create --name bulk --credits N`.");
    return 1;
  };

  // Create (or find again, by the idempotency key) the job.
  let created: Reply;
  if (type === 'application/json') {
    const json = jsonInput(body);
    if ('problem' in json) {
      out.error(`--input ${o.input} ${json.problem}`);
      return 2;
    }
    const items = json.items;
    created = await call('POST', '/v1/jobs', {
      type,
      body: JSON.stringify({
        operation: o.op,
        items,
        cache_max_age: o.cacheMaxAge,
        max_credits: o.maxCredits === undefined ? undefined : Number(o.maxCredits),
        idempotency_key: idem,
      }),
    });
  } else {
    const q = new URLSearchParams({ operation: o.op, idempotency_key: idem });
    if (o.cacheMaxAge) q.set('cache_max_age', o.cacheMaxAge);
    if (o.maxCredits) q.set('max_credits', o.maxCredits);
    created = await call('POST', `/v1/jobs?${q}`, { type, body });
  }
  if (created.status !== 202) return fail(created);
  let job = (JSON.parse(created.text) as { job: Job }).job;
  out.log(`job ${job.id}: ${job.items} items, ${o.op}`);
  if (created.replayed)
    out.error(
      `Found job ${job.id} from an earlier run of this command (${job.status}, ${job.counts.done}/${job.items} done): following it. ` +
        'Pass --new to run the items again as a new job (charged again).',
    );
  // A new job's results start at its first item: --out is written afresh.
  if (o.new && existsSync(o.out)) rmSync(o.out);
  if (o.resume && (job.status === 'stopped_no_credits' || job.status === 'stopped_at_cap')) {
    const r = await call('POST', `/v1/jobs/${job.id}/resume`, {
      type: 'application/json',
      body: o.maxCredits ? JSON.stringify({ max_credits: Number(o.maxCredits) }) : '',
    });
    if (r.status !== 200) return fail(r);
    job = (JSON.parse(r.text) as { job: Job }).job;
  }

  // Progress until it ends. Ctrl-C (the signal) leaves the job running in the gateway: the same
  // command attaches to it again.
  const progress = new SingleBar({
    stream: out.progress,
    format: BAR_FORMAT,
    barsize: 24,
    barCompleteChar: '#',
    barIncompleteChar: '-',
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: opts.progressEveryMs ?? 10_000,
  });
  const started = Date.now();
  const doneAtStart = job.counts.done;
  const rateOf = (j: Job) =>
    Date.now() > started && j.counts.done > doneAtStart ? (j.counts.done - doneAtStart) / ((Date.now() - started) / 1000) : null;
  progress.start(job.items, job.counts.done, barPayload(job, null));
  try {
    while (!FINAL.has(job.status)) {
      await new Promise((r, reject) => {
        const t = setTimeout(r, opts.pollMs ?? 1000);
        opts.signal?.addEventListener('abort', () => (clearTimeout(t), reject(opts.signal!.reason)), { once: true });
      });
      const r = await call('GET', `/v1/jobs/${job.id}`);
      if (r.status !== 200) {
        progress.stop();
        return fail(r);
      }
      job = (JSON.parse(r.text) as { job: Job }).job;
      progress.update(job.counts.done, barPayload(job, rateOf(job)));
    }
  } catch (e) {
    progress.stop();
    if (!opts.signal?.aborted) throw e;
    out.log(
      gateway.embedded
        ? `\nInterrupted: job ${job.id} stops with this process and waits in DATA_DIR. Run the same command again to finish it and collect its results.`
        : `\nInterrupted: job ${job.id} goes on in the gateway. Run the same command again to follow it and collect its results.`,
    );
    return INTERRUPTED;
  }
  progress.update(job.counts.done, barPayload(job, rateOf(job)));
  progress.stop();

  const lines = await saveResults(call, job.id, o.out, format);
  if (typeof lines !== 'number') return fail(lines);

  const c = job.counts;
  out.log(
    `\n${job.status}: ${c.ok} ok (${c.cached} from cache), ${c.failed} failed, ${c.skipped} not run — ${job.credits_charged} credits charged`,
  );
  out.log(format === 'csv' ? `${lines} CSV rows (and a header) written to ${o.out}` : `${lines} result lines written to ${o.out}`);
  if (job.status === 'stopped_no_credits') out.log('Add credits and run the same command with --resume to finish the job.');
  if (job.status === 'stopped_at_cap') out.log('Run the same command with --resume and a higher --max-credits to go on.');
  return job.status === 'completed' ? 0 : 3;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const interrupt = new AbortController();
  process.once('SIGINT', () => interrupt.abort(new Error('interrupted')));
  runBulkCli(
    process.argv.slice(2),
    process.env,
    {
      progress: process.stderr,
      log: (line) => process.stdout.write(`${line}\n`),
      error: (line) => process.stderr.write(`${line}\n`),
    },
    { signal: interrupt.signal },
  ).then(
    (code) => process.exit(code),
    (err) => {
      if (interrupt.signal.aborted) {
        process.stderr.write('\nInterrupted before the job was followed. Run the same command again: it attaches to the same job.\n');
        process.exit(INTERRUPTED);
      }
      process.stderr.write(`bulk: ${(err as Error).message}\n`);
      process.exit(1);
    },
  );
}

/**
 * `npm run keys -- <command>` (or `npx tsx src/cli/keys.ts <command>`): manage API keys and
 * credits in the same SQLite store the gateway uses (DATA_DIR, default ./data). It opens the
 * database directly and never starts the server; WAL mode lets it run beside a live gateway.
 * With REDIS_URL set, as for the gateway, it works on the keys and ledger in that Redis instead.
 *
 *   keys create [--name NAME] [--credits N]   prints the new key once, with its id
 *   keys list [--json]                        id, name, hint, balance, created, revoked
 *   keys add-credits <id> <amount>            prints the new balance
 *   keys revoke <id>
 *   keys set-rate <id> <rps> [burst]          the key's own rate limit (rps 0: unlimited)
 *   keys set-rate <id> default                back to RATE_LIMIT_RPS / RATE_LIMIT_BURST
 *
 * Clear keys exist only in `create`'s output: the store holds SHA-256(key) and a short hint.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { defaultBurst, redisLabel, transactionsKeepMsOf } from '../config.js';
import { MAX_CREDITS } from '../credits/ledger.js';
import type { KeyRecord, Ledger } from '../credits/ledger.js';
import { ApiError } from '../errors.js';
import { createRedisLedger } from '../credits/redis-ledger.js';
import { createSqliteLedger } from '../credits/sqlite-ledger.js';
import { openRedis } from '../store/redis.js';
import { openDatabase } from '../store/sqlite.js';

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

/** The file openDatabase() uses by default. */
const DB_FILE = 'gateway.db';

/** A failure to report as one message and exit code 1 (no stack trace). */
class CliError extends Error {}

/** Same rule as loadConfig(): DATA_DIR, default ./data, resolved against the working directory. */
function dataDirOf(env: NodeJS.ProcessEnv): string {
  return resolve(env.DATA_DIR || './data');
}

function parseCount(raw: string, what: string, allowZero: boolean): number {
  const s = raw.trim();
  const n = Number(s);
  if (!/^\d+$/.test(s) || !Number.isSafeInteger(n) || n > MAX_CREDITS || (!allowZero && n === 0)) {
    throw new InvalidArgumentError(
      `${what} must be a ${allowZero ? 'non-negative' : 'positive'} whole number up to ${MAX_CREDITS}, got ${JSON.stringify(raw)}`,
    );
  }
  return n;
}

function rateText(rate: KeyRecord['rateLimit']): string {
  if (!rate) return 'default';
  return rate.rps === 0 ? 'unlimited' : `${rate.rps}/s burst ${rate.burst}`;
}

function parseRps(raw: string): number {
  const s = raw.trim();
  const n = Number(s);
  // Called from the action (not as commander's argument parser, because of `default`).
  if (!/^\d+(\.\d+)?$/.test(s) || !Number.isFinite(n))
    throw new CliError(`rps must be a non-negative number or "default", got ${JSON.stringify(raw)}`);
  return n;
}

function formatTable(keys: KeyRecord[]): string[] {
  // The RATE column only once some key has its own limit.
  const withRate = keys.some((k) => k.rateLimit);
  const header = ['ID', 'NAME', 'HINT', 'BALANCE', 'CREATED', 'REVOKED', ...(withRate ? ['RATE'] : [])];
  const rows = keys.map((k) => [
    k.id,
    k.name,
    k.hint,
    String(k.balance),
    k.createdAt,
    k.revokedAt ?? '-',
    ...(withRate ? [rateText(k.rateLimit)] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 3 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** Where a command's keys are: DATA_DIR's database, or Redis with REDIS_URL (`dbPath` names either in messages). */
interface KeyStore {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  redisUrl: string | null;
  dbPath: string;
}

/** Opens the store for one command and always closes it. `create` may create it; the others need it to exist. */
async function withLedger<T>(
  { env, dataDir, redisUrl, dbPath }: KeyStore,
  opts: { create: boolean },
  fn: (ledger: Ledger) => Promise<T>,
): Promise<T> {
  if (redisUrl) {
    const redis = openRedis(redisUrl);
    try {
      return await fn(createRedisLedger(redis, { sweepIntervalMs: 0, transactionsKeepMs: transactionsKeepMsOf(env) }));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'SERVICE_UNAVAILABLE') throw new CliError(`Redis at ${dbPath} is unreachable.`);
      throw err;
    } finally {
      await redis.close();
    }
  }
  if (!opts.create && !existsSync(dbPath)) {
    throw new CliError(`No key store at ${dbPath}. Set DATA_DIR to the gateway's data directory (default ./data).`);
  }
  const db = openDatabase(dataDir, DB_FILE);
  try {
    return await fn(createSqliteLedger(db, { transactionsKeepMs: transactionsKeepMsOf(env) }));
  } finally {
    db.close();
  }
}

async function findKey(ledger: Ledger, id: string): Promise<KeyRecord> {
  const record = (await ledger.listKeys()).find((k) => k.id === id);
  if (!record) throw new CliError(`No key with id ${JSON.stringify(id)} (see \`keys list\`).`);
  return record;
}

/**
 * Runs one `keys` command. `argv` is in process.argv form (`[node, script, command, ...args]`).
 * Resolves to the exit code: 0 on success, 1 on any error (the message went to `out.error`).
 */
export async function runKeysCli(argv: string[], env: NodeJS.ProcessEnv, out: CliOutput): Promise<number> {
  const dataDir = dataDirOf(env);
  const redisUrl = env.REDIS_URL?.trim() || null;
  // Where the keys are, for messages (a Redis URL without its credentials).
  const dbPath = redisUrl ? redisLabel(redisUrl) : join(dataDir, DB_FILE);
  const store: KeyStore = { env, dataDir, redisUrl, dbPath };

  const program = new Command('keys')
    .description(`Manage Creator Lookup API keys and credits (store: ${dbPath}; set DATA_DIR to change)`)
    .exitOverride()
    .showHelpAfterError('(run `keys --help` for usage)')
    .configureOutput({
      writeOut: (s) => out.log(s.replace(/\n$/, '')),
      writeErr: (s) => out.error(s.replace(/\n$/, '')),
    });

  program
    .command('create')
    .description('create a key and print it (shown only this once)')
    .option('--name <name>', 'label to tell keys apart', 'unnamed')
    .option('--credits <n>', 'starting credits', (v) => parseCount(v, '--credits', true), 0)
    .action(async (opts: { name: string; credits: number }) => {
      const name = opts.name.trim();
      if (!name) throw new CliError('--name must not be empty');
      const { key, record } = await withLedger(store, { create: true }, (ledger) => ledger.createKey({ name, credits: opts.credits }));
      out.log(`Created key ${record.id} (name ${JSON.stringify(record.name)}, ${record.balance} credits).`);
      out.log('API key (shown once — store it now; it cannot be recovered):');
      out.log('');
      out.log(`  ${key}`);
      out.log('');
      out.log('Send it as the x-api-key header.');
    });

  program
    .command('list')
    .description('list keys (never the secret, only its hint)')
    .option('--json', 'print a JSON array')
    .action(async (opts: { json?: boolean }) => {
      const keys = await withLedger(store, { create: false }, (ledger) => ledger.listKeys());
      if (opts.json) {
        out.log(JSON.stringify(keys, null, 2));
        return;
      }
      if (keys.length === 0) {
        out.log(`No keys in ${dbPath}.`);
        return;
      }
      for (const line of formatTable(keys)) out.log(line);
    });

  program
    .command('add-credits')
    .description('add credits to a key and print its new balance')
    .argument('<id>', 'key id (from `keys list`)')
    .argument('<amount>', 'credits to add, a positive whole number', (v) => parseCount(v, 'amount', false))
    .action(async (id: string, amount: number) => {
      const balance = await withLedger(store, { create: false }, async (ledger) => {
        const record = await findKey(ledger, id);
        if (record.revokedAt) throw new CliError(`Key ${id} was revoked at ${record.revokedAt}; credits on it could never be used.`);
        if (record.balance + amount > MAX_CREDITS) throw new CliError(`amount is too large: the balance would exceed ${MAX_CREDITS}`);
        return ledger.addCredits(id, amount);
      });
      out.log(`Added ${amount} credits to ${id}. New balance: ${balance}`);
    });

  program
    .command('revoke')
    .description('revoke a key: it stops authenticating at once')
    .argument('<id>', 'key id (from `keys list`)')
    .action(async (id: string) => {
      await withLedger(store, { create: false }, async (ledger) => {
        const record = await findKey(ledger, id);
        if (record.revokedAt) throw new CliError(`Key ${id} is already revoked (at ${record.revokedAt}).`);
        if (!(await ledger.revokeKey(id))) throw new CliError(`Key ${id} could not be revoked (revoked concurrently?).`);
      });
      out.log(`Revoked key ${id}.`);
    });

  program
    .command('set-rate')
    .description(
      "set a key's own rate limit (requests per second and burst); `default` returns it to RATE_LIMIT_RPS / RATE_LIMIT_BURST, rps 0 exempts it",
    )
    .argument('<id>', 'key id (from `keys list`)')
    .argument('<rps>', 'requests per second (decimals allowed, 0: unlimited) or "default"')
    .argument('[burst]', 'requests allowed in a burst, a positive whole number (default: rps rounded up, at least 1)', (v) =>
      parseCount(v, 'burst', false),
    )
    .action(async (id: string, rpsRaw: string, burstArg: number | undefined) => {
      const rate = rpsRaw.trim() === 'default' ? null : { rps: parseRps(rpsRaw), burst: burstArg ?? defaultBurst(parseRps(rpsRaw)) };
      if (rate === null && burstArg !== undefined) throw new CliError('a burst cannot be given with "default"');
      await withLedger(store, { create: false }, async (ledger) => {
        const record = await findKey(ledger, id);
        if (record.revokedAt) throw new CliError(`Key ${id} was revoked at ${record.revokedAt}; a rate limit on it would never apply.`);
        if (!(await ledger.setRateLimit(id, rate))) throw new CliError(`Key ${id} could not be updated.`);
      });
      if (!rate) out.log(`Key ${id} now follows the default rate limit (RATE_LIMIT_RPS / RATE_LIMIT_BURST).`);
      else if (rate.rps === 0) out.log(`Key ${id} is now exempt from rate limits.`);
      else out.log(`Key ${id} may now make ${rate.rps} requests per second (burst ${rate.burst}).`);
    });

  try {
    if (argv.length <= 2) {
      program.outputHelp({ error: true });
      return 1;
    }
    await program.parseAsync(argv, { from: 'node' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Commander has already written its message (and usage hint) through configureOutput.
      // --help and --version exit 0.
      return err.exitCode === 0 ? 0 : 1;
    }
    if (err instanceof CliError) {
      out.error(`error: ${err.message}`);
      return 1;
    }
    out.error(`error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  runKeysCli(process.argv, process.env, { log: (l) => console.log(l), error: (l) => console.error(l) }).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}

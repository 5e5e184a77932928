/**
 * `npm run monitors -- <command>` against a running gateway (--url, default CL_URL, else
 * http://localhost:8080; the key from --key or CL_API_KEY), over its REST routes (docs/monitors.md):
 *
 *   create --op /v1/video/channel --param handle=tala --every 1d [--watch a,b] [--webhook-url U --webhook-secret S] [--max-credits-per-day N]
 *   list [--status active]          the key's monitors, one line each
 *   show <id>                       the monitor as JSON
 *   changes <id> [--since ISO]      what changed, one line each (all pages)
 *   delete <id>
 *
 * `--json` prints the API's answers as they are. Exit codes: 0 done, 1 the gateway refused (its
 * error printed), 2 bad usage.
 */
import { pathToFileURL } from 'node:url';
import { Command, CommanderError } from 'commander';

export interface MonitorsOutput {
  log(line: string): void;
  error(line: string): void;
}

interface Common {
  url?: string;
  key?: string;
  json?: boolean;
}

class Refused extends Error {}

/** The gateway's REST API under one key: an answer that is not a success throws Refused with the error it carried. */
type Call = (method: string, path: string, body?: unknown) => Promise<any>;

function gatewayClient(o: Common, env: NodeJS.ProcessEnv): Call {
  const key = o.key ?? env.CL_API_KEY;
  if (!key) throw new CommanderError(2, 'monitors.key', 'No API key: pass --key or set CL_API_KEY.');
  const base = (o.url ?? env.CL_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
  return async (method, path, body) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Refused(`HTTP ${res.status}: ${text.slice(0, 300)}`);
    }
    if (!res.ok || json.success === false) {
      const e = json.error ?? {};
      const details = Array.isArray(e.details) ? e.details.map((d: any) => `\n  ${d.param}: ${d.message}`).join('') : '';
      throw new Refused(`${e.code ?? `HTTP ${res.status}`}: ${e.message ?? text}${details}`);
    }
    return json;
  };
}

/** One monitor, one line (list, create). */
const monitorLine = (m: any) =>
  `${m.id}  ${m.status.padEnd(18)} every ${m.every.padEnd(4)} ${m.operation} ${new URLSearchParams(m.params).toString()}  runs ${m.runs}, ${m.credits_charged} credits${m.next_run_at ? `, next ${m.next_run_at}` : ''}`;

/** One change, one line (changes). */
const changeLine = (c: any) =>
  `${c.at}  ${c.field}: ${c.before === null ? '(added)' : JSON.stringify(c.before)} → ${c.after === null ? '(removed)' : JSON.stringify(c.after)}`;

interface CreateOptions extends Common {
  op: string;
  param: string[];
  every: string;
  watch?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  maxCreditsPerDay?: string;
}

/** `create`'s options as the POST /v1/monitors body; the gateway validates it (a bad number is sent as written). */
function createBody(o: CreateOptions): Record<string, unknown> {
  const params: Record<string, string> = {};
  for (const p of o.param) {
    const at = p.indexOf('=');
    if (at <= 0) throw new CommanderError(2, 'monitors.param', `--param ${p}: write it as name=value`);
    params[p.slice(0, at)] = p.slice(at + 1);
  }
  const body: Record<string, unknown> = { operation: o.op, params, every: o.every };
  if (o.watch)
    body.watch = o.watch
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (o.webhookUrl || o.webhookSecret) body.webhook = { url: o.webhookUrl, secret: o.webhookSecret };
  if (o.maxCreditsPerDay !== undefined)
    body.max_credits_per_day = /^\d+$/.test(o.maxCreditsPerDay) ? Number(o.maxCreditsPerDay) : o.maxCreditsPerDay;
  return body;
}

export async function runMonitorsCli(argv: string[], env: NodeJS.ProcessEnv, out: MonitorsOutput): Promise<number> {
  let code = 0;
  const client = (o: Common) => gatewayClient(o, env);
  const program = new Command('monitors')
    .exitOverride()
    .configureOutput({ writeOut: (s) => out.log(s.trimEnd()), writeErr: (s) => out.error(s.trimEnd()) });
  const common = (c: Command) =>
    c
      .option('--url <url>', 'the gateway (default: CL_URL, else http://localhost:8080)')
      .option('--key <key>', 'API key (default: CL_API_KEY)')
      .option('--json', "print the API's answers as they are")
      .exitOverride();

  const collect = (v: string, all: string[]) => [...all, v];
  common(program.command('create').description('watch a lookup on a schedule'))
    .requiredOption('--op <path>', 'the /v1 GET operation, e.g. /v1/video/channel')
    .option('--param <name=value>', "one of the operation's query parameters (repeat it)", collect, [])
    .requiredOption('--every <interval>', '1h, 6h, 12h, 1d or 7d')
    .option('--watch <paths>', "comma-separated dotted paths into the record (default: the operation's tracked fields)")
    .option('--webhook-url <url>', 'POST monitor.changed / monitor.stopped here, signed')
    .option('--webhook-secret <secret>', 'the HMAC key (16 to 256 characters)')
    .option('--max-credits-per-day <n>', 'skip runs that would pass this many credits in a day (UTC)')
    .action(async (o: CreateOptions) => {
      const r = await client(o)('POST', '/v1/monitors', createBody(o));
      if (o.json) return out.log(JSON.stringify(r));
      out.log(`created ${monitorLine(r.monitor)}`);
      out.log(`watching ${r.monitor.watch.join(', ')}`);
    });

  common(program.command('list').description("the key's monitors, newest first"))
    .option('--status <status>', 'active, paused, stopped_no_credits or stopped_failing')
    .action(async (o: Common & { status?: string }) => {
      const call = client(o);
      let after: string | null = null;
      let n = 0;
      do {
        const q = new URLSearchParams({ limit: '100', ...(o.status ? { status: o.status } : {}), ...(after ? { after } : {}) });
        const page = await call('GET', `/v1/monitors?${q}`);
        for (const m of page.monitors) out.log(o.json ? JSON.stringify(m) : monitorLine(m));
        n += page.monitors.length;
        after = page.next_after;
      } while (after);
      if (!o.json) out.log(`${n} monitor${n === 1 ? '' : 's'}`);
    });

  common(program.command('show').description('one monitor').argument('<id>')).action(async (id: string, o: Common) => {
    const r = await client(o)('GET', `/v1/monitors/${encodeURIComponent(id)}`);
    out.log(JSON.stringify(o.json ? r : r.monitor, null, o.json ? undefined : 2));
  });

  common(program.command('changes').description('what changed, oldest first').argument('<id>'))
    .option('--since <time>', 'from this date or date-time on (ISO 8601)')
    .action(async (id: string, o: Common & { since?: string }) => {
      const call = client(o);
      let after: string | null = null;
      let n = 0;
      do {
        const q = new URLSearchParams({ limit: '1000', ...(o.since ? { since: o.since } : {}), ...(after ? { after } : {}) });
        const page = await call('GET', `/v1/monitors/${encodeURIComponent(id)}/changes?${q}`);
        for (const c of page.changes) out.log(o.json ? JSON.stringify(c) : changeLine(c));
        n += page.changes.length;
        after = page.next_after;
      } while (after);
      if (!o.json) out.log(`${n} change${n === 1 ? '' : 's'}`);
    });

  common(program.command('delete').description('delete a monitor with its history').argument('<id>')).action(
    async (id: string, o: Common) => {
      const r = await client(o)('DELETE', `/v1/monitors/${encodeURIComponent(id)}`);
      out.log(o.json ? JSON.stringify(r) : `deleted ${r.monitor.id}`);
    },
  );

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof Refused) {
      out.error(e.message);
      return 1;
    }
    if (e instanceof CommanderError) {
      if (e.code.startsWith('monitors.')) out.error(e.message);
      return e.exitCode === 0 ? 0 : 2;
    }
    throw e;
  }
  if (argv.length === 0) {
    out.error(program.helpInformation().trimEnd());
    code = 2;
  }
  return code;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runMonitorsCli(process.argv.slice(2), process.env, {
    log: (l) => process.stdout.write(`${l}\n`),
    error: (l) => process.stderr.write(`${l}\n`),
  }).then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`monitors: ${(err as Error).message}\n`);
      process.exit(1);
    },
  );
}

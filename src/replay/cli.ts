/**
 * `tsx src/replay/cli.ts --port 9000 --routes a.json [--routes b.json]`
 *
 * Starts the replay upstream and prints its URL on stdout (one line, for scripts to read), then
 * serves until SIGINT/SIGTERM. Routes from later files take precedence over earlier ones.
 * Point the gateway at it with `UPSTREAM_REPLAY_URL=<printed URL>`.
 */
import { parseArgs } from 'node:util';
import { loadRoutesFile, RoutesFileError } from './routes-file.js';
import { startReplayServer, type Route } from './server.js';

const USAGE = `usage: tsx src/replay/cli.ts [--port 9000] [--host 127.0.0.1] --routes file.json [--routes more.json]`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      routes: { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be an integer 0-65535, got ${values.port}`);

  const routes: Route[] = values.routes.flatMap((file) => loadRoutesFile(file));
  const server = await startReplayServer({ port, host: values.host, routes });
  console.log(server.url);
  console.error(`replay: ${routes.length} route(s) from ${values.routes.length} file(s); Ctrl-C to stop`);

  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

class UsageError extends Error {}

main().catch((err: unknown) => {
  if (err instanceof RoutesFileError || err instanceof UsageError) {
    console.error(err.message);
  } else if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) {
    console.error(`${err.message}\n${USAGE}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});

/**
 * `npm run demo`: the gateway on invented demo data, offline.
 *
 * Starts a replay upstream (src/replay/server.ts) loaded with src/demo/routes.ts, then the real
 * gateway (startServer) with UPSTREAM_REPLAY_URL pointing at it, so every upstream request is
 * answered from src/demo/data/ and nothing touches the internet. Defaults, each overridable from
 * the environment: PORT 8080, HOST 127.0.0.1 (the demo key is public), DATA_DIR ./data/demo,
 * BOOTSTRAP_API_KEY demo-key-0000-0000-0000-0000-0000-0000, BOOTSTRAP_CREDITS 1000, LOG_LEVEL warn.
 * Ctrl-C / SIGTERM stops both servers.
 */
import { startReplayServer } from './replay/server.js';
import type { ReplayServer } from './replay/server.js';
import { startServer } from './server.js';
import { DEMO_SEARCH_QUERIES, DEMO_TRENDING_LANGUAGES, DEMO_OWNER, DEMO_REPOSITORIES, demoRoutes } from './demo/routes.js';
import { DEMO_KEY, GRAPHQL_EXAMPLE, REST_EXAMPLES, curlFor } from './demo/examples.js';

const print = (line = '') => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const replay: ReplayServer = await startReplayServer({ routes: demoRoutes() });

  let stopping = false;
  const stopReplay = () => {
    if (stopping) return;
    stopping = true;
    void replay.close();
  };
  // startServer adds its own SIGINT/SIGTERM handlers: they close the gateway and exit.
  process.once('SIGINT', stopReplay);
  process.once('SIGTERM', stopReplay);

  const customKey = Boolean(process.env.BOOTSTRAP_API_KEY);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: process.env.PORT || '8080',
    HOST: process.env.HOST || '127.0.0.1',
    DATA_DIR: process.env.DATA_DIR || './data/demo',
    BOOTSTRAP_API_KEY: process.env.BOOTSTRAP_API_KEY || DEMO_KEY,
    BOOTSTRAP_CREDITS: process.env.BOOTSTRAP_CREDITS || '1000',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    // Always the demo upstream: the demo must never reach the real sites.
    UPSTREAM_REPLAY_URL: replay.url,
  };

  let gateway: Awaited<ReturnType<typeof startServer>>;
  try {
    gateway = await startServer(env);
  } catch (err) {
    await replay.close();
    throw err;
  }

  // A demo store reused across runs may have spent its credits: top the public demo key back up
  // (never a key the caller supplied).
  const key = env.BOOTSTRAP_API_KEY!;
  const credits = Number(env.BOOTSTRAP_CREDITS);
  const auth = customKey ? null : await gateway.deps.ledger.authenticate(key);
  if (auth && auth.balance < credits) {
    const balance = await gateway.deps.ledger.addCredits(auth.id, credits - auth.balance);
    print(`Topped the demo key back up to ${balance} credits.`);
  }

  const base = `http://localhost:${gateway.port}`;
  const keyArg = customKey ? '$BOOTSTRAP_API_KEY' : key;
  print();
  print('Creator Lookup demo — offline, on invented demo data (src/demo/data/).');
  print(`  Upstream replay: ${replay.url}`);
  print(`  GraphiQL:        ${base}/graphql`);
  print(`  OpenAPI:         ${base}/openapi.json`);
  print(`  API key:         ${customKey ? '(the key in BOOTSTRAP_API_KEY)' : key}   (send it as the x-api-key header)`);
  print();
  print('Try:');
  for (const example of REST_EXAMPLES) {
    print(`  # ${example.title}`);
    print(`  ${curlFor(base, example, keyArg)}`);
  }
  print();
  print(`GraphQL: open ${base}/graphql, set Headers to {"x-api-key": "${keyArg}"} and run:`);
  print();
  for (const line of GRAPHQL_EXAMPLE.split('\n')) print(`  ${line}`);
  print();
  print('Demo data covers:');
  print(`  repositories  ${DEMO_REPOSITORIES.map((r) => `https://github.com/${DEMO_OWNER}/${r}`).join(', ')}`);
  print(`  trending      all languages, ${DEMO_TRENDING_LANGUAGES.join(', ')} (any since); other languages are empty`);
  print(`  web search    ${DEMO_SEARCH_QUERIES.map((q) => JSON.stringify(q)).join(', ')}; other queries find nothing`);
  print();
  print('Ctrl-C to stop.');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

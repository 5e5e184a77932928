/**
 * `npm run demo`: the gateway on invented demo data, offline.
 *
 * The demo's upstream pages are the project's own, written for its tests (each platform's samples.ts: invented,
 * not captures); src/demo/ only arranges them around two demo creators. Nothing here is part of
 * the built server (scripts/build.mjs bundles src/server.ts only).
 *
 * Starts a replay upstream (src/replay/server.ts) loaded with src/demo/routes.ts, then the real
 * gateway (startServer) with UPSTREAM_REPLAY_URL pointing at it, so every upstream request is
 * answered from src/demo/data/ and nothing touches the internet. Defaults, each overridable from
 * the environment: PORT 8080, HOST 127.0.0.1 (the demo key is public), DATA_DIR ./data/demo,
 * BOOTSTRAP_API_KEY demo-key-0000-0000-0000-0000-0000-0000, BOOTSTRAP_CREDITS 1000, LOG_LEVEL warn. In demo mode a request
 * the demo data does not cover is answered "the demo has no data for …" (DEMO_COVERAGE), and
 * GraphiQL opens with the demo key and one saved example per operation (GRAPHIQL_DEFAULTS).
 * Ctrl-C / SIGTERM stops both servers.
 */
import { startReplayServer } from './replay/server.js';
import type { ReplayServer } from './replay/server.js';
import { startServer } from './server.js';
import { demoRoutes } from './demo/routes.js';
import { DEMO_COVERAGE, DEMO_KEY, GRAPHQL_EXAMPLE, REST_EXAMPLES, curlFor, graphiqlTabs } from './demo/examples.js';
import { RAVI, TALA } from './demo/web.js';
import { buildSchema } from './graphql/schema.js';

const print = (line = '') => process.stdout.write(`${line}\n`);

/** GraphiQL in demo mode: the key filled in, one saved tab per example (src/demo/examples.ts). */
function graphiqlDefaults(key: string) {
  const tabs = graphiqlTabs(buildSchema(), key);
  return { headers: tabs[0].headers, defaultQuery: tabs[0].query, defaultTabs: tabs };
}

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
    DEMO_COVERAGE,
    // A key the caller supplied is theirs: never written into a page.
    GRAPHIQL_DEFAULTS: JSON.stringify(graphiqlDefaults(customKey ? '<your key>' : process.env.BOOTSTRAP_API_KEY || DEMO_KEY)),
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
  print("Try (one example per route; each is also its parameters' example in /openapi.json):");
  for (const example of REST_EXAMPLES) {
    print(`  # ${example.title}`);
    print(`  ${curlFor(base, example, keyArg)}`);
  }
  print();
  print(
    `GraphQL: open ${base}/graphql — ${customKey ? `set Headers to {"x-api-key": "${keyArg}"}; ` : 'the demo key is filled in; '}every example above is a saved tab, with @defer/@stream. Or run:`,
  );
  print();
  for (const line of GRAPHQL_EXAMPLE.split('\n')) print(`  ${line}`);
  print();
  print('Demo data covers:');
  print(
    `  creators      ${TALA.name} (social-b ${TALA.socialB}, Linktree, talaokafor.com) and ${RAVI.name} (video ${RAVI.video}, Lnk.Bio, ravimenoncooks.com),`,
  );
  print('                on social-b, shortvideo, video, microblog-b and social-a, with decoys that share a handle or a name');
  print('  elsewhere     the records in the examples above (src/demo/); anything else answers "the demo has no data for …"');
  print();
  print('Ctrl-C to stop.');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

/**
 * Replay upstream for the load test, in its own process so its work does not distort the load
 * generator's timings: every `https://api.github.com/repos/<owner>/<repo>` answers a repository
 * JSON (test/data.ts) for that name after LATENCY_MS, and counts the request.
 * `GET /bench.local/hits` answers `{"repos": <count>}` (how many upstream fetches were made).
 *
 *   PORT=… LATENCY_MS=5 tsx bench/load/replay.ts      → prints "replay listening <url>"
 */
import { startReplayServer } from '../../src/replay/server.js';
import { repoJson } from '../../test/data.js';

const port = Number(process.env.PORT ?? 0);
const latencyMs = Number(process.env.LATENCY_MS ?? 5);
let repos = 0;

const replay = await startReplayServer({
  port,
  routes: [
    {
      host: 'api.github.com',
      path: /^\/repos\/[^/]+\/[^/]+$/,
      response: (req) => {
        repos++;
        const [, , owner, repo] = req.path.split('/');
        return {
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: repoJson(owner, repo),
          ...(latencyMs > 0 ? { fault: { kind: 'latency' as const, ms: latencyMs } } : {}),
        };
      },
    },
    {
      host: 'bench.local',
      path: '/hits',
      response: () => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ repos }) }),
    },
  ],
});
// The replay server keeps a log of every request (about 1 KB each): tens of MB for a run, in
// this process only, which is not measured.
process.stdout.write(`replay listening ${replay.url}\n`);
const stop = () => void replay.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

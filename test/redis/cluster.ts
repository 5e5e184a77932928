/**
 * Two gateway instances sharing one Redis (REDIS_URL), each with its own DATA_DIR, both in
 * front of one replay upstream — a load-balanced deployment on loopback ports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDeps } from '../../src/deps.js';
import type { OpenDeps } from '../../src/deps.js';
import { silentLogger } from '../../src/log.js';
import { startReplayServer } from '../../src/replay/server.js';
import type { ReplayServer, Route } from '../../src/replay/server.js';
import { checkAndStripRequestId } from '../request-id.js';
import { checkRestContract } from '../contract.js';
import { TEST_SECRETS_KEY } from './redis-server.js';

export interface Instance {
  url: string;
  deps: OpenDeps;
  rest(path: string, key?: string): Promise<{ status: number; body: any; headers: Headers }>;
  gql(query: string, key?: string): Promise<{ status: number; body: any; headers: Headers }>;
}

export interface Cluster {
  replay: ReplayServer;
  nodes: [Instance, Instance];
  /** Creates a key (through the first instance) with this balance. */
  key(credits: number): Promise<{ key: string; id: string }>;
  close(): Promise<void>;
}

async function startInstance(
  redisUrl: string,
  replayUrl: string,
  env: Record<string, string>,
): Promise<Instance & { close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cl-node-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl,
    SECRETS_KEY: TEST_SECRETS_KEY,
    UPSTREAM_REPLAY_URL: replayUrl,
    UPSTREAM_RETRIES: '0',
    UPSTREAM_TOTAL_TIMEOUT_MS: '5000',
    ...env,
  } as NodeJS.ProcessEnv);
  const deps = openDeps(config, { logger: silentLogger });
  const app = createApp(deps);
  await app.warm();
  const server: Server = createServer(app.handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const parse = async (res: Response) => {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      return { status: res.status, body, headers: res.headers };
    }
    // Errors repeat the x-request-id header (checked, then removed: see test/request-id.ts).
    checkAndStripRequestId(body, res.headers.get('x-request-id'));
    return { status: res.status, body, headers: res.headers };
  };
  return {
    url,
    deps,
    rest: async (path, key) => {
      const r = await parse(await fetch(url + path, { headers: key ? { 'x-api-key': key } : {} }));
      checkRestContract(path, r.status, r.body);
      return r;
    },
    gql: async (query, key) =>
      parse(
        await fetch(`${url}/graphql`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/graphql-response+json',
            ...(key ? { 'x-api-key': key } : {}),
          },
          body: JSON.stringify({ query }),
        }),
      ),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      // The modules' background work (job workers, monitor schedulers) stops before the stores close.
      await app.close();
      await deps.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startCluster(redisUrl: string, opts: { routes?: Route[]; env?: Record<string, string> } = {}): Promise<Cluster> {
  const replay = await startReplayServer({ routes: opts.routes ?? [] });
  const a = await startInstance(redisUrl, replay.url, opts.env ?? {});
  const b = await startInstance(redisUrl, replay.url, opts.env ?? {});
  return {
    replay,
    nodes: [a, b],
    async key(credits) {
      const { key, record } = await a.deps.ledger.createKey({ name: 'test', credits });
      return { key, id: record.id };
    },
    async close() {
      await Promise.all([a.close(), b.close()]);
      await replay.close();
    },
  };
}

/**
 * Start-up warm-up (WARM_UP, default on): before the gateway says it is listening, it sends
 * itself a few thousand of the requests anyone may send without a key — refused large bodies,
 * `{__typename}`, introspection, invalid documents and JSON, unknown paths, /healthz — over
 * loopback, so the code that answers them is compiled before the first client arrives. Cold, the
 * first burst of keyless requests held the event loop for 30–50 ms (bench/abuse.ts: /healthz
 * waited that long); warm, a burst of fifty takes about a tenth of that.
 *
 * Why thousands (ROUNDS; about 1.5 s on a 2-core machine): a few hundred got the code past the
 * interpreter, not to V8's optimising compiler. A flood then still ran baseline code at first
 * while the optimiser compiled on background threads — on a busy or single core, beside the event
 * loop (perf showed both at the flood's start). In bench/abuse.ts, runs taken in turns: /healthz
 * p99 under the flood 9.3× and 13.8× its quiet p99 after 60 rounds, 4.3× and 5.5× after 250.
 *
 * Nothing is charged or fetched upstream (no key, no /v1 operation runs), and nothing is logged
 * or counted: each request carries a token only this process knows, and the access log and the
 * metrics skip those requests (src/app.ts). Bounded in time (WARM_UP_MAX_MS); a failure only
 * ends the warm-up early.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Pool } from 'undici';
import { getIntrospectionQuery } from 'graphql';
import { ALL_INTROSPECTION_OPTIONS } from '../graphql/introspection.js';

/** The header value that marks this process's own warm-up requests. */
const WARM_UP_TOKEN = randomBytes(18).toString('base64url');
export const WARM_UP_HEADER = 'x-warm-up';

/** Whether a request is this process's own warm-up request. */
export const isWarmUp = (header: string | string[] | undefined): boolean => header === WARM_UP_TOKEN;

/** Rounds of SHOTS (11 requests each). */
const ROUNDS = 250;
const CONNECTIONS = 8;
const WARM_UP_MAX_MS = 6_000;

interface Shot {
  method: string;
  path: string;
  type?: string;
  body?: string;
  /** A declared body length larger than what is sent (a body the gateway refuses unread). */
  declared?: number;
}

/**
 * Clients differ, and V8 compiles for the shapes it has seen: a flood from another client (other
 * headers, other header order, its own way of closing) made the optimised HTTP code of a uniform
 * warm-up bail out and recompile at the flood's start (bench/abuse.ts under --trace-deopt: 30
 * dependent functions dropped back to the interpreter). So requests go out as each of these
 * clients in turn: the header sets of common clients (none, curl, a browser, a library asking for
 * GraphQL's media type), sent by node:http on shared keep-alive connections, by undici, or on a
 * connection of their own that closes after the answer.
 */
interface Client {
  headers: Record<string, string>;
  by: 'agent' | 'undici' | 'own';
}
const CLIENTS: Client[] = [
  { headers: {}, by: 'agent' },
  { headers: { 'user-agent': 'curl/8.5.0', accept: '*/*' }, by: 'agent' },
  {
    headers: {
      accept: 'application/graphql-response+json, application/json;q=0.9',
      'accept-encoding': 'gzip, deflate, br',
      'accept-language': 'en-US,en;q=0.9',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      origin: 'http://localhost:3000',
      referer: 'http://localhost:3000/',
    },
    by: 'agent',
  },
  { headers: { accept: 'application/graphql-response+json', 'user-agent': 'undici' }, by: 'undici' },
  { headers: { connection: 'close' }, by: 'own' },
];

/** How a client leaves a refused body: waits for the answer, sends it all at once, or resets the connection. */
type Leaving = 'wait' | 'all' | 'reset';
const LEAVINGS: Leaving[] = ['wait', 'all', 'reset'];

/** What one warm-up sends with: its connections, and the refused body written whole (1 MiB, made per warm-up). */
interface Senders {
  agent: http.Agent;
  pool: Pool;
  port: number;
  host: string;
  refusedBody: Buffer;
}

const INTROSPECTION = JSON.stringify({ query: getIntrospectionQuery() });
// Every option on (ALL_INTROSPECTION_OPTIONS), as GraphiQL and code generators ask: their fields'
// code compiled too. Under an operation name of its own, so its answer is remembered under its own
// text and a client's first query of this kind still computes its answer, only with warm code.
const FULL_INTROSPECTION = JSON.stringify({
  query: getIntrospectionQuery(ALL_INTROSPECTION_OPTIONS).replace('query IntrospectionQuery', 'query WarmUpIntrospection'),
});
const SHOTS: Shot[] = [
  { method: 'POST', path: '/graphql', type: 'application/json', body: ' '.repeat(16 * 1024), declared: 1024 * 1024 },
  { method: 'POST', path: '/graphql', type: 'application/json', body: '{"query":"{ __typename }"}' },
  { method: 'POST', path: '/graphql', type: 'application/json', body: INTROSPECTION },
  { method: 'POST', path: '/graphql', type: 'application/json', body: FULL_INTROSPECTION },
  {
    method: 'POST',
    path: '/graphql',
    type: 'application/json',
    body: '{"query":"{ __type(name: \\"Query\\") { name fields { name } } }"}',
  },
  { method: 'POST', path: '/graphql', type: 'application/json', body: '{"query":"{ notAField }"}' },
  { method: 'POST', path: '/graphql', type: 'application/json', body: '{"query":"{ a: __typename b: __typename"}' },
  { method: 'POST', path: '/graphql', type: 'application/json', body: '{"query":' },
  { method: 'POST', path: '/graphql', type: 'text/plain', body: 'x' },
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/no-such-path' },
];

/** Resolves true once the answer has been read, false when the request failed. */
function send(to: Senders, shot: Shot, client: Client, leaving: Leaving): Promise<boolean> {
  return new Promise((resolveP) => {
    const headers: Record<string, string | number> = { ...client.headers, [WARM_UP_HEADER]: WARM_UP_TOKEN };
    if (shot.type) headers['content-type'] = shot.type;
    if (shot.body !== undefined) headers['content-length'] = shot.declared ?? Buffer.byteLength(shot.body);
    // (A reset connection is never the shared agent's: it would keep counting it as busy.)
    const own = client.by === 'own' || (shot.declared !== undefined && leaving === 'reset');
    const options = { agent: own ? false : to.agent, host: to.host, port: to.port, method: shot.method, path: shot.path, headers };
    const req = http.request(options, (res) => {
      res.resume();
      res.on('end', () => resolveP(true));
      res.on('error', () => resolveP(false));
      // A refused body: the gateway answers before it has the body and closes the connection.
      if (shot.declared) res.on('close', () => (leaving === 'reset' ? req.socket?.resetAndDestroy() : req.destroy()));
    });
    req.on('error', () => resolveP(false));
    req.setTimeout(1_000, () => req.destroy());
    if (shot.body === undefined) req.end();
    else if (!shot.declared) req.end(shot.body);
    else if (leaving === 'all') req.end(to.refusedBody.subarray(0, shot.declared));
    else req.write(shot.body);
  });
}

/** A shot sent by undici (a Pool, as node's fetch and many services use), large bodies written whole. */
async function sendByUndici(to: Senders, shot: Shot, client: Client): Promise<boolean> {
  const headers: Record<string, string> = { ...client.headers, [WARM_UP_HEADER]: WARM_UP_TOKEN };
  if (shot.type) headers['content-type'] = shot.type;
  try {
    const body = shot.declared ? to.refusedBody.subarray(0, shot.declared - 64) : shot.body;
    const r = await to.pool.request({
      path: shot.path,
      method: shot.method as 'GET' | 'POST',
      headers,
      body,
      headersTimeout: 1_000,
      bodyTimeout: 1_000,
    });
    await r.body.dump();
    return true;
  } catch {
    return false;
  }
}

/** Warms the gateway listening on `host:port` (see above). Resolves within WARM_UP_MAX_MS, with the number of requests answered. */
export async function warmUp(port: number, host: string): Promise<{ answered: number; ms: number }> {
  const started = performance.now();
  const target = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  const to: Senders = {
    agent: new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS }),
    pool: new Pool(`http://${target.includes(':') ? `[${target}]` : target}:${port}`, { connections: CONNECTIONS }),
    port,
    host: target,
    refusedBody: Buffer.alloc(1024 * 1024, 0x20),
  };
  const until = started + WARM_UP_MAX_MS;
  let next = 0;
  let answered = 0;
  const total = ROUNDS * SHOTS.length;
  const worker = async () => {
    while (next < total && performance.now() < until) {
      const n = next++;
      const shot = SHOTS[n % SHOTS.length];
      const client = CLIENTS[n % CLIENTS.length];
      const leaving = LEAVINGS[Math.floor(n / SHOTS.length) % LEAVINGS.length];
      if (await (client.by === 'undici' ? sendByUndici(to, shot, client) : send(to, shot, client, leaving))) answered++;
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  } finally {
    to.agent.destroy();
    await to.pool.destroy().catch(() => {});
  }
  return { answered, ms: Math.round(performance.now() - started) };
}

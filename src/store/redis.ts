/**
 * The shared store when REDIS_URL is set (docs/scaling.md): one connection per gateway process
 * for the ledger, single-flight, rate limits and the bulk jobs' store, through `command` and
 * `script` only; the result cache has a second connection (`duplicate`), BullMQ its own.
 *
 * A store that cannot answer must not hang requests. node-redis's own command timeout stops
 * counting once a command is written to the socket, so a Redis that accepts the bytes but never
 * answers (stopped by SIGSTOP, swapping, a half-open connection) would hold every request for as
 * long as it is stuck. Hence every call runs under this module's own timer (`storeDeadline`,
 * REDIS_COMMAND_TIMEOUT_MS), whatever the client library does:
 *
 * - a call not answered in time fails as ApiError SERVICE_UNAVAILABLE (503 "a store is
 *   unreachable", with Retry-After);
 * - Redis is then known to be stuck: a connection's commands are answered in order, so everything
 *   sent after the unanswered one waits behind it, and Redis runs one command at a time for all
 *   connections, so the other connection is no better off. Until that one is answered (or its
 *   connection fails), further calls on either connection fail at once instead of piling up (and
 *   a request making several store calls in a row waits for one deadline, not for each). This
 *   circuit closes by itself when Redis answers again, with no probe and no reconnect needed;
 * - commands are not queued while the connection is down (`disableOfflineQueue`) and the
 *   client's queue is bounded (`commandsQueueMaxLength`), so nothing accumulates without limit.
 *
 * A call that timed out may still be executed by Redis later, when it resumes. Reads and the
 * rate-limit, lock and cache writes do no harm late; the ledger's rule for its own writes is in
 * credits/redis-ledger.ts. The connection is re-established in the background (backoff capped at
 * RECONNECT_MAX_MS). Only right after start-up, before the first connection, do commands wait for
 * it (up to connectTimeoutMs).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { createClient } from '@keyv/redis';
import { DEFAULT_REDIS_COMMAND_TIMEOUT_MS } from '../config.js';
import { ApiError } from '../errors.js';

export type RedisClient = ReturnType<typeof newClient>;

let library: typeof import('@keyv/redis') | undefined;
/**
 * The Redis client library (@keyv/redis: node-redis's client and keyv's Redis store), loaded the
 * first time a store is opened: a gateway without REDIS_URL never reads it (~0.2 s of its start).
 */
export function redisLibrary(): typeof import('@keyv/redis') {
  return (library ??= createRequire(import.meta.url)('@keyv/redis') as typeof import('@keyv/redis'));
}
export type RedisArg = string | number;

export const RECONNECT_MAX_MS = 500;
/** Commands sent and not yet answered per connection; beyond, a call fails at once (503). */
export const COMMAND_QUEUE_MAX = 10_000;

export interface LuaScript {
  lua: string;
  sha: string;
}

export function lua(source: string): LuaScript {
  return { lua: source, sha: createHash('sha1').update(source).digest('hex') };
}

export interface CallOptions {
  /**
   * Sent even while the store is stuck: an undo of a call that just timed out, queued right
   * behind it (answers come in order), so that if Redis runs the one late it runs the undo next.
   * A script so sent goes whole (EVAL): run late, an EVALSHA of a script Redis does not hold yet
   * would only answer NOSCRIPT, to a caller gone.
   */
  evenIfStuck?: boolean;
}

export interface RedisStore {
  /** One command; any failure (down, timeout, error reply) is ApiError SERVICE_UNAVAILABLE. */
  command<T = unknown>(args: RedisArg[], opts?: CallOptions): Promise<T>;
  /** A Lua script by SHA-1 (EVALSHA), sent in full once after NOSCRIPT (e.g. after a Redis restart). */
  script<T = unknown>(script: LuaScript, keys: string[], args: RedisArg[], opts?: CallOptions): Promise<T>;
  /**
   * A new, connected client with the same options, owned (and closed) by the caller, with the
   * deadline every call on it must go through (the same timer and circuit as this store's).
   */
  duplicate(): { client: RedisClient; deadline: StoreDeadline };
  /** REDIS_COMMAND_TIMEOUT_MS: how long one call may take. */
  readonly commandTimeoutMs: number;
  close(): Promise<void>;
}

/** Runs one store call under the store's timer (see the module comment). */
export type StoreDeadline = <T>(call: () => Promise<T>, opts?: CallOptions) => Promise<T>;

export interface RedisStoreOptions {
  /** Deadline of one call (REDIS_COMMAND_TIMEOUT_MS). Default DEFAULT_REDIS_COMMAND_TIMEOUT_MS. */
  commandTimeoutMs?: number;
  /** How long commands wait for the very first connection. Default 3000. */
  connectTimeoutMs?: number;
  /** Connection and command errors, at most one every few seconds (logging). */
  onError?: (err: unknown) => void;
}

export function storeUnavailable(cause: unknown): ApiError {
  // Redis's own refusal at its maxmemory (noeviction): reachable, refusing writes — said so, not "unreachable".
  if (cause instanceof Error && cause.message.startsWith('OOM '))
    return new ApiError('SERVICE_UNAVAILABLE', 'a store refuses writes: it is out of memory', { cause });
  return new ApiError('SERVICE_UNAVAILABLE', 'a store is unreachable', { cause });
}

export class StoreTimeoutError extends Error {
  constructor(ms: number, stuck: boolean) {
    super(stuck ? 'an earlier command is still unanswered' : `no answer within ${ms} ms`);
    this.name = 'StoreTimeoutError';
  }
}

/**
 * The timer of one connection. `call` starts the command; its answer is awaited at most
 * `timeoutMs`. The first call left unanswered marks the store stuck until it settles; calls
 * made meanwhile fail with StoreTimeoutError without being sent (but `evenIfStuck`). Other failures pass through
 * unchanged (callers look at them, e.g. NOSCRIPT).
 */
export function storeDeadline(timeoutMs: number): StoreDeadline {
  let stuck: Promise<unknown> | null = null;
  return <T>(call: () => Promise<T>, opts?: CallOptions): Promise<T> => {
    if (stuck && !opts?.evenIfStuck) return Promise.reject(new StoreTimeoutError(timeoutMs, true));
    let pending: Promise<T>;
    try {
      pending = call();
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        // A busy event loop runs due timers before reading sockets: let an answer that has
        // arrived meanwhile be read (poll phase) before calling the call timed out (check phase).
        setImmediate(() => {
          if (settled) return;
          settled = true;
          if (!stuck) {
            const mark = pending.then(
              () => undefined,
              () => undefined,
            );
            stuck = mark;
            void mark.then(() => {
              if (stuck === mark) stuck = null;
            });
          }
          reject(new StoreTimeoutError(timeoutMs, false));
        });
      }, timeoutMs);
      pending.then(
        (v) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(v);
        },
        (err) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          reject(err);
        },
      );
    });
  };
}

function clientOptions(url: string, o: RedisStoreOptions) {
  return {
    url,
    disableOfflineQueue: true,
    commandsQueueMaxLength: COMMAND_QUEUE_MAX,
    // No per-command timeout of node-redis's own: it costs an AbortSignal.timeout (a timer and
    // a weakly held signal) per command, on every request several times over, and adds nothing
    // to `storeDeadline`: a call not answered in time fails there, a command still unwritten
    // then is sent later and may run late like one written but unanswered (the same rules
    // apply, credits/redis-ledger.ts), and the queue stays bounded (commandsQueueMaxLength; a
    // stuck store fails further calls without sending them).
    socket: {
      connectTimeout: o.connectTimeoutMs ?? 3_000,
      reconnectStrategy: (retries: number) => Math.min(25 * 2 ** retries, RECONNECT_MAX_MS),
    },
  };
}

function newClient(url: string, o: RedisStoreOptions): ReturnType<typeof createClient> {
  return redisLibrary().createClient(clientOptions(url, o));
}

/** Calls `fn` at most once per `everyMs` (error logs while the store is down). */
function throttled(fn: ((err: unknown) => void) | undefined, everyMs = 5_000): (err: unknown) => void {
  let last = 0;
  return (err) => {
    const t = Date.now();
    if (!fn || t - last < everyMs) return;
    last = t;
    fn(err);
  };
}

/** Starts connecting (in the background) and returns at once: openDeps is synchronous. */
export function openRedis(url: string, opts: RedisStoreOptions = {}): RedisStore {
  const report = throttled(opts.onError);
  const commandTimeoutMs = opts.commandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS;
  const connect = (): { client: RedisClient; first: Promise<unknown> } => {
    const client = newClient(url, opts);
    // Without a listener an 'error' event would end the process; the client reconnects itself.
    client.on('error', report);
    const first = client.connect().catch(report);
    return { client, first };
  };
  const { client, first } = connect();
  const deadline = storeDeadline(commandTimeoutMs);
  const connectWait = opts.connectTimeoutMs ?? 3_000;
  let connectedOnce = false;
  client.on('ready', () => {
    connectedOnce = true;
  });

  const whenStarted = async () => {
    if (client.isReady || connectedOnce) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([first, new Promise((r) => (timer = setTimeout(r, connectWait)))]);
    clearTimeout(timer);
  };

  /** One command under the deadline; failures other than NOSCRIPT become SERVICE_UNAVAILABLE. */
  const send = async <T>(args: string[], opts: CallOptions | undefined, passNoScript = false): Promise<T> => {
    await whenStarted();
    try {
      return (await deadline(() => client.sendCommand(args), opts)) as T;
    } catch (err) {
      if (passNoScript && err instanceof Error && err.message.startsWith('NOSCRIPT')) throw err;
      report(err);
      throw storeUnavailable(err);
    }
  };

  const command = <T>(args: RedisArg[], opts?: CallOptions): Promise<T> => send<T>(args.map(String), opts);

  return {
    command,
    commandTimeoutMs,
    async script<T>(s: LuaScript, keys: string[], args: RedisArg[], opts?: CallOptions): Promise<T> {
      const tail = [String(keys.length), ...keys, ...args.map(String)];
      if (opts?.evenIfStuck) return command<T>(['EVAL', s.lua, ...tail], opts);
      try {
        return await send<T>(['EVALSHA', s.sha, ...tail], opts, true);
      } catch (err) {
        if (err instanceof ApiError) throw err;
      }
      // NOSCRIPT (e.g. after a Redis restart). EVAL also caches the script: later calls go back to EVALSHA.
      return command<T>(['EVAL', s.lua, ...tail], opts);
    },
    duplicate() {
      return { client: connect().client, deadline };
    },
    async close() {
      if (!client.isOpen) return;
      if (!client.isReady) return client.destroy();
      // QUIT waits for every pending answer: a stuck Redis must not hold the shutdown.
      await deadline(() => client.close()).catch(() => client.destroy());
    },
  };
}

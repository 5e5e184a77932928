/**
 * The shared store when REDIS_URL is set (docs/scaling.md): one connection per gateway process
 * for the ledger and single-flight, through `command` and `script` only.
 *
 * A store that cannot answer must not hang requests: commands are not queued while the
 * connection is down (`disableOfflineQueue`), each has a deadline, and every failure reaches
 * callers as ApiError SERVICE_UNAVAILABLE (503 "a store is unreachable"). The connection is
 * re-established in the background (backoff capped at RECONNECT_MAX_MS). Only right after
 * start-up, before the first connection, do commands wait for it (up to connectTimeoutMs).
 */
import { createHash } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { ApiError } from '../errors.js';

export type RedisClient = ReturnType<typeof newClient>;
export type RedisArg = string | number;

export const RECONNECT_MAX_MS = 500;

export interface LuaScript {
  lua: string;
  sha: string;
}

export function lua(source: string): LuaScript {
  return { lua: source, sha: createHash('sha1').update(source).digest('hex') };
}

export interface RedisStore {
  /** One command; any failure (down, timeout, error reply) is ApiError SERVICE_UNAVAILABLE. */
  command<T = unknown>(args: RedisArg[]): Promise<T>;
  /** A Lua script by SHA-1 (EVALSHA), sent in full once after NOSCRIPT (e.g. after a Redis restart). */
  script<T = unknown>(script: LuaScript, keys: string[], args: RedisArg[]): Promise<T>;
  /** A new, connected client with the same options, owned (and closed) by the caller. */
  duplicate(): RedisClient;
  close(): Promise<void>;
}

export interface RedisStoreOptions {
  /** Deadline of one command. Default 2000. */
  commandTimeoutMs?: number;
  /** How long commands wait for the very first connection. Default 3000. */
  connectTimeoutMs?: number;
  /** Connection and command errors, at most one every few seconds (logging). */
  onError?: (err: unknown) => void;
}

export function storeUnavailable(cause: unknown): ApiError {
  return new ApiError('SERVICE_UNAVAILABLE', 'a store is unreachable', { cause });
}

function clientOptions(url: string, o: RedisStoreOptions) {
  return {
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: o.commandTimeoutMs ?? 2_000 },
    socket: {
      connectTimeout: o.connectTimeoutMs ?? 3_000,
      reconnectStrategy: (retries: number) => Math.min(25 * 2 ** retries, RECONNECT_MAX_MS),
    },
  };
}

function newClient(url: string, o: RedisStoreOptions) {
  return createClient(clientOptions(url, o));
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
  const connect = (): { client: RedisClient; first: Promise<unknown> } => {
    const client = newClient(url, opts);
    // Without a listener an 'error' event would end the process; the client reconnects itself.
    client.on('error', report);
    const first = client.connect().catch(report);
    return { client, first };
  };
  const { client, first } = connect();
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

  const command = async <T>(args: RedisArg[]): Promise<T> => {
    await whenStarted();
    try {
      return (await client.sendCommand(args.map(String))) as T;
    } catch (err) {
      report(err);
      throw storeUnavailable(err);
    }
  };

  return {
    command,
    async script<T>(s: LuaScript, keys: string[], args: RedisArg[]): Promise<T> {
      await whenStarted();
      const tail = [String(keys.length), ...keys, ...args.map(String)];
      try {
        return (await client.sendCommand(['EVALSHA', s.sha, ...tail])) as T;
      } catch (err) {
        if (!(err instanceof Error && err.message.startsWith('NOSCRIPT'))) {
          report(err);
          throw storeUnavailable(err);
        }
      }
      // EVAL also caches the script: later calls go back to EVALSHA.
      return command<T>(['EVAL', s.lua, ...tail]);
    },
    duplicate() {
      return connect().client;
    },
    async close() {
      if (!client.isOpen) return;
      if (client.isReady) await client.close().catch(() => client.destroy());
      else client.destroy();
    },
  };
}

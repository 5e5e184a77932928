/**
 * BullMQ's Redis connection (ioredis) for the bulk-job queues, and the connections BullMQ makes
 * from it (each Worker duplicates it for its blocking reads).
 *
 * BullMQ closes a Worker's blocking connection on purpose (a job ends, the instance shuts down)
 * while commands may still be queued on it. ioredis then rejects every queued command with
 * "Connection is closed.". BullMQ awaits the commands whose answers it needs, but not all of
 * them (BullMQ 6 marks its abandoned blocking read handled for this reason). A rejection nobody
 * awaits is an `unhandledRejection`: under Node's default it ends the process, dropping every
 * request in flight; a CI run of our Redis job tests caught one while a job was being cancelled.
 *
 * So on these connections every command's promise is marked observed as it is sent. Whoever
 * awaits it still gets its result or its error; a rejection nobody waits for is dropped. Only the
 * job queues' connections are wrapped; the ledger, cache and job store use their own clients.
 */
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';

// ioredis is loaded only by a gateway that runs jobs on Redis (BullMQ's own client; queue.ts).
const requireHere = createRequire(import.meta.url);

const observe = (): undefined => undefined;

/** `client`, whose command promises are each marked observed, and whose duplicates are too. */
function observed<T extends Redis>(client: T): T {
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
    const p = send(...args);
    // ioredis returns the command's promise on every path (typed unknown).
    (p as Promise<unknown>).catch(observe);
    return p;
  }) as Redis['sendCommand'];
  const duplicate = client.duplicate.bind(client);
  client.duplicate = ((override?: Partial<RedisOptions>) => observed(duplicate(override))) as Redis['duplicate'];
  return client;
}

/**
 * The queues' connection: commands wait for Redis rather than fail (workers resume by
 * themselves when it is back), reconnecting every second at most.
 */
export function bullConnection(url: string): Redis {
  const { Redis: Client } = requireHere('ioredis') as typeof import('ioredis');
  return observed(
    new Client(url, {
      maxRetriesPerRequest: null,
      retryStrategy: (n) => Math.min(50 * 2 ** n, 1_000),
    }),
  );
}

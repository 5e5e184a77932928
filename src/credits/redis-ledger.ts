/**
 * The ledger on Redis (REDIS_URL), shared by any number of gateway instances. Same guarantees
 * as the embedded SQLite ledger: every mutation is one Lua script, which Redis runs atomically,
 * and the conditional decrement in RESERVE (`balance >= amount`) is the only way credits leave a
 * balance — so balances never go negative and a reservation is settled at most once, across
 * instances.
 *
 * Keys (all ledger keys share the `{ledger}` hash tag, i.e. one cluster slot):
 *
 *   P:key:<id>   hash  name, hint, balance, created_at, revoked_at ('' while active), key_hash,
 *                      charged (sum of settled charges), granted, refunded (abandoned reservations),
 *                      rate_rps and rate_burst (the key's own rate limit, when it has one)
 *   P:keyhash    hash  SHA-256(api key) → id. Only the hash is stored, as in SQLite.
 *   P:keys       zset  id by creation time (listing order)
 *   P:res        hash  reservation id → "<amount>:<key id>"
 *   P:res:at     zset  reservation id by creation time (Redis server clock, ms)
 *   P:tx:<id>    zset  the key's transaction rows by id (ledger.ts Transaction; `tx_seq` in P:key:<id> numbers them)
 *   P:txrow:<id> hash  row id → the row (JSON: i id, t time ms, k kind, r request id, o operation,
 *                      j job id, m monitor id, c credits, b settled balance after)
 *   P:txjob:<id> hash  job id → the id of the job's row
 *
 * Transactions: the scripts that move credits (SETTLE and SETTLE_ONCE when they charge, CREATE
 * with credits, ADD) write the movement's row in the same script, with the settled balance after
 * (`granted` − `charged`); a job's charges update its one row. Each new row deletes the key's
 * oldest rows past the retention (TRANSACTIONS_RETENTION_DAYS); listing never shows them.
 *
 * A reservation whose instance crashed is never settled; it is refunded once it is older than
 * `reservationTtlMs` by a sweeper every instance runs (`refundAbandoned`, atomic per batch, so
 * concurrent sweepers refund each reservation once). A request still running when its
 * reservation expires is not charged: its later settle finds nothing to settle.
 *
 * Calls that time out (a stuck Redis, store/redis.ts) are answered 503 at once, but Redis may
 * still run them when it resumes. The rule, so that nothing is lost or charged for a 503:
 * - authenticate, balance, ping: reads; a late run changes nothing.
 * - reserve failed or timed out: the request is answered 503 and never settles. A full refund of
 *   that reservation (a settle of 0) is queued right behind it on the same connection, which
 *   Redis answers in order: if the reserve runs late, the refund runs next, when Redis resumes.
 * - settle failed or timed out: the request is answered 503, so it must not be charged. Each
 *   settle carries the latest Redis-clock time it may run at (`applyBy`: the server time the
 *   reservation was made at plus the time elapsed here since — a lower bound of Redis's clock —
 *   plus half the command timeout, so before this process gives up on it); one that runs later
 *   changes nothing. The same full refund is queued behind it.
 * - if that refund is lost too (the connection dropped), the reservation stays open and the
 *   sweeper refunds it in full once it is older than RESERVATION_TTL_MS, as for a crashed
 *   instance: credits may be held for a while, never taken for a 503.
 * (A settle that ran in time but whose answer took longer than the other half of the timeout to
 * come back is the one case charged though answered 503.)
 */
import { randomUUID } from 'node:crypto';
import type { RateLimit } from '../config.js';
import { ApiError, unknownOrRevokedKey } from '../errors.js';
import type { RedisStore } from '../store/redis.js';
import { attached } from '../attached.js';
import { lua, storeUnavailable } from '../store/redis.js';
import { generateApiKey, hashApiKey, keyHint } from './keys.js';
import { DEFAULT_TRANSACTIONS_KEEP_MS } from './ledger.js';
import type { AuthenticatedKey, KeyRecord, Ledger, Reservation, ReserveMeta, Transaction } from './ledger.js';

export const DEFAULT_RESERVATION_TTL_MS = 5 * 60_000;
const SWEEP_BATCH = 500;

/** Milliseconds on the Redis server's clock: one clock for every instance. */
const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * A movement of the key's settled balance (its `granted`/`charged` already updated) and its
 * transaction row. k: the key hash; txz, txr, txj: its transaction zset, rows hash and job index;
 * credits signed; req, op, job, mon: the reservation's meta ('' for none); keep: retention (ms).
 */
const MOVEMENT = `
local function movement(k, txz, txr, txj, credits, kind, req, op, job, mon, keep)
  local v = redis.call('HMGET', k, 'granted', 'charged')
  local after = tonumber(v[1] or '0') - tonumber(v[2] or '0')
  local tm = redis.call('TIME')
  local at = tonumber(tm[1]) * 1000 + math.floor(tonumber(tm[2]) / 1000)
  if job ~= '' then
    local seq = redis.call('HGET', txj, job)
    local raw = seq and redis.call('HGET', txr, seq)
    if raw then
      local row = cjson.decode(raw)
      row.c = row.c + credits
      row.b = after
      row.t = at
      redis.call('HSET', txr, seq, cjson.encode(row))
      return
    end
  end
  for _, s in ipairs(redis.call('ZRANGE', txz, 0, 3)) do
    local raw = redis.call('HGET', txr, s)
    local row = raw and cjson.decode(raw)
    if row and row.t >= at - keep then break end
    redis.call('ZREM', txz, s)
    redis.call('HDEL', txr, s)
    if row and row.j ~= '' and redis.call('HGET', txj, row.j) == s then redis.call('HDEL', txj, row.j) end
  end
  local seq = redis.call('HINCRBY', k, 'tx_seq', 1)
  redis.call('ZADD', txz, seq, seq)
  redis.call('HSET', txr, seq, cjson.encode({ i = seq, t = at, k = kind, r = req, o = op, j = job, m = mon, c = credits, b = after }))
  if job ~= '' then redis.call('HSET', txj, job, seq) end
end`;

// KEYS: key hash, reservations hash, reservations zset. ARGV: amount, reservation id, key id.
// → { balance after, server time (ms) }, or -1 (cannot cover), -2 (unknown or revoked key).
const RESERVE = lua(`
local v = redis.call('HMGET', KEYS[1], 'balance', 'revoked_at')
if not v[1] or (v[2] and v[2] ~= '') then return -2 end
local amount = tonumber(ARGV[1])
if tonumber(v[1]) < amount then return -1 end
local after = redis.call('HINCRBY', KEYS[1], 'balance', 0 - amount)
${NOW_MS}
redis.call('HSET', KEYS[2], ARGV[2], ARGV[1] .. ':' .. ARGV[3])
redis.call('ZADD', KEYS[3], now, ARGV[2])
return { after, now }`);

// KEYS: reservations hash, reservations zset, key hash, the key's 3 transaction keys. ARGV:
// reservation id, actual, key id, apply-by (server ms, '' for none), request id, operation, job
// id, monitor id, retention (ms). → balance after, or -1 when run after apply-by (nothing
// changed). A reservation already settled (or refunded) changes nothing.
const SETTLE = lua(`${MOVEMENT}
if ARGV[4] ~= '' then
  ${NOW_MS}
  if now > tonumber(ARGV[4]) then return -1 end
end
local r = redis.call('HGET', KEYS[1], ARGV[1])
if r then
  local amount, kid = string.match(r, '^(%d+):(.+)$')
  amount = tonumber(amount)
  if kid == ARGV[3] then
    redis.call('HDEL', KEYS[1], ARGV[1])
    redis.call('ZREM', KEYS[2], ARGV[1])
    local charge = math.max(0, math.min(tonumber(ARGV[2]), amount))
    if amount - charge > 0 then redis.call('HINCRBY', KEYS[3], 'balance', amount - charge) end
    if charge > 0 then
      redis.call('HINCRBY', KEYS[3], 'charged', charge)
      movement(KEYS[3], KEYS[4], KEYS[5], KEYS[6], -charge, 'charge', ARGV[5], ARGV[6], ARGV[7], ARGV[8], tonumber(ARGV[9]))
    end
  end
end
return tonumber(redis.call('HGET', KEYS[3], 'balance') or '0')`);

// KEYS: reservations hash, reservations zset, key hash, once hash, the key's 3 transaction keys.
// ARGV: reservation id ('' for none), actual, key id, once id, keep (ms), request id, operation,
// job id, monitor id, retention (ms). → { 1 settled / 2 duplicate / 0 lost, charge, balance }.
// The once hash remembers each unit's charge: a later settlement of the same unit refunds its own
// reservation and reports that charge. A reservation refunded meanwhile settles nothing.
const SETTLE_ONCE = lua(`${MOVEMENT}
local prior = redis.call('HGET', KEYS[4], ARGV[4])
local r = false
if ARGV[1] ~= '' then
  r = redis.call('HGET', KEYS[1], ARGV[1])
  if r then
    local amount, kid = string.match(r, '^(%d+):(.+)$')
    if kid ~= ARGV[3] then r = false else r = tonumber(amount) end
  end
end
local charge = 0
if r then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
  if not prior then charge = math.max(0, math.min(tonumber(ARGV[2]), r)) end
  if r - charge > 0 then redis.call('HINCRBY', KEYS[3], 'balance', r - charge) end
  if charge > 0 then
    redis.call('HINCRBY', KEYS[3], 'charged', charge)
    movement(KEYS[3], KEYS[5], KEYS[6], KEYS[7], -charge, 'charge', ARGV[6], ARGV[7], ARGV[8], ARGV[9], tonumber(ARGV[10]))
  end
end
local balance = tonumber(redis.call('HGET', KEYS[3], 'balance') or '0')
if prior then return { 2, tonumber(prior), balance } end
if ARGV[1] ~= '' and not r then return { 0, 0, balance } end
redis.call('HSET', KEYS[4], ARGV[4], charge)
redis.call('PEXPIRE', KEYS[4], ARGV[5])
return { 1, charge, balance }`);

// KEYS: reservations hash, reservations zset. ARGV: older than (ms), key-hash prefix, batch size.
// → { refunded, looked at }.
const REFUND = lua(`
${NOW_MS}
local ids = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now - tonumber(ARGV[1]), 'LIMIT', 0, tonumber(ARGV[3]))
local n = 0
for _, id in ipairs(ids) do
  local r = redis.call('HGET', KEYS[1], id)
  redis.call('ZREM', KEYS[2], id)
  if r then
    redis.call('HDEL', KEYS[1], id)
    local amount, kid = string.match(r, '^(%d+):(.+)$')
    local k = ARGV[2] .. kid
    if redis.call('EXISTS', k) == 1 then
      redis.call('HINCRBY', k, 'balance', tonumber(amount))
      redis.call('HINCRBY', k, 'refunded', tonumber(amount))
    end
    n = n + 1
  end
end
return { n, #ids }`);

// KEYS: key hash, index, keys zset, the key's 3 transaction keys. ARGV: sha, id, name, hint,
// credits, created_at, retention (ms). → 1 created, 0 this API key exists already, -1 id taken.
const CREATE = lua(`${MOVEMENT}
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then return 0 end
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
${NOW_MS}
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[1], 'name', ARGV[3], 'hint', ARGV[4], 'balance', ARGV[5], 'created_at', ARGV[6],
  'revoked_at', '', 'key_hash', ARGV[1], 'charged', 0, 'granted', ARGV[5], 'refunded', 0)
redis.call('ZADD', KEYS[3], now, ARGV[2])
if tonumber(ARGV[5]) > 0 then movement(KEYS[1], KEYS[4], KEYS[5], KEYS[6], tonumber(ARGV[5]), 'grant', '', '', '', '', tonumber(ARGV[7])) end
return 1`);

// KEYS: key hash, the key's 3 transaction keys. ARGV: amount, retention (ms). → balance after,
// or nil for an unknown key.
const ADD = lua(`${MOVEMENT}
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('HINCRBY', KEYS[1], 'granted', ARGV[1])
local balance = redis.call('HINCRBY', KEYS[1], 'balance', ARGV[1])
movement(KEYS[1], KEYS[2], KEYS[3], KEYS[4], tonumber(ARGV[1]), 'grant', '', '', '', '', tonumber(ARGV[2]))
return balance`);

// KEYS: key hash. ARGV: revoked_at. → 1 revoked now, 0 unknown or revoked before.
const REVOKE = lua(`
if redis.call('HGET', KEYS[1], 'revoked_at') ~= '' then return 0 end
redis.call('HSET', KEYS[1], 'revoked_at', ARGV[1])
return 1`);

// KEYS: index. ARGV: sha, key-hash prefix. → nil, or { id, balance, revoked_at, rate_rps, rate_burst }
// (one round trip).
const AUTH = lua(`
local id = redis.call('HGET', KEYS[1], ARGV[1])
if not id then return false end
local v = redis.call('HMGET', ARGV[2] .. id, 'balance', 'revoked_at', 'rate_rps', 'rate_burst')
if not v[1] then return false end
return { id, v[1], v[2] or '', v[3] or '', v[4] or '' }`);

// KEYS: key hash. ARGV: rps, burst ('' clears). → 1 done, 0 unknown key.
const SET_RATE = lua(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if ARGV[1] == '' then redis.call('HDEL', KEYS[1], 'rate_rps', 'rate_burst')
else redis.call('HSET', KEYS[1], 'rate_rps', ARGV[1], 'rate_burst', ARGV[2]) end
return 1`);

function rateOf(rps: string | null | undefined, burst: string | null | undefined): RateLimit | undefined {
  return rps && burst ? { rps: Number(rps), burst: Number(burst) } : undefined;
}

function authenticated(id: string, balance: number, rate: RateLimit | undefined): AuthenticatedKey {
  return rate ? { id, balance, rate } : { id, balance };
}

export interface RedisLedgerOptions {
  /** Key prefix, e.g. to share one Redis between deployments. Default `cl`. */
  prefix?: string;
  /** Age after which an unsettled reservation counts as abandoned and is refunded. */
  reservationTtlMs?: number;
  /** How long a transaction row is kept after it last changed (TRANSACTIONS_RETENTION_DAYS). */
  transactionsKeepMs?: number;
  /** How often this instance sweeps abandoned reservations; 0: never (the keys command). */
  sweepIntervalMs?: number;
  onSweepError?: (err: unknown) => void;
}

/** Transaction rows read from Redis at once while listing. */
const TX_BATCH = 200;

/** A transaction row as MOVEMENT stores it ('' for none). */
function transactionOf(raw: string): Transaction {
  const r = JSON.parse(raw) as {
    i: number;
    t: number;
    k: Transaction['kind'];
    r: string;
    o: string;
    j: string;
    m: string;
    c: number;
    b: number;
  };
  return {
    id: r.i,
    at: r.t,
    kind: r.k,
    requestId: r.r || null,
    operation: r.o || null,
    jobId: r.j || null,
    monitorId: r.m || null,
    credits: r.c,
    balanceAfter: r.b,
  };
}

/** Key ids remembered by hash at most (KeyIds). */
const ID_CACHE_MAX = 10_000;

/**
 * Per reservation made here: Redis's clock when it was made, and ours when we heard so — kept on
 * the reservation (src/attached.ts; one is made for every charged request).
 */
const madeAt = attached<{ server: number; local: number }>('madeAt');

const int = (v: unknown) => Number(v ?? 0);

/** The ledger's Redis keys under `prefix` (one hash slot: `{ledger}`). */
function ledgerKeys(prefix: string) {
  const p = `${prefix}:{ledger}`;
  return {
    keyPrefix: `${p}:key:`,
    key: (id: string) => `${p}:key:${id}`,
    index: `${p}:keyhash`,
    keys: `${p}:keys`,
    res: `${p}:res`,
    resAt: `${p}:res:at`,
    once: (scope: string) => `${p}:once:${scope}`,
    /** The key's transaction zset, rows and job index (MOVEMENT). */
    tx: (id: string) => [`${p}:tx:${id}`, `${p}:txrow:${id}`, `${p}:txjob:${id}`],
  };
}

type LedgerKeys = ReturnType<typeof ledgerKeys>;

/** A new key with `credits` (a grant movement); a fresh id on the rare collision. */
async function createKeyRecord(
  redis: RedisStore,
  K: LedgerKeys,
  keepMs: number,
  ids: KeyIds,
  { name, credits, rawKey }: Parameters<Ledger['createKey']>[0],
): ReturnType<Ledger['createKey']> {
  if (!Number.isSafeInteger(credits) || credits < 0) throw new Error('credits must be a non-negative integer');
  const key = rawKey ?? generateApiKey();
  const hash = hashApiKey(key);
  for (let attempt = 0; ; attempt++) {
    const record: KeyRecord = {
      id: `key_${randomUUID().slice(0, 8)}`,
      name,
      hint: keyHint(key),
      balance: credits,
      createdAt: new Date().toISOString(),
      revokedAt: null,
    };
    const done = await redis.script<number>(
      CREATE,
      [K.key(record.id), K.index, K.keys, ...K.tx(record.id)],
      [hash, record.id, name, record.hint, credits, record.createdAt, keepMs],
    );
    if (done === 1) {
      ids.remember(hash, record.id);
      return { key, record };
    }
    if (done === 0) throw new Error('an API key with this value exists already');
    if (attempt >= 5) throw new ApiError('INTERNAL', 'could not allocate a key id');
  }
}

/** Every key, oldest first (a key the store lost meanwhile is left out). */
async function listKeyRecords(redis: RedisStore, K: LedgerKeys): Promise<KeyRecord[]> {
  const ids = await redis.command<string[]>(['ZRANGE', K.keys, '0', '-1']);
  const rows = await Promise.all(
    ids.map((id) =>
      redis.command<(string | null)[]>([
        'HMGET',
        K.key(id),
        'name',
        'hint',
        'balance',
        'created_at',
        'revoked_at',
        'rate_rps',
        'rate_burst',
      ]),
    ),
  );
  return ids.flatMap((id, i): KeyRecord[] => {
    const [name, hint, balance, createdAt, revokedAt, rps, burst] = rows[i];
    if (balance === null) return [];
    const record: KeyRecord = {
      id,
      name: name ?? '',
      hint: hint ?? '',
      balance: int(balance),
      createdAt: createdAt ?? '',
      revokedAt: revokedAt || null,
    };
    const rate = rateOf(rps, burst);
    if (rate) record.rateLimit = rate;
    return [record];
  });
}

/** A page of the key's movements after `after`, kept `keepMs` (TX_BATCH ids read at a time). */
async function readTransactions(
  redis: RedisStore,
  K: LedgerKeys,
  keepMs: number,
  keyId: string,
  { after, limit, operation, since }: Parameters<Ledger['transactions']>[1],
): ReturnType<Ledger['transactions']> {
  const [txz, txr] = K.tx(keyId);
  const from = Math.max(since ?? 0, Date.now() - keepMs);
  const rows: Transaction[] = [];
  let cursor = after ?? 0;
  // Read in batches by id, filtered here, until the page and one more row are found.
  for (;;) {
    const ids = await redis.command<string[]>(['ZRANGEBYSCORE', txz, `(${cursor}`, '+inf', 'LIMIT', '0', String(TX_BATCH)]);
    if (ids.length === 0) break;
    const raws = await redis.command<(string | null)[]>(['HMGET', txr, ...ids]);
    for (const raw of raws) {
      if (raw === null) continue;
      const t = transactionOf(raw);
      if (t.at >= from && (!operation || t.operation === operation)) rows.push(t);
    }
    cursor = Number(ids[ids.length - 1]);
    if (rows.length > limit || ids.length < TX_BATCH) break;
  }
  const page = rows.slice(0, limit);
  return { rows: page, nextAfter: rows.length > limit ? page[page.length - 1].id : null };
}

/** Hash → id of keys seen; ids never change, so entries stay valid (emptied at ID_CACHE_MAX). */
class KeyIds extends Map<string, string> {
  remember(hash: string, id: string): void {
    if (this.size >= ID_CACHE_MAX) this.clear();
    this.set(hash, id);
  }
}

/** The key's id, balance and rate limit (null: unknown or revoked); a key seen before is read by its id. */
async function authenticateKey(redis: RedisStore, K: LedgerKeys, ids: KeyIds, rawKey: string): Promise<AuthenticatedKey | null> {
  const hash = hashApiKey(rawKey);
  const id = ids.get(hash);
  if (id) {
    const [balance, revokedAt, rps, burst] = await redis.command<(string | null)[]>([
      'HMGET',
      K.key(id),
      'balance',
      'revoked_at',
      'rate_rps',
      'rate_burst',
    ]);
    if (balance !== null) return revokedAt ? null : authenticated(id, int(balance), rateOf(rps, burst));
    ids.delete(hash); // the store was emptied: look the key up again
  }
  const found = await redis.script<[string, string, string, string, string] | null>(AUTH, [K.index], [hash, K.keyPrefix]);
  if (!found) return null;
  ids.remember(hash, found[0]);
  return found[2] ? null : authenticated(found[0], int(found[1]), rateOf(found[3], found[4]));
}

/** Refunds the reservations older than `olderThanMs` (REFUND, SWEEP_BATCH at a time); returns how many. */
async function refundAbandonedOn(redis: RedisStore, K: LedgerKeys, olderThanMs: number): Promise<number> {
  let total = 0;
  for (;;) {
    const [n, seen] = await redis.script<[number, number]>(
      REFUND,
      [K.res, K.resAt],
      [Math.max(0, Math.floor(olderThanMs)), K.keyPrefix, SWEEP_BATCH],
    );
    total += n;
    if (seen < SWEEP_BATCH) return total;
  }
}

export function createRedisLedger(redis: RedisStore, opts: RedisLedgerOptions = {}): Ledger & { readonly reservationTtlMs: number } {
  const K = ledgerKeys(opts.prefix ?? 'cl');
  const keepMs = opts.transactionsKeepMs ?? DEFAULT_TRANSACTIONS_KEEP_MS;
  /** A settlement's transaction arguments: its reservation's meta, and the retention. */
  const metaArgs = (m: ReserveMeta | undefined) => [m?.requestId ?? '', m?.operation ?? '', m?.jobId ?? '', m?.monitorId ?? '', keepMs];
  const reservationTtlMs = opts.reservationTtlMs ?? DEFAULT_RESERVATION_TTL_MS;
  const ids = new KeyIds();
  // A settle must run before this process stops waiting for it (see the rule above); half the
  // timeout leaves the other half for its answer to come back.
  const settleWindowMs = Math.floor(redis.commandTimeoutMs / 2);
  /** Queues a full refund of `r` behind the call that just failed (the rule above); never waited for. */
  const undo = (r: Reservation) =>
    void redis
      .script(SETTLE, [K.res, K.resAt, K.key(r.keyId), ...K.tx(r.keyId)], [r.id, 0, r.keyId, '', ...metaArgs(undefined)], {
        evenIfStuck: true,
      })
      .catch(() => undefined);
  const now = () => new Date().toISOString();

  const refundAbandoned = (olderThanMs: number) => refundAbandonedOn(redis, K, olderThanMs);

  const sweepEvery = opts.sweepIntervalMs ?? Math.max(50, Math.min(60_000, Math.floor(reservationTtlMs / 2)));
  let sweeping = false;
  const sweeper =
    sweepEvery > 0
      ? setInterval(() => {
          if (sweeping) return;
          sweeping = true;
          refundAbandoned(reservationTtlMs)
            .catch((err) => opts.onSweepError?.(err))
            .finally(() => (sweeping = false));
        }, sweepEvery)
      : undefined;
  sweeper?.unref();

  return {
    reservationTtlMs,
    authenticate: (rawKey) => authenticateKey(redis, K, ids, rawKey),
    async keyExists(rawKey) {
      return (await redis.command<number>(['HEXISTS', K.index, hashApiKey(rawKey)])) === 1;
    },
    async balance(keyId) {
      return int(await redis.command<string | null>(['HGET', K.key(keyId), 'balance']));
    },
    async reserve(keyId, amount, meta) {
      if (!Number.isInteger(amount) || amount < 0) throw new Error('reservation amount must be a non-negative integer');
      const r: Reservation = meta ? { id: randomUUID(), keyId, amount, meta } : { id: randomUUID(), keyId, amount };
      let out: number | [number, number];
      try {
        out = await redis.script<number | [number, number]>(RESERVE, [K.key(keyId), K.res, K.resAt], [amount, r.id, keyId]);
      } catch (err) {
        undo(r);
        throw err;
      }
      // Revoked since its request was authenticated (another instance, the keys command): 401.
      if (out === -2) throw unknownOrRevokedKey();
      if (!Array.isArray(out)) return null;
      madeAt.set(r, { server: Number(out[1]), local: performance.now() });
      return r;
    },
    async settle(reservation, actual) {
      const charge = Number.isFinite(actual) ? Math.max(0, Math.ceil(actual)) : 0;
      const made = madeAt.get(reservation);
      // Redis's clock now is at least made.server + the time elapsed here since we heard it.
      const applyBy = made ? Math.floor(made.server + (performance.now() - made.local)) + settleWindowMs : '';
      let balance: number;
      try {
        balance = int(
          await redis.script<number>(
            SETTLE,
            [K.res, K.resAt, K.key(reservation.keyId), ...K.tx(reservation.keyId)],
            [reservation.id, charge, reservation.keyId, applyBy, ...metaArgs(reservation.meta)],
          ),
        );
      } catch (err) {
        undo(reservation);
        throw err;
      }
      if (balance < 0) {
        undo(reservation);
        throw storeUnavailable(new Error('the settlement reached Redis after its deadline; the reservation is refunded'));
      }
      return balance;
    },
    async settleOnce(keyId, reservation, actual, once) {
      const charge = Number.isFinite(actual) ? Math.max(0, Math.ceil(actual)) : 0;
      try {
        const [state, charged, balance] = await redis.script<[number, number, number]>(
          SETTLE_ONCE,
          [K.res, K.resAt, K.key(keyId), K.once(once.scope), ...K.tx(keyId)],
          [reservation?.id ?? '', charge, keyId, once.id, Math.max(1, Math.floor(once.keepMs)), ...metaArgs(reservation?.meta)],
        );
        return { state: state === 1 ? 'settled' : state === 2 ? 'duplicate' : 'lost', charged: int(charged), balance: int(balance) };
      } catch (err) {
        // Ran late or not at all: the refund queued behind it is a no-op if it ran (the unit is then
        // charged once, which a later settlement of the same unit reports), a full refund if not.
        if (reservation) undo(reservation);
        throw err;
      }
    },
    createKey: (input) => createKeyRecord(redis, K, keepMs, ids, input),
    listKeys: () => listKeyRecords(redis, K),
    async addCredits(keyId, amount) {
      if (!Number.isInteger(amount) || amount <= 0) throw new Error('amount must be a positive integer');
      const balance = await redis.script<number | null>(ADD, [K.key(keyId), ...K.tx(keyId)], [amount, keepMs]);
      if (balance === null) throw new Error(`no key with id ${keyId}`);
      return int(balance);
    },
    async revokeKey(keyId) {
      return (await redis.script<number>(REVOKE, [K.key(keyId)], [now()])) === 1;
    },
    async setRateLimit(keyId, rate) {
      return (await redis.script<number>(SET_RATE, [K.key(keyId)], rate ? [rate.rps, rate.burst] : ['', ''])) === 1;
    },
    async countKeys() {
      return redis.command<number>(['ZCARD', K.keys]);
    },
    refundAbandoned,
    transactions: (keyId, query) => readTransactions(redis, K, keepMs, keyId, query),
    async totalCharged(keyId) {
      return int(await redis.command<string | null>(['HGET', K.key(keyId), 'charged']));
    },
    async ping() {
      await redis.command(['PING']);
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      /* the connection is owned and closed by whoever opened it */
    },
  };
}

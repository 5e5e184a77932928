/**
 * Bulk jobs in Redis (REDIS_URL), visible from every instance: the same JobStore the routes use
 * with the embedded store, plus what the BullMQ runner (queue.ts) needs to run items on every
 * instance at once. Every call goes through the store's deadline (store/redis.ts), so a stuck
 * Redis is a 503 within REDIS_COMMAND_TIMEOUT_MS, never a hang; every change is one Lua script.
 *
 * Keys (all share the `{jobs}` hash tag):
 *
 *   J:job:<id>       hash  the JobRow's fields (absent: null), and the run's own: gen (bumped by a
 *                          resume: items queued before it are dropped), enqueued (items of this gen
 *                          handed to BullMQ so far), stop (a stop asked for: the job ends with it
 *                          once no item is in flight), run_started_ms / run_done0 (the rate)
 *   J:in:<id>        hash  index → input (JSON)
 *   J:res:<id>       hash  index → result ("status \t code \t charged \t cached \t body"): an item
 *                          is done once it has one, and is recorded once (first writer wins)
 *   J:fly:<id>       hash  index → credits reserved by an item in flight (the cap counts them)
 *   J:idem           hash  "<key id>\n<idempotency key>" → job id
 *   J:open:<key id>  set   the key's queued or running jobs (JOBS_MAX_RUNNING_PER_KEY)
 *   J:of:<key id>    zset  all the key's jobs (GET /v1/jobs), until purged: members "<created ms,
 *                          15 digits>:<id>", all of score 0, so in creation order by lex order
 *   J:of-indexed     str   set once J:of:* holds the jobs created before those sets existed
 *   J:unfinished     zset  queued or running jobs (every instance's runner works on each)
 *   J:finished       zset  finished jobs by end time (purged after JOBS_RETENTION_DAYS)
 *   J:hooks          set   jobs with a webhook event to deliver
 *   J:hooklease:<id> str   the instance delivering it, for a while
 *   J:bytes          hash  key id → bytes of its jobs' inputs and results (JOBS_KEY_QUOTA_MB)
 *
 * An item's charge is settled by the ledger once per item identity (Ledger.settleOnce, scope the
 * job, id its index), then its result recorded here once: whichever instance runs it, however
 * often BullMQ hands it out, it is charged once and its result says that charge.
 */
import { randomUUID } from 'node:crypto';
import type { RedisStore } from '../store/redis.js';
import { lua } from '../store/redis.js';
import { isSealed } from '../store/secrets.js';
import { OpenJobsLimit } from './store.js';
import type { ItemOutcome, ItemRow, JobListQuery, JobRow, JobStatus, JobStore, NewJob, ResultRow } from './store.js';

const P = 'cl:{jobs}';
/** Items staged per command while a job is created. */
const STAGE_BATCH = 500;
/** Indexes read per command while results are listed. */
const READ_BATCH = 1_000;
/** Jobs read per command while a key's jobs are listed. */
const LIST_BATCH = 100;
/** Staged inputs of a create that never finished (a crash) expire. */
const STAGE_TTL_MS = 3_600_000;

/** A job with what the BullMQ runner keeps of its run. */
export interface RedisJobRow extends JobRow {
  gen: number;
  enqueued: number;
  stop: JobStatus | null;
  run_started_ms: number | null;
  run_done0: number;
}

const K = {
  job: (id: string) => `${P}:job:${id}`,
  inputs: (id: string) => `${P}:in:${id}`,
  res: (id: string) => `${P}:res:${id}`,
  fly: (id: string) => `${P}:fly:${id}`,
  stage: (id: string) => `${P}:stage:${id}`,
  open: (keyId: string) => `${P}:open:${keyId}`,
  of: (keyId: string) => `${P}:of:${keyId}`,
  hookLease: (id: string) => `${P}:hooklease:${id}`,
  idem: `${P}:idem`,
  unfinished: `${P}:unfinished`,
  finished: `${P}:finished`,
  hooks: `${P}:hooks`,
  bytes: `${P}:bytes`,
  ofIndexed: `${P}:of-indexed`,
};

/** The keys every script that changes a running job takes, in this order. */
const jobKeys = (id: string, keyId: string) => [
  K.job(id),
  K.fly(id),
  K.res(id),
  K.unfinished,
  K.open(keyId),
  K.finished,
  K.hooks,
  K.bytes,
  K.inputs(id),
];

// ARGV[1], ARGV[2]: now (ISO) and now (ms), in every script below that may end a job.
const PRELUDE = `
local job, fly, res, unfinished, open, finished, hooks, bytes, inputs = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8], KEYS[9]
local function final(s)
  return s == 'completed' or s == 'cancelled' or s == 'stopped_at_cap' or s == 'stopped_no_credits'
end
local function finish(s)
  local id = redis.call('HGET', job, 'id')
  redis.call('HSET', job, 'status', s, 'stop', '', 'updated_at', ARGV[1], 'finished_at', ARGV[1], 'webhook_attempts', 0)
  redis.call('HDEL', job, 'webhook_last_status', 'webhook_last_error', 'webhook_delivered')
  if redis.call('HEXISTS', job, 'webhook_url') == 1 then
    redis.call('HSET', job, 'webhook_event', s)
    redis.call('SADD', hooks, id)
  else
    redis.call('HDEL', job, 'webhook_event')
  end
  redis.call('ZREM', unfinished, id)
  redis.call('SREM', open, id)
  redis.call('ZADD', finished, ARGV[2], id)
  return 1
end
-- The job ends when every item is done, or when a stop was asked for and no item is in flight.
local function conclude()
  local v = redis.call('HMGET', job, 'status', 'stop', 'done', 'total')
  if not v[1] or final(v[1]) then return 0 end
  if tonumber(v[3]) >= tonumber(v[4]) then return finish('completed') end
  if v[2] and v[2] ~= '' and redis.call('HLEN', fly) == 0 then return finish(v[2]) end
  return 0
end
`;

// KEYS: job, stage, inputs, idem, unfinished, open, bytes, of. ARGV: idempotency field ('' none), id,
// key id, bytes, created (ms), the most open jobs the key may have ('' no limit), then the job
// hash's field/value pairs. → the job's id (an existing one for a used idempotency key), or ''
// when the key has that many open jobs already (nothing written).
const CREATE = lua(`
if ARGV[1] ~= '' then
  local had = redis.call('HGET', KEYS[4], ARGV[1])
  if had then return had end
end
if ARGV[6] ~= '' and redis.call('SCARD', KEYS[6]) >= tonumber(ARGV[6]) then return '' end
if ARGV[1] ~= '' then redis.call('HSET', KEYS[4], ARGV[1], ARGV[2]) end
local f = {}
for i = 7, #ARGV do f[#f + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(f))
if redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('RENAME', KEYS[2], KEYS[3])
  redis.call('PERSIST', KEYS[3])
end
redis.call('ZADD', KEYS[5], ARGV[5], ARGV[2])
redis.call('ZADD', KEYS[8], 0, string.rep('0', 15 - #ARGV[5]) .. ARGV[5] .. ':' .. ARGV[2])
redis.call('SADD', KEYS[6], ARGV[2])
redis.call('HINCRBY', KEYS[7], ARGV[3], ARGV[4])
return ARGV[2]`);

// What CREATE wrote, undone — queued right behind a CREATE whose answer did not come in time (the
// caller was answered 503): Redis may still run that CREATE late, and the client's retry would
// then be a second job, both charged. Only a job nothing has run of (queued, no item done or in
// flight) is removed. KEYS: job, inputs, idem, unfinished, open, bytes, of, fly. ARGV: the CREATE's
// idempotency field, id, key id, bytes, created (ms). → 1 removed, 0 nothing to remove.
const UNCREATE = lua(`
local v = redis.call('HMGET', KEYS[1], 'status', 'done')
if v[1] ~= 'queued' or tonumber(v[2] or '0') > 0 or redis.call('HLEN', KEYS[8]) > 0 then return 0 end
if ARGV[1] ~= '' and redis.call('HGET', KEYS[3], ARGV[1]) == ARGV[2] then redis.call('HDEL', KEYS[3], ARGV[1]) end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('ZREM', KEYS[4], ARGV[2])
redis.call('ZREM', KEYS[7], string.rep('0', 15 - #ARGV[5]) .. ARGV[5] .. ':' .. ARGV[2])
redis.call('SREM', KEYS[5], ARGV[2])
redis.call('HINCRBY', KEYS[6], ARGV[3], 0 - tonumber(ARGV[4]))
return 1`);

// ARGV: now, now ms, index, gen. → 1 run it; 0 done already; -1 the job stopped (or is stopping);
// -2 queued before a resume (its gen is over); -3 no such job.
const CLAIM = lua(`${PRELUDE}
local v = redis.call('HMGET', job, 'status', 'stop', 'gen', 'done')
if not v[1] then return -3 end
if redis.call('HEXISTS', res, ARGV[3]) == 1 then return 0 end
if v[3] ~= ARGV[4] then return -2 end
if final(v[1]) or (v[2] and v[2] ~= '') then return -1 end
if v[1] == 'queued' then
  redis.call('HSET', job, 'status', 'running', 'updated_at', ARGV[1], 'run_started_ms', ARGV[2], 'run_done0', v[4])
end
redis.call('HSET', fly, ARGV[3], 0)
return 1`);

// ARGV: now, now ms, index, amount. → 1 held; 0 over the job's cap (max_credits minus what is
// charged and what other items in flight hold); -1 the job is stopping.
const CAP = lua(`${PRELUDE}
local v = redis.call('HMGET', job, 'status', 'stop', 'max_credits', 'credits_charged')
if not v[1] or final(v[1]) or (v[2] and v[2] ~= '') then return -1 end
if v[3] and v[3] ~= '' then
  local held = 0
  local f = redis.call('HGETALL', fly)
  for i = 1, #f, 2 do
    if f[i] ~= ARGV[3] then held = held + tonumber(f[i + 1]) end
  end
  if tonumber(ARGV[4]) > tonumber(v[3]) - tonumber(v[4]) - held then return 0 end
end
redis.call('HSET', fly, ARGV[3], ARGV[4])
return 1`);

// ARGV: now, now ms, index. An item left without a result (it runs again, or not at all). → 1 the job ended.
const RELEASE = lua(`${PRELUDE}
redis.call('HDEL', fly, ARGV[3])
return conclude()`);

// ARGV: now, now ms, status (stopped_at_cap, stopped_no_credits, cancelled), index ('' none: the
// item that found it out leaves). A cancel overrides a stop asked for; a stopped job can still be
// cancelled. → 1 the job ended now.
const STOP = lua(`${PRELUDE}
if ARGV[4] ~= '' then redis.call('HDEL', fly, ARGV[4]) end
local v = redis.call('HMGET', job, 'status', 'stop')
if not v[1] then return 0 end
if final(v[1]) then
  if ARGV[3] == 'cancelled' and (v[1] == 'stopped_at_cap' or v[1] == 'stopped_no_credits') then return finish('cancelled') end
  return 0
end
if ARGV[3] == 'cancelled' or not v[2] or v[2] == '' then redis.call('HSET', job, 'stop', ARGV[3], 'updated_at', ARGV[1]) end
return conclude()`);

// ARGV: now, now ms, index, result line, ok (1/0), cached (1/0), charged, bytes, key id.
// → 0 recorded; 1 recorded and the job ended; 10 / 11 recorded before (nothing changed but the
// item leaving); -1 no such job.
const RECORD = lua(`${PRELUDE}
if redis.call('HEXISTS', res, ARGV[3]) == 1 then
  redis.call('HDEL', fly, ARGV[3])
  return 10 + conclude()
end
if redis.call('EXISTS', job) == 0 then return -1 end
redis.call('HSET', res, ARGV[3], ARGV[4])
redis.call('HDEL', fly, ARGV[3])
redis.call('HINCRBY', job, 'done', 1)
if ARGV[5] == '1' then redis.call('HINCRBY', job, 'ok', 1) else redis.call('HINCRBY', job, 'failed', 1) end
if ARGV[6] == '1' then redis.call('HINCRBY', job, 'cached', 1) end
if ARGV[7] ~= '0' then redis.call('HINCRBY', job, 'credits_charged', ARGV[7]) end
redis.call('HINCRBY', job, 'bytes', ARGV[8])
redis.call('HSET', job, 'updated_at', ARGV[1])
redis.call('HINCRBY', bytes, ARGV[9], ARGV[8])
return conclude()`);

// ARGV: now, now ms, max credits ('' none), the most open jobs its key may have ('' no limit).
// → 1 queued again (a new gen), 0 not stopped, -1 its key has that many open jobs (left stopped).
const RESUME = lua(`${PRELUDE}
local v = redis.call('HMGET', job, 'status', 'gen', 'id')
if v[1] ~= 'stopped_at_cap' and v[1] ~= 'stopped_no_credits' then return 0 end
if ARGV[4] ~= '' and redis.call('SCARD', open) >= tonumber(ARGV[4]) then return -1 end
redis.call('HSET', job, 'status', 'queued', 'stop', '', 'gen', tonumber(v[2]) + 1, 'enqueued', 0, 'updated_at', ARGV[1])
redis.call('HDEL', job, 'finished_at')
if ARGV[3] == '' then redis.call('HDEL', job, 'max_credits') else redis.call('HSET', job, 'max_credits', ARGV[3]) end
redis.call('DEL', fly)
redis.call('ZADD', unfinished, ARGV[2], v[3])
redis.call('SADD', open, v[3])
redis.call('ZREM', finished, v[3])
return 1`);

// ARGV: now, now ms, gen, count. Takes the next `count` indexes of this gen to hand to BullMQ.
// → { from, to, index, input, index, input, … } (the items of [from, to) not done), or {} when
// there is nothing to take (another gen, stopping, ended, all taken).
const ADVANCE = lua(`${PRELUDE}
local v = redis.call('HMGET', job, 'status', 'stop', 'gen', 'enqueued', 'total')
if not v[1] or final(v[1]) or (v[2] and v[2] ~= '') or v[3] ~= ARGV[3] then return {} end
local from, total = tonumber(v[4]), tonumber(v[5])
if from >= total then return {} end
local to = math.min(total, from + tonumber(ARGV[4]))
redis.call('HSET', job, 'enqueued', to)
local out = { from, to }
for i = from, to - 1 do
  if redis.call('HEXISTS', res, i) == 0 then
    out[#out + 1] = i
    out[#out + 1] = redis.call('HGET', inputs, i)
  end
end
return out`);

// ARGV: now, now ms, gen. Called when BullMQ holds no item of the job (none waiting, delayed or
// active) for a while, yet the job has not ended: items were lost on the way (an instance died
// between taking a range and queueing it, an item failed for good). A stop asked for ends the job
// (what was in flight is gone); otherwise the items not done are taken again from the start.
// → 1 ended, 2 taken again, 0 nothing to do.
const RECONCILE = lua(`${PRELUDE}
local v = redis.call('HMGET', job, 'status', 'stop', 'gen', 'enqueued', 'total', 'done')
if not v[1] or final(v[1]) or v[3] ~= ARGV[3] then return 0 end
if v[2] and v[2] ~= '' then
  redis.call('DEL', fly)
  return conclude()
end
if tonumber(v[4]) >= tonumber(v[5]) and tonumber(v[6]) < tonumber(v[5]) then
  redis.call('HSET', job, 'enqueued', 0)
  return 2
end
return 0`);

// KEYS: job, res, inputs. → { index, input } of the first item not done, or {}.
const FIRST_PENDING = lua(`
local total = tonumber(redis.call('HGET', KEYS[1], 'total') or '0')
for i = 0, total - 1 do
  if redis.call('HEXISTS', KEYS[2], i) == 0 then return { i, redis.call('HGET', KEYS[3], i) } end
end
return {}`);

// KEYS: job, res, inputs, fly, idem, finished, hooks, bytes, unfinished, of (the key's jobs). ARGV: id,
// its member of `of`.
const PURGE = lua(`
local v = redis.call('HMGET', KEYS[1], 'key_id', 'bytes', 'idempotency_key')
if v[1] then
  redis.call('HINCRBY', KEYS[8], v[1], 0 - tonumber(v[2] or '0'))
  if v[3] then redis.call('HDEL', KEYS[5], v[1] .. '\\n' .. v[3]) end
end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
redis.call('ZREM', KEYS[6], ARGV[1])
redis.call('SREM', KEYS[7], ARGV[1])
redis.call('ZREM', KEYS[9], ARGV[1])
redis.call('ZREM', KEYS[10], ARGV[2])
return 1`);

// KEYS: unfinished, finished. → every job's id: each is in one of the two (created unfinished,
// finished until purged), read at one moment.
const ALL_JOBS = lua(`
local ids = redis.call('ZRANGE', KEYS[1], 0, -1)
for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do ids[#ids + 1] = id end
return ids`);

// KEYS: job. ARGV: event.
const WEBHOOK_ATTEMPT = lua(`
if redis.call('HGET', KEYS[1], 'webhook_event') == ARGV[1] then redis.call('HINCRBY', KEYS[1], 'webhook_attempts', 1) end
return 1`);

// KEYS: job. ARGV: event, last status ('' none), last error ('' none).
const WEBHOOK_OUTCOME = lua(`
if redis.call('HGET', KEYS[1], 'webhook_event') ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('HDEL', KEYS[1], 'webhook_last_status') else redis.call('HSET', KEYS[1], 'webhook_last_status', ARGV[2]) end
if ARGV[3] == '' then redis.call('HDEL', KEYS[1], 'webhook_last_error') else redis.call('HSET', KEYS[1], 'webhook_last_error', ARGV[3]) end
return 1`);

// KEYS: job, hooks. ARGV: event, id, delivered (1 / 0).
const WEBHOOK_DONE = lua(`
local e = redis.call('HGET', KEYS[1], 'webhook_event')
if e == ARGV[1] then
  redis.call('HDEL', KEYS[1], 'webhook_event')
  redis.call('HSET', KEYS[1], 'webhook_delivered', ARGV[3])
end
if e == ARGV[1] or redis.call('EXISTS', KEYS[1]) == 0 then redis.call('SREM', KEYS[2], ARGV[2]) end
return 1`);

// KEYS: lease. ARGV: holder, ms. → 1 held by the caller now.
const LEASE = lua(`
local v = redis.call('GET', KEYS[1])
if v and v ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`);

/** A job's member of its key's J:of set: its creation time, then its id. */
const listMember = (createdAt: string, id: string) => `${String(Date.parse(createdAt)).padStart(15, '0')}:${id}`;

const int = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? 0 : Number(v));
const opt = (v: string | undefined) => (v === undefined || v === '' ? null : v);

function rowOf(flat: (string | null)[]): RedisJobRow | undefined {
  if (!flat.length) return undefined;
  const h: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) h[flat[i]!] = flat[i + 1] ?? '';
  return {
    id: h.id,
    key_id: h.key_id,
    operation: h.operation,
    status: h.status as JobStatus,
    total: int(h.total),
    cache_max_age: opt(h.cache_max_age),
    max_credits: h.max_credits === undefined || h.max_credits === '' ? null : int(h.max_credits),
    webhook_url: opt(h.webhook_url),
    webhook_secret: opt(h.webhook_secret),
    webhook_event: opt(h.webhook_event),
    webhook_attempts: int(h.webhook_attempts),
    webhook_last_status: h.webhook_last_status ? int(h.webhook_last_status) : null,
    webhook_last_error: opt(h.webhook_last_error),
    webhook_delivered: h.webhook_delivered ? int(h.webhook_delivered) : null,
    idempotency_key: opt(h.idempotency_key),
    done: int(h.done),
    ok: int(h.ok),
    cached: int(h.cached),
    failed: int(h.failed),
    credits_charged: int(h.credits_charged),
    bytes: int(h.bytes),
    created_at: h.created_at,
    updated_at: h.updated_at,
    finished_at: opt(h.finished_at),
    gen: int(h.gen),
    enqueued: int(h.enqueued),
    stop: opt(h.stop) as JobStatus | null,
    run_started_ms: h.run_started_ms ? int(h.run_started_ms) : null,
    run_done0: int(h.run_done0),
  };
}

function resultLine(o: ItemOutcome): string {
  return `${o.status}\t${o.code ?? ''}\t${o.charged}\t${o.cached ? 1 : 0}\t${o.body}`;
}

function resultOf(idx: number, input: string, line: string): ResultRow {
  const t1 = line.indexOf('\t');
  const t2 = line.indexOf('\t', t1 + 1);
  const t3 = line.indexOf('\t', t2 + 1);
  const t4 = line.indexOf('\t', t3 + 1);
  return {
    idx,
    input,
    status: Number(line.slice(0, t1)),
    code: line.slice(t1 + 1, t2) || null,
    credits_charged: Number(line.slice(t2 + 1, t3)),
    cached: Number(line.slice(t3 + 1, t4)),
    body: line.slice(t4 + 1),
  };
}

/** A job the runner touches: its id and its key's (for the key's set of open jobs). */
export interface JobRef {
  id: string;
  keyId: string;
}

/** Now, as the ISO time rows show and the milliseconds scripts compare. */
const stamp = (): [string, number] => {
  const ms = Date.now();
  return [new Date(ms).toISOString(), ms];
};

const getJob = async (redis: RedisStore, id: string) => rowOf(await redis.command<(string | null)[]>(['HGETALL', K.job(id)]));

/**
 * A key's jobs newest first from its J:of set (its members in reverse lex order), in batches
 * past the last member read, each job read and kept when it has `status`.
 */
async function listJobs(redis: RedisStore, keyId: string, { status, limit, after }: JobListQuery): Promise<JobRow[]> {
  const out: JobRow[] = [];
  let from = after ? `(${listMember(after.created_at, after.id)}` : '+';
  while (out.length < limit) {
    const members = await redis.command<string[]>(['ZREVRANGEBYLEX', K.of(keyId), from, '-', 'LIMIT', 0, LIST_BATCH]);
    if (!members.length) break;
    from = `(${members[members.length - 1]}`;
    const rows = await Promise.all(members.map((m) => getJob(redis, m.slice(m.indexOf(':') + 1))));
    // Purged meanwhile (gone) or of another status: left out.
    for (const row of rows) if (row && (!status || row.status === status) && out.length < limit) out.push(row);
    if (members.length < LIST_BATCH) break;
  }
  return out;
}

/** The new job's hash, as HSET's field/value list. */
function newJobFields(job: NewJob, at: string): (string | number)[] {
  const fields: (string | number)[] = [
    'id',
    job.id,
    'key_id',
    job.key_id,
    'operation',
    job.operation,
    'status',
    'queued',
    'total',
    job.total,
    'webhook_attempts',
    0,
    'done',
    0,
    'ok',
    0,
    'cached',
    0,
    'failed',
    0,
    'credits_charged',
    0,
    'bytes',
    job.bytes,
    'created_at',
    at,
    'updated_at',
    at,
    'gen',
    1,
    'enqueued',
    0,
    'stop',
    '',
  ];
  for (const k of ['cache_max_age', 'max_credits', 'webhook_url', 'webhook_secret', 'idempotency_key'] as const) {
    const v = job[k];
    if (v !== null) fields.push(k, v);
  }
  return fields;
}

/**
 * Stages the inputs, then creates the job in one script (CREATE); an idempotency key's earlier job
 * if it has one. With `maxOpen`, the script counts the key's open jobs and creates this one only
 * below it (OpenJobsLimit thrown otherwise, the staged inputs deleted).
 */
async function createJob(
  redis: RedisStore,
  job: NewJob,
  inputs: string[],
  maxOpen?: number,
): Promise<{ row: RedisJobRow; existing: boolean }> {
  const get = (id: string) => getJob(redis, id);
  const idemField = job.idempotency_key ? `${job.key_id}\n${job.idempotency_key}` : '';
  if (idemField) {
    const had = await redis.command<string | null>(['HGET', K.idem, idemField]);
    const row = had ? await get(had) : undefined;
    if (row) return { row, existing: true };
  }
  const stage = K.stage(job.id);
  for (let i = 0; i < inputs.length; i += STAGE_BATCH) {
    const args: (string | number)[] = ['HSET', stage];
    for (let j = i; j < Math.min(inputs.length, i + STAGE_BATCH); j++) args.push(j, inputs[j]);
    await redis.command(args);
    if (i === 0) await redis.command(['PEXPIRE', stage, STAGE_TTL_MS]);
  }
  const [at, ms] = stamp();
  const fields = newJobFields(job, at);
  let id: string;
  try {
    id = await redis.script<string>(
      CREATE,
      [K.job(job.id), stage, K.inputs(job.id), K.idem, K.unfinished, K.open(job.key_id), K.bytes, K.of(job.key_id)],
      [idemField, job.id, job.key_id, job.bytes, ms, maxOpen ?? '', ...fields],
    );
  } catch (e) {
    // Answered 503, the job must not be made after all (UNCREATE). Never waited for.
    const keys = [K.job(job.id), K.inputs(job.id), K.idem, K.unfinished, K.open(job.key_id), K.bytes, K.of(job.key_id), K.fly(job.id)];
    void redis.script(UNCREATE, keys, [idemField, job.id, job.key_id, job.bytes, ms], { evenIfStuck: true }).catch(() => undefined);
    throw e;
  }
  if (id === '') {
    await redis.command(['DEL', stage]);
    throw new OpenJobsLimit(job.key_id);
  }
  if (id !== job.id) {
    await redis.command(['DEL', stage]);
    const row = await get(id);
    if (row) return { row, existing: true };
  }
  return { row: (await get(job.id))!, existing: false };
}

/** Done items after `afterIdx` in index order, at most `limit`, each with its input. */
async function readResults(redis: RedisStore, jobId: string, afterIdx: number, limit: number): Promise<ResultRow[]> {
  const total = int(await redis.command<string | null>(['HGET', K.job(jobId), 'total']));
  const out: ResultRow[] = [];
  // Done items are read in index ranges; a running job's may be sparse, so ranges are read
  // until `limit` are found or the items end.
  for (let from = Math.max(0, afterIdx + 1); from < total && out.length < limit; from += READ_BATCH) {
    const idx: number[] = [];
    for (let i = from; i < Math.min(total, from + READ_BATCH); i++) idx.push(i);
    const lines = await redis.command<(string | null)[]>(['HMGET', K.res(jobId), ...idx]);
    const have = idx.filter((_, n) => lines[n] !== null);
    if (!have.length) continue;
    const ins = await redis.command<(string | null)[]>(['HMGET', K.inputs(jobId), ...have]);
    let n = 0;
    for (let k = 0; k < idx.length && out.length < limit; k++) {
      const line = lines[k];
      if (line === null) continue;
      out.push(resultOf(idx[k], ins[n++] ?? '{}', line));
    }
  }
  return out;
}

/** On `redis`, a connection its owner closes (the app's, Deps.redis): closing the store does not. */
export function createRedisJobStore(redis: RedisStore) {
  let open = true;
  /** This process, as the holder of webhook deliveries. */
  const holder = randomUUID();
  const run = <T>(script: ReturnType<typeof lua>, job: JobRef, args: (string | number)[]) =>
    redis.script<T>(script, jobKeys(job.id, job.keyId), [...stamp(), ...args]);

  const get = (id: string) => getJob(redis, id);

  /**
   * Jobs created before J:of:* existed (an earlier version) are added to their keys' sets once,
   * before this process's first list; adding a member twice changes nothing, so instances that do
   * it at the same time do no harm.
   */
  let indexing: Promise<void> | null = null;
  const indexed = () =>
    (indexing ??= (async () => {
      if (await redis.command<number>(['EXISTS', K.ofIndexed])) return;
      for (const id of await redis.script<string[]>(ALL_JOBS, [K.unfinished, K.finished], [])) {
        const [keyId, createdAt] = await redis.command<(string | null)[]>(['HMGET', K.job(id), 'key_id', 'created_at']);
        if (keyId && createdAt) await redis.command(['ZADD', K.of(keyId), 0, listMember(createdAt, id)]);
      }
      await redis.command(['SET', K.ofIndexed, '1']);
    })().catch((e: unknown) => {
      indexing = null;
      throw e;
    }));

  const store: JobStore = {
    get open() {
      return open;
    },
    create: (job: NewJob, inputs: string[], maxOpen?: number) => createJob(redis, job, inputs, maxOpen),
    get,
    async byIdempotencyKey(keyId, key) {
      const id = await redis.command<string | null>(['HGET', K.idem, `${keyId}\n${key}`]);
      return id ? get(id) : undefined;
    },
    async list(keyId, query) {
      await indexed();
      return listJobs(redis, keyId, query);
    },
    unfinishedCount: async (keyId) => Number(await redis.command<number>(['SCARD', K.open(keyId)])),
    bytesOf: async (keyId) => int(await redis.command<string | null>(['HGET', K.bytes, keyId])),
    async firstPending(jobId) {
      const r = await redis.script<[number, string] | []>(FIRST_PENDING, [K.job(jobId), K.res(jobId), K.inputs(jobId)], []);
      return r.length ? { idx: Number(r[0]), input: r[1] } : undefined;
    },
    results: (jobId, afterIdx, limit) => readResults(redis, jobId, afterIdx, limit),
    async resume(id, maxCredits, maxOpen) {
      const row = await get(id);
      if (!row) return false;
      const r = await run<number>(RESUME, { id, keyId: row.key_id }, [maxCredits === null ? '' : maxCredits, maxOpen ?? '']);
      if (r === -1) throw new OpenJobsLimit(row.key_id);
      return r === 1;
    },
    async webhooksDue() {
      const ids = await redis.command<string[]>(['SMEMBERS', K.hooks]);
      const rows = await Promise.all(ids.map((id) => get(id)));
      return rows.filter((r): r is RedisJobRow => !!r?.webhook_event);
    },
    claimWebhook: async (id, ms) => (await redis.script<number>(LEASE, [K.hookLease(id)], [holder, Math.ceil(ms)])) === 1,
    webhookAttempt: async (id, event) => void (await redis.script(WEBHOOK_ATTEMPT, [K.job(id)], [event])),
    webhookOutcome: async (id, event, last) =>
      void (await redis.script(WEBHOOK_OUTCOME, [K.job(id)], [event, last.status ?? '', last.error ?? ''])),
    webhookDone: async (id, event, delivered) =>
      void (await redis.script(WEBHOOK_DONE, [K.job(id), K.hooks], [event, id, delivered ? 1 : 0])),
  };

  return {
    ...store,
    get open() {
      return open;
    },
    /** The job with its run's fields. */
    getRun: get,
    /** Queued or running jobs, oldest first. */
    unfinished: () => redis.command<string[]>(['ZRANGE', K.unfinished, '0', '-1']),
    /** 1 run it; 0 done already; -1 the job stopped; -2 its gen is over; -3 no such job. */
    claim: (job: JobRef, idx: number, gen: number) => run<number>(CLAIM, job, [idx, gen]),
    /** 1 held; 0 over the cap; -1 the job is stopping. */
    cap: (job: JobRef, idx: number, amount: number) => run<number>(CAP, job, [idx, amount]),
    /** The item leaves without a result; true: the job ended. */
    release: async (job: JobRef, idx: number) => (await run<number>(RELEASE, job, [idx])) === 1,
    /** Asks the job to stop (ending it once nothing is in flight); `idx`: the item that found out leaves. True: it ended now. */
    stop: async (job: JobRef, status: 'stopped_at_cap' | 'stopped_no_credits' | 'cancelled', idx: number | null) =>
      (await run<number>(STOP, job, [status, idx ?? ''])) === 1,
    /** Records the item's result once. `ended`: the job ended with it; `duplicate`: recorded before. */
    async record(job: JobRef, idx: number, o: ItemOutcome): Promise<{ ended: boolean; duplicate: boolean }> {
      const r = await run<number>(RECORD, job, [
        idx,
        resultLine(o),
        o.status < 400 ? 1 : 0,
        o.cached ? 1 : 0,
        o.charged,
        o.body.length,
        job.keyId,
      ]);
      return { ended: r === 1 || r === 11, duplicate: r >= 10 };
    },
    /** The next `count` indexes of gen to queue, with the inputs of those not done; null: nothing to take. */
    async advance(job: JobRef, gen: number, count: number): Promise<{ from: number; to: number; items: ItemRow[] } | null> {
      const r = await run<(number | string)[]>(ADVANCE, job, [gen, count]);
      if (!r.length) return null;
      const items: ItemRow[] = [];
      for (let i = 2; i + 1 < r.length; i += 2) items.push({ idx: Number(r[i]), input: String(r[i + 1]) });
      return { from: Number(r[0]), to: Number(r[1]), items };
    },
    /** 1 ended, 2 the items not done are taken again, 0 nothing to do (see RECONCILE). */
    reconcile: (job: JobRef, gen: number) => run<number>(RECONCILE, job, [gen]),
    /** Finished jobs older than `retentionMs`, at most `limit`. */
    expired: (retentionMs: number, limit: number) =>
      redis.command<string[]>(['ZRANGEBYSCORE', K.finished, '-inf', Date.now() - retentionMs, 'LIMIT', 0, limit]),
    async purge(id: string) {
      const [keyId, createdAt] = await redis.command<(string | null)[]>(['HMGET', K.job(id), 'key_id', 'created_at']);
      await redis.script(
        PURGE,
        [K.job(id), K.res(id), K.inputs(id), K.fly(id), K.idem, K.finished, K.hooks, K.bytes, K.unfinished, K.of(keyId ?? '')],
        [id, createdAt ? listMember(createdAt, id) : ''],
      );
    },
    async close() {
      open = false;
    },
  };
}

export type RedisJobStore = ReturnType<typeof createRedisJobStore>;

// KEYS: job. ARGV: the secret as read, its sealed form. Replaced only if still the same. → 1 replaced.
const RESEAL = lua(`
if redis.call('HGET', KEYS[1], 'webhook_secret') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'webhook_secret', ARGV[2])
return 1`);

/**
 * Seals the webhook secrets an earlier version stored in clear in the job hashes (at start; every
 * instance may run it at once: a value is replaced only while it is still the clear one); returns
 * how many this call sealed.
 */
export async function sealStoredWebhookSecrets(redis: RedisStore, seal: (plain: string) => string): Promise<number> {
  const ids = [
    ...(await redis.command<string[]>(['ZRANGE', K.unfinished, '0', '-1'])),
    ...(await redis.command<string[]>(['ZRANGE', K.finished, '0', '-1'])),
  ];
  let sealed = 0;
  for (let i = 0; i < ids.length; i += READ_BATCH) {
    const batch = ids.slice(i, i + READ_BATCH);
    const secrets = await Promise.all(batch.map((id) => redis.command<string | null>(['HGET', K.job(id), 'webhook_secret'])));
    for (const [j, secret] of secrets.entries()) {
      if (secret && !isSealed(secret)) sealed += await redis.script<number>(RESEAL, [K.job(batch[j])], [secret, seal(secret)]);
    }
  }
  return sealed;
}

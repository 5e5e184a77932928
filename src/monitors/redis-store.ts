/**
 * Monitors in Redis (REDIS_URL), visible from every instance: the MonitorStore the routes,
 * GraphQL and the BullMQ scheduler (queue.ts) use. Every call goes through the store's deadline
 * (src/store/redis.ts: a stuck Redis is a 503, never a hang); every change is one Lua script, so
 * a claim, a record or a patch is atomic whichever instance makes it — the rules are store.ts's.
 *
 * Keys (all share the `{mon}` hash tag):
 *
 *   M:m:<id>          string  the MonitorRow as JSON (`deleting` once its delete began: no run of it is claimed)
 *   M:of:<key id>     zset    the key's monitors: members "<created ms, 15 digits>:<id>", all of score 0
 *   M:all             set     every monitor's id (the retention purge walks it)
 *   M:snap:<id>       zset    snapshots: score seq, member "<seq>:<at ms>:<values JSON>"
 *   M:chg:<id>        zset    changes: score seq, member "<seq>:<at ms>:<[field, before, after] JSON>"
 *   M:ev:<id>         list    the monitor's undelivered webhook events, oldest first (their seqs; EVENTS_MAX at most)
 *   M:evh:<id>        hash    seq → "<event>\n<body>", "<seq>:a" attempts, "<seq>:s" / "<seq>:e" last answer
 *   M:hooks           set     monitors with an event to deliver
 *   M:hooklease:<id>  string  the instance delivering them, for a while
 *   M:seq             string  the last seq handed out (snapshots, changes and events share it)
 *   M:bytes           hash    key id → bytes of its monitors' history and last values (MONITORS_KEY_QUOTA_MB;
 *                             a monitor's last values counted from its first run by a version that counts them)
 */
import { randomUUID } from 'node:crypto';
import type { RedisStore } from '../store/redis.js';
import { lua } from '../store/redis.js';
import type { WebhookOutbox } from '../jobs/webhook.js';
import type {
  ChangeRow,
  Claim,
  HistoryQuery,
  MonitorListQuery,
  MonitorRow,
  MonitorStore,
  NewMonitor,
  RunRecord,
  SnapshotRow,
} from './store.js';
import { EVENTS_MAX, LEASE_MS, dayOf, patchedColumns } from './store.js';

const P = 'cl:{mon}';
const K = {
  m: (id: string) => `${P}:m:${id}`,
  of: (keyId: string) => `${P}:of:${keyId}`,
  snap: (id: string) => `${P}:snap:${id}`,
  chg: (id: string) => `${P}:chg:${id}`,
  ev: (id: string) => `${P}:ev:${id}`,
  evh: (id: string) => `${P}:evh:${id}`,
  hookLease: (id: string) => `${P}:hooklease:${id}`,
  all: `${P}:all`,
  hooks: `${P}:hooks`,
  seq: `${P}:seq`,
  bytes: `${P}:bytes`,
};
/** Monitors (and history rows) read per command while listing. */
const BATCH = 100;

// KEYS: m, of, all. ARGV: max per key, row JSON, of member, id. → 1 created, 0 the key has max already.
const CREATE = lua(`
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], 0, ARGV[3])
redis.call('SADD', KEYS[3], ARGV[4])
return 1`);

// What CREATE wrote, undone — queued right behind a CREATE whose answer did not come in time (the
// caller was answered 503): Redis may still run that CREATE late, and the monitor it made would
// never run (its schedule is set once the create answers) while counting against the key's
// MONITORS_MAX_PER_KEY. Only a monitor that has not run is removed. KEYS: m, of, all. ARGV: of
// member, id. → 1 removed, 0 nothing to remove.
const UNCREATE = lua(`
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local m = cjson.decode(raw)
if m.runs ~= 0 or m.lease_until ~= cjson.null then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('SREM', KEYS[3], ARGV[2])
return 1`);

// KEYS: m. ARGV: now ms, manual (1/0), lease ms. → { kind, row JSON }; the rules of store.ts claimRow.
const CLAIM = lua(`
local raw = redis.call('GET', KEYS[1])
if not raw then return { 'gone' } end
local m = cjson.decode(raw)
if m.deleting then return { 'gone' } end
local now, lease = tonumber(ARGV[1]), tonumber(ARGV[1]) + tonumber(ARGV[3])
local leased = m.lease_until ~= cjson.null
if leased and m.lease_until > now then return { 'busy' } end
local kind = 'claimed'
if leased and m.claimed_due ~= cjson.null and ARGV[2] == '0' then
  m.lease_until = lease
  kind = 'takeover'
elseif ARGV[2] == '1' then
  m.claimed_due = cjson.null
  m.lease_until = lease
  m.run_no = m.run_no + 1
else
  if m.status ~= 'active' then return { 'inactive' } end
  local interval = m.interval_ms
  if m.next_run_at > now + math.floor(interval / 10) then return { 'early' } end
  local due = m.next_run_at
  local nxt = due + interval
  if nxt <= now then nxt = due + (math.floor((now - due) / interval) + 1) * interval end
  m.claimed_due = due
  m.next_run_at = nxt
  m.lease_until = lease
  m.run_no = m.run_no + 1
end
local out = cjson.encode(m)
redis.call('SET', KEYS[1], out)
return { kind, out }`);

// Run `ARGV[1]`'s lease ended now, unrecorded: the next claim takes the run over (the same run
// number, charged once) instead of waiting out LEASE_MS. KEYS: m. → 1 given back, 0 not held.
const GIVE_BACK = lua(`
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local m = cjson.decode(raw)
if m.run_no ~= tonumber(ARGV[1]) or m.lease_until == cjson.null then return 0 end
m.lease_until = 0
redis.call('SET', KEYS[1], cjson.encode(m))
return 1`);

// KEYS: m, snap, chg, ev, evh, hooks, seq, bytes. ARGV: run no, at ms, counted (1/0), charged,
// day, values JSON ('' keep), outcome JSON, not-found ('inc', 'reset', 'keep'), stop ('' none),
// snapshot JSON ('' none), now ISO, changes JSON (array of [field, before, after] JSON texts),
// events JSON (array of [event, body]), events kept at most (EVENTS_MAX: the oldest beyond are
// given up). → [the row after, events given up], or false when the run no longer holds it.
const RECORD = lua(`
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local m = cjson.decode(raw)
if m.run_no ~= tonumber(ARGV[1]) or m.lease_until == cjson.null then return false end
local at, charged = tonumber(ARGV[2]), tonumber(ARGV[4])
m.lease_until = cjson.null
m.claimed_due = cjson.null
m.last_run_at = at
m.runs = m.runs + tonumber(ARGV[3])
m.credits_charged = m.credits_charged + charged
if m.day == ARGV[5] then m.day_credits = m.day_credits + charged else m.day_credits = charged end
m.day = ARGV[5]
-- The last values are replaced: the key's bytes change by the new length less the old (a row
-- without values_bytes had its values counted nowhere: 0).
local grew = 0
if ARGV[6] ~= '' then
  m.last_values = ARGV[6]
  grew = #ARGV[6] - (tonumber(m.values_bytes) or 0)
  m.values_bytes = #ARGV[6]
end
m.last_outcome = ARGV[7]
if ARGV[8] == 'inc' then m.not_found_streak = m.not_found_streak + 1 elseif ARGV[8] == 'reset' then m.not_found_streak = 0 end
if ARGV[9] ~= '' then m.status = ARGV[9] end
m.updated_at = ARGV[11]
local bytes = 0
if ARGV[10] ~= '' then
  local seq = redis.call('INCR', KEYS[7])
  local member = seq .. ':' .. ARGV[2] .. ':' .. ARGV[10]
  redis.call('ZADD', KEYS[2], seq, member)
  bytes = bytes + 32 + #ARGV[10]
end
for _, c in ipairs(cjson.decode(ARGV[12])) do
  local seq = redis.call('INCR', KEYS[7])
  redis.call('ZADD', KEYS[3], seq, seq .. ':' .. ARGV[2] .. ':' .. c)
  bytes = bytes + 32 + #c
end
m.history_bytes = m.history_bytes + bytes
redis.call('HINCRBY', KEYS[8], m.key_id, bytes + grew)
local dropped = 0
if m.webhook_url ~= cjson.null then
  for _, e in ipairs(cjson.decode(ARGV[13])) do
    local seq = redis.call('INCR', KEYS[7])
    redis.call('RPUSH', KEYS[4], seq)
    redis.call('HSET', KEYS[5], seq, e[1] .. '\\n' .. e[2], seq .. ':a', 0)
    redis.call('SADD', KEYS[6], m.id)
  end
  while redis.call('LLEN', KEYS[4]) > tonumber(ARGV[14]) do
    local old = redis.call('LPOP', KEYS[4])
    redis.call('HDEL', KEYS[5], old, old .. ':a', old .. ':s', old .. ':e')
    dropped = dropped + 1
  end
end
local out = cjson.encode(m)
redis.call('SET', KEYS[1], out)
return {out, dropped}`);

// KEYS: m, ev, evh, hooks. ARGV: fields to set (JSON object), pause ('1' pause, '0' resume, '' neither),
// resume at (ms), now ISO, drop events ('1': the webhook was removed). → the row after, or false.
const PATCH = lua(`
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local m = cjson.decode(raw)
for k, v in pairs(cjson.decode(ARGV[1])) do m[k] = v end
if ARGV[2] == '1' then m.status = 'paused'
elseif ARGV[2] == '0' and m.status ~= 'active' then
  m.status = 'active'
  m.not_found_streak = 0
  m.next_run_at = math.min(m.next_run_at, tonumber(ARGV[3]))
end
m.updated_at = ARGV[4]
if ARGV[5] == '1' then
  redis.call('DEL', KEYS[2], KEYS[3])
  redis.call('SREM', KEYS[4], m.id)
end
local out = cjson.encode(m)
redis.call('SET', KEYS[1], out)
return out`);

// KEYS: m. → the row as it is, marked `deleting` (no run of it is claimed any more), or false: none.
const MARK_DELETING = lua(`
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local m = cjson.decode(raw)
m.deleting = true
local out = cjson.encode(m)
redis.call('SET', KEYS[1], out)
return out`);

// KEYS: m, of, all, snap, chg, ev, evh, hooks, bytes. ARGV: id. → 1 deleted, 0 none.
const DELETE = lua(`
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local m = cjson.decode(raw)
-- 0 - n, not -n: Lua's -0 is sent as "-0", which HINCRBY refuses (a monitor with no history yet).
redis.call('HINCRBY', KEYS[9], m.key_id, 0 - m.history_bytes - (tonumber(m.values_bytes) or 0))
redis.call('ZREM', KEYS[2], string.rep('0', 15 - #m.created_ms) .. m.created_ms .. ':' .. ARGV[1])
redis.call('SREM', KEYS[3], ARGV[1])
redis.call('SREM', KEYS[8], ARGV[1])
redis.call('DEL', KEYS[1], KEYS[4], KEYS[5], KEYS[6], KEYS[7])
return 1`);

// KEYS: m, snap, chg, bytes. ARGV: quota bytes ('' none), cut-off ms ('' none), keep from ms ('' none).
// Drops the oldest history of the monitor (the lower seq of the two sets first) while its key is
// over the quota, and any older than the cut-off; none from the keep-from time on. → rows dropped.
const TRIM = lua(`
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local m = cjson.decode(raw)
local dropped, freed = 0, 0
local over = 0
if ARGV[1] ~= '' then over = tonumber(redis.call('HGET', KEYS[4], m.key_id) or '0') - tonumber(ARGV[1]) end
local cut = tonumber(ARGV[2] ~= '' and ARGV[2] or '0')
for _ = 1, 10000 do
  local s = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  local c = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
  local key, head = nil, nil
  if s[1] and (not c[1] or tonumber(s[2]) < tonumber(c[2])) then key, head = KEYS[2], s[1] elseif c[1] then key, head = KEYS[3], c[1] end
  if not head then break end
  local at = tonumber(string.match(head, '^%d+:(%d+):'))
  if over - freed <= 0 and at >= cut then break end
  if ARGV[3] and ARGV[3] ~= '' and at >= tonumber(ARGV[3]) then break end
  redis.call('ZREM', key, head)
  local _, _, body = string.find(head, '^%d+:%d+:(.*)$')
  freed = freed + 32 + #body
  dropped = dropped + 1
end
if freed > 0 then
  m.history_bytes = math.max(0, m.history_bytes - freed)
  redis.call('HINCRBY', KEYS[4], m.key_id, -freed)
  redis.call('SET', KEYS[1], cjson.encode(m))
end
return dropped`);

// KEYS: ev, evh. ARGV: seq. One more attempt at the head event.
const EVENT_ATTEMPT = lua(`
if redis.call('LINDEX', KEYS[1], 0) == ARGV[1] then redis.call('HINCRBY', KEYS[2], ARGV[1] .. ':a', 1) end
return 1`);

// KEYS: ev, evh. ARGV: seq, status ('' none), error ('' none).
const EVENT_OUTCOME = lua(`
if redis.call('LINDEX', KEYS[1], 0) ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[2], ARGV[1] .. ':s', ARGV[2], ARGV[1] .. ':e', ARGV[3])
return 1`);

// KEYS: ev, evh, hooks. ARGV: seq, monitor id.
const EVENT_DONE = lua(`
if redis.call('LINDEX', KEYS[1], 0) == ARGV[1] then
  redis.call('LPOP', KEYS[1])
  redis.call('HDEL', KEYS[2], ARGV[1], ARGV[1] .. ':a', ARGV[1] .. ':s', ARGV[1] .. ':e')
end
if redis.call('LLEN', KEYS[1]) == 0 then redis.call('SREM', KEYS[3], ARGV[2]) end
return 1`);

// KEYS: lease. ARGV: holder, ms. → 1 held by the caller now.
const LEASE = lua(`
local v = redis.call('GET', KEYS[1])
if v and v ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`);

/** The stored JSON: the row, and its creation in ms (its member of M:of). */
type Stored = MonitorRow & { created_ms: string };

const rowOf = (json: string | null): MonitorRow | undefined => {
  if (!json) return undefined;
  const { created_ms: _, deleting: _d, ...row } = JSON.parse(json) as Stored & { deleting?: true };
  // A row stored before values_bytes existed: its values were counted nowhere yet.
  return { ...row, values_bytes: row.values_bytes ?? 0 };
};

const listMember = (createdAt: string, id: string) => `${String(Date.parse(createdAt)).padStart(15, '0')}:${id}`;

/** A history member "<seq>:<at>:<json>", read. */
interface HistoryMember {
  seq: number;
  at: number;
  json: string;
}

function memberOf(member: string): HistoryMember {
  const a = member.indexOf(':');
  const b = member.indexOf(':', a + 1);
  return { seq: Number(member.slice(0, a)), at: Number(member.slice(a + 1, b)), json: member.slice(b + 1) };
}

const iso = () => new Date().toISOString();

const readRow = async (redis: RedisStore, id: string) => rowOf(await redis.command<string | null>(['GET', K.m(id)]));

/** History rows past `after` within since/until, in seq order, at most `limit`. */
async function readHistory(redis: RedisStore, key: string, q: HistoryQuery): Promise<HistoryMember[]> {
  const out: HistoryMember[] = [];
  let from = q.after ?? 0;
  while (out.length < q.limit) {
    const members = await redis.command<string[]>(['ZRANGEBYSCORE', key, `(${from}`, '+inf', 'LIMIT', 0, BATCH]);
    if (!members.length) break;
    for (const m of members) {
      const h = memberOf(m);
      from = h.seq;
      if ((q.since === null || h.at >= q.since) && (q.until === null || h.at < q.until) && out.length < q.limit) out.push(h);
    }
    if (members.length < BATCH) break;
  }
  return out;
}

/** store.create: the row as new, written with its list member unless the key has `maxPerKey` already. */
async function createRow(redis: RedisStore, m: NewMonitor, maxPerKey: number): Promise<MonitorRow | 'limit'> {
  const at = iso();
  const row: Stored = {
    ...m,
    status: 'active',
    last_run_at: null,
    runs: 0,
    credits_charged: 0,
    run_no: 0,
    lease_until: null,
    claimed_due: null,
    not_found_streak: 0,
    day: null,
    day_credits: 0,
    last_values: null,
    last_outcome: null,
    history_bytes: 0,
    values_bytes: 0,
    created_at: at,
    updated_at: at,
    created_ms: String(Date.parse(at)),
  };
  const keys = [K.m(m.id), K.of(m.key_id), K.all];
  let made: number;
  try {
    made = await redis.script<number>(CREATE, keys, [maxPerKey, JSON.stringify(row), listMember(at, m.id), m.id]);
  } catch (e) {
    // Answered 503, the monitor must not be made after all (UNCREATE). Never waited for.
    void redis.script(UNCREATE, keys, [listMember(at, m.id), m.id], { evenIfStuck: true }).catch(() => undefined);
    throw e;
  }
  return made === 1 ? rowOf(JSON.stringify(row))! : 'limit';
}

/** store.list: walks the key's list members newest first, reading the rows in batches. */
async function listRows(redis: RedisStore, keyId: string, { status, limit, after }: MonitorListQuery): Promise<MonitorRow[]> {
  const out: MonitorRow[] = [];
  let from = after ? `(${listMember(after.created_at, after.id)}` : '+';
  while (out.length < limit) {
    const members = await redis.command<string[]>(['ZREVRANGEBYLEX', K.of(keyId), from, '-', 'LIMIT', 0, BATCH]);
    if (!members.length) break;
    from = `(${members[members.length - 1]}`;
    const rows = await Promise.all(members.map((m) => readRow(redis, m.slice(m.indexOf(':') + 1))));
    for (const row of rows) if (row && (!status || row.status === status) && out.length < limit) out.push(row);
    if (members.length < BATCH) break;
  }
  return out;
}

/** store.record: the end of a run, one script (RECORD). */
async function recordRun(redis: RedisStore, id: string, r: RunRecord): Promise<MonitorRow | undefined> {
  // The events are made from the row as this record leaves it (built here, written with it).
  const before = await readRow(redis, id);
  if (!before) return undefined;
  const now = iso();
  const charged = r.charged;
  const day = dayOf(r.at);
  const predicted: MonitorRow = {
    ...before,
    lease_until: null,
    claimed_due: null,
    last_run_at: r.at,
    runs: before.runs + (r.counted ? 1 : 0),
    credits_charged: before.credits_charged + charged,
    day,
    day_credits: before.day === day ? before.day_credits + charged : charged,
    last_values: r.values ? JSON.stringify(r.values) : before.last_values,
    values_bytes: r.values ? Buffer.byteLength(JSON.stringify(r.values)) : before.values_bytes,
    last_outcome: JSON.stringify(r.outcome),
    status: r.stop ?? before.status,
    updated_at: now,
  };
  const events = before.webhook_url ? r.events(predicted).map((e) => [e.event, e.body]) : [];
  const snapshot = r.snapshot && Object.keys(r.snapshot).length ? JSON.stringify(r.snapshot) : '';
  const answer = await redis.script<[string, number] | null>(
    RECORD,
    [K.m(id), K.snap(id), K.chg(id), K.ev(id), K.evh(id), K.hooks, K.seq, K.bytes],
    [
      r.runNo,
      r.at,
      r.counted ? 1 : 0,
      charged,
      day,
      r.values ? JSON.stringify(r.values) : '',
      JSON.stringify(r.outcome),
      r.notFound,
      r.stop ?? '',
      snapshot,
      now,
      JSON.stringify(r.changes.map((c) => JSON.stringify([c.field, c.before, c.after]))),
      JSON.stringify(events),
      EVENTS_MAX,
    ],
  );
  if (!answer) return undefined;
  const [after, dropped] = answer;
  if (dropped > 0) r.eventsDropped?.(Number(dropped));
  return rowOf(after);
}

/** The monitors' webhook events: M:ev / M:evh per monitor, M:hooks the ones with any, a lease per monitor's delivery. */
function webhookOutbox(redis: RedisStore, holder: string, isOpen: () => boolean): WebhookOutbox {
  return {
    get open() {
      return isOpen();
    },
    async next(id) {
      const seq = await redis.command<string | null>(['LINDEX', K.ev(id), 0]);
      if (!seq) return undefined;
      const [event, attempts] = await redis.command<(string | null)[]>(['HMGET', K.evh(id), seq, `${seq}:a`]);
      const m = await readRow(redis, id);
      if (!event || !m?.webhook_url || !m.webhook_secret) return undefined;
      const nl = event.indexOf('\n');
      const body = event.slice(nl + 1);
      return {
        id: `${id}.${seq}`,
        event: event.slice(0, nl),
        key: seq,
        url: m.webhook_url,
        secret: m.webhook_secret,
        attempts: Number(attempts ?? 0),
        body: () => body,
        log: { monitor: id, event: event.slice(0, nl) },
      };
    },
    due: () => redis.command<string[]>(['SMEMBERS', K.hooks]),
    claim: async (id, ms) => (await redis.script<number>(LEASE, [K.hookLease(id)], [holder, Math.ceil(ms)])) === 1,
    attempt: async (id, seq) => void (await redis.script(EVENT_ATTEMPT, [K.ev(id), K.evh(id)], [seq])),
    outcome: async (id, seq, last) =>
      void (await redis.script(EVENT_OUTCOME, [K.ev(id), K.evh(id)], [seq, last.status === null ? '' : last.status, last.error ?? ''])),
    done: async (id, seq) => void (await redis.script(EVENT_DONE, [K.ev(id), K.evh(id), K.hooks], [seq, id])),
  };
}

/**
 * On `redis`, a connection its owner closes (the app's, Deps.redis). `beforeDelete`: what a
 * delete does once the monitor is marked deleting (no run of it is claimed any more) and before
 * it is removed, with its row as marked — the service settles a run of it in progress there
 * (queue.ts: its charge and its record are in two stores).
 */
export function createRedisMonitorStore(redis: RedisStore, opts: { beforeDelete?: (row: MonitorRow) => Promise<void> } = {}) {
  let open = true;
  const holder = randomUUID();
  const get = (id: string) => readRow(redis, id);

  const store: MonitorStore = {
    get open() {
      return open;
    },
    create: (m, maxPerKey) => createRow(redis, m, maxPerKey),
    get,
    list: (keyId, q) => listRows(redis, keyId, q),
    async update(id, p) {
      const set = patchedColumns(p);
      const pause = p.paused ? (p.paused.paused ? '1' : '0') : '';
      const after = await redis.script<string | null>(
        PATCH,
        [K.m(id), K.ev(id), K.evh(id), K.hooks],
        [JSON.stringify(set), pause, p.paused?.resume_at ?? 0, iso(), p.webhook === null ? '1' : ''],
      );
      return rowOf(after);
    },
    async delete(id) {
      const row = rowOf(await redis.script<string | null>(MARK_DELETING, [K.m(id)], []));
      if (!row) return false;
      await opts.beforeDelete?.(row);
      const keys = [K.m(id), K.of(row.key_id), K.all, K.snap(id), K.chg(id), K.ev(id), K.evh(id), K.hooks, K.bytes];
      return (await redis.script<number>(DELETE, keys, [id])) === 1;
    },
    async claim(id, now, manual): Promise<Claim> {
      const [kind, json] = await redis.script<[string, string?]>(CLAIM, [K.m(id)], [now, manual ? 1 : 0, LEASE_MS]);
      if (kind === 'claimed' || kind === 'takeover') return { kind: 'claimed', row: rowOf(json!)!, takeover: kind === 'takeover' };
      return { kind: kind as 'busy' | 'early' | 'inactive' | 'gone' };
    },
    record: (id, r) => recordRun(redis, id, r),
    async snapshots(id, q): Promise<SnapshotRow[]> {
      return (await readHistory(redis, K.snap(id), q)).map((h) => ({
        seq: h.seq,
        at: h.at,
        values: JSON.parse(h.json) as Record<string, number>,
        bytes: h.json.length,
      }));
    },
    async changes(id, q): Promise<ChangeRow[]> {
      return (await readHistory(redis, K.chg(id), q)).map((h) => {
        const [field, before, after] = JSON.parse(h.json) as [string, unknown, unknown];
        return { seq: h.seq, at: h.at, field, before, after, bytes: h.json.length };
      });
    },
    async purge(retentionMs) {
      const cut = Date.now() - retentionMs;
      let n = 0;
      for (const id of await redis.command<string[]>(['SMEMBERS', K.all]))
        n += await redis.script<number>(TRIM, [K.m(id), K.snap(id), K.chg(id), K.bytes], ['', cut]);
      return n;
    },
    outbox: webhookOutbox(redis, holder, () => open),
  };

  return {
    store,
    /** Ends the lease of run `runNo` without a record (queue.ts giveBack): false when that run no longer holds the monitor. */
    giveBack: async (id: string, runNo: number): Promise<boolean> => (await redis.script<number>(GIVE_BACK, [K.m(id)], [runNo])) === 1,
    /**
     * Drops history while `id`'s key (its monitors' history and last values) is over `quota` bytes,
     * oldest first: `id`'s from before `runAt` (the run just recorded), then the key's other
     * monitors', oldest monitor first, and only then the run's own rows (store.ts trimHistory).
     */
    async trim(id: string, keyId: string, quota: number, runAt?: number): Promise<number> {
      const trimOne = (m: string, keepFrom: number | '') =>
        redis.script<number>(TRIM, [K.m(m), K.snap(m), K.chg(m), K.bytes], [quota, '', keepFrom]);
      const over = async () => Number((await redis.command<string | null>(['HGET', K.bytes, keyId])) ?? 0) > quota;
      let dropped = await trimOne(id, runAt ?? '');
      if (!(await over())) return dropped;
      for (const member of await redis.command<string[]>(['ZRANGEBYLEX', K.of(keyId), '-', '+'])) {
        const other = member.slice(member.indexOf(':') + 1);
        if (other === id) continue;
        dropped += await trimOne(other, '');
        if (!(await over())) return dropped;
      }
      return dropped + (await trimOne(id, ''));
    },
    close() {
      open = false;
    },
  };
}

/**
 * Creator discovery benchmark (issues 6, 13 and 33): quality, speed and calibration of
 * `/v1/find-social-profiles` and `/v1/find-creator-emails` on the simulated creator web
 * (test/sim/generator.ts), served by the replay upstream with per-host latencies.
 *
 * Seeds: the measurement runs on HELD-OUT seeds (HOLDOUT_SEEDS) that are never used while
 * developing or tuning the pipeline; `--dev` runs the development seeds (DEV_SEEDS) instead — tune
 * on those only (bench/discovery/tune.ts fits the candidate model on a `--dump` of them). Mixes:
 * every seed is run in each mix of the creator's second accounts to everybody else's accounts that
 * link the creator (fans, fan-run clip channels, impersonators) — 1:3, 1:1 and 3:1 (MIXES) — and
 * each mix is reported on its own. For each mix, seed and operation a fresh gateway (child process,
 * ephemeral port, temp DATA_DIR, bootstrap key; so no upstream cache carries over) looks up every
 * simulated creator from its primary source profile, CONCURRENCY lookups at a time (4).
 * Profiles are asked for with `min_confidence=0` (every listed profile, candidates below 0.5
 * included) and scored at the default threshold, 0.5, client-side — the same list the default
 * request returns (src/discovery/api/min-confidence.test.ts). Reported, per mix (issue 33's targets):
 *  - profile precision at ≥ 0.5 (target ≥ 0.98) and at ≥ 0.8 (≥ 0.99), recall at ≥ 0.5 (≥ 0.95)
 *    against the profiles reachable by the documented rules (truth.ts, rule 4b included: the
 *    creator's accounts met with evidence short of proof), by route and by platform;
 *  - e-mail precision and recall (1.00 / ≥ 0.97);
 *  - calibration: the reliability table (confidence bucket → observed precision) of the returned
 *    profiles (≥ 0.5, by 0.05, the source excluded; ECE over buckets of ≥ 20, target ≤ 0.05), and
 *    of every listed profile (0 to 1, by 0.1);
 *  - wall time against the critical path of each lookup's upstream chain (truth.ts), 4 lookups at
 *    once (guard rail: median ≤ 1.3×, p90 ≤ 2.0×);
 *  - `partial` on every lookup whose plan met a failure or a block page; failures; credits charged
 *    against the credit rules; upstream URLs requested twice with a usable answer.
 * Scoring rules: bench/discovery/score.ts; truth: test/sim/truth.ts.
 *
 *   npm run bench:discovery                  (held-out seeds; report on stdout, progress on stderr)
 *   npm run bench:discovery -- --dev         (development seeds)
 *   npm run bench:discovery -- --write       (the same, and the section in bench/RESULTS.md replaced;
 *                                             with --dev, the development seeds' own section)
 *   npm run bench:discovery -- --dev --dump /tmp/dev.jsonl   (every listed profile with its evidence
 *                                             and whether it is the creator's: tune.ts's input)
 *
 * Environment: BENCH_DISCOVERY_SEEDS (comma-separated; overrides the seed set, and the report says
 * so), BENCH_DISCOVERY_MIXES (`1/3,1,3`), BENCH_DISCOVERY_OPS (both operations), BENCH_DISCOVERY_CREATORS
 * (40 per seed), BENCH_DISCOVERY_CONCURRENCY (4), BENCH_DISCOVERY_TIMEOUT_MS per lookup (60000),
 * BENCH_DISCOVERY_BUDGET_S for all lookups of one operation and seed (600),
 * BENCH_DISCOVERY_LATENCY_SCALE (1), BENCH_DISCOVERY_TOKENS (comma-separated token-gated
 * platforms: `code` gives the gateway GITHUB_TOKEN, `forum` a Reddit application; truth then
 * probes them). Anything else (e.g. the discovery deadline) is passed through to the gateway's
 * environment. If the discovery routes do not exist yet, it says so and exits 2 without writing.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isVerified } from '../../src/discovery/evidence.js';
import type { EvidenceLabel } from '../../src/discovery/types.js';
import { startReplayServer } from '../../src/replay/server.js';
import type { ReplayRequest, ReplayServer } from '../../src/replay/server.js';
import { generateSimWeb } from '../../test/sim/generator.js';
import type { SimWeb } from '../../test/sim/generator.js';
import { SOURCE_PLATFORMS } from '../../test/sim/model.js';
import type { TruthEntry } from '../../test/sim/truth.js';
import { freePort, median, startChild, stopChild } from '../lib.js';
import { startArgs } from '../../test/start-args.js';
import { finishResults, progress } from '../results.js';
import type { CalibrationPoint, Counts, LabelledProfile, ReturnedProfile } from './score.js';
import {
  addCounts,
  calibrationPoints,
  emptyCounts,
  precision,
  quantile,
  recall,
  recallByEncoding,
  recallByPlatform,
  recallByVia,
  reliability,
  scoreEmails,
  scoreProfiles,
} from './score.js';

/** Seeds for developing and tuning the pipeline. */
export const DEV_SEEDS = [1, 2, 3];
/** Seeds for measurement only: never tune on these (the report is about webs the pipeline has not seen). */
export const HOLDOUT_SEEDS = [101, 102, 103, 104];
/** Mixes of the creator's second accounts to everybody else's accounts that link the creator. */
export const DEFAULT_MIXES = ['1/3', '1', '3'];
/** The default min_confidence: what a caller is shown, so what is scored. */
const SHOWN = 0.5;

const DEV = process.argv.includes('--dev');
const DUMP = (() => {
  const i = process.argv.indexOf('--dump');
  return i >= 0 ? process.argv[i + 1] : null;
})();
const SEEDS_OVERRIDE = process.env.BENCH_DISCOVERY_SEEDS;
const SEEDS = SEEDS_OVERRIDE ? SEEDS_OVERRIDE.split(',').map((x) => Number(x.trim())) : DEV ? DEV_SEEDS : HOLDOUT_SEEDS;
const SEED_SET = SEEDS_OVERRIDE
  ? `seeds ${SEEDS.join(', ')} (BENCH_DISCOVERY_SEEDS)`
  : DEV
    ? `development seeds ${SEEDS.join(', ')}`
    : `held-out seeds ${SEEDS.join(', ')} (never used for tuning; development seeds are ${DEV_SEEDS.join(', ')})`;
const MIXES = (process.env.BENCH_DISCOVERY_MIXES?.split(',') ?? DEFAULT_MIXES).map((m) => {
  const [a, b] = m.trim().split('/').map(Number);
  const value = b ? a / b : a;
  return { label: value >= 1 ? `${value}:1` : `1:${Math.round(1 / value)}`, value };
});
const CREATORS = Number(process.env.BENCH_DISCOVERY_CREATORS ?? 40);
const CONCURRENCY = Number(process.env.BENCH_DISCOVERY_CONCURRENCY ?? 4);
const TIMEOUT_MS = Number(process.env.BENCH_DISCOVERY_TIMEOUT_MS ?? 60_000);
const BUDGET_S = Number(process.env.BENCH_DISCOVERY_BUDGET_S ?? 600);
const LATENCY_SCALE = Number(process.env.BENCH_DISCOVERY_LATENCY_SCALE ?? 1);
const TOKENS = (process.env.BENCH_DISCOVERY_TOKENS ?? '')
  .split(',')
  .map((x) => x.trim())
  .filter(Boolean);
const KEY = 'bench-discovery-key-000000000000';
// The development seeds' results have a section of their own (the held-out one is the measurement).
const TITLE = DEV ? 'Creator discovery quality and speed (development seeds)' : 'Creator discovery quality and speed';

type Op = 'find-social-profiles' | 'find-creator-emails';
const OPS = (process.env.BENCH_DISCOVERY_OPS?.split(',').map((x) => x.trim()) ?? ['find-social-profiles', 'find-creator-emails']) as Op[];

class RouteMissing extends Error {}

interface LookupRun {
  seed: number;
  key: string;
  truth: TruthEntry;
  status: number;
  code: string | null;
  wallMs: number;
  body: Record<string, unknown> | null;
  charged: number | null;
}

interface OpRun {
  runs: LookupRun[];
  skipped: number;
  upstream: number;
  /** Requests repeated with a usable answer (`request ×n`), token and home pages apart. */
  refetches: string[];
  /** Repeats of requests answered by a failure or a block page (client retries). */
  retries: number;
}

function requestKey(r: ReplayRequest): string {
  const q = [...r.query.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const body = r.body.length ? ` #${createHash('sha1').update(r.body).digest('hex').slice(0, 10)}` : '';
  return `${r.method} ${r.host}${r.path}${q ? `?${q}` : ''}${body}`;
}

/** Public token pages every lookup may share (X's guest token and main.js, SoundCloud's home page, Threads' lsd page). */
const SHARED_REQUEST =
  /^(?:GET|POST) (?:api\.x\.com\/1\.1\/guest|x\.com\/$|twitter\.com\/$|abs\.twimg\.com|soundcloud\.com\/(?:\?|$)|www\.threads\.com\/search)/;

async function startGateway(replay: ReplayServer, work: string, name: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  // As `npm start` ships it (package.json's start command: the built bundle on plain node), run by
  // node itself, not through npm: a signal to npm is not passed on to the server it starts.
  const child = await startChild(
    process.execPath,
    startArgs(),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, `data-${name}`),
      UPSTREAM_REPLAY_URL: replay.url,
      BOOTSTRAP_API_KEY: KEY,
      BOOTSTRAP_CREDITS: '1000000',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...(TOKENS.includes('code') ? { GITHUB_TOKEN: 'bench-sim-token' } : {}),
      ...(TOKENS.includes('forum') ? { REDDIT_CLIENT_ID: 'bench-sim-app', REDDIT_CLIENT_SECRET: 'bench-sim-secret' } : {}),
    },
    /listening on/,
  );
  const url = `http://127.0.0.1:${port}`;
  // Ready (its GraphQL and MCP faces made, right after listening) before any lookup is timed.
  // A connection refused or reset while it starts on a loaded machine is "not ready yet", not a failed run.
  const ready = () =>
    fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
  for (let t = 0; !(await ready()); t++) {
    if (t > 200) throw new Error(`the gateway at ${url} did not become ready`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url };
}

/** 404 "No route" → the operation is not built yet. Otherwise a warm-up answer (400/404 NOT_FOUND). */
async function probe(gw: string, op: Op): Promise<void> {
  const res = await fetch(`${gw}/v1/${op}?platform=social-b&handle=zz_nobody_sim_zz`, { headers: { 'x-api-key': KEY } });
  const text = await res.text();
  if (res.status === 404 && /No route/i.test(text))
    throw new RouteMissing(`/v1/${op} does not exist on the gateway yet (404 ${text.slice(0, 160)})`);
}

async function lookup(gw: string, op: Op, seed: number, l: SimWeb['lookups'][number], truth: TruthEntry): Promise<LookupRun> {
  const t0 = performance.now();
  let status = 0;
  let body: Record<string, unknown> | null = null;
  let code: string | null = null;
  // Every listed profile (scored at SHOWN client-side); e-mails at the default threshold.
  const extra = op === 'find-social-profiles' ? '&min_confidence=0' : '';
  try {
    const res = await fetch(`${gw}/v1/${op}?platform=${l.platform}&handle=${encodeURIComponent(l.handle)}${extra}`, {
      headers: { 'x-api-key': KEY },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = res.status;
    const text = await res.text();
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = null;
    }
    if (status !== 200) code = String((body?.error as { code?: unknown } | undefined)?.code ?? `HTTP ${status}`);
  } catch (e) {
    code = e instanceof Error && e.name === 'TimeoutError' ? `client timeout ${TIMEOUT_MS} ms` : String(e);
  }
  const wallMs = performance.now() - t0;
  return {
    seed,
    key: l.key,
    truth,
    status,
    code,
    wallMs,
    body: status === 200 ? body : null,
    charged: typeof body?.credits_charged === 'number' ? body.credits_charged : null,
  };
}

/** Every lookup of one world, CONCURRENCY at a time (a pool: the next starts when one ends). */
async function runOp(web: SimWeb, replay: ReplayServer, gw: string, op: Op, mix: string): Promise<OpRun> {
  const runs: LookupRun[] = [];
  const started = Date.now();
  let skipped = 0;
  let next = 0;
  let done = 0;
  const before = replay.hits().length;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= web.lookups.length) return;
      const l = web.lookups[i];
      if ((Date.now() - started) / 1000 > BUDGET_S) {
        skipped++;
        continue;
      }
      const truth = web.truth[l.key];
      const r = await lookup(gw, op, web.options.seed, l, truth);
      runs.push(r);
      done++;
      progress(
        `${op} mix ${mix} seed ${web.options.seed} ${done}/${web.lookups.length} ${l.key}: ${r.status || r.code} ${r.wallMs.toFixed(0)} ms (critical path ${truth.criticalPathMs} ms${truth.deadlineBound ? ', deadline-bound' : ''})`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, CONCURRENCY) }, worker));
  const hits = replay.hits().slice(before);
  const seen = new Map<string, { n: number; req: ReplayRequest }>();
  for (const h of hits) {
    const k = requestKey(h);
    seen.set(k, { n: (seen.get(k)?.n ?? 0) + 1, req: h });
  }
  const repeated = [...seen].filter(([k, v]) => v.n > 1 && !SHARED_REQUEST.test(k));
  const usable = (r: ReplayRequest) => ['ok', 'not-found', 'redirect'].includes(web.outcome(r));
  const refetches = repeated.filter(([, v]) => usable(v.req)).map(([k, v]) => `${k} ×${v.n}`);
  const retries = repeated.filter(([, v]) => !usable(v.req)).reduce((sum, [, v]) => sum + v.n - 1, 0);
  runs.sort((a, b) => web.lookups.findIndex((l) => l.key === a.key) - web.lookups.findIndex((l) => l.key === b.key));
  return { runs, skipped, upstream: hits.length, refetches, retries };
}

const fmt = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
const short = (u: string) => u.replace(/^https:\/\//, '');

interface Timing {
  lines: string[];
  ok: boolean;
  p50: number;
  p90: number;
}

function timingLines(runs: LookupRun[]): Timing {
  const ok200 = runs.filter((r) => r.status === 200);
  const timed = ok200.filter((r) => !r.truth.deadlineBound && r.truth.criticalPathMs > 0);
  const ratios = timed.map((r) => r.wallMs / r.truth.criticalPathMs);
  const p50 = quantile(ratios, 0.5);
  const p90 = quantile(ratios, 0.9);
  const p95 = quantile(ratios, 0.95);
  const max = Math.max(...ratios);
  const bound = ok200.filter((r) => r.truth.deadlineBound);
  const ok = timed.length > 0 && p50 <= 1.3 && p90 <= 2.0;
  const worst = [...timed].sort((a, b) => b.wallMs / b.truth.criticalPathMs - a.wallMs / a.truth.criticalPathMs).slice(0, 3);
  return {
    ok,
    p50,
    p90,
    lines: [
      `- wall / critical path, ${CONCURRENCY} lookups concurrently, over ${timed.length} lookups: median **${fmt(p50)}×** (guard rail ≤ 1.3×: ${verdict(p50 <= 1.3)}), p90 **${fmt(p90)}×** (guard rail ≤ 2.0×: ${verdict(p90 <= 2.0)}), p95 ${fmt(p95)}×, max ${fmt(max)}×; within 1.2×: ${ratios.filter((x) => x <= 1.2).length}/${timed.length}`,
      `- wall median ${fmt(median(timed.map((r) => r.wallMs)), 0)} ms vs critical path median ${fmt(median(timed.map((r) => r.truth.criticalPathMs)), 0)} ms`,
      ...(worst.length
        ? [
            `- slowest relative to their chain: ${worst.map((r) => `${r.seed}/${r.key} ${fmt(r.wallMs, 0)} ms vs ${r.truth.criticalPathMs} ms (chain ${r.truth.criticalChain.map(short).join(' → ')}${r.truth.failingRequests.length ? `; failing or blocked in its plan: ${r.truth.failingRequests.map(short).join(', ')}` : ''})`).join('; ')}`,
          ]
        : []),
      ...(bound.length
        ? [
            `- ${bound.length} lookups touch a host that never answers (judged against the deadline, not the chain): wall ${bound.map((r) => `${r.seed}/${r.key} ${fmt(r.wallMs, 0)} ms`).join(', ')}`,
          ]
        : []),
    ],
  };
}

function partialLine(runs: LookupRun[]): { line: string; ok: boolean } {
  const troubled = runs.filter((r) => r.truth.failingRequests.length > 0 || r.truth.deadlineBound);
  const failed = troubled.filter((r) => r.status !== 200);
  const notPartial = troubled.filter((r) => r.status === 200 && r.body?.partial !== true);
  const ok = failed.length === 0 && notPartial.length === 0;
  return {
    ok,
    line: `- lookups whose plan meets a failure or a block page (challenged site, failing host, rate limit, captcha): ${troubled.length}; answered and marked \`partial\`: ${troubled.length - failed.length - notPartial.length}${
      failed.length
        ? `; **failed**: ${failed
            .slice(0, 4)
            .map((r) => `${r.seed}/${r.key} ${r.code}`)
            .join(', ')}`
        : ''
    }${
      notPartial.length
        ? `; **not marked partial**: ${notPartial
            .slice(0, 4)
            .map((r) => `${r.seed}/${r.key} (${r.truth.failingRequests.map(short).slice(0, 2).join(', ')})`)
            .join('; ')}${notPartial.length > 4 ? ' …' : ''}`
        : ''
    }`,
  };
}

function failureLines(runs: LookupRun[], ops: OpRun[]): string[] {
  const failed = runs.filter((r) => r.status !== 200);
  const skipped = ops.reduce((s, o) => s + o.skipped, 0);
  const refetches = ops.flatMap((o) => o.refetches);
  const lines = [
    `- lookups: ${runs.length} run, ${failed.length} failed${skipped ? `, ${skipped} not run (time budget ${BUDGET_S} s)` : ''}`,
  ];
  if (failed.length)
    lines.push(
      `- failures: ${failed
        .slice(0, 8)
        .map((r) => `${r.seed}/${r.key} ${r.code}`)
        .join('; ')}${failed.length > 8 ? ' …' : ''}`,
    );
  lines.push(
    `- upstream requests: ${ops.reduce((s, o) => s + o.upstream, 0)} (${fmt(ops.reduce((s, o) => s + o.upstream, 0) / Math.max(1, runs.length), 1)} per lookup); requests repeated with a usable answer: ${refetches.length}${
      refetches.length
        ? ` (e.g. ${refetches
            .slice(0, 2)
            .map((x) => (x.length > 140 ? `${x.slice(0, 120)}… ${x.slice(x.lastIndexOf(' '))}` : x))
            .join(', ')})`
        : ''
    }; retries of failing or blocked answers: ${ops.reduce((s, o) => s + o.retries, 0)}`,
  );
  return lines;
}

function breakdown(title: string, m: Map<string, { reachable: number; found: number }>): string {
  return `- ${title}: ${[...m]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v.found}/${v.reachable}`)
    .join(', ')}`;
}

function examples(title: string, xs: string[]): string[] {
  return xs.length ? [`- ${title} (${xs.length}): ${xs.slice(0, 6).join('; ')}${xs.length > 6 ? ' …' : ''}`] : [];
}

function table(r: ReturnType<typeof reliability>, minBucket: number): string[] {
  return [
    '| confidence | profiles | mean confidence | observed precision | \\|gap\\| |',
    '|---|---|---|---|---|',
    ...r.buckets.map(
      (b) =>
        `| [${b.lo.toFixed(2)}, ${b.hi >= 0.999 ? '1.00]' : `${b.hi.toFixed(2)})`} | ${b.n} | ${b.n ? fmt(b.meanConfidence, 3) : '—'} | ${b.n ? fmt(b.precision, 3) : '—'} | ${b.n ? (b.counted ? fmt(Math.abs(b.precision - b.meanConfidence), 3) : `(n < ${minBucket})`) : '—'} |`,
    ),
  ];
}

interface Calibration {
  text: string;
  ok: boolean;
  ece: number;
  eceListed: number;
}

function calibrationSection(points: CalibrationPoint[]): Calibration {
  const returned = reliability(points, 20);
  const listed = reliability(points, 1, { from: 0, width: 0.1 });
  const ok = returned.total >= 300 && Number.isFinite(returned.ece) && returned.ece <= 0.05;
  const text = [
    '#### Calibration of `confidence` (find-social-profiles)',
    '',
    `Returned profiles (confidence ≥ ${SHOWN}, the default \`min_confidence\`) on scored platforms, decoys included, the source entry excluded; precision = share that are the creator's (owned, reachable or not).`,
    '',
    ...table(returned, 20),
    '',
    `- expected calibration error over buckets with ≥ 20 profiles (${returned.counted} of ${returned.total} profiles): **${fmt(returned.ece, 3)}** (target ≤ 0.05: ${verdict(ok)}${returned.total < 300 ? `; only ${returned.total} profiles` : ''})`,
    '',
    `Every listed profile (\`min_confidence=0\`: the candidates below ${SHOWN} too), by 0.1:`,
    '',
    ...table(listed, 1),
    '',
    `- expected calibration error over every bucket (${listed.total} profiles): ${fmt(listed.ece, 3)}`,
  ].join('\n');
  return { text, ok, ece: returned.ece, eceListed: listed.ece };
}

/** A profile the candidate model scored (not verified by api.md's rules), with a one-way link to the creator. */
const ONE_WAY: readonly string[] = ['reciprocal_profile_link', 'shared_website', 'shared_link_page', 'shared_contact', 'creator_mention'];
const isCandidate = (p: LabelledProfile) => !isVerified(p.evidence as EvidenceLabel[]);

interface ProfileScore {
  text: string;
  ok: boolean;
  points: LabelledProfile[];
  precision: number;
  precision80: number;
  recall: number;
  timing: Timing;
}

function profileSection(runs: LookupRun[], ops: OpRun[]): ProfileScore {
  let total: Counts = emptyCounts();
  let sure: Counts = emptyCounts();
  const byVia = new Map<string, { reachable: number; found: number }>();
  const byRule = new Map<string, { reachable: number; found: number }>();
  const byPlatform = new Map<string, { reachable: number; found: number }>();
  const points: LabelledProfile[] = [];
  let creditIssues = 0;
  for (const r of runs) {
    const listed = (Array.isArray(r.body?.profiles) ? r.body.profiles : []) as (ReturnedProfile & { confidence: number })[];
    const profiles = listed.filter((p) => p.confidence >= SHOWN);
    const c = scoreProfiles(profiles, r.truth);
    c.falsePositives = c.falsePositives.map((x) => `${r.seed}/${x}`);
    c.missed = c.missed.map((x) => `${r.seed}/${x}`);
    total = addCounts(total, c);
    sure = addCounts(
      sure,
      scoreProfiles(
        listed.filter((p) => p.confidence >= 0.8),
        r.truth,
      ),
    );
    recallByVia(profiles, r.truth, byVia);
    recallByPlatform(profiles, r.truth, byPlatform);
    // By the rule that makes each reachable: `one_way` are the candidates short of proof.
    recallByVia(profiles, { ...r.truth, profiles: r.truth.profiles.map((p) => ({ ...p, via: [p.verifiedBy] as never })) }, byRule);
    points.push(...calibrationPoints(listed, r.truth));
    if (r.status === 200 && r.charged !== 10) creditIssues++;
    if (r.status !== 200 && r.charged !== null && r.charged !== 0) creditIssues++;
  }
  const p = precision(total);
  const p80 = precision(sure);
  const rc = recall(total);
  const t = timingLines(runs);
  const partial = partialLine(runs);
  const candidates = points.filter(isCandidate);
  const shownCandidates = candidates.filter((x) => x.confidence >= SHOWN);
  const oneWay = candidates.filter((x) => x.evidence.some((l) => ONE_WAY.includes(l)));
  const ok = p >= 0.98 && p80 >= 0.99 && rc >= 0.95 && t.ok && partial.ok && runs.length > 0;
  const text = [
    '#### find-social-profiles',
    '',
    `- profile precision at ≥ ${SHOWN} **${fmt(p, 3)}** (${total.correct}/${total.returned}; target ≥ 0.98: ${verdict(p >= 0.98)}), at ≥ 0.8 **${fmt(p80, 3)}** (${sure.correct}/${sure.returned}; target ≥ 0.99: ${verdict(p80 >= 0.99)}); recall at ≥ ${SHOWN} **${fmt(rc, 3)}** (${total.found}/${total.reachable}; target ≥ 0.95: ${verdict(rc >= 0.95)}) — every reader platform counted`,
    `- candidates short of proof (listed, not verified): ${candidates.length}, of them the creator's ${candidates.filter((x) => x.correct).length}; with a one-way link to the creator (the mix as the lookups met it) ${oneWay.filter((x) => x.correct).length} the creator's : ${oneWay.filter((x) => !x.correct).length} someone else's; returned at ≥ ${SHOWN}: ${shownCandidates.length}, precision ${fmt(shownCandidates.length ? shownCandidates.filter((x) => x.correct).length / shownCandidates.length : NaN, 3)}`,
    `- returned but owned-and-unreachable by the rules (not counted wrong): ${total.ownedUnreachable}; on unscored platforms: ${total.unscored}`,
    breakdown('recall by the rule that makes a profile reachable (one_way: evidence short of proof, truth.ts rule 4b)', byRule),
    breakdown('recall by how a profile is reachable', byVia),
    breakdown('recall by platform', byPlatform),
    ...examples(`false positives at ≥ ${SHOWN}`, total.falsePositives),
    ...examples('missed', total.missed),
    ...t.lines,
    partial.line,
    ...failureLines(runs, ops),
    `- credits: ${creditIssues === 0 ? 'every answer charged by the rules (10 live, 0 on errors)' : `**${creditIssues} answers charged against the rules**`}`,
  ].join('\n');
  return { text, ok: ok && creditIssues === 0, points, precision: p, precision80: p80, recall: rc, timing: t };
}

interface EmailScore {
  text: string;
  ok: boolean;
  precision: number;
  recall: number;
  timing: Timing;
}

function emailSection(runs: LookupRun[], ops: OpRun[]): EmailScore {
  let total: Counts = emptyCounts();
  const byEnc = new Map<string, { reachable: number; found: number }>();
  let creditIssues = 0;
  let provenanceIssues = 0;
  for (const r of runs) {
    const emails = (Array.isArray(r.body?.emails) ? r.body.emails : []) as { email?: unknown; sources?: unknown }[];
    const addresses = emails.map((e) => String(e.email ?? ''));
    const c = scoreEmails(addresses, r.truth);
    c.falsePositives = c.falsePositives.map((x) => `${r.seed}/${x}`);
    c.missed = c.missed.map((x) => `${r.seed}/${x}`);
    total = addCounts(total, c);
    recallByEncoding(addresses, r.truth, byEnc);
    if (r.status === 200 && r.charged !== (addresses.length ? 10 : 1)) creditIssues++;
    if (r.status !== 200 && r.charged !== null && r.charged !== 0) creditIssues++;
    for (const e of emails) {
      const truthSources = r.truth.emailSources[String(e.email ?? '').toLowerCase()];
      const sources = Array.isArray(e.sources) ? (e.sources as { url?: unknown }[]) : [];
      if (
        truthSources &&
        !sources.some((s) => truthSources.some((t) => String(s.url ?? '').replace(/\/$/, '') === t.url.replace(/\/$/, '')))
      )
        provenanceIssues++;
    }
  }
  const p = precision(total);
  const rc = recall(total);
  const t = timingLines(runs);
  const partial = partialLine(runs);
  const ok = p >= 1 && rc >= 0.97 && t.ok && partial.ok && runs.length > 0;
  const text = [
    '#### find-creator-emails',
    '',
    `- e-mail precision **${fmt(p, 3)}** (${total.correct}/${total.returned}; target 1.00: ${verdict(p >= 1)}), recall **${fmt(rc, 3)}** (${total.found}/${total.reachable}; target ≥ 0.97: ${verdict(rc >= 0.97)})`,
    `- returned, the creator's, but beyond the documented reach (not counted wrong): ${total.ownedUnreachable}; addresses whose \`sources\` miss every page truth knows them from: ${provenanceIssues}`,
    breakdown('recall by where the address is written (page type/encoding)', byEnc),
    ...examples('false positives', total.falsePositives),
    ...examples('missed', total.missed),
    ...t.lines,
    partial.line,
    ...failureLines(runs, ops),
    `- credits: ${creditIssues === 0 ? 'every answer charged by the rules (1 without addresses, 10 with, 0 on errors)' : `**${creditIssues} answers charged against the rules**`}`,
  ].join('\n');
  return { text, ok: ok && creditIssues === 0, precision: p, recall: rc, timing: t };
}

function worldLines(webs: SimWeb[]): string[] {
  const accounts = webs.flatMap((w) => [...w.world.accounts.values()]);
  const count = (role: string) => accounts.filter((a) => a.role === role).length;
  const sites = webs.flatMap((w) => [...w.world.sites.values()].filter((s) => s.creator !== null));
  const entries = webs.flatMap((w) => w.lookups.map((l) => w.truth[l.key]));
  const lookups = webs.flatMap((w) => w.lookups);
  const langs = new Map<string, number>();
  for (const s of sites) langs.set(s.lang, (langs.get(s.lang) ?? 0) + 1);
  const own = accounts.filter((a) => a.creator !== null && a.reach);
  const reach = new Map<string, number>();
  for (const a of own) reach.set(a.reach!, (reach.get(a.reach!) ?? 0) + 1);
  const seconds = accounts.filter((a) => a.role === 'own-second');
  const levels = ['strong', 'medium', 'little'].map((l) => `${l} ${seconds.filter((a) => a.second?.evidence === l).length}`).join(', ');
  return [
    `${accounts.filter((a) => a.creator !== null).length} creator accounts on ${new Set(accounts.map((a) => a.platform)).size} platforms; on the non-source reader platforms ${own.length} (${[...reach].map(([k, v]) => `${k} ${v}`).join(', ')}); ${accounts.filter((a) => a.creator !== null && a.fault).length} answered by a failure or rate limit.`,
    `Accounts under other handles that link the creator: ${seconds.length} of the creators' own second accounts (evidence ${levels}; ${seconds.filter((a) => a.second?.kind === 'renamed').length} under a new handle after a rename) and ${count('fan-decoy')} fans, ${count('clip-fan')} fan-run clip channels, ${count('impersonator')} impersonators; besides them ${count('fan-squatter')} fans squatting the creator's exact handle, ${count('stranger')} strangers with the creator's very name, ${count('own-hidden')} older search-only own profiles, ${count('own-silent')} unlinked own profiles.`,
    `${webs.reduce((s, w) => s + [...w.world.linkPages.values()].filter((p) => p.creator !== null).length, 0)} creator link pages, ${sites.length} creator websites (${[...langs].map(([k, v]) => `${k} ${v}`).join(', ')}; ${sites.filter((s) => s.status === 'challenge').length} behind a challenge, ${sites.filter((s) => s.status !== 'ok' && s.status !== 'challenge').length} failing or hanging, ${sites.filter((s) => s.latencyMs >= 1200).length} slow); other decoys: ${count('same-handle-decoy')} same-handle, ${count('namesake-decoy')} namesakes, ${count('lookalike-decoy')} look-alikes, ${count('retailer-decoy')} resellers.`,
    `Truth (test/sim/truth.ts, by the documented rules): ${entries.reduce((s, t) => s + t.profiles.length, 0)} reachable profiles (${entries.reduce((s, t) => s + t.profiles.filter((p) => p.verifiedBy === 'one_way').length, 0)} of them by evidence short of proof, rule 4b) of ${entries.reduce((s, t) => s + t.ownedProfiles.length, 0)} owned; ${entries.reduce((s, t) => s + t.emails.length, 0)} reachable addresses of ${entries.reduce((s, t) => s + t.ownedEmails.length, 0)} owned; critical paths median ${median(entries.map((t) => t.criticalPathMs))} ms, max ${Math.max(...entries.map((t) => t.criticalPathMs))} ms; lookups ${SOURCE_PLATFORMS.map((p) => `${p} ${lookups.filter((l) => l.platform === p).length}`).join(', ')}.`,
  ];
}

/** The 1-minute load average when the run started: the machine may be shared (timings are ratios measured in one run). */
const loadStart = loadavg()[0];

interface MixResult {
  label: string;
  webs: SimWeb[];
  profiles: ProfileScore | null;
  emails: EmailScore | null;
  calibration: Calibration | null;
}

async function main() {
  const replay = await startReplayServer({ routes: [], ...(process.env.BENCH_PORTS ? { port: await freePort() } : {}) });
  const work = mkdtempSync(join(tmpdir(), 'cl-bench-discovery-'));
  const children: ChildProcess[] = [];
  const dump: string[] = [];
  let exitCode = 0;
  try {
    progress(
      `discovery: ${SEED_SET}; mixes ${MIXES.map((m) => m.label).join(', ')}; ${SEEDS.length * CREATORS} lookups per operation and mix (${OPS.join(', ')}), ${CONCURRENCY} at a time`,
    );
    const mixes: MixResult[] = [];
    for (const mix of MIXES) {
      const webs = SEEDS.map((seed) =>
        generateSimWeb({ seed, creators: CREATORS, latencyScale: LATENCY_SCALE, tokens: TOKENS, mix: mix.value }),
      );
      const results = new Map<Op, { runs: LookupRun[]; ops: OpRun[] }>(OPS.map((op) => [op, { runs: [], ops: [] }]));
      for (const web of webs) {
        for (const op of OPS) {
          progress(`${op} mix ${mix.label} seed ${web.options.seed}: starting a fresh gateway`);
          const gw = await startGateway(replay, work, `${op}-${mix.value}-${web.options.seed}`);
          children.push(gw.child);
          replay.reset();
          await probe(gw.url, op);
          replay.reset();
          for (const r of web.routes) replay.add(r);
          const o = await runOp(web, replay, gw.url, op, mix.label);
          const into = results.get(op)!;
          into.runs.push(...o.runs);
          into.ops.push(o);
          await stopChild(gw.child);
        }
      }
      const p = results.get('find-social-profiles');
      const e = results.get('find-creator-emails');
      const profiles = p ? profileSection(p.runs, p.ops) : null;
      if (p && DUMP)
        for (const r of p.runs) {
          const listed = (Array.isArray(r.body?.profiles) ? r.body.profiles : []) as ReturnedProfile[];
          for (const x of calibrationPoints(listed, r.truth))
            dump.push(JSON.stringify({ mix: mix.label, seed: r.seed, source: r.key, ...x }));
        }
      mixes.push({
        label: mix.label,
        webs,
        profiles,
        emails: e ? emailSection(e.runs, e.ops) : null,
        calibration: profiles ? calibrationSection(profiles.points) : null,
      });
    }
    if (DUMP) {
      writeFileSync(DUMP, `${dump.join('\n')}\n`);
      progress(`wrote ${dump.length} listed profiles to ${DUMP}`);
    }
    const allOk = mixes.every((m) => (m.profiles?.ok ?? true) && (m.emails?.ok ?? true) && (m.calibration?.ok ?? true));
    const summary = [
      '| mix (second accounts : others) | profile precision ≥ 0.5 | precision ≥ 0.8 | recall ≥ 0.5 | e-mail precision / recall | ECE, returned (≥ 0.5) | ECE, every listed | wall / critical path: median, p90 (profiles; e-mails) |',
      '|---|---|---|---|---|---|---|---|',
      ...mixes.map(
        (m) =>
          `| ${m.label} | ${fmt(m.profiles?.precision ?? NaN, 3)} | ${fmt(m.profiles?.precision80 ?? NaN, 3)} | ${fmt(m.profiles?.recall ?? NaN, 3)} | ${fmt(m.emails?.precision ?? NaN, 3)} / ${fmt(m.emails?.recall ?? NaN, 3)} | ${fmt(m.calibration?.ece ?? NaN, 3)} | ${fmt(m.calibration?.eceListed ?? NaN, 3)} | ${fmt(m.profiles?.timing.p50 ?? NaN)}×, ${fmt(m.profiles?.timing.p90 ?? NaN)}×; ${fmt(m.emails?.timing.p50 ?? NaN)}×, ${fmt(m.emails?.timing.p90 ?? NaN)}× |`,
      ),
      '| target | ≥ 0.98 | ≥ 0.99 | ≥ 0.95 | 1.00 / ≥ 0.97 | ≤ 0.05 | — | median ≤ 1.3×, p90 ≤ 2.0× |',
    ];
    const body = [
      `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${process.platform}, node ${process.version}, ${cpus().length} CPUs; load average ${loadStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end — other jobs share the machine, so wall times carry their noise); \`npx tsx bench/discovery/run.ts${DEV ? ' --dev' : ''}\`, ${CONCURRENCY} lookups concurrently, a fresh gateway per mix, seed and operation.`,
      '',
      `Simulated webs: ${SEED_SET}, ${CREATORS} creators each, in each of the mixes ${MIXES.map((m) => m.label).join(', ')} of the creators' second accounts to everybody else's accounts that link them (test/sim/generator.ts \`mix\`; latency scale ${LATENCY_SCALE}${TOKENS.length ? `, tokens for ${TOKENS.join(', ')}` : ', no GitHub token, no Reddit application'}); lookups from each creator's primary profile. Profiles are scored at the default \`min_confidence\` (${SHOWN}); the candidate model's weights were fitted on the development seeds only (bench/discovery/tune.ts).`,
      '',
      ...summary,
      '',
      ...mixes.flatMap((m) => [
        `### Mix ${m.label}`,
        '',
        ...worldLines(m.webs),
        '',
        ...(m.profiles ? [m.profiles.text, ''] : []),
        ...(m.emails ? [m.emails.text, ''] : []),
        ...(m.calibration ? [m.calibration.text, ''] : []),
      ]),
      `Overall: ${allOk ? 'every target met in every mix' : '**targets not met** (see above)'}.`,
    ].join('\n');
    console.log(body);
    finishResults(TITLE, body);
  } catch (e) {
    if (e instanceof RouteMissing) {
      console.error(
        `\nCreator discovery benchmark NOT RUN: ${e.message}.\nThe discovery operations (issue 6) must be registered before this benchmark can measure them; nothing was written to bench/RESULTS.md.`,
      );
      exitCode = 2;
    } else {
      console.error(e);
      exitCode = 1;
    }
  } finally {
    await Promise.all(children.map((c) => stopChild(c)));
    await replay.close();
    rmSync(work, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

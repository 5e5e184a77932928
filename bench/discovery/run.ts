/**
 * Creator discovery benchmark (issue 6, "Evaluation"): quality and speed of
 * `/v1/find-social-profiles` and `/v1/find-creator-emails` on the simulated creator web
 * (test/sim/generator.ts), served by the replay upstream with per-host latencies.
 *
 * For each operation a fresh gateway (child process, ephemeral port, temp DATA_DIR, bootstrap
 * key; so the second operation gets no upstream cache from the first) looks up every simulated
 * creator from its primary source profile, one lookup at a time so every upstream request is
 * attributed to its lookup. Reported:
 *  - e-mail precision and recall against the addresses reachable by the documented rules
 *    (targets: precision 1.00, recall ≥ 0.95);
 *  - profile precision and recall at the returned set (targets ≥ 0.98, ≥ 0.90);
 *  - wall time against the critical path of each lookup's upstream chain, computed from the
 *    simulated latencies (source → link-in-bio → website / candidates → verification; target
 *    ≤ 1.2× for every lookup whose plan touches no hanging host);
 *  - failures, credits charged against the credit rules, upstream URLs fetched twice in one lookup
 *    (refetches of usable answers apart from client retries of failures and block pages, which the
 *    critical path does not model).
 * Scoring rules: bench/discovery/score.ts; truth: test/sim/truth.ts.
 *
 *   npm run bench:discovery                  (report on stdout, progress on stderr)
 *   npm run bench:discovery -- --write       (the same, and the section in bench/RESULTS.md replaced)
 *
 * Environment: BENCH_DISCOVERY_SEED (1), BENCH_DISCOVERY_CREATORS (40),
 * BENCH_DISCOVERY_TIMEOUT_MS per lookup (60000), BENCH_DISCOVERY_BUDGET_S for all lookups of one
 * operation (600), BENCH_DISCOVERY_LATENCY_SCALE (1). Anything else (e.g. the discovery deadline)
 * is passed through to the gateway's environment. Results go to bench/RESULTS.md with --write. If the discovery
 * routes do not exist yet, it says so and exits 2 without writing numbers.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReplayServer } from '../../src/replay/server.js';
import type { ReplayRequest, ReplayServer } from '../../src/replay/server.js';
import { generateSimWeb } from '../../test/sim/generator.js';
import type { SimWeb } from '../../test/sim/generator.js';
import type { TruthEntry } from '../../test/sim/truth.js';
import { freePort, median, startChild } from '../lib.js';
import { finishResults, progress } from '../results.js';
import type { Counts, ReturnedProfile } from './score.js';
import { addCounts, emptyCounts, precision, quantile, recall, recallByEncoding, recallByVia, scoreEmails, scoreProfiles } from './score.js';

const SEED = Number(process.env.BENCH_DISCOVERY_SEED ?? 1);
const CREATORS = Number(process.env.BENCH_DISCOVERY_CREATORS ?? 40);
const TIMEOUT_MS = Number(process.env.BENCH_DISCOVERY_TIMEOUT_MS ?? 60_000);
const BUDGET_S = Number(process.env.BENCH_DISCOVERY_BUDGET_S ?? 600);
const LATENCY_SCALE = Number(process.env.BENCH_DISCOVERY_LATENCY_SCALE ?? 1);
const KEY = 'bench-discovery-key-000000000000';
const TITLE = 'Creator discovery quality and speed';

type Op = 'find-social-profiles' | 'find-creator-emails';
const OPS: Op[] = ['find-social-profiles', 'find-creator-emails'];

class RouteMissing extends Error {}

interface LookupRun {
  key: string;
  truth: TruthEntry;
  status: number;
  code: string | null;
  wallMs: number;
  body: Record<string, unknown> | null;
  charged: number | null;
  upstream: number;
  /** URLs requested more than once in the lookup although the first answer was usable. */
  refetches: string[];
  /** Repeated requests of URLs that answered with a failure or a block page (client retries). */
  retries: number;
}

function requestKey(r: ReplayRequest): string {
  const q = [...r.query.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`).join('&');
  const body = r.body.length ? ` #${createHash('sha1').update(r.body).digest('hex').slice(0, 10)}` : '';
  return `${r.method} ${r.host}${r.path}${q ? `?${q}` : ''}${body}`;
}

async function startGateway(replay: ReplayServer, work: string, op: Op): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = await startChild(
    'npx',
    ['tsx', 'src/server.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, `data-${op}`),
      UPSTREAM_REPLAY_URL: replay.url,
      BOOTSTRAP_API_KEY: KEY,
      BOOTSTRAP_CREDITS: '1000000',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    /listening on/,
  );
  return { child, url: `http://127.0.0.1:${port}` };
}

/** 404 "No route" → the operation is not built yet. Otherwise a warm-up answer (400/404 NOT_FOUND). */
async function probe(gw: string, op: Op): Promise<void> {
  const res = await fetch(`${gw}/v1/${op}?platform=social-b&handle=zz_nobody_sim_zz`, { headers: { 'x-api-key': KEY } });
  const text = await res.text();
  if (res.status === 404 && /No route/i.test(text)) throw new RouteMissing(`/v1/${op} does not exist on the gateway yet (404 ${text.slice(0, 160)})`);
}

async function runOp(web: SimWeb, replay: ReplayServer, gw: string, op: Op): Promise<{ runs: LookupRun[]; skipped: number }> {
  const runs: LookupRun[] = [];
  const started = Date.now();
  let skipped = 0;
  let n = 0;
  for (const l of web.lookups) {
    n++;
    if ((Date.now() - started) / 1000 > BUDGET_S) {
      skipped++;
      continue;
    }
    const truth = web.truth[l.key];
    const before = replay.hits().length;
    const t0 = performance.now();
    let status = 0;
    let body: Record<string, unknown> | null = null;
    let code: string | null = null;
    try {
      const res = await fetch(`${gw}/v1/${op}?platform=${l.platform}&handle=${encodeURIComponent(l.handle)}`, { headers: { 'x-api-key': KEY }, signal: AbortSignal.timeout(TIMEOUT_MS) });
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
    const hits = replay.hits().slice(before);
    const seen = new Map<string, { n: number; req: ReplayRequest }>();
    for (const h of hits) {
      const k = requestKey(h);
      seen.set(k, { n: (seen.get(k)?.n ?? 0) + 1, req: h });
    }
    const repeated = [...seen].filter(([, v]) => v.n > 1);
    const usable = (r: ReplayRequest) => ['ok', 'not-found', 'redirect'].includes(web.outcome(r));
    const refetches = repeated.filter(([, v]) => usable(v.req)).map(([k, v]) => `${k} ×${v.n}`);
    const retries = repeated.filter(([, v]) => !usable(v.req)).reduce((sum, [, v]) => sum + v.n - 1, 0);
    runs.push({ key: l.key, truth, status, code, wallMs, body: status === 200 ? body : null, charged: typeof body?.credits_charged === 'number' ? body.credits_charged : null, upstream: hits.length, refetches, retries });
    progress(`${op} ${n}/${web.lookups.length} ${l.key}: ${status || code} ${wallMs.toFixed(0)} ms (critical path ${truth.criticalPathMs} ms${truth.deadlineBound ? ', deadline-bound' : ''}), ${hits.length} upstream requests`);
  }
  return { runs, skipped };
}

const fmt = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

function timingLines(runs: LookupRun[]): { lines: string[]; ok: boolean } {
  const ok200 = runs.filter((r) => r.status === 200);
  const timed = ok200.filter((r) => !r.truth.deadlineBound && r.truth.criticalPathMs > 0);
  const ratios = timed.map((r) => r.wallMs / r.truth.criticalPathMs);
  const within = ratios.filter((x) => x <= 1.2).length;
  const bound = ok200.filter((r) => r.truth.deadlineBound);
  const allOk = timed.length > 0 && within === timed.length;
  const worst = [...timed].sort((a, b) => b.wallMs / b.truth.criticalPathMs - a.wallMs / a.truth.criticalPathMs).slice(0, 3);
  return {
    ok: allOk,
    lines: [
      `- wall / critical path over ${timed.length} lookups: median **${fmt(median(ratios))}×**, p90 ${fmt(quantile(ratios, 0.9))}×, max ${fmt(Math.max(...ratios))}×; within 1.2×: ${within}/${timed.length} (target ≤ 1.2× for every lookup: ${verdict(allOk)})`,
      `- wall median ${fmt(median(timed.map((r) => r.wallMs)), 0)} ms vs critical path median ${fmt(median(timed.map((r) => r.truth.criticalPathMs)), 0)} ms`,
      ...(worst.length ? [`- slowest relative to their chain: ${worst.map((r) => `${r.key} ${fmt(r.wallMs, 0)} ms vs ${r.truth.criticalPathMs} ms (chain ${r.truth.criticalChain.map((u) => u.replace(/^https:\/\//, '')).join(' → ')}${r.retries ? `; ${r.retries} retries of failing/blocked answers (${r.truth.failingRequests.map((u) => u.replace(/^https:\/\//, '')).join(', ')}), not on the modelled path` : ''})`).join('; ')}`] : []),
      ...(timed.some((r) => r.retries) ? [`- without the lookups that retried failing or blocked answers: ${(() => { const clean = timed.filter((r) => !r.retries); const rs = clean.map((r) => r.wallMs / r.truth.criticalPathMs); return `${rs.filter((x) => x <= 1.2).length}/${clean.length} within 1.2×, max ${fmt(Math.max(...rs))}×`; })()}`] : []),
      ...(bound.length ? [`- ${bound.length} lookups touch a host that never answers (judged against the deadline, not the chain): wall ${bound.map((r) => `${r.key} ${fmt(r.wallMs, 0)} ms`).join(', ')}`] : []),
    ],
  };
}

function failureLines(runs: LookupRun[], skipped: number): string[] {
  const failed = runs.filter((r) => r.status !== 200);
  const dup = runs.filter((r) => r.refetches.length);
  const lines = [`- lookups: ${runs.length} run, ${failed.length} failed${skipped ? `, ${skipped} not run (time budget ${BUDGET_S} s)` : ''}`];
  if (failed.length) lines.push(`- failures: ${failed.slice(0, 8).map((r) => `${r.key} ${r.code}`).join('; ')}${failed.length > 8 ? ' …' : ''}`);
  lines.push(`- upstream requests per lookup: median ${median(runs.map((r) => r.upstream))}, max ${Math.max(...runs.map((r) => r.upstream))}; lookups fetching an answered URL twice: ${dup.length}${dup.length ? ` (e.g. ${dup[0].key}: ${dup[0].refetches.slice(0, 2).join(', ')})` : ''}; retries of failing or blocked answers: ${runs.reduce((s, r) => s + r.retries, 0)} in ${runs.filter((r) => r.retries).length} lookups`);
  return lines;
}

function breakdown(title: string, m: Map<string, { reachable: number; found: number }>): string {
  return `- ${title}: ${[...m].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} ${v.found}/${v.reachable}`).join(', ')}`;
}

function examples(title: string, xs: string[]): string[] {
  return xs.length ? [`- ${title} (${xs.length}): ${xs.slice(0, 6).join('; ')}${xs.length > 6 ? ' …' : ''}`] : [];
}

function profileSection(runs: LookupRun[], skipped: number): { text: string; ok: boolean } {
  let total: Counts = emptyCounts();
  const byVia = new Map<string, { reachable: number; found: number }>();
  let creditIssues = 0;
  for (const r of runs) {
    const profiles = (Array.isArray(r.body?.profiles) ? r.body.profiles : []) as ReturnedProfile[];
    total = addCounts(total, scoreProfiles(profiles, r.truth));
    recallByVia(profiles, r.truth, byVia);
    if (r.status === 200 && r.charged !== 10) creditIssues++;
    if (r.status !== 200 && r.charged !== null && r.charged !== 0) creditIssues++;
  }
  const p = precision(total);
  const rc = recall(total);
  const t = timingLines(runs);
  const ok = p >= 0.98 && rc >= 0.9 && t.ok && runs.length > 0;
  const text = [
    '### find-social-profiles',
    '',
    `- profile precision **${fmt(p, 3)}** (${total.correct}/${total.returned}; target ≥ 0.98: ${verdict(p >= 0.98)}), recall **${fmt(rc, 3)}** (${total.found}/${total.reachable}; target ≥ 0.90: ${verdict(rc >= 0.9)})`,
    `- returned but owned-and-unreachable by the rules (not counted wrong): ${total.ownedUnreachable}; on unscored platforms: ${total.unscored}`,
    breakdown('recall by how a profile is reachable', byVia),
    ...examples('false positives', total.falsePositives),
    ...examples('missed', total.missed),
    ...t.lines,
    ...failureLines(runs, skipped),
    `- credits: ${creditIssues === 0 ? 'every answer charged by the rules (10 live, 0 on errors)' : `**${creditIssues} answers charged against the rules**`}`,
  ].join('\n');
  return { text, ok: ok && creditIssues === 0 };
}

function emailSection(runs: LookupRun[], skipped: number): { text: string; ok: boolean } {
  let total: Counts = emptyCounts();
  const byEnc = new Map<string, { reachable: number; found: number }>();
  let creditIssues = 0;
  let provenanceIssues = 0;
  for (const r of runs) {
    const emails = (Array.isArray(r.body?.emails) ? r.body.emails : []) as { email?: unknown; sources?: unknown }[];
    const addresses = emails.map((e) => String(e.email ?? ''));
    total = addCounts(total, scoreEmails(addresses, r.truth));
    recallByEncoding(addresses, r.truth, byEnc);
    if (r.status === 200 && r.charged !== (addresses.length ? 10 : 1)) creditIssues++;
    if (r.status !== 200 && r.charged !== null && r.charged !== 0) creditIssues++;
    for (const e of emails) {
      const truthSources = r.truth.emailSources[String(e.email ?? '').toLowerCase()];
      const sources = Array.isArray(e.sources) ? (e.sources as { url?: unknown }[]) : [];
      if (truthSources && !sources.some((s) => truthSources.some((t) => String(s.url ?? '').replace(/\/$/, '') === t.url.replace(/\/$/, '')))) provenanceIssues++;
    }
  }
  const p = precision(total);
  const rc = recall(total);
  const t = timingLines(runs);
  const ok = p >= 1 && rc >= 0.95 && t.ok && runs.length > 0;
  const text = [
    '### find-creator-emails',
    '',
    `- e-mail precision **${fmt(p, 3)}** (${total.correct}/${total.returned}; target 1.00: ${verdict(p >= 1)}), recall **${fmt(rc, 3)}** (${total.found}/${total.reachable}; target ≥ 0.95: ${verdict(rc >= 0.95)})`,
    `- returned, the creator's, but beyond the documented reach (not counted wrong): ${total.ownedUnreachable}; addresses whose \`sources\` miss every page truth knows them from: ${provenanceIssues}`,
    breakdown('recall by where the address is written (page type/encoding)', byEnc),
    ...examples('false positives', total.falsePositives),
    ...examples('missed', total.missed),
    ...t.lines,
    ...failureLines(runs, skipped),
    `- credits: ${creditIssues === 0 ? 'every answer charged by the rules (1 without addresses, 10 with, 0 on errors)' : `**${creditIssues} answers charged against the rules**`}`,
  ].join('\n');
  return { text, ok: ok && creditIssues === 0 };
}

/** Short links of the world: on creators' accounts and link pages, through a shortener that is down, dead ones, the decoys'. */
function shortLinkLine(web: SimWeb): string {
  const isShort = (u: string) => /^https:\/\/(?:bit\.ly|tinyurl\.com|buff\.ly|ow\.ly)\//.test(u);
  const creatorLinks = [
    ...[...web.world.accounts.values()].filter((a) => a.creator !== null).flatMap((a) => a.links),
    ...[...web.world.linkPages.values()].filter((p) => p.creator !== null).flatMap((p) => p.links.map((l) => l.url)),
  ].filter(isShort);
  const down = creatorLinks.filter((u) => web.world.hosts.get(new URL(u).host)?.status === 'fail').length;
  const dead = creatorLinks.filter((u) => !web.world.redirects.has(u)).length - down;
  const decoys = [...web.world.accounts.values()].filter((a) => a.creator === null).flatMap((a) => a.links).filter(isShort).length;
  const chains = web.lookups.filter((l) => web.truth[l.key].criticalChain.some(isShort)).length;
  return `Short links: ${creatorLinks.length} on creators' accounts and link pages (${down} through a shortener that is down, ${dead} dead), ${decoys} on decoys' accounts; ${chains} lookups have one on their critical path.`;
}

function worldLines(web: SimWeb): string[] {
  const accounts = [...web.world.accounts.values()];
  const count = (role: string) => accounts.filter((a) => a.role === role).length;
  const sites = [...web.world.sites.values()].filter((s) => s.creator !== null);
  const entries = web.lookups.map((l) => web.truth[l.key]);
  return [
    `Simulated web: seed ${web.options.seed}, ${web.world.creators.length} creators (test/sim/generator.ts, latency scale ${web.options.latencyScale}); lookups from each creator's primary profile (${['social-b', 'shortvideo', 'video', 'microblog-b'].map((p) => `${p} ${web.lookups.filter((l) => l.platform === p).length}`).join(', ')}).`,
    `${[...web.world.linkPages.values()].filter((p) => p.creator !== null).length} creator link pages, ${sites.length} creator websites (${sites.filter((s) => s.status !== 'ok').length} failing or hanging, ${sites.filter((s) => s.latencyMs >= 1200).length} slow), decoys: ${count('same-handle-decoy')} same-handle, ${count('namesake-decoy')} namesakes, ${count('lookalike-decoy')} look-alikes, ${count('own-hidden')} search-only own profiles, ${count('own-silent')} unlinked own profiles.`,
    `${shortLinkLine(web)}`,
    `Truth (test/sim/truth.ts, by the documented rules): ${entries.reduce((s, t) => s + t.profiles.length, 0)} reachable profiles of ${entries.reduce((s, t) => s + t.ownedProfiles.length, 0)} owned; ${entries.reduce((s, t) => s + t.emails.length, 0)} reachable addresses of ${entries.reduce((s, t) => s + t.ownedEmails.length, 0)} owned; critical paths median ${median(entries.map((t) => t.criticalPathMs))} ms, max ${Math.max(...entries.map((t) => t.criticalPathMs))} ms.`,
  ];
}

async function main() {
  const web = generateSimWeb({ seed: SEED, creators: CREATORS, latencyScale: LATENCY_SCALE });
  const replay = await startReplayServer({ routes: web.routes });
  const work = mkdtempSync(join(tmpdir(), 'cl-bench-discovery-'));
  const children: ChildProcess[] = [];
  let exitCode = 0;
  try {
    const sections: string[] = [];
    let allOk = true;
    progress(`discovery: ${web.lookups.length} lookups per operation (${OPS.join(', ')}), one at a time`);
    for (const op of OPS) {
      progress(`${op}: starting a fresh gateway`);
      const gw = await startGateway(replay, work, op);
      children.push(gw.child);
      await probe(gw.url, op);
      replay.reset();
      for (const r of web.routes) replay.add(r);
      const { runs, skipped } = await runOp(web, replay, gw.url, op);
      const s = op === 'find-social-profiles' ? profileSection(runs, skipped) : emailSection(runs, skipped);
      sections.push(s.text);
      allOk &&= s.ok;
      gw.child.kill('SIGTERM');
    }
    const body = [
      `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${process.platform}, node ${process.version}); \`npx tsx bench/discovery/run.ts\`, one lookup at a time, a fresh gateway per operation.`,
      '',
      ...worldLines(web),
      '',
      ...sections.flatMap((s) => [s, '']),
      `Overall: ${allOk ? 'every target met' : '**targets not met** (see above)'}.`,
    ].join('\n');
    console.log(body);
    finishResults(TITLE, body);
  } catch (e) {
    if (e instanceof RouteMissing) {
      console.error(`\nCreator discovery benchmark NOT RUN: ${e.message}.\nThe discovery operations (issue 6) must be registered before this benchmark can measure them; nothing was written to bench/RESULTS.md.`);
      exitCode = 2;
    } else {
      console.error(e);
      exitCode = 1;
    }
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await replay.close();
    rmSync(work, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

/**
 * A job's CSV results carry the data (src/jobs/export.ts): every registered operation's flat form
 * has unique, non-empty column names; the creator tools export one row per e-mail (with its
 * sources) and per profile (platform, handle, url, confidence, evidence), each row carrying its
 * item's index, `?after=N` still counting items; social-b/profile exports the user's fields and
 * one `status`; input.cache_max_age shows the job's. Run against the demo data (`npm run demo`).
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COVERAGE } from '../../src/demo/examples.js';
import { demoRoutes } from '../../src/demo/routes.js';
import { RAVI, TALA } from '../../src/demo/web.js';
import { allOperations } from '../../src/gateway.js';
import { csvShape, deriveFlatForm, flatFormOf } from '../../src/jobs/export.js';
import { RESULTS_DOWNLOADS_PER_KEY } from '../../src/jobs/service.js';
import { buildRoutes } from '../../src/rest/routes.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call, ndjson, waitFinal } from './helpers.js';
import { countingTurns } from '../support/turns.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness({ routes: demoRoutes(), env: { DEMO_COVERAGE } });
  key = (await h.key(10_000)).key;
});
afterAll(async () => {
  await h?.close();
});

/** A finished job's results: the CSV's rows as objects by header, and the NDJSON lines. */
async function runJob(operation: string, items: object[], extra: object = {}) {
  const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation, items, ...extra } });
  expect(created.status).toBe(202);
  const job = await waitFinal(h, key, created.body.job.id);
  const csvOf = async (q = '') => {
    const res = await call(h, 'GET', `/v1/jobs/${job.id}/results?format=csv${q}`, { key });
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.text) as string[][];
    return { header, rows: rows.map((r) => Object.fromEntries(header.map((k, i) => [k, r[i]]))) };
  };
  const lines = ndjson((await call(h, 'GET', `/v1/jobs/${job.id}/results`, { key })).text);
  return { job, csvOf, lines };
}

describe('flat forms from the registry', () => {
  it('every registered operation yields unique, non-empty column names', () => {
    const routes = buildRoutes(allOperations());
    expect(routes.size).toBeGreaterThan(20);
    for (const route of routes.values()) {
      const form = flatFormOf(route.op);
      expect(form.columns.length + (form.rows?.columns.length ?? 0), route.path).toBeGreaterThan(0);
      const { header } = csvShape(route, { cache_max_age: null }, []);
      expect(
        header.every((c) => c.trim().length > 0),
        route.path,
      ).toBe(true);
      expect(new Set(header).size, `${route.path}: ${header.join(',')}`).toBe(header.length);
    }
  });

  it('a field nullable by a union with null is a column; an object behind z.lazy is walked into', async () => {
    const { z } = await import('zod');
    const record = z.object({
      bio: z.union([z.string(), z.null()]),
      owner: z.lazy(() => z.object({ name: z.string() })),
    });
    expect(deriveFlatForm(record)).toEqual({ columns: ['bio', 'owner.name'] });
  });

  it('a list record is one row per item; an operation may declare its own form', async () => {
    const { z } = await import('zod');
    const record = z.object({
      owner: z.object({ name: z.string(), id: z.number().nullable() }),
      items: z.array(z.object({ title: z.string(), tags: z.array(z.string()), meta: z.object({ n: z.number() }) })),
      blob: z.unknown(),
    });
    expect(deriveFlatForm(record)).toEqual({
      columns: ['owner.name', 'owner.id'],
      rows: { list: 'items', columns: ['title', 'tags', 'meta.n'] },
    });
    const op = allOperations()[0];
    expect(flatFormOf({ ...op, flat: { columns: ['only'] } })).toEqual({ columns: ['only'] });
  });
});

describe('CSV results on the demo data', () => {
  it('find-creator-emails: one row per e-mail with its sources, each with its item index; ?after=N counts items', async () => {
    const { csvOf, lines } = await runJob('/v1/find-creator-emails', [
      { platform: 'video', handle: RAVI.video },
      { platform: 'social-b', handle: TALA.socialB },
    ]);
    const { header, rows } = await csvOf();
    expect(header).toEqual(
      expect.arrayContaining(['index', 'status', 'input.platform', 'input.handle', 'email', 'sources', 'source.handle']),
    );
    for (const line of lines) {
      expect(line.status).toBe(200);
      const emails = line.body.emails as { email: string; sources: unknown[] }[];
      expect(emails.length).toBeGreaterThan(0);
      const mine = rows.filter((r) => r.index === String(line.index));
      expect(mine.map((r) => r.email)).toEqual(emails.map((e) => e.email));
      expect(mine.map((r) => JSON.parse(r.sources))).toEqual(emails.map((e) => e.sources));
      for (const r of mine)
        expect(r).toMatchObject({ status: '200', 'input.handle': line.input.handle, 'source.handle': line.body.source.handle });
    }
    // The demo creators' published addresses, each on its creator's item.
    expect(rows.some((r) => r.index === '0' && (RAVI.emails as readonly string[]).includes(r.email.toLowerCase()))).toBe(true);
    expect(rows.some((r) => r.index === '1' && (TALA.emails as readonly string[]).includes(r.email.toLowerCase()))).toBe(true);
    const after = await csvOf('&after=0');
    expect(new Set(after.rows.map((r) => r.index))).toEqual(new Set(['1']));
    expect(after.rows).toHaveLength(rows.filter((r) => r.index === '1').length);
  });

  it('find-social-profiles: one row per profile with platform, handle, url, confidence, evidence', async () => {
    const { csvOf, lines } = await runJob('/v1/find-social-profiles', [{ platform: 'social-b', handle: TALA.socialB }]);
    const { header, rows } = await csvOf();
    expect(header).toEqual(expect.arrayContaining(['platform', 'handle', 'url', 'confidence', 'evidence', 'source.platform']));
    const profiles = lines[0].body.profiles as { platform: string; handle: string; url: string; confidence: number; evidence: string[] }[];
    expect(profiles.length).toBeGreaterThan(1);
    expect(rows.map((r) => [r.index, r.platform, r.handle, r.url, Number(r.confidence), r.evidence])).toEqual(
      profiles.map((p) => ['0', p.platform, p.handle, p.url, p.confidence, p.evidence.join('; ')]),
    );
    expect(rows.map((r) => r.platform)).toContain('social-b');
  });

  it("social-b/profile: the user's fields, one status column, and the job's cache_max_age as the items' input", async () => {
    const { csvOf, lines } = await runJob('/v1/social-b/profile', [{ handle: TALA.socialB }, { handle: 'no.such.demo.creator' }], {
      cache_max_age: '7d',
    });
    const { header, rows } = await csvOf();
    expect(new Set(header).size).toBe(header.length);
    expect(header.filter((c) => c === 'status')).toHaveLength(1);
    expect(header).toEqual(
      expect.arrayContaining(['record.status', 'data.user.username', 'data.user.full_name', 'data.user.edge_followed_by.count']),
    );
    const user = lines[0].body.data.user;
    expect(rows[0]).toMatchObject({
      index: '0',
      status: '200',
      'record.status': lines[0].body.status,
      'input.handle': TALA.socialB,
      'input.cache_max_age': '7d',
      'data.user.username': TALA.socialB,
      'data.user.full_name': user.full_name,
      'data.user.edge_followed_by.count': String(user.edge_followed_by.count),
    });
    expect(user.edge_followed_by.count).toBeGreaterThan(0);
    // An item that failed: its outcome and message, its record columns empty.
    expect(lines[1].status).not.toBe(200);
    expect(rows[1]).toMatchObject({ index: '1', status: String(lines[1].status), code: lines[1].code, 'data.user.username': '' });
    expect(rows[1].error_message).toBe(lines[1].body.error.message);
  });
});

describe('a large export', () => {
  it('yields to the event loop after each page: other requests are served while one is written (an outside sweep: a 32 MB CSV held every request for 1.3 s)', async () => {
    const url = 'https://github.com/creator-lookup-demo/creator-kit';
    // 2,400 items of one lookup: the first live, the rest from the cache (0 credits): five pages of 500.
    const items = Array.from({ length: 2_400 }, () => ({ url }));
    const { job } = await runJob('/v1/code/repository', items, { cache_max_age: '7d' });
    expect(job.counts.done).toBe(2_400);
    for (const format of ['csv', 'ndjson']) {
      // Event-loop turns while the export is written: each page ends its turn.
      const { result: res, turns } = await countingTurns(() => call(h, 'GET', `/v1/jobs/${job.id}/results?format=${format}`, { key }));
      expect(res.status).toBe(200);
      expect(res.text.trim().split('\n').length).toBe(format === 'csv' ? 2_401 : 2_400);
      expect(turns, format).toBeGreaterThanOrEqual(5);
    }
  }, 60_000);
});

describe('results downloads held open', () => {
  it(`a key has at most RESULTS_DOWNLOADS_PER_KEY (${RESULTS_DOWNLOADS_PER_KEY}) downloads open: the next is 429 RATE_LIMITED until one ends (an outside sweep: 400 unread downloads ran the process out of heap)`, async () => {
    const url = 'https://github.com/creator-lookup-demo/creator-kit';
    const { job } = await runJob(
      '/v1/code/repository',
      Array.from({ length: 12_000 }, () => ({ url })),
      { cache_max_age: '7d' },
    );
    const { port } = new URL(h.url);
    // Downloads whose client never reads: the answer (~12 MB) outgrows the sockets' buffers, so each stays open.
    const unread: Socket[] = [];
    for (let i = 0; i < RESULTS_DOWNLOADS_PER_KEY; i++) {
      const s = connect(Number(port), '127.0.0.1');
      await new Promise<void>((r) => s.once('connect', r));
      s.pause();
      s.on('error', () => undefined);
      s.write(`GET /v1/jobs/${job.id}/results HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\n\r\n`);
      unread.push(s);
    }
    await new Promise((r) => setTimeout(r, 500));
    const refused = await call(h, 'GET', `/v1/jobs/${job.id}/results?format=csv`, { key });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    for (const s of unread) s.destroy();
    await new Promise((r) => setTimeout(r, 200));
    const ok = await call(h, 'GET', `/v1/jobs/${job.id}/results?format=csv`, { key });
    expect(ok.status).toBe(200);
    expect(ok.text.trim().split('\n')).toHaveLength(12_001);
  }, 60_000);
});

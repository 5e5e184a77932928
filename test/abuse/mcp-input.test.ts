/**
 * Abuse suite: hostile JSON-RPC at /mcp from a key holder, over real HTTP against one gateway.
 *
 *  - a batch whose requests share an id: refused as a whole (400, -32600) before anything runs —
 *    the SDK answers one of them and drops the other, which was run and charged all the same;
 *  - a batch of more than MCP_MAX_BATCH messages: refused (400, -32600) — every answer of a batch
 *    is held in memory until the last is ready (100 tools/list: a 34 MB answer from a 5 KB body);
 *  - an empty batch: an Invalid Request error (JSON-RPC 2.0), not an empty 202;
 *  - a batch listing the tools twice, or holding a cancellation: refused (400, -32600);
 *  - more than MCP_MAX_IN_FLIGHT_PER_KEY POSTs of one key being answered at once: 429;
 *  - what holds already, pinned: ids of a type JSON-RPC does not allow, a notification of
 *    tools/call (never run, nothing charged), arguments wrong for the tool (INVALID_INPUT naming
 *    them, 0 credits, nothing fetched), an unknown method.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MCP_MAX_BATCH, MCP_MAX_IN_FLIGHT_PER_KEY } from '../../src/mcp/http.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { anyRepo, bigRepos, heldRepos, waitFinal } from '../jobs/helpers.js';
import { MCP_RESULTS_BYTES } from '../../src/mcp/tools.js';
import { mcpPost } from '../support/mcp.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: [anyRepo()] });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.replay.reset();
  h.replay.add(anyRepo());
});

const post = (key: string, body: unknown) => mcpPost(h.url, key, body);

const repoCall = (id: unknown, name: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'code_repository', arguments: { url: `https://github.com/octo/${name}` } },
});
const toolsList = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const upstreamHits = () => h.replay.hits({ host: 'api.github.com' }).length;

describe('JSON-RPC batches', () => {
  it('two requests with the same id: 400 Invalid Request, neither run, nothing charged', async () => {
    const { key, id } = await h.key(5);
    const r = await post(key, [repoCall(7, 'dup-a'), repoCall(7, 'dup-b')]);
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/\bid\b/) } });
    expect(await h.balance(id)).toBe(5);
    expect(upstreamHits()).toBe(0);
    // The same id once as a number and once as text are two ids: both answered, each charged once.
    const ok = await post(key, [repoCall(8, 'ids-a'), repoCall('8', 'ids-b')]);
    expect(ok.status).toBe(200);
    expect((ok.json() as { id: unknown }[]).map((a) => a.id).sort()).toEqual([8, '8']);
    expect(await h.balance(id)).toBe(3);
  });

  it(`more than MCP_MAX_BATCH (${MCP_MAX_BATCH}) messages: 400 Invalid Request, nothing run; up to it each is answered`, async () => {
    const { key, id } = await h.key(50);
    const over = await post(key, [...Array.from({ length: MCP_MAX_BATCH }, (_, i) => toolsList(i)), repoCall(99, 'over')]);
    expect(over.status).toBe(400);
    expect(over.json()).toMatchObject({ id: null, error: { code: -32600, message: expect.stringContaining(String(MCP_MAX_BATCH)) } });
    expect(await h.balance(id)).toBe(50);
    expect(upstreamHits()).toBe(0);

    const single = (await post(key, toolsList(1))).text.length;
    const full = await post(key, [toolsList(0), ...Array.from({ length: MCP_MAX_BATCH - 1 }, (_, i) => ping(i + 1))]);
    expect(full.status).toBe(200);
    const answers = full.json() as { id: number }[];
    expect(answers.map((a) => a.id).sort((a, b) => a - b)).toEqual(Array.from({ length: MCP_MAX_BATCH }, (_, i) => i));
    // The tool list once, and nine small answers.
    expect(full.text.length).toBeLessThan(single + 2_000);
  });

  it('the tool list twice in one batch: 400 Invalid Request (ten of them were a 5.35 MB answer from 531 bytes, an outside attack sweep)', async () => {
    const { key } = await h.key(1);
    const r = await post(key, [toolsList(1), ping(2), toolsList(3)]);
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ id: null, error: { code: -32600, message: expect.stringMatching(/tools at most once/) } });
  });

  it('a cancellation in a batch: 400 at once, nothing run or charged (the POST was never answered, the call charged: an outside attack sweep)', async () => {
    const { key, id } = await h.key(10);
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'changed my mind' } };
    for (const batch of [
      [repoCall(1, 'cancelled'), cancel],
      [ping(1), cancel],
    ]) {
      const started = Date.now();
      const r = await post(key, batch);
      expect(r.status).toBe(400);
      expect(r.json()).toMatchObject({ id: null, error: { code: -32600, message: expect.stringMatching(/cancel/) } });
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    expect(await h.balance(id)).toBe(10);
    expect(upstreamHits()).toBe(0);
    // On its own, a cancellation is a notification like any other: accepted (it names nothing running).
    expect((await post(key, cancel)).status).toBe(202);
  });

  it('an empty batch: 400 Invalid Request (JSON-RPC 2.0), not an empty 202', async () => {
    const { key } = await h.key(1);
    const r = await post(key, []);
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });
});

describe('answers held at once', () => {
  it(`a key has at most MCP_MAX_IN_FLIGHT_PER_KEY (${MCP_MAX_IN_FLIGHT_PER_KEY}) POSTs being answered: the next is 429 RATE_LIMITED; another key is not held up; a place is free again once an answer is sent`, async () => {
    const held = heldRepos('held');
    h.replay.reset();
    h.replay.add(held.route);
    const { key, id } = await h.key(20);
    const call = (i: number) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'tools/call',
      params: { name: 'code_repository', arguments: { url: `https://github.com/held/r${i}` } },
    });
    const waiting = Array.from({ length: MCP_MAX_IN_FLIGHT_PER_KEY }, (_, i) => post(key, call(i)));
    while (held.waiting() < MCP_MAX_IN_FLIGHT_PER_KEY) await new Promise((r) => setTimeout(r, 10));
    const over = await fetch(`${h.url}/mcp`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(toolsList(99)),
    });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('1');
    expect(await over.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    // Another key is not held up.
    const other = await h.key(0);
    expect((await post(other.key, toolsList(1))).status).toBe(200);
    held.releaseAll({ free: true });
    for (const r of await Promise.all(waiting)) expect(r.status).toBe(200);
    expect(await h.balance(id)).toBe(20 - MCP_MAX_IN_FLIGHT_PER_KEY);
    expect((await post(key, toolsList(100))).status).toBe(200);
  });
});

describe('odd messages (pinned)', () => {
  it('an id JSON-RPC does not allow (null, an object, a fraction) or no jsonrpc: 400 before anything runs', async () => {
    const { key, id } = await h.key(2);
    for (const bad of [{ id: null }, { id: {} }, { id: 1.5 }, { id: 1, jsonrpc: undefined }]) {
      const r = await post(key, { ...repoCall(1, 'odd-id'), ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.json().error.code).toBe(-32700);
    }
    expect(await h.balance(id)).toBe(2);
    expect(upstreamHits()).toBe(0);
  });

  it('tools/call as a notification (no id): 202, never run, nothing charged', async () => {
    const { key, id } = await h.key(2);
    const { id: _id, ...notification } = repoCall(1, 'notified');
    expect((await post(key, notification)).status).toBe(202);
    expect((await post(key, [notification, { jsonrpc: '2.0', method: 'notifications/initialized' }])).status).toBe(202);
    await new Promise((r) => setTimeout(r, 100));
    expect(await h.balance(id)).toBe(2);
    expect(upstreamHits()).toBe(0);
  });

  it('arguments of the wrong kind for the tool: INVALID_INPUT naming each, 0 credits; an unknown method: -32601', async () => {
    const { key, id } = await h.key(2);
    const call = (name: string, args: unknown) =>
      post(key, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name, arguments: args } });
    const objectArg = (await call('code_repository', { url: { href: 'https://github.com/octo/x' } })).json();
    expect(objectArg.result).toMatchObject({ isError: true, _meta: { charged: 0, error: { code: 'INVALID_INPUT' } } });
    expect(objectArg.result._meta.error.details).toEqual([{ param: 'url', message: 'must be a string, number or boolean' }]);
    const nul = (await call('code_repository', { url: 'https://github.com/octo/\u0000' })).json();
    expect(nul.result._meta).toMatchObject({ charged: 0 });
    const results = (await call('jobs_results', { id: {}, after: -2, limit: 0.5 })).json();
    expect(results.result._meta.error.details.map((d: { param: string }) => d.param).sort()).toEqual(['after', 'limit']);
    const listArg = (await call('account_transactions', { operation: ['code/repository'], since: {} })).json();
    expect(listArg.result._meta.error).toMatchObject({
      code: 'INVALID_INPUT',
      details: [
        { param: 'operation', message: 'must be a string' },
        { param: 'since', message: 'must be a string' },
      ],
    });
    expect((await call('code_repository', [1])).json().error.code).toBe(-32602);
    expect(
      (await post(key, { jsonrpc: '2.0', id: 4, method: 'resources/read', params: { uri: 'file:///etc/passwd' } })).json().error.code,
    ).toBe(-32601);
    expect(await h.balance(id)).toBe(2);
  });
});

describe('jobs_results: bytes per call', () => {
  it(`at most MCP_RESULTS_BYTES (${MCP_RESULTS_BYTES}) of stored results a call: a shorter page whose next_after goes on`, async () => {
    // Records of ~20 KB: a call of 200 was a ~6 MB answer (the record twice: text and structured),
    // a batch of ten 60 MB, and a key's 8 unread batches took the gateway's RSS past 750 MB with
    // 7 KB records (an attack sweep).
    h.replay.add(bigRepos('bigrec', 20_000));
    const { key } = await h.key(100);
    const created = (
      await post(key, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'jobs_create',
          arguments: {
            operation: 'code_repository',
            items: Array.from({ length: 60 }, (_, i) => ({ url: `https://github.com/bigrec/r${i}` })),
          },
        },
      })
    ).json();
    const jobId = created.result.structuredContent.job.id as string;
    await waitFinal(h, key, jobId);
    const seen: number[] = [];
    for (let after = -1, calls = 0; ; calls++) {
      const r = await post(key, {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'jobs_results', arguments: { id: jobId, after, limit: 200 } },
      });
      expect(r.text.length).toBeLessThan(4 * MCP_RESULTS_BYTES);
      const page = r.json().result.structuredContent as { results: { index: number }[]; next_after: number | null };
      expect(page.results.length).toBeGreaterThan(0);
      seen.push(...page.results.map((x) => x.index));
      if (page.next_after === null) break;
      after = page.next_after;
      expect(calls).toBeLessThan(60);
    }
    expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });
});

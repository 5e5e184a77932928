/**
 * /mcp end to end with the SDK's own client (Streamable HTTP) against a gateway and the replay
 * upstream: the tools are the registry's GET routes; a call is the REST request (the same
 * record, the same credits, the same errors); the key, the body cap; jobs and the account. The
 * stdio bridge (`npm run --silent mcp`) is spawned against the same gateway.
 */
import { execFile, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allOperations } from '../src/gateway.js';
import { createBridge } from '../src/mcp/bridge.js';
import { MCP_MAX_BODY } from '../src/mcp/http.js';
import { toolName } from '../src/mcp/tools.js';
import { buildRoutes } from '../src/rest/routes.js';
import { responseExample } from '../src/rest/openapi.js';
import { ENVELOPE_SHAPE } from '../src/rest/contract.js';
import { startHarness } from './harness.js';
import type { Harness } from './harness.js';
import { anyRepo, heldRepos, waitFor } from './jobs/helpers.js';

const ROOT = resolve(import.meta.dirname, '..');
const repo = (name: string) => `https://github.com/octo/${name}`;
const restRepo = (name: string, extra = '') => `/v1/code/repository?url=${encodeURIComponent(repo(name))}${extra}`;
const OTHER_TOOLS = ['jobs_create', 'jobs_status', 'jobs_results', 'jobs_list', 'jobs_cancel', 'account', 'account_transactions', 'free'];

let h: Harness;
const clients: Client[] = [];

async function connect(headers: Record<string, string>, on: Harness = h): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${on.url}/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}
/** The stdio bridge in this process (its stdio replaced by an in-memory pair) and a desktop client of it. */
async function bridgedDesktop(key: string) {
  const { server } = createBridge(h.url, key);
  const [toBridge, toDesktop] = InMemoryTransport.createLinkedPair();
  await server.connect(toBridge);
  const desktop = new Client({ name: 'desktop', version: '1.0.0' });
  await desktop.connect(toDesktop);
  return { server, desktop };
}
const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => {
  h.replay.reset();
  h.replay.add(anyRepo());
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await h?.close();
});

describe('tools', () => {
  let tools: Tool[];
  beforeAll(async () => {
    const { key } = await h.key(1);
    tools = (await (await connect({ 'x-api-key': key })).listTools()).tools;
  });

  it('one per /v1 GET operation of the registry, named after its path, and the jobs and account tools', () => {
    const routes = [...buildRoutes(allOperations()).keys()];
    expect(routes.length).toBeGreaterThan(40);
    expect(tools.map((t) => t.name).sort()).toEqual([...routes.map(toolName), ...OTHER_TOOLS].sort());
    const names = tools.map((t) => t.name);
    for (const n of ['code_repository', 'forum_user_posts', 'find_creator_emails', 'find_social_profiles', 'social_b_profile'])
      expect(names).toContain(n);
  });

  it("an operation's arguments are its REST parameters; its description the operation's", async () => {
    const openapi = (await (await fetch(`${h.url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        { get?: { summary: string; parameters: { name: string; required: boolean; schema: { maxLength?: number } }[] } }
      >;
    };
    for (const route of buildRoutes(allOperations()).values()) {
      const tool = tools.find((t) => t.name === toolName(route.path))!;
      const doc = openapi.paths[route.path].get!;
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort(), tool.name).toEqual(doc.parameters.map((p) => p.name).sort());
      expect((tool.inputSchema.required ?? []).sort(), tool.name).toEqual(
        doc.parameters
          .filter((p) => p.required)
          .map((p) => p.name)
          .sort(),
      );
      // A string argument's length bound is the same in both documents.
      const props = (tool.inputSchema.properties ?? {}) as Record<string, { maxLength?: number }>;
      for (const p of doc.parameters)
        if (p.schema.maxLength !== undefined) expect(props[p.name].maxLength, `${tool.name} ${p.name}`).toBe(p.schema.maxLength);
      expect(tool.description, tool.name).toContain(doc.summary);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
  });

  it("each outputSchema accepts the demo's record of its operation (the REST body without the envelope)", () => {
    const validator = new AjvJsonSchemaValidator();
    let checked = 0;
    for (const route of buildRoutes(allOperations()).values()) {
      const body = responseExample(route.op) as Record<string, unknown> | undefined;
      if (!body) continue;
      const record = route.op.rest.wrap
        ? body[route.op.rest.wrap]
        : Object.fromEntries(Object.entries(body).filter(([k]) => !(k in ENVELOPE_SHAPE)));
      const tool = tools.find((t) => t.name === toolName(route.path))!;
      const r = validator.getValidator(tool.outputSchema!)(record);
      expect(r.errorMessage, tool.name).toBeUndefined();
      expect(r.valid, tool.name).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });
});

describe('a call is its REST request', () => {
  it('structuredContent is the REST record without the envelope; _meta.charged/remaining are the ledger’s', async () => {
    const { key, id } = await h.key(10);
    const client = await connect({ 'x-api-key': key });
    const r = await call(client, 'code_repository', { url: repo('kit') });
    expect(r.isError).toBeFalsy();
    expect(r._meta).toEqual({ charged: 1, remaining: 9, cached: false });
    expect(await h.balance(id)).toBe(9);
    const rest = await h.rest(restRepo('kit'), { key });
    expect(rest.status).toBe(200);
    expect(r.structuredContent).toEqual(rest.body.repository);
    expect(r.content).toEqual([
      { type: 'text', text: 'code_repository: 1 credit charged (live), 9 left; topics: 2 items.' },
      { type: 'text', text: JSON.stringify(rest.body.repository) },
    ]);
  });

  it('a cache hit (cache_max_age) charges 0 and says so', async () => {
    const { key, id } = await h.key(5);
    const client = await connect({ authorization: `Bearer ${key}` });
    const live = await call(client, 'code_repository', { url: repo('cached') });
    expect(live._meta).toMatchObject({ charged: 1, remaining: 4 });
    const hit = await call(client, 'code_repository', { url: repo('cached'), cache_max_age: '7d' });
    expect(hit._meta).toEqual({ charged: 0, remaining: 4, cached: true, cached_at: expect.any(String) });
    expect(hit.structuredContent).toEqual(live.structuredContent);
    expect(await h.balance(id)).toBe(4);
    expect(h.replay.hits().filter((x) => x.path === '/repos/octo/cached')).toHaveLength(1);
  });

  it('a bad argument is a tool error with the REST code and details, 0 credits, nothing fetched', async () => {
    const { key, id } = await h.key(5);
    const client = await connect({ 'x-api-key': key });
    const r = await call(client, 'code_repository', { url: 'https://example.com/not-a-repo' });
    const rest = await h.rest(`/v1/code/repository?url=${encodeURIComponent('https://example.com/not-a-repo')}`, { key });
    expect(rest.status).toBe(400);
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    expect(r._meta).toEqual({ charged: 0, error: { ...rest.body.error, request_id: expect.any(String) } });
    expect(r.content).toEqual([{ type: 'text', text: `INVALID_INPUT: ${rest.body.error.message}` }]);
    // Types are decoded as REST decodes them: by the REST names, with REST's messages.
    const typed = await call(client, 'websearch_search', { query: 'creators', page: 'two' });
    expect(typed._meta?.error).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'page', message: 'must be an integer' }] });
    const number = await call(client, 'websearch_search', { query: 'creators', page: 12 });
    expect(number._meta?.error).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'page', message: 'must be at most 11' }] });
    const missing = await call(client, 'code_repository', {});
    expect(missing._meta?.error).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'url', message: 'is required' }] });
    expect(await h.balance(id)).toBe(5);
    expect(h.replay.hits()).toHaveLength(0);
  });

  it('a key with no credits: INSUFFICIENT_CREDITS as REST answers it, nothing fetched', async () => {
    const { key } = await h.key(0);
    const client = await connect({ 'x-api-key': key });
    const r = await call(client, 'code_repository', { url: repo('poor') });
    const rest = await h.rest(restRepo('poor'), { key });
    expect(rest.status).toBe(402);
    expect(r.isError).toBe(true);
    expect(r._meta?.error).toEqual({ code: 'INSUFFICIENT_CREDITS', message: rest.body.error.message, request_id: expect.any(String) });
    expect(h.replay.hits()).toHaveLength(0);
  });

  it('an unknown tool is a protocol error', async () => {
    const { key } = await h.key(1);
    const client = await connect({ 'x-api-key': key });
    await expect(call(client, 'no_such_tool')).rejects.toThrow(/Unknown tool: no_such_tool/);
  });
});

describe('the HTTP edge', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const post = (headers: Record<string, string>, body: string) =>
    fetch(`${h.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    });

  it('no key, an unknown key or a revoked one: 401 as REST answers it', async () => {
    const refused: Record<string, string>[] = [{}, { 'x-api-key': 'cl_not-a-real-key' }, { authorization: 'Bearer cl_not-a-real-key' }];
    for (const headers of refused) {
      const res = await post(headers, JSON.stringify(initialize));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        success: false,
        error: { code: 'UNAUTHORIZED', message: expect.any(String), request_id: res.headers.get('x-request-id') },
      });
    }
    const { key, id } = await h.key(1);
    await h.deps.ledger.revokeKey(id);
    expect((await post({ 'x-api-key': key }, JSON.stringify(initialize))).status).toBe(401);
    // The SDK's client sees the refusal too.
    await expect(connect({})).rejects.toThrow(/UNAUTHORIZED/);
  });

  it('a body over the cap: 413 PAYLOAD_TOO_LARGE, refused before it is read', async () => {
    const { key } = await h.key(1);
    const res = await post({ 'x-api-key': key }, JSON.stringify({ ...initialize, pad: 'x'.repeat(MCP_MAX_BODY) }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a body that is not JSON: a JSON-RPC parse error; GET (no SSE stream): 405', async () => {
    const { key } = await h.key(1);
    const res = await post({ 'x-api-key': key }, '{"jsonrpc":');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const get = await fetch(`${h.url}/mcp`, { headers: { 'x-api-key': key, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toContain('POST');
  });

  it('tools/call with params of the wrong shape: -32602 Invalid params (the SDK names what is wrong), not an internal error', async () => {
    const { key, id } = await h.key(1);
    for (const params of [{ name: 5 }, { name: 'code_repository', arguments: 'url=x' }, {}]) {
      const res = await post({ 'x-api-key': key }, JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params }));
      const text = await res.text();
      // One JSON-RPC answer, as JSON or as one SSE event.
      const answer = JSON.parse(
        text.startsWith('{')
          ? text
          : text
              .split('\n')
              .find((l) => l.startsWith('data: '))!
              .slice(6),
      ) as {
        error: { code: number; message: string };
      };
      expect(answer.error.code, JSON.stringify(params)).toBe(-32602);
      expect(answer.error.message).toMatch(/Invalid tools\/call request/);
    }
    expect(await h.balance(id)).toBe(1);
    expect(h.replay.hits()).toHaveLength(0);
  });

  it('a browser preflight allows the headers an MCP client sends', async () => {
    const res = await fetch(`${h.url}/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://agent.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, mcp-protocol-version, content-type',
      },
    });
    expect(res.status).toBe(204);
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    for (const header of ['x-api-key', 'authorization', 'content-type', 'accept', 'mcp-protocol-version'])
      expect(allowed).toContain(header);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('a request id equal to the bearer key is replaced (never logged or echoed)', async () => {
    const { key } = await h.key(1);
    const res = await post({ authorization: `Bearer ${key}`, 'x-request-id': key }, JSON.stringify(initialize));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).not.toBe(key);
  });
});

describe('jobs and account tools', () => {
  it('jobs_create → jobs_status → jobs_results: items charged as their single calls, the job costs nothing itself', async () => {
    const { key, id } = await h.key(10);
    const client = await connect({ 'x-api-key': key });
    const made = await call(client, 'jobs_create', { operation: 'code_repository', items: [{ url: repo('j1') }, { url: repo('j2') }] });
    expect(made.isError).toBeFalsy();
    const job = (made.structuredContent as { job: { id: string; operation: string; items: number } }).job;
    expect(job).toMatchObject({ operation: '/v1/code/repository', items: 2 });
    expect(made._meta).toMatchObject({ charged: 0 });
    let status = '';
    for (let i = 0; i < 100 && status !== 'completed'; i++) {
      const s = await call(client, 'jobs_status', { id: job.id });
      status = (s.structuredContent as { job: { status: string } }).job.status;
      if (status !== 'completed') await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('completed');
    const page = await call(client, 'jobs_results', { id: job.id, limit: 1 });
    const first = page.structuredContent as {
      results: { index: number; body: { repository: { full_name: string } } }[];
      next_after: number;
    };
    expect(first.results.map((r) => [r.index, r.body.repository.full_name])).toEqual([[0, 'octo/j1']]);
    expect(first.next_after).toBe(0);
    const rest = await call(client, 'jobs_results', { id: job.id, after: first.next_after });
    expect(rest.structuredContent).toMatchObject({ results: [{ index: 1, credits_charged: 1 }], next_after: null });
    expect(await h.balance(id)).toBe(8);
    expect((await call(client, 'account')).structuredContent).toMatchObject({ account: { key_id: id, balance: 8 } });
    const list = await call(client, 'jobs_list');
    expect((list.structuredContent as { jobs: { id: string }[] }).jobs.map((j) => j.id)).toEqual([job.id]);
    // The key's movements: its grant, then the job as one row of 2 credits, the settled balance after each.
    const tx = await call(client, 'account_transactions');
    expect(tx._meta).toMatchObject({ charged: 0, remaining: 8 });
    expect(tx.structuredContent).toMatchObject({
      transactions: [
        { kind: 'grant', credits: 10, balance_after: 10 },
        { kind: 'charge', job_id: job.id, operation: 'code/repository', credits: -2, balance_after: 8 },
      ],
      next_after: null,
    });
    const bad = await call(client, 'account_transactions', { since: 'yesterday' });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toMatch(/INVALID_INPUT.*since/);
  });

  it('jobs_results of a running job keeps the cursor (next_after) until the job has ended', async () => {
    const held = heldRepos('held');
    h.replay.reset();
    h.replay.add(held.route);
    const client = await connect({ 'x-api-key': (await h.key(5)).key });
    const made = await call(client, 'jobs_create', {
      operation: 'code_repository',
      items: [{ url: 'https://github.com/held/a' }, { url: 'https://github.com/held/b' }],
    });
    const id = (made.structuredContent as { job: { id: string } }).job.id;
    const early = await call(client, 'jobs_results', { id });
    expect(early.structuredContent).toMatchObject({ results: [], next_after: -1 });
    held.releaseAll({ free: true });
    let status = '';
    for (let i = 0; i < 100 && status !== 'completed'; i++) {
      status = ((await call(client, 'jobs_status', { id })).structuredContent as { job: { status: string } }).job.status;
      if (status !== 'completed') await new Promise((r) => setTimeout(r, 50));
    }
    const done = await call(client, 'jobs_results', { id, after: -1 });
    expect(done.structuredContent).toMatchObject({ results: [{ index: 0 }, { index: 1 }], next_after: null });
  });

  it('jobs_results: a bad after or limit is INVALID_INPUT naming each, 0 credits; digits as text are read', async () => {
    const { key, id } = await h.key(5);
    const client = await connect({ 'x-api-key': key });
    const made = await call(client, 'jobs_create', { operation: 'code_repository', items: [{ url: repo('pages') }] });
    const job = (made.structuredContent as { job: { id: string } }).job.id;
    let status = '';
    for (let i = 0; i < 100 && status !== 'completed'; i++) {
      status = ((await call(client, 'jobs_status', { id: job })).structuredContent as { job: { status: string } }).job.status;
      if (status !== 'completed') await new Promise((r) => setTimeout(r, 50));
    }
    expect(await h.balance(id)).toBe(4);
    const after = { param: 'after', message: 'must be an item index (results after it are sent)' };
    // At most 200 a page over MCP (one answer built whole; GraphQL's page may hold 1,000).
    const limit = { param: 'limit', message: 'must be an integer from 1 to 200' };
    for (const [args, details] of [
      [{ after: -2 }, [after]],
      [{ after: 1.5 }, [after]],
      [{ after: 'x' }, [after]],
      [{ after: true }, [after]],
      [{ limit: 0 }, [limit]],
      [{ limit: 201 }, [limit]],
      [{ limit: 'many' }, [limit]],
      [{ after: -5, limit: 0 }, [after, limit]],
    ] as const) {
      const r = await call(client, 'jobs_results', { id: job, ...args });
      expect(r._meta?.error, JSON.stringify(args)).toMatchObject({ code: 'INVALID_INPUT', details });
      expect(r._meta).toMatchObject({ charged: 0 });
    }
    // Read as every list tool reads them (src/http/paging.ts): digits as text are the number.
    const text = await call(client, 'jobs_results', { id: job, after: '-1', limit: '1' });
    expect(text.structuredContent).toMatchObject({ results: [{ index: 0 }], next_after: null });
    expect(await h.balance(id)).toBe(4);
  });

  it("another key's job does not exist; a bad job request is INVALID_INPUT", async () => {
    const a = await connect({ 'x-api-key': (await h.key(5)).key });
    const b = await connect({ 'x-api-key': (await h.key(5)).key });
    const made = await call(a, 'jobs_create', { operation: '/v1/code/repository', items: [{ url: repo('mine') }] });
    const jobId = (made.structuredContent as { job: { id: string } }).job.id;
    expect((await call(b, 'jobs_status', { id: jobId }))._meta?.error).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call(b, 'jobs_cancel', { id: jobId }))._meta?.error).toMatchObject({ code: 'NOT_FOUND' });
    // A 500,000-character id is named cut short (it was echoed whole, twice).
    const long = await call(b, 'jobs_results', { id: `job_${'x'.repeat(500_000)}` });
    expect(long._meta?.error).toMatchObject({ code: 'NOT_FOUND' });
    expect(JSON.stringify(long).length).toBeLessThan(2_000);
    const bad = await call(a, 'jobs_create', { operation: 'code_repository', items: [] });
    expect(bad._meta?.error).toMatchObject({ code: 'INVALID_INPUT', details: [expect.objectContaining({ param: 'items' })] });
  });

  it('free: the tools that never cost, and each lookup tool’s maximum', async () => {
    const client = await connect({ 'x-api-key': (await h.key(3)).key });
    const r = await call(client, 'free');
    const free = r.structuredContent as { free_tools: string[]; lookup_tools: { tool: string; max_credits: number }[] };
    expect(free.free_tools.sort()).toEqual([...OTHER_TOOLS].sort());
    expect(free.lookup_tools.find((t) => t.tool === 'code_repository')).toEqual({
      tool: 'code_repository',
      max_credits: 1,
      cacheable: true,
    });
    expect(free.lookup_tools).toHaveLength(buildRoutes(allOperations()).size);
    expect(r._meta).toEqual({ charged: 0, remaining: 3 });
  });
});

describe('rate limit', () => {
  let limited: Harness;
  beforeAll(async () => {
    limited = await startHarness({ env: { RATE_LIMIT_RPS: '0.01', RATE_LIMIT_BURST: '2' }, routes: [anyRepo()] });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('each tool call is admitted as one REST request: beyond the burst, RATE_LIMITED (0 credits)', async () => {
    const { key, id } = await limited.key(5);
    const client = new Client({ name: 'mcp-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${limited.url}/mcp`), { requestInit: { headers: { 'x-api-key': key } } }),
    );
    clients.push(client);
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(client, 'code_repository', { url: repo(`rl${i}`) });
      codes.push(r.isError ? (r._meta?.error as { code: string }).code : 'ok');
    }
    expect(codes).toEqual(['ok', 'ok', 'RATE_LIMITED']);
    expect(await limited.balance(id)).toBe(3);
  });

  it('listing the tools is a request too: beyond the burst, a JSON-RPC error saying RATE_LIMITED (it was never limited: an outside attack sweep)', async () => {
    const { key } = await limited.key(0);
    const client = await connect({ 'x-api-key': key }, limited);
    await client.listTools();
    await client.listTools();
    await expect(client.listTools()).rejects.toMatchObject({ code: -32000, data: { code: 'RATE_LIMITED' } });
  });
});

describe('the stdio bridge (npm run --silent mcp)', () => {
  it('forwards tools/list and tools/call to the gateway; stdout carries only JSON-RPC', async () => {
    const { key, id } = await h.key(4);
    const transport = new StdioClientTransport({
      command: 'npm',
      args: ['run', '--silent', 'mcp'],
      cwd: ROOT,
      env: { ...(process.env as Record<string, string>), GATEWAY_URL: h.url, API_KEY: key },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const client = new Client({ name: 'desktop', version: '1.0.0' });
    // A line on stdout that is not JSON-RPC reaches the client as an error.
    const errors: Error[] = [];
    client.onerror = (e) => errors.push(e);
    await client.connect(transport);
    try {
      const direct = (await (await connect({ 'x-api-key': key })).listTools()).tools;
      const bridged = (await client.listTools()).tools;
      expect(bridged).toEqual(direct);
      const r = (await client.callTool({ name: 'code_repository', arguments: { url: repo('bridged') } })) as CallToolResult;
      expect(r._meta).toEqual({ charged: 1, remaining: 3, cached: false });
      expect((r.structuredContent as { full_name: string }).full_name).toBe('octo/bridged');
      const poor = (await client.callTool({ name: 'code_repository', arguments: { url: 'nope' } })) as CallToolResult;
      expect(poor.isError).toBe(true);
      expect(await h.balance(id)).toBe(3);
      expect(errors).toEqual([]);
      expect(stderr).toContain(`forwarding to ${h.url}`);
      expect(stderr).not.toContain(key);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('input piped in and closed: the requests already read are answered before it exits (it exited at once, their answers lost)', async () => {
    const { key } = await h.key(2);
    const child = spawn('npm', ['run', '--silent', 'mcp'], {
      cwd: ROOT,
      env: { ...process.env, GATEWAY_URL: h.url, API_KEY: key },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // The reader takes nothing until the bridge has exited or says it is about to: its answers
    // (tools/list alone is ~200 KB, more than a pipe holds) must all arrive even so — a reader
    // slower than the bridge (a loaded machine) got the tools/list line cut short.
    let stderr = '';
    const waiting = new Promise<void>((r) =>
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
        if (stderr.includes('exiting once stdout')) r();
      }),
    );
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    // 'close': the child has exited and its stdout has been read to the end ('exit' may come first).
    const closed = new Promise<void>((r) => child.once('close', () => r()));
    const send = (m: object) => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'code_repository', arguments: { url: repo('piped') } } });
    child.stdin.end();
    await Promise.race([exited, waiting]);
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    expect(await exited).toBe(0);
    await closed;
    const answers = new Map(
      stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { id: number; result?: { tools?: unknown[]; structuredContent?: { full_name?: string } } })
        .map((m) => [m.id, m]),
    );
    expect(answers.get(2)?.result?.tools?.length).toBeGreaterThan(10);
    expect(answers.get(3)?.result?.structuredContent?.full_name).toBe('octo/piped');
  }, 60_000);

  it('a call the desktop client cancels: its POST to the gateway is aborted, and the gateway charges nothing (it went on and charged)', async () => {
    const { key, id } = await h.key(3);
    const held = heldRepos('held-bridge');
    h.replay.add(held.route);
    const { server, desktop } = await bridgedDesktop(key);
    try {
      const cancel = new AbortController();
      // The SDK's client sends notifications/cancelled when its signal aborts; so does any desktop client.
      const called = desktop.callTool({ name: 'code_repository', arguments: { url: 'https://github.com/held-bridge/x' } }, undefined, {
        signal: cancel.signal,
      });
      await waitFor(() => held.waiting() === 1, 10_000);
      cancel.abort('the person closed the chat');
      await expect(called).rejects.toThrow();
      // The gateway's answer would come now, for nobody: it was charged (2 left) while the POST stayed open.
      await new Promise((r) => setTimeout(r, 300));
      held.releaseAll({ free: true });
      await new Promise((r) => setTimeout(r, 500));
      expect(await h.balance(id)).toBe(3);
      // The bridge goes on serving: the next call is answered and charged.
      const r = (await desktop.callTool({
        name: 'code_repository',
        arguments: { url: 'https://github.com/held-bridge/y' },
      })) as CallToolResult;
      expect(r._meta).toMatchObject({ charged: 1, remaining: 2 });
    } finally {
      await desktop.close();
      await server.close();
    }
  }, 30_000);

  it("the gateway's protocol error reaches the desktop client as a direct client gets it (the bridge added an 'MCP error <code>:' prefix)", async () => {
    const { key } = await h.key(1);
    const { server, desktop } = await bridgedDesktop(key);
    try {
      const direct = await call(await connect({ 'x-api-key': key }), 'no_such_tool').catch((e: Error) => e);
      const bridged = await desktop.callTool({ name: 'no_such_tool', arguments: {} }).catch((e: Error) => e);
      expect(bridged).toBeInstanceOf(Error);
      expect((bridged as Error).message).toBe((direct as Error).message);
    } finally {
      await desktop.close();
      await server.close();
    }
  });

  it('a GATEWAY_URL with a user name or password is refused at start, without writing the password anywhere', async () => {
    const gateway = new URL(h.url);
    gateway.username = 'ops';
    gateway.password = 's3cret-pass';
    const run = promisify(execFile)('npm', ['run', '--silent', 'mcp'], {
      cwd: ROOT,
      env: { ...process.env, GATEWAY_URL: gateway.href, API_KEY: 'k' },
      timeout: 30_000,
    });
    const failed = (await run.catch((e: unknown) => e)) as { code: number; stdout: string; stderr: string };
    expect(failed).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('GATEWAY_URL holds a user name or password') });
    expect(failed.stderr).not.toContain('s3cret-pass');
  }, 40_000);

  it('without API_KEY it says so on stderr and exits 1', async () => {
    const run = promisify(execFile)('npm', ['run', '--silent', 'mcp'], {
      cwd: ROOT,
      env: { ...process.env, GATEWAY_URL: h.url, API_KEY: '' },
      timeout: 30_000,
    });
    await expect(run).rejects.toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('API_KEY is not set') });
  }, 40_000);
});

/**
 * Abuse suite: the key sent as `Authorization: Bearer <key>`, its scheme in any case. RFC 7235
 * §2.1 makes the authentication scheme a case-insensitive token, and many HTTP clients send
 * `bearer`. Every face that reads a key reads it the same way (src/http/api-key.ts): REST, both
 * GraphQL paths (the fast path and yoga, and yoga's large-body lookup), MCP, bulk jobs, monitors,
 * the account routes — and /metrics its METRICS_TOKEN. Before, only MCP read `Authorization`;
 * the others answered 401 and /metrics matched `Bearer ` capitalised only.
 *
 * Another scheme (`Basic`), a scheme with no token, or none at all still carries no key (401, 0
 * credits); `x-api-key` wins over `Authorization` when both are sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const METRICS = 'authorization-scheme-metrics-token';
let h: Harness;
let yoga: Harness;
let key: string;
let keyId: string;
let yogaKey: string;
beforeAll(async () => {
  h = await startHarness({ env: { METRICS_TOKEN: METRICS } });
  yoga = await startHarness({ env: { GRAPHQL_FAST_PATH: '0' } });
  ({ key, id: keyId } = await h.key(5));
  ({ key: yogaKey } = await yoga.key(5));
});
afterAll(async () => {
  await h?.close();
  await yoga?.close();
});

const SCHEMES = ['Bearer', 'bearer', 'BEARER', 'bEaReR'];
const bearer = (scheme: string, k: string) => ({ authorization: `${scheme} ${k}` });

async function gql(g: Harness, headers: Record<string, string>, variables?: Record<string, unknown>) {
  const res = await fetch(`${g.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
    body: JSON.stringify({ query: '{ me { balance } }', variables }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function mcpInit(headers: Record<string, string>) {
  const res = await fetch(`${h.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
  await res.text();
  return res.status;
}

describe.each(SCHEMES)('Authorization: %s <key>', (scheme) => {
  it('REST: the account route and a /v1 operation take the key (a 400 for the missing url, not a 401)', async () => {
    const account = await h.rest('/v1/account', { headers: bearer(scheme, key) });
    expect(account.status).toBe(200);
    expect(account.body.account.balance).toBe(5);
    const op = await h.rest('/v1/code/repository', { headers: bearer(scheme, key) });
    expect(op.status).toBe(400);
    expect(op.body.error.code).toBe('INVALID_INPUT');
  });

  it('GraphQL: the fast path and yoga see the key (`me` is the account, not null)', async () => {
    const fast = await gql(h, bearer(scheme, key));
    expect(fast.status).toBe(200);
    expect(fast.body.data.me).toEqual({ balance: 5 });
    const slow = await gql(yoga, bearer(scheme, yogaKey));
    expect(slow.status).toBe(200);
    expect(slow.body.data.me).toEqual({ balance: 5 });
  });

  it('GraphQL: a body over the keyless 64 KiB limit is read for the key', async () => {
    // Padded in variables: the query text has its own 64 KiB bound.
    const res = await gql(h, bearer(scheme, key), { pad: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(200);
    expect(res.body.data.me).toEqual({ balance: 5 });
  });

  it('MCP, bulk jobs and monitors take the key', async () => {
    expect(await mcpInit(bearer(scheme, key))).toBe(200);
    expect((await h.rest('/v1/jobs', { headers: bearer(scheme, key) })).status).toBe(200);
    expect((await h.rest('/v1/monitors', { headers: bearer(scheme, key) })).status).toBe(200);
    expect((await h.rest('/v1/account/transactions', { headers: bearer(scheme, key) })).status).toBe(200);
  });

  it('/metrics takes its METRICS_TOKEN', async () => {
    const res = await fetch(`${h.url}/metrics`, { headers: bearer(scheme, METRICS) });
    await res.text();
    expect(res.status).toBe(200);
  });
});

describe('what carries no key', () => {
  const refused: [string, (k: string) => Record<string, string>][] = [
    ['another scheme', (k) => ({ authorization: `Basic ${k}` })],
    ['the scheme alone', () => ({ authorization: 'Bearer' })],
    ['the scheme and blanks', () => ({ authorization: 'bearer    ' })],
    ['no space after the scheme', (k) => ({ authorization: `Bearer${k}` })],
    ['the key without a scheme', (k) => ({ authorization: k })],
    ['a scheme that starts like bearer', (k) => ({ authorization: `Bearers ${k}` })],
  ];
  it.each(refused)('%s: 401 UNAUTHORIZED on every face, 0 credits', async (_name, headers) => {
    const before = await h.balance(keyId);
    const rest = await h.rest('/v1/account', { headers: headers(key) });
    expect([rest.status, rest.body.error?.code]).toEqual([401, 'UNAUTHORIZED']);
    expect((await h.rest('/v1/jobs', { headers: headers(key) })).status).toBe(401);
    const g = await gql(h, headers(key));
    expect(g.body.data?.me ?? null).toBeNull();
    expect(await mcpInit(headers(key))).toBe(401);
    const metrics = await fetch(`${h.url}/metrics`, { headers: headers(METRICS) });
    await metrics.text();
    expect(metrics.status).toBe(401);
    expect(await h.balance(keyId)).toBe(before);
  });

  it('x-api-key wins over Authorization when both are sent', async () => {
    const both = await h.rest('/v1/account', { headers: { 'x-api-key': 'cl_not-a-real-key', authorization: `Bearer ${key}` } });
    expect(both.status).toBe(401);
    const right = await h.rest('/v1/account', { headers: { 'x-api-key': key, authorization: 'Bearer cl_not-a-real-key' } });
    expect(right.status).toBe(200);
  });
});

/**
 * Abuse suite: a keyed GraphQL or MCP POST body (up to 1 MiB) whose JSON nests hundreds of
 * thousands of levels deep. JSON.parse takes such a text in one turn of the event loop, ~0.2–0.5 s
 * for 1 MiB of `[` (flat JSON of the same size: ~1 ms), and yoga then walks it again: eight of them
 * at once from one key held /healthz at ~1 s (an attack sweep). The body's nesting is checked in
 * one pass over its text first, as a bulk job's JSON body is: over MAX_BODY_JSON_DEPTH it is a 400
 * naming the nesting, nothing parsed, run or charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_JSON_DEPTH } from '../../src/http/edges.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: [] });
});
afterAll(async () => {
  await h?.close();
});

/** `n` nested arrays: `[[[…]]]`. */
const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
const DEEP = 400_000;

async function post(path: string, key: string, body: string) {
  const res = await fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

describe('a keyed JSON body nested deeper than MAX_BODY_JSON_DEPTH', () => {
  it('GraphQL: 400 INVALID_INPUT naming the nesting, nothing run; one within the bound is served', async () => {
    const { key, id } = await h.key(3);
    for (const body of [
      `{"query":"query($x: JSON) { me { balance } }","variables":{"x":${nested(DEEP)}}}`,
      `{"query":"{ me { balance } }","extensions":${nested(DEEP)}}`,
      `{"query":"{ me { balance } }","variables":{"x":${nested(MAX_BODY_JSON_DEPTH)}}}`,
    ]) {
      const r = await post('/graphql', key, body);
      expect(r.status).toBe(400);
      expect(r.json().errors[0]).toMatchObject({
        message: expect.stringContaining(`nests deeper than ${MAX_BODY_JSON_DEPTH} levels`),
        extensions: { code: 'INVALID_INPUT', details: [{ param: 'body' }] },
      });
      expect(r.text).not.toMatch(/"data"/);
    }
    // Brackets inside strings are no nesting; a body within the bound is answered.
    const ok = await post('/graphql', key, JSON.stringify({ query: '{ me { balance } }', variables: { s: '['.repeat(10_000) } }));
    expect(ok.status).toBe(200);
    expect(ok.json().data).toEqual({ me: { balance: 3 } });
    expect(await h.balance(id)).toBe(3);
  });

  it('MCP: 400 parse error naming the nesting, nothing run or charged; one within the bound is served', async () => {
    const { key, id } = await h.key(3);
    for (const body of [
      `{"jsonrpc":"2.0","id":1,"method":"tools/list","x":${nested(DEEP)}}`,
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"code_repository","arguments":{"url":${nested(DEEP)}}}}`,
      `[${nested(DEEP)}]`,
    ]) {
      const r = await post('/mcp', key, body);
      expect(r.status).toBe(400);
      expect(r.json()).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: expect.stringContaining(`nests deeper than ${MAX_BODY_JSON_DEPTH} levels`) },
      });
    }
    const ok = await post(
      '/mcp',
      key,
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: { s: '{'.repeat(1000) } } }),
    );
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ jsonrpc: '2.0', id: 2, result: {} });
    expect(await h.balance(id)).toBe(3);
  });
});

/**
 * A keyed GraphQL or MCP POST body that is not UTF-8 (RFC 8259's one encoding for JSON exchanged):
 * a Latin-1 "José" was decoded leniently to "Jos\uFFFD" and looked up as such. Now a 400 naming
 * the body, nothing run or charged — as a bulk job's or a monitor's JSON body is (they read the
 * same src/http/edges.ts jsonText). A UTF-8 body with a byte order mark is still served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: [] });
});
afterAll(async () => {
  await h?.close();
});

async function post(path: string, key: string, body: Buffer) {
  const res = await fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: new Uint8Array(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

const latin1 = (s: string) => Buffer.from(s, 'latin1');
const withBom = (s: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(s, 'utf8')]);

describe('a JSON body that is not UTF-8', () => {
  it('GraphQL: 400 INVALID_INPUT naming the body, nothing run; a UTF-8 body with a BOM is served', async () => {
    const { key, id } = await h.key(3);
    const r = await post('/graphql', key, latin1('{"query":"{ me { balance } }","variables":{"name":"José"}}'));
    expect(r.status).toBe(400);
    expect(r.json().errors[0]).toMatchObject({
      message: expect.stringContaining('not UTF-8'),
      extensions: { code: 'INVALID_INPUT', details: [{ param: 'body' }] },
    });
    expect(r.text).not.toMatch(/"data"/);
    const ok = await post('/graphql', key, withBom('{"query":"{ me { balance } }","variables":{"name":"José"}}'));
    expect(ok.status).toBe(200);
    expect(ok.json().data).toEqual({ me: { balance: 3 } });
    expect(await h.balance(id)).toBe(3);
  });

  it('MCP: 400 parse error saying so, nothing run; a UTF-8 body with a BOM is served', async () => {
    const { key, id } = await h.key(3);
    const r = await post(
      '/mcp',
      key,
      latin1(
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"code_repository","arguments":{"url":"https://github.com/José/x"}}}',
      ),
    );
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringContaining('not UTF-8') } });
    const ok = await post(
      '/mcp',
      key,
      withBom(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: { s: 'José' } } })),
    );
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ jsonrpc: '2.0', id: 2, result: {} });
    expect(await h.balance(id)).toBe(3);
  });
});

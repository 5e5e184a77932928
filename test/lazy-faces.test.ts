/**
 * The GraphQL and MCP faces are made on first use (src/app.ts `madeOnUse`): the server makes them
 * once listening (App.warm), and a request that comes first waits for its face rather than
 * failing; /readyz says 503 until both are made (and while App.warm runs). Concurrent first
 * requests share one making; the document caches read empty until then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from './harness.js';
import type { Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ warm: false });
});
afterAll(() => h?.close());

describe('faces made on first use', () => {
  it('first requests to /graphql and /mcp are answered; made once; warm() resolves after', async () => {
    expect(h.app.documentCaches()).toEqual({ fast: { entries: 0, bytes: 0, compiled: 0 }, yoga: { entries: 0, bytes: 0 } });
    // Not ready while a face is still to be made (an orchestrator sends no traffic yet); up all the same.
    const starting = await fetch(`${h.url}/readyz`);
    expect(starting.status).toBe(503);
    expect(await starting.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/^starting/) } });
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
    const { key } = await h.key(10);
    const [a, b, keyless, mcp] = await Promise.all([
      h.gql('{ __typename }', { key }),
      h.gql('query Q { __typename }', { key }),
      h.gql('{ __typename }', { key: null }),
      fetch(`${h.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': key },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
    ]);
    for (const r of [a, b, keyless]) expect(r.body).toEqual({ data: { __typename: 'Query' } });
    expect(mcp.status).toBe(200);
    const listed = (await mcp.json()) as { result: { tools: { name: string }[] } };
    expect(listed.result.tools.length).toBeGreaterThan(10);
    // One face served them all (made once, not once a request): its cache holds both documents.
    expect(h.app.documentCaches().fast.entries).toBe(2);
    const before = h.app.documentCaches();
    // Faces made, but App.warm still compiling discovery's text patterns (the server's own warm,
    // src/discovery/warm-patterns.ts): not ready until it is done.
    const warming = h.app.warm();
    const during = await fetch(`${h.url}/readyz`);
    expect(during.status).toBe(503);
    expect(await during.json()).toMatchObject({ error: { message: expect.stringMatching(/^starting/) } });
    await warming;
    expect(h.app.documentCaches()).toEqual(before);
    expect((await fetch(`${h.url}/readyz`)).status).toBe(200);
  });
});

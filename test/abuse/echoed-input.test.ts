/**
 * Abuse suite: a 400 that quotes the caller's text, over real HTTP against one gateway. A problem is
 * in an answer twice (`message` and `details`), and the text a message quoted was repeated whole:
 * a job body whose `operation` was 15 MB (JOBS_MAX_JSON_BODY_MB is 16) was answered with 30 MB, and
 * a dozen such answers left unread took an `npm start` gateway from 160 to 970 MB of RSS (an attack
 * sweep, s37). The same held for a monitor's `operation`, a GraphQL operationName, a GraphQL
 * variable of the wrong type (graphql-js quotes the value) and an MCP tool's name. Each is now a 400
 * naming the parameter, with at most MAX_MESSAGE_SHOWN characters of each message (the cut marked
 * `…`), nothing run or charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_SHOWN } from '../../src/errors.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call } from '../jobs/helpers.js';
import { mcpPost } from '../support/mcp.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A /v1-looking path of the caller's of n characters (a GraphQL or MCP body is at most 1 MiB). */
const long = (n: number) => `/v1/${'q'.repeat(n)}`;
/** An answer that repeats the caller's text at most a few times MAX_MESSAGE_SHOWN. */
const BOUND = 6 * MAX_MESSAGE_SHOWN;

describe("a 400 quotes at most MAX_MESSAGE_SHOWN characters of the caller's text", () => {
  it('a job (create and estimate) whose operation is 900 KB: 400 naming operation, a short answer, 0 credits', async () => {
    const { key, id } = await h.key(5);
    for (const path of ['/v1/jobs', '/v1/jobs/estimate']) {
      const r = await call(h, 'POST', path, { key, body: { operation: long(900_000), items: [{ handle: 'octo' }] } });
      expect(r.status, path).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(r.body.error.details.map((d: { param: string }) => d.param)).toEqual(['operation']);
      expect(r.body.error.details[0].message).toMatch(/^\/v1\/q+…$/);
      expect(r.text.length, path).toBeLessThan(BOUND);
    }
    expect((await call(h, 'GET', '/v1/jobs', { key })).body.jobs).toEqual([]);
    expect(await h.balance(id)).toBe(5);
  });

  it('a monitor whose operation is 60 KB: 400 naming operation, a short answer, nothing made', async () => {
    const { key, id } = await h.key(5);
    const r = await call(h, 'POST', '/v1/monitors', { key, body: { operation: long(60_000), params: {}, every: '1d' } });
    expect(r.status).toBe(400);
    expect(r.body.error.details.map((d: { param: string }) => d.param)).toEqual(['operation']);
    expect(r.text.length).toBeLessThan(BOUND);
    expect((await call(h, 'GET', '/v1/monitors', { key })).body.monitors).toEqual([]);
    expect(await h.balance(id)).toBe(5);
  });

  it('GraphQL: an operationName of 900 KB, a variable of the wrong type holding 900 KB, a createMonitor operation of 900 KB', async () => {
    const { key, id } = await h.key(5);
    const big = long(900_000);
    const post = async (body: unknown) => {
      const res = await fetch(`${h.url}/graphql`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    };
    const named = await post({ query: '{ __typename }', operationName: big });
    expect(named.status).toBe(400);
    expect(JSON.parse(named.text).errors[0].extensions).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'operationName' }] });
    expect(named.text.length).toBeLessThan(BOUND);

    const variable = await post({ query: 'query($h: String!) { codeUser(handle: $h) { json } }', variables: { h: { [big]: 1 } } });
    expect(variable.status).toBe(400);
    expect(JSON.parse(variable.text).errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(variable.text.length).toBeLessThan(BOUND);

    const monitor = await post({
      query: 'mutation($o: String!) { createMonitor(operation: $o, params: {}, every: "1d") { id } }',
      variables: { o: big },
    });
    expect(JSON.parse(monitor.text).errors[0].extensions).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'operation' }] });
    expect(monitor.text.length).toBeLessThan(BOUND);
    expect(await h.balance(id)).toBe(5);
  });

  it('MCP: a tools/call naming a tool of 900 KB is an Invalid params error of a short answer', async () => {
    const { key, id } = await h.key(5);
    const r = await mcpPost(h.url, key, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: long(900_000), arguments: {} } });
    expect(r.status).toBe(200);
    expect(r.json().error.code).toBe(-32602);
    expect(r.text.length).toBeLessThan(BOUND);
    expect(await h.balance(id)).toBe(5);
  });
});

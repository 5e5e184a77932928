/**
 * Abuse suite: a GraphQL request whose Accept header names no media type yoga's negotiation
 * answers with (text/html on a POST, application/xml, JSON in another charset). Before, yoga ran
 * the operation — the lookup fetched and charged — and only then found no way to write the result:
 * a 406 with an empty body, the credits spent on an answer the client never got. Accept is now
 * disregarded for such a request (RFC 9110 §12.5.1 lets a server do so): the result is sent as
 * application/json, charged what it costs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobService } from '../../src/jobs/service.js';
import { monitorService } from '../../src/monitors/service.js';
import { repoRoute } from '../data.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call, heldRepos, repoUrl, waitFor } from '../jobs/helpers.js';

let h: Harness;
const held = heldRepos('accept-held');
beforeAll(async () => {
  h = await startHarness({
    routes: [repoRoute('accept', 'a'), repoRoute('accept', 'b'), repoRoute('accept', 'c')],
    // A job's item held upstream stays running for the whole test.
    env: { JOBS_MAX_STREAMS_PER_KEY: '2', UPSTREAM_HEADERS_TIMEOUT_MS: '20000', UPSTREAM_TOTAL_TIMEOUT_MS: '20000' },
  });
  h.replay.add(held.route);
});
afterAll(async () => {
  held.releaseAll({ free: true });
  await h?.close();
});

const lookup = (repo: string) => `{ codeRepository(url: "https://github.com/accept/${repo}") { json } }`;

describe('an Accept header naming nothing GraphQL answers with', () => {
  it.each([
    ['POST', 'text/html', 'a'],
    ['POST', 'application/json; charset=iso-8859-1', 'b'],
    ['GET', 'application/xml', 'c'],
  ])('%s with Accept: %s → the result as application/json, charged once', async (method, accept, repo) => {
    const { key, id } = await h.key(5);
    const headers = { 'x-api-key': key, accept, 'content-type': 'application/json' };
    const res =
      method === 'POST'
        ? await fetch(`${h.url}/graphql`, { method, headers, body: JSON.stringify({ query: lookup(repo) }) })
        : await fetch(`${h.url}/graphql?query=${encodeURIComponent(lookup(repo))}`, { headers });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = JSON.parse(text);
    expect(body.errors).toBeUndefined();
    expect(body.data.codeRepository.json.full_name).toBe(`accept/${repo}`);
    expect(body.extensions.credits.charged).toBe(1);
    expect(await h.balance(id)).toBe(4);
  });
});

/**
 * A subscription has no JSON form: under an Accept that names no event stream (application/json,
 * multipart/mixed — yoga streams subscriptions as text/event-stream only) it is 406, as before.
 * But yoga answers so only after the subscription has started: before, its watcher was never
 * ended and its JOBS_MAX_STREAMS_PER_KEY place never given back, so a key that asked twice
 * (an outside attack sweep: 20 times, the default) could never open a stream again until a restart.
 */
describe('a subscription under an Accept it cannot be streamed in', () => {
  const subscribe = (key: string, query: string, accept: string, method: 'GET' | 'POST') => {
    const headers = { 'x-api-key': key, accept, 'content-type': 'application/json' };
    return method === 'POST'
      ? fetch(`${h.url}/graphql`, { method, headers, body: JSON.stringify({ query }) })
      : fetch(`${h.url}/graphql?query=${encodeURIComponent(query)}`, { headers });
  };
  const cases = [
    ['POST', 'application/json'],
    ['POST', 'multipart/mixed'],
    ['GET', 'application/json'],
  ] as const;

  it.each(cases)('monitorRuns, %s with Accept: %s → 406, and the key’s place is free again', async (method, accept) => {
    const { key, id: keyId } = await h.key(5);
    const made = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/code/repository', params: { url: repoUrl('accept', 'a') }, every: '1d' },
    });
    expect(made.status).toBe(201);
    const query = `subscription { monitorRuns(id: "${made.body.monitor.id}") { nextAfter } }`;
    const slots = monitorService(h.deps)!.streams;
    for (let i = 0; i < 3; i++) {
      const res = await subscribe(key, query, accept, method);
      const text = await res.text();
      expect(res.status).toBe(406);
      expect(slots.held(keyId)).toBe(0);
      // A body saying why, with a stable code and the request's id (yoga's own 406 had none).
      expect(JSON.parse(text).errors).toEqual([
        {
          message: 'A subscription is streamed as server-sent events only: ask it with Accept: text/event-stream',
          extensions: { code: 'NOT_ACCEPTABLE', request_id: res.headers.get('x-request-id') },
        },
      ]);
    }
    // A stream it can take is still served (not 429: places were left over).
    const ac = new AbortController();
    const ok = await fetch(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'x-api-key': key, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
      signal: ac.signal,
    });
    expect(ok.status).toBe(200);
    expect(new TextDecoder().decode((await ok.body!.getReader().read()).value)).not.toContain('RATE_LIMITED');
    ac.abort();
    await waitFor(() => slots.held(keyId) === 0, 3_000);
  });

  it.each(cases)('lookupJobProgress of a running job, %s with Accept: %s → 406, and the place is free again', async (method, accept) => {
    const { key, id: keyId } = await h.key(5);
    const made = await call(h, 'POST', '/v1/jobs', {
      key,
      body: { operation: '/v1/code/repository', items: [{ url: repoUrl('accept-held', `${method}-${accept.replace('/', '-')}`) }] },
    });
    expect(made.status).toBe(202);
    const slots = jobService(h.deps)!.streams;
    const query = `subscription { lookupJobProgress(id: "${made.body.job.id}") { id status } }`;
    for (let i = 0; i < 3; i++) {
      const res = await subscribe(key, query, accept, method);
      await res.arrayBuffer();
      expect(res.status).toBe(406);
      // Given back by the time the 406 is answered, the job still running (its item held upstream).
      expect(slots.held(keyId)).toBe(0);
    }
    expect((await call(h, 'GET', `/v1/jobs/${made.body.job.id}`, { key })).body.job.status).toBe('running');
    const events = await fetch(`${h.url}/v1/jobs/${made.body.job.id}/events`, { headers: { 'x-api-key': key } });
    expect(events.status).toBe(200);
    await events.body!.cancel();
    await waitFor(() => slots.held(keyId) === 0, 3_000);
  });
});

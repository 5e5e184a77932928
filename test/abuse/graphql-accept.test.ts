/**
 * Abuse suite: a GraphQL request whose Accept header names no media type yoga's negotiation
 * answers with (text/html on a POST, application/xml, JSON in another charset). Before, yoga ran
 * the operation — the lookup fetched and charged — and only then found no way to write the result:
 * a 406 with an empty body, the credits spent on an answer the client never got. Accept is now
 * disregarded for such a request (RFC 9110 §12.5.1 lets a server do so): the result is sent as
 * application/json, charged what it costs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoute } from '../data.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: [repoRoute('accept', 'a'), repoRoute('accept', 'b'), repoRoute('accept', 'c')] });
});
afterAll(() => h?.close());

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

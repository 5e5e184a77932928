/**
 * Operation limits and error masking.
 */
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { formatError } from '../../src/pipeline/errors.js';
import { silentLogger } from '../../src/log.js';
import { repoRoute } from '../data.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    routes: [
      repoRoute('octo', 'kit'),
      // A description of 5 million characters (within the 8 MiB an upstream answer may take).
      repoRoute('octo', 'huge', { description: 'x'.repeat(5_000_000) }),
    ],
    env: { MAX_DEPTH: '3', MAX_ROOT_FIELDS: '3' },
  });
});
afterAll(() => h.close());

describe('operation limits (configurable)', () => {
  it('an operation deeper than MAX_DEPTH is refused with a clear error and costs nothing', async () => {
    const { key, id } = await h.key(5);
    const ok = await h.gql('{ codeRepository(url: "https://github.com/octo/kit") { owner { login } } }', { key });
    expect(ok.status).toBe(200);
    expect(ok.body.data.codeRepository.owner.login).toBe('octo');
    const deep = await h.gql(
      '{ codeRepository(url: "https://github.com/octo/kit") { owner { login } license { key } } x: codeTrendingDevelopers { developers { popularRepository { name } } } }',
      { key },
    );
    expect(deep.body.errors[0].message).toMatch(/4 levels deep; the maximum is 3/);
    expect(deep.body.data).toBeUndefined();
    expect(await h.balance(id)).toBe(4);
  });

  it('fragments count towards depth and root fields', async () => {
    const { key } = await h.key(5);
    const r = await h.gql(
      'query { ...F } fragment F on Query { a: codeRepository(url: "https://github.com/o/a") { id } b: codeRepository(url: "https://github.com/o/b") { id } c: codeRepository(url: "https://github.com/o/c") { id } d: codeRepository(url: "https://github.com/o/d") { id } }',
      { key },
    );
    expect(r.body.errors[0].message).toMatch(/at most 3 root fields \(got 4\)/);
    expect(h.replay.hits({ path: /^\/repos\/o\// })).toHaveLength(0);
  });
});

describe('a record of more JSON than MAX_RECORD_JSON_CHARS (4 MiB)', () => {
  it('is no answer: 502 UPSTREAM_FAILED at 0 credits, never cached (each cache hit of it once read, parsed and wrote it anew at 0 credits)', async () => {
    const { key, id } = await h.key(5);
    const path = `/v1/code/repository?url=${encodeURIComponent('https://github.com/octo/huge')}&cache_max_age=7d`;
    for (let i = 1; i <= 2; i++) {
      const r = await h.rest(path, { key });
      expect(r.status).toBe(502);
      expect(r.body.error).toMatchObject({
        code: 'UPSTREAM_FAILED',
        message: expect.stringContaining('more than the 4 MiB a record may take'),
      });
      // Not cached: the second request went upstream again.
      expect(h.replay.hits({ path: '/repos/octo/huge' })).toHaveLength(i);
    }
    const gql = await h.gql('{ codeRepository(url: "https://github.com/octo/huge") { description } }', { key });
    expect(gql.body.errors[0].extensions.code).toBe('UPSTREAM_FAILED');
    expect(await h.balance(id)).toBe(5);
  });
});

describe('error masking', () => {
  it('expected errors keep code and message; anything else is masked as INTERNAL', () => {
    const deps = silentLogger;
    const expected = formatError(
      new GraphQLError('wrapped', { originalError: new ApiError('NOT_FOUND', 'Repository x/y was not found') }),
      deps,
    );
    expect(expected.message).toBe('Repository x/y was not found');
    expect(expected.extensions.code).toBe('NOT_FOUND');
    const bug = formatError(
      new GraphQLError('wrapped', { originalError: new TypeError("Cannot read properties of undefined (reading 'secret')") }),
      deps,
    );
    expect(bug.message).toBe('Unexpected error.');
    expect(bug.extensions.code).toBe('INTERNAL');
    expect(JSON.stringify(bug)).not.toContain('secret');
  });
});

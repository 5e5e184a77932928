/**
 * GraphQL face of jobs: createLookupJob (the mutation is admitted like every request: before
 * this change a mutation ran without a key check) and lookupJob(id) with results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { anyRepo, repoUrl, waitFinal } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.replay.add(anyRepo());
});
afterAll(() => h.close());

const CREATE = `mutation($items: [JSON!]!, $key: String) {
  createLookupJob(operation: "/v1/code/repository", items: $items, idempotencyKey: $key, maxCredits: 10) { id status items maxCredits counts { done } }
}`;

describe('GraphQL jobs', () => {
  it('a mutation needs a key (401), and another key cannot see the job (null)', async () => {
    const none = await h.gql(CREATE, { variables: { items: [{ url: repoUrl('gql', 'a') }] } });
    expect(none.status).toBe(401);
    expect(none.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    const bad = await h.gql(CREATE, { key: 'cl_unknown', variables: { items: [{ url: repoUrl('gql', 'a') }] } });
    expect(bad.status).toBe(401);
  });

  it('createLookupJob → lookupJob with results; invalid items are INVALID_INPUT naming item and parameter', async () => {
    const { key, id: keyId } = await h.key(10);
    const made = await h.gql(CREATE, {
      key,
      variables: { items: [{ url: repoUrl('gql', 'a') }, { url: repoUrl('gql', 'b') }], key: 'g1' },
    });
    expect(made.body.errors).toBeUndefined();
    const job = made.body.data.createLookupJob;
    expect(job).toMatchObject({ items: 2, maxCredits: 10 });
    const again = await h.gql(CREATE, {
      key,
      variables: { items: [{ url: repoUrl('gql', 'a') }, { url: repoUrl('gql', 'b') }], key: 'g1' },
    });
    expect(again.body.data.createLookupJob.id).toBe(job.id);
    await waitFinal(h, key, job.id);
    const q = `query($id: String!) { lookupJob(id: $id) { status creditsCharged counts { done ok } results(after: 0) { index status code creditsCharged cached input body } } }`;
    const got = await h.gql(q, { key, variables: { id: job.id } });
    expect(got.body.data.lookupJob).toMatchObject({ status: 'completed', creditsCharged: 2, counts: { done: 2, ok: 2 } });
    expect(got.body.data.lookupJob.results).toEqual([
      {
        index: 1,
        status: 200,
        code: null,
        creditsCharged: 1,
        cached: false,
        input: { url: repoUrl('gql', 'b') },
        body: expect.objectContaining({ success: true, repository: expect.objectContaining({ full_name: 'gql/b' }) }),
      },
    ]);
    expect(got.body.extensions.credits.charged).toBe(0);
    expect(await h.balance(keyId)).toBe(8);
    const other = await h.key(5);
    expect((await h.gql(q, { key: other.key, variables: { id: job.id } })).body.data.lookupJob).toBeNull();

    const invalid = await h.gql(CREATE, { key, variables: { items: [{ url: repoUrl('gql', 'c') }, { url: 'nope' }] } });
    expect(invalid.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(invalid.body.errors[0].extensions.details).toEqual([{ param: 'items[1].url', message: expect.any(String) }]);
  });
});

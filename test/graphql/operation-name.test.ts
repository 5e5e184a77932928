/**
 * A document of several operations runs the one `operationName` names. Without a name, or with a
 * name the document does not define, the answer says which operations it defines and what to send:
 * 400 INVALID_INPUT naming `operationName` (docs/behaviour.md's codes), on POST and GET alike.
 * Before, it was yoga's "Could not determine what operation to execute." under a code of its own
 * (OPERATION_RESOLUTION_FAILURE) that no document lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness({ routes: [] });
  key = (await h.key(10)).key;
});
afterAll(async () => {
  await h.close();
});

const TWO = 'query Balance { me { balance } } query Name { me { name } }';

interface Answer {
  status: number;
  body: { data?: unknown; errors?: { message: string; extensions: { code: string; details?: { param: string; message: string }[] } }[] };
}

async function post(body: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${h.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

async function get(params: Record<string, string>): Promise<Answer> {
  const res = await fetch(`${h.url}/graphql?${new URLSearchParams(params).toString()}`, {
    headers: { 'x-api-key': key, accept: 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

describe('which operation of a document runs', () => {
  it('the one operationName names', async () => {
    const a = await post({ query: TWO, operationName: 'Name' });
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({ me: { name: expect.any(String) } });
  });

  it('none named, of several: 400 INVALID_INPUT naming operationName and the operations defined', async () => {
    for (const a of [await post({ query: TWO }), await get({ query: TWO })]) {
      expect(a.status).toBe(400);
      expect(a.body.data).toBeUndefined();
      const [error] = a.body.errors!;
      expect(error.extensions.code).toBe('INVALID_INPUT');
      expect(error.extensions.details).toEqual([{ param: 'operationName', message: expect.stringMatching(/Balance, Name/) }]);
    }
  });

  it('a name the document does not define: 400 INVALID_INPUT naming it and the operations defined', async () => {
    for (const a of [await post({ query: TWO, operationName: 'Nmae' }), await get({ query: TWO, operationName: 'Nmae' })]) {
      expect(a.status).toBe(400);
      const [error] = a.body.errors!;
      expect(error.extensions.code).toBe('INVALID_INPUT');
      expect(error.extensions.details).toEqual([{ param: 'operationName', message: expect.stringMatching(/"Nmae".*Balance, Name/) }]);
    }
  });

  it('a document of fragments only, by GET (POST answers it as an invalid document): 400 INVALID_INPUT naming query', async () => {
    const a = await get({ query: 'fragment F on Query { __typename }' });
    expect(a.status).toBe(400);
    expect(a.body.errors![0].extensions).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'query' }] });
  });
});

/**
 * Abuse suite: text of characters outside the Basic Multilingual Plane (emoji), each two UTF-16
 * code units. An operation's own `check` leaves a value longer than its `maxLength` to the length
 * rule (`args.handle.length > 100` → "the length rule reports it"), and that rule must count the
 * same way: counting code points, 100 emoji (200 code units) passed both, nothing reported them,
 * and the operation ran on a value its check never looked at — microblog-c's profile and
 * social-b's posts answered 500 INTERNAL (the handle normalised to null, a cursor never decoded);
 * social-b's, microblog-b's and shortvideo's profiles fetched the account named "null" upstream
 * (an attack sweep). Each must be a 400 naming the parameter: nothing fetched, 0 credits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
const logs = captureLogs();
beforeAll(async () => {
  h = await startHarness({ routes: [], logger: logs.logger });
});
afterAll(async () => {
  await h?.close();
});

const emoji = (n: number) => '\u{1F600}'.repeat(n);
const q = encodeURIComponent;

/** Each: a /v1 path whose `param` holds emoji within its maxLength counted as code points, over it as UTF-16. */
const CASES: { path: string; param: string }[] = [
  { path: `/v1/microblog-c/profile?handle=${q(emoji(60))}`, param: 'handle' },
  { path: `/v1/social-b/profile?handle=${q(emoji(100))}`, param: 'handle' },
  { path: `/v1/microblog-b/profile?handle=${q(emoji(60))}`, param: 'handle' },
  { path: `/v1/shortvideo/profile?handle=${q(emoji(90))}`, param: 'handle' },
  { path: `/v1/social-b/posts?handle=tala.draws&cursor=${q(emoji(1000))}`, param: 'cursor' },
  { path: `/v1/microblog-a/posts?handle=harbourweather&cursor=${q(emoji(500))}`, param: 'cursor' },
];

describe('a value of emoji over its maxLength in UTF-16 code units, within it in code points', () => {
  it('REST: 400 INVALID_INPUT naming the parameter, nothing fetched, 0 credits, no bug logged', async () => {
    const { key, id } = await h.key(5);
    for (const c of CASES) {
      const r = await h.rest(c.path, { key });
      expect({ path: c.path.slice(0, 40), status: r.status, code: r.body.error?.code }).toEqual({
        path: c.path.slice(0, 40),
        status: 400,
        code: 'INVALID_INPUT',
      });
      expect(r.body.error.details.map((d: { param: string }) => d.param)).toContain(c.param);
    }
    expect(h.replay.hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(5);
    expect(logs.lines().filter((l) => (l.level as number) >= 50)).toEqual([]);
  });

  it('GraphQL (a body can carry what a URL cannot): a video cursor of 3,000 emoji is INVALID_INPUT, 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.gql('query($c: String) { videoVideos(handle: "tala", cursor: $c) { __typename } }', {
      key,
      variables: { c: emoji(3000) },
    });
    expect(r.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'cursor' }] });
    expect(h.replay.hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(5);
  });
});

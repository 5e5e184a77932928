/**
 * linkpage-c's identity check where the talent answer is read (fetch.ts): every username the
 * answer states must be the asked one, and it must state one. The answers are our own
 * (samples.ts talentBody: invented names and ids; no capture of Komi's API exists).
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { fetchKomiPage } from './fetch.js';
import { modulesBody, talentBody } from './samples.js';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** A Komi upstream answering the talent request with `talent` and the modules request with the sample's modules. */
const komi = (talent: unknown) =>
  fakeContext((req) => ({ headers: JSON_TYPE, body: JSON.stringify(req.url.includes('/modules') ? modulesBody() : talent) }));

/** `talentBody(username)` without the account's `username` (and with `profile` set on its talentProfile). */
function unnamedTalent(profile: Record<string, unknown> = {}): Record<string, unknown> {
  const { username: _dropped, ...account } = talentBody('nightowl', profile);
  return account;
}

describe('linkpage-c: the talent answered is the one asked', () => {
  it('the asked talent (its username in another case) is read', async () => {
    await expect(fetchKomiPage(komi(talentBody('NightOwl')), { username: 'nightowl' })).resolves.toMatchObject({ username: 'NightOwl' });
  });

  it('a talent naming no username is not stamped with the asked one: UPSTREAM_FAILED, its modules never asked for', async () => {
    const ctx = komi(unnamedTalent());
    await expect(fetchKomiPage(ctx, { username: 'nightowl' })).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/names no username/),
    });
    expect(ctx.requests).toHaveLength(1);
  });

  it("a talent whose profile names another username than its account's is another talent's: UPSTREAM_FAILED", async () => {
    const mixed = komi(talentBody('nightowl', { username: 'dayhawk' }));
    await expect(fetchKomiPage(mixed, { username: 'nightowl' })).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/different resource/),
    });
    // The profile alone naming the asked talent (the account's username left out) is the asked one.
    await expect(fetchKomiPage(komi(unnamedTalent({ username: 'nightowl' })), { username: 'nightowl' })).resolves.toMatchObject({
      username: 'nightowl',
    });
  });
});

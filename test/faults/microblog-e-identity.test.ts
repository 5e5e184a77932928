/**
 * A Mastodon server a key names answers the account asked for with another account's `url` /
 * `uri` (another server's, another user's) or with its `acct` spelt otherwise (a trailing space):
 * never data — 502 UPSTREAM_FAILED, 0 credits (an outside sweep: served as the asked account,
 * charged 1). src/platforms/microblog-e/fetch.ts fetchProfile.
 */
import { describe, it } from 'vitest';
import { mastodonAccountBody } from '../../src/platforms/microblog-e/samples.js';
import { expectLive, expectTypedError, useFaultGateway } from './lib.js';

const INSTANCE = 'evil-instance.example';

describe('microblog-e: an account answered with another identity', () => {
  const suite = useFaultGateway({ credits: 20 });

  it.each([
    ['another server’s account in url and uri', { url: 'https://mastodon.social/@Gargron', uri: 'https://mastodon.social/users/Gargron' }],
    ['another user of the server in uri', { uri: `https://${INSTANCE}/users/bob` }],
    ['acct with a trailing space', { acct: 'alice ' }],
  ])('%s → 502 UPSTREAM_FAILED, 0 credits', async (_what, change) => {
    const { gw, acc } = suite;
    const body = { ...mastodonAccountBody({ user: 'alice', instance: INSTANCE, displayName: 'Alice' }), ...change };
    gw.h.replay.add({
      host: INSTANCE,
      path: '/api/v1/accounts/lookup',
      response: { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    });
    const r = await gw.rest(`/v1/microblog-e/profile?handle=${encodeURIComponent(`@alice@${INSTANCE}`)}`, acc.key);
    acc.charge(r);
    expectTypedError(r, 502, 'UPSTREAM_FAILED');
  });

  it('the account itself, url and uri as Mastodon forms them → 200, 1 credit', async () => {
    const { gw, acc } = suite;
    const body = mastodonAccountBody({ user: 'alice', instance: INSTANCE, displayName: 'Alice' });
    gw.h.replay.add({
      host: INSTANCE,
      path: '/api/v1/accounts/lookup',
      response: { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    });
    const r = await gw.rest(`/v1/microblog-e/profile?handle=${encodeURIComponent(`@alice@${INSTANCE}`)}`, acc.key);
    acc.charge(r);
    expectLive(r);
  });
});

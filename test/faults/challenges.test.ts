/**
 * Bot challenges and block pages of several platforms through the gateway, REST and GraphQL:
 * each is 502 UPSTREAM_BLOCKED (never parsed as data, never a 200), costs 0 credits, returns in
 * bounded time, is retried at most as the retry policy allows, and leaves no exchange, socket
 * or reservation open.
 *
 * The pages are our own, written from what is publicly known of each interstitial (the markers
 * the platform modules look for: Cloudflare's "Just a moment..." managed challenge with
 * `window._cf_chl_opt` and `cf-mitigated: challenge`, its "Attention Required!" block page,
 * DataDome's captcha-delivery.com loader, Google's /sorry/ "unusual traffic" reCAPTCHA reached by
 * redirect, Amazon's robot check form posting to /errors/validateCaptcha and its throttling "dog"
 * page, GitHub's secondary rate limit). The platform suites test their own detection on single
 * requests; this file checks the fault-suite guarantees across platforms, including challenges
 * behind redirects and challenges served with retryable statuses.
 */
import { describe, expect, it } from 'vitest';
import { repoJson } from '../data.js';
import { expectTypedError, useFaultGateway } from './lib.js';
import type { Call } from './lib.js';
import { CHALLENGES, GITHUB_SECONDARY_LIMIT, OPS } from './pages.js';

describe('challenge and block pages → 502 UPSTREAM_BLOCKED (REST and GraphQL)', () => {
  const t = useFaultGateway({ credits: 100 });
  let n = 0;

  it.each(CHALLENGES)('$name', async ({ op, routes, hits, message }) => {
    for (const r of routes) t.gw.h.replay.add(r);
    const id = ++n;
    const calls: Call[] = await Promise.all([t.gw.rest(op.rest(`c${id}rest`), t.acc.key), t.gw.gql(op.gql(`c${id}gql`), t.acc.key)]);
    t.acc.charge(...calls);
    for (const c of calls) {
      expectTypedError(c, 502, 'UPSTREAM_BLOCKED');
      expect(c.via === 'rest' ? c.body.error.message : c.body.errors[0].message).toMatch(message);
      expect(c.ms).toBeLessThan(8_000);
    }
    // Both requests together; nothing fetched beyond the retry and redirect policy.
    expect(t.gw.h.replay.hits()).toHaveLength(2 * hits);
  });

  it('a challenge is never cached: once the block lifts, the same page is fetched live', async () => {
    t.gw.h.replay.add({
      host: 'api.github.com',
      path: /^\/repos\//,
      response: { status: 403, headers: { 'content-type': 'application/json; charset=utf-8' }, body: GITHUB_SECONDARY_LIMIT },
    });
    const blocked = await t.gw.rest(`${OPS.github.rest('lifted')}&cache_max_age=30d`, t.acc.key);
    expectTypedError(blocked, 502, 'UPSTREAM_BLOCKED');
    t.gw.h.replay.reset();
    t.gw.h.replay.add({
      host: 'api.github.com',
      path: /^\/repos\//,
      response: { headers: { 'content-type': 'application/json' }, body: repoJson('faults', 'lifted') },
    });
    const live = await t.gw.gql('{ codeRepository(url: "https://github.com/faults/lifted", cacheMaxAge: "30d") { fullName } }', t.acc.key);
    expect(live.body.data.codeRepository.fullName).toBe('faults/lifted');
    expect(live.body.extensions.credits.fields[0]).toMatchObject({ charged: 1, cached: false });
    t.acc.charge(blocked, live);
  });
});

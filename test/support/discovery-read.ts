/**
 * Creator discovery's read of one profile through a harness gateway's own dependencies (its
 * result cache and single-flight), as a lookup makes it (src/discovery/profiles.ts
 * `fetchProfileView` over a LookupFetcher), and the check that such a read and a REST call of the
 * platform's profile operation share one fetch: a reader that reads through its operation
 * (ProfileReader.operation) makes one upstream request for both, in either order.
 */
import { expect, vi } from 'vitest';
import { LookupFetcher } from '../../src/discovery/fetcher.js';
import { fetchProfileView } from '../../src/discovery/profiles.js';
import type { ProfileView } from '../../src/platforms/reader.js';
import type { Harness } from '../harness.js';

/** One discovery read of `platform`/`handle` (the reader's canonical handle) through the gateway's deps. */
export function discoveryRead(h: Harness, platform: string, handle: string): Promise<ProfileView> {
  const { upstream, config, cache } = h.deps;
  const f = new LookupFetcher({ upstream, config, cache, deps: h.deps }, new AbortController().signal);
  return fetchProfileView(f, platform, handle, { required: true });
}

/**
 * Discovery first (its cache reading off, so it fetches live and writes the operation's entry),
 * then the REST call with `cache_max_age` — one request; then a live REST call and a discovery
 * read served from the entry it wrote — one more. `hits()` counts the profile's upstream
 * requests; `restPath(extra)` is the profile route for the account with `extra` appended. Returns
 * the discovery view.
 */
export async function expectOneFetchForBoth(
  h: Harness,
  a: { platform: string; handle: string; restPath: (extra: string) => string; hits: () => number },
): Promise<ProfileView> {
  const { key } = await h.key(5);
  const before = a.hits();
  vi.stubEnv('DISCOVERY_SUBFETCH_MAX_AGE_MS', '0');
  let view: ProfileView;
  try {
    view = await discoveryRead(h, a.platform, a.handle);
  } finally {
    vi.unstubAllEnvs();
  }
  expect(a.hits()).toBe(before + 1);
  const cached = await h.rest(a.restPath('&cache_max_age=1d'), { key });
  expect(cached.body).toMatchObject({ success: true, cached: true, credits_charged: 0 });
  expect(a.hits()).toBe(before + 1);

  const live = await h.rest(a.restPath(''), { key });
  expect(live.body).toMatchObject({ success: true, credits_charged: 1 });
  expect(a.hits()).toBe(before + 2);
  expect(await discoveryRead(h, a.platform, a.handle)).toEqual(view);
  expect(a.hits()).toBe(before + 2);
  return view;
}

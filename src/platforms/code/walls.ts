/**
 * GitHub's walls, recognised by the upstream client on every answer (src/upstream/blocks): the
 * API's primary rate limit (403 or 429 with `x-ratelimit-remaining: 0`, as recorded in
 * ../shared/fixtures/blocks/code/api-github-rate-limit-403-2013.json) and its secondary rate
 * limit (a 403 with Retry-After, or a body whose `documentation_url` points at the rate-limit
 * docs). A 403 for anything else (a repository blocked for legal reasons) is not a wall, and a bare
 * 429 is left to the retry policy (a short Retry-After is waited for) and then to its status.
 */
import type { WallRule } from '../../upstream/blocks/catalogue.js';

export const githubRateLimit: WallRule = {
  name: 'rate-limit',
  what: "GitHub's API rate limit (set GITHUB_TOKEN for a higher limit)",
  test(a) {
    if (a.status !== 403 && a.status !== 429) return false;
    if (a.headers['x-ratelimit-remaining'] === '0' || (a.status === 403 && a.headers['retry-after'] !== undefined)) return true;
    const doc = (a.json() as { documentation_url?: unknown } | undefined)?.documentation_url;
    return typeof doc === 'string' && /rate-limit|#abuse-rate-limits|#secondary-rate-limits/i.test(doc);
  },
};

export const walls: readonly WallRule[] = [githubRateLimit];

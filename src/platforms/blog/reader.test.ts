/**
 * blog's profile reader (the posts page with the blog embedded). The first case is the real
 * capture (../shared/fixtures/blog/blog-posts-npf-staff-2020-05.json); the description-links case
 * is our own answer (samples.ts).
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture } from '../../../test/support/fixtures.js';
import { readProfile } from '../reader.js';
import { reader } from './reader.js';
import { tumblrPostsBody } from './samples.js';

const LABEL = 'blog';
const serving = (body: unknown, env: Record<string, string> = { TUMBLR_API_KEY: 'tumblr-test-key' }) =>
  fakeContext(() => ({ body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } }), {
    env,
  });

describe.skipIf(!hasFixtures(LABEL))('blog reader (capture)', () => {
  it('the blog embedded in the posts as a view', async () => {
    const ctx = serving(readFixture(LABEL, 'blog-posts-npf-staff-2020-05.json').replace(/^\uFEFF/, ''));
    const v = await readProfile(reader, ctx, 'staff');
    expect(ctx.requests[0].url).toMatch(/^https:\/\/api\.tumblr\.com\/v2\/blog\/staff\.tumblr\.com\/posts\?/);
    expect(v).toMatchObject({ platform: 'blog', handle: 'staff', url: 'https://staff.tumblr.com' });
  });
});

describe('blog reader (own answers)', () => {
  it('the description’s links; reads only with TUMBLR_API_KEY, never probed', async () => {
    const body = tumblrPostsBody({ name: 'mirasol', title: 'Mira Sol', description: 'art by <a href="https://mirasol.studio/">Mira</a>' });
    const v = await readProfile(reader, serving(body), 'mirasol');
    expect(v).toMatchObject({ displayName: 'Mira Sol', links: ['https://mirasol.studio/'] });
    expect(reader.enabled!({ tumblrApiKey: null } as never)).toBe(false);
    expect(reader.enabled!({ tumblrApiKey: 'k' } as never)).toBe(true);
    expect(reader.probes({} as never)).toBe(false);
  });
});

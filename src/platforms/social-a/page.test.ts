/**
 * The profile reader's page (page.ts) is about the page asked for, or UPSTREAM_FAILED
 * (identity.ts): its vanity (og:url) against a name, its id (al:android:url) against a numeric
 * handle; Facebook's own redirect from the asked name to a renamed page is that page. The pages
 * are our own, minimal, inline.
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { fetchSocialAPage } from './page.js';

const page = (vanity: string, id: string) =>
  `<!DOCTYPE html><html><head><meta property="og:title" content="${vanity}" /><meta property="og:url" content="https://www.facebook.com/${vanity}" />` +
  `<meta property="al:android:url" content="fb://page/${id}" /></head><body></body></html>`;

describe('fetchSocialAPage: the page asked for, or UPSTREAM_FAILED', () => {
  it('another page (its og:url vanity) for a name → UPSTREAM_FAILED', async () => {
    const ctx = fakeContext(() => ({ body: page('someone.else', '100070000000009') }));
    await expect(fetchSocialAPage(ctx, 'harbourhall')).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/different resource/),
    });
  });

  it('another page (its id) for a numeric handle → UPSTREAM_FAILED', async () => {
    const ctx = fakeContext(() => ({ body: page('harbourhall', '100070000000009') }));
    await expect(fetchSocialAPage(ctx, '100070000000001')).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
  });

  it('the same page in other case is data; a redirect from the asked name to the renamed page is that page', async () => {
    expect(
      (
        await fetchSocialAPage(
          fakeContext(() => ({ body: page('HarbourHall', '100070000000001') })),
          'harbourhall',
        )
      ).vanity,
    ).toBe('HarbourHall');
    const renamed = fakeContext(() => ({
      body: page('harbourhall.live', '100070000000001'),
      url: 'https://www.facebook.com/harbourhall.live',
    }));
    expect((await fetchSocialAPage(renamed, 'harbourhall')).vanity).toBe('harbourhall.live');
  });
});

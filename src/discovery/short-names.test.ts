/**
 * A creator whose first name has under four letters ("Lea"): a website link named by it is the
 * creator's own, as a longer first name is. Our own small written web (sample-web.ts), not a
 * capture (web Q's finding 7: "Lea" was dropped from the creator's names).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceRef, webContext } from '../../test/support/discovery-context.js';
import { runDiscovery } from './pipeline.js';
import { DiscoveryWeb, sitePage } from './sample-web.js';

const SITE = 'https://leabackt.example.de';

beforeEach(() => {
  process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '0';
  process.env.DISCOVERY_WEBSEARCH = 'off';
});
afterEach(() => {
  delete process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS;
  delete process.env.DISCOVERY_WEBSEARCH;
});

describe('a short first name', () => {
  it("a website link whose text is the creator's three-letter first name presents the account as its own", async () => {
    const w = new DiscoveryWeb();
    w.ig.set('leabackt', { username: 'leabackt', fullName: 'Lea', bio: 'Kuchen', externalUrl: `${SITE}/`, bioLinks: [`${SITE}/`] });
    w.page(`${SITE}/`, sitePage('Backen', '<p>Folgt mir: <a href="https://www.tiktok.com/@kuchen.zeit">Lea</a></p>'));
    w.tiktok.set('kuchen.zeit', { handle: 'kuchen.zeit', nickname: 'Kuchenzeit', signature: 'Rezepte' });
    const { ctx } = webContext(w, {});
    const out = await runDiscovery(ctx, 'social-b', sourceRef('leabackt'), { emails: false, internal: null });
    const tt = out.profiles.find((p) => p.handle === 'kuchen.zeit');
    expect(tt?.evidence).toContain('website_link');
  });
});

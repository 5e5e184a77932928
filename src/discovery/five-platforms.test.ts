/**
 * Discovery on the five platforms of issue 35 (Bluesky, Mastodon-compatible servers, Kick,
 * Substack, Tumblr), end to end through the pipeline on a small written web (sample-web.ts with
 * each folder's samples.ts; not captures — the readers' capture tests are in their folders):
 * which links are read, which are probed, what each read account contributes (addresses), and the
 * two identity proofs (`domain_handle`, `verified_field_link`) next to their look-alikes that prove
 * nothing (a domain handle that does not answer the DID, a field the server did not verify).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceRef, webContext } from '../../test/support/discovery-context.js';
import { samplePlcDid } from '../platforms/microblog-d/samples.js';
import { runDiscovery } from './pipeline.js';
import { DiscoveryWeb, sitePage } from './sample-web.js';

const SITE = 'https://mirasol.studio';
const TEXT = { 'content-type': 'text/plain; charset=utf-8' };

const ref = (handle: string) => sourceRef(handle);

/** Mira Sol: Instagram → her website, Kick, Substack and Tumblr; the website links her Mastodon and Bluesky (domain handle). */
function web(): DiscoveryWeb {
  const w = new DiscoveryWeb();
  w.ig.set('mirasol', {
    username: 'mirasol',
    fullName: 'Mira Sol',
    bio: 'painter',
    externalUrl: `${SITE}/`,
    bioLinks: [`${SITE}/`, 'https://kick.com/mirasol', 'https://mirasol.substack.com/', 'https://mirasol.tumblr.com/'],
  });
  w.page(
    `${SITE}/`,
    sitePage(
      'Mira Sol',
      '<a href="https://mastodon.art/@mirasol" rel="me">Mastodon</a> <a href="https://bsky.app/profile/mirasol.studio">Bluesky</a>',
    ),
  );
  w.kick.set('mirasol', { slug: 'mirasol', bio: 'live painting — business: kick@mirasol.studio', instagram: 'mirasol' });
  w.substack.set('mirasol', { handle: 'mirasol', name: 'Mira Sol', bio: 'letters: letters@mirasol.studio', links: [`${SITE}/`] });
  w.tumblr.set('mirasol', { name: 'mirasol', title: 'Mira Sol', description: '<a href="https://www.instagram.com/mirasol/">IG</a>' });
  // Her Mastodon account: its link to her website is verified by the server; the site links it back.
  w.mastodon.set('mirasol@mastodon.art', {
    user: 'mirasol',
    instance: 'mastodon.art',
    displayName: 'Mira Sol',
    fields: [{ name: 'Web', url: `${SITE}/`, verified: true }],
  });
  // Her Bluesky account with her website as its handle, proven by the website's atproto-did.
  const did = samplePlcDid('mirasolstudio');
  w.bluesky.set('mirasol.studio', { handle: 'mirasol.studio', did, displayName: 'Mira Sol' });
  w.page(`${SITE}/.well-known/atproto-did`, did, { headers: TEXT });
  return w;
}

beforeEach(() => {
  process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '0';
  process.env.DISCOVERY_WEBSEARCH = 'off';
});
afterEach(() => {
  delete process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS;
  delete process.env.DISCOVERY_WEBSEARCH;
});

async function lookup(w: DiscoveryWeb, env: Record<string, string> = {}) {
  const { ctx } = webContext(w, {}, { env });
  const out = await runDiscovery(ctx, 'social-b', ref('mirasol'), { emails: true, internal: null });
  return { out, requests: ctx.requests.map((r) => r.url) };
}

const profile = (out: { profiles: { platform: string; handle: string; evidence: string[]; confidence: number }[] }, platform: string) =>
  out.profiles.find((p) => p.platform === platform);

describe('discovery on the five platforms of issue 35', () => {
  it('links to Kick, Substack and Tumblr are classified by label and read (Tumblr with its key); every read account is scanned for addresses', async () => {
    const { out, requests } = await lookup(web(), { TUMBLR_API_KEY: 'tumblr-test-key' });
    expect(profile(out, 'livestream')).toMatchObject({ handle: 'mirasol', evidence: expect.arrayContaining(['verified_profile_link']) });
    expect(profile(out, 'newsletter')).toMatchObject({ handle: 'mirasol' });
    expect(profile(out, 'blog')).toMatchObject({ handle: 'mirasol' });
    expect(requests).toContain('https://kick.com/api/v2/channels/mirasol');
    expect(requests).toContain('https://substack.com/api/v1/user/mirasol/public_profile');
    expect(requests.some((u) => u.startsWith('https://api.tumblr.com/v2/blog/mirasol.tumblr.com/posts'))).toBe(true);
    const emails = out.emails.map((e) => e.email);
    expect(emails).toEqual(expect.arrayContaining(['kick@mirasol.studio', 'letters@mirasol.studio']));
  });

  it('without TUMBLR_API_KEY a Tumblr link is returned on its link’s evidence and never read (and the scan is not called limited for it)', async () => {
    const { out, requests } = await lookup(web());
    expect(profile(out, 'blog')).toMatchObject({ handle: 'mirasol', evidence: expect.arrayContaining(['verified_profile_link']) });
    expect(requests.some((u) => u.includes('api.tumblr.com'))).toBe(false);
    expect(out.scan.email_scan_limited).toBe(false);
    expect(out.diagnostics.partial).toBe(false);
  });

  it('same-handle probes: Bluesky as <handle>.bsky.social and Substack; never Mastodon, Kick or Tumblr', async () => {
    const w = web();
    // Nothing of hers links any of the five: what is read of them is probed.
    w.ig.get('mirasol')!.bioLinks = [`${SITE}/`];
    w.page(`${SITE}/`, sitePage('Mira Sol', '<p>paintings</p>'));
    const { requests } = await lookup(w, { TUMBLR_API_KEY: 'tumblr-test-key' });
    expect(requests).toContain('https://public.api.bsky.app/xrpc/app.bsky.actor.getProfile?actor=mirasol.bsky.social');
    expect(requests).toContain('https://substack.com/api/v1/user/mirasol/public_profile');
    expect(requests.some((u) => u.startsWith('https://kick.com/'))).toBe(false);
    expect(requests.some((u) => u.includes('api.tumblr.com'))).toBe(false);
    expect(requests.some((u) => u.includes('/api/v1/accounts/lookup') && !u.startsWith('https://truthsocial.com/'))).toBe(false);
  });

  it('a Mastodon link on any host is the account once that server answers; its verified field to the creator’s website is verified_field_link', async () => {
    const { out, requests } = await lookup(web());
    expect(requests).toContain('https://mastodon.art/api/v1/accounts/lookup?acct=mirasol');
    const m = profile(out, 'microblog-e');
    expect(m).toMatchObject({ handle: 'mirasol@mastodon.art', url: 'https://mastodon.art/@mirasol' });
    expect(m!.evidence).toContain('verified_field_link');
    expect(m!.confidence).toBeGreaterThanOrEqual(0.95);
  });

  it('an unverified field proves nothing: the same account without verified_at is only tied by the website’s link', async () => {
    const w = web();
    w.mastodon.get('mirasol@mastodon.art')!.fields = [{ name: 'Web', url: `${SITE}/` }];
    const m = profile((await lookup(w)).out, 'microblog-e');
    expect(m!.evidence).not.toContain('verified_field_link');
  });

  it('a /@user link on a host that is no Mastodon server is never listed as a microblog-e account', async () => {
    const w = web();
    w.page(`${SITE}/`, sitePage('Mira Sol', '<a href="https://notmastodon.example/@mirasol">me elsewhere</a>'));
    const { out, requests } = await lookup(w);
    expect(requests).toContain('https://notmastodon.example/api/v1/accounts/lookup?acct=mirasol');
    expect(profile(out, 'microblog-e')).toBeUndefined();
    expect(out.diagnostics.partial).toBe(false);
  });

  it('a Bluesky domain handle whose /.well-known/atproto-did answers the DID, the domain being the creator’s website: domain_handle', async () => {
    const { out, requests } = await lookup(web());
    expect(requests).toContain(`${SITE}/.well-known/atproto-did`);
    const b = profile(out, 'microblog-d');
    expect(b).toMatchObject({ handle: 'mirasol.studio', url: 'https://bsky.app/profile/mirasol.studio' });
    expect(b!.evidence).toContain('domain_handle');
  });

  it('a domain handle that does not answer the DID (another DID, or nothing) is no proof', async () => {
    for (const answer of [samplePlcDid('someoneelse'), null]) {
      const w = web();
      if (answer) w.page(`${SITE}/.well-known/atproto-did`, answer, { headers: TEXT });
      else w.pages.delete('mirasol.studio/.well-known/atproto-did');
      const b = profile((await lookup(w)).out, 'microblog-d');
      expect(b?.evidence ?? []).not.toContain('domain_handle');
    }
  });
});

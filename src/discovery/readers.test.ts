/**
 * Discovery over every reader the registry has (src/platforms/<label>/reader.ts): the same
 * rules on every platform — same-handle probes where the platform's rules admit the handle and
 * its quota allows, verification by evidence only, addresses scanned on every verified account
 * and on the websites it declares, an exhausted quota partial and never fatal. A small creator
 * web answered in process (src/discovery/sample-web.ts); every name and address is invented.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allReaders, platforms } from '../platforms/registry.js';
import { runDiscovery, sameHandlePlatforms } from './pipeline.js';
import { readerAccount, readers } from './profiles.js';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { sourceRef, webContext } from '../../test/support/discovery-context.js';

const SITE = 'https://owlstudio.co.uk';
const IG_URL = 'https://www.instagram.com/owlstudio/';

const ref = (handle: string) => sourceRef(handle);

/** The creator: Instagram links its website and a SoundCloud account; the same handle exists on GitHub, Pinterest and Reddit. */
function web(): DiscoveryWeb {
  const w = new DiscoveryWeb();
  w.ig.set('owlstudio', {
    username: 'owlstudio',
    fullName: 'Owl Studio',
    bio: 'Pots at night',
    externalUrl: `${SITE}/`,
    bioLinks: [`${SITE}/`, 'https://soundcloud.com/owlstudio'],
  });
  w.page(`${SITE}/`, sitePage('Owl Studio', '<a href="/about">About</a> <a href="https://www.pinterest.com/owlstudio/">Pinterest</a>'));
  w.page(`${SITE}/about`, sitePage('About', '<p>Studio in Leeds.</p>'));
  // SoundCloud: linked by the source; lists an address in its description.
  w.soundcloud.set('owlstudio', { handle: 'owlstudio', name: 'Owl Studio Sounds', bio: 'Kiln ambience. Booking: sounds@owlstudio.co.uk' });
  // GitHub: the same handle; links back to the Instagram account and declares its own website.
  w.github.set('owlstudio', {
    handle: 'owlstudio',
    name: 'Owl Studio',
    bio: 'kiln firmware',
    website: 'https://owlstudio-code.dev',
    links: [IG_URL],
    email: 'dev@owlstudio-code.dev',
  });
  w.page('https://owlstudio-code.dev/', sitePage('Owl code', '<a href="/contact">Contact</a>'));
  w.page('https://owlstudio-code.dev/contact', sitePage('Contact', '<p>firmware@owlstudio-code.dev</p>'));
  // Pinterest: linked only by the website (a candidate), links the website back (shared website).
  w.pinterest.set('owlstudio', { handle: 'owlstudio', name: 'Owl Studio', bio: 'glazes', website: `${SITE}/` });
  // Reddit: the same handle, someone else entirely (never probed: no token).
  w.reddit.set('owlstudio', { handle: 'owlstudio', name: 'owl fan', bio: 'I like owls' });
  return w;
}

async function lookup(w: DiscoveryWeb, env: Record<string, string> = {}) {
  const { ctx } = webContext(w, {}, { env });
  const out = await runDiscovery(ctx, 'social-b', ref('owlstudio'), { emails: true, internal: null });
  const hosts = ctx.requests.map((r) => new URL(r.url).host);
  return { out, ctx, hosts };
}

beforeEach(() => {
  process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '0';
  process.env.DISCOVERY_WEBSEARCH = 'off';
});
afterEach(() => {
  delete process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS;
  delete process.env.DISCOVERY_WEBSEARCH;
});

describe('the registry decides which platforms discovery reads', () => {
  it('every platform folder that exports a reader is read, recognised in links and probed by its own rules', () => {
    const withReader = platforms
      .filter((p) => p.reader)
      .map((p) => p.label)
      .sort();
    expect(withReader).toEqual([
      'audio-c',
      'blog',
      'code',
      'forum',
      'livestream',
      'microblog-a',
      'microblog-b',
      'microblog-c',
      'microblog-d',
      'microblog-e',
      'newsletter',
      'pinboard',
      'shortvideo',
      'social-a',
      'social-b',
      'video',
    ]);
    expect([...readers().keys()].sort()).toEqual(
      allReaders()
        .map((r) => r.platform)
        .sort(),
    );
    expect(readerAccount('https://soundcloud.com/owlstudio')).toEqual({ platform: 'audio-c', handle: 'owlstudio' });
    expect(readerAccount('https://www.reddit.com/user/owlstudio/')).toEqual({ platform: 'forum', handle: 'owlstudio' });
    // The five of issue 35.
    expect(readerAccount('https://bsky.app/profile/owl.studio')).toEqual({ platform: 'microblog-d', handle: 'owl.studio' });
    expect(readerAccount('https://kick.com/owlstudio')).toEqual({ platform: 'livestream', handle: 'owlstudio' });
    expect(readerAccount('https://substack.com/@owlstudio')).toEqual({ platform: 'newsletter', handle: 'owlstudio' });
    expect(readerAccount('https://owlstudio.substack.com/p/a-post')).toEqual({ platform: 'newsletter', handle: 'owlstudio' });
    expect(readerAccount('https://owlstudio.tumblr.com/')).toEqual({ platform: 'blog', handle: 'owlstudio' });
    // Any host's `/@user` is claimed tentatively by microblog-e; a platform's own `/@…` is that platform's.
    expect(readerAccount('https://fosstodon.org/@OwlStudio')).toEqual({ platform: 'microblog-e', handle: 'owlstudio@fosstodon.org' });
    expect(readerAccount('https://www.tiktok.com/@owlstudio')).toEqual({ platform: 'shortvideo', handle: 'owlstudio' });
    expect(readerAccount('https://fosstodon.org/@owlstudio/1234')).toBeNull();
  });

  it('tight quotas: GitHub is probed on a handle alone only with a token, Reddit and Facebook pages never', () => {
    const anon = webContext(new DiscoveryWeb()).ctx.config;
    const token = webContext(new DiscoveryWeb(), {}, { env: { GITHUB_TOKEN: 'ghp_test' } }).ctx.config;
    expect(sameHandlePlatforms(anon)).not.toContain('code');
    expect(sameHandlePlatforms(token)).toContain('code');
    for (const c of [anon, token]) {
      expect(sameHandlePlatforms(c)).not.toContain('forum');
      expect(sameHandlePlatforms(c)).not.toContain('social-a');
      expect(sameHandlePlatforms(c)).toEqual(
        expect.arrayContaining(['shortvideo', 'video', 'microblog-b', 'microblog-c', 'microblog-a', 'pinboard', 'audio-c']),
      );
    }
  });
});

describe('the same rules on every reader platform', () => {
  it('with a Reddit application configured (REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET) Reddit is probed for the same handle too', () => {
    const reddit = webContext(new DiscoveryWeb(), {}, { env: { REDDIT_CLIENT_ID: 'app', REDDIT_CLIENT_SECRET: 's3cret' } }).ctx.config;
    expect(sameHandlePlatforms(reddit)).toContain('forum');
    expect(sameHandlePlatforms(reddit)).not.toContain('code');
  });

  it('without a token: GitHub and Reddit are not asked; the linked SoundCloud account is read and scanned; the site-linked Pinterest verified by its shared website', async () => {
    const { out, hosts } = await lookup(web());
    expect(hosts).not.toContain('api.github.com');
    expect(hosts).not.toContain('www.reddit.com');
    const byPlatform = Object.fromEntries(out.profiles.map((p) => [p.platform, p]));
    expect(byPlatform['audio-c']).toMatchObject({
      url: 'https://soundcloud.com/owlstudio',
      evidence: ['verified_profile_link', 'same_handle_match'],
    });
    expect(byPlatform.pinboard).toMatchObject({ evidence: ['same_handle_match', 'shared_website', 'website_link', 'display_name_match'] });
    expect(byPlatform.code).toBeUndefined();
    expect(byPlatform.forum).toBeUndefined();
    expect(out.emails).toContainEqual({
      email: 'sounds@owlstudio.co.uk',
      sources: [{ url: 'https://soundcloud.com/owlstudio', type: 'linked_profile' }],
    });
    expect(out.diagnostics.partial).toBe(false);
  });

  it('with a token: the same-handle GitHub account is probed, verified by its link back, scanned — and the website it declares is crawled', async () => {
    const { out, hosts } = await lookup(web(), { GITHUB_TOKEN: 'ghp_test' });
    expect(hosts).toContain('api.github.com');
    expect(hosts).not.toContain('www.reddit.com');
    expect(out.profiles.find((p) => p.platform === 'code')).toMatchObject({
      url: 'https://github.com/owlstudio',
      evidence: ['same_handle_match', 'display_name_match', 'reciprocal_profile_link'],
    });
    expect(out.emails).toContainEqual({
      email: 'dev@owlstudio-code.dev',
      sources: [{ url: 'https://github.com/owlstudio', type: 'linked_profile' }],
    });
    expect(out.emails).toContainEqual({
      email: 'firmware@owlstudio-code.dev',
      sources: [{ url: 'https://owlstudio-code.dev/contact', type: 'website' }],
    });
    expect(out.diagnostics.expanded_website_urls).toEqual([`${SITE}/`, 'https://owlstudio-code.dev']);
  });

  it('with a Reddit application: the same-handle Reddit account is probed; someone else’s stays out, the creator’s that links back is verified and scanned', async () => {
    const env = { REDDIT_CLIENT_ID: 'app', REDDIT_CLIENT_SECRET: 's3cret' };
    const stranger = await lookup(web(), env);
    // The application's token (www.reddit.com/api/v1/access_token), then the read on oauth.reddit.com.
    expect(stranger.hosts).toContain('oauth.reddit.com');
    expect(stranger.out.profiles.some((p) => p.platform === 'forum')).toBe(false);
    expect(stranger.out.diagnostics.same_handle_candidate_urls).toContain('https://www.reddit.com/user/owlstudio/');
    const w = web();
    w.reddit.set('owlstudio', { handle: 'owlstudio', name: 'Owl Studio', bio: `Pots at night. ${IG_URL} · reddit@owlstudio.co.uk` });
    const own = await lookup(w, env);
    expect(own.out.profiles.find((p) => p.platform === 'forum')).toMatchObject({
      url: 'https://www.reddit.com/user/owlstudio/',
      evidence: ['same_handle_match', 'display_name_match', 'reciprocal_profile_link'],
    });
    expect(own.out.emails.map((e) => e.email)).toContain('reddit@owlstudio.co.uk');
  });

  it('a same handle alone is no profile: the GitHub account that does not link back stays a candidate', async () => {
    const w = web();
    w.github.set('owlstudio', { handle: 'owlstudio', name: 'Someone', bio: 'unrelated', links: [] });
    const { out } = await lookup(w, { GITHUB_TOKEN: 'ghp_test' });
    expect(out.profiles.some((p) => p.platform === 'code')).toBe(false);
    expect(out.diagnostics.same_handle_candidate_urls).toContain('https://github.com/owlstudio');
    expect(JSON.stringify(out.emails)).not.toContain('owlstudio-code.dev');
  });

  it('an exhausted quota makes the lookup partial, never failed: the linked account is returned on its link', async () => {
    const w = web();
    w.ig.set('owlstudio', { ...w.ig.get('owlstudio')!, bioLinks: [`${SITE}/`, 'https://github.com/owlstudio'] });
    w.override('api.github.com', {
      status: 403,
      headers: { 'content-type': 'application/json', 'x-ratelimit-remaining': '0' },
      body: '{"message":"API rate limit exceeded"}',
    });
    const { out } = await lookup(w);
    expect(out.profiles.find((p) => p.platform === 'code')).toMatchObject({ evidence: ['verified_profile_link', 'same_handle_match'] });
    expect(out.diagnostics).toMatchObject({ partial: true, failed_source_linked_profile_urls: ['https://github.com/owlstudio'] });
  });
});

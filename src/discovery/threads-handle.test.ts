/**
 * A Threads profile is made from an Instagram account and carries that account's username (a
 * rename on Instagram renames it on Threads): Threads @h and Instagram @h are one owner's. Once
 * discovery has verified one of them, the other — read, existing, not saying it is a fan's — is
 * the creator's too (`paired_account`); never from the source's unverified same handle alone.
 * Pages written here for these tests (web V showed the creator's Threads at 0.15 beside its
 * verified Instagram of the same handle).
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';
import { isVerified } from './evidence.js';

const on = (out: Awaited<ReturnType<typeof discover>>['out'], platform: string) => out.profiles.find((p) => p.platform === platform);

/**
 * A knitter's TikTok (@amaru.knits) links her Instagram (verified by that link), @`ig`, shown as
 * `name`. Her Threads under the Instagram handle links nothing and says little — the signed-out page
 * often shows no links at all — but its bio (`hersBio`) shows a contact address; a fan's (`fanBio`)
 * holds that handle instead, or nobody's does.
 */
function knitterWeb(threads: 'hers' | 'fan' | 'none', o: { ig: string; name: string; hersBio: string; fanBio: string }): DiscoveryWeb {
  const w = new DiscoveryWeb();
  w.tiktok.set('amaru.knits', {
    handle: 'amaru.knits',
    nickname: 'Amaru Quispe',
    signature: 'hand-dyed alpaca yarn 🧶 Cusco',
    bioLink: `https://www.instagram.com/${o.ig}/`,
  });
  w.ig.set(o.ig, { username: o.ig, fullName: o.name, bio: 'yarn, patterns, market days' });
  if (threads === 'hers') w.threads.set(o.ig, { handle: o.ig, name: o.name, bio: o.hersBio });
  if (threads === 'fan') w.threads.set(o.ig, { handle: o.ig, name: 'Amaru Quispe', bio: o.fanBio });
  return w;
}

describe('Threads @h beside the creator’s verified Instagram @h', () => {
  /** Her Instagram under the TikTok's handle; her Threads, under it too, at the same name. */
  const web = (threads: 'hers' | 'fan' | 'none') =>
    knitterWeb(threads, {
      ig: 'amaru.knits',
      name: 'Amaru Quispe',
      hersBio: 'thinking out loud about wool · pedidos: amaru.hilos@gmail.com',
      fanBio: 'fan account, not affiliated — daily posts of her yarn',
    });

  it('is verified (paired_account), its confidence a proof’s, and scanned for addresses', async () => {
    const { out, emails } = await discover(web('hers'), 'shortvideo', 'amaru.knits');
    const t = on(out, 'microblog-c');
    expect(t?.handle).toBe('amaru.knits');
    expect(t?.evidence).toEqual(['same_handle_match', 'display_name_match', 'paired_account']);
    expect(t?.confidence).toBe(0.97);
    expect(out.scan.scanned_profile_urls).toContain('https://www.threads.com/@amaru.knits');
    expect(emails).toContain('amaru.hilos@gmail.com');
    // The Instagram account was verified by the source's link, not by its Threads twin.
    expect(on(out, 'social-b')?.evidence).not.toContain('paired_account');
  });

  it('a Threads page that says it is a fan’s stays a candidate, as before', async () => {
    const { out, emails } = await discover(web('fan'), 'shortvideo', 'amaru.knits');
    const t = on(out, 'microblog-c');
    expect(t?.evidence ?? []).not.toContain('paired_account');
    expect(t ? isVerified(t.evidence) : false).toBe(false);
    expect(t?.confidence ?? 0).toBeLessThan(0.5);
    expect(emails).not.toContain('amaru.hilos@gmail.com');
  });

  it('a Threads handle that does not exist stays not found', async () => {
    const { out } = await discover(web('none'), 'shortvideo', 'amaru.knits');
    expect(on(out, 'microblog-c')).toBeUndefined();
    expect(out.diagnostics.same_handle_candidate_urls.some((u) => u.includes('threads'))).toBe(false);
  });
});

describe('Instagram @h beside the creator’s verified Threads @h', () => {
  /** A potter's X account links her Threads; her Instagram under that handle links nothing. */
  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.x.set('lena_ceramica', {
      screenName: 'lena_ceramica',
      name: 'Lena Moretti',
      description: 'ceramics from Faenza · more words on Threads',
      url: 'https://www.threads.com/@lena_ceramica',
    });
    w.threads.set('lena_ceramica', { handle: 'lena_ceramica', name: 'Lena Moretti', bio: 'clay thoughts' });
    w.ig.set('lena_ceramica', {
      username: 'lena_ceramica',
      fullName: 'Lena M.',
      bio: 'kiln days 🔥',
      businessEmail: 'studio@lenaceramica.it',
    });
    return w;
  }

  it('is verified through the verified Threads profile and scanned', async () => {
    const { out, emails } = await discover(web(), 'microblog-b', 'lena_ceramica');
    expect(on(out, 'microblog-c')?.evidence).toContain('verified_profile_link');
    const ig = on(out, 'social-b');
    expect(ig?.evidence).toEqual(['same_handle_match', 'paired_account']);
    expect(ig?.confidence).toBe(0.96);
    expect(emails).toContain('studio@lenaceramica.it');
  });
});

describe('never from the source’s same handle alone', () => {
  /**
   * A TikTok source; Instagram and Threads under its handle both exist, but nothing of the
   * creator's points at either and neither links the creator: neither is verified, so neither
   * pairs the other (each is judged in the world without itself).
   */
  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.tiktok.set('solbrisa', { handle: 'solbrisa', nickname: 'Sol Brisa', signature: 'beach vlogs' });
    w.ig.set('solbrisa', { username: 'solbrisa', fullName: 'Sol Brisa', bio: 'surf school Ericeira' });
    w.threads.set('solbrisa', { handle: 'solbrisa', name: 'Sol Brisa', bio: 'surf school Ericeira' });
    return w;
  }

  it('neither the Instagram account nor its Threads profile is verified', async () => {
    const { out } = await discover(web(), 'shortvideo', 'solbrisa');
    for (const p of ['social-b', 'microblog-c']) {
      const x = on(out, p);
      expect(x?.evidence ?? []).not.toContain('paired_account');
      expect(x ? isVerified(x.evidence) : false).toBe(false);
    }
  });
});

describe('the twin of a verified account under another handle than the source’s', () => {
  /**
   * Her Instagram goes by another handle (@amaru_hilos) and another name. The same-handle probes
   * look for @amaru.knits only; her Threads is @amaru_hilos, linked by nothing (Threads profiles
   * rarely are). Pages written here.
   */
  const web = (threads: 'hers' | 'fan' | 'none') =>
    knitterWeb(threads, {
      ig: 'amaru_hilos',
      name: 'Amaru Q.',
      hersBio: 'thinking out loud about wool · pedidos: pedidos.amaru@gmail.com',
      fanBio: 'fan account, not affiliated — pedidos.amaru@gmail.com',
    });
  const TWIN = 'https://www.threads.com/@amaru_hilos';

  it('is read, verified (paired_account) and scanned; listed as a same-handle candidate', async () => {
    const { out, emails } = await discover(web('hers'), 'shortvideo', 'amaru.knits');
    const t = on(out, 'microblog-c');
    expect(t?.handle).toBe('amaru_hilos');
    expect(t?.evidence).toEqual(['paired_account']);
    expect(t?.confidence).toBe(0.95);
    expect(out.scan.scanned_profile_urls).toContain(TWIN);
    expect(emails).toContain('pedidos.amaru@gmail.com');
    expect(out.diagnostics.same_handle_candidate_urls).toContain(TWIN);
    expect(out.diagnostics.partial).toBe(false);
    expect(out.diagnostics.same_handle_search_partial).toBe(false);
  });

  it('a twin that does not exist is not found: no candidate, nothing partial', async () => {
    const { out } = await discover(web('none'), 'shortvideo', 'amaru.knits');
    expect(on(out, 'microblog-c')).toBeUndefined();
    expect(out.diagnostics.same_handle_candidate_urls.some((u) => u.includes('threads'))).toBe(false);
    expect(out.diagnostics.partial).toBe(false);
  });

  it('a twin whose page says it is a fan’s stays a candidate, not scanned', async () => {
    const { out, emails } = await discover(web('fan'), 'shortvideo', 'amaru.knits');
    const t = on(out, 'microblog-c');
    expect(t?.handle).toBe('amaru_hilos');
    expect(t?.evidence).toContain('display_name_match');
    expect(t?.evidence).not.toContain('paired_account');
    expect(isVerified(t!.evidence)).toBe(false);
    expect(t!.confidence).toBeLessThan(0.5);
    expect(out.scan.scanned_profile_urls).not.toContain(TWIN);
    expect(emails).not.toContain('pedidos.amaru@gmail.com');
  });

  it('a twin whose read fails makes the lookup partial, as a same-handle probe does', async () => {
    const w = web('hers');
    w.override(TWIN, { status: 503, body: 'upstream trouble' });
    const { out } = await discover(w, 'shortvideo', 'amaru.knits');
    expect(on(out, 'microblog-c')).toBeUndefined();
    expect(out.diagnostics.partial).toBe(true);
    expect(out.diagnostics.same_handle_search_partial).toBe(true);
  });

  it('the other way: the Instagram twin of a verified Threads profile', async () => {
    const w = new DiscoveryWeb();
    w.x.set('lena_ceramica', {
      screenName: 'lena_ceramica',
      name: 'Lena Moretti',
      description: 'ceramics from Faenza',
      url: 'https://www.threads.com/@lena.faenza',
    });
    w.threads.set('lena.faenza', { handle: 'lena.faenza', name: 'Lena M.', bio: 'clay thoughts' });
    w.ig.set('lena.faenza', { username: 'lena.faenza', fullName: 'Lena M.', bio: 'kiln days 🔥', businessEmail: 'studio@lenaceramica.it' });
    const { out, emails } = await discover(w, 'microblog-b', 'lena_ceramica');
    const ig = on(out, 'social-b');
    expect(ig?.handle).toBe('lena.faenza');
    expect(ig?.evidence).toEqual(['paired_account']);
    expect(emails).toContain('studio@lenaceramica.it');
  });

  it('never the twin of an account that is not verified', async () => {
    // The TikTok only names the Instagram account as a second account (the creator's word: a
    // candidate, read, but unproven — it links nothing back): its Threads twin is not looked for.
    const w = web('hers');
    w.tiktok.set('amaru.knits', {
      handle: 'amaru.knits',
      nickname: 'Amaru Quispe',
      signature: 'hand-dyed alpaca yarn 🧶 Cusco · IG second account: @amaru_hilos',
    });
    const { out } = await discover(w, 'shortvideo', 'amaru.knits');
    const ig = on(out, 'social-b');
    expect(ig ? isVerified(ig.evidence) : false).toBe(false);
    expect(on(out, 'microblog-c')).toBeUndefined();
    expect(out.diagnostics.same_handle_candidate_urls).not.toContain(TWIN);
  });
});

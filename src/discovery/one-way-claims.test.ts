/**
 * One-way "new account" claims (session 40's class 2): an account whose bio says it is the
 * creator's new, moved or backup account and links her link page or website, while nothing of
 * hers links it back, may be an impostor's lure ("new account, the old one got hacked") or — far
 * more often on the held-out simulated webs — her own clips, dev or backup account. It is a
 * candidate: listed with its evidence (the claim among it) and the candidate model's confidence,
 * the claim weighed as fitted, never verified. Session 40 capped such a claimant at 0.40, below the
 * same account without the claim; that dropped most of the creators' own one-way second accounts
 * (issue 33's recall) and was removed in session 42. When her side points at it (her link page,
 * her bio, her website) it is hers as before. Every page here is our own, written in the shapes the
 * platforms answer (sample-web.ts); no capture of such a web exists.
 */
import { describe, expect, it } from 'vitest';
import { candidateConfidence } from './evidence.js';
import type { EvidenceLabel } from './types.js';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { websearchQuery } from './websearch.js';
import { discover } from '../../test/support/discovery-context.js';

const TT = (h: string) => `https://www.tiktok.com/@${h}`;
const XU = (h: string) => `https://x.com/${h}`;
const LT = 'https://linktr.ee/odalysreyes';
const SITE = 'https://odalysreyes.art/';

/** Her web: Instagram → Linktree (TikTok, her site) → her site; her TikTok links back. */
function herWeb(opts: { linktreeLinks?: string[]; bio?: string; siteBody?: string } = {}): DiscoveryWeb {
  const w = new DiscoveryWeb();
  w.ig.set('odalysreyes', {
    username: 'odalysreyes',
    fullName: 'Odalys Reyes',
    bio: opts.bio ?? 'murals & sketchbooks · CDMX',
    externalUrl: LT,
  });
  w.linktree.set('odalysreyes', {
    username: 'odalysreyes',
    description: 'murals & sketchbooks',
    links: [
      { title: 'TikTok', url: TT('odalys.paints') },
      { title: 'Website', url: SITE },
      ...(opts.linktreeLinks ?? []).map((url) => ({ title: 'more', url })),
    ],
  });
  w.tiktok.set('odalys.paints', { handle: 'odalys.paints', nickname: 'Odalys Reyes', signature: 'murals', bioLink: LT });
  w.page(SITE, sitePage('Odalys Reyes — murals', opts.siteBody ?? '<h1>Odalys Reyes</h1><p>Murals in Mexico City.</p>'));
  return w;
}

/** The claimants: each links her link page or site, says it is her new / moved / backup account, and shows her name. */
function claimants(w: DiscoveryWeb): string[] {
  w.x.set('odalys_reyes2', {
    screenName: 'odalys_reyes2',
    name: 'Odalys Reyes',
    description: 'new account!! the old one got hacked, follow me here 🙏',
    url: LT,
  });
  w.tiktok.set('odalysreyes.oficial', {
    handle: 'odalysreyes.oficial',
    nickname: 'Odalys Reyes',
    signature: 'nueva cuenta, me robaron la anterior · antigua cuenta @odalys.paints',
    bioLink: SITE,
  });
  w.threads.set('odalys.backup', { handle: 'odalys.backup', name: 'Odalys Reyes', bio: 'backup acc — DM me for collabs', links: [LT] });
  w.search.set(websearchQuery('odalysreyes', 'Odalys Reyes'), [
    XU('odalys_reyes2'),
    TT('odalysreyes.oficial'),
    'https://www.threads.com/@odalys.backup',
  ]);
  return ['odalys_reyes2', 'odalysreyes.oficial', 'odalys.backup'];
}

describe('a claim only the candidate makes (class 2)', () => {
  it('"new account, the old one was hacked", "nueva cuenta", "backup acc": linking her link page or site, a search hit, her name — candidates, the claim weighed as fitted', async () => {
    const w = herWeb();
    const handles = claimants(w);
    const { byHandle } = await discover(w, 'social-b', 'odalysreyes');
    expect(byHandle('odalys.paints')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
    for (const h of handles) {
      const p = byHandle(h);
      expect(p, h).toBeDefined();
      expect(p!.evidence, h).toContain('second_account_marker');
      // A candidate (nothing verifies it): the candidate model's confidence, the claim counted.
      expect(p!.confidence, h).toBe(candidateConfidence(p!.evidence));
      expect(p!.confidence, h).toBeGreaterThan(candidateConfidence(p!.evidence.filter((l) => l !== 'second_account_marker')));
    }
  });
  it('her side answers the claim: her link page links one, her bio names another, her website a third — each hers as before', async () => {
    const w = herWeb({
      linktreeLinks: [XU('odalys_reyes2')],
      bio: 'murals & sketchbooks · backup: @odalys.backup',
      siteBody: `<h1>Odalys Reyes</h1><p>My new TikTok: <a href="${TT('odalysreyes.oficial')}">@odalysreyes.oficial</a></p>`,
    });
    const handles = claimants(w);
    const { byHandle } = await discover(w, 'social-b', 'odalysreyes');
    for (const h of handles) expect(byHandle(h)?.confidence ?? 0, h).toBeGreaterThanOrEqual(0.8);
  });

  it('the model: the claim counts, answered or not; a word from her side counts too', () => {
    const own: EvidenceLabel[] = [
      'second_account_marker',
      'shared_link_page',
      'shared_website',
      'reciprocal_profile_link',
      'shared_contact',
      'display_name_match',
      'websearch_match',
    ];
    // Unanswered, the claim counts as fitted: never below the same account without it (both at the
    // candidates' 0.95 ceiling here), above it where there is room.
    expect(candidateConfidence(own)).toBeGreaterThanOrEqual(candidateConfidence(own.filter((l) => l !== 'second_account_marker')));
    // A clips account linking her profile under her name, found by a search, saying what it is.
    const clips: EvidenceLabel[] = ['second_account_marker', 'reciprocal_profile_link', 'display_name_match', 'websearch_match'];
    expect(candidateConfidence(clips)).toBeGreaterThanOrEqual(0.8);
    expect(candidateConfidence(clips)).toBeGreaterThan(candidateConfidence(clips.filter((l) => l !== 'second_account_marker')));
    // She names its handle: the claim is answered and counts.
    const answered: EvidenceLabel[] = ['second_account_marker', 'shared_link_page', 'websearch_match', 'creator_mention'];
    expect(candidateConfidence(answered)).toBeGreaterThanOrEqual(0.8);
    expect(candidateConfidence(answered)).toBeGreaterThan(candidateConfidence(answered.filter((l) => l !== 'second_account_marker')));
  });
});

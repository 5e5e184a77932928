/**
 * Same-platform second accounts the creator labels with a role word — "backup: @…", "priv @…",
 * "spam @…", "art acc: @…" — an outside web (session 38's held-out web, gone since) wrote and the
 * second-account reading did not know. The bios here are our own, written for these tests; each
 * fails without the fix. Another person's account stays another person's.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb } from './sample-web.js';
import { secondAccountMentionsOn } from './markers.js';
import { discover } from '../../test/support/discovery-context.js';

describe('second accounts labelled by a role word', () => {
  it('role words label her own account; a friend, a manager, an editor do not', () => {
    const own = (line: string) => secondAccountMentionsOn(line, 'social-b').map((m) => m.handle);
    expect(own('backup: @kaito.backup')).toEqual(['kaito.backup']);
    expect(own('priv @kaito.priv')).toEqual(['kaito.priv']);
    expect(own('spam @kaitospam')).toEqual(['kaitospam']);
    expect(own('art acc: @kaito.draws')).toEqual(['kaito.draws']);
    expect(own('second acc → @kaito.two')).toEqual(['kaito.two']);
    expect(own('finsta @kaito.fin')).toEqual(['kaito.fin']);
    for (const line of [
      'my friend @lena.runs',
      'manager @mgmt.kaito',
      'edited by @editor.j',
      'spamming my feed with @lena.runs pics',
      'art by @lena.draws',
    ])
      expect(own(line), line).toEqual([]);
  });

  it('her art account named "art acc: @…" in her bio is returned; her friend named beside it is not', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('kaito.mori', {
      username: 'kaito.mori',
      fullName: 'Kaito Mori',
      bio: 'trail runner 🏃\nart acc: @kaito.draws\nrunning buddy: my friend @lena.runs',
      bioLinks: [],
    });
    w.ig.set('kaito.draws', { username: 'kaito.draws', fullName: 'Kaito Mori', bio: 'sketches from the trail', bioLinks: [] });
    w.ig.set('lena.runs', { username: 'lena.runs', fullName: 'Lena Sato', bio: 'ultra runner', bioLinks: [] });
    const { out, byHandle } = await discover(w, 'social-b', 'kaito.mori');
    expect(byHandle('kaito.draws')?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(byHandle('kaito.draws')?.evidence).toContain('second_account_marker');
    expect(byHandle('lena.runs')?.confidence ?? 0).toBeLessThan(0.5);
    expect(out.scan.scanned_profile_urls).not.toContain('https://www.instagram.com/lena.runs/');
  });
});

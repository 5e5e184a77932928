/**
 * Role lists before an `@handle` (session 40: an outside web's creators introduced their second
 * accounts as "backup, main: @…" and "priv, spam & backup → @…", and their managers as a bare
 * "manager @…"). Lines hand-written here, both ways: her own accounts by a list of their roles (in
 * several languages), and look-alikes that are not — a person behind a role word ("backup dancer",
 * "my bf"), a representative, a credit, prose. The lookup fails before roles.ts.
 */
import { describe, expect, it } from 'vitest';
import { ownAccountMentions, ownAccountMentionsOn, representativeHandles } from './roles.js';
import { DiscoveryWeb } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';

// The first reading of relations.ts's patterns in a process compiles them (2–3 s, far more on a loaded machine).
describe('role lists', { timeout: 120_000 }, () => {
  it.each([
    'backup & art: @kai_alt',
    'backup, vlogs: @kai_alt',
    'backup acct, main @kai_alt',
    'backup • @kai_alt',
    'priv, spam & backup → @kai_alt',
    'art / backup acc → @kai_alt',
    'cuenta de respaldo, principal: @kai_alt',
    'conta reserva / backup: @kai_alt',
    'compte secondaire, backup : @kai_alt',
    'サブ垢・バックアップ：@kai_alt',
    'sub acc: @kai_alt',
  ])('her own: %s', (line) => {
    expect(ownAccountMentionsOn(`knits 🧶\n${line}`, 'social-b')).toEqual([{ handle: 'kai_alt', platforms: ['social-b'] }]);
  });

  it.each([
    'manager, backup: @nadia',
    'my bf & backup dancer @tom',
    'main character energy. shot by @lena',
    'I back up my files with @dropbox',
    'photos, edits: @lena',
    'manager @nadia',
    'sub @nadia',
    'side quest w/ @nadia',
  ])('not hers: %s', (line) => {
    expect(ownAccountMentions(line)).toEqual([]);
  });

  it('per handle: her backup and her manager on one line', () => {
    expect(ownAccountMentions('backup: @kai_alt (manager @nadia)')).toEqual(['kai_alt']);
    expect(representativeHandles('backup: @kai_alt (manager @nadia)')).toEqual(['nadia']);
  });

  it('a bare representative role names someone else’s account', () => {
    for (const line of [
      'manager @nadia.mgmt',
      'mgmt: @nadia.mgmt',
      'Agentur → @nadia.mgmt',
      'Representante: @nadia.mgmt',
      'マネージャー @nadia.mgmt',
    ])
      expect(representativeHandles(line), line).toEqual(['nadia.mgmt']);
    for (const line of ['backup: @nadia.mgmt', 'self-managed ✨ @nadia.mgmt', 'no agency, DM @nadia.mgmt'])
      expect(representativeHandles(line), line).toEqual([]);
  });
});

describe('lookups', { timeout: 120_000 }, () => {
  it('her second account named by a role list is read and, naming her back, verified; her manager named the same way is not hers', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('kai.knits', {
      username: 'kai.knits',
      fullName: 'Kai Moreno',
      bio: 'knits & patterns\npriv, spam & backup → @kaimoreno.b\nmanager @nadia.lindqvist',
      externalUrl: null,
      bioLinks: [],
    });
    w.ig.set('kaimoreno.b', { username: 'kaimoreno.b', fullName: 'Kai', bio: 'main: @kai.knits', externalUrl: null, bioLinks: [] });
    w.ig.set('nadia.lindqvist', {
      username: 'nadia.lindqvist',
      fullName: 'Nadia Lindqvist',
      bio: 'talent manager · @kai.knits',
      externalUrl: null,
      bioLinks: [],
    });
    const { byHandle } = await discover(w, 'social-b', 'kai.knits');
    expect(byHandle('kaimoreno.b')?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('nadia.lindqvist')?.confidence ?? 0).toBeLessThan(0.5);
  });
});

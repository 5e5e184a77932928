import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contactRows, parseCsv, runContactsCli } from './contacts-cli.js';
import { INTERNAL_MAX_ROWS, internalContactSource, openContactsDb, sqliteContactSource } from './internal.js';

const dir = mkdtempSync(join(tmpdir(), 'cl-contacts-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('contact CSV', () => {
  it('RFC 4180: quotes, doubled quotes, commas and line breaks in fields, CRLF, BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n"multi\nline",z\n\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['multi\nline', 'z'],
    ]);
  });

  it('rows: platform + handle or profile_url; the alias folded; invalid addresses skipped with the line', () => {
    const r = contactRows(
      [
        'email,platform,handle,profile_url,source_url',
        'Agent@OwlMgmt.co.uk,social-b,@Night.Owl,,https://crm.example/1',
        'mgmt@owlmgmt.co.uk,,,https://x.com/NightOwlPots,',
        'x@owlmgmt.co.uk,microblog-b-alias,pots,,',
        'you@example.com,social-b,owl,,',
        'ok@owlmgmt.co.uk,,,https://owl.studio/,',
      ].join('\n'),
    );
    expect(r.rows).toEqual([
      { platform: 'social-b', handle: 'night.owl', email: 'Agent@owlmgmt.co.uk', source_url: 'https://crm.example/1' },
      { platform: 'microblog-b', handle: 'nightowlpots', email: 'mgmt@owlmgmt.co.uk', source_url: null },
      { platform: 'microblog-b', handle: 'pots', email: 'x@owlmgmt.co.uk', source_url: null },
    ]);
    expect(r.skipped).toBe(2);
    expect(r.problems).toEqual(['line 5: not a usable e-mail address', 'line 6: no platform and handle (or recognisable profile_url)']);
  });

  it('a header without the needed columns is refused', () => {
    expect(() => contactRows('name,phone\nx,1')).toThrow(/header must name email/);
  });
});

describe('the SQLite directory', () => {
  it('import / count / clear through the CLI; lookups by platform and handle, capped', async () => {
    const csv = join(dir, 'c.csv');
    const rows = [
      'platform,handle,email',
      'social-b,owl,a@owlmgmt.co.uk',
      'shortvideo,owl,b@owlmgmt.co.uk',
      'social-b,other,c@owlmgmt.co.uk',
    ];
    for (let i = 0; i < INTERNAL_MAX_ROWS + 2; i++) rows.push(`video,big,n${i}@owlmgmt.co.uk`);
    writeFileSync(csv, rows.join('\n'));
    const out: string[] = [];
    const io = { log: (l: string) => out.push(l), error: (l: string) => out.push(l) };
    expect(await runContactsCli(['import', csv], { DATA_DIR: dir }, io)).toBe(0);
    expect(await runContactsCli(['import', csv], { DATA_DIR: dir }, io)).toBe(0);
    expect(out).toEqual([
      `imported ${INTERNAL_MAX_ROWS + 5} new row(s), 0 already present, 0 skipped`,
      `imported 0 new row(s), ${INTERNAL_MAX_ROWS + 5} already present, 0 skipped`,
    ]);
    const source = internalContactSource(dir)!;
    expect(
      await source.lookup([
        { platform: 'social-b', handle: 'OWL' },
        { platform: 'shortvideo', handle: 'owl' },
      ]),
    ).toEqual({ emails: ['a@owlmgmt.co.uk', 'b@owlmgmt.co.uk'], limited: false });
    expect((await source.lookup([{ platform: 'video', handle: 'big' }])).limited).toBe(true);
    expect(await source.lookup([])).toEqual({ emails: [], limited: false });
    out.length = 0;
    expect(await runContactsCli(['count'], { DATA_DIR: dir }, io)).toBe(0);
    expect(await runContactsCli(['clear'], { DATA_DIR: dir }, io)).toBe(0);
    expect(out).toEqual([String(INTERNAL_MAX_ROWS + 5), `removed ${INTERNAL_MAX_ROWS + 5} row(s)`]);
    expect(await sqliteContactSource(openContactsDb(dir)).lookup([{ platform: 'social-b', handle: 'owl' }])).toEqual({
      emails: [],
      limited: false,
    });
  });

  it('no directory file: no internal source', () => {
    expect(internalContactSource(join(dir, 'nowhere'))).toBeNull();
  });

  it('a missing file or bad header exits 1 with a message', async () => {
    const out: string[] = [];
    expect(
      await runContactsCli(['import', join(dir, 'missing.csv')], { DATA_DIR: dir }, { log: (l) => out.push(l), error: (l) => out.push(l) }),
    ).toBe(1);
    expect(out[0]).toMatch(/^contacts: ENOENT/);
  });
});

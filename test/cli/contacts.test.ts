/**
 * The `contacts` command-line tool refuses values it does not know: a platform that is not a
 * label (a site's own name, a typo) stops the import with the line and the accepted labels, and
 * nothing is imported (nor, with --replace, removed).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runContactsCli } from '../../src/discovery/contacts-cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cl-contacts-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function contacts(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runContactsCli(args, { DATA_DIR: dataDir }, { log: (l) => stdout.push(l), error: (l) => stderr.push(l) });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

function csv(name: string, lines: string[]): string {
  const path = join(dataDir, name);
  writeFileSync(path, lines.join('\n'));
  return path;
}

describe('contacts import: platform values', () => {
  it('an unknown platform exits 1 naming the line and value and the accepted labels; nothing is imported', async () => {
    const file = csv('bad.csv', [
      'platform,handle,email',
      'social-b,owl,a@owlmgmt.co.uk',
      'instagram,owl,b@owlmgmt.co.uk',
      'shortvidoe,owl,c@owlmgmt.co.uk',
    ]);
    const r = await contacts('import', file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^contacts: unknown platform on line 3: "instagram", line 4: "shortvidoe"; nothing imported\. Use a neutral label \(.*\) or a profile_url column$/,
    );
    // the accepted labels are listed
    for (const label of ['social-b', 'shortvideo', 'microblog-b-alias', 'retail-shop']) expect(r.stderr).toContain(label);
    expect(r.stdout).toBe('');
    expect((await contacts('count')).stdout).toBe('0');
  });

  it('with --replace, a refused file leaves the directory as it was', async () => {
    expect((await contacts('import', csv('good.csv', ['platform,handle,email', 'video,big,v@owlmgmt.co.uk']))).code).toBe(0);
    const r = await contacts('import', csv('bad.csv', ['platform,handle,email', 'youtube,big,w@owlmgmt.co.uk']), '--replace');
    expect(r.code).toBe(1);
    expect((await contacts('count')).stdout).toBe('1');
  });

  it('more than five unknown lines: the first five and how many more', async () => {
    const lines = ['platform,handle,email'];
    for (let i = 0; i < 8; i++) lines.push(`nowhere,h${i},a${i}@owlmgmt.co.uk`);
    const r = await contacts('import', csv('many.csv', lines));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /line 2: "nowhere", line 3: "nowhere", line 4: "nowhere", line 5: "nowhere", line 6: "nowhere" and 3 more; nothing imported/,
    );
  });

  it('known labels (any case), the alias, and rows given by profile_url alone are accepted', async () => {
    const r = await contacts(
      'import',
      csv('ok.csv', [
        'platform,handle,email,profile_url',
        'Social-B,owl,a@owlmgmt.co.uk,',
        'microblog-b-alias,pots,b@owlmgmt.co.uk,',
        ',,c@owlmgmt.co.uk,https://x.com/NightOwlPots',
        'professional,owl,d@owlmgmt.co.uk,',
      ]),
    );
    expect(r).toEqual({ code: 0, stdout: 'imported 4 new row(s), 0 already present, 0 skipped', stderr: '' });
  });
});

describe('the real entry point (tsx src/discovery/contacts-cli.ts)', () => {
  it('exits 1 with the message on stderr for an unknown platform', async () => {
    const file = csv('bad.csv', ['platform,handle,email', 'tiktok,owl,a@owlmgmt.co.uk']);
    const failed = await promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), ['src/discovery/contacts-cli.ts', 'import', file], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
    }).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/unknown platform on line 2: "tiktok"/);
  });
});

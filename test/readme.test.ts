/**
 * The README stays a front page: the two commands first, under 220 lines, every relative link
 * (there and in docs/) pointing at a file that exists. docs/platforms.md names the site behind
 * every registered label (the one fact no definition holds).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platforms } from '../src/platforms/registry.js';

const ROOT = join(import.meta.dirname, '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README.md', () => {
  it('opens with the start and test commands and stays under 220 lines', () => {
    const firstBlock = README.split('```')[1];
    expect(firstBlock).toMatch(/^sh\nnpm ci && npm start .*\nnpm ci && npm test /);
    expect(README.split('\n').length).toBeLessThan(220);
  });

  it('every relative link in README.md and docs/*.md resolves', () => {
    const files = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    const broken: string[] = [];
    for (const f of files) {
      for (const [, target] of readFileSync(join(ROOT, f), 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        if (!existsSync(join(ROOT, dirname(f), target.split('#')[0]))) broken.push(`${f} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('docs/platforms.md has a row for every platform in the registry', () => {
    const table = readFileSync(join(ROOT, 'docs/platforms.md'), 'utf8');
    const rows = new Set([...table.matchAll(/^\| `([a-z-]+)`/gm)].map((m) => m[1]));
    expect(
      platforms.map((p) => p.label).filter((l) => !rows.has(l)),
      'add a row `| `<label>` | <the real site> | <its hosts> |` to docs/platforms.md for each (docs/architecture.md "Adding a platform")',
    ).toEqual([]);
  });
});

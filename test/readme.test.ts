/**
 * The README stays a front page: the two commands first, under 220 lines, every relative link
 * (there and in docs/) pointing at a file that exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
});

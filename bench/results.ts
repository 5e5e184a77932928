/** bench/RESULTS.md holds one section per benchmark; a run replaces its own section only. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = join(dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');

export function writeResultsSection(title: string, body: string): void {
  const head = '# Benchmark results\n\nWritten by the benchmarks under `bench/` (`npm run bench`); each run replaces its own section.\n';
  let text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : head;
  const start = `<!-- ${title} -->`;
  const end = `<!-- /${title} -->`;
  const block = `${start}\n## ${title}\n\n${body}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  text = i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, text);
}

/**
 * What every benchmark shares about its output:
 * - progress lines on stderr while it runs (`progress`), each with the seconds since start, so a
 *   run of a minute or more is never silent; the report itself goes to stdout;
 * - bench/RESULTS.md is checked in, so a run rewrites it only when asked (`--write`):
 *   `npm run bench -- --write`. It holds one section per benchmark; a run replaces its own
 *   section only.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_FILE = join(dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');

const started = Date.now();

/** One progress line on stderr: `[bench 12.3 s] message`. */
export function progress(message: string, out: Pick<NodeJS.WriteStream, 'write'> = process.stderr): void {
  out.write(`[bench ${((Date.now() - started) / 1000).toFixed(1)} s] ${message}\n`);
}

/** Whether the command line asked for bench/RESULTS.md to be updated. */
export function wantsWrite(argv: readonly string[] = process.argv.slice(2)): boolean {
  return argv.includes('--write');
}

/**
 * The end of a run: the section is written to bench/RESULTS.md with --write; without it the
 * file is left alone and stderr says how to record the numbers.
 */
export function finishResults(title: string, body: string, opts: { argv?: readonly string[]; file?: string } = {}): boolean {
  const file = opts.file ?? RESULTS_FILE;
  if (!wantsWrite(opts.argv)) {
    progress(`bench/RESULTS.md left unchanged (run again with --write to record "${title}")`);
    return false;
  }
  writeResultsSection(title, body, file);
  progress(`wrote section "${title}" to ${file}`);
  return true;
}

export function writeResultsSection(title: string, body: string, file = RESULTS_FILE): void {
  const head =
    '# Benchmark results\n\nWritten by the benchmarks under `bench/` (`npm run bench -- --write`); each run replaces its own section.\n';
  let text = existsSync(file) ? readFileSync(file, 'utf8') : head;
  const start = `<!-- ${title} -->`;
  const end = `<!-- /${title} -->`;
  const block = `${start}\n## ${title}\n\n${body}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  text = i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
}

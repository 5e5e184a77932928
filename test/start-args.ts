/**
 * node's arguments in package.json's `start` script (`node <flags> scripts/start.mjs`), so tests
 * and benchmarks run the gateway exactly as `npm start` ships it — by node itself (npm would add
 * a parent process, and signals and memory readings would be its).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function startArgs(): string[] {
  const start = String((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start);
  const words = start.split(/\s+/).filter(Boolean);
  if (words[0] !== 'node') throw new Error(`package.json's start script is not a plain node command: ${start}`);
  return words.slice(1);
}

/**
 * Compiles the server ahead of time: one esbuild bundle of src/server.ts (our code only;
 * packages stay in node_modules) → dist/server.js, with a linked source map.
 *
 * Why: `tsx` compiles TypeScript inside the serving process, which costs ~10% throughput and
 * ~100 MB of memory for its loader; the bundle runs on plain node. `npm start` builds only when
 * the bundle is older than a file it is built from (`bundleIsCurrent`), so a start after an edit
 * never runs stale code and any other start skips the build. For a production image: `npm run
 * build` once, then `node dist/server.js` (or `npm start`).
 */
import { mkdirSync, readdirSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE = join(ROOT, 'dist/server.js');

/** What the bundle is built from: every file under src/, and the files that say how. */
const INPUTS = {
  dirs: [join(ROOT, 'src')],
  files: [join(ROOT, 'tsconfig.json'), join(ROOT, 'package.json'), fileURLToPath(import.meta.url)],
};

/** The newest modification time (ms) among `inputs`' files. */
function newestInput({ dirs, files }) {
  let newest = 0;
  for (const dir of dirs)
    for (const f of readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (f.isFile()) newest = Math.max(newest, statSync(join(f.parentPath ?? f.path, f.name)).mtimeMs);
  for (const f of files) newest = Math.max(newest, statSync(f).mtimeMs);
  return newest;
}

/** Whether `outfile` exists and no input changed after the build that wrote it began. */
export function bundleIsCurrent(outfile = BUNDLE, inputs = INPUTS) {
  let built;
  try {
    built = statSync(outfile).mtimeMs;
  } catch {
    return false;
  }
  return newestInput(inputs) <= built;
}

export async function buildServer({ outfile = BUNDLE } = {}) {
  // The bundle is dated when the build began: a source saved while it ran is newer than it.
  const began = new Date();
  const { build, stop } = await import('esbuild');
  const result = await build({
    entryPoints: [join(ROOT, 'src/server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
  // esbuild's JS API runs its compiler as a child service; end it, the server does not need it.
  await stop();
  // Each file written under a temporary name, then renamed: a server starting meanwhile (or a
  // second build at the same time) reads a whole old or a whole new file, never half of one.
  mkdirSync(dirname(outfile), { recursive: true });
  for (const f of result.outputFiles) {
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    utimesSync(tmp, began, began);
    renameSync(tmp, f.path);
  }
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = await buildServer();
  process.stdout.write(`built ${out}\n`);
}

/**
 * Compiles the server ahead of time: one esbuild bundle of src/server.ts (our code only;
 * packages stay in node_modules) → dist/server.js, with linked source maps. What the server
 * imports only once listening (the GraphQL and MCP faces: src/app.ts `madeOnUse`) is split into
 * dist/chunks/, so a start does not load their libraries before it listens.
 *
 * Why: `tsx` compiles TypeScript inside the serving process, which costs ~10% throughput and
 * ~100 MB of memory for its loader; the bundle runs on plain node. `npm start` builds only when
 * the bundle is older than a file it is built from (`bundleIsCurrent`), so a start after an edit
 * never runs stale code and any other start skips the build. For a production image: `npm run
 * build` once, then `node dist/server.js` (or `npm start`).
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE = join(ROOT, 'dist/server.js');
/**
 * Chunks of earlier builds are left this long: a server started from one loads its chunks once
 * listening, and may still be doing so while the next build writes.
 */
const OLD_CHUNKS_KEPT_MS = 3_600_000;

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
    outdir: dirname(outfile),
    entryNames: basename(outfile, '.js'),
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
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
  mkdirSync(join(dirname(outfile), 'chunks'), { recursive: true });
  for (const f of result.outputFiles) {
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    utimesSync(tmp, began, began);
    renameSync(tmp, f.path);
  }
  const written = new Set(result.outputFiles.map((f) => f.path));
  const chunks = join(dirname(outfile), 'chunks');
  for (const name of readdirSync(chunks)) {
    const f = join(chunks, name);
    if (!written.has(f) && statSync(f).mtimeMs < began.getTime() - OLD_CHUNKS_KEPT_MS) rmSync(f, { force: true });
  }
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = await buildServer();
  process.stdout.write(`built ${out}\n`);
}

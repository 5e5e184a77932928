/**
 * `npm start`: run the compiled server (scripts/build.mjs) in this same process — one process,
 * so signals (SIGTERM for a graceful shutdown) and the memory measured are the gateway's own.
 * The bundle is rebuilt first only when a file it is built from changed since. main() reports a
 * failed start in one line and exits 1.
 */
import { pathToFileURL } from 'node:url';
import { BUNDLE, buildServer, bundleIsCurrent } from './build.mjs';

// A server runs as production unless told otherwise, before any package is loaded: graphql-js
// reads NODE_ENV once, when it loads, and outside production checks every failed instanceof for
// a second copy of itself (7–11% of the CPU of a cached GraphQL hit, bench/cached-hit.ts). No
// other package the gateway serves with behaves differently ('development' and 'test' do change
// yoga's error masking and SSE: an explicit NODE_ENV is kept as it is).
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';

const out = bundleIsCurrent() ? BUNDLE : await buildServer();
const { main } = await import(pathToFileURL(out).href);
main();

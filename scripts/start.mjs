/**
 * `npm start`: compile the server (scripts/build.mjs) and run it in this same process — one
 * process, so signals (SIGTERM for a graceful shutdown) and the memory measured are the
 * gateway's own. main() reports a failed start in one line and exits 1.
 */
import { pathToFileURL } from 'node:url';
import { buildServer } from './build.mjs';

const out = await buildServer();
const { main } = await import(pathToFileURL(out).href);
main();

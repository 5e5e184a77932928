/**
 * `npm start`: compile the server (scripts/build.mjs) and run it in this same process — one
 * process, so signals (SIGTERM for a graceful shutdown) and the memory measured are the
 * gateway's own.
 */
import { pathToFileURL } from 'node:url';
import { buildServer } from './build.mjs';

const out = await buildServer();
const { startServer } = await import(pathToFileURL(out).href);
startServer().catch((err) => {
  console.error(err);
  process.exit(1);
});

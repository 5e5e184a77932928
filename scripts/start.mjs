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
  // A configuration mistake (ConfigError, src/config.ts) is one line naming the variable.
  console.error(err?.name === 'ConfigError' ? `configuration: ${err.message}` : err);
  process.exit(1);
});

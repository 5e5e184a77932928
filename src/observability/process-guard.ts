/**
 * A promise rejection nobody handled, in our code or a library's, ends a Node process by default:
 * every request in flight is dropped and every reservation open is left to the next start. The
 * server instead logs it (error level, with its stack) and counts it
 * (`cl_unhandled_rejections_total`), and keeps serving: each such rejection belongs to one chain
 * of work that has already ended, and nothing shared is left half-changed by it. An uncaught
 * *exception* still ends the process (Node's default), since it can interrupt work midway.
 *
 * Installed by the server's start (src/server.ts) and removed at its stop; tests run the app without
 * it, so a rejection nobody handles still fails the test run.
 */
import type { Logger } from '../log.js';
import type { CounterCell } from './metrics.js';

/** Logs and counts unhandled rejections from now on; returns the function that stops it. */
export function guardUnhandledRejections(logger: Logger, counter: CounterCell): () => void {
  const onRejection = (reason: unknown) => {
    counter.inc();
    logger.error({ err: reason }, 'a promise rejection nobody handled (logged; the server keeps serving)');
  };
  process.on('unhandledRejection', onRejection);
  return () => void process.off('unhandledRejection', onRejection);
}

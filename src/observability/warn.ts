/**
 * `warn(platform, message)`: what a platform parser calls when a page is usable but not quite as
 * expected (a field it knows moved, an optional block missing, a value it had to guess). Nothing
 * is thrown and the answer is unchanged; the warning is counted per platform
 * (`cl_parser_warnings_total` on /metrics) and logged (at most once a minute per message).
 *
 * Parsers are pure functions without the gateway's services at hand, so this is a process-wide
 * function: every open gateway (openDeps) listens while it is open. Without one (a parser's own
 * unit tests) it does nothing.
 *
 *   import { warn } from '../../observability/warn.js';
 *   if (!meta.followers) warn('social-b', 'follower count missing from the profile header');
 */
export type WarningListener = (platform: string, message: string) => void;

const listeners = new Set<WarningListener>();

export function warn(platform: string, message: string): void {
  for (const l of listeners) {
    try {
      l(platform, message);
    } catch {
      /* a listener must never break a parser */
    }
  }
}

/** Listens to parser warnings until the returned function is called. */
export function onParserWarning(listener: WarningListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * `warn(platform, field, detail?)`: what a platform parser calls (through the parse kit,
 * src/parse/) when a page is usable but not quite as expected: a field the upstream normally
 * carries is missing or of another type, and the record is returned with that field null.
 * Nothing is thrown and the answer is unchanged; the warning is counted per platform and field
 * (`cl_parser_warnings_total{platform,field}` on /metrics, `parser_warnings` on /v1/status) and
 * logged (at most once a minute per platform and field).
 *
 * `field` names what degraded as `record.field` (`artist.name`, `channel.about`): a code
 * constant, never upstream or user text, so the number of series stays bounded. `detail` is
 * free text for the log only.
 *
 * Parsers are pure functions without the gateway's services at hand, so this is a process-wide
 * function: every open gateway (openDeps) listens while it is open. Without one (a parser's own
 * unit tests) it does nothing unless a test listens (captureWarnings in src/parse/).
 */
export type WarningListener = (platform: string, field: string, detail: string | undefined) => void;

const listeners = new Set<WarningListener>();

export function warn(platform: string, field: string, detail?: string): void {
  for (const l of listeners) {
    try {
      l(platform, field, detail);
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

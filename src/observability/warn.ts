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
import { AsyncLocalStorage } from 'node:async_hooks';

export type WarningListener = (platform: string, field: string, detail: string | undefined) => void;

const listeners = new Set<WarningListener>();

/** The reads under way that asked to hear whether a parser warned (`readWarned`), by async context. */
const reads = new AsyncLocalStorage<{ warned: boolean }>();

export function warn(platform: string, field: string, detail?: string): void {
  const read = reads.getStore();
  if (read) read.warned = true;
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

/**
 * Runs `work` and tells whether a parser warned while it ran, in its own async context (what
 * concurrent reads do is theirs; a read nested inside hears its own): the pipeline's live fetch,
 * which marks the record it read as degraded when one did (src/pipeline/live-fetch.ts), so every
 * caller sharing that fetch, and its cache entry, carries it (OperationOutcome.read).
 */
export async function readWarned<T>(work: () => Promise<T>): Promise<{ result: T; warned: boolean }> {
  const read = { warned: false };
  const result = await reads.run(read, work);
  return { result, warned: read.warned };
}

/**
 * Records returned without a part that an optional upstream request failed to bring: the video
 * channel's about panel, a linkpage-c page's modules, a subreddit's about, a code user's social
 * accounts. The record is still the answer (200, charged as a read, the part's fields null or
 * empty, a counted parser warning), but it is a partial read, and two things treat it so:
 *
 *  - the pipeline does not cache it (src/pipeline/live-fetch.ts): a later call, `cache_max_age`
 *    or not, reads the platform again instead of being served the gap until the entry expires;
 *  - creator discovery counts it as a failed part of the lookup: its result is `partial`
 *    (a page whose links could not be read may have led to more profiles or addresses).
 *
 * The mark travels with the record object (a WeakSet: nothing to clear, never on the wire, gone
 * with the object); the fetch code marks the object it returns (`partialRead`). The optional step
 * itself is read through `optionalStep`: its failure a warning, never the read's.
 */
import { isApiError } from '../errors.js';
import type { ReadWarnings } from '../observability/warn.js';
import { warn } from '../observability/warn.js';

const partial = new WeakSet<object>();

/** `record`, marked as a partial read (returned as is). */
export function partialRead<R extends object>(record: R): R {
  partial.add(record);
  return record;
}

/** Whether `value` is a record marked by `partialRead`. */
export function isPartialRead(value: unknown): boolean {
  return typeof value === 'object' && value !== null && partial.has(value);
}

const degraded = new WeakSet<object>();

/**
 * `record`, marked as a degraded read: a parser warned while it was read (a field the upstream
 * normally carries missing or of another type, returned null). The pipeline marks what it fetched
 * so (src/pipeline/live-fetch.ts), and every caller sharing that fetch (single-flight) sees it.
 */
export function degradedRead<R>(record: R): R {
  if (typeof record === 'object' && record !== null) degraded.add(record);
  return record;
}

/**
 * How a record was read, as the pipeline's outcome carries it (OperationOutcome.read): `partial`
 * (marked by `partialRead`: an optional request failed, its part missing), `degraded` (a parser
 * warned reading it), or undefined (a full read, as far as the gateway can tell).
 */
export type ReadGap = 'partial' | 'degraded';

export function readGapOf(value: unknown): ReadGap | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return partial.has(value) ? 'partial' : degraded.has(value) ? 'degraded' : undefined;
}

/**
 * An optional upstream step (the part a partial read goes without): its result, or null when it
 * fails with an upstream error — warned as `platform` / `field`, the error's message after
 * `context: ` when given. The caller going away (its signal aborted) and anything that is not an
 * ApiError stay errors.
 */
export async function optionalStep<T>(
  ctx: { signal?: AbortSignal; read?: ReadWarnings },
  warning: { platform: string; field: string; context?: string },
  step: () => Promise<T>,
): Promise<T | null> {
  try {
    return await step();
  } catch (e) {
    if (ctx.signal?.aborted || !isApiError(e)) throw e;
    warn(warning.platform, warning.field, warning.context ? `${warning.context}: ${e.message}` : e.message, ctx.read);
    return null;
  }
}

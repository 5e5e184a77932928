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
 * with the object); the fetch code marks the object it returns (`partialRead`).
 */
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

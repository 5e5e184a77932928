/**
 * What a signed-out visitor sees of an upstream object.
 *
 * Some members describe whoever made the request, not the account or the post: their follow of the
 * account, their like or save of a post, the followers they share with it, a tracking token
 * carrying their user id. This gateway never signs in, so upstreams answer it with those members'
 * signed-out values (false, null, an empty list) or without them; in an answer to a signed-in
 * request (several platforms' captures were made signed in) they are the requester's data —
 * another account's — and never part of a record.
 *
 * `signedOut(o, values)` returns a copy of `o` (member order kept) with each member named in
 * `values` at its signed-out value — a function makes a fresh one, so that no two records share an
 * object; `undefined` leaves the member out — unless it is false or null already, which a
 * signed-out answer may send as well. Each platform names its own members: the same word means
 * different things across platforms (microblog-b's `legacy.following` is the requester's follow,
 * its `relationship_counts.following` the account's count).
 */
import type { Obj } from './values.js';

export type SignedOutValue = string | number | boolean | null | undefined | (() => unknown);
export type SignedOutValues = Readonly<Record<string, SignedOutValue>>;

export function signedOut(o: Obj, values: SignedOutValues): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) {
    // A member absent from `values`, or already at a signed-out value (false, null), is kept as sent.
    if (!Object.hasOwn(values, k) || v === false || v === null) out[k] = v;
    else {
      const value = values[k];
      if (value !== undefined) out[k] = typeof value === 'function' ? value() : value;
    }
  }
  return out;
}

/**
 * How large one GraphQL answer may be. A cached record is one object shared by every field that
 * selects it, so an answer costs nothing to hold until it is serialised — and then it is as long
 * as every selection of it: 25 aliased root fields of one cached 4 MB record, each with its `json`
 * and an alias of it, were a ~300 MB answer at 0 credits (two of them ran a 512 MB process out of
 * heap). An answer is measured before it is serialised, walking no further than the bound; with
 * @defer / @stream, each part of it (src/graphql/incremental.ts).
 */
import type { GraphQLError } from 'graphql';
import { knownJson } from '../cache/cache.js';
import { invalidInput } from '../errors.js';
import { operationError } from '../pipeline/errors.js';

/**
 * Bytes of JSON one answer may take: its key's GRAPHQL_MAX_IN_FLIGHT_PER_KEY (32) answers, held
 * until their client reads them, then fit in half of `npm start`'s 512 MB heap.
 */
export const GRAPHQL_MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * Whether `value` as JSON is longer than `max` characters (a string's characters counted as they
 * are, without escapes: a lower bound of its text). A record the cache has serialised counts its
 * stored text's length, without a walk; the walk stops once past `max`.
 */
export function jsonLongerThan(value: unknown, max: number): boolean {
  let left = max;
  const over = (v: unknown): boolean => {
    if (typeof v === 'string') left -= v.length + 2;
    else if (typeof v !== 'object' || v === null) left -= String(v).length;
    else {
      const known = knownJson(v);
      if (known !== undefined) left -= known.length;
      else if (Array.isArray(v)) {
        left -= v.length + 1;
        for (const item of v) if (over(item)) return true;
      } else
        for (const [k, item] of Object.entries(v)) {
          left -= k.length + 4;
          if (over(item)) return true;
        }
    }
    return left < 0;
  };
  return over(value);
}

/** The error that takes the place of an answer (or of a part of one) over GRAPHQL_MAX_ANSWER_BYTES: 400 INVALID_INPUT. */
export const answerTooLarge = (): GraphQLError =>
  operationError(
    invalidInput([
      {
        param: 'query',
        message: `the answer would exceed ${GRAPHQL_MAX_ANSWER_BYTES} bytes: select fewer fields or aliases (the lookups that ran are charged; ask for them again with cacheMaxAge at 0 credits)`,
      },
    ]),
  );

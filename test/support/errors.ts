/**
 * The ApiError a synchronous call throws (a parser's typed refusal), for tests to look at; the
 * test fails when the call throws something else or nothing. (A promise's: `failure` in
 * replay-upstream.ts.)
 */
import { expect } from 'vitest';
import { ApiError } from '../../src/errors.js';

export function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected an ApiError, nothing was thrown');
}

/**
 * The argument rules every operation shares (paramSchema in operation.ts), on one operation with
 * a required string (websearch's `query`) and on every operation the gateway serves.
 */
import { describe, expect, it } from 'vitest';
import { allParams, validateArgs } from './operation.js';
import { allOperations } from '../gateway.js';
import { search } from './websearch/platform.js';

const problemsOf = (args: Record<string, unknown>) => {
  const v = validateArgs(search, args);
  return v.ok ? [] : v.problems;
};

describe('a required string', () => {
  it('of only whitespace, control or invisible format characters is empty: refused before anything is charged', () => {
    for (const query of ['', '   ', '\u0000', '\u0001\u0002', '\t\n\u0000 ', '\u200b', '\ufeff\u200d', '\u0085'])
      expect(problemsOf({ query }), JSON.stringify(query)).toEqual([
        expect.objectContaining({ param: 'query', message: 'must not be empty' }),
      ]);
  });

  it('with one visible character is accepted, whatever else it holds', () => {
    for (const query of ['a', ' a ', 'a\u0000', '\u200bé', '日本', '🙂']) expect(problemsOf({ query }), JSON.stringify(query)).toEqual([]);
  });

  it('holding bytes that were not UTF-8 (U+FFFD) or a lone surrogate is refused: no text a caller means (an outside sweep: charged)', () => {
    for (const query of ['caf\uFFFD', '\uD800', 'a\uDC00b', 'x\uDBFF'])
      expect(problemsOf({ query }), JSON.stringify(query)).toEqual([
        expect.objectContaining({ param: 'query', message: expect.stringContaining('must be valid UTF-8 text') }),
      ]);
    expect(problemsOf({ query: 'emoji \uD83D\uDE42' })).toEqual([]);
  });

  it('is refused the same way on every operation that has one', () => {
    let seen = 0;
    for (const op of allOperations())
      for (const p of allParams(op).filter((p) => p.kind === 'string' && p.required)) {
        const v = validateArgs(op, { [p.gql ?? p.name]: '\u0000\u200b' });
        // Refused (0 credits): by this rule, or first by the parameter's own format rule.
        expect(v.ok, `${op.field}.${p.name}`).toBe(false);
        seen++;
      }
    expect(seen).toBeGreaterThan(20);
  });
});

import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './limits.js';

describe('nestsDeeperThan', () => {
  const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;

  it('counts {, [ and ( together, and closes them', () => {
    expect(nestsDeeperThan(`{ a(x: ${deep(3)}) }`, 5)).toBe(false);
    expect(nestsDeeperThan(`{ a(x: ${deep(4)}) }`, 5)).toBe(true);
    expect(nestsDeeperThan(`{ a } { b } { c } { d } { e } { f }`, 1)).toBe(false);
  });

  it('brackets in strings, block strings and comments are no nesting', () => {
    const many = '['.repeat(100);
    expect(nestsDeeperThan(`{ a(x: "${many}") }`, 3)).toBe(false);
    expect(nestsDeeperThan(`{ a(x: "\\"${many}") }`, 3)).toBe(false);
    expect(nestsDeeperThan(`{ a(x: """${many} \\""" ${many}""") }`, 3)).toBe(false);
    expect(nestsDeeperThan(`# ${many}\n{ a }`, 3)).toBe(false);
    // …but they end: brackets after them count.
    expect(nestsDeeperThan(`{ a(x: "s") b(y: ${deep(5)}) }`, 3)).toBe(true);
    expect(nestsDeeperThan(`# c\n{ b(y: ${deep(5)}) }`, 3)).toBe(true);
  });

  it('an unterminated string or block string ends the scan (the parser refuses the document)', () => {
    expect(nestsDeeperThan(`{ a(x: """${'['.repeat(100)}`, 3)).toBe(false);
    expect(nestsDeeperThan(`{ a(x: "${'['.repeat(100)}`, 3)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { ApiError } from '../errors.js';
import { FIXTURES_DIR, hasFixtures, readFixture } from '../../test/support/fixtures.js';
import { UPSTREAM_JSON_BOUNDS, UPSTREAM_JSON_MAX_DEPTH, jsonShapeExcess, parseUpstreamJson } from './json.js';
import { cpuMs } from '../../test/support/cpu-time.js';

const nested = (depth: number) => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

describe('jsonShapeExcess', () => {
  it('measures nesting outside strings only, escapes respected', () => {
    expect(jsonShapeExcess('[[[]]]', { depth: 3 })).toBeNull();
    expect(jsonShapeExcess('[[[[]]]]', { depth: 3 })).toBe('depth');
    expect(jsonShapeExcess('["[[[[[[", "\\"[[[[[", "\\\\", [[]]]', { depth: 3 })).toBeNull();
    expect(jsonShapeExcess('["\\\\", [[[]]]]', { depth: 3 })).toBe('depth');
    // Closed containers give their level back.
    expect(jsonShapeExcess('[[[]],[[]],[[]]]', { depth: 3 })).toBeNull();
  });

  it('applies the optional bounds a job body has', () => {
    expect(jsonShapeExcess('[{},{},{}]', { depth: 8, containers: 3 })).toBe('containers');
    expect(jsonShapeExcess('{"a":1,"b":2,"c":3}', { depth: 8, members: 2 })).toBe('members');
    expect(jsonShapeExcess('{"a":1,"b":2,"c":3}', { depth: 8, objectMembers: 2 })).toBe('objectMembers');
    expect(jsonShapeExcess('[1,2,3]', { depth: 8, arrayElements: 2 })).toBe('arrayElements');
    expect(jsonShapeExcess('[1,2,{"a":1,"b":2}]', { depth: 8, objectMembers: 2, arrayElements: 3 })).toBeNull();
  });

  it('is linear: 8 MB of `[`, of escaped quotes, of escaped backslashes, each well under a second', () => {
    for (const text of ['['.repeat(8_000_000), `["${'\\"'.repeat(4_000_000)}"]`, `[${'"a\\\\",'.repeat(1_000_000)}1]`]) {
      const started = cpuMs();
      jsonShapeExcess(text, { depth: UPSTREAM_JSON_MAX_DEPTH });
      expect(cpuMs() - started).toBeLessThan(1000);
    }
  });
});

describe('parseUpstreamJson', () => {
  it('parses JSON up to the bound, refuses deeper with UPSTREAM_FAILED naming it', () => {
    expect(parseUpstreamJson(nested(UPSTREAM_JSON_MAX_DEPTH), 'h.example')).toBeTypeOf('object');
    let err: unknown;
    try {
      parseUpstreamJson(nested(UPSTREAM_JSON_MAX_DEPTH + 1), 'h.example');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('UPSTREAM_FAILED');
    expect((err as ApiError).message).toContain(`h.example: upstream JSON nests deeper than ${UPSTREAM_JSON_MAX_DEPTH} levels`);
  });

  it('refuses 8 MB of nested `[` before JSON.parse builds anything (bounded time and heap)', () => {
    const before = process.memoryUsage().heapUsed;
    const started = cpuMs();
    expect(() => parseUpstreamJson('['.repeat(4_000_000) + ']'.repeat(4_000_000), () => 'h.example')).toThrow(/nests deeper than/);
    expect(cpuMs() - started).toBeLessThan(500);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses 8 MB of flat `[{},{},…]` and an object of 600,000 members before JSON.parse builds them (bounded heap)', () => {
    const before = process.memoryUsage().heapUsed;
    expect(() => parseUpstreamJson(`[${'{},'.repeat(2_700_000)}{}]`, 'h.example')).toThrow(
      'h.example: upstream JSON holds more than 200,000 objects and arrays',
    );
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
    const members = `{${Array.from({ length: 600_000 }, (_, i) => `"k${i}":0`).join(',')}}`;
    expect(() => parseUpstreamJson(members, 'h.example')).toThrow('h.example: upstream JSON holds more than 500,000 object members');
    // Up to the bounds, parsed.
    expect(parseUpstreamJson(`[${'{},'.repeat(UPSTREAM_JSON_BOUNDS.containers - 2)}{}]`, 'h.example')).toHaveLength(
      UPSTREAM_JSON_BOUNDS.containers - 1,
    );
  });

  it('throws JSON.parse SyntaxError for text that is not JSON', () => {
    expect(() => parseUpstreamJson('<html>', 'h.example')).toThrow(SyntaxError);
  });

  it('leaves every real captured JSON answer whole: the deepest (a youtubei browse answer) nests 41 levels', () => {
    let deepest = 0;
    for (const label of ['video', 'microblog-b', 'forum', 'microblog-d', 'social-b', 'audio-a', 'audio-b', 'newsletter', 'code']) {
      if (!hasFixtures(label)) continue;
      for (const file of readdirSync(`${FIXTURES_DIR}/${label}`).filter((f) => f.endsWith('.json'))) {
        const text = readFixture(label, file);
        expect(jsonShapeExcess(text, UPSTREAM_JSON_BOUNDS), `${label}/${file}`).toBeNull();
        let d = 1;
        while (d < 64 && jsonShapeExcess(text, { depth: d })) d++;
        deepest = Math.max(deepest, d);
      }
    }
    if (deepest) expect(deepest).toBeLessThan(UPSTREAM_JSON_MAX_DEPTH / 8);
  });
});

/**
 * The one reading of a record schema (src/platforms/schema-walk.ts): wrappers seen through,
 * unions merged by kind (null dropped), members `always` only when every record carries them,
 * passed-through objects `any`, and a recursive schema followed only as deep as asked.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldPaths, memberNode, nodeOf } from './schema-walk.js';
import type { SchemaNode } from './schema-walk.js';

const keys = (n: SchemaNode) => (n.kind === 'object' ? [...n.members.keys()] : null);
const always = (n: SchemaNode) => (n.kind === 'object' ? [...n.members.values()].filter((m) => m.always).map((m) => m.name) : null);
const scalarsOnly = { levels: 4, leaf: (n: SchemaNode) => (n.kind === 'scalar' ? '' : null) };

describe('schema walk', () => {
  it('sees through wrappers: optional, nullable, default, catch, readonly, lazy, pipe', () => {
    for (const s of [
      z.string().optional(),
      z.string().nullable(),
      z.string().default('x'),
      z.string().catch('x'),
      z.string().readonly(),
      z.lazy(() => z.string()),
      z.string().pipe(z.string()),
      z.string().nullable().optional(),
    ])
      expect(nodeOf(s)).toEqual({ kind: 'scalar', type: 'string' });
    expect(nodeOf(z.number().int().nullable())).toEqual({ kind: 'scalar', type: 'number' });
    expect(nodeOf(z.enum(['a', 'b']))).toEqual({ kind: 'scalar', type: 'string' });
    expect(nodeOf(z.literal(3))).toEqual({ kind: 'scalar', type: 'number' });
  });

  it("unions: null options dropped, scalars merged by type, objects by members, lists by items; different kinds are 'other'", () => {
    expect(nodeOf(z.union([z.string(), z.null()]))).toEqual({ kind: 'scalar', type: 'string' });
    expect(nodeOf(z.union([z.number(), z.boolean()]).nullable())).toEqual({ kind: 'scalar', type: 'mixed' });
    expect(nodeOf(z.union([z.object({ a: z.string() }), z.string()]))).toEqual({ kind: 'other' });
    expect(nodeOf(z.null())).toEqual({ kind: 'other' });
    const post = z.object({ id: z.string(), text: z.string(), likes: z.number().optional() });
    const tombstone = z.object({ id: z.string(), reason: z.string(), likes: z.number() });
    const merged = nodeOf(z.union([post, tombstone]));
    expect(keys(merged)).toEqual(['id', 'text', 'likes', 'reason']);
    // Carried by every record: in each option, and optional in none.
    expect(always(merged)).toEqual(['id']);
    const list = nodeOf(z.union([z.array(post), z.array(tombstone)]));
    expect(list.kind === 'list' && keys(list.item)).toEqual(['id', 'text', 'likes', 'reason']);
    expect(
      keys(
        nodeOf(z.discriminatedUnion('t', [z.object({ t: z.literal('a'), a: z.number() }), z.object({ t: z.literal('b'), b: z.number() })])),
      ),
    ).toEqual(['t', 'a', 'b']);
  });

  it("records, unknown and any are 'any'; a loose object's other members are its rest", () => {
    for (const s of [z.record(z.string(), z.unknown()), z.unknown(), z.any(), z.union([z.object({ a: z.string() }), z.unknown()])])
      expect(nodeOf(s).kind).toBe('any');
    const loose = nodeOf(z.looseObject({ a: z.string() }));
    expect(loose.kind === 'object' && loose.rest.length).toBe(1);
    const strict = nodeOf(z.strictObject({ a: z.string() }));
    expect(strict.kind === 'object' && strict.rest.length).toBe(0);
    expect(memberNode(strict, 'a')).toEqual({ kind: 'scalar', type: 'string' });
    expect(memberNode(strict, 'b')).toBeNull();
  });

  it('field paths: objects walked into up to `levels`, leaves chosen by the reader, recursion bounded', () => {
    const Post: z.ZodType = z.object({
      text: z.string(),
      tags: z.array(z.string()),
      get quoted() {
        return Post.nullable();
      },
      author: z.lazy(() => z.object({ name: z.string(), meta: z.record(z.string(), z.unknown()) })),
    });
    expect(fieldPaths(nodeOf(Post), { ...scalarsOnly, levels: 2 })).toEqual(['text', 'quoted.text', 'author.name']);
    expect(fieldPaths(nodeOf(Post), { ...scalarsOnly, levels: 3 })).toEqual([
      'text',
      'quoted.text',
      'quoted.quoted.text',
      'quoted.author.name',
      'author.name',
    ]);
    const withLists = { levels: 1, leaf: (n: SchemaNode) => (n.kind === 'list' ? '.*' : n.kind === 'scalar' ? '' : null) };
    expect(fieldPaths(nodeOf(Post), withLists)).toEqual(['text', 'tags.*']);
    const maybe = z.object({ a: z.string(), b: z.string().optional(), cursor: z.string() });
    expect(fieldPaths(nodeOf(maybe), { ...scalarsOnly, alwaysOnly: true, skip: (k) => k === 'cursor' })).toEqual(['a']);
  });
});

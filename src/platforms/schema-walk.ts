/**
 * A record's zod schema (the one source of its fields: src/platforms/records.ts) read as a tree of
 * what each value may be, and the dotted paths to its fields. The bulk jobs' CSV columns
 * (src/jobs/export.ts), a monitor's watchable fields (src/monitors/fields.ts), the record keys
 * tests pin (recordKeys, src/platforms/records.ts) and the GraphQL types' check against the
 * records (src/graphql/record-fields.test.ts) all read schemas here, by one rule:
 *
 *  - wrappers that do not change what a value is are seen through: optional, nullable, default,
 *    prefault, catch, readonly, nonoptional, lazy (a recursive record: a post quoting a post), a
 *    pipe (its input);
 *  - a union's null and undefined options are its nullability, dropped; its other options merge
 *    when they are of one kind: scalars → a scalar (`number`, `string` or `boolean` when they
 *    agree, else `mixed`); objects → one object with every option's members in the order first
 *    seen (a tweet or its trimmed form); lists → a list of the merged items. Options of different
 *    kinds (an object or a string) are `other`: a value read whole, never walked into;
 *  - an object member is `always` when every record carries it: every option of a union has it,
 *    and none marks it `.optional()` (recordKeys in src/platforms/records.ts lists these). A
 *    catchall (a loose record) lets any other member be there (`rest`);
 *  - z.record, unknown and any are `any`: passed through as the upstream gives it, any member;
 *  - everything else (null alone, never, a date…) is `other`.
 *
 * Members are read when asked for (`nodeOf(member.alternatives)`), so a recursive schema is
 * followed only as deep as its reader goes (`levels` in fieldPaths).
 */
import type { z } from 'zod';

export type ScalarType = 'number' | 'string' | 'boolean' | 'mixed';

export interface Member {
  name: string;
  /** The member's schema in each object option that has it. */
  alternatives: z.ZodType[];
  /** Every record carries it (see the header). */
  always: boolean;
}

export type SchemaNode =
  | { kind: 'scalar'; type: ScalarType }
  | { kind: 'object'; members: ReadonlyMap<string, Member>; rest: z.ZodType[] }
  | { kind: 'list'; item: SchemaNode }
  | { kind: 'any' }
  | { kind: 'other' };

/** The zod v4 definition members read here. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
}
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['nullable', 'optional', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);
const NOTHING = new Set(['null', 'undefined', 'void', 'never']);
const PASSED_THROUGH = new Set(['record', 'unknown', 'any']);
const SCALAR: Record<string, ScalarType> = {
  string: 'string',
  enum: 'string',
  template_literal: 'string',
  number: 'number',
  int: 'number',
  bigint: 'number',
  boolean: 'boolean',
};

/** The definitions a value of `s` may have: wrappers seen through, unions spread, null dropped. */
function spread(s: z.ZodType, out: Def[]): void {
  let d = defOf(s);
  // Bounded: a lazy schema that returns itself would loop.
  for (let i = 0; i < 64; i++) {
    if (WRAPPERS.has(d.type) && d.innerType) d = defOf(d.innerType);
    else if (d.type === 'lazy' && d.getter) d = defOf(d.getter());
    else if (d.type === 'pipe' && d.in) d = defOf(d.in);
    else break;
  }
  if (d.type === 'union') for (const o of d.options ?? []) spread(o, out);
  else if (!NOTHING.has(d.type)) out.push(d);
}

function scalarType(d: Def): ScalarType | null {
  if (d.type !== 'literal') return SCALAR[d.type] ?? null;
  const types = new Set((d.values ?? []).map((v) => typeof v));
  if (types.size !== 1) return types.size ? 'mixed' : null;
  const [t] = types;
  return t === 'string' || t === 'number' || t === 'boolean' ? t : t === 'bigint' ? 'number' : null;
}

function mergedObject(objects: Def[]): SchemaNode {
  const members = new Map<string, Member & { count: number }>();
  for (const o of objects)
    for (const [name, schema] of Object.entries(o.shape ?? {})) {
      let m = members.get(name);
      if (!m) members.set(name, (m = { name, alternatives: [], always: true, count: 0 }));
      m.alternatives.push(schema);
      m.count++;
      if (defOf(schema).type === 'optional') m.always = false;
    }
  for (const m of members.values()) m.always &&= m.count === objects.length;
  const rest = objects.flatMap((o) => (o.catchall && defOf(o.catchall).type !== 'never' ? [o.catchall] : []));
  return { kind: 'object', members, rest };
}

/** What a value of these schemas (a member's alternatives, or one schema) may be: see the header. */
export function nodeOf(schemas: z.ZodType | readonly z.ZodType[]): SchemaNode {
  const defs: Def[] = [];
  for (const s of Array.isArray(schemas) ? schemas : [schemas as z.ZodType]) spread(s, defs);
  if (!defs.length) return { kind: 'other' };
  if (defs.some((d) => PASSED_THROUGH.has(d.type))) return { kind: 'any' };
  const scalars = defs.map(scalarType);
  if (scalars.every((t) => t !== null)) {
    const types = new Set(scalars);
    return { kind: 'scalar', type: types.size === 1 ? scalars[0] : 'mixed' };
  }
  if (defs.every((d) => d.type === 'object')) return mergedObject(defs);
  if (defs.every((d) => d.type === 'array')) return { kind: 'list', item: nodeOf(defs.map((d) => d.element!)) };
  return { kind: 'other' };
}

/** The node of an object's member, or null when it has none of that name. */
export function memberNode(node: SchemaNode, name: string): SchemaNode | null {
  if (node.kind !== 'object') return null;
  const m = node.members.get(name);
  return m ? nodeOf(m.alternatives) : null;
}

export interface PathRule {
  /** Members at most this many levels down are read (`data.user.edge_followed_by.count` is 4). */
  levels: number;
  /** Only the members every record carries (`always`). */
  alwaysOnly?: boolean;
  /** Members left out by name (pagination tokens…). */
  skip?: (name: string) => boolean;
  /**
   * What a member that is not an object gives: '' for its own path, a tail (`.email`) for a path
   * below it, null for none. Object members are walked into, `levels` permitting.
   */
  leaf: (node: SchemaNode) => string | null;
}

/** The dotted paths of an object node's fields under `rule`, in the schema's order. */
export function fieldPaths(node: SchemaNode, rule: PathRule, prefix = '', level = 1): string[] {
  if (node.kind !== 'object' || level > rule.levels) return [];
  const out: string[] = [];
  for (const m of node.members.values()) {
    if ((rule.alwaysOnly && !m.always) || rule.skip?.(m.name)) continue;
    const n = nodeOf(m.alternatives);
    const path = `${prefix}${m.name}`;
    if (n.kind === 'object') out.push(...fieldPaths(n, rule, `${path}.`, level + 1));
    else {
      const tail = rule.leaf(n);
      if (tail !== null) out.push(path + tail);
    }
  }
  return out;
}

/**
 * Building blocks of the wire-record schemas (each platform's `schema.ts`): the zod schemas that
 * are at once the parsers' TypeScript types (`z.infer`), the /openapi.json response schemas
 * (`z.toJSONSchema`, src/rest/openapi.ts) and what every REST body in the test suite is checked
 * against (src/rest/contract.ts).
 *
 * Conventions, from api.md and each platform's README ("Fields that may be null, and why"):
 * - a field is `.nullable()` exactly where an upstream may omit the value; it is never left out
 *   (api.md: "every listed field is present; null where the page lacks it");
 * - records are `strict` (a field not in the schema is an error), except where api.md says the
 *   record carries more than it lists ("and more", "many flags", "and others", "further nullable
 *   fields"): those are `loose` — the documented fields typed, the others allowed;
 * - `.optional()` only where api.md says a field exists for some items only (a product's price).
 */
import { z } from 'zod';
import { PLATFORM_NAMES } from '../links/classify.js';
import { nodeOf } from './schema-walk.js';

export const Str = z.string();
export const NStr = z.string().nullable();
export const Int = z.number().int();
export const NInt = z.number().int().nullable();
export const Num = z.number();
export const NNum = z.number().nullable();
export const Bool = z.boolean();
export const NBool = z.boolean().nullable();
/** A value the upstream gives as it is, of a type api.md does not state (passed through). */
export const Any = z.unknown();
/** An upstream object passed through whole; api.md does not list its members. */
export const Obj = z.record(z.string(), z.unknown());
export const NObj = Obj.nullable();
export const Strs = z.array(z.string());

/**
 * Counts a record carries as the platform shows them, texts ("1.2M subscribers", "2,170,355,382
 * views"; src/parse/counts.ts reads them): a field of `NCountText` is one. What reads a record
 * by its schema learns it here (`countTexts.get`, inherited by a `.describe()`d copy) — a
 * monitor compares two such texts as the counts they stand for, within the precision each shows
 * (src/monitors/fields.ts), not as texts.
 */
export const countTexts = z.registry<{ countText: true }>();
export const NCountText = z.string().nullable().register(countTexts, { countText: true });

/**
 * "One URL field per linked platform" (api.md) added to a record: the field is the platform's
 * label or lowercase name — every name the link classifier can give
 * (src/platforms/links/classify.ts), so a typed client sees each — present when the page links
 * that platform. `listed`: the fields a record always carries (seeded with '' or null when the
 * page has no such link). The record's own fields keep their types (`whatsapp` on linkpage-e).
 *
 * The TypeScript type stays the record's fixed fields (the platform fields are a dynamic set).
 */
export function withPlatformUrls<T extends z.ZodObject>(record: T, listed?: { names: readonly string[]; value: z.ZodType }): T {
  const shape: Record<string, z.ZodType> = {};
  for (const name of PLATFORM_NAMES) if (!(name in record.shape)) shape[name] = z.string().optional();
  for (const name of listed?.names ?? []) if (!(name in record.shape)) shape[name] = listed!.value;
  return record.extend(shape) as unknown as T;
}

/**
 * A record that passes the upstream object through whole ("and others", "further nullable
 * fields"): at run time (and in /openapi.json) fields beyond the documented ones are allowed; the
 * TypeScript type names the documented fields only (what the code reads, and what the GraphQL
 * object types expose).
 */
export function passThrough<T extends z.ZodObject>(record: T): T {
  return z.looseObject(record.shape) as unknown as T;
}

/**
 * The component names of the records /openapi.json shows (`#/components/schemas/<id>`): every
 * operation's record, and the records that are shared or recursive (a post quoting a post).
 */
export const records = z.registry<{ id: string; description?: string }>();

/** Registers a schema under its component name and returns it. */
export function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  records.add(schema, description ? { id, description } : { id });
  return schema;
}

/**
 * The members every record of an object schema carries, in the schema's order (api.md's): its
 * members but the `.optional()` ones (`always`, src/platforms/schema-walk.ts). What tests check a
 * record's keys against.
 */
export function recordKeys(schema: z.ZodObject): string[] {
  const node = nodeOf(schema);
  return node.kind === 'object' ? [...node.members.values()].filter((m) => m.always).map((m) => m.name) : [];
}

/** Compile-time: A and B are the same type (for types kept outside a schema file, checked equal). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export function assertType<_T extends true>(): void {}

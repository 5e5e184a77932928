/**
 * The /v1 response contract as data: each route's 200 body — the api.md envelope and the
 * operation's record (`op.record`, the platform's zod schema), spread at top level or under
 * `rest.wrap` — as one zod schema. /openapi.json carries them as its response schemas
 * (src/rest/openapi.ts); the test suite checks every REST body it receives against them
 * (test/harness.ts), so a record drifting from its schema fails a test.
 */
import { z } from 'zod';
import { ERROR_STATUS } from '../errors.js';
import type { ErrorCode } from '../errors.js';
import type { OperationDef } from '../platforms/operation.js';
import { records } from '../platforms/records.js';

/** api.md "Common envelope". */
export const ENVELOPE_SHAPE = {
  success: z.literal(true),
  credits_remaining: z.number().int(),
  credits_charged: z.number().int(),
  /** Present and true when served from cache. */
  cached: z.literal(true).optional(),
  /** Present when cached. */
  cached_at: z.string().optional(),
};

/** The envelope alone (for routes that document their members next to it, e.g. /v1/account). */
export const Envelope = z.looseObject(ENVELOPE_SHAPE);
records.add(Envelope, { id: 'Envelope', description: 'api.md "Common envelope": every successful response' });

/** Every error answer (src/pipeline/errors.ts `restErrorBody`). */
export const ErrorBody = z.strictObject({
  success: z.literal(false),
  error: z.strictObject({
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    /** INVALID_INPUT: one entry per parameter at fault. */
    details: z.array(z.strictObject({ param: z.string(), message: z.string() })).optional(),
    /** The response's x-request-id. */
    request_id: z.string().optional(),
  }),
});
records.add(ErrorBody, { id: 'Error' });

function pascal(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

/** The component name of an operation's 200 body in /openapi.json. */
export function responseName(op: OperationDef): string {
  return `${pascal(op.field)}Response`;
}

/**
 * The record's members next to the envelope's, keeping the record's strictness (or looseness).
 * Not a reading of the schema (src/platforms/schema-walk.ts): it builds a schema that validates as
 * the record does, so each union option stays its own option, never merged.
 */
function spread(record: z.ZodType): z.ZodType {
  if (record instanceof z.ZodObject) return record.extend(ENVELOPE_SHAPE);
  if (record instanceof z.ZodUnion) return z.union((record.options as z.ZodType[]).map(spread));
  throw new Error('A record spread at top level must be an object schema (or a union of them)');
}

const bodies = new WeakMap<OperationDef, z.ZodType>();

/** The schema of an operation's 200 body (registered under `responseName(op)` on first use). */
export function restBodySchema(op: OperationDef): z.ZodType {
  let s = bodies.get(op);
  if (!s) {
    s = op.rest.wrap ? z.strictObject({ ...ENVELOPE_SHAPE, [op.rest.wrap]: op.record }) : spread(op.record);
    if (!records.has(s)) records.add(s, { id: responseName(op), description: `${op.rest.path}: the envelope and the record` });
    bodies.set(op, s);
  }
  return s;
}

/**
 * Where a response body departs from its route's schema (the 200 body's, or the error body's for
 * any other status), one line per problem; empty when it conforms.
 */
export function bodyProblems(op: OperationDef, body: unknown, status = 200): string[] {
  const r = (status === 200 ? restBodySchema(op) : ErrorBody).safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`);
}

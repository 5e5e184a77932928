/**
 * A GraphQL operation's `extensions.credits`: what each root field (by response key, aliases
 * included) was charged, whether it was served from cache, and the operation's total and the
 * balance after its one settlement.
 *
 * Each root field's resolver runs its operation through the pipeline (src/pipeline/run.ts) and
 * notes the outcome here; the operation's executor wrapper (execute.ts) reads the notes once
 * execution is over. A root field is charged what its operation cost only when its value is in
 * the result (an error that nulls it, anywhere inside it, makes it cost 0); a field whose
 * resolver never completed (invalid arguments) costs 0.
 */
import type { GatewayContext } from '../pipeline/context.js';
import type { OperationOutcome } from '../pipeline/run.js';

export interface FieldCredits {
  path: string;
  charged: number;
  cached: boolean;
  cached_at: string | null;
}

export interface CreditsExtension {
  charged: number;
  remaining: number;
  fields: FieldCredits[];
}

const outcomes = new WeakMap<GatewayContext, Map<string, OperationOutcome>>();

/** A root field's operation completed (its resolver notes it under its response key). */
export function noteRootField(ctx: GatewayContext, responseKey: string, outcome: OperationOutcome): void {
  let byKey = outcomes.get(ctx);
  if (!byKey) outcomes.set(ctx, (byKey = new Map()));
  byKey.set(responseKey, outcome);
}

/**
 * What each root field of the operation is charged, and the total: `rootFields` are the response
 * keys of its root fields that are operations, in document order; `data` the result's.
 */
export function rootFieldCredits(
  ctx: GatewayContext,
  rootFields: readonly string[],
  data: Record<string, unknown> | null | undefined,
): { total: number; fields: FieldCredits[] } {
  const noted = outcomes.get(ctx);
  const fields: FieldCredits[] = [];
  let total = 0;
  for (const path of rootFields) {
    const o = noted?.get(path);
    const charged = o && data?.[path] != null ? o.charged : 0;
    total += charged;
    fields.push({ path, charged, cached: !!o?.cached, cached_at: o?.cachedAt ?? null });
  }
  return { total, fields };
}

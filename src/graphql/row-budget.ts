/**
 * Rows one GraphQL document may ask a store for, over every field of one kind (monitors' history,
 * jobs' results), aliases and every parent of a list included. GraphQL lets one document repeat a
 * paged field under 50 aliases inside a page of 100 parents: without a budget, one query of a
 * long-lived key made the server hold millions of rows.
 *
 * Each field takes its page size from what is left when it starts (fields start in document order):
 * a field asking more than is left gets a shorter page (its paging goes on from there, as any
 * page's), and once nothing is left the field is an INVALID_INPUT error naming `param`.
 */
import { ApiError } from '../errors.js';

export interface RowBudget {
  /** What the budget counts, for the error: "history rows". */
  what: string;
  /** Rows per document. */
  rows: number;
}

const left = new WeakMap<object, Map<RowBudget, number>>();

/** The page size `asked` becomes under `budget` in the document whose context is `ctx`. */
export function takeRows(ctx: object, budget: RowBudget, asked: number, param: string): number {
  let byBudget = left.get(ctx);
  if (!byBudget) left.set(ctx, (byBudget = new Map()));
  const remaining = byBudget.get(budget) ?? budget.rows;
  if (remaining === 0)
    throw new ApiError('INVALID_INPUT', `At most ${budget.rows} ${budget.what} per GraphQL document`, {
      details: [{ param, message: `this document already asks for ${budget.rows} ${budget.what}: ask for the rest in another request` }],
    });
  const taken = Math.min(asked, remaining);
  byBudget.set(budget, remaining - taken);
  return taken;
}

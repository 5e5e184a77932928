/**
 * GraphQL `me`: the caller's own account (balance, rate limit, key name and hint), and
 * `transactions`: its settled movements (transactions.ts), at 0 credits. Not operations: the
 * pipeline admits the caller (401, 429) and charges nothing.
 */
import { ApiError } from '../errors.js';
import type { GatewayContext } from '../pipeline/context.js';
import { builder } from '../graphql/builder.js';
import type { Account } from './account.js';
import { accountOf } from './account.js';
import type { TransactionView, TransactionsPage } from './transactions.js';
import { TRANSACTIONS_LIMIT_DEFAULT, TRANSACTIONS_LIMIT_MAX, transactionsOf, transactionsQueryOf } from './transactions.js';
import { takeRows } from '../graphql/row-budget.js';
import type { RowBudget } from '../graphql/row-budget.js';

/** Transactions one GraphQL document may ask for over all its aliased `transactions` fields (src/graphql/row-budget.ts). */
export const TRANSACTIONS_BUDGET: RowBudget = { what: 'transactions', rows: 10_000 };

/** Declares account's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function accountGraphql(): void {
  const RateLimitRef = builder.objectRef<NonNullable<Account['rate_limit']>>('AccountRateLimit').implement({
    description: "The request rate this key may use (its own, or the gateway's default)",
    fields: (t) => ({
      rps: t.exposeFloat('rps', { nullable: false, description: 'Requests per second the bucket refills at' }),
      burst: t.exposeInt('burst', { nullable: false, description: "Requests at once: the token bucket's size" }),
      own: t.exposeBoolean('own', { nullable: false, description: "true: the key's own limit; false: the gateway's default" }),
    }),
  });

  const AccountRef = builder.objectRef<Account>('Account').implement({
    description: 'The API key making the request',
    fields: (t) => ({
      keyId: t.exposeString('key_id', { nullable: false, description: "The key's id (`key_…`), not the secret" }),
      name: t.exposeString('name', { nullable: false, description: 'The name the operator gave the key' }),
      hint: t.exposeString('hint', { nullable: false, description: 'The last characters of the key, to tell keys apart' }),
      balance: t.exposeInt('balance', { nullable: false, description: 'Credits left' }),
      createdAt: t.exposeString('created_at', { nullable: false, description: 'When the key was created: ISO 8601, UTC' }),
      rateLimit: t.expose('rate_limit', { type: RateLimitRef, nullable: true, description: 'null: no rate limit' }),
    }),
  });

  builder.queryField('me', (t) =>
    t.field({
      type: AccountRef,
      nullable: true,
      description:
        'The API key making the request: balance, rate limit, name and hint (REST: GET /v1/account; costs 0 credits, needs a key)',
      resolve: (_root, _args, ctx: GatewayContext) => (ctx.key ? accountOf(ctx.deps, ctx.key) : null),
    }),
  );

  const TransactionRef = builder.objectRef<TransactionView>('Transaction').implement({
    description: "A settled movement of the key's credits: a grant (+) or a charge (−)",
    fields: (t) => ({
      id: t.exposeInt('id', { nullable: false, description: 'Increasing in the order rows were first written: the `after` cursor' }),
      time: t.exposeString('time', {
        nullable: false,
        description: "When the row last changed, ISO 8601 UTC (a job's row: its latest item's settlement)",
      }),
      kind: t.exposeString('kind', { nullable: false, description: 'grant or charge' }),
      requestId: t.exposeString('request_id', { nullable: true, description: 'The request charged; null for grants and jobs' }),
      operation: t.exposeString('operation', { nullable: true, description: 'The operation charged, by /v1 path without /v1/' }),
      jobId: t.exposeString('job_id', { nullable: true, description: 'The bulk job charged; null for other rows' }),
      monitorId: t.exposeString('monitor_id', { nullable: true, description: 'The monitor whose run was charged; null for other rows' }),
      credits: t.exposeInt('credits', { nullable: false, description: 'Signed: grants +, charges −' }),
      balanceAfter: t.exposeInt('balance_after', {
        nullable: false,
        description: "The key's settled balance right after this row's (latest) movement",
      }),
      final: t.exposeBoolean('final', {
        nullable: false,
        description: 'false: a job still running, whose row changes as its items settle',
      }),
    }),
  });

  const TransactionsPageRef = builder.objectRef<TransactionsPage>('TransactionsPage').implement({
    description: "A page of the key's transactions, oldest first",
    fields: (t) => ({
      transactions: t.expose('transactions', {
        type: [TransactionRef],
        nullable: false,
        description: 'The rows on this page ([] when none)',
      }),
      nextAfter: t.exposeInt('next_after', { nullable: true, description: 'The `after` of the next page; null on the last page' }),
    }),
  });

  builder.queryField('transactions', (t) =>
    t.field({
      type: TransactionsPageRef,
      nullable: false,
      description: `The calling key's settled movements, oldest first (REST: GET /v1/account/transactions): after the row whose id is \`after\`, \`limit\` per page (default ${TRANSACTIONS_LIMIT_DEFAULT}, at most ${TRANSACTIONS_LIMIT_MAX}), only \`operation\`, only rows changed at or after \`since\` (ISO 8601). 0 credits.`,
      args: {
        after: t.arg.int({ required: false, description: "The previous page's nextAfter: rows after the one with this id" }),
        limit: t.arg.int({
          required: false,
          description: `Rows per page (1 to ${TRANSACTIONS_LIMIT_MAX}, default ${TRANSACTIONS_LIMIT_DEFAULT})`,
        }),
        operation: t.arg.string({
          required: false,
          description: 'Only rows of this operation, its /v1 path without `/v1/` (`code/repository`)',
        }),
        since: t.arg.string({ required: false, description: 'Only rows changed at or after this ISO 8601 date or date-time' }),
      },
      resolve: async (_root, args, ctx: GatewayContext) => {
        if (!ctx.key) throw new ApiError('UNAUTHORIZED', 'Missing API key: send it in the x-api-key header');
        const query = transactionsQueryOf(args);
        if (query instanceof ApiError) throw query;
        return transactionsOf(ctx.deps, ctx.key.id, { ...query, limit: takeRows(ctx, TRANSACTIONS_BUDGET, query.limit, 'limit') });
      },
    }),
  );
}

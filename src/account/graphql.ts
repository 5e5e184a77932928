/**
 * GraphQL `me`: the caller's own account (balance, rate limit, key name and hint) at 0 credits.
 * Not an operation: the pipeline admits the caller (401, 429) and charges nothing.
 */
import type { GatewayContext } from '../pipeline/context.js';
import { builder } from '../graphql/builder.js';
import type { Account } from './account.js';
import { accountOf } from './account.js';

/** Declares account's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function accountGraphql(): void {
  const RateLimitRef = builder.objectRef<NonNullable<Account['rate_limit']>>('AccountRateLimit').implement({
    description: "The request rate this key may use (its own, or the gateway's default)",
    fields: (t) => ({
      rps: t.exposeFloat('rps', { nullable: false }),
      burst: t.exposeInt('burst', { nullable: false }),
      own: t.exposeBoolean('own', { nullable: false, description: "true: the key's own limit; false: the gateway's default" }),
    }),
  });

  const AccountRef = builder.objectRef<Account>('Account').implement({
    description: 'The API key making the request',
    fields: (t) => ({
      keyId: t.exposeString('key_id', { nullable: false }),
      name: t.exposeString('name', { nullable: false }),
      hint: t.exposeString('hint', { nullable: false, description: 'The last characters of the key, to tell keys apart' }),
      balance: t.exposeInt('balance', { nullable: false, description: 'Credits left' }),
      createdAt: t.exposeString('created_at', { nullable: false }),
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
}

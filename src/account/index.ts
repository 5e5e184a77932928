/**
 * Account: GET /v1/account and GraphQL `me` — the caller's balance, rate limit, key name and
 * hint — and GET /v1/account/transactions and GraphQL `transactions` — its settled movements
 * (transactions.ts) — at 0 credits (a key is needed, and its rate limit applies).
 */
import { ApiError, invalidInput } from '../errors.js';
import { queryOf, repeatedParams } from '../http/query.js';
import { admitted } from '../pipeline/admit.js';
import { sendError, sendJson } from '../pipeline/errors.js';
import type { GatewayModule } from '../platforms/module.js';
import { accountOf } from './account.js';
import {
  TRANSACTIONS_LIMIT_DEFAULT,
  TRANSACTIONS_LIMIT_MAX,
  TRANSACTIONS_PARAMS,
  transactionsOf,
  transactionsQueryOf,
} from './transactions.js';
import { KEY_SECURITY } from '../http/api-key.js';

const errorResponse = (code: string) => ({
  description: code,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const TRANSACTION_SCHEMA = {
  type: 'object',
  required: ['id', 'time', 'kind', 'request_id', 'operation', 'job_id', 'monitor_id', 'credits', 'balance_after', 'final'],
  properties: {
    id: { type: 'integer', description: 'Increasing in the order rows were first written: the `after` cursor' },
    time: { type: 'string', format: 'date-time', description: "When the row last changed (a job's row: its latest item's settlement)" },
    kind: { type: 'string', enum: ['grant', 'charge'] },
    request_id: { type: ['string', 'null'], description: 'The request charged (x-request-id); null for grants and jobs' },
    operation: { type: ['string', 'null'], description: 'The operation charged, by /v1 path without /v1/ (code/repository)' },
    job_id: { type: ['string', 'null'] },
    monitor_id: { type: ['string', 'null'] },
    credits: { type: 'integer', description: 'Signed: grants +, charges −' },
    balance_after: { type: 'integer', description: "The key's settled balance right after this row's (latest) movement" },
    final: { type: 'boolean', description: 'false: a job still running, whose row changes as its items settle' },
  },
};

export const accountModule: GatewayModule = {
  name: 'account',
  routes: [
    {
      path: '/v1/account',
      methods: ['GET'],
      openapi: {
        get: {
          operationId: 'account',
          summary: "The calling key's balance, rate limit, name and hint",
          tags: ['account'],
          description: "Costs 0 credits; needs a key, and the key's rate limit applies. Also available as the GraphQL field `me`.",
          responses: {
            '200': {
              description: 'The account',
              content: {
                'application/json': {
                  schema: {
                    allOf: [
                      { $ref: '#/components/schemas/Envelope' },
                      {
                        type: 'object',
                        required: ['account'],
                        properties: {
                          account: {
                            type: 'object',
                            required: ['key_id', 'name', 'hint', 'balance', 'created_at', 'rate_limit'],
                            properties: {
                              key_id: { type: 'string' },
                              name: { type: 'string' },
                              hint: { type: 'string', description: 'The last 4 characters of the key' },
                              balance: { type: 'integer' },
                              created_at: { type: 'string', format: 'date-time' },
                              rate_limit: {
                                type: ['object', 'null'],
                                required: ['rps', 'burst', 'own'],
                                properties: { rps: { type: 'number' }, burst: { type: 'integer' }, own: { type: 'boolean' } },
                              },
                            },
                          },
                        },
                      },
                    ],
                  },
                },
              },
            },
            '401': { description: 'UNAUTHORIZED', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
            '429': { description: 'RATE_LIMITED', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          },
          security: KEY_SECURITY,
        },
      },
      async serve(req, res, info, deps) {
        const key = await admitted(req, res, info, deps);
        if (!key) return;
        const account = await accountOf(deps, key);
        sendJson(res, 200, { success: true, credits_remaining: account.balance, credits_charged: 0, account });
      },
    },
    {
      path: '/v1/account/transactions',
      methods: ['GET'],
      openapi: {
        get: {
          operationId: 'accountTransactions',
          summary: "The calling key's settled movements: grants and charges, oldest first",
          tags: ['account'],
          description:
            "Costs 0 credits; needs a key, and the key's rate limit applies. Grants (+) and charges (−), each with the settled balance after it; open reservations are not movements. One row per request or monitor run; a job is one row, updated as its items settle (`final` once it ends). The sum of `credits` over an interval is the settled balance's change over it. Rows are kept TRANSACTIONS_RETENTION_DAYS (default 400) after they last changed. Also available as the GraphQL field `transactions`.",
          parameters: [
            {
              name: 'after',
              in: 'query',
              schema: { type: 'integer', minimum: 0 },
              description: "Rows after this id: the previous page's next_after",
            },
            {
              name: 'limit',
              in: 'query',
              schema: { type: 'integer', minimum: 1, maximum: TRANSACTIONS_LIMIT_MAX, default: TRANSACTIONS_LIMIT_DEFAULT },
            },
            { name: 'operation', in: 'query', schema: { type: 'string' }, description: 'Only this operation, e.g. code/repository' },
            {
              name: 'since',
              in: 'query',
              schema: { type: 'string' },
              description: 'Only rows that last changed at or after this ISO 8601 date or date-time',
            },
          ],
          responses: {
            '200': {
              description: 'A page of transactions',
              content: {
                'application/json': {
                  schema: {
                    allOf: [
                      { $ref: '#/components/schemas/Envelope' },
                      {
                        type: 'object',
                        required: ['transactions', 'next_after'],
                        properties: {
                          transactions: { type: 'array', items: TRANSACTION_SCHEMA },
                          next_after: { type: ['integer', 'null'], description: 'null on the last page' },
                        },
                      },
                    ],
                  },
                },
              },
            },
            '400': errorResponse('INVALID_INPUT'),
            '401': errorResponse('UNAUTHORIZED'),
            '429': errorResponse('RATE_LIMITED'),
          },
          security: KEY_SECURITY,
        },
      },
      async serve(req, res, info, deps) {
        const key = await admitted(req, res, info, deps);
        if (!key) return;
        const q = queryOf(req);
        const twice = repeatedParams(q, TRANSACTIONS_PARAMS);
        if (twice.length) return sendError(res, invalidInput(twice), {}, info.id);
        const query = transactionsQueryOf({
          after: q.get('after'),
          limit: q.get('limit'),
          operation: q.get('operation'),
          since: q.get('since'),
        });
        if (query instanceof ApiError) return sendError(res, query, {}, info.id);
        const page = await transactionsOf(deps, key.id, query);
        sendJson(res, 200, { success: true, credits_remaining: await deps.ledger.balance(key.id), credits_charged: 0, ...page });
      },
    },
  ],
};

/**
 * Account: GET /v1/account and GraphQL `me` — the caller's balance, rate limit, key name and
 * hint, at 0 credits (a key is needed, and its rate limit applies).
 */
import { HttpContext } from '../pipeline/context.js';
import { admit } from '../pipeline/admit.js';
import { sendError, sendJson } from '../pipeline/errors.js';
import type { GatewayModule } from '../platforms/module.js';
import { accountOf } from './account.js';

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
          security: [{ apiKey: [] }],
        },
      },
      async serve(req, res, info, deps) {
        const header = req.headers['x-api-key'];
        const ctx = new HttpContext(deps, (Array.isArray(header) ? header[0] : header) ?? null, info, req, res);
        const key = await admit(ctx);
        if (!('id' in key)) return sendError(res, key, {}, info.id);
        const account = await accountOf(deps, key);
        sendJson(res, 200, { success: true, credits_remaining: account.balance, credits_charged: 0, account });
      },
    },
  ],
};

/**
 * Account: GET /v1/account and GraphQL `me` — the caller's balance, rate limit, key name and
 * hint, at 0 credits (a key is needed, and its rate limit applies).
 */
import './graphql.js';
import { HttpContext } from '../graphql/context.js';
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

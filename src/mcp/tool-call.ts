/**
 * tools/call registered with params of any shape (here and in the stdio bridge). The SDK's Server
 * checks every tools/call against CallToolRequestSchema itself and answers the wrong shape as
 * -32602 Invalid params — but only once the registration's own schema has let the request
 * through: registered with CallToolRequestSchema, the wrong shape failed that first parse and was
 * answered -32603 Internal error.
 */
import { z } from 'zod';

export const ANY_TOOL_CALL = z.object({ method: z.literal('tools/call'), params: z.unknown() });

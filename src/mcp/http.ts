/**
 * /mcp: the Model Context Protocol over Streamable HTTP (the official SDK's server and transport),
 * for LLM agents. Every operation the REST route table serves is a tool (src/mcp/tools.ts), with
 * the jobs and the account beside them.
 *
 * Stateless: each POST is served by a server and a transport of its own (`sessionIdGenerator:
 * undefined`), answered as JSON (no SSE stream: GET is 405, which MCP clients take as "no stream"),
 * so any instance behind a load balancer serves any request. In this order, before the SDK sees
 * anything:
 *
 *   key     `x-api-key` or `Authorization: Bearer <key>`; missing, unknown or revoked → 401
 *           UNAUTHORIZED as REST answers it (JSON error body), before a byte of the body is read
 *   body    at most MCP_MAX_BODY bytes: a larger one → 413 PAYLOAD_TOO_LARGE, refused from its
 *           content-length or once over the limit (nothing more is read); no byte of it for
 *           BODY_IDLE_MS → 408 REQUEST_TIMEOUT (the connection closed); not JSON, or nested deeper
 *           than MAX_BODY_JSON_DEPTH (checked before it is parsed) → a JSON-RPC parse error (400)
 *   places  a key has at most MCP_MAX_IN_FLIGHT_PER_KEY POSTs being answered on this instance (an
 *           answer counts until it is sent or its connection closed): more → 429 RATE_LIMITED
 *   batch   a JSON-RPC batch that is empty, of more than MCP_MAX_BATCH messages, with two
 *           requests of the same id, with more than one tools/list, or with a cancellation →
 *           400 Invalid Request (-32600), nothing of it run
 *
 * Each tool call, and each tools/list, is then admitted as one REST request is (the key's rate
 * limit: RATE_LIMITED as a tool error) and a call charged as its REST request is (src/mcp/tools.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolRequest, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AuthenticatedKey } from '../credits/ledger.js';
import { ApiError, MAX_PARAM_SHOWN, shownText, unknownOrRevokedKey } from '../errors.js';
import { NESTS_TOO_DEEP, NOT_UTF8, jsonText, nestsTooDeep, readBody, tooLarge } from '../http/edges.js';
import type { RequestInfo } from '../observability/request.js';
import { admit, storeError } from '../pipeline/admit.js';
import type { Deps } from '../pipeline/context.js';
import { HttpContext } from '../pipeline/context.js';
import { sendError, sendJson } from '../pipeline/errors.js';
import type { RestRoute } from '../rest/routes.js';
import { ANY_TOOL_CALL } from './tool-call.js';
import { MCP_ANSWER_BYTES, buildTools } from './tools.js';
import type { GatewayTool, ToolCall } from './tools.js';
import { apiKeyOf } from '../http/api-key.js';
import { KeyPlaces } from '../http/key-places.js';

/** A tool call's arguments are small; a job larger than this goes to POST /v1/jobs (JOBS_MAX_JSON_BODY_MB). */
export const MCP_MAX_BODY = 1024 * 1024;
/**
 * Messages one POST may carry as a JSON-RPC batch. The SDK's transport holds every answer of a
 * batch until the last is ready and sends them as one text: 100 tools/list (its own cap) made a
 * 34 MB answer (+200 MB RSS) from a 5 KB body, unthrottled (tools/list is not a tool call).
 */
export const MCP_MAX_BATCH = 10;
/**
 * MCP POSTs one key may have answered at once on one instance. An answer is held in memory until
 * its client reads it (the tool list alone is ~0.5 MB): without a bound, a key whose client never
 * read opened connections until the heap ran out (an outside attack sweep: 100 unread batches).
 */
export const MCP_MAX_IN_FLIGHT_PER_KEY = 8;
/** The JSON-RPC error code (the implementation-defined server range) of a tools/list the key may not ask now (its rate limit; a store down). */
const ADMIT_REFUSED_RPC = -32000;

const INSTRUCTIONS =
  'Creator Lookup: public data about online creators (profiles, posts, repositories, contacts…). ' +
  'Each lookup tool costs credits when fetched live (its description says how many; the `free` tool lists what costs nothing): ' +
  'pass cache_max_age (e.g. "7d") to accept a cached result at 0 credits; a failed call costs 0. ' +
  "Every result's _meta says the credits charged and remaining. Many lookups at once: jobs_create.";

/**
 * Why a JSON-RPC batch is refused before anything of it runs, or null: none or more than
 * MCP_MAX_BATCH messages; two requests with the same id (the SDK's transport answers one and drops the other,
 * which it has run, and charged, all the same); more than one tools/list (the same ~0.5 MB answer
 * again); a cancellation (the SDK drops the answer of the request it cancels, and the transport
 * waited for it for ever — the POST was never answered, its call charged all the same; in a
 * stateless server a cancellation can only name a request of its own POST).
 */
function batchRefusal(body: unknown): string | null {
  if (!Array.isArray(body)) return null;
  // JSON-RPC 2.0: an empty batch is an Invalid Request (the transport answered 202 and nothing).
  if (body.length === 0) return 'Invalid Request: an empty batch';
  if (body.length > MCP_MAX_BATCH) return `Invalid Request: a batch holds at most ${MCP_MAX_BATCH} messages`;
  const ids = new Set<unknown>();
  let lists = 0;
  for (const m of body as unknown[]) {
    if (typeof m !== 'object' || m === null || !('method' in m)) continue;
    if (m.method === 'notifications/cancelled')
      return 'Invalid Request: a batch cannot cancel a request (send the cancellation on its own)';
    if (m.method === 'tools/list' && ++lists > 1) return 'Invalid Request: a batch lists the tools at most once';
    // A request: a method and an id (a notification has no id; a response no method).
    if (!('id' in m)) continue;
    if (ids.has(m.id)) return `Invalid Request: two requests of the batch have the id ${JSON.stringify(m.id)}`;
    ids.add(m.id);
  }
  return null;
}

export type McpFace = ReturnType<typeof createMcpFace>;

export function createMcpFace(deps: Deps, routes: ReadonlyMap<string, RestRoute>) {
  /** Per key id: the MCP POSTs this instance is answering (MCP_MAX_IN_FLIGHT_PER_KEY). */
  const places = new KeyPlaces(MCP_MAX_IN_FLIGHT_PER_KEY);
  // Made on the first /mcp request (their JSON Schemas take ~0.1 s to generate), not with every app.
  let made: { tools: Map<string, GatewayTool>; list: Tool[] } | null = null;
  const catalogue = () => {
    if (!made) {
      const tools = buildTools(routes);
      made = { tools, list: [...tools.values()].map((t) => t.tool) };
    }
    return made;
  };

  // The SDK's servers validate elicitation answers (never asked here) with a JSON-schema validator
  // each builds by default, a new Ajv: ~0.3 ms of CPU a request (343 → 11 µs a server made, s34).
  // One for all of them.
  const jsonSchemaValidator = new AjvJsonSchemaValidator();

  /** One SDK server for one request: the tools, run for this request's key. */
  function serverFor(call: ToolCall): Server {
    const { tools, list } = catalogue();
    const server = new Server(
      { name: 'creator-lookup', version: '1.0.0' },
      { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator },
    );
    // Listing the tools is no tool call (nothing to charge), but it is a request: the key's rate limit.
    server.setRequestHandler(ListToolsRequestSchema, async () => {
      const key = await admit(call.context());
      if (key instanceof ApiError) throw new McpError(ADMIT_REFUSED_RPC, key.message, { code: key.code, retry_after: key.retryAfterSec });
      return { tools: list };
    });
    server.setRequestHandler(ANY_TOOL_CALL, (checked) => {
      const request = checked as CallToolRequest; // by the SDK's Server (ANY_TOOL_CALL)
      const tool = tools.get(request.params.name);
      if (!tool)
        throw new McpError(
          ErrorCode.InvalidParams,
          `Unknown tool: ${shownText(request.params.name, MAX_PARAM_SHOWN)} (tools/list names them)`,
        );
      return tool.call(call, request.params.arguments ?? {});
    });
    return server;
  }

  async function serve(req: IncomingMessage, res: ServerResponse, info: RequestInfo): Promise<void> {
    // (The request id never holds the key, whichever header carries it: requestIdOf.)
    const apiKey = apiKeyOf(req.headers);
    if (!apiKey)
      return sendError(
        res,
        new ApiError('UNAUTHORIZED', 'Missing API key: send it in the x-api-key header (or as Authorization: Bearer <key>)'),
      );
    let key: AuthenticatedKey | null;
    try {
      key = await deps.ledger.authenticate(apiKey);
    } catch (e) {
      return sendError(res, storeError(e, deps));
    }
    if (!key) return sendError(res, unknownOrRevokedKey());
    // The pipeline's admit step takes the key from here (each tool call: its rate limit only).
    info.authenticatedKey = key;
    info.keyId = key.id;
    if (!places.take(key.id, res))
      return sendError(
        res,
        new ApiError(
          'RATE_LIMITED',
          `A key may have at most ${MCP_MAX_IN_FLIGHT_PER_KEY} MCP requests answered at once; try again shortly`,
          {
            retryAfterSec: 1,
          },
        ),
      );

    const raw = await readBody(req, MCP_MAX_BODY, deps.config.bodyIdleMs);
    // A body that stalled: 408 REQUEST_TIMEOUT (BODY_IDLE_MS).
    if (raw instanceof ApiError) return sendError(res, raw);
    if (raw === 'too-large') return sendError(res, tooLarge(MCP_MAX_BODY));
    let body: unknown;
    const text = jsonText(raw);
    if (text === null)
      return sendJson(res, 400, {
        jsonrpc: '2.0',
        error: { code: ErrorCode.ParseError, message: `Parse error: the body ${NOT_UTF8}` },
        id: null,
      });
    // Nesting first, in one pass: JSON.parse of 1 MiB of `[` holds the event loop ~0.2–0.5 s.
    if (nestsTooDeep(text))
      return sendJson(res, 400, {
        jsonrpc: '2.0',
        error: { code: ErrorCode.ParseError, message: `Parse error: ${NESTS_TOO_DEEP}` },
        id: null,
      });
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(res, 400, {
        jsonrpc: '2.0',
        error: { code: ErrorCode.ParseError, message: 'Parse error: the body is not JSON' },
        id: null,
      });
    }

    const refusal = batchRefusal(body);
    if (refusal) return sendJson(res, 400, { jsonrpc: '2.0', error: { code: ErrorCode.InvalidRequest, message: refusal }, id: null });

    const call: ToolCall = {
      deps,
      requestId: info.id,
      context: () => new HttpContext(deps, apiKey, info, req, res),
      answerBytesLeft: MCP_ANSWER_BYTES,
    };
    const server = serverFor(call);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.once('close', () => void server.close().catch(() => undefined));
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  return { serve, tools: () => catalogue().list };
}

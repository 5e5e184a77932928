/**
 * `npm run --silent mcp`: a stdio MCP server for desktop clients that speak only stdio, forwarding
 * tools/list and tools/call to a gateway's /mcp (the SDK's Client over Streamable HTTP).
 *
 *   GATEWAY_URL   the gateway (default http://localhost:8080)
 *   API_KEY       the key every call is made with (required)
 *
 * stdout carries nothing but JSON-RPC (the SDK's stdio transport writes it); every line for a
 * person goes to stderr, without the key. The gateway is reached on the first request, not at
 * start (a desktop client starts its servers when it opens; the gateway may come up later): a
 * gateway out of reach, or one that refuses the key, is a tool error (tools/call) or a JSON-RPC
 * error (tools/list) saying so, and the next request tries again. When the client closes stdin
 * (or input piped in ends), the requests already read are answered before the bridge exits.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolResultSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolRequest } from '@modelcontextprotocol/sdk/types.js';
import { ANY_TOOL_CALL } from './tool-call.js';

/** A creator tool (find_creator_emails) may take a while; the SDK's default is 60 s. */
const CALL_TIMEOUT_MS = 300_000;

/**
 * The gateway's JSON-RPC error, passed on with the message it came with. The SDK's client makes an
 * McpError of it, whose message adds "MCP error <code>: " before the gateway's; thrown on as it is,
 * the SDK's server would send that longer message (the desktop client's McpError then adding its
 * prefix once more). Its server sends a thrown error's own `code`, `message` and `data`.
 */
const passedOn = (err: McpError): Error => {
  const prefix = `MCP error ${err.code}: `;
  const message = err.message.startsWith(prefix) ? err.message.slice(prefix.length) : err.message;
  return Object.assign(new Error(message), { code: err.code, data: err.data });
};

const log = (line: string) => void process.stderr.write(`creator-lookup mcp: ${line}\n`);

/**
 * fetch for the gateway's transport, able to abort a call's POST. When a call is cancelled (the
 * desktop client's notifications/cancelled, handed to the SDK's client as the call's signal; or its
 * timeout), that client only POSTs notifications/cancelled naming the call's id — which a gateway
 * answering each POST on its own cannot route — and leaves the call's POST open: the gateway went on
 * and charged a call nobody would read. Each POST of a request is kept by its id while its answer
 * is read; a notifications/cancelled aborts the POST it names, and the gateway, its client gone,
 * charges nothing (src/mcp/http.ts).
 */
export function cancellingFetch(base: typeof fetch = fetch): typeof fetch {
  const open = new Map<unknown, AbortController>();
  return async (input, init) => {
    let message: { id?: unknown; method?: unknown; params?: { requestId?: unknown } } | undefined;
    try {
      message = typeof init?.body === 'string' ? (JSON.parse(init.body) as typeof message) : undefined;
    } catch {
      message = undefined;
    }
    if (message?.method === 'notifications/cancelled') open.get(message.params?.requestId)?.abort();
    const id = message?.id;
    if (id === undefined || message?.method === undefined) return base(input, init);
    const call = new AbortController();
    open.set(id, call);
    const done = () => void (open.get(id) === call && open.delete(id));
    try {
      const res = await base(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, call.signal]) : call.signal });
      if (!res.body) return (done(), res);
      // Kept until its answer has been read to its end (an SSE stream, or JSON).
      const body = res.body.pipeThrough(new TransformStream({ flush: done }));
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    } catch (err) {
      done();
      throw err;
    }
  };
}

/** The bridge, and its requests still being answered (their answers written before it closes). */
export function createBridge(gatewayUrl: string, apiKey: string): { server: Server; answering: Set<Promise<unknown>> } {
  const endpoint = new URL('/mcp', gatewayUrl);
  // What a log line names: never a user name or password (main refuses them), nor a query.
  const shown = `${endpoint.origin}${endpoint.pathname}`;
  const answering = new Set<Promise<unknown>>();
  /** A handler whose promise is held in `answering` until it settles. */
  const held =
    <A extends unknown[], R>(handler: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const p = handler(...args);
      answering.add(p);
      void p.catch(() => undefined).finally(() => answering.delete(p));
      return p;
    };
  let connected: Promise<Client> | null = null;

  /** The client of the gateway, connected on first use; a failed connection is tried again next time. */
  function gateway(): Promise<Client> {
    connected ??= (async () => {
      const client = new Client({ name: 'creator-lookup-bridge', version: '1.0.0' });
      client.onerror = (err) => log(`gateway: ${err.message}`);
      await client.connect(
        new StreamableHTTPClientTransport(endpoint, { fetch: cancellingFetch(), requestInit: { headers: { 'x-api-key': apiKey } } }),
      );
      log(`connected to ${shown}`);
      return client;
    })().catch((err: unknown) => {
      connected = null;
      throw err;
    });
    return connected;
  }

  const why = (err: unknown) =>
    `the gateway at ${shown} could not be reached or refused the request: ${err instanceof Error ? err.message : String(err)}`;

  const server = new Server(
    { name: 'creator-lookup', version: '1.0.0' },
    { capabilities: { tools: {} }, instructions: 'Creator Lookup through a stdio bridge: the gateway’s /mcp tools, as they are.' },
  );
  server.setRequestHandler(
    ListToolsRequestSchema,
    held(async (request) => {
      try {
        return await (await gateway()).listTools(request.params);
      } catch (err) {
        if (err instanceof McpError) throw passedOn(err);
        log(why(err));
        throw new McpError(ErrorCode.InternalError, why(err));
      }
    }),
  );
  server.setRequestHandler(
    ANY_TOOL_CALL,
    held(async (checked, extra) => {
      const request = checked as CallToolRequest; // by the SDK's Server (ANY_TOOL_CALL)
      try {
        // As the gateway answered it (the desktop client checks it against the tool's outputSchema).
        // Cancelled by the desktop client (extra.signal): the call's POST is aborted (cancellingFetch).
        return await (
          await gateway()
        ).request({ method: 'tools/call', params: request.params }, CallToolResultSchema, {
          timeout: CALL_TIMEOUT_MS,
          signal: extra.signal,
        });
      } catch (err) {
        if (err instanceof McpError && err.code !== ErrorCode.RequestTimeout && err.code !== ErrorCode.ConnectionClosed)
          throw passedOn(err);
        log(why(err));
        return { isError: true, content: [{ type: 'text', text: why(err) }] };
      }
    }),
  );
  server.onclose = () => void connected?.then((c) => c.close()).catch(() => undefined);
  return { server, answering };
}

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const apiKey = env.API_KEY?.trim();
  if (!apiKey) {
    log('API_KEY is not set: set it to your gateway key (and GATEWAY_URL to the gateway, default http://localhost:8080)');
    process.exit(1);
  }
  const gatewayUrl = env.GATEWAY_URL?.trim() || 'http://localhost:8080';
  let url: URL;
  try {
    url = new URL('/mcp', gatewayUrl);
  } catch {
    log(`GATEWAY_URL is not a URL (e.g. http://localhost:8080)`);
    process.exit(1);
  }
  if (url.username || url.password) {
    // It would be in every line this bridge writes about the gateway; the key goes in API_KEY.
    log('GATEWAY_URL holds a user name or password: leave them out (the key goes in API_KEY)');
    process.exit(1);
  }
  const { server, answering } = createBridge(gatewayUrl, apiKey);
  await server.connect(new StdioServerTransport());
  // Our stdin closed (the desktop client quits or stops this server, or piped input ended): the
  // requests already read are answered (the SDK writes each answer a turn after its handler
  // settles), then the bridge exits.
  process.stdin.once('end', async () => {
    while (answering.size) await Promise.allSettled([...answering]);
    await new Promise((r) => setImmediate(r));
    await server.close().catch(() => undefined);
    log('input ended and every request answered: exiting once stdout has taken the answers');
    // A pipe holds 64 KiB; what its reader has not taken yet waits in the stream, and
    // process.exit drops it: the tools/list answer (200 KB) reached a slow reader cut short.
    await Promise.all([process.stdout, process.stderr].map((s) => new Promise((r) => s.write('', r))));
    process.exit(0);
  });
  log(`serving on stdio, forwarding to ${url.origin}${url.pathname}`);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('src/mcp/bridge.ts')) void main();

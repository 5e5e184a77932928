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

const log = (line: string) => void process.stderr.write(`creator-lookup mcp: ${line}\n`);

/** The bridge, and its requests still being answered (their answers written before it closes). */
export function createBridge(gatewayUrl: string, apiKey: string): { server: Server; answering: Set<Promise<unknown>> } {
  const endpoint = new URL('/mcp', gatewayUrl);
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
      await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { 'x-api-key': apiKey } } }));
      log(`connected to ${endpoint.href}`);
      return client;
    })().catch((err: unknown) => {
      connected = null;
      throw err;
    });
    return connected;
  }

  const why = (err: unknown) =>
    `the gateway at ${endpoint.href} could not be reached or refused the request: ${err instanceof Error ? err.message : String(err)}`;

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
        if (err instanceof McpError) throw err;
        log(why(err));
        throw new McpError(ErrorCode.InternalError, why(err));
      }
    }),
  );
  server.setRequestHandler(
    ANY_TOOL_CALL,
    held(async (checked) => {
      const request = checked as CallToolRequest; // by the SDK's Server (ANY_TOOL_CALL)
      try {
        // As the gateway answered it (the desktop client checks it against the tool's outputSchema).
        return await (
          await gateway()
        ).request({ method: 'tools/call', params: request.params }, CallToolResultSchema, { timeout: CALL_TIMEOUT_MS });
      } catch (err) {
        if (err instanceof McpError && err.code !== ErrorCode.RequestTimeout && err.code !== ErrorCode.ConnectionClosed) throw err;
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
  try {
    new URL('/mcp', gatewayUrl);
  } catch {
    log(`GATEWAY_URL ${gatewayUrl} is not a URL (e.g. http://localhost:8080)`);
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
  log(`serving on stdio, forwarding to ${gatewayUrl}/mcp`);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('src/mcp/bridge.ts')) void main();

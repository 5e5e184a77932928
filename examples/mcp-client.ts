/**
 * An agent's view of the gateway: the Model Context Protocol at /mcp, through the official SDK's
 * client (what an LLM agent framework does for you), run against `npm run demo`:
 *
 *   npm run demo          # in one terminal (http://localhost:8080, key demo-key-…)
 *   npm run example:mcp   # in another (GATEWAY_URL and API_KEY override the defaults)
 *
 * It lists the tools (one per /v1 GET operation, plus jobs and account), calls two lookups, calls
 * one again accepting a cached result (0 credits), and reads the balance. Every result carries the
 * REST record as `structuredContent` and the credits in `_meta`. test/mcp-example.test.ts runs
 * this against an in-process demo gateway.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The public key `npm run demo` creates (never a real one). */
const DEMO_KEY = 'demo-key-0000-0000-0000-0000-0000-0000';
const REPOSITORY_URL = 'https://github.com/creator-lookup-demo/creator-kit';

export interface McpClientResult {
  tools: string[];
  repository: { full_name: string; charged: number; cachedCharged: number };
  profiles: { platform: string; url: string }[];
  balance: number;
}

interface Charged {
  charged: number;
  remaining: number;
}

export async function runMcpClient(baseUrl: string, apiKey: string, log: (line: string) => void = console.log): Promise<McpClientResult> {
  const client = new Client({ name: 'creator-lookup-example', version: '1.0.0' });
  // The key as a bearer token (x-api-key works as well).
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers: { authorization: `Bearer ${apiKey}` } } }),
  );
  try {
    const { tools } = await client.listTools();
    log(
      `MCP  ${tools.length} tools, e.g. ${tools
        .slice(0, 4)
        .map((t) => t.name)
        .join(', ')}`,
    );

    /** A tool call; a tool error (INVALID_INPUT, INSUFFICIENT_CREDITS…) is thrown with its code. */
    const call = async <T>(name: string, args: Record<string, unknown>) => {
      const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
      if (r.isError) throw new Error(`${name}: ${r.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ')}`);
      return { record: r.structuredContent as T, meta: r._meta as unknown as Charged, summary: (r.content[0] as { text: string }).text };
    };

    // The record is the REST record without the envelope (client.callTool checked it against the tool's outputSchema).
    const repo = await call<{ full_name: string; stars_count: number | null }>('code_repository', { url: REPOSITORY_URL });
    log(`MCP  ${repo.summary}`);
    log(
      `MCP  ${repo.record.full_name}: ${repo.record.stars_count ?? '?'} stars (${repo.meta.charged} credit, ${repo.meta.remaining} left)`,
    );

    const again = await call<{ full_name: string }>('code_repository', { url: REPOSITORY_URL, cache_max_age: '1d' });
    log(`MCP  again with cache_max_age=1d: ${again.meta.charged} credits`);

    const found = await call<{ profiles: { platform: string; url: string }[] }>('find_social_profiles', {
      platform: 'social-b',
      handle: 'tala.draws',
    });
    for (const p of found.record.profiles) log(`MCP  ${p.platform}: ${p.url}`);

    const account = await call<{ account: { balance: number } }>('account', {});
    log(`MCP  balance ${account.record.account.balance}`);

    return {
      tools: tools.map((t) => t.name),
      repository: { full_name: repo.record.full_name, charged: repo.meta.charged, cachedCharged: again.meta.charged },
      profiles: found.record.profiles.map((p) => ({ platform: p.platform, url: p.url })),
      balance: account.record.account.balance,
    };
  } finally {
    await client.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await runMcpClient(process.env.GATEWAY_URL ?? 'http://localhost:8080', process.env.API_KEY ?? DEMO_KEY);
}

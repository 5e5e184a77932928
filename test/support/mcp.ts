/**
 * One POST to a gateway's `/mcp`: a JSON-RPC message or batch (a string is sent as it is, for
 * bodies that are not JSON), with a key and the headers an MCP client sends.
 */
export async function mcpPost(baseUrl: string, key: string, body: unknown) {
  const res = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'x-api-key': key,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

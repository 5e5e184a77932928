/**
 * A GraphQL client for incremental delivery as a browser would use it: POST /graphql with
 * `accept: multipart/mixed` (yoga's boundary `-`) or `text/event-stream`, reading the parts as
 * they arrive, each with the time it arrived (ms since the request was sent).
 */

export interface Part {
  at: number;
  payload: any;
}

export interface StreamedResponse {
  status: number;
  headers: Headers;
  /** Every part, as it arrives; ends when the response does. */
  parts: AsyncGenerator<Part>;
}

export async function postStreaming(
  url: string,
  query: string,
  o: { key?: string; variables?: Record<string, unknown>; accept: string; signal?: AbortSignal },
): Promise<StreamedResponse> {
  const started = performance.now();
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: o.accept };
  if (o.key) headers['x-api-key'] = o.key;
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables: o.variables }),
    signal: o.signal,
  });
  const type = res.headers.get('content-type') ?? '';
  const split = type.startsWith('multipart/mixed') ? multipartBodies : type.startsWith('text/event-stream') ? sseBodies : wholeBody;
  async function* parts(): AsyncGenerator<Part> {
    for await (const body of split(res)) yield { at: performance.now() - started, payload: JSON.parse(body) };
  }
  return { status: res.status, headers: res.headers, parts: parts() };
}

/** Reads every part to the end. */
export async function allParts(r: StreamedResponse): Promise<Part[]> {
  const out: Part[] = [];
  for await (const p of r.parts) out.push(p);
  return out;
}

async function* chunks(res: Response): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) yield decoder.decode(c, { stream: true });
}

async function* wholeBody(res: Response): AsyncGenerator<string> {
  yield await res.text();
}

/** multipart/mixed; boundary="-": `\r\n---` between parts, `--\r\n` after the last; each part's headers, a blank line, its JSON. */
async function* multipartBodies(res: Response): AsyncGenerator<string> {
  let buf = '';
  for await (const c of chunks(res)) {
    buf += c;
    for (let end = buf.indexOf('\r\n---', 1); end >= 0; end = buf.indexOf('\r\n---', 1)) {
      const part = buf.slice(0, end);
      buf = buf.slice(end);
      const body = part.indexOf('\r\n\r\n');
      if (body >= 0) yield part.slice(body + 4);
    }
  }
}

/** Server-sent events: `event: next` with one `data:` line each, then `event: complete`. */
async function* sseBodies(res: Response): AsyncGenerator<string> {
  let buf = '';
  for await (const c of chunks(res)) {
    buf += c;
    for (let end = buf.indexOf('\n\n'); end >= 0; end = buf.indexOf('\n\n')) {
      const event = buf.slice(0, end);
      buf = buf.slice(end + 2);
      const lines = event.split('\n');
      if (!lines.includes('event: next')) continue;
      const data = lines.find((l) => l.startsWith('data: '));
      if (data) yield data.slice(6);
    }
  }
}

/**
 * Abuse suite: the size of one /mcp POST's answers, over real HTTP against one gateway.
 *
 * A JSON-RPC batch's answers are one text, held until the client reads it, and each tool result
 * holds its record twice (text and structured): a batch of ten calls of one cached 4 MB record
 * held ~160 MB at 0 credits, and a key may have MCP_MAX_IN_FLIGHT_PER_KEY (8) of them unread. The
 * records of one POST's answers are bounded by MCP_ANSWER_BYTES (its first lookup always fits); a
 * call past it is a tool error saying so (INVALID_INPUT naming `batch`), charged what its lookup
 * cost — here 0, a cache hit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_ANSWER_BYTES } from '../../src/mcp/tools.js';
import { repoRoute } from '../data.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { mcpPost } from '../support/mcp.js';

let h: Harness;
beforeAll(async () => {
  // A repository whose description is 1 MiB: each answer of it holds ~2.1 MB (its JSON twice).
  h = await startHarness({ routes: [repoRoute('octo', 'big', { description: 'd'.repeat(1024 * 1024) })] });
});
afterAll(() => h?.close());

const URL_ = 'https://github.com/octo/big';

const post = (key: string, body: unknown) => mcpPost(h.url, key, body);

interface Answer {
  id: number;
  result: {
    isError?: boolean;
    structuredContent?: { description: string };
    _meta: { charged: number; error?: { code: string; details: unknown[] } };
  };
}

const call = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'code_repository', arguments: { url: URL_, cache_max_age: '1d' } },
});

describe(`records one /mcp POST's answers carry: at most MCP_ANSWER_BYTES (${MCP_ANSWER_BYTES})`, () => {
  it('a batch of five calls of a cached 1 MiB record: three answered, two tool errors naming the bound (0 credits); one alone is answered', async () => {
    const { key, id } = await h.key(5);
    expect((await h.rest(`/v1/code/repository?url=${encodeURIComponent(URL_)}`, { key })).status).toBe(200);
    expect(await h.balance(id)).toBe(4);

    const batch = await post(
      key,
      [1, 2, 3, 4, 5].map((i) => call(i)),
    );
    expect(batch.status).toBe(200);
    const answers = batch.json() as Answer[];
    expect(answers).toHaveLength(5);
    const answered = answers.filter((a) => !a.result.isError);
    const refused = answers.filter((a) => a.result.isError);
    expect(answered).toHaveLength(3);
    for (const a of answered) expect(a.result.structuredContent!.description).toHaveLength(1024 * 1024);
    expect(refused).toHaveLength(2);
    for (const a of refused) {
      expect(a.result._meta.error!.code).toBe('INVALID_INPUT');
      expect(JSON.stringify(a.result._meta.error!.details)).toContain(`more than ${MCP_ANSWER_BYTES} bytes`);
      expect(a.result._meta.charged).toBe(0);
    }

    const alone = (await post(key, call(6))).json() as Answer;
    expect(alone.result.isError).toBeUndefined();
    expect(alone.result.structuredContent!.description).toHaveLength(1024 * 1024);
    expect(await h.balance(id)).toBe(4);
    expect(h.replay.hits({ path: '/repos/octo/big' })).toHaveLength(1);
  });
});

/**
 * answerClientError: what node's HTTP parser refuses before a request exists is answered with the
 * status and the stable code of the same refusal made later (src/errors.ts ERROR_STATUS).
 */
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../errors.js';
import { answerClientError, applyCors } from './edges.js';

function answerOf(code: string): { status: number; head: string; body: { error: { code: string; request_id?: string } } } {
  const socket = new PassThrough();
  let written = '';
  socket.on('data', (c: Buffer) => (written += c.toString()));
  answerClientError(Object.assign(new Error(code), { code }), socket);
  socket.read();
  const status = Number(/^HTTP\/1\.1 (\d+)/.exec(written)?.[1]);
  const end = written.indexOf('\r\n\r\n');
  return { status, head: written.slice(0, end), body: JSON.parse(written.slice(end + 4)) };
}

function answerTo(code: string): { status: number; code: string } {
  const { status, body } = answerOf(code);
  return { status, code: body.error.code };
}

describe('answerClientError', () => {
  it('a request not received in time (node’s requestTimeout / headersTimeout): 408 REQUEST_TIMEOUT', () => {
    expect(answerTo('ERR_HTTP_REQUEST_TIMEOUT')).toEqual({ status: 408, code: 'REQUEST_TIMEOUT' });
  });

  it('headers over 16 KiB: 431 HEADERS_TOO_LARGE; anything else malformed: 400 INVALID_INPUT', () => {
    expect(answerTo('HPE_HEADER_OVERFLOW')).toEqual({ status: 431, code: 'HEADERS_TOO_LARGE' });
    expect(answerTo('HPE_INVALID_METHOD')).toEqual({ status: 400, code: 'INVALID_INPUT' });
  });

  it('each answer has a request id of its own, in x-request-id and error.request_id (docs/running.md: every response, every error)', () => {
    const ids = ['ERR_HTTP_REQUEST_TIMEOUT', 'HPE_HEADER_OVERFLOW', 'HPE_INVALID_METHOD'].map((code) => {
      const { head, body } = answerOf(code);
      const header = /\r\nx-request-id: (\S+)\r\n/.exec(`${head}\r\n`)?.[1];
      expect(header, code).toBeDefined();
      expect(body.error.request_id, code).toBe(header);
      return header;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('each status is the one its code has everywhere else', () => {
    for (const code of ['ERR_HTTP_REQUEST_TIMEOUT', 'HPE_HEADER_OVERFLOW', 'HPE_INVALID_METHOD']) {
      const a = answerTo(code);
      expect(ERROR_STATUS[a.code as keyof typeof ERROR_STATUS]).toBe(a.status);
    }
  });
});

describe('applyCors', () => {
  it("a browser may read the headers routes answer with for their client: a CSV history's x-next-after, a job download's x-job-status", () => {
    const set = new Map<string, string>();
    applyCors(
      { setHeader: (name: string, value: string) => set.set(name, value) } as unknown as ServerResponse,
      'https://app.example',
      '*',
    );
    const exposed = (set.get('access-control-expose-headers') ?? '').split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['x-request-id', 'retry-after', 'x-next-after', 'x-job-status']));
  });
});

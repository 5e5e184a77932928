/**
 * Job request bodies are read in bounded memory and bounded event-loop turns: lines split in one
 * pass over the bytes (across chunk boundaries, multi-byte characters intact), CSV through
 * csv-parse, every line, field and body under its cap — refused at the cap, not after.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import {
  CSV_LINE_MAX_BYTES,
  FIELD_MAX_BYTES,
  jobRequestOf,
  jsonStructureProblem,
  LINE_MAX_BYTES,
  lines,
  readJobRequest,
  validateItems,
} from './input.js';
import { buildRoutes } from '../rest/routes.js';
import { allOperations } from '../gateway.js';
import type { JobRequest } from './input.js';
import { cpuMs } from '../../test/support/cpu-time.js';
import { countingTurns } from '../../test/support/turns.js';

const CAPS = { upload: 32 * 1024 * 1024, json: 16 * 1024 * 1024, idleMs: 10_000 };

async function* chunked(text: string | Buffer, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

/** A request as readJobRequest sees one: a readable body with headers. */
function request(body: string | Buffer, type: string, chunk = 64 * 1024, headers: Record<string, string> = {}): IncomingMessage {
  const req = Readable.from(chunked(body, chunk)) as unknown as IncomingMessage;
  Object.assign(req, { headers: { 'content-type': type, ...headers } });
  return req;
}

/** An upload's options are in its query string; a JSON job's in its body. */
const read = (body: string | Buffer, type: string, opts: { chunk?: number; caps?: typeof CAPS; maxItems?: number } = {}) =>
  readJobRequest(
    request(body, type, opts.chunk),
    new URLSearchParams(type === 'application/json' ? {} : { operation: '/v1/code/repository' }),
    opts.caps ?? CAPS,
    opts.maxItems ?? 100_000,
  );

function problems(r: JobRequest | ApiError): { param: string; message: string }[] {
  expect(r).toBeInstanceOf(ApiError);
  return ((r as ApiError).details as { param: string; message: string }[]) ?? [];
}

describe('lines', () => {
  it('splits across chunk boundaries of any size, drops a trailing \\r, keeps multi-byte characters whole', async () => {
    const text = 'first\r\nsecond ünïcødé ✓\n\nlast without newline';
    for (const size of [1, 2, 3, 7, 64]) {
      expect((await all(lines(chunked(text, size)))).flat()).toEqual(['first', 'second ünïcødé ✓', '', 'last without newline']);
    }
  });

  it('refuses a line over the cap as soon as it is over, before the rest arrives', async () => {
    let served = 0;
    async function* endless(): AsyncGenerator<Buffer> {
      for (;;) {
        served++;
        yield Buffer.alloc(1024, 97);
      }
    }
    await expect(all(lines(endless(), 10 * 1024))).rejects.toThrow();
    expect(served).toBeLessThanOrEqual(11);
  });

  it("a line's CRLF end is no byte of the line: a line at the cap is read with CRLF as with LF, one byte more refused either way, whatever the chunks", async () => {
    const cap = 16;
    const at = 'a'.repeat(cap);
    for (const size of [1, 5, cap, cap + 1, cap + 2, 64]) {
      for (const end of ['\n', '\r\n']) {
        expect(
          (await all(lines(chunked(`${at}${end}b${end}`, size), cap))).flat(),
          `${JSON.stringify(end)} in ${size}-byte chunks`,
        ).toEqual([at, 'b']);
        expect((await all(lines(chunked(`${at}${end}`, size), cap))).flat()).toEqual([at]);
        await expect(
          all(lines(chunked(`${at}a${end}b${end}`, size), cap)),
          `${JSON.stringify(end)} in ${size}-byte chunks`,
        ).rejects.toThrow();
      }
      // A CR inside a line is a byte of it.
      await expect(all(lines(chunked(`${at}\rb\n`, size), cap))).rejects.toThrow();
    }
  });
});

describe('readJobRequest: NDJSON', () => {
  it('one item per non-blank line; a line that is not JSON is named by its item index', async () => {
    const r = await read('{"url":"a"}\n\n  \nnot json\r\n{"url":"b"}', 'application/x-ndjson', { chunk: 5 });
    expect(r).not.toBeInstanceOf(ApiError);
    const ok = r as JobRequest;
    expect(ok.items).toEqual([{ url: 'a' }, null, { url: 'b' }]);
    expect(ok.itemProblems).toEqual([{ param: 'items[1]', message: 'line is not JSON' }]);
  });

  it('a leading UTF-8 BOM is skipped, as CSV skips it, whatever the chunks; one further on is not', async () => {
    for (const chunk of [1, 2, 5, 1024]) {
      const r = (await read('\uFEFF{"url":"a"}\n{"url":"b"}\n', 'application/x-ndjson', { chunk })) as JobRequest;
      expect(r.items, `chunk ${chunk}`).toEqual([{ url: 'a' }, { url: 'b' }]);
      expect(r.itemProblems).toEqual([]);
    }
    const blankFirst = (await read('\uFEFF\n{"url":"a"}\n', 'application/x-ndjson')) as JobRequest;
    expect(blankFirst.items).toEqual([{ url: 'a' }]);
    const later = (await read('{"url":"a"}\n\uFEFF{"url":"b"}\n', 'application/x-ndjson')) as JobRequest;
    expect(later.itemProblems).toEqual([{ param: 'items[1]', message: 'line is not JSON' }]);
  });

  it("lines end with LF or CRLF; a file of lone CRs (an old Mac's) is one line, refused saying why", async () => {
    const r = (await read('{"url":"a"}\r{"url":"b"}\r', 'application/x-ndjson')) as JobRequest;
    expect(r.itemProblems).toEqual([
      { param: 'items[0]', message: 'line is not JSON (it holds a lone CR: NDJSON lines end with LF or CRLF)' },
    ]);
    expect(((await read('{"url":"a"}\r\n{"url":"b"}\r\n', 'application/x-ndjson', { chunk: 1 })) as JobRequest).items).toEqual([
      { url: 'a' },
      { url: 'b' },
    ]);
  });

  it('8 MB of blank lines (one await a line once took ~10 s of CPU; 32 MB ~40 s) is read in a fraction of that', async () => {
    for (const body of [Buffer.alloc(8 * 1024 * 1024, 10), Buffer.from(' \r\n'.repeat((8 * 1024 * 1024) / 3))]) {
      const cpu = cpuMs();
      expect(problems(await read(body, 'application/x-ndjson'))).toEqual([{ param: 'items', message: 'the upload has no items' }]);
      expect(cpuMs() - cpu).toBeLessThan(3_000);
    }
  }, 60_000);

  it('a 30 MB single line is refused at the line cap (400 naming the item and the cap), in well under a second', async () => {
    const body = Buffer.concat([Buffer.from('{"url":"a"}\n{"url":"'), Buffer.alloc(30 * 1024 * 1024, 97), Buffer.from('"}\n')]);
    const started = cpuMs();
    const p = problems(await read(body, 'application/x-ndjson'));
    expect(cpuMs() - started).toBeLessThan(1_000);
    expect(p).toEqual([{ param: 'items[1]', message: `an NDJSON line may be at most ${LINE_MAX_BYTES / 1024} KiB` }]);
  });
});

describe('readJobRequest: CSV', () => {
  it('RFC 4180: quoted commas, doubled quotes and newlines; BOM, CRLF and LF rows, blank rows skipped', async () => {
    const csv = '\uFEFFname,url\r\n"Doe, Jane",a\r\n\r\nplain,"b ""quoted"""\nmulti,"two\nlines"\n';
    for (const chunk of [1, 3, 1024]) {
      const r = (await read(csv, 'text/csv', { chunk })) as JobRequest;
      expect(r.items).toEqual([
        { name: 'Doe, Jane', url: 'a' },
        { name: 'plain', url: 'b "quoted"' },
        { name: 'multi', url: 'two\nlines' },
      ]);
    }
  });

  it('rows may end with a lone CR (an old Mac export, once read as one header row and "no rows"), CRLF or LF, mixed; inside quotes each is kept', async () => {
    const rows = [
      { name: 'Doe, Jane', url: 'a' },
      { name: 'cr', url: 'b\rc' },
      { name: 'crlf', url: 'd\r\ne' },
      { name: 'lf', url: 'f\ng' },
    ];
    const body = (eol: string) => `name,url${eol}"Doe, Jane",a${eol}${eol}cr,"b\rc"${eol}crlf,"d\r\ne"${eol}lf,"f\ng"${eol}`;
    for (const eol of ['\r', '\r\n', '\n'])
      for (const chunk of [1, 2, 1024])
        expect(((await read(body(eol), 'text/csv', { chunk })) as JobRequest).items, `${JSON.stringify(eol)} ${chunk}`).toEqual(rows);
    const mixed = (await read('\uFEFFname,url\rx,a\r\ny,b\nz,c', 'text/csv', { chunk: 1 })) as JobRequest;
    expect(mixed.items).toEqual([
      { name: 'x', url: 'a' },
      { name: 'y', url: 'b' },
      { name: 'z', url: 'c' },
    ]);
    // A ragged CR-only row is named by its line as the file counts them.
    expect(problems(await read('name,url\rx,a\ry\r', 'text/csv'))).toEqual([
      { param: 'items[1]', message: 'CSV line 3 has 1 field; the header has 2' },
    ]);
  });

  it('a 16 MB field is refused at the row cap, in well under a second (it once grew a character at a time until the heap ran out)', async () => {
    const body = Buffer.concat([Buffer.from('url\n'), Buffer.alloc(16 * 1024 * 1024, 97)]);
    const started = cpuMs();
    const p = problems(await read(body, 'text/csv'));
    expect(cpuMs() - started).toBeLessThan(1_000);
    expect(p).toEqual([{ param: 'items[0]', message: `a CSV row may be at most ${LINE_MAX_BYTES / 1024} KiB` }]);
  });

  it('a stretch of over 257 KiB without a line break (31 MB of commas was once one row of 32 million empty fields, ~850 MB of heap) is a 400 at once', async () => {
    const tooLong = [{ param: 'items', message: `a CSV line may be at most ${CSV_LINE_MAX_BYTES / 1024} KiB between line breaks` }];
    for (const body of [`url\n${','.repeat(31 * 1024 * 1024)}`, `url\ra\r${'"",'.repeat(1024 * 1024)}`, ','.repeat(32 * 1024 * 1024)]) {
      for (const chunk of [1000, 64 * 1024]) {
        const heap = process.memoryUsage().heapUsed;
        const started = cpuMs();
        expect(problems(await read(body, 'text/csv', { chunk }))).toEqual(tooLong);
        expect(cpuMs() - started).toBeLessThan(2_000);
        expect(process.memoryUsage().heapUsed - heap).toBeLessThan(100 * 1024 * 1024);
      }
    }
    // Under it, such a row is as ragged as any.
    expect(problems(await read(`url\n${','.repeat(200 * 1024)}\n`, 'text/csv'))).toEqual([
      { param: 'items[0]', message: `CSV line 2 has ${200 * 1024 + 1} fields; the header has 1` },
    ]);
    // A row within csv-parse's caps (64 Ki characters, 16 KiB a field) of 3-byte characters in quoted
    // fields, 160 KiB between its line breaks, is read.
    const wide = '中'.repeat(5461);
    const header = Array.from({ length: 10 }, (_, i) => `p${i}`).join(',');
    const row = Array.from({ length: 10 }, () => `"${wide}"`).join(',');
    expect(Buffer.byteLength(row)).toBeGreaterThan(160 * 1024);
    const read10 = (await read(`${header}\r\n${row}\r\n`, 'text/csv', { chunk: 7000 })) as JobRequest;
    expect(read10.items).toEqual([Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, wide]))]);
  });

  it('a quoted 16 MB field is refused the same way', async () => {
    const body = Buffer.concat([Buffer.from('url\n"'), Buffer.alloc(16 * 1024 * 1024, 97)]);
    expect(problems(await read(body, 'text/csv'))[0].message).toBe(`a CSV row may be at most ${LINE_MAX_BYTES / 1024} KiB`);
  });

  it('a field over its own cap (within the row cap) is named by item and parameter', async () => {
    const body = `name,url\nok,a\nbig,${'b'.repeat(FIELD_MAX_BYTES + 1)}\n`;
    expect(problems(await read(body, 'text/csv'))).toEqual([
      { param: 'items[1].url', message: `a CSV field may be at most ${FIELD_MAX_BYTES / 1024} KiB` },
    ]);
  });

  it('an unclosed quote is a 400 naming the row, not a crash', async () => {
    expect(problems(await read('url\na\n"b', 'text/csv'))).toEqual([{ param: 'items[1]', message: 'a quoted CSV field is not closed' }]);
  });

  it('a column named twice in the header: 400 naming the name, its columns and the line', async () => {
    expect(problems(await read('url,name,url\na,b,c\n', 'text/csv'))).toEqual([
      { param: 'items', message: 'the CSV header (line 1) names url twice: columns 1 and 3' },
    ]);
    // Surrounding spaces are trimmed as the names are; blank names (a trailing comma) name nothing and may repeat.
    expect(problems(await read('\uFEFFurl, url\na,b\n', 'text/csv'))[0].message).toBe(
      'the CSV header (line 1) names url twice: columns 1 and 2',
    );
    expect(((await read('url,,\na,,\n', 'text/csv')) as JobRequest).items).toEqual([{ url: 'a' }]);
  });

  it("a header of one column holding semicolons or tabs (a locale's spreadsheet export) is a 400 saying columns are separated by commas", async () => {
    expect(problems(await read('url;name\na;b\n', 'text/csv'))).toEqual([
      { param: 'items', message: 'the CSV header (line 1) is one column, "url;name": columns are separated by commas, not semicolons' },
    ]);
    expect(problems(await read('\uFEFFurl\tname\r\na\tb\r\n', 'text/csv'))).toEqual([
      { param: 'items', message: 'the CSV header (line 1) is one column, "url\\tname": columns are separated by commas, not tabs' },
    ]);
    // One column, and commas: as before.
    expect(((await read('url\na;b\n', 'text/csv')) as JobRequest).items).toEqual([{ url: 'a;b' }]);
    expect(((await read('url,name\na;b,c\td\n', 'text/csv')) as JobRequest).items).toEqual([{ url: 'a;b', name: 'c\td' }]);
  });

  it('a row with more or fewer fields than the header: 400 naming the item and its line', async () => {
    expect(problems(await read('name,url\nx,a\ny,b,extra\n', 'text/csv'))).toEqual([
      { param: 'items[1]', message: 'CSV line 3 has 3 fields; the header has 2' },
    ]);
    // Lines are counted as the file has them: blank lines, and a quoted field's newlines, count.
    expect(problems(await read('name,url\r\n\r\n"multi\nline",a\r\nshort\r\n', 'text/csv', { chunk: 3 }))).toEqual([
      { param: 'items[1]', message: 'CSV line 5 has 1 field; the header has 2' },
    ]);
  });

  it('more rows than JOBS_MAX_ITEMS: refused', async () => {
    const p = problems(await read('url\na\nb\nc\n', 'text/csv', { maxItems: 2 }));
    expect(p[0]).toMatchObject({ param: 'items', message: expect.stringContaining('JOBS_MAX_ITEMS') });
  });
});

describe('readJobRequest: JSON', () => {
  it('a leading UTF-8 BOM is skipped, as CSV and NDJSON skip it', async () => {
    const body = '\uFEFF' + JSON.stringify({ operation: '/v1/code/repository', items: [{ url: 'a' }] });
    for (const chunk of [1, 2, 1024]) {
      const r = (await read(body, 'application/json', { chunk })) as JobRequest;
      expect(r.items, `chunk ${chunk}`).toEqual([{ url: 'a' }]);
    }
  });
});

describe('readJobRequest: what one item and a whole job may name, and how slowly a body may come', () => {
  it('an item of more than 64 parameters is a problem of its own, in every form; a CSV header of more than 64 columns a 400', async () => {
    const wide = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`p${i}`, '1']));
    const nd = await read(`${JSON.stringify({ url: 'a' })}\n${JSON.stringify(wide)}\n`, 'application/x-ndjson');
    expect((nd as JobRequest).itemProblems).toEqual([{ param: 'items[1]', message: 'names 65 parameters; an item names at most 64' }]);
    const json = jobRequestOf({ operation: '/v1/code/repository', items: [wide] }, 10);
    expect((json as JobRequest).itemProblems[0].message).toContain('names 65 parameters');
    const csv = await read(`${Object.keys(wide).join(',')}\n${Object.values(wide).join(',')}\n`, 'text/csv');
    expect(problems(csv)[0].message).toContain('names 65 columns; an item names at most 64');
  });

  it('the items of a job name at most 8 parameters each on average: NDJSON, CSV and a job object past that are 400', async () => {
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`p${i}`, '1']));
    const ndjson = `${JSON.stringify(nine)}\n`.repeat(10);
    const csv = `${Object.keys(nine).join(',')}\n${`${Object.values(nine).join(',')}\n`.repeat(10)}`;
    for (const [body, type] of [
      [ndjson, 'application/x-ndjson'],
      [csv, 'text/csv'],
    ])
      expect(problems(await read(body, type, { maxItems: 10 }))[0].message).toContain('name at most 80 parameters in all');
    expect(problems(jobRequestOf({ operation: '/v1/code/repository', items: Array(10).fill(nine) }, 10))[0].message).toContain(
      'name at most 80 parameters in all',
    );
    // Within the average: read.
    expect(
      ((await read(`${JSON.stringify(nine)}\n`.repeat(8), 'application/x-ndjson', { maxItems: 10 })) as JobRequest).items,
    ).toHaveLength(8);
  });

  it('a body still trickling in past its first BODY_IDLE_MS at under 16 KiB/s is 408, though no gap reaches BODY_IDLE_MS', async () => {
    async function* trickle(): AsyncGenerator<Buffer> {
      yield Buffer.from('{"url":"https://github.com/octo/a"}\n');
      for (;;) {
        await new Promise((r) => setTimeout(r, 40));
        yield Buffer.from(' ');
      }
    }
    const req = Readable.from(trickle()) as unknown as IncomingMessage;
    Object.assign(req, { headers: { 'content-type': 'application/x-ndjson' } });
    const started = Date.now();
    const caps = { ...CAPS, idleMs: 300 };
    await expect(readJobRequest(req, new URLSearchParams({ operation: '/v1/code/repository' }), caps, 10)).rejects.toMatchObject({
      code: 'REQUEST_TIMEOUT',
      message: expect.stringContaining('slower than 16 KiB/s'),
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    req.destroy();
  });
});

describe('jsonStructureProblem: the structure a job can have, checked before JSON.parse', () => {
  const job = (items: string) => `{"operation":"/v1/code/repository","items":[${items}]}`;

  it('a job passes, whatever its strings hold (brackets, commas, colons, escaped quotes and backslashes)', () => {
    const tricky = '{"url":"a[{,:}]\\"[[[","b":"\\\\","c":"\\\\\\"{{{"}';
    expect(JSON.parse(job(tricky)).items[0].c).toBe('\\"{{{');
    expect(jsonStructureProblem(job(tricky), 10)).toBeNull();
    expect(jsonStructureProblem(job(Array(10).fill('{"url":"x"}').join(',')), 10)).toBeNull();
    expect(jsonStructureProblem('{"url": "unterminated', 10)).toBeNull();
  });

  const NINE = `{${Array.from({ length: 9 }, (_, i) => `"k${i}":1`).join(',')}}`;
  it.each<[string, string, string]>([
    ['nesting', `{"x":${'['.repeat(9)}${']'.repeat(9)}}`, 'nests deeper than 8 levels'],
    ['members of one object', job(`{${Array.from({ length: 65 }, (_, i) => `"k${i}":1`).join(',')}}`), 'an object of more than 64 members'],
    ['elements of one array', job(Array(11).fill('1').join(',')), 'an array of more than 10 elements'],
    [
      'objects and arrays',
      `{${Array.from({ length: 8 }, (_, i) => `"a${i}":[${Array(10).fill('[]').join(',')}]`).join(',')}}`,
      'more than 74 objects and arrays',
    ],
    [
      'members in all',
      `{"a":[${Array(10).fill(NINE).join(',')}],"b":[${Array(10).fill(NINE).join(',')}]}`,
      'more than 144 parameters and fields',
    ],
  ])('refuses too many %s', (_what, text, problem) => {
    expect(jsonStructureProblem(text, 10)).toContain(problem);
  });
});

describe('readJobRequest: a body is UTF-8 text (an upload without NUL bytes)', () => {
  const latin1 = (text: string) => Buffer.from(text, 'latin1');
  const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const notUtf8 = [{ param: 'body', message: 'is not UTF-8 text; send UTF-8 (a spreadsheet\'s "CSV UTF-8"), not Latin-1 or Windows-1252' }];
  const isUtf16 = [{ param: 'body', message: 'is UTF-16 (its byte order mark says so); send UTF-8 (a spreadsheet\'s "CSV UTF-8")' }];
  const job = (name: string) => `{"operation":"/v1/code/repository","items":[{"url":"a","name":"${name}"}]}`;
  /** The error readJobRequest answers or throws (a thrown one is answered by the route). */
  const refusal = (r: Promise<JobRequest | ApiError>) => r.then(problems, (e: unknown) => problems(e as ApiError));

  it('a Latin-1 file (once looked up as "Jos\\uFFFD") is a 400, in every form; its UTF-8 twin is read, whatever the chunks', async () => {
    for (const chunk of [1, 2, 1024]) {
      expect(await refusal(read(latin1('url,name\na,José\n'), 'text/csv', { chunk }))).toEqual(notUtf8);
      expect(await refusal(read(latin1('{"url":"a","name":"José"}\n'), 'application/x-ndjson', { chunk }))).toEqual(notUtf8);
      expect(await refusal(read(latin1(job('José')), 'application/json', { chunk }))).toEqual(notUtf8);
      expect(((await read('url,name\na,José ✓\n', 'text/csv', { chunk })) as JobRequest).items).toEqual([{ url: 'a', name: 'José ✓' }]);
      expect(((await read(job('José ✓'), 'application/json', { chunk })) as JobRequest).items).toEqual([{ url: 'a', name: 'José ✓' }]);
    }
    // A character cut short by the end of the body.
    expect(await refusal(read(Buffer.from([...Buffer.from('url\na'), 0xc3]), 'text/csv'))).toEqual(notUtf8);
  });

  it('a UTF-16 file is a 400 saying so (with its byte order mark), or naming the NUL bytes between its letters (without)', async () => {
    expect(await refusal(read(utf16le('url\na\n'), 'text/csv'))).toEqual(isUtf16);
    expect(await refusal(read(utf16le('{"url":"a"}\n'), 'application/x-ndjson'))).toEqual(isUtf16);
    expect(await refusal(read(utf16le(job('a')), 'application/json'))).toEqual(isUtf16);
    expect(await refusal(read(Buffer.from('url\na\n', 'utf16le'), 'text/csv'))).toEqual([
      { param: 'body', message: 'holds a NUL byte (byte 1): send UTF-8 text (a UTF-16 file has NULs between its letters)' },
    ]);
    expect(await refusal(read(Buffer.from([...Buffer.from('url\nab'), 0, ...Buffer.from('c\n')]), 'text/csv', { chunk: 2 }))).toEqual([
      { param: 'body', message: 'holds a NUL byte (byte 6): send UTF-8 text (a UTF-16 file has NULs between its letters)' },
    ]);
  });
});

describe('readJobRequest: the idempotency key, in the body or query and in the Idempotency-Key header', () => {
  const job = JSON.stringify({ operation: '/v1/code/repository', items: [{ url: 'a' }], idempotency_key: 'k-1' });
  const bare = JSON.stringify({ operation: '/v1/code/repository', items: [{ url: 'a' }] });
  /** A request with `headers`, each given once, or (an array) as often as it holds values. */
  function sent(body: string, type: string, headers: Record<string, string | string[]>, query: Record<string, string> = {}) {
    const req = request(body, type, 64 * 1024, {});
    const once = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
    const distinct = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
    Object.assign(req, { headers: { ...req.headers, ...once }, headersDistinct: distinct });
    return readJobRequest(
      req,
      new URLSearchParams(type === 'application/json' ? query : { operation: '/v1/code/repository', ...query }),
      CAPS,
      100,
    );
  }
  const differs = [
    { param: 'idempotency_key', message: 'differs from the Idempotency-Key header; give the key once, or the same in both' },
  ];

  it('either alone, or both alike, is the key', async () => {
    expect(((await sent(job, 'application/json', {})) as JobRequest).idempotencyKey).toBe('k-1');
    expect(((await sent(bare, 'application/json', { 'idempotency-key': 'k-2' })) as JobRequest).idempotencyKey).toBe('k-2');
    expect(((await sent(job, 'application/json', { 'idempotency-key': 'k-1' })) as JobRequest).idempotencyKey).toBe('k-1');
    expect(
      ((await sent('url\na\n', 'text/csv', { 'idempotency-key': 'k-1' }, { idempotency_key: 'k-1' })) as JobRequest).idempotencyKey,
    ).toBe('k-1');
  });

  it('two different keys (which one would replay or create a job?) are a 400 naming idempotency_key, JSON and uploads alike', async () => {
    expect(problems(await sent(job, 'application/json', { 'idempotency-key': 'k-2' }))).toEqual(differs);
    expect(problems(await sent('url\na\n', 'text/csv', { 'idempotency-key': 'k-2' }, { idempotency_key: 'k-1' }))).toEqual(differs);
    expect(problems(await sent('{"url":"a"}\n', 'application/x-ndjson', { 'idempotency-key': 'k-2' }, { idempotency_key: 'k-1' }))).toEqual(
      differs,
    );
  });

  it('an Idempotency-Key or x-webhook-secret header given twice (node joins them: "a, b", a key neither gave) is a 400 naming it', async () => {
    expect(problems(await sent(bare, 'application/json', { 'idempotency-key': ['k-1', 'k-1'] }))).toEqual([
      { param: 'idempotency-key', message: 'is given twice; give it once' },
    ]);
    const secret = ['s'.repeat(16), 't'.repeat(16)];
    const q = { webhook_url: 'https://example.com/hook' };
    expect(problems(await sent('url\na\n', 'text/csv', { 'x-webhook-secret': secret }, q))).toEqual([
      { param: 'x-webhook-secret', message: 'is given twice; give it once' },
    ]);
    expect(((await sent('url\na\n', 'text/csv', { 'x-webhook-secret': secret[0] }, q)) as JobRequest).webhook?.secret).toBe(secret[0]);
  });
});

describe('readJobRequest: a JSON job takes its options from its body', () => {
  it("an upload's query parameter given to a JSON job (?max_credits= meant as its cap, once dropped) is a 400 naming it", async () => {
    const body = JSON.stringify({ operation: '/v1/code/repository', items: [{ url: 'a' }] });
    for (const name of ['operation', 'cache_max_age', 'max_credits', 'webhook_url', 'idempotency_key']) {
      const r = await readJobRequest(request(body, 'application/json'), new URLSearchParams({ [name]: '5' }), CAPS, 100);
      expect(problems(r), name).toEqual([{ param: name, message: "is an upload's query parameter; a JSON job gives it in its body" }]);
    }
    // Other query parameters are ignored, as on every route.
    const other = await readJobRequest(request(body, 'application/json'), new URLSearchParams({ utm_source: 'x' }), CAPS, 100);
    expect((other as JobRequest).items).toEqual([{ url: 'a' }]);
  });
});

describe('jobRequestOf: the fields of a job', () => {
  const job = { operation: '/v1/code/repository', items: [{ url: 'a' }] };

  it('a field a job does not have (a misspelt max_credits would lift the cap its sender meant) is a 400 naming it', () => {
    expect(problems(jobRequestOf({ ...job, max_credit: 10 }, 100))).toEqual([
      { param: 'max_credit', message: expect.stringContaining('is not a field of a job') },
    ]);
    expect(problems(jobRequestOf({ ...job, webhook: { url: 'https://example.com/h', secret: 'x'.repeat(20), secrt: 'y' } }, 100))).toEqual([
      { param: 'webhook.secrt', message: expect.stringContaining('is not a field of a webhook') },
    ]);
  });

  it("an item's numbers and booleans are its parameters' text; a number JSON.parse rounded (a big id, 1e400) is a 400 naming it", async () => {
    const ok = jobRequestOf({ ...job, items: [{ id: 9007199254740991, page: 2, ratio: 0.25, big: -9007199254740991, flag: true }] }, 100);
    expect((ok as JobRequest).items).toEqual([
      { id: '9007199254740991', page: '2', ratio: '0.25', big: '-9007199254740991', flag: 'true' },
    ]);
    const rounded = {
      param: 'items[0].id',
      message: `is a number beyond what JSON numbers hold exactly here (integers to ±${Number.MAX_SAFE_INTEGER}); send it as a string`,
    };
    // 12345678901234567890 parses to 12345678901234567000: looked up, another id.
    for (const id of ['12345678901234567890', '9007199254740993', '-9007199254740993', '1e400', '1.5e300']) {
      const body = `{"operation":"/v1/code/repository","items":[{"id":${id}}]}`;
      expect((await read(body, 'application/json')) as JobRequest, id).toMatchObject({ items: [null], itemProblems: [rounded] });
      expect((await read(`{"id":${id}}\n`, 'application/x-ndjson')) as JobRequest, id).toMatchObject({
        items: [null],
        itemProblems: [rounded],
      });
    }
    expect((await read('{"id":"12345678901234567890"}\n', 'application/x-ndjson')) as JobRequest).toMatchObject({
      items: [{ id: '12345678901234567890' }],
      itemProblems: [],
    });
  });

  it('every field a job has is accepted', () => {
    const r = jobRequestOf(
      {
        ...job,
        cache_max_age: '7d',
        max_credits: 5,
        webhook: { url: 'https://example.com/h', secret: 'x'.repeat(20) },
        idempotency_key: 'k-1',
      },
      100,
    );
    expect(r).not.toBeInstanceOf(ApiError);
  });
});

describe('readJobRequest: body caps', () => {
  it('an upload over JOBS_MAX_BODY_MB and a JSON body over the lower JOBS_MAX_JSON_BODY_MB are 413 naming their setting', async () => {
    const caps = { ...CAPS, upload: 2 * 1024 * 1024, json: 1024 * 1024 };
    const line = '{"url":"https://github.com/octo/some-repository-name"}\n';
    const upload = line.repeat(Math.ceil((3 * 1024 * 1024) / line.length));
    await expect(read(upload, 'application/x-ndjson', { caps })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('JOBS_MAX_BODY_MB'),
    });
    const json = JSON.stringify({ operation: '/v1/code/repository', items: Array(40_000).fill({ url: 'https://github.com/a/b' }) });
    expect(json.length).toBeGreaterThan(caps.json);
    expect(json.length).toBeLessThan(caps.upload);
    await expect(read(json, 'application/json', { caps })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('JOBS_MAX_JSON_BODY_MB'),
    });
  });

  it('a body that has all arrived is parsed in turns: other work runs while 8 MB of NDJSON is read', async () => {
    const line = '{"url":"https://github.com/octo/some-repository-name"}\n';
    const body = line.repeat(Math.ceil((8 * 1024 * 1024) / line.length));
    const { result: r, turns } = await countingTurns(
      async () => (await read(body, 'application/x-ndjson', { chunk: 1024 * 1024, maxItems: 1_000_000 })) as JobRequest,
    );
    expect(r.items.length).toBe(Math.ceil((8 * 1024 * 1024) / line.length));
    // One turn at least every 256 KiB: 32 for 8 MB.
    expect(turns).toBeGreaterThanOrEqual(30);
  });

  it('a CSV of short rows is parsed in turns: other work runs while 100,000 two-byte rows are read', async () => {
    // csv-parse makes every record of the slice it is given in one go: 200 KB of `a\n`, under one
    // 256 KiB slice, was ~100,000 records in one turn (other requests waited ~0.4–0.8 s).
    const body = `url\n${'a\n'.repeat(100_000)}`;
    const { result: r, turns } = await countingTurns(async () => (await read(body, 'text/csv')) as JobRequest);
    expect(r.items.length).toBe(100_000);
    // One turn at least every 8 KiB: 24 for 200 KB.
    expect(turns).toBeGreaterThanOrEqual(20);
  });
});

describe('validateItems', () => {
  const routes = buildRoutes(allOperations());

  it("checks each item as its own request would be, and lets go of the request's items as it goes", async () => {
    const request = jobRequestOf(
      {
        operation: '/v1/code/repository',
        items: Array.from({ length: 600 }, (_, i) => ({ url: `https://github.com/octo/repo-${i}` })),
        cache_max_age: '1d',
      },
      1_000,
    ) as JobRequest;
    const v = await validateItems(routes, request);
    if (v instanceof ApiError) throw v;
    expect(v.items).toHaveLength(600);
    expect(v.items[599]).toEqual({
      input: '{"url":"https://github.com/octo/repo-599"}',
      maxAge: '1d',
      maxCost: 1,
      cacheKey: 'codeRepository:octo/repo-599',
    });
    // Held until the end, the items as given and their checked forms together took ~10 MB more
    // of a 100,000-item body's peak: a gateway on a 128 MB heap died of it.
    expect(request.items.every((i) => i === null)).toBe(true);
  });

  it('an item refused is named with its index, as before the request let go of its items', async () => {
    const request = jobRequestOf({ operation: '/v1/code/repository', items: [{ url: 'https://github.com/a/b' }, { nope: 'x' }, 7] }, 10);
    const v = await validateItems(routes, request as JobRequest);
    expect(v).toBeInstanceOf(ApiError);
    const details = (v as ApiError).details as { param: string }[];
    expect(details.map((d) => d.param)).toEqual(['items[1].url', 'items[2]']);
  });
});

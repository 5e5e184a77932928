/**
 * GraphQL over HTTP (/graphql): GraphiQL and GET queries are yoga's (a GET's `variables` or
 * `extensions` that are not JSON refused here first: 400 INVALID_INPUT); a POST is read once here —
 * its size (by key: KEYLESS_MAX_BODY without a valid key), type and JSON checked, a body that
 * stalls cut after BODY_IDLE_MS (408), answered as JSON errors with stable codes — then the fast
 * path (src/graphql/fast-http.ts: compiled documents for the common case) or yoga serves it. Both
 * execute through the one pipeline (src/graphql/execute.ts → src/pipeline/run.ts) and share the
 * document limits (src/graphql/limits.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Worker } from 'node:worker_threads';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { GraphQLError, Kind, getOperationAST } from 'graphql';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { createYoga, isAsyncIterable, processRegularResult } from 'graphql-yoga';
import type { Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import { hashApiKey } from '../credits/keys.js';
import { KeyPlaces } from '../http/key-places.js';
import { ApiError, invalidInput } from '../errors.js';
import type { ParamProblem } from '../errors.js';
import { repeatedParams } from '../http/query.js';
import { isObj } from '../parse/values.js';
import {
  KEYLESS_MAX_BODY,
  MAX_GRAPHQL_BODY,
  answerOptions,
  jsonText,
  methodNotAllowed,
  nestsTooDeep,
  notJson,
  notUtf8Body,
  readBody,
  tooDeep,
  tooLarge,
  unsupportedMediaType,
} from '../http/edges.js';
import { requestBaseUrl } from '../media/public-url.js';
import type { RequestInfo } from '../observability/request.js';
import { operationError, sendGraphqlError, withRequestIdExtension } from '../pipeline/errors.js';
import { executeGraphql } from './execute.js';
import { requestSignal } from '../pipeline/context.js';
import type { Deps, GatewayContext } from '../pipeline/context.js';
import { createFastGraphql, preparedSize } from './fast-http.js';
import type { FastGraphql } from './fast-http.js';
import { executeIncrementalWithCredits, noDeferOnRootFieldsRule, usesIncrementalDelivery } from './incremental.js';
import type { DocumentLimits } from './limits.js';
import { MAX_VALIDATION_ERRORS, documentLimitErrors, parseLimited } from './limits.js';
import { apiKeyOf, keyOf } from '../http/api-key.js';
import type { OperationDef } from '../platforms/operation.js';
import { buildSchema, checkRootFields } from './schema.js';

// Answered to every refused body (a flood of them builds no error, and captures no stack, per request).
const KEYLESS_TOO_LARGE = tooLarge(KEYLESS_MAX_BODY, true);
const TOO_LARGE = tooLarge(MAX_GRAPHQL_BODY);

const DEFAULT_QUERY = `# Creator Lookup GraphQL. Set your key under Headers: {"x-api-key": "<your key>"}
# Every root field costs credits (see extensions.credits in the response); cacheMaxAge serves
# a stored result at 0 credits. (npm run demo serves this repository from its demo data.)
query Example {
  codeRepository(url: "https://github.com/creator-lookup-demo/creator-kit", cacheMaxAge: "7d") {
    fullName
    starsCount
    topics
  }
}
`;

/**
 * yoga's own code for a request it refuses before any document is read (a batched array body,
 * `variables` or `extensions` that are no object, a mutation asked by GET…), which is no code of
 * the gateway's (docs/behaviour.md): answered as the gateway's stable one — METHOD_NOT_ALLOWED
 * for its 405, INVALID_INPUT otherwise (the HTTP status stays yoga's).
 */
function stableCode(extensions: Record<string, unknown> | undefined): Record<string, unknown> {
  if (extensions?.code !== 'BAD_REQUEST') return { ...extensions };
  const status = (extensions.http as { status?: number } | undefined)?.status;
  return { ...extensions, code: status === 405 ? 'METHOD_NOT_ALLOWED' : 'INVALID_INPUT' };
}

/** GraphQL errors with `extensions.request_id` (yoga's own errors included), and yoga's codes as stable ones. */
function withRequestId(result: unknown, id: string): unknown {
  if (Array.isArray(result)) return result.map((r) => withRequestId(r, id));
  if (!result || typeof result !== 'object' || !('errors' in result)) return result;
  const errors = (result as { errors?: unknown[] }).errors;
  if (!errors?.length) return result;
  return {
    ...result,
    errors: errors.map((e) => {
      if (!(e instanceof GraphQLError)) {
        const extensions = stableCode((e as { extensions?: Record<string, unknown> }).extensions);
        return { ...(e as object), extensions: { ...extensions, request_id: id } };
      }
      const stable = e.extensions?.code === 'BAD_REQUEST' ? new GraphQLError(e.message, { ...e, extensions: stableCode(e.extensions) }) : e;
      return withRequestIdExtension(stable, id);
    }),
  };
}

export interface GraphqlFace {
  serve(req: IncomingMessage, res: ServerResponse, info: RequestInfo): Promise<void>;
  /** What the document caches hold (bounded in bytes: a keyless caller fills them). */
  documentCaches(): { fast: { entries: number; bytes: number; compiled: number }; yoga: { entries: number; bytes: number } };
}

/** What the server hands yoga with each request. */
interface ServerContext {
  req: IncomingMessage;
  res: ServerResponse;
  info: RequestInfo;
}

type Yoga = ReturnType<typeof createYoga<ServerContext>>;

/** What /graphql's functions share: the two executors, the document limits, the GraphiQL page, the keys' requests in flight. */
interface Face {
  deps: Deps;
  limits: DocumentLimits;
  yoga: Yoga;
  fast: FastGraphql;
  graphiql: () => Promise<Buffer>;
  /** Per key (its SHA-256): the requests this instance is answering (GRAPHQL_MAX_IN_FLIGHT_PER_KEY). */
  places: KeyPlaces;
}

/**
 * GraphQL requests one key may have answered at once on one instance (an answer counts until it is
 * sent or its connection closed). An answer is held in memory until its client reads it, and one
 * document may ask for megabytes (25 root fields of large records, job results): 250 pipelined
 * requests nobody read ran a 512 MB process out of heap (an outside attack sweep).
 */
export const GRAPHQL_MAX_IN_FLIGHT_PER_KEY = 32;

/** Takes a place for the key the request names (none without a key), or answers 429 and returns false. */
function takePlace(face: Face, req: IncomingMessage, res: ServerResponse, info: RequestInfo): boolean {
  const apiKey = apiKeyOf(req.headers);
  if (!apiKey) return true;
  if (face.places.take(hashApiKey(apiKey), res)) return true;
  const busy = `A key may have at most ${GRAPHQL_MAX_IN_FLIGHT_PER_KEY} GraphQL requests answered at once; try again shortly`;
  sendGraphqlError(res, new ApiError('RATE_LIMITED', busy, { retryAfterSec: 1 }), info.id);
  return false;
}

/**
 * The GraphiQL page (the whole GraphiQL bundle inline, ~9 MB, so it works offline): rendered when
 * first asked for — not at start, most instances never serve it — and every answer is that one
 * buffer. A keyless caller asks for it: a copy per request held by answers nobody reads (pipelined
 * or never-read requests) exhausted the heap (an outside attack sweep).
 */
function graphiqlPage(deps: Deps): () => Promise<Buffer> {
  const options = {
    title: 'Creator Lookup — GraphiQL',
    defaultQuery: DEFAULT_QUERY,
    headers: JSON.stringify({ 'x-api-key': '<your key>' }, null, 2),
    shouldPersistHeaders: true,
    // `npm run demo`: the demo key and saved example operations (GRAPHIQL_DEFAULTS).
    ...deps.config.graphiql,
  };
  let page: Promise<Buffer> | undefined;
  return () =>
    (page ??= renderedAside(options).catch((e: unknown) => {
      page = undefined;
      throw e;
    }));
}

/**
 * The GraphiQL page rendered in a worker thread that ends once it has: the renderer's module holds
 * ~49 MB of heap for as long as it is loaded, and a module loaded here is never unloaded — a
 * gateway on a 128 MB heap served its first GraphiQL page at 86% of it (a flake audit). The page
 * comes back as its bytes (transferred, not copied).
 */
function renderedAside(options: object): Promise<Buffer> {
  const renderer = import.meta.resolve('@graphql-yoga/render-graphiql');
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.renderer).then((m) => {
      const page = Buffer.from(m.renderGraphiQL(workerData.options));
      parentPort.postMessage(page, [page.buffer]);
    });`;
  return new Promise((resolveP, reject) => {
    const worker = new Worker(source, { eval: true, workerData: { renderer, options } });
    worker.once('message', (u8: Uint8Array) => resolveP(Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength)));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the GraphiQL page's renderer exited (${code}) without a page`)));
  });
}

async function sendGraphiql(face: Face, res: ServerResponse): Promise<void> {
  const body = await face.graphiql();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
  res.end(body);
}

/**
 * The face as the app makes it (src/app.ts, on first use): the schema built — once a process —
 * and checked to have a root field for every operation `ops`, then createGraphqlFace.
 */
export function startGraphqlFace(deps: Deps, ops: readonly OperationDef[]): GraphqlFace {
  const schema = buildSchema();
  checkRootFields(schema, ops);
  return createGraphqlFace(deps, schema);
}

export function createGraphqlFace(deps: Deps, schema: GraphQLSchema): GraphqlFace {
  const limits: DocumentLimits = {
    maxDepth: deps.config.maxDepth,
    maxAliases: deps.config.maxAliases,
    maxTokens: deps.config.maxTokens,
    maxSelections: deps.config.maxSelections,
    maxFragmentSpreads: deps.config.maxFragmentSpreads,
    maxQueryLength: deps.config.maxQueryLength,
  };
  const { yoga, documents } = createYogaServer(deps, schema, limits);
  const face: Face = {
    deps,
    limits,
    yoga,
    fast: createFastGraphql(deps, schema, [noDeferOnRootFieldsRule], limits),
    graphiql: graphiqlPage(deps),
    places: new KeyPlaces(GRAPHQL_MAX_IN_FLIGHT_PER_KEY),
  };
  return {
    serve: (req, res, info) => serve(face, req, res, info),
    documentCaches: () => ({ fast: face.fast.held(), yoga: { entries: documents.size, bytes: documents.calculatedSize } }),
  };
}

/**
 * The yoga plugin that runs documents through the pipeline (credits), parses them under the
 * document limits and refuses one over them before graphql's own validation; a document that
 * validates is remembered in `documents` by its text.
 */
function creditsPlugin(
  limits: DocumentLimits,
  parsedText: WeakMap<DocumentNode, string>,
  documents: LRUCache<string, DocumentNode>,
): Plugin {
  return {
    onParse({ setParseFn, context }) {
      setParseFn((source) => parseLimited(typeof source === 'string' ? source : source.body, limits));
      // Before yoga's own check (its plugin comes after ours), which says only "Could not
      // determine what operation to execute." under a code of its own.
      const name = (context as { params?: { operationName?: string | null } }).params?.operationName ?? undefined;
      return ({ result }) => {
        if (result && !(result instanceof Error) && !getOperationAST(result, name)) throw operationError(unresolvedOperation(result, name));
      };
    },
    onExecute({ setExecuteFn, executeFn }) {
      setExecuteFn((args) =>
        usesIncrementalDelivery(args.document)
          ? executeIncrementalWithCredits(args as never, executeFn as never)
          : executeGraphql(cancelledWithClient(args) as never, executeFn as never),
      );
    },
    onValidate({ addValidationRule, params, setResult, validateFn, setValidationFn }) {
      // The linear limit pass first: over a limit, graphql's own (superlinear) rules never run.
      const over = documentLimitErrors(params.documentAST, limits);
      if (over.length) return setResult(over);
      addValidationRule(noDeferOnRootFieldsRule);
      // As the fast path validates (src/graphql/fast-http.ts): at most MAX_VALIDATION_ERRORS.
      setValidationFn((schema, document, rules, options, typeInfo) =>
        validateFn(schema, document, rules, { ...options, maxErrors: MAX_VALIDATION_ERRORS }, typeInfo),
      );
      // A parsed document is remembered once it has validated (never an invalid one).
      const text = parsedText.get(params.documentAST);
      if (text === undefined) return;
      return ({ result }) => {
        if (result.length === 0) documents.set(text, params.documentAST);
      };
    },
    onResultProcess({ result, setResult, serverContext, resultProcessor, setResultProcessor }) {
      const id = (serverContext as { info?: RequestInfo } | undefined)?.info?.id;
      if (id) setResult(withRequestId(result, id) as never);
      // An Accept naming nothing yoga answers with (text/html on a POST, application/xml): yoga
      // would answer 406 with an empty body once the operation has run and been charged. Accept is
      // disregarded instead (RFC 9110 §12.5.1): the result goes out as JSON. (A stream — a
      // subscription — has no JSON form: 406 NOT_ACCEPTABLE; @defer/@stream fall back to one result
      // for such a client before running, src/graphql/incremental.ts.)
      if (resultProcessor) return;
      if (!isAsyncIterable(result)) return setResultProcessor(processRegularResult, 'application/json');
      // The 406 comes after the subscription has started: it is ended here, its watcher stopped and
      // its JOBS_MAX_STREAMS_PER_KEY place given back (before, nothing ever read or ended it, and
      // 20 such requests left a key no stream until a restart).
      const stream = result[Symbol.asyncIterator]();
      void Promise.resolve(stream.return?.()).catch(() => undefined);
      // Still 406, now with a body saying why and a stable code (yoga's own 406 had none).
      setResultProcessor((_result, fetchAPI) => notAcceptable(fetchAPI, id), 'application/json');
    },
  };
}

/**
 * An operation yoga answers whole (a GET) is cancelled when its client goes away, as the
 * fast path's and REST's are: its live fetches are aborted and refunded. Before, yoga's ran on to
 * the upstream timeouts and were charged for answers nobody read. An incremental one (@defer /
 * @stream) is not: it completes and is settled at its price (src/graphql/incremental.ts).
 */
function cancelledWithClient<A extends { contextValue?: unknown }>(args: A): A {
  const ctx = args.contextValue as GatewayContext | undefined;
  if (ctx?.clientGone && !ctx.signal) Object.assign(ctx, { signal: ctx.clientGone, signalCoversShutdown: true });
  return args;
}

/**
 * A document whose operation to run is not known (several, and no operationName; a name it does
 * not define): INVALID_INPUT naming operationName, with the operations it defines; one with none
 * (fragments only): naming query.
 */
function unresolvedOperation(document: DocumentNode, name: string | undefined): ApiError {
  const names = document.definitions.flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION ? [d.name?.value ?? '(anonymous)'] : []));
  if (!names.length) return invalidInput([{ param: 'query', message: 'defines no operation (a query, mutation or subscription)' }]);
  const defined = `the document defines ${names.join(', ')}`;
  return invalidInput([
    {
      param: 'operationName',
      message:
        name === undefined
          ? `is required when a document has several operations: ${defined}`
          : `no operation named ${JSON.stringify(name)}: ${defined}`,
    },
  ]);
}

/** The 406 of a subscription asked under an Accept it cannot be streamed in, as GraphQL errors (0 credits). */
function notAcceptable(fetchAPI: { Response: typeof Response }, requestId: string | undefined): Response {
  const error = new ApiError(
    'NOT_ACCEPTABLE',
    'A subscription is streamed as server-sent events only: ask it with Accept: text/event-stream',
  );
  const extensions = { code: error.code, ...(requestId ? { request_id: requestId } : {}) };
  return new fetchAPI.Response(JSON.stringify({ errors: [{ message: error.message, extensions }] }), {
    status: 406,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** The yoga server (GraphiQL, GET queries, and the POSTs the fast path leaves) and its document cache. */
function createYogaServer(
  deps: Deps,
  schema: GraphQLSchema,
  limits: DocumentLimits,
): { yoga: Yoga; documents: LRUCache<string, DocumentNode> } {
  // yoga remembers parsed documents by query text: the same byte cap as the fast path's, and
  // documents that fail to parse are not remembered at all (a keyless caller chooses the text).
  const parsedText = new WeakMap<DocumentNode, string>();
  const documents = new LRUCache<string, DocumentNode>({
    max: 2_000,
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (_d, query) => preparedSize(query),
  });
  const yoga = createYoga<ServerContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // CORS is the app's (src/http/edges.ts): an allow-list, never with credentials.
    cors: false,
    parserAndValidationCache: {
      documentCache: { get: (q) => documents.get(q), set: (q, d) => void (q.length <= 16 * 1024 && parsedText.set(d, q)) },
      errorCache: { get: () => undefined, set: () => undefined },
      validationCache: true,
    },
    // The GraphiQL page is served before yoga (graphiqlPage): one way to it.
    graphiql: false,
    context: ({ request, req, res, info }): Partial<GatewayContext> => ({
      deps,
      apiKey: keyOf(request.headers.get('x-api-key'), request.headers.get('authorization')),
      requestBaseUrl: req ? requestBaseUrl(req) : null,
      reqInfo: info,
      // Aborts when the client goes away, or at shutdown: a subscription ends with it (its per-key
      // slot freed at once). It is `signal` only for an operation answered whole
      // (cancelledWithClient): one yoga streams (@defer / @stream) completes and is settled at its
      // price when its client cancels (src/graphql/incremental.ts).
      ...(res ? { clientGone: requestSignal(res, deps.shutdown) } : {}),
    }),
    // @defer / @stream (src/graphql/incremental.ts): multipart/mixed or text/event-stream responses.
    plugins: [useDeferStream(), creditsPlugin(limits, parsedText, documents)],
    logging: {
      debug: (...a) => deps.logger.debug(yogaLine(a)),
      info: (...a) => deps.logger.info(yogaLine(a)),
      warn: (...a) => deps.logger.warn(yogaLine(a)),
      error: (...a) => deps.logger.error(yogaLine(a)),
    },
  });
  return { yoga, documents };
}

/**
 * A line of yoga's log: an Error it passes (a bug it masked as a 500) is the line's `err`, so pino
 * writes its type, message and stack — inside `yoga` it would be written as `{}`.
 */
function yogaLine(args: unknown[]): Record<string, unknown> {
  const err = args.find((a) => a instanceof Error);
  if (!err) return { yoga: args };
  const rest = args.filter((a) => a !== err);
  return rest.length ? { err, yoga: rest } : { err };
}

/**
 * /graphql. GET (GraphiQL, queries in the URL) is yoga's, once its JSON parameters parse. A POST
 * is read here once, whichever executor serves it: its size, type and JSON are checked here (JSON error bodies with stable
 * codes), then the fast path serves the common case and yoga the rest (batches, @defer/@stream,
 * invalid documents), from the bytes already read.
 */
async function serve(face: Face, req: IncomingMessage, res: ServerResponse, info: RequestInfo): Promise<void> {
  const { deps, limits } = face;
  if (req.method === 'OPTIONS') return answerOptions(req, res, deps.config.corsOrigins, 'GET, POST');
  if (!takePlace(face, req, res, info)) return;
  if (req.method !== 'POST') {
    if (req.method !== 'GET')
      return sendGraphqlError(res, methodNotAllowed(req.method, 'GET or POST'), info.id, { allow: 'GET, POST, OPTIONS' });
    // A browser asking for the page gets GraphiQL whatever the URL holds (as yoga would decide it).
    if (req.headers.accept?.includes('text/html')) return sendGraphiql(face, res);
    const notParsed = unparsedGetParams(req.url);
    if (notParsed) return sendGraphqlError(res, notParsed, info.id);
    return face.yoga(req, res, { info }) as unknown as Promise<void>;
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  // (A large body is not read for this answer: GatewayResponse closes the connection instead.)
  if (type !== 'application/json') return sendGraphqlError(res, unsupportedMediaType(type), info.id);
  // A body over the keyless limit is read only for a valid key, looked up from the headers once:
  // the pipeline's admit step takes it from `info` (src/pipeline/admit.ts) instead of a second lookup.
  // (No await without a key: a keyless body refused from its headers is refused before node's
  // parser hands JS any of it.)
  let limit = KEYLESS_MAX_BODY;
  const declared = Number(req.headers['content-length']);
  if (!(declared <= KEYLESS_MAX_BODY)) {
    const apiKey = apiKeyOf(req.headers);
    const key = apiKey ? await deps.ledger.authenticate(apiKey) : null;
    if (key) {
      limit = MAX_GRAPHQL_BODY;
      info.authenticatedKey = key;
    }
  }
  // Refused from its headers or once over the limit: nothing more is read, and the answer
  // closes the connection (GatewayResponse) rather than draining the rest of the body.
  const raw = declared > limit ? 'too-large' : await readBody(req, limit, deps.config.bodyIdleMs);
  // A body that stalled: 408 REQUEST_TIMEOUT (BODY_IDLE_MS).
  if (raw instanceof ApiError) return sendGraphqlError(res, raw, info.id);
  if (raw === 'too-large') return sendGraphqlError(res, limit === KEYLESS_MAX_BODY ? KEYLESS_TOO_LARGE : TOO_LARGE, info.id);
  let parsed: unknown;
  const text = jsonText(raw);
  if (text === null) return sendGraphqlError(res, notUtf8Body(), info.id);
  // Nesting first, in one pass: JSON.parse of 1 MiB of `[` holds the event loop ~0.2–0.5 s.
  if (nestsTooDeep(text)) return sendGraphqlError(res, tooDeep(), info.id);
  try {
    parsed = JSON.parse(text);
  } catch {
    return sendGraphqlError(res, notJson(), info.id);
  }
  // A query text over the limit is refused before anyone lexes it (see src/graphql/limits.ts).
  const query = (parsed as { query?: unknown } | null)?.query;
  // No document at all: 400 whatever the Accept (yoga answers a plain JSON client 200).
  if (isObj(parsed) && (query === undefined || query === null || query === '')) return sendGraphqlError(res, noQuery(), info.id);
  if (typeof query === 'string' && query.length > limits.maxQueryLength) {
    return sendGraphqlError(res, invalidInput([{ param: 'query', message: `longer than ${limits.maxQueryLength} characters` }]), info.id);
  }
  if (deps.config.graphqlFastPath && (await face.fast.handle(req, res, info, parsed))) return;
  await yogaPost(face.yoga, req, res, info, raw);
}

/** A request naming no GraphQL document (no `query`, or an empty one): 400 INVALID_INPUT. */
const NO_QUERY: ParamProblem = { param: 'query', message: 'missing: a GraphQL document is required' };
const noQuery = () => invalidInput([NO_QUERY]);

/**
 * A GET without a `query` (yoga answers a plain JSON client 200), its parameters given twice, and
 * its `variables` and `extensions` as yoga reads them (the first of each, when not empty) that are
 * not JSON: yoga's JSON.parse would throw, answered as a masked 500.
 */
function unparsedGetParams(url: string | undefined): ApiError | null {
  const at = url?.indexOf('?') ?? -1;
  if (at < 0) return noQuery();
  const params = new URLSearchParams(url!.slice(at + 1));
  // A parameter given twice is refused, as every route refuses it (src/http/query.ts), never "the first wins".
  const problems: ParamProblem[] = repeatedParams(params, ['query', 'variables', 'operationName', 'extensions']);
  if (!params.get('query')) problems.push(NO_QUERY);
  for (const param of ['variables', 'extensions']) {
    const text = params.get(param);
    if (!text) continue;
    try {
      JSON.parse(text);
    } catch {
      problems.push({ param, message: 'is not valid JSON' });
    }
  }
  return problems.length ? invalidInput(problems) : null;
}

/**
 * Until the client has taken what was written to `res` (drain), or has gone: node keeps whatever a
 * client does not read, and 20 unread monitorRuns streams of one key grew the gateway by ~85 MB a
 * run (4 MB events).
 */
function taken(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** A POST the fast path left, handed to yoga with the body already read, and yoga's answer written out. */
async function yogaPost(yoga: Yoga, req: IncomingMessage, res: ServerResponse, info: RequestInfo, raw: Buffer): Promise<void> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) headers.append(k, item);
  }
  const response = await yoga.fetch(
    new URL(req.url ?? '/graphql', `http://${req.headers.host ?? 'localhost'}`),
    { method: req.method, headers, body: new Uint8Array(raw) },
    { req, res, info },
  );
  const outHeaders: Record<string, string> = {};
  response.headers.forEach((v, k) => (outHeaders[k] = v));
  // Incremental delivery: each part as it is ready, the next once the client has taken what was
  // written (a subscription's events are not read ahead: monitorRuns keeps the latest run, not a
  // backlog); a client that leaves cancels the stream.
  if (response.body && /^(multipart\/mixed|text\/event-stream)/.test(response.headers.get('content-type') ?? '')) {
    res.writeHead(response.status, outHeaders);
    const reader = response.body.getReader();
    res.once('close', () => void reader.cancel().catch(() => undefined));
    for (let part = await reader.read(); !part.done; part = await reader.read())
      if (!res.write(part.value) && !res.destroyed) await taken(res);
    res.end();
    return;
  }
  const out = Buffer.from(await response.arrayBuffer());
  outHeaders['content-length'] = String(out.length);
  res.writeHead(response.status, outHeaders);
  res.end(out);
}

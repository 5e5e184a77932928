/**
 * The common case of GraphQL over HTTP — a POST with a JSON body holding a query that parses
 * and validates — served without yoga's Fetch-API round trip: documents are parsed, validated
 * and compiled (graphql-jit; when first run, after the key) once per distinct query text and
 * remembered; each request then only authenticates, plans credits, runs the compiled document and
 * serialises the result exactly as yoga would (same status rules, same error shape, same content
 * type). An invalid document is answered here too, as yoga answers it.
 *
 * Everything else (GraphiQL, GET, batching, @defer / @stream, unusual content types) goes to
 * yoga unchanged, with the body already read handed over intact.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError, execute, getOperationAST, specifiedRules, validate } from 'graphql';
import type { DocumentNode, ExecutionResult, GraphQLSchema, OperationDefinitionNode, ValidationRule } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { DocumentLimits } from './limits.js';
import { MAX_VALIDATION_ERRORS, documentLimitErrors, parseLimited } from './limits.js';
import type { CompiledOperation } from './compiled.js';
import { compileOperation } from './compiled.js';
import type { Deps } from '../pipeline/context.js';
import { HttpContext } from '../pipeline/context.js';
import type { RequestInfo } from '../observability/request.js';
import { usesIncrementalDelivery } from './incremental.js';
import { executeGraphql, sharedAnswerBody } from './execute.js';
import { apiKeyOf } from '../http/api-key.js';

interface Prepared {
  document: DocumentNode;
  /** Compiled executors by operation name ('' for the document's only operation). */
  compiled: Map<string, { run: CompiledOperation; operation: OperationDefinitionNode } | null>;
}

export interface FastGraphql {
  /**
   * Serves a POST whose JSON body was read and parsed already (true), or says yoga must (false):
   * the app's HTTP front has answered bodies that are too large, not JSON or of another type.
   */
  handle(req: IncomingMessage, res: ServerResponse, info: RequestInfo, body: unknown): Promise<boolean>;
  /** Prepared documents held, and the bytes they are counted as. */
  /** Documents remembered, their bytes, and operations compiled (graphql-jit) so far. */
  held(): { entries: number; bytes: number; compiled: number };
}

/** A request parameter that must be a map (`variables`, `extensions`): an object, or null / absent. */
const mapOrNone = (v: unknown) => v == null || (typeof v === 'object' && !Array.isArray(v));

/** Which media type the response uses, as yoga negotiates it; null when neither is acceptable. */
function responseMediaType(accept: string | undefined): string | null {
  if (!accept) return 'application/json';
  for (const part of accept.split(',')) {
    const type = part.split(';')[0].trim().toLowerCase();
    if (type === 'application/graphql-response+json') return type;
    if (type === 'application/json' || type === '*/*' || type === 'application/*') return 'application/json';
  }
  return null;
}

/** As yoga serialises it, plus each error's extensions.request_id and any headers errors ask for. */
function serialise(
  result: ExecutionResult,
  requestId: string,
  documentErrors = false,
): { status: number; body: string; headers: Record<string, string> | null } {
  let status = 0;
  let headers: Record<string, string> | null = null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(result)) {
    if (k === 'errors' && Array.isArray(v)) {
      out.errors = (v as GraphQLError[]).map((e) => {
        const s = e.extensions?.http as { status?: number; headers?: Record<string, string> } | undefined;
        if (s?.status && s.status > status) status = s.status;
        if (s?.headers) headers = { ...headers, ...s.headers };
        const json = e.toJSON() as { extensions?: Record<string, unknown> };
        const { http: _h, unexpected: _u, ...rest } = json.extensions ?? {};
        json.extensions = { ...rest, request_id: requestId };
        // A document's own error (over a limit, invalid), coded as yoga codes it.
        if (documentErrors && !json.extensions.code) json.extensions = { code: 'GRAPHQL_VALIDATION_FAILED', ...json.extensions };
        return json;
      });
    } else if (k === 'extensions' && v && typeof v === 'object') {
      const { http: _h, ...rest } = v as Record<string, unknown>;
      if (Object.keys(rest).length) out.extensions = rest;
    } else out[k] = v;
  }
  return { status: status || 200, body: JSON.stringify(out), headers };
}

/**
 * Prepared documents are remembered by query text, before anyone's key is checked, so the memory
 * they take is capped in bytes (a keyless caller chooses the text): texts over DOCUMENT_MAX_TEXT
 * are prepared per request and never kept, and a kept one is charged for its text, its AST and its
 * compiled code (estimated from the text's length). Invalid documents are never kept.
 */
const DOCUMENT_MAX_TEXT = 16 * 1024;
const DOCUMENT_CACHE_BYTES = 24 * 1024 * 1024;
export const preparedSize = (query: string) => 4_096 + query.length * 24;

/** Every root selection is a meta field (`__schema`, `__type`, `__typename`), fragments aside. */
const introspectionOnly = (operation: OperationDefinitionNode) =>
  operation.selectionSet.selections.every((s) => s.kind === 'Field' && s.name.value.startsWith('__'));

export function createFastGraphql(deps: Deps, schema: GraphQLSchema, rules: ValidationRule[], limits: DocumentLimits): FastGraphql {
  const documents = new LRUCache<string, Prepared>({
    max: 2_000,
    maxSize: DOCUMENT_CACHE_BYTES,
    sizeCalculation: (_v, query) => preparedSize(query),
  });
  const allRules = [...specifiedRules, ...rules];
  let compilations = 0;

  /**
   * The prepared document; or the errors of a document over a limit or invalid (answered here, as
   * yoga would, without a second parse: the cheapest answer to an abusive keyless document); or null.
   */
  function prepare(query: string): Prepared | GraphQLError[] | null {
    const known = documents.get(query);
    if (known !== undefined) return known;
    let document: DocumentNode;
    try {
      document = parseLimited(query, limits);
    } catch {
      return null;
    }
    const over = documentLimitErrors(document, limits);
    if (over.length) return over;
    // graphql-jit has no incremental delivery: @defer / @stream documents are yoga's.
    if (usesIncrementalDelivery(document)) return null;
    // An invalid document is answered here, as yoga answers it (each error's code
    // GRAPHQL_VALIDATION_FAILED, serialise()): handed on, yoga parsed and validated it again and
    // copied each error twice more — a keyless 11 KB document of 2,000 unknown fields took ~44 ms
    // of the event loop, and 20 keyless clients sending such held /healthz 1.8 s.
    const invalid = validate(schema, document, allRules, { maxErrors: MAX_VALIDATION_ERRORS });
    if (invalid.length) return [...invalid];
    const prepared: Prepared = { document, compiled: new Map() };
    if (query.length <= DOCUMENT_MAX_TEXT) documents.set(query, prepared);
    return prepared;
  }

  function compiledFor(p: Prepared, operationName: string | undefined) {
    const k = operationName ?? '';
    if (!p.compiled.has(k)) {
      const operation = getOperationAST(p.document, operationName);
      // Only names the document defines are remembered (a client chooses operationName freely).
      if (!operation) return null;
      let c: { run: CompiledOperation; operation: OperationDefinitionNode } | null = null;
      if (operation && operation.operation === 'query' && introspectionOnly(operation)) {
        // Introspection is answered once per document (execute.ts); compiling each new
        // text a keyless caller sends would cost more than interpreting it the one time it runs.
        const document = p.document;
        c = { run: (ctx, vars) => execute({ schema, document, operationName, contextValue: ctx, variableValues: vars }), operation };
      } else if (operation && operation.operation === 'query') {
        // Compiled when it first runs, which is after its key is admitted (executeGraphql): a
        // keyless caller's new documents are answered 401 without one. Compiled up front, a keyless
        // 9.5 KB document of 25 root fields took ~57 ms of the event loop for its 401.
        const document = p.document;
        let compiled: CompiledOperation | null | undefined;
        c = {
          run: (ctx, vars) => {
            if (compiled === undefined) {
              compilations++;
              try {
                compiled = compileOperation(schema, document, operationName);
              } catch {
                compiled = null;
              }
            }
            // One graphql-jit cannot compile runs as yoga would run it.
            return compiled ? compiled(ctx, vars) : execute({ schema, document, operationName, contextValue: ctx, variableValues: vars });
          },
          operation,
        };
      }
      p.compiled.set(k, c);
    }
    return p.compiled.get(k)!;
  }

  return {
    held: () => ({ entries: documents.size, bytes: documents.calculatedSize, compiled: compilations }),
    async handle(req, res, info, parsed) {
      const media = responseMediaType(req.headers.accept);
      if (!media || !parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
      const body = parsed as { query?: unknown; variables?: unknown; operationName?: unknown; extensions?: unknown };
      const { query, variables, operationName, extensions } = body;
      // Not a well-formed GraphQL-over-HTTP request: yoga's answer (400) is the reference.
      if (
        typeof query !== 'string' ||
        !mapOrNone(variables) ||
        !mapOrNone(extensions) ||
        (operationName != null && typeof operationName !== 'string')
      ) {
        return false;
      }
      const prepared = prepare(query);
      if (Array.isArray(prepared)) {
        // A request error, as yoga answers it: 400 to GraphQL-over-HTTP clients, 200 to plain JSON ones.
        const status = media === 'application/graphql-response+json' ? 400 : 200;
        const { body: payload } = serialise({ errors: prepared }, info.id, true);
        res.writeHead(status, { 'content-type': `${media}; charset=utf-8`, 'content-length': Buffer.byteLength(payload) });
        res.end(payload);
        return true;
      }
      const compiled = prepared && compiledFor(prepared, (operationName as string | null) ?? undefined);
      if (!prepared || !compiled) return false;
      const vars = (variables as Record<string, unknown> | null) ?? undefined;

      // With its response: a client that goes away cancels the live fetches made for it, refunded
      // at 0, as REST's are (without it, a client gone was charged in full for nothing answered).
      const ctx = new HttpContext(deps, apiKeyOf(req.headers), info, req, res);
      const result = await executeGraphql(
        {
          schema,
          document: prepared.document,
          operationName: (operationName as string | null) ?? undefined,
          variableValues: vars,
          contextValue: ctx,
        },
        () => compiled.run(ctx, vars),
      );
      // A remembered introspection answer: its body was serialised once (execute.ts).
      const shared = sharedAnswerBody(result);
      if (shared) {
        res.writeHead(200, { 'content-type': `${media}; charset=utf-8`, 'content-length': shared.length });
        res.end(shared);
        return true;
      }
      const { status, body: payload, headers } = serialise(result, info.id);
      res.writeHead(status, { ...headers, 'content-type': `${media}; charset=utf-8`, 'content-length': Buffer.byteLength(payload) });
      res.end(payload);
      return true;
    },
  };
}

/**
 * The common case of GraphQL over HTTP — a POST with a JSON body holding a query that parses
 * and validates — served without yoga's Fetch-API round trip: documents are parsed, validated
 * and compiled (graphql-jit) once per distinct query text and remembered; each request then only
 * authenticates, plans credits, runs the compiled document and serialises the result exactly as
 * yoga would (same status rules, same error shape, same content type).
 *
 * Everything else (GraphiQL, GET, batching, invalid documents, @defer / @stream, unusual
 * content types) goes to yoga unchanged, with the body already read handed over intact.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError, getOperationAST, getVariableValues, parse, specifiedRules, validate } from 'graphql';
import type { DocumentNode, ExecutionResult, GraphQLSchema, OperationDefinitionNode, ValidationRule } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { CompiledOperation } from './compiled.js';
import { compileOperation } from './compiled.js';
import type { Deps } from './context.js';
import { HttpContext } from './context.js';
import type { RequestInfo } from '../observability/request.js';
import { usesIncrementalDelivery } from './incremental.js';
import { executeWithCredits } from './plan.js';

const MAX_BODY = 1024 * 1024;

interface Prepared {
  document: DocumentNode;
  /** Compiled executors by operation name ('' for the document's only operation). */
  compiled: Map<string, { run: CompiledOperation; operation: OperationDefinitionNode } | null>;
}

export interface FastGraphql {
  /**
   * Serves the request (handled), or says yoga must: with the body already read (`body`), or
   * untouched (`body: null`).
   */
  handle(req: IncomingMessage, res: ServerResponse, info: RequestInfo): Promise<{ handled: true } | { handled: false; body: Buffer | null }>;
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolveP, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => resolveP(size > MAX_BODY ? 'too-large' : Buffer.concat(chunks, size)));
    req.on('error', reject);
  });
}

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
function serialise(result: ExecutionResult, requestId: string): { status: number; body: string; headers: Record<string, string> | null } {
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
        return json;
      });
    } else if (k === 'extensions' && v && typeof v === 'object') {
      const { http: _h, ...rest } = v as Record<string, unknown>;
      if (Object.keys(rest).length) out.extensions = rest;
    } else out[k] = v;
  }
  return { status: status || 200, body: JSON.stringify(out), headers };
}

export function createFastGraphql(deps: Deps, schema: GraphQLSchema, rules: ValidationRule[]): FastGraphql {
  const documents = new LRUCache<string, Prepared | false>({ max: 1_000 });
  const allRules = [...specifiedRules, ...rules];

  function prepare(query: string): Prepared | null {
    const known = documents.get(query);
    if (known !== undefined) return known || null;
    let prepared: Prepared | false = false;
    try {
      const document = parse(query);
      // graphql-jit has no incremental delivery: @defer / @stream documents are yoga's.
      if (!usesIncrementalDelivery(document) && validate(schema, document, allRules).length === 0) prepared = { document, compiled: new Map() };
    } catch {
      prepared = false;
    }
    documents.set(query, prepared);
    return prepared || null;
  }

  function compiledFor(p: Prepared, operationName: string | undefined) {
    const k = operationName ?? '';
    if (!p.compiled.has(k)) {
      const operation = getOperationAST(p.document, operationName);
      let c: { run: CompiledOperation; operation: OperationDefinitionNode } | null = null;
      if (operation && operation.operation === 'query') {
        try {
          c = { run: compileOperation(schema, p.document, operationName), operation };
        } catch {
          c = null;
        }
      }
      p.compiled.set(k, c);
    }
    return p.compiled.get(k)!;
  }

  return {
    async handle(req, res, info) {
      const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      const media = responseMediaType(req.headers.accept);
      if (req.method !== 'POST' || type !== 'application/json' || !media) return { handled: false, body: null };
      const raw = await readBody(req);
      if (raw === 'too-large') {
        const payload = JSON.stringify({ errors: [{ message: `Request body exceeds ${MAX_BODY} bytes`, extensions: { code: 'INVALID_INPUT', request_id: info.id } }] });
        res.writeHead(413, { 'content-type': `${media}; charset=utf-8`, 'content-length': Buffer.byteLength(payload) });
        res.end(payload);
        return { handled: true };
      }
      let body: { query?: unknown; variables?: unknown; operationName?: unknown; extensions?: unknown };
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return { handled: false, body: raw };
      }
      const { query, variables, operationName } = body ?? {};
      if (
        typeof query !== 'string' ||
        (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) ||
        (operationName != null && typeof operationName !== 'string')
      ) {
        return { handled: false, body: raw };
      }
      const prepared = prepare(query);
      const compiled = prepared && compiledFor(prepared, (operationName as string | null) ?? undefined);
      if (!prepared || !compiled) return { handled: false, body: raw };
      const vars = (variables as Record<string, unknown> | null) ?? undefined;
      // Variables that do not fit their types: yoga's answer (a request error) is the reference.
      if (compiled.operation.variableDefinitions?.length && getVariableValues(schema, compiled.operation.variableDefinitions, vars ?? {}).errors) {
        return { handled: false, body: raw };
      }

      const header = req.headers['x-api-key'];
      const ctx = new HttpContext(deps, (Array.isArray(header) ? header[0] : header) ?? null, info, req, null);
      const result = await executeWithCredits(
        { schema, document: prepared.document, operationName: (operationName as string | null) ?? undefined, variableValues: vars, contextValue: ctx },
        () => compiled.run(ctx, vars),
      );
      const { status, body: payload, headers } = serialise(result, info.id);
      res.writeHead(status, { ...headers, 'content-type': `${media}; charset=utf-8`, 'content-length': Buffer.byteLength(payload) });
      res.end(payload);
      return { handled: true };
    },
  };
}

/**
 * The one error formatter. Every failure a client can see is an ApiError (src/errors.ts); this
 * module turns it into each face's wire shape, and nothing else does:
 *
 *   REST and plain HTTP   {"success": false, "error": {"code", "message", "details"?, "request_id"}}
 *   GraphQL over HTTP     {"errors": [{"message", "extensions": {"code", "details"?, "request_id"}}]}
 *   inside an operation   a GraphQLError with extensions.code (and extensions.http for the
 *                         status of a whole-operation error: 401, 402, 429, 503 …)
 *
 * with the code's status, Retry-After when the error says when to come back, and any headers it
 * carries (RateLimit-* on a 429). Unexpected errors are logged once, here, and masked as INTERNAL.
 */
import type { ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import type { ExecutionResult } from 'graphql';
import type { Logger } from '../log.js';
import { ApiError, ERROR_STATUS, SERVICE_UNAVAILABLE_RETRY_AFTER_SEC, invalidInput, isApiError } from '../errors.js';

const RETRY_503 = { 'retry-after': String(SERVICE_UNAVAILABLE_RETRY_AFTER_SEC) };

export function statusOf(code: string | undefined): number {
  return (code && (ERROR_STATUS as Record<string, number>)[code]) || 500;
}

/** Response headers an error asks for (Retry-After, RateLimit-*). */
function errorHeaders(err: ApiError): Record<string, string> {
  const h: Record<string, string> = { ...err.headers };
  if (err.retryAfterSec !== undefined) h['retry-after'] = String(err.retryAfterSec);
  return h;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    ...(status === 503 ? RETRY_503 : undefined),
    ...headers,
  });
  res.end(payload);
}

/** The REST / plain-HTTP error body. */
export function restErrorBody(
  err: ApiError,
  requestId?: string,
): { success: false; error: ReturnType<ApiError['toJSON']> & { request_id?: string } } {
  return { success: false, error: requestId ? { ...err.toJSON(), request_id: requestId } : err.toJSON() };
}

/**
 * A REST / plain-HTTP error answer. The request id comes from `requestId`, else from the
 * response's x-request-id header (set by the app for every route but /v1, which passes it).
 */
export function sendError(res: ServerResponse, err: ApiError, headers: Record<string, string> = {}, requestId?: string): void {
  const id = requestId ?? (res.getHeader('x-request-id') as string | undefined);
  const extra: Record<string, string> = requestId ? { ...headers, 'x-request-id': requestId } : { ...headers };
  sendJson(res, err.status, restErrorBody(err, id), { ...extra, ...errorHeaders(err) });
}

/** A GraphQL-over-HTTP error answer (the shape /graphql answers every request error in). */
export function sendGraphqlError(res: ServerResponse, err: ApiError, requestId: string, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify({
    errors: [
      { message: err.message, extensions: { code: err.code, ...(err.details ? { details: err.details } : {}), request_id: requestId } },
    ],
  });
  res.writeHead(err.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(payload)),
    ...headers,
    ...errorHeaders(err),
  });
  res.end(payload);
}

/** An error for the whole GraphQL operation, with the HTTP status (and headers) GraphQL-over-HTTP answers. */
export function operationError(err: ApiError): GraphQLError {
  const headers = errorHeaders(err);
  const http = Object.keys(headers).length ? { status: err.status, headers } : { status: err.status };
  return new GraphQLError(err.message, { extensions: { code: err.code, ...(err.details ? { details: err.details } : {}), http } });
}

/** A whole-operation failure as an execution result (its status travels in extensions.http). */
export function failedOperation(err: ApiError): ExecutionResult {
  return { errors: [operationError(err)] };
}

/** Expected errors keep their code and message; anything else is masked (and logged). */
export function formatError(e: GraphQLError, logger: Logger, requestId?: string): GraphQLError {
  const orig = e.originalError;
  if (!orig || orig instanceof GraphQLError) return e;
  const formatted = isApiError(orig)
    ? new GraphQLError(orig.message, {
        nodes: e.nodes,
        path: e.path,
        extensions: { code: orig.code, ...(orig.details ? { details: orig.details } : {}) },
      })
    : (logger.error({ err: orig, path: e.path, req_id: requestId }, 'unexpected resolver error'),
      new GraphQLError('Unexpected error.', { nodes: e.nodes, path: e.path, extensions: { code: 'INTERNAL' } }));
  // Compiled execution (graphql-jit) reports locations without AST nodes: keep them.
  if (!formatted.locations && e.locations) Object.defineProperty(formatted, 'locations', { value: e.locations, enumerable: true });
  return formatted;
}

/** The same GraphQL error with `extensions.request_id` (graphql-jit's locations kept). */
export function withRequestIdExtension(e: GraphQLError, requestId: string): GraphQLError {
  const copy = new GraphQLError(e.message, {
    nodes: e.nodes,
    source: e.source,
    positions: e.positions,
    path: e.path,
    originalError: e.originalError,
    extensions: { ...e.extensions, request_id: requestId },
  });
  if (!copy.locations && e.locations) Object.defineProperty(copy, 'locations', { value: e.locations, enumerable: true });
  return copy;
}

/**
 * What a REST caller is answered for an operation that failed: an ApiError with parameter names
 * in the REST caller's spelling (`restName`: GraphQL argument → REST parameter); anything else is
 * a bug, logged here and masked as INTERNAL.
 */
export function inRestTerms(e: unknown, restName: ReadonlyMap<string, string>, logger: Logger, requestId?: string): ApiError {
  if (!isApiError(e)) {
    logger.error({ err: e, req_id: requestId }, 'unexpected operation error');
    return new ApiError('INTERNAL', 'Unexpected error.');
  }
  if (e.code !== 'INVALID_INPUT' || !e.details?.some((d) => restName.has(d.param))) return e;
  return invalidInput(e.details.map((d) => ({ param: restName.get(d.param) ?? d.param, message: d.message })));
}

/**
 * How the HTTP layer logs a request that failed outside any operation: an expected error (a
 * store unreachable → 503, an upstream failure) is a warning without a stack; anything else is a
 * bug, logged as one. Returns the error to answer with (bugs masked as INTERNAL).
 */
export function logRequestFailure(logger: Logger, err: unknown, context: Record<string, unknown>): ApiError {
  if (isApiError(err) && err.expected) {
    logger.warn({ code: err.code, msg_detail: err.message, ...context }, 'request failed');
    return err;
  }
  logger.error({ err, ...context }, 'unhandled request error');
  return isApiError(err) ? err : new ApiError('INTERNAL', 'Unexpected error.');
}

/**
 * Every /v1 answer a test receives is checked against its route's schema in /openapi.json
 * (src/rest/contract.ts): a 200 body against the envelope and the operation's record, any other
 * against the error body. The test clients (harness, cluster, fault runner) call this on every
 * REST response, so a record drifting from its schema — a field renamed, a null where the schema
 * says never, an undocumented field on a strict record — fails whichever test produced it.
 */
import type { OperationDef } from '../src/platforms/operation.js';
import { allOperations } from '../src/gateway.js';
import { bodyProblems } from '../src/rest/contract.js';

let byPath: Map<string, OperationDef> | null = null;

function operationAt(path: string): OperationDef | undefined {
  byPath ??= new Map(allOperations().map((op) => [op.rest.path, op]));
  const pathname = new URL(path, 'http://gateway.test').pathname;
  return byPath.get(pathname) ?? byPath.get(pathname.replace(/\/+$/, ''));
}

/** Throws when a JSON body of a /v1 operation's route departs from its schema. */
export function checkRestContract(path: string, status: number, body: unknown): void {
  const op = operationAt(path);
  // Not an operation's route (/v1/account, /openapi.json, an unknown path), or not JSON (a proxy's page).
  if (!op || typeof body !== 'object' || body === null) return;
  const problems = bodyProblems(op, body, status);
  if (problems.length) {
    throw new Error(
      `GET ${path} answered ${status} with a body that departs from its schema in /openapi.json:\n  ${problems.slice(0, 20).join('\n  ')}`,
    );
  }
}

/**
 * The explicit list of platform modules. Adding a platform = adding its folder and one line
 * here (and its graphql.ts import in src/graphql/schema.ts). Validated strictly at start-up:
 * a misspelt entry fails loudly instead of being silently ignored.
 */
import type { OperationDef } from './operation.js';
import * as code from './code/platform.js';
import * as websearch from './websearch/platform.js';

export interface PlatformEntry {
  label: string;
  hosts: string[];
  operations: OperationDef[];
}

export const platforms: PlatformEntry[] = [code, websearch];

export function allOperations(): OperationDef[] {
  return platforms.flatMap((p) => p.operations);
}

export function validateRegistry(entries: PlatformEntry[] = platforms): void {
  const fields = new Set<string>();
  const paths = new Set<string>();
  for (const p of entries) {
    if (!/^[a-z]+(-[a-z]+)*$/.test(p.label)) throw new Error(`platform label ${JSON.stringify(p.label)} is not a neutral label`);
    if (!p.hosts.length) throw new Error(`platform ${p.label} lists no hosts`);
    for (const op of p.operations) {
      if (op.platform !== p.label) throw new Error(`operation ${op.field} is filed under ${p.label} but says ${op.platform}`);
      if (fields.has(op.field)) throw new Error(`operation field ${op.field} declared twice`);
      if (paths.has(op.rest.path)) throw new Error(`REST path ${op.rest.path} declared twice`);
      if (!op.rest.path.startsWith('/v1/')) throw new Error(`REST path ${op.rest.path} must start with /v1/`);
      if (!(op.cost.max >= 0 && Number.isInteger(op.cost.max))) throw new Error(`operation ${op.field} has an invalid maximum cost`);
      fields.add(op.field);
      paths.add(op.rest.path);
    }
  }
}

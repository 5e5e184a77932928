/**
 * `npm run openapi:types`: the TypeScript types of /openapi.json (openapi-typescript), written to
 * examples/rest/openapi.d.ts for typed REST clients (examples/demo-client.ts uses them with
 * openapi-fetch). The file is checked in; test/schema-files.test.ts fails when it is stale.
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '../src/app.js';

export const OPENAPI_TYPES_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../examples/rest/openapi.d.ts');

export async function openApiTypes(): Promise<string> {
  type Operation = { responses?: Record<string, { content?: Record<string, { example?: unknown }> }> };
  const doc = structuredClone(openApiDocument()) as { paths: Record<string, Record<string, Operation>> };
  // The response examples (whole demo records) would only repeat themselves as doc comments.
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item))
      for (const r of Object.values(op.responses ?? {})) for (const c of Object.values(r.content ?? {})) delete c.example;
  const ast = await openapiTS(doc as never, { silent: true });
  return `/* eslint-disable */\n// Generated from /openapi.json by \`npm run openapi:types\`. Do not edit.\n\n${astToString(ast)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  writeFileSync(OPENAPI_TYPES_FILE, await openApiTypes());
  process.stdout.write(`wrote ${OPENAPI_TYPES_FILE}\n`);
}

/**
 * Checked-in generated files must match what the code generates now: the lists of the platform
 * folders' links.ts and demo.ts (src/platforms/links.ts, src/demo/platforms.ts), docs/routes.md,
 * schema/schema.graphql (printed from Pothos), the typed GraphQL documents of examples/graphql
 * (codegen) and the REST client types of examples/rest (openapi-typescript from /openapi.json).
 * Regenerate them all with `npm run generate`; each message names its own command.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../codegen.js';
import { OPENAPI_TYPES_FILE, openApiTypes } from '../scripts/openapi-types.js';
import { platformLists } from '../scripts/platform-lists.js';
import { printSchemaFile, SCHEMA_FILE } from '../src/graphql/print.js';
import { ROUTES_DOC_FILE, routesMarkdown } from '../src/rest/routes-doc.js';

describe('generated files are fresh', () => {
  it('src/platforms/links.ts, src/demo/platforms.ts and src/graphql/platforms.ts list the platform folders', async () => {
    const lists = await platformLists();
    expect(lists).toHaveLength(3);
    for (const { file, content } of lists) {
      const name = relative(resolve(import.meta.dirname, '..'), file);
      expect(readFileSync(file, 'utf8'), `${name} is stale: run npm run platforms:lists (or npm run generate)`).toBe(content);
    }
  });

  it('docs/routes.md matches the registry', () => {
    expect(readFileSync(ROUTES_DOC_FILE, 'utf8'), 'docs/routes.md is stale: run npm run docs:routes').toBe(routesMarkdown());
  });

  it('schema/schema.graphql matches the Pothos schema', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8'), 'schema/schema.graphql is stale: run npm run schema:print').toBe(printSchemaFile());
  });

  it('codegen output matches the example documents and schema', async () => {
    const outputs = await generate({ ...config, cwd: resolve(import.meta.dirname, '..'), silent: true } as never, false);
    expect(outputs.length).toBeGreaterThan(0);
    for (const o of outputs as { filename: string; content: string }[]) {
      const path = resolve(import.meta.dirname, '..', o.filename);
      expect(readFileSync(path, 'utf8'), `${o.filename} is stale: run npm run codegen`).toBe(o.content);
    }
  });

  it('examples/rest/openapi.d.ts matches /openapi.json', async () => {
    expect(readFileSync(OPENAPI_TYPES_FILE, 'utf8'), 'examples/rest/openapi.d.ts is stale: run npm run openapi:types').toBe(
      await openApiTypes(),
    );
  });
});

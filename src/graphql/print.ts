import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema } from './schema.js';

export const SCHEMA_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../schema/schema.graphql');

export function printSchemaFile(): string {
  return `# Generated from the Pothos schema by \`npm run schema:print\`. Do not edit.\n\n${printSchema(lexicographicSortSchema(buildSchema()))}\n`;
}

/** Prints the Pothos schema to schema/schema.graphql (checked in; a test fails when stale). */
import { writeFileSync } from 'node:fs';
import { printSchemaFile, SCHEMA_FILE } from '../src/graphql/print.js';

writeFileSync(SCHEMA_FILE, printSchemaFile());
console.log(`wrote ${SCHEMA_FILE}`);

/** Writes docs/routes.md from the registry (checked in; a test fails when stale). */
import { writeFileSync } from 'node:fs';
import { ROUTES_DOC_FILE, routesMarkdown } from '../src/rest/routes-doc.js';

writeFileSync(ROUTES_DOC_FILE, routesMarkdown());
console.log(`wrote ${ROUTES_DOC_FILE}`);

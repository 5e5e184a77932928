/**
 * The registry's one entry for discovery: its definition (platform.ts: label, hosts, operations and
 * whatever else it declares) and, by importing graphql.ts, its GraphQL types and root fields.
 */
import './graphql.js';

export * from './platform.js';

/**
 * What this gateway serves, as data: every platform (src/platforms/registry.ts), creator
 * discovery (an entry of the same shape whose operations read the platforms' profiles), and the
 * modules that serve routes of their own (status, account, bulk jobs: src/platforms/module.ts).
 * createApp builds the REST routes, /openapi.json and the route table from these; the GraphQL
 * schema index (src/graphql/schema.ts) declares the same parts' types.
 */
// The platforms first: their record schemas register their /openapi.json component names in
// the registry's order (src/platforms/records.ts), whatever imports one of them later.
import { platforms, validateRegistry } from './platforms/registry.js';
import { accountModule } from './account/index.js';
import { platform as discovery } from './discovery/api/platform.js';
import { jobsModule } from './jobs/index.js';
import { monitorsModule } from './monitors/index.js';
import type { PlatformDefinition } from './platforms/definition.js';
import type { GatewayModule } from './platforms/module.js';
import type { OperationDef } from './platforms/operation.js';
import { statusModule } from './status/index.js';

/** Everything that has operations: the platforms, then creator discovery. */
export const entries: readonly PlatformDefinition[] = [...platforms, discovery];

/** The labels the health view reports on (GET /v1/status, platformStatus). */
export const labels = (): string[] => entries.map((p) => p.label);

/** Parts of the gateway that are not platforms (src/platforms/module.ts). */
export const modules: readonly GatewayModule[] = [statusModule(labels), accountModule, jobsModule, monitorsModule];

export function allOperations(): OperationDef[] {
  return entries.flatMap((p) => p.operations);
}

/** The start-up check of every entry (src/platforms/registry.ts validateRegistry). */
export function validateGateway(): void {
  validateRegistry(entries);
}

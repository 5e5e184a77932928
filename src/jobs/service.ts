/**
 * The job service of each app's deps (set by the module's start, src/jobs/index.ts): the REST
 * routes and GraphQL resolvers find the store and the worker pool through the deps they are given.
 */
import type { Deps } from '../graphql/context.js';
import type { JobService } from './http.js';

export const services = new WeakMap<Deps, JobService & { apps: number }>();

/** The jobs of the app these deps serve (undefined: no embedded store, i.e. REDIS_URL). */
export function jobService(deps: Deps): JobService | undefined {
  return services.get(deps);
}

/**
 * The introspection query with every option of graphql-js's getIntrospectionQuery on — close to
 * what GraphiQL (as @graphql-yoga/render-graphiql ships it) asks for its docs panel. Shared by the
 * keyless-introspection tests and bench/abuse.ts.
 */
import { getIntrospectionQuery } from 'graphql';
import { ALL_INTROSPECTION_OPTIONS } from '../../src/graphql/introspection.js';

export const FULL_INTROSPECTION_QUERY = getIntrospectionQuery(ALL_INTROSPECTION_OPTIONS);

/**
 * The introspection query with every option of graphql-js's getIntrospectionQuery on — close to
 * what GraphiQL (as @graphql-yoga/render-graphiql ships it) asks for its docs panel: the largest
 * standard introspection. Shared by the keyless-introspection tests and bench/abuse.ts.
 */
import { getIntrospectionQuery } from 'graphql';

export const FULL_INTROSPECTION_QUERY = getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
  oneOf: true,
});

/**
 * Schema assembly: importing each platform's graphql.ts declares its types and root fields on
 * the builder; then the schema is built once.
 */
import { specifiedDirectives } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import { builder } from './builder.js';
import { GraphQLDeferDirective, GraphQLStreamDirective } from './incremental.js';
import '../platforms/code/graphql.js';
import '../platforms/websearch/graphql.js';
import '../platforms/audio-a/graphql.js';
import '../platforms/audio-b/graphql.js';
import '../platforms/audio-c/graphql.js';
import '../platforms/moodboard/graphql.js';
import '../platforms/linkpage-a/graphql.js';
import '../platforms/linkpage-b/graphql.js';
import '../platforms/linkpage-c/graphql.js';
import '../platforms/linkpage-d/graphql.js';
import '../platforms/linkpage-e/graphql.js';
import '../platforms/pinboard/graphql.js';
import '../platforms/social-b/graphql.js';
import '../platforms/forum/graphql.js';
import '../platforms/microblog-c/graphql.js';
import '../platforms/microblog-a/graphql.js';
import '../platforms/microblog-b/graphql.js';
import '../platforms/video/graphql.js';
import '../platforms/retail-shop/graphql.js';
import '../platforms/social-a/graphql.js';
import '../discovery/api/graphql.js';
import './status.js';

let schema: GraphQLSchema | undefined;

export function buildSchema(): GraphQLSchema {
  // @defer and @stream are declared here (not added by yoga's plugin at run time), so the printed
  // schema, introspection, REST and the fast path all see the one schema yoga serves.
  return (schema ??= builder.toSchema({ sortSchema: false, directives: [...specifiedDirectives, GraphQLDeferDirective, GraphQLStreamDirective] }));
}

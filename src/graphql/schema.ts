/**
 * The schema index: every part's GraphQL types and root fields, declared explicitly and in this
 * order (the order of schema/schema.graphql), then the schema is built once. A part's graphql.ts
 * exports the function that declares them; importing it declares nothing.
 */
import { specifiedDirectives } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import type { OperationDef } from '../platforms/operation.js';
import { labels } from '../gateway.js';
import { accountGraphql } from '../account/graphql.js';
import { discoveryGraphql } from '../discovery/api/graphql.js';
import { jobsGraphql } from '../jobs/graphql.js';
import { linksGraphql } from '../links/graphql.js';
import { monitorsGraphql } from '../monitors/graphql.js';
import { audioAGraphql } from '../platforms/audio-a/graphql.js';
import { audioBGraphql } from '../platforms/audio-b/graphql.js';
import { audioCGraphql } from '../platforms/audio-c/graphql.js';
import { blogGraphql } from '../platforms/blog/graphql.js';
import { codeGraphql } from '../platforms/code/graphql.js';
import { forumGraphql } from '../platforms/forum/graphql.js';
import { linkpageAGraphql } from '../platforms/linkpage-a/graphql.js';
import { linkpageBGraphql } from '../platforms/linkpage-b/graphql.js';
import { linkpageCGraphql } from '../platforms/linkpage-c/graphql.js';
import { linkpageDGraphql } from '../platforms/linkpage-d/graphql.js';
import { linkpageEGraphql } from '../platforms/linkpage-e/graphql.js';
import { livestreamGraphql } from '../platforms/livestream/graphql.js';
import { microblogAGraphql } from '../platforms/microblog-a/graphql.js';
import { microblogBGraphql } from '../platforms/microblog-b/graphql.js';
import { microblogCGraphql } from '../platforms/microblog-c/graphql.js';
import { microblogDGraphql } from '../platforms/microblog-d/graphql.js';
import { microblogEGraphql } from '../platforms/microblog-e/graphql.js';
import { moodboardGraphql } from '../platforms/moodboard/graphql.js';
import { newsletterGraphql } from '../platforms/newsletter/graphql.js';
import { pinboardGraphql } from '../platforms/pinboard/graphql.js';
import { shortvideoGraphql } from '../platforms/shortvideo/graphql.js';
import { retailShopGraphql } from '../platforms/retail-shop/graphql.js';
import { socialAGraphql } from '../platforms/social-a/graphql.js';
import { socialBGraphql } from '../platforms/social-b/graphql.js';
import { videoGraphql } from '../platforms/video/graphql.js';
import { websearchGraphql } from '../platforms/websearch/graphql.js';
import { statusGraphql } from '../status/graphql.js';
import { builder } from './builder.js';
import { GraphQLDeferDirective, GraphQLStreamDirective } from './incremental.js';

let schema: GraphQLSchema | undefined;

export function buildSchema(): GraphQLSchema {
  if (schema) return schema;
  jobsGraphql();
  accountGraphql();
  statusGraphql(labels);
  codeGraphql();
  websearchGraphql();
  audioAGraphql();
  audioBGraphql();
  audioCGraphql();
  moodboardGraphql();
  linksGraphql();
  linkpageAGraphql();
  linkpageBGraphql();
  linkpageCGraphql();
  linkpageDGraphql();
  linkpageEGraphql();
  pinboardGraphql();
  socialBGraphql();
  shortvideoGraphql();
  forumGraphql();
  microblogCGraphql();
  microblogAGraphql();
  microblogBGraphql();
  videoGraphql();
  retailShopGraphql();
  socialAGraphql();
  microblogDGraphql();
  microblogEGraphql();
  newsletterGraphql();
  livestreamGraphql();
  blogGraphql();
  discoveryGraphql();
  monitorsGraphql();
  // @defer and @stream are declared here (not added by yoga's plugin at run time), so the printed
  // schema, introspection, REST and the fast path all see the one schema yoga serves.
  return (schema = builder.toSchema({
    sortSchema: false,
    directives: [...specifiedDirectives, GraphQLDeferDirective, GraphQLStreamDirective],
  }));
}

/**
 * Start-up check: every operation has its root field in the schema (its part's graphql.ts is
 * called above), and every root field that runs an operation runs one the gateway lists.
 */
export function checkRootFields(schema: GraphQLSchema, ops: readonly OperationDef[]): void {
  const fields = schema.getQueryType()!.getFields();
  for (const op of ops) {
    if ((fields[op.field]?.extensions as { operation?: OperationDef } | undefined)?.operation !== op)
      throw new Error(`operation ${op.field} has no GraphQL root field: declare its platform's types in src/graphql/schema.ts`);
  }
  const listed = new Set(ops);
  for (const f of Object.values(fields)) {
    const op = (f.extensions as { operation?: OperationDef }).operation;
    if (op && !listed.has(op)) throw new Error(`GraphQL root field ${f.name} runs an operation no registry entry lists`);
  }
}

/**
 * The requests `npm run demo` prints and GraphiQL saves, all from one source: each operation's
 * `example` (src/platforms/<label>/platform.ts), which OpenAPI also shows as its parameters'
 * examples. test/demo-routes.test.ts runs every one of them against the demo data.
 */
import { getNamedType, isInterfaceType, isLeafType, isNonNullType, isObjectType, isUnionType } from 'graphql';
import type { GraphQLField, GraphQLOutputType, GraphQLSchema } from 'graphql';
import type { OperationDef } from '../platforms/operation.js';
import { allParams, gqlEnumValue, gqlName } from '../platforms/operation.js';
import { allOperations } from '../gateway.js';

export const DEMO_KEY = 'demo-key-0000-0000-0000-0000-0000-0000';

export const DEMO_REPOSITORY_URL = 'https://github.com/creator-lookup-demo/creator-kit';

/** What a demo miss says the demo covers (DEMO_COVERAGE; src/upstream/client.ts). */
export const DEMO_COVERAGE =
  'The demo covers the example request of each /v1 route (listed at start-up, and as parameter examples in /openapi.json), ' +
  'the creators Tala Okafor (social-b tala.draws) and Ravi Menon (video RaviMenonCooks) on every source platform, ' +
  'and a few more records per platform (src/demo/). Run `npm start` for live data.';

export interface RestExample {
  title: string;
  /** Path and query on the gateway, e.g. `/v1/code/repository?url=…`. */
  path: string;
  op: OperationDef;
}

/** The operation's example as a /v1 path with its query. */
export function restExamplePath(op: OperationDef): string {
  const query = new URLSearchParams(Object.entries(op.example).map(([k, v]) => [k, String(v)]));
  // Keep URLs readable in a terminal: `:` and `/` need no escaping in a query value.
  return `${op.rest.path}?${query.toString().replace(/%3A/g, ':').replace(/%2F/g, '/').replace(/%40/g, '@')}`;
}

/** One example per /v1 route, in registry order. */
export const REST_EXAMPLES: RestExample[] = allOperations().map((op) => ({
  title: `${op.platform}: ${op.summary}`,
  path: restExamplePath(op),
  op,
}));

/** A shell-ready curl command; the key is given as written (a literal or e.g. `$BOOTSTRAP_API_KEY`). */
export function curlFor(baseUrl: string, example: RestExample, keyArg: string): string {
  return `curl -s -H "x-api-key: ${keyArg}" '${baseUrl}${example.path}'`;
}

// ---------------------------------------------------------------------------------------------
// GraphQL
// ---------------------------------------------------------------------------------------------

/** The example's arguments as GraphQL literals (`handle: "tala.draws"`, `since: WEEKLY`). */
function gqlArgs(op: OperationDef): string {
  return allParams(op)
    .filter((p) => op.example[p.name] !== undefined)
    .map((p) => {
      const v = op.example[p.name];
      return `${gqlName(p)}: ${p.kind === 'enum' ? gqlEnumValue(String(v)) : JSON.stringify(v)}`;
    })
    .join(', ');
}

const MAX_LEAVES = 6;

/**
 * A small selection for a type: up to six scalar fields, and the first fields of a few nested
 * objects (so `developers { rank username }` rather than nothing); a union's `__typename` and an
 * inline fragment per member. Fields with required arguments are skipped.
 */
function selection(type: GraphQLOutputType, schema: GraphQLSchema, depth: number, indent: string): string | null {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  // A union (video search results): its type name, and each member's own selection.
  if (isUnionType(named)) {
    const members = named.getTypes().flatMap((m) => {
      const inner = selection(m, schema, depth, `${indent}  `);
      return inner ? [`${indent}  ... on ${m.name} {\n${inner}\n${indent}  }`] : [];
    });
    return [`${indent}  __typename`, ...members].join('\n');
  }
  if (!isObjectType(named) && !isInterfaceType(named)) return null;
  // `json` (the whole record as JSON) would repeat everything: leave it to the user.
  const fields = Object.values(named.getFields()).filter(
    (f: GraphQLField<unknown, unknown>) => f.name !== 'json' && !f.args.some((a) => isNonNullType(a.type)),
  );
  const leaves = fields.filter((f) => isLeafType(getNamedType(f.type))).slice(0, MAX_LEAVES);
  const lines = leaves.map((f) => `${indent}  ${f.name}`);
  if (depth < 2) {
    let nested = 0;
    for (const f of fields) {
      if (nested >= (leaves.length ? 2 : 3) || isLeafType(getNamedType(f.type))) continue;
      const inner = selection(f.type, schema, depth + 1, `${indent}  `);
      if (inner) {
        lines.push(`${indent}  ${f.name} {\n${inner}\n${indent}  }`);
        nested++;
      }
    }
  }
  return lines.length ? lines.join('\n') : null;
}

/** The creator tools' records are wide: what to show of them. */
const SELECTIONS: Record<string, string> = {
  findSocialProfiles: `    source { platform handle url }
    profiles { platform handle url confidence evidence }
    linkInBioUrls
    expandedWebsiteUrls
    partial`,
  findCreatorEmails: `    source { platform handle url }
    emails { email sources { type url } }
    scannedProfileUrls
    linkInBioUrls
    partial`,
};

/** A GraphQL query for one operation's example, with a selection read from the schema. */
export function graphqlExample(op: OperationDef, schema: GraphQLSchema): string {
  const field = schema.getQueryType()!.getFields()[op.field];
  if (!field) throw new Error(`no GraphQL root field ${op.field}`);
  const inner = SELECTIONS[op.field] ?? selection(field.type, schema, 0, '  ');
  const args = gqlArgs(op);
  return `query ${op.field[0].toUpperCase()}${op.field.slice(1)}Example {\n  ${op.field}${args ? `(${args})` : ''}${inner ? ` {\n${inner}\n  }` : ''}\n}`;
}

/** The banner's GraphQL example (also GraphiQL's first tab): three platforms in one request. */
export const GRAPHQL_EXAMPLE = `query Example {
  codeRepository(url: "${DEMO_REPOSITORY_URL}", cacheMaxAge: "7d") {
    fullName
    starsCount
    topics
  }
  codeTrendingDevelopers {
    developers {
      rank
      username
      popularRepository { fullName }
    }
  }
  websearchSearch(query: "creator-kit typescript sdk") {
    results { title url }
  }
}`;

/** @defer and @stream on the creator tools: the source first, then each profile as it is settled. */
export const GRAPHQL_INCREMENTAL_EXAMPLE = `# @defer and @stream: the source arrives first, then each profile as it is settled.
query DeferStreamExample {
  findSocialProfiles(platform: SOCIAL_B, handle: "tala.draws") {
    source { platform handle url }
    ... @defer(label: "diagnostics") {
      linkInBioUrls
      partial
    }
    profiles @stream(initialCount: 1) {
      platform
      handle
      url
      confidence
      evidence
    }
  }
}`;

export interface GraphiqlTab {
  query: string;
  headers: string;
}

/** GraphiQL's saved example operations in demo mode: the overview, @defer/@stream, then one per operation. */
export function graphiqlTabs(schema: GraphQLSchema, key: string): GraphiqlTab[] {
  const headers = JSON.stringify({ 'x-api-key': key }, null, 2);
  const discovery = allOperations().filter((op) => op.platform === 'discovery');
  const others = allOperations().filter((op) => op.platform !== 'discovery');
  return [
    GRAPHQL_EXAMPLE,
    ...discovery.map((op) => graphqlExample(op, schema)),
    GRAPHQL_INCREMENTAL_EXAMPLE,
    ...others.map((op) => graphqlExample(op, schema)),
  ].map((query) => ({ query, headers }));
}

/**
 * Upstream requests for moodboard (Cosmos): POST https://api.cosmos.so/graphql?q=<OperationName>
 * with `{operationName, variables, query}`, as the cosmos.so web client sends them (operation
 * name in `?q=`, `x-client-name: cosmos-web`). No token: public elements and search answer
 * signed-out callers.
 *
 * The documents are ours, trimmed to what the api.md record needs; the operation names are the
 * web client's own (`GetElementDetails`, `SearchGlobalElements`).
 */
import { isApiError, shapeChanged, upstreamFailed } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import type { UpstreamResponse } from '../../upstream/client.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { MoodboardPost, MoodboardSearchPage } from './parse.js';
import { COSMOS, parsePost, parseSearch } from './parse.js';
import { parseUpstreamJson } from '../../parse/json.js';

const PLATFORM = 'moodboard';
export const GRAPHQL_URL = 'https://api.cosmos.so/graphql';
/** The page size cosmos.so's own search uses. */
export const SEARCH_PAGE_SIZE = 40;

const MEDIA_FRAGMENT = `fragment MoodboardMedia on Media {
  __typename
  mediaId
  url
  width
  height
  aiGenerated
  ... on AnimatedImage { video { url thumbnailUrl } }
  ... on Video { duration thumbnail { url } mux { playbackUrl mp4Url(quality: HIGH) } }
}`;

const ELEMENT_FRAGMENT = `fragment MoodboardElement on ElementTile {
  __typename
  id
  createdAt
  ownerId
  owner { username }
  shareUrl
  generatedCaption { text }
  source { url author { username fullName profileUrl avatarUrl } }
  ... on MediaElementTile { media { ...MoodboardMedia } multipleMedia { ...MoodboardMedia } }
  ... on ProductElementTile {
    media { ...MoodboardMedia }
    productPrice: price { value currency }
    productBrand: brand
    productTitle: name
    productDescription: description
  }
  ... on WebsiteElementTile { media { ...MoodboardMedia } websiteTitle: title websiteDescription: description }
  ... on TextElementTile { text }
}`;

export const ELEMENT_QUERY = `query GetElementDetails($elementId: ElementId!) {
  elementView(elementId: $elementId) {
    __typename
    element { ...MoodboardElement }
  }
  elementTopConnections(elementId: $elementId) { meta { count } }
}
${ELEMENT_FRAGMENT}
${MEDIA_FRAGMENT}`;

export const SEARCH_QUERY = `query SearchGlobalElements($searchTerm: String!, $pageCursor: String) {
  searchElements(searchTerm: $searchTerm, meta: { pageSize: ${SEARCH_PAGE_SIZE}, pageCursor: $pageCursor }) {
    items { ...MoodboardElement }
    meta { nextPageCursor count }
  }
}
${ELEMENT_FRAGMENT}
${MEDIA_FRAGMENT}`;

async function postGraphql(ctx: OpContext, operationName: string, query: string, variables: Record<string, unknown>): Promise<unknown> {
  const res = await ctx.upstream.request({
    url: `${GRAPHQL_URL}?q=${operationName}`,
    method: 'POST',
    platform: PLATFORM,
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json;q=0.9',
      origin: COSMOS,
      referer: `${COSMOS}/`,
      'x-client-name': 'cosmos-web',
    },
    body: JSON.stringify({ operationName, variables, query }),
    signal: ctx.signal,
  });
  return readGraphql(res);
}

/**
 * The JSON of a GraphQL answer. GraphQL-over-HTTP servers may answer errors with 4xx and a JSON
 * body, which the parser then reads; an HTML body is a block page (UPSTREAM_BLOCKED) or, when it
 * is not recognisably one, a shape change.
 */
function readGraphql(res: UpstreamResponse): unknown {
  const text = res.text();
  if (/^\s*</.test(text)) {
    // Vendors' challenges and an HTML 401/403/429 are walls (walls.ts, the catalogue), answered
    // before this; any other HTML is not the endpoint we know.
    expectOk(res, PLATFORM, 'The GraphQL endpoint');
    throw shapeChanged(PLATFORM, 'GraphQL JSON (api.cosmos.so answered with HTML)');
  }
  if (res.status === 429) expectOk(res, PLATFORM, 'The GraphQL endpoint');
  let json: unknown;
  try {
    json = parseUpstreamJson(text, PLATFORM);
  } catch (e) {
    if (isApiError(e)) throw e;
    expectOk(res, PLATFORM, 'The GraphQL endpoint');
    throw shapeChanged(PLATFORM, 'GraphQL JSON (invalid JSON)');
  }
  // A non-2xx answer without GraphQL errors to explain it: the status says what happened.
  const hasErrors = typeof json === 'object' && json !== null && Array.isArray((json as { errors?: unknown }).errors);
  if (!hasErrors) {
    // A 404 of the endpoint itself says nothing about the element: the endpoint moved.
    if (res.status === 404) throw upstreamFailed(`${PLATFORM}: the GraphQL endpoint answered HTTP 404`);
    expectOk(res, PLATFORM, 'The GraphQL endpoint');
  }
  return json;
}

export async function fetchPost(ctx: OpContext, elementId: string): Promise<MoodboardPost> {
  const json = await postGraphql(ctx, 'GetElementDetails', ELEMENT_QUERY, { elementId: Number(elementId) });
  const post = parsed(ctx, () => parsePost(json, elementId));
  // Another element than asked is no answer (identity.ts).
  assertSameResource(PLATFORM, `post ${elementId}`, { id: elementId }, { id: post.id });
  return post;
}

export async function fetchSearchPage(ctx: OpContext, a: { query: string; cursor: string | null }): Promise<MoodboardSearchPage> {
  const json = await postGraphql(ctx, 'SearchGlobalElements', SEARCH_QUERY, { searchTerm: a.query, pageCursor: a.cursor });
  return parsed(ctx, () => parseSearch(json, a.cursor));
}

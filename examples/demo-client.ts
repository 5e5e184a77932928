/**
 * A typed client of the gateway, over both faces, run against `npm run demo`:
 *
 *   npm run demo          # in one terminal (http://localhost:8080, key demo-key-…)
 *   npm run example       # in another (GATEWAY_URL and API_KEY override the defaults)
 *
 * REST: `openapi-fetch` with the types generated from /openapi.json (examples/rest/openapi.d.ts,
 * `npm run openapi:types`): paths, query parameters and response bodies are all typed, so
 * `data.repository.stars_count` is `number | null` and a misspelt parameter does not compile.
 * GraphQL: the typed documents generated from examples/graphql/*.graphql by codegen.ts
 * (`npm run codegen`): each result is typed by its own selection.
 *
 * The requests are the demo's own examples (each route's example in /openapi.json), so the demo
 * answers all of them. test/demo-client.test.ts runs this against an in-process demo gateway.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import createClient from 'openapi-fetch';
import { CreatorProfilesDocument, RepositoryDocument, TrendingDevelopersDocument } from './graphql/generated.js';
import type { paths } from './rest/openapi.js';

/** The public key `npm run demo` creates (never a real one). */
const DEMO_KEY = 'demo-key-0000-0000-0000-0000-0000-0000';
const REPOSITORY_URL = 'https://github.com/creator-lookup-demo/creator-kit';

export interface DemoClientResult {
  repository: { full_name: string; stars_count: number | null; credits_charged: number };
  trending: { username: string; popular: string | null }[];
  search: { title: string; url: string }[];
  graphqlRepository: { fullName: string | null; starsCount: number | null };
  graphqlTrending: string[];
  profiles: { platform: string; url: string; confidence: number }[];
}

/** One GraphQL request with a typed document: the result is typed by the document's selection. */
async function graphql<R, V>(baseUrl: string, apiKey: string, document: TypedDocumentNode<R, V>, variables: V): Promise<R> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': apiKey },
    body: JSON.stringify({ query: print(document), variables }),
  });
  const body = (await res.json()) as { data?: R; errors?: { message: string }[] };
  if (body.errors?.length || !body.data)
    throw new Error(`GraphQL ${res.status}: ${body.errors?.map((e) => e.message).join('; ') ?? 'no data'}`);
  return body.data;
}

export async function runDemoClient(baseUrl: string, apiKey: string, log: (line: string) => void = console.log): Promise<DemoClientResult> {
  const api = createClient<paths>({ baseUrl, headers: { 'x-api-key': apiKey } });

  // REST, typed from /openapi.json. `error` is the Error body (typed too) on 4xx/5xx.
  const repo = await api.GET('/v1/code/repository', { params: { query: { url: REPOSITORY_URL } } });
  if (!repo.data) throw new Error(`GET /v1/code/repository: ${repo.error?.error.code} ${repo.error?.error.message}`);
  const { repository } = repo.data;
  log(
    `REST  ${repository.full_name}: ${repository.stars_count ?? '?'} stars, ${repository.license?.spdx_id ?? 'no licence'} (${repo.data.credits_charged} credit)`,
  );

  const trending = await api.GET('/v1/code/trending/developers', { params: { query: { language: 'typescript', since: 'weekly' } } });
  if (!trending.data) throw new Error(`GET /v1/code/trending/developers: ${trending.error?.error.code}`);
  for (const d of trending.data.developers.slice(0, 3))
    log(`REST  #${d.rank} ${d.username} — ${d.popular_repository?.full_name ?? 'no popular repository'}`);

  const search = await api.GET('/v1/websearch/search', { params: { query: { query: 'creator economy tools' } } });
  if (!search.data) throw new Error(`GET /v1/websearch/search: ${search.error?.error.code}`);
  for (const r of search.data.results.slice(0, 3)) log(`REST  ${r.title} <${r.url}>`);

  // GraphQL, typed documents from codegen.
  const g = await graphql(baseUrl, apiKey, RepositoryDocument, { url: REPOSITORY_URL });
  log(`GraphQL  ${g.codeRepository?.fullName}: ${g.codeRepository?.starsCount ?? '?'} stars`);
  const t = await graphql(baseUrl, apiKey, TrendingDevelopersDocument, { since: 'WEEKLY', language: 'typescript' });
  const trendingNames = (t.codeTrendingDevelopers?.developers ?? []).map((d) => d.username ?? '?');
  log(`GraphQL  trending: ${trendingNames.slice(0, 3).join(', ')}`);
  const p = await graphql(baseUrl, apiKey, CreatorProfilesDocument, { platform: 'SOCIAL_B', handle: 'tala.draws' });
  const profiles = p.findSocialProfiles?.profiles ?? [];
  for (const x of profiles) log(`GraphQL  ${x.platform}: ${x.url} (confidence ${x.confidence})`);

  return {
    repository: { full_name: repository.full_name, stars_count: repository.stars_count, credits_charged: repo.data.credits_charged },
    trending: trending.data.developers.map((d) => ({ username: d.username, popular: d.popular_repository?.full_name ?? null })),
    search: search.data.results.map((r) => ({ title: r.title, url: r.url })),
    graphqlRepository: { fullName: g.codeRepository?.fullName ?? null, starsCount: g.codeRepository?.starsCount ?? null },
    graphqlTrending: trendingNames,
    profiles: profiles.map((x) => ({ platform: x.platform, url: x.url, confidence: x.confidence })),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await runDemoClient(process.env.GATEWAY_URL ?? 'http://localhost:8080', process.env.API_KEY ?? DEMO_KEY);
}

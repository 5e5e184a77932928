/**
 * The requests `npm run demo` prints, kept here so test/cli/demo.test.ts runs exactly what a
 * user is told to run against the demo data in src/demo/data/.
 */
export const DEMO_KEY = 'demo-key-0000-0000-0000-0000-0000-0000';

export const DEMO_REPOSITORY_URL = 'https://github.com/creator-lookup-demo/creator-kit';

export interface RestExample {
  title: string;
  /** Path and query on the gateway, e.g. `/v1/code/repository?url=…`. */
  path: string;
}

export const REST_EXAMPLES: RestExample[] = [
  { title: 'A repository', path: `/v1/code/repository?url=${DEMO_REPOSITORY_URL}` },
  { title: 'Trending TypeScript developers', path: '/v1/code/trending/developers?language=typescript&since=weekly' },
  { title: 'Web search', path: '/v1/websearch/search?query=creator+economy+tools' },
];

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

/** A shell-ready curl command; the key is given as written (a literal or e.g. `$BOOTSTRAP_API_KEY`). */
export function curlFor(baseUrl: string, example: RestExample, keyArg: string): string {
  return `curl -s -H "x-api-key: ${keyArg}" '${baseUrl}${example.path}'`;
}

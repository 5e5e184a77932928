/**
 * The websearch record (api.md "Web search result") as data: the parser's type, the
 * /openapi.json response schema and what REST bodies are checked against.
 */
import { z } from 'zod';
import { named, Str } from '../records.js';

export const WebSearchResult = z.strictObject({
  url: Str,
  title: Str,
  /** May be an empty string (api.md). */
  description: Str,
});
export type WebSearchResult = z.infer<typeof WebSearchResult>;

export const WebSearchPage = named('WebSearchPage', z.strictObject({ results: z.array(WebSearchResult) }));
export type WebSearchPage = z.infer<typeof WebSearchPage>;

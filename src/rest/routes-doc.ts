/**
 * docs/routes.md, generated from the registry (`npm run docs:routes`; a test fails when the file
 * is stale): every operation with its REST path, GraphQL root field, parameters and credits, then
 * the routes of the modules (account, jobs, status…) from their OpenAPI path items.
 */
import { entries, modules } from '../gateway.js';
import type { OperationDef } from '../platforms/operation.js';

export const ROUTES_DOC_FILE = 'docs/routes.md';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

function credits(op: OperationDef): string {
  const { max, reserve, of } = op.cost;
  return reserve || of ? `up to ${max}` : String(max);
}

function params(op: OperationDef): string {
  const ps = op.params.map((p) => `\`${p.name}\`${p.required ? '*' : ''}`);
  if (op.cacheable) ps.push('`cache_max_age`');
  return ps.join(', ');
}

function summaryOf(item: Record<string, unknown>): string[] {
  return Object.entries(item).flatMap(([method, o]) =>
    o && typeof o === 'object' && 'summary' in o ? [`\`${method.toUpperCase()}\` ${(o as { summary: string }).summary}`] : [],
  );
}

export function routesMarkdown(): string {
  const out = [
    '# Routes',
    '',
    '<!-- Generated from the registry by `npm run docs:routes`; do not edit (a test fails when stale). -->',
    '',
    'Every operation is a `GET /v1/…` route and a GraphQL root field with the same record (its `json` field):',
    'the REST body is the record with the envelope beside it (`success`, `credits_remaining`, `credits_charged`, `cached`…),',
    'except on a route marked "(under `key`)", whose body holds the record under that key as api.md shapes it;',
    '`/openapi.json` documents each parameter and record. Credits are charged live only: a cache hit and every error',
    'cost 0. `*`: required. "up to N": the call reserves at most N and is charged what its answer costs',
    "(the route's OpenAPI description says how).",
    '',
  ];
  for (const p of entries) {
    out.push(`## ${p.label}`, '', '| REST | GraphQL | parameters | credits | what |', '|---|---|---|---|---|');
    for (const op of p.operations) {
      const needs = op.needs && !op.summary.includes(op.needs) ? ` (needs \`${op.needs}\`, else 501 NOT_CONFIGURED)` : '';
      const under = op.rest.wrap ? ` (under \`${op.rest.wrap}\`)` : '';
      out.push(`| \`GET ${op.rest.path}\`${under} | \`${op.field}\` | ${params(op)} | ${credits(op)} | ${cell(op.summary + needs)} |`);
    }
    out.push('');
  }
  out.push('## Other routes', '', '| path | what |', '|---|---|');
  for (const m of modules) {
    for (const r of m.routes) {
      const items: [string, Record<string, unknown>][] = r.openapi ? [[r.path, r.openapi]] : [];
      for (const [path, item] of Object.entries(r.openapiPaths ?? {})) items.push([path, item]);
      for (const [path, item] of items) {
        out.push(`| \`${path}\` | ${cell(summaryOf(item).join('; '))} |`);
      }
    }
  }
  out.push('');
  return out.join('\n');
}

/**
 * Every operation, each upstream answer swapped to another account's: a wrong-account answer is
 * never data (src/platforms/identity.ts, docs/behaviour.md "Secondary requests").
 *
 * Cases come from the registry, each operation's `example` run against the demo's own answers
 * (src/demo/routes.ts) as in secondary.test.ts, whose harness this shares (./operations.ts). The
 * identity tokens of the asked resource are the example's identity arguments (a handle, an id, a
 * name; of a URL argument its last path segment, and an `@handle` segment or a sub-domain it names)
 * and the same arguments in the canonical form the operation normalises them to (`TalaDraws` →
 * `taladraws`, `https://nightowl.komi.io` → `nightowl`). For each request the example makes whose
 * demo answer holds one of them (case-insensitively; also JSON-escaped, URL-encoded or an HTML
 * character reference), that answer is served with every occurrence changed into another token of
 * the same shape — its last letter or digit moved on, so the same length and character classes,
 * one not already in the answer — as an upstream answering about another account would.
 *
 * The outcome must be: a typed error, 502 UPSTREAM_FAILED (or 404 NOT_FOUND, where the platform
 * says "none"), 0 credits; or a 200 whose body holds none of the foreign tokens (the swapped answer
 * was left unused: an optional request's part degraded). A 200 carrying the other account is the
 * defect this file is for. As in secondary.test.ts: bounded time, the code matching its status,
 * charge and ledger agreeing, the body on its schema, no exchange left open, no error-level log
 * line. Unlike a failure, another account's answer may fail the read from any request, an optional
 * one too (docs/behaviour.md: never used, UPSTREAM_FAILED, in any request).
 *
 * A request whose answer holds none of the tokens has nothing to swap and is skipped (the count and
 * list are printed at the end; IDENTITY_TABLE=<file> writes every outcome). Operations whose
 * arguments name no resource (searches, trending, a tag: SEARCHES) have nothing to swap; any other
 * operation must have each of its essential requests swapped, or the test fails (NAMED_OTHERWISE:
 * those whose answers do not carry the asked tokens at all, with why). The creator tools also read
 * other resources that mention the creator (a link page, a website, a search): only a request
 * that asks for the creator's handle (on another platform, as that platform spells it) is swapped.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { restExamplePath } from '../../src/demo/examples.js';
import { allOperations } from '../../src/gateway.js';
import { allParams, gqlName } from '../../src/platforms/operation.js';
import type { OperationDef } from '../../src/platforms/operation.js';
import type { RecordedResponse } from '../../src/replay/server.js';
import { expectNoOpenExchanges } from './lib.js';
import { ANSWERING_ENV, bodyText, callAltered, exampleRequests, isEssential, startGateway } from './operations.js';
import type { Gateway } from './operations.js';

/** Operations whose arguments name no account or resource: a query, a trending list, a tag. */
const SEARCHES = new Set([
  'codeTrendingDevelopers',
  'websearchSearch',
  'audioBSearch',
  'moodboardSearch',
  'pinboardSearch',
  'forumSearch',
  'microblogCSearch',
  'videoSearch',
  'socialAEventSearch',
  'microblogDSearch',
  'microblogDProfileSearch',
  'microblogETag',
  'microblogEProfileSearch',
  'newsletterSearch',
  // A server's trends name no account: its tags and statuses (other servers' too) are whatever it ranks.
  'microblogETrendsTags',
  'microblogETrendsStatuses',
]);

/**
 * Operations whose answers name the asked resource by none of its arguments' tokens, so that an
 * answer cannot be swapped by them (nor checked by them by the gateway), with why.
 */
const NAMED_OTHERWISE: Record<string, string> = {
  codeUserFollowers:
    'GitHub’s followers list is the followers’ simple users, never the followed account’s (its Link header names it only by numeric id); the one request’s answered URL must be /users/<login>/followers, else UPSTREAM_FAILED (people.test.ts)',
  codeRepositoryContributors:
    'GitHub’s contributors list is the contributors’ simple users, never the repository’s (its Link header names it only by numeric id); the one request’s answered URL must be /repos/<owner>/<repo>/contributors or GitHub’s rename redirect /repositories/<id>/contributors, else UPSTREAM_FAILED (people.test.ts)',
  socialAProfileEvents:
    'the events tab answers with the page’s numeric id and display name, never its vanity (src/platforms/social-a/samples.ts pageEventsHtml)',
  microblogEFollowers:
    'the followers list is the followers’ Account entities, never the followed account’s (Mastodon /api/v1/accounts/<id>/followers); the lookup before it names the account and is swapped',
  microblogEFollowing:
    'the following list is the followed accounts’ Account entities, never the follower’s (Mastodon /api/v1/accounts/<id>/following); the lookup before it names the account and is swapped',
  microblogEPostRebloggedBy:
    'the reblogged_by list is the boosters’ Account entities, never the status or its author (Mastodon /api/v1/statuses/<id>/reblogged_by); the status before it names both and is swapped',
  microblogEPostFavouritedBy:
    'the favourited_by list is the favouriters’ Account entities, never the status or its author (Mastodon /api/v1/statuses/<id>/favourited_by); the status before it names both and is swapped',
  videoComments:
    'the youtubei/v1/next comments answer names the video nowhere in plain text (its continuation tokens carry the id inside base64 protobuf, checked: comments.test.ts); the watch page before it names the video and is swapped, and the cursor binds the token to the video id',
  livestreamVideos:
    'Kick’s past-broadcast list is keyed by the channel’s numeric id (/api/v1/channels/<id>/videos; formerly /api/v2/channels/<slug>/videos, naming it only by `channel_id`); the channel lookup before it names the channel and is swapped, and a broadcast of another channel id is refused (livestream/fetch.test.ts)',
  newsletterPostComments:
    'Substack’s comments answer (/api/v1/post/<id>/comments) names its post only by `post_id`, never its slug or host, and its commenters are anyone; the post request before it names the post and is swapped, and a comment of another post id is refused (newsletter/fetch.test.ts)',
  videoTranscript:
    'the timed text (srv3 XML) holds only the caption lines, never the video id; the player answer before it names the video and is swapped, and the timed-text URL is the one it gave for that id (a URL naming another video is refused: transcript.test.ts)',
};

/**
 * Requests (as exampleRequests keys them) whose answers name the resource only by an id an earlier
 * answer of the same read gave — checked by the gateway row by row — while their text mentions the
 * creator's name in other ways (her shop's domain) that say nothing of whose the answer is: swapping
 * those words makes no answer about another account. With why and where the id check is tested.
 */
const ID_ONLY_REQUESTS: Record<string, string> = {
  'POST graphql.pillar.io/v1/graphql (CreatorProducts)':
    'Pillar’s products rows name their influencer only by `influencer_id` (the uuid the resolve answer gave; the resolve and page requests before it name the creator and are swapped); a row of another influencer fails the step (linkpage-d/parse.test.ts "products rows of another influencer"); the rows’ URLs are her own shop’s',
};

/** Arguments (wire or canonical names) that name the asked resource. */
const IDENTITY_ARGS = new Set([
  'handle',
  'id',
  'name',
  'blog',
  'owner',
  'repo',
  'username',
  'code',
  'elementId',
  'cityId',
  'slug',
  'vanity',
  'actor',
  'user',
  'subreddit',
]);
/** Sub-domains that are the platform's own, not an account's. */
const PLATFORM_SUBDOMAINS = new Set(['www', 'm', 'open', 'music', 'api']);

/** The identity tokens of `url`: its last path segment, an `@handle` segment, an account's sub-domain. */
function urlTokens(url: string): string[] {
  const u = new URL(url);
  const segments = u.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const labels = u.hostname.split('.');
  return [
    ...segments.slice(-1),
    ...segments.filter((s) => s.startsWith('@')),
    ...(labels.length > 2 && !PLATFORM_SUBDOMAINS.has(labels[0]!) ? [labels[0]!] : []),
  ];
}

/** Identity-named string values anywhere in the canonical arguments. */
function canonicalTokens(value: unknown, key = ''): string[] {
  if (typeof value === 'string' || typeof value === 'number') return IDENTITY_ARGS.has(key) ? [String(value)] : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => canonicalTokens(v, k));
}

/**
 * The example's identity tokens, lower-cased, without a leading `@`, at least three characters;
 * a token holding a shorter one is left out (`harbourweather` covers `harbourweather.bsky.social`,
 * which then becomes another account's under the same host).
 */
function identityTokens(op: OperationDef): string[] {
  const raw: string[] = [];
  for (const [name, value] of Object.entries(op.example)) {
    if (name === 'url') raw.push(...urlTokens(String(value)));
    else if (IDENTITY_ARGS.has(name)) raw.push(String(value));
  }
  const gqlArgs = Object.fromEntries(
    allParams(op).flatMap((p) => (op.example[p.name] === undefined ? [] : [[gqlName(p), op.example[p.name]]])),
  );
  raw.push(...canonicalTokens(op.normalize(gqlArgs)));
  // The creator tools look the handle up on other platforms as those spell it (`tala.draws` → `taladraws`).
  if (op.platform === 'discovery') raw.push(...raw.map((t) => t.replace(/[._-]/g, '')));
  const tokens = [...new Set(raw.map((t) => t.replace(/^@/, '').toLowerCase()))].filter((t) => t.length >= 3);
  return tokens.filter((t) => !tokens.some((other) => other !== t && t.includes(other)));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0');

/**
 * `token` as it may be spelled in a body, a whole word (not inside a longer id: `nightowl` is not
 * in the playlist id `5nIgHtOwLpLaY…`): each non-alphanumeric character also URL-encoded,
 * JSON-escaped or an HTML reference, and an escape before it a boundary too.
 */
function spellings(token: string): string {
  return `(?<=^|[^a-z0-9]|%[0-9a-f]{2}|\\u[0-9a-f]{4})(?:${word(token)})(?![a-z0-9])`;
}

function word(token: string): string {
  return [...token]
    .map((c) => {
      if (/[a-z0-9]/i.test(c)) return escapeRegExp(c);
      const code = c.charCodeAt(0);
      return `(?:${[escapeRegExp(c), `%${hex(c)}`, `\\\\u00${hex(c)}`, `&#${code};`, `&#x${hex(c)};`, ...(c === '/' ? ['\\\\/'] : [])].join('|')})`;
    })
    .join('');
}

/** Moves the last letter or digit of `text` on by `k` within its class (case kept): same length, same shape. */
function moveOn(text: string, k: number): string {
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text[i]!;
    let moved: string | null = null;
    if (/[0-9]/.test(c)) moved = String((Number(c) + k) % 10);
    else if (/[a-z]/.test(c)) moved = String.fromCharCode(((c.charCodeAt(0) - 97 + k) % 26) + 97);
    else if (/[A-Z]/.test(c)) moved = String.fromCharCode(((c.charCodeAt(0) - 65 + k) % 26) + 65);
    if (moved !== null) return text.slice(0, i) + moved + text.slice(i + 1);
  }
  return text;
}

interface Swap {
  /** The answer with every token changed. */
  answer: (recorded: RecordedResponse) => RecordedResponse;
  /** What each token became (lower-case). */
  foreign: string[];
  /** Finds any spelling of a foreign token. */
  foreignPattern: RegExp;
  /** Occurrences replaced. */
  count: number;
}

/**
 * Whether the request (`METHOD host/path?query`) asks for one of `tokens` by its path or query —
 * not by a search's free text (`q=`). A creator tool also reads other resources (a link page, a
 * website, a search, another handle's profile) whose answers mention the creator: there the
 * handle is content, not the identity of what was asked.
 */
function asksFor(request: string, tokens: string[]): boolean {
  const url = new URL(`http://${request.slice(request.indexOf(' ') + 1)}`);
  url.searchParams.delete('q');
  return new RegExp(tokens.map(spellings).join('|'), 'i').test(`${url.pathname}?${url.searchParams}`);
}

const TEXT_TYPES = /json|html|text|xml|javascript/i;

/**
 * Another account's answer in place of `recorded`, or null when it holds none of `tokens` (or is
 * not text). The shift is the smallest whose foreign tokens appear neither in the answer nor in
 * `avoid` (the clean record), so a foreign token seen later can only have come from the swap.
 */
function swapAnswer(recorded: RecordedResponse, tokens: string[], avoid: string): Swap | null {
  const headers = Object.fromEntries(Object.entries(recorded.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  if (headers['content-encoding'] || (headers['content-type'] && !TEXT_TYPES.test(headers['content-type']))) return null;
  const text = bodyText(recorded);
  const pattern = new RegExp(tokens.map(spellings).join('|'), 'gi');
  const count = text.match(pattern)?.length ?? 0;
  if (count === 0) return null;
  const haystack = `${text}\n${avoid}`.toLowerCase();
  for (let k = 1; k < 10; k++) {
    const foreign = tokens.map((t) => moveOn(t, k));
    if (foreign.some((f) => haystack.includes(f))) continue;
    const swapped = text.replace(pattern, (m) => moveOn(m, k));
    const { bodyFile: _file, body: _body, fault: _fault, ...rest } = recorded;
    return {
      answer: () => ({ ...rest, body: swapped }),
      foreign,
      foreignPattern: new RegExp(foreign.map(spellings).join('|'), 'i'),
      count,
    };
  }
  throw new Error(`no shift of ${tokens.join(', ')} is absent from the answer`);
}

// ---------------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------------

/** op field → request → outcome (or why skipped). */
const table = new Map<string, Map<string, string>>();

beforeAll(() => {
  // Discovery reads every sub-fetch from upstream (no reuse of an operation's cache entry), within 2 s.
  vi.stubEnv('DISCOVERY_SUBFETCH_MAX_AGE_MS', '0');
  vi.stubEnv('DISCOVERY_FETCH_TIMEOUT_MS', '2000');
});
afterAll(() => {
  vi.unstubAllEnvs();
  const rows = [...table].flatMap(([field, requests]) => [...requests].map(([req, seen]) => ({ field, req, seen })));
  const skipped = rows.filter((r) => r.seen.startsWith('skipped'));
  const ops = [...table.keys()];
  const untouched = ops.filter((f) => [...table.get(f)!.values()].every((s) => s.startsWith('skipped')));
  console.info(
    `wrong-account answers: ${ops.length} operations, ${rows.length - skipped.length} requests swapped, ` +
      `${skipped.length} skipped (nothing to swap); ${untouched.length} operations with nothing swapped: ${untouched.join(', ')}`,
  );
  const file = process.env.IDENTITY_TABLE;
  if (file)
    writeFileSync(
      file,
      `${[...table].flatMap(([field, requests]) => [field, ...[...requests].map(([req, seen]) => `  ${req}\n    ${seen}`)]).join('\n')}\n`,
    );
});

// As in secondary.test.ts: operations side by side, the creator tools (twenty-odd requests) first.
const longestFirst = [...allOperations()].sort((a, b) => Number(b.platform === 'discovery') - Number(a.platform === 'discovery'));

describe.concurrent('every operation, each upstream answer swapped to another account’s: never served as data', () => {
  for (const op of longestFirst) {
    it(`${op.field}: each upstream answer about another account`, async () => {
      // Every request is answered (a swapped answer never hangs): ANSWERING_ENV's deadlines, as
      // with ENV's 1 s a loaded machine had the clean example call answered 504 (findCreatorEmails,
      // 2026-12-01).
      const gw = await startGateway(ANSWERING_ENV);
      try {
        const problems = await eachAnswerSwapped(op, gw);
        expect(problems, problems.join('\n')).toEqual([]);
      } finally {
        await gw.close();
      }
    }, 120_000);
  }
});

/** The example run with each of its answers swapped in turn: what was wrong, one line per request. */
async function eachAnswerSwapped(op: OperationDef, gw: Gateway): Promise<string[]> {
  const path = restExamplePath(op);
  const outcomes = new Map<string, string>();
  table.set(op.field, outcomes);
  const tokens = identityTokens(op);
  if (SEARCHES.has(op.field)) {
    expect(tokens, `${op.field} is listed as naming no resource, yet its example has identity arguments`).toEqual([]);
    outcomes.set('(every request)', 'skipped: the arguments name no resource');
    return [];
  }
  expect(
    tokens.length,
    `${op.field}'s example names no resource: list it in SEARCHES, or IDENTITY_ARGS misses its argument`,
  ).toBeGreaterThan(0);

  const { clean, requests, steady } = await exampleRequests(gw, op.field, path);
  const essential = (req: string) => isEssential(op.field, req);

  const problems: string[] = [];
  for (const target of requests) {
    if (op.platform === 'discovery' && !asksFor(target, tokens)) {
      outcomes.set(target, `skipped: asks for no ${tokens.join(' / ')} (another resource, which may mention it)`);
      continue;
    }
    if (ID_ONLY_REQUESTS[target]) {
      outcomes.set(target, `skipped: names its resource by an earlier answer's id only — ${ID_ONLY_REQUESTS[target]}`);
      continue;
    }
    const recorded = gw.recorded.get(target);
    const swap = recorded ? swapAnswer(recorded, tokens, clean.text) : null;
    if (!swap) {
      outcomes.set(target, `skipped: no ${tokens.join(' / ')} in the answer`);
      if (essential(target) && steady.has(target) && !NAMED_OTHERWISE[op.field])
        problems.push(`${target}: an essential request whose answer holds none of ${tokens.join(', ')} (nothing to swap)`);
      continue;
    }
    const fresh = steady.has(target) ? null : await startGateway(ANSWERING_ENV);
    const g = fresh ?? gw;
    try {
      const { a, wrong } = await callAltered(g, path, target, swap.answer);
      const leaked = a.text.match(swap.foreignPattern)?.[0];
      const seen = a.status === 200 ? `200${leaked ? ` carrying ${leaked}` : ', swap unused'}` : `${a.status} ${a.code}`;
      outcomes.set(target, `${swap.count} × ${tokens.join(' / ')} → ${swap.foreign.join(' / ')}: ${seen}`);
      if (a.status === 200 && leaked) wrong.push(`another account's answer served as data (${leaked} in the body)`);
      if (a.status !== 200 && a.code !== 'UPSTREAM_FAILED' && a.code !== 'NOT_FOUND') wrong.push(`${a.code}, not UPSTREAM_FAILED`);
      if (wrong.length) problems.push(`${target}\n    → ${seen}: ${wrong.join('; ')}`);
      await expectNoOpenExchanges(g.exchanges);
    } finally {
      await fresh?.close();
    }
  }
  return problems;
}

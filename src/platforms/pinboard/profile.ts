/**
 * A Pinterest user: the discovery reader's clean record (`PinboardProfile`, reader.ts) and the
 * `GET /v1/pinboard/profile` operation (`pinboardProfile`: `{user}`, Pinterest's user object in its
 * own names — `id`, `username`, `full_name`, `about`, `website_url`, `domain_url`,
 * `follower_count`, `pin_count`, images…: listed fields typed, every other member passed through),
 * both from one request and one parse. Pure parsers, then the request.
 *
 * `GET https://www.pinterest.com/resource/UserResource/get/?source_url=/<username>/&data=
 * {"options":{"username":"<username>","field_set_key":"profile"},"context":{}}` — the resource
 * the profile page's web client loads, anonymous like BaseSearchResource (SOURCES.md). Its
 * `resource_response.data` is the user. A name nobody has answers a `resource_response` failure
 * with `http_status: 404`. Shape as Pinterest's web client reads it (the same `resource_response`
 * envelope as the search capture in ../shared/fixtures/pinboard); no capture of a user answer
 * exists.
 */
import { z } from 'zod';
import { shapeChanged } from '../../errors.js';
import type { Obj } from '../../parse/index.js';
import { isObj, nonEmpty, reader } from '../../parse/index.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { Any, named, NBool, NInt, NStr, passThrough, Str } from '../records.js';
import type { ResourceRequest } from './fetch.js';
import { getResource } from './fetch.js';
import { PINTEREST, resourceData } from './parse.js';

export interface PinboardProfile {
  username: string;
  id: string | null;
  fullName: string | null;
  about: string | null;
  websiteUrl: string | null;
  followerCount: number | null;
  /** `https://www.pinterest.com/<username>/` */
  url: string;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Pinterest usernames: 3–30 letters, digits and underscores; case-insensitive. */
const USERNAME_RE = /^[a-z0-9_]{3,30}$/;

export function normalizeUsername(input: string): string | null {
  const s = input.trim().replace(/^@/, '').toLowerCase();
  return USERNAME_RE.test(s) ? s : null;
}

/** The UserResource GET (see the module comment). */
export function userResourceRequest(username: string): ResourceRequest {
  return {
    name: 'UserResource',
    sourceUrl: `/${username}/`,
    options: { username, field_set_key: 'profile' },
    handler: 'www/[username].js',
    what: `User ${username}`,
    notFoundMessage: `pinboard user ${username} was not found`,
  };
}

/** A UserResource answer's user object as sent, or its typed error (404 → NOT_FOUND, other failures, a changed shape). */
function userResourceData(body: unknown, username: string): Obj {
  const data = resourceData(body, `user ${username}`, `pinboard user ${username} was not found`);
  if (!isObj(data)) throw shapeChanged('pinboard', 'resource_response.data (user)');
  return data;
}

// ---------------------------------------------------------------------------------------------
// The operation's record
// ---------------------------------------------------------------------------------------------

const PLATFORM = 'pinboard';

export const PinboardProfileUser = passThrough(
  z.strictObject({
    id: NStr.describe("The account's numeric id, as a string"),
    node_id: NStr,
    username: Str.describe('The account name, as Pinterest spells it'),
    full_name: NStr.describe('Display name'),
    first_name: NStr,
    last_name: NStr,
    about: NStr.describe('Bio ("" when none)'),
    website_url: NStr.describe('The website field; null or "" when none'),
    domain_url: NStr.describe("The website's domain"),
    domain_verified: NBool.describe('The website is verified as the account’s'),
    follower_count: NInt,
    following_count: NInt,
    pin_count: NInt,
    board_count: NInt,
    image_small_url: NStr,
    image_medium_url: NStr,
    image_large_url: NStr,
    image_xlarge_url: NStr,
    is_verified_merchant: NBool,
    /** An object (`{}` when the account has none), passed through. */
    verified_identity: Any.describe('Pinterest’s verified-identity object ({} when none), as sent'),
    is_private_profile: NBool.describe('A private profile: its header is public, its boards and pins are not read'),
  }),
).describe("Pinterest's user object; members beyond the listed ones pass through unchanged");
export type PinboardProfileUser = z.infer<typeof PinboardProfileUser>;

/** The record; /openapi.json names it `PinboardProfile`. */
export const PinboardProfileRecord = named(
  'PinboardProfile',
  z.strictObject({ user: PinboardProfileUser }).describe('A public pinboard account'),
);
export type PinboardProfileRecord = z.infer<typeof PinboardProfileRecord>;

/** `listed` first (in that order), then every other member of `raw` unchanged. */
function withRest<T extends object>(listed: T, raw: Obj): T {
  const out: Obj = { ...(listed as Obj) };
  for (const [k, v] of Object.entries(raw)) if (!(k in out)) out[k] = v;
  return out as T;
}

/**
 * A UserResource answer → `{user}`. `username` makes it that account; the id, names, bio, counts
 * and the medium avatar are on every profile (missing → null plus `user.<field>`); the website
 * fields, the other image sizes, names split in two and the merchant / identity / private flags
 * are not on every account (absent: null, not warned).
 */
export function parsePinboardProfile(body: unknown, username: string): PinboardProfileRecord {
  const data = userResourceData(body, username);
  const r = reader(data, { platform: PLATFORM, record: 'user' });
  return {
    user: withRest<PinboardProfileUser>(
      {
        id: r.idStr('id'),
        node_id: r.opt.str('node_id'),
        username: r.id('username', nonEmpty),
        full_name: r.str('full_name'),
        first_name: r.opt.str('first_name'),
        last_name: r.opt.str('last_name'),
        about: r.str('about'),
        website_url: r.opt.str('website_url'),
        domain_url: r.opt.str('domain_url'),
        domain_verified: r.opt.bool('domain_verified'),
        follower_count: r.int('follower_count'),
        following_count: r.int('following_count'),
        pin_count: r.int('pin_count'),
        board_count: r.int('board_count'),
        image_small_url: r.opt.str('image_small_url'),
        image_medium_url: r.str('image_medium_url'),
        image_large_url: r.opt.str('image_large_url'),
        image_xlarge_url: r.opt.str('image_xlarge_url'),
        is_verified_merchant: r.opt.bool('is_verified_merchant'),
        verified_identity: r.opt.obj('verified_identity'),
        is_private_profile: r.opt.bool('is_private_profile'),
      },
      data,
    ),
  };
}

/** The reader's clean record computed from the operation's: what `reader.view` reads. */
export function profileView(p: PinboardProfileRecord): PinboardProfile {
  const u = p.user;
  return {
    username: u.username,
    id: u.id,
    fullName: text(u.full_name),
    about: text(u.about),
    websiteUrl: text(u.website_url) ?? text(u.domain_url),
    followerCount: u.follower_count,
    url: `${PINTEREST}/${u.username}/`,
  };
}

// ---------------------------------------------------------------------------------------------
// Fetch
// ---------------------------------------------------------------------------------------------

/** The UserResource answer for `username` (one GET: fetch.ts getResource) as JSON. */
export function fetchUserResource(ctx: OpContext, username: string): Promise<unknown> {
  return getResource(ctx, userResourceRequest(username));
}

/** The operation's record of `username` (normalised), checked to be that account. */
export async function fetchPinboardProfile(ctx: OpContext, username: string): Promise<PinboardProfileRecord> {
  const body = await fetchUserResource(ctx, username);
  const record = parsed(ctx, () => parsePinboardProfile(body, username));
  assertSameResource(PLATFORM, `user ${username}`, { handle: username }, { handle: record.user.username });
  return record;
}

// ---------------------------------------------------------------------------------------------
// Operation
// ---------------------------------------------------------------------------------------------

export const profile: OperationDef<{ handle: string }, PinboardProfileRecord> = {
  field: 'pinboardProfile',
  platform: PLATFORM,
  summary: 'A public pinboard account: name, bio, website, counts, images',
  rest: { path: '/v1/pinboard/profile' },
  record: PinboardProfileRecord,
  params: [
    {
      name: 'handle',
      kind: 'string',
      required: true,
      maxLength: 64,
      description: 'Username, e.g. taladraws; a leading @ is ignored. Not a profile URL.',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.handle === 'string' && args.handle.trim() && args.handle.length <= 64 && !normalizeUsername(args.handle))
      problem('handle', 'must be a username: 3 to 30 letters, digits and underscores (a leading @ is allowed), not a URL');
  },
  // Usernames are case-insensitive: every spelling shares one entry.
  normalize: (a) => ({ handle: normalizeUsername(a.handle)! }),
  key: (a) => a.handle,
  cost: { max: 1 },
  example: { handle: 'taladraws' },
  run: (ctx, a) => fetchPinboardProfile(ctx, a.handle),
};

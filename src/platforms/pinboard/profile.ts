/**
 * Pure parsers for a Pinterest user (the pinboard profile reader, reader.ts): no I/O here.
 *
 * `GET https://www.pinterest.com/resource/UserResource/get/?source_url=/<username>/&data=
 * {"options":{"username":"<username>","field_set_key":"profile"},"context":{}}` — the resource
 * the profile page's web client loads, anonymous like BaseSearchResource (SOURCES.md). Its
 * `resource_response.data` is the user: `username`, `id`, `full_name`, `about`, `website_url`
 * (the profile's website), `domain_url`, `follower_count`. A name nobody has answers a
 * `resource_response` failure with `http_status: 404`. Shape as Pinterest's web client reads it
 * (the same `resource_response` envelope as the search capture in ../shared/fixtures/pinboard);
 * no capture of a user answer exists.
 */
import { notFound, shapeChanged } from '../../errors.js';
import { PINTEREST, resourceFailure } from './parse.js';

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

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Pinterest usernames: 3–30 letters, digits and underscores; case-insensitive. */
const USERNAME_RE = /^[a-z0-9_]{3,30}$/;

export function normalizeUsername(input: string): string | null {
  const s = input.trim().replace(/^@/, '').toLowerCase();
  return USERNAME_RE.test(s) ? s : null;
}

/** The UserResource GET URL (see the module comment). */
export function userResourceUrl(username: string): string {
  const sp = new URLSearchParams();
  sp.set('source_url', `/${username}/`);
  sp.set('data', JSON.stringify({ options: { username, field_set_key: 'profile' }, context: {} }));
  return `${PINTEREST}/resource/UserResource/get/?${sp.toString()}`;
}

export function parseUserResource(body: unknown, username: string): PinboardProfile {
  if (isObj(body) && isObj(body.resource_response)) {
    const rr = body.resource_response;
    const status =
      typeof rr.http_status === 'number'
        ? rr.http_status
        : isObj(rr.error) && typeof rr.error.http_status === 'number'
          ? rr.error.http_status
          : null;
    if (rr.status === 'failure' && status === 404) throw notFound(`pinboard user ${username} was not found`);
  }
  const failed = resourceFailure(body, null);
  if (failed) throw failed;
  const data = isObj(body) && isObj(body.resource_response) ? body.resource_response.data : null;
  if (!isObj(data)) throw shapeChanged('pinboard', 'resource_response.data (user)');
  const name = text(data.username);
  if (!name) throw shapeChanged('pinboard', 'username of the user');
  return {
    username: name,
    id: text(data.id) ?? (typeof data.id === 'number' ? String(data.id) : null),
    fullName: text(data.full_name),
    about: text(data.about),
    websiteUrl: text(data.website_url) ?? text(data.domain_url),
    followerCount: typeof data.follower_count === 'number' ? data.follower_count : null,
    url: `${PINTEREST}/${name}/`,
  };
}

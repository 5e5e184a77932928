/**
 * Pure parsers for a GitHub user (the code platform's profile reader, reader.ts): no I/O here.
 *
 * - `parseUser`: `GET https://api.github.com/users/<login>` — login, id, type, name, bio, blog
 *   (the website field, often written without a scheme), public e-mail (only when the user made
 *   it public), twitter_username, followers.
 * - `parseSocialAccounts`: `GET https://api.github.com/users/<login>/social_accounts` — an array
 *   of `{provider, url}` (the "Social accounts" of the profile page: `twitter`, `instagram`,
 *   `youtube`, `generic`…).
 * Shapes as GitHub's REST reference documents them (docs.github.com "Get a user", "List social
 * accounts for a user"); no capture of either answer exists in ../shared/fixtures/code.
 */
import { shapeChanged } from '../../errors.js';

const PLATFORM = 'code';

export interface CodeUser {
  login: string;
  id: number;
  /** `User` or `Organization`. */
  type: string | null;
  name: string | null;
  bio: string | null;
  blog: string | null;
  email: string | null;
  twitter_username: string | null;
  company: string | null;
  location: string | null;
  followers: number | null;
  /** `https://github.com/<login>` */
  url: string;
}

export interface CodeSocialAccount {
  provider: string | null;
  url: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** GitHub logins: 1–39 letters, digits and single hyphens, not at either end; case-insensitive. */
const LOGIN_RE = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,38}$/;

/** `@Octo-Cat` → `octo-cat`, or null when it cannot be a GitHub login. */
export function normalizeLogin(input: string): string | null {
  const s = input.trim().replace(/^@/, '').toLowerCase();
  return LOGIN_RE.test(s) ? s : null;
}

export function parseUser(json: unknown): CodeUser {
  if (!isObj(json)) throw shapeChanged(PLATFORM, 'user object');
  const login = text(json.login);
  const id = json.id;
  if (!login || typeof id !== 'number') throw shapeChanged(PLATFORM, 'login/id of the user');
  return {
    login,
    id,
    type: text(json.type),
    name: text(json.name),
    bio: text(json.bio),
    blog: text(json.blog),
    email: text(json.email),
    twitter_username: text(json.twitter_username),
    company: text(json.company),
    location: text(json.location),
    followers: typeof json.followers === 'number' ? json.followers : null,
    url: text(json.html_url) ?? `https://github.com/${login}`,
  };
}

export function parseSocialAccounts(json: unknown): CodeSocialAccount[] {
  if (!Array.isArray(json)) throw shapeChanged(PLATFORM, 'social accounts array');
  return json.filter(isObj).flatMap((a) => {
    const url = text(a.url);
    return url && /^https?:\/\//i.test(url) ? [{ provider: text(a.provider), url }] : [];
  });
}

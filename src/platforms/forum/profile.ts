/**
 * Pure parser for a Reddit user (the forum platform's profile reader, reader.ts): no I/O here.
 *
 * `GET https://www.reddit.com/user/<name>/about.json?raw_json=1` → a `t2` thing:
 * `{kind: "t2", data: {name, id, is_suspended, subreddit: {title, public_description,
 * subscribers, display_name: "u_<name>", …}}}`. The profile's display name is the user
 * subreddit's `title`, its description `public_description`, its follower count `subscribers`.
 * A suspended account answers `{kind: "t2", data: {name, is_suspended: true}}` with nothing else:
 * NOT_FOUND here (nothing of it is public). Shape as Reddit's public JSON API serves it (PRAW's
 * `Redditor` reads the same keys); no capture of it exists in ../shared/fixtures/forum.
 */
import { notFound, shapeChanged } from '../../errors.js';

const PLATFORM = 'forum';

export interface ForumUser {
  name: string;
  id: string | null;
  displayName: string | null;
  description: string | null;
  followers: number | null;
  over18: boolean | null;
  /** `https://www.reddit.com/user/<name>/` */
  url: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Reddit usernames: 3–20 letters, digits, `_` and `-`; case-insensitive. */
const NAME_RE = /^[a-z0-9_-]{3,20}$/;

/** `u/Some_Name`, `/u/x`, `@x` → `some_name`, or null when it cannot be a Reddit username. */
export function normalizeUsername(input: string): string | null {
  const s = input
    .trim()
    .replace(/^\/?u\//i, '')
    .replace(/^@/, '')
    .toLowerCase();
  return NAME_RE.test(s) ? s : null;
}

export function parseUserAbout(json: unknown): ForumUser {
  if (!isObj(json) || !isObj(json.data)) throw shapeChanged(PLATFORM, 't2 user (data)');
  if (json.kind !== undefined && json.kind !== 't2') throw shapeChanged(PLATFORM, `t2 user (got kind ${String(json.kind)})`);
  const d = json.data;
  const name = text(d.name);
  if (!name) throw shapeChanged(PLATFORM, 'name of the user');
  if (d.is_suspended === true) throw notFound(`User u/${name} is suspended`);
  const sub = isObj(d.subreddit) ? d.subreddit : {};
  return {
    name,
    id: text(d.id),
    displayName: text(sub.title),
    description: text(sub.public_description) ?? text(sub.description),
    followers: typeof sub.subscribers === 'number' ? sub.subscribers : null,
    over18: typeof sub.over_18 === 'boolean' ? sub.over_18 : null,
    url: `https://www.reddit.com/user/${name}/`,
  };
}

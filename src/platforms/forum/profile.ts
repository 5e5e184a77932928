/**
 * Reddit usernames, and the view discovery keeps of a Reddit user (the forum reader, reader.ts,
 * fills it from the `forumUser` operation's record: user.ts parses `/user/<name>/about`).
 */

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

/**
 * Pure parsers for a Threads public profile (the microblog-c profile reader, reader.ts): no I/O.
 *
 * The signed-out profile page `GET https://www.threads.com/@<username>` ships the profile's user
 * object in its JSON scripts (`<script type="application/json" data-sjs>`, Relay preloader
 * results) — the same object the profile GraphQL query answers in `data.userData.user` (the 2023
 * capture in ../shared/fixtures/microblog-c): `username`, `pk`, `full_name`, `biography`,
 * `bio_links[{url}]`, `follower_count`, `is_private`. The page's user is the object whose
 * `username` is the one asked for and that carries profile keys (`biography` / `full_name`):
 * other users a page names (reposts, replies) are never read as it.
 *
 * When the page ships no such object, its `og:title` names the profile as `<name> (@<username>)`:
 * the name is read from there and the bio from `og:description`, after the page's counts
 * (`<n> Followers • <n> Threads • `) and before its closing pointer to `@<username>`.
 * A page that names neither is a missing account (Threads answers an unknown name with its
 * generic page), unless it is a login wall or a checkpoint.
 */
import { decode } from 'html-entities';
import { loginWall, notFound, upstreamBlocked } from '../../errors.js';
import type { MicroblogCUser } from './parse.js';
import { htmlProblem, parseUser } from './parse.js';

export interface MicroblogCProfile {
  username: string;
  pk: string | null;
  fullName: string | null;
  biography: string | null;
  /** `bio_links[].url`, empty ones dropped. */
  bioLinks: string[];
  followerCount: number | null;
  isPrivate: boolean | null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A profile user object (parse.ts `parseUser`, the 2023 profile answer's shape) as the reader's record. */
export function profileFromUser(user: MicroblogCUser): MicroblogCProfile {
  const raw = user as unknown as Obj;
  const links = Array.isArray(raw.bio_links) ? raw.bio_links : [];
  return {
    username: user.username ?? '',
    pk: user.pk,
    fullName: text(raw.full_name),
    biography: text(raw.biography),
    bioLinks: links.flatMap((l) => (isObj(l) && text(l.url) ? [text(l.url)!] : [])),
    followerCount: typeof raw.follower_count === 'number' ? raw.follower_count : null,
    isPrivate:
      typeof raw.is_private === 'boolean'
        ? raw.is_private
        : typeof raw.text_post_app_is_private === 'boolean'
          ? raw.text_post_app_is_private
          : null,
  };
}

function* jsonScripts(html: string): Generator<unknown> {
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/type\s*=\s*["']?application\/json/i.test(m[1])) continue;
    try {
      yield JSON.parse(m[2]);
    } catch {
      /* not JSON after all: another script */
    }
  }
}

/** The user object of `username` with profile keys, anywhere in the page's JSON scripts. */
function findProfileUser(html: string, username: string): Obj | null {
  const want = username.toLowerCase();
  for (const root of jsonScripts(html)) {
    const stack: unknown[] = [root];
    while (stack.length) {
      const cur = stack.pop();
      if (Array.isArray(cur)) stack.push(...cur);
      else if (isObj(cur)) {
        if (typeof cur.username === 'string' && cur.username.toLowerCase() === want && ('biography' in cur || 'full_name' in cur))
          return cur;
        stack.push(...Object.values(cur));
      }
    }
  }
  return null;
}

const meta = (html: string, property: string) => {
  const m =
    new RegExp(`<meta[^>]+property=["']${property}["'][^>]+content=["']([^"']*)["']`, 'i').exec(html) ??
    new RegExp(`<meta[^>]+content=["']([^"']*)["'][^>]+property=["']${property}["']`, 'i').exec(html);
  return m ? decode(m[1]) : null;
};
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The profile page of `username` → its profile (see the module comment). */
export function parseProfilePage(html: string, username: string): MicroblogCProfile {
  const user = findProfileUser(html, username);
  if (user) return profileFromUser(parseUser(user, 'profile user'));
  const title = meta(html, 'og:title');
  const named = title ? new RegExp(`^(.*?)\\s*\\(@(${escapeRe(username)})\\)`, 'i').exec(title) : null;
  if (!named) {
    const problem = htmlProblem(html);
    if (problem?.kind === 'login') throw loginWall('microblog-c');
    if (problem) throw upstreamBlocked(`microblog-c: threads.com answered with ${problem.why}`);
    throw notFound(`microblog-c profile @${username} was not found`);
  }
  const description = meta(html, 'og:description');
  const bio = description
    ?.replace(/^(?:[\d.,]+\s*[KMB]?\s+\S+\s+•\s+){1,3}/i, '')
    .replace(new RegExp(`\\s*[^.!?•]*@${escapeRe(username)}\\.?\\s*$`, 'i'), '')
    .trim();
  return {
    username: named[2],
    pk: null,
    fullName: named[1].trim() || null,
    biography: bio || null,
    bioLinks: [],
    followerCount: null,
    isPrivate: null,
  };
}

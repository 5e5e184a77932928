/**
 * Fediverse (Mastodon-compatible) accounts written as a handle, `@user@instance.tld` — in a bio, a
 * link page's text or a site's script data ("Mastodon: @kai@fosstodon.org", `{"mastodon":
 * "@kai@hachyderm.io"}`). The handle is read as the account's profile URL on its server,
 * `https://instance.tld/@user`, which the microblog-e reader claims (tentatively: the server's lookup
 * decides whether it is an account).
 *
 * A handle, never an address: the sign before the user (`ana@studio.com` is mail, `@ana@studio.com`
 * is an account), a server name with a public suffix, not a mailbox provider's (`@kai@gmail.com` is an
 * address written after an `@`), nor a host a platform rule knows (`@kai@tiktok.com` is no server).
 */
import { parse as parseDomain } from 'tldts';
import { classifyLink } from '../links/classify.js';
import { isMailboxDomain } from './email-forms.js';

const HANDLE_RE =
  /(?<![\p{L}\p{N}_.@+-])@([A-Za-z0-9_]{1,30}(?:[.-][A-Za-z0-9_]+){0,3})@((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63})(?![\p{L}\p{N}_@-]|\.[A-Za-z0-9])/gu;

/** At most this many handles read from one text (a bio lists one or two). */
export const FEDIVERSE_HANDLES_MAX = 10;

/** The profile URL of `user@instance` when the instance can be a server (above), else null. */
export function fediverseUrl(user: string, instance: string): string | null {
  const host = instance.toLowerCase().replace(/\.$/, '');
  const p = parseDomain(host);
  if (!p.domain || !p.isIcann || p.isIp || isMailboxDomain(host)) return null;
  const url = `https://${host}/@${user.toLowerCase()}`;
  return classifyLink(url) ? null : url;
}

/** The profile URLs of the `@user@instance.tld` handles a text writes, in order, each once. */
export function fediverseAccounts(text: string | null | undefined): string[] {
  if (!text || !text.includes('@')) return [];
  const out = new Set<string>();
  for (const m of text.normalize('NFKC').matchAll(HANDLE_RE)) {
    const url = fediverseUrl(m[1], m[2]);
    if (url) out.add(url);
    if (out.size >= FEDIVERSE_HANDLES_MAX) break;
  }
  return [...out];
}

/**
 * A URL as a caller hands it to us (`https://host/path`, `host/path`, `HOST/Path?x#y`), parsed the
 * one way every platform accepts one: http or https only, no credentials, no port. Hosts and paths
 * are each platform's business; this only decides whether the text is a plain web URL at all.
 */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

export interface UserUrlOptions {
  /** Refuse `host/path` without `https://` (post URLs, where a bare value means something else). */
  requireScheme?: boolean;
}

export function parseUserUrl(input: string, opts: UserUrlOptions = {}): URL | null {
  const s = input.trim();
  if (!s) return null;
  const hasScheme = HAS_SCHEME.test(s);
  if (!hasScheme && opts.requireScheme) return null;
  let u: URL;
  try {
    u = new URL(hasScheme ? s : `https://${s}`);
  } catch {
    return null;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password || u.port) return null;
  return u;
}

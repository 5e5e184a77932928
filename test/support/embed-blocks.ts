/**
 * What the Spotify embed operations' e2e tests (track, album, episode) each wrote the same way: the
 * embed pages of one kind (ours for any id, Spotify's 404 for one missing id), and a rate limit or a
 * block page in place of `https://<host>/embed/<kind>/<id>` being UPSTREAM_BLOCKED at 0 credits.
 */
import { expect } from 'vitest';
import { notFoundPage } from '../../src/platforms/audio-a/samples.js';
import type { Route } from '../../src/replay/server.js';
import type { Harness } from '../harness.js';

const HTML = { 'content-type': 'text/html; charset=utf-8' };

/** `https://<host>/embed/<kind>/<id>`: `page(id)` for any id, HTTP 404 with Spotify's error page for `missingId`. */
export function embedPagesRoute(host: string, kind: string, page: (id: string) => string, missingId: string): Route {
  return {
    host,
    path: new RegExp(`^/embed/${kind}/[^/]+$`),
    response: (req) => {
      const id = req.path.split('/').pop()!;
      if (id === missingId) return { status: 404, headers: HTML, body: notFoundPage() };
      return { headers: HTML, body: page(id) };
    },
  };
}

/** Akamai's edge page as its generator writes it (entity-encoded reference and edgesuite line): the block catalogue keys on that structure, not on the title. */
export const AKAMAI_ACCESS_DENIED =
  "<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>You don't have permission to access this server.<P>Reference&#32;&#35;18&#46;5f3e1102&#46;1700000000&#46;1a2b3c4d<P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;18&#46;5f3e1102&#46;1700000000&#46;1a2b3c4d</P></BODY></HTML>";

/** A 429, and the block page at 200 and at 403, each in place of one embed page: every answer UPSTREAM_BLOCKED, the balance untouched. */
export async function expectEmbedPagesBlocked(
  h: Harness,
  o: { host: string; kind: string; path: (query: string) => string },
): Promise<void> {
  const answers: Route['response'][] = [
    { body: 'slow down', fault: { kind: 'status', status: 429, headers: { 'retry-after': '3600' } } },
    { status: 200, body: AKAMAI_ACCESS_DENIED },
    { status: 403, body: AKAMAI_ACCESS_DENIED },
  ];
  const { key, id } = await h.key(5);
  for (const [i, response] of answers.entries()) {
    const entityId = `${String.fromCharCode(75 + i).repeat(21)}b`;
    h.replay.add({ host: o.host, path: `/embed/${o.kind}/${entityId}`, response });
    const r = await h.rest(o.path(`id=${entityId}`), { key });
    expect(r.status, `answer ${i}`).toBe(502);
    expect(r.body.error.code, `answer ${i}`).toBe('UPSTREAM_BLOCKED');
  }
  expect(await h.balance(id)).toBe(5);
}

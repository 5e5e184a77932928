/**
 * Upstream requests for linkpage-c (Komi), platforms.md: the talent by username, then the modules
 * of its profile. Both are public JSON endpoints of api.komi.io; a bot-challenge page, whatever
 * its status, is answered UPSTREAM_BLOCKED by the upstream client's block catalogue.
 */
import { notFound, shapeChanged } from '../../errors.js';
import type { UpstreamResponse } from '../../upstream/client.js';
import { expectOk } from '../../upstream/client.js';
import type { OpContext } from '../operation.js';
import type { LinkpageCPage } from './parse.js';
import { pageRecord, readModules, readTalent } from './parse.js';

const PLATFORM = 'linkpage-c';
const API = 'https://api.komi.io/api';
// The page's own origin, as the page's script sends it.
const HEADERS = { accept: 'application/json', origin: 'https://komi.io', referer: 'https://komi.io/' };

/** The JSON body of an answer; a body that is not JSON is named. */
function jsonOf(res: UpstreamResponse, what: string): unknown {
  try {
    return JSON.parse(res.text());
  } catch {
    throw shapeChanged(PLATFORM, `JSON body from ${what} (HTTP ${res.status})`);
  }
}

export async function fetchKomiPage(ctx: OpContext, a: { username: string }): Promise<LinkpageCPage> {
  const page = `Link page ${a.username}.komi.io`;
  const talentRes = await ctx.upstream.request({
    url: `${API}/talent/usernames/${encodeURIComponent(a.username)}`,
    platform: PLATFORM,
    headers: HEADERS,
    signal: ctx.signal,
  });
  // Komi answers an unknown username with 404 {"message": "The talent profile was not found"}.
  if (talentRes.status === 404 || talentRes.status === 410) throw notFound(`${page} was not found`);
  expectOk(talentRes, PLATFORM, page);
  const talent = readTalent(jsonOf(talentRes, 'api/talent/usernames'), a.username);

  const modulesRes = await ctx.upstream.request({
    url: `${API}/talent-profiles/${encodeURIComponent(talent.profileId)}/modules`,
    platform: PLATFORM,
    headers: HEADERS,
    signal: ctx.signal,
  });
  expectOk(modulesRes, PLATFORM, `The modules of ${page}`);
  const links = readModules(jsonOf(modulesRes, 'api/talent-profiles/<id>/modules'));
  return pageRecord(talent, links, a.username);
}

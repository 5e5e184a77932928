/**
 * Upstream requests for linkpage-c (Komi), platforms.md: the talent by username, then the modules
 * of its profile. Both are public JSON endpoints of api.komi.io; a bot-challenge page is
 * UPSTREAM_BLOCKED whatever its status, so it is checked before the status.
 */
import { notFound, shapeChanged, upstreamBlocked } from '../../errors.js';
import type { UpstreamResponse } from '../../upstream/client.js';
import { expectOk } from '../../upstream/client.js';
import { isChallengePage } from '../links/challenge.js';
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
  if (isChallengePage(talentRes.text())) throw upstreamBlocked(`${PLATFORM}: upstream answered with a bot-challenge page`);
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
  if (isChallengePage(modulesRes.text())) throw upstreamBlocked(`${PLATFORM}: upstream answered with a bot-challenge page`);
  expectOk(modulesRes, PLATFORM, `The modules of ${page}`);
  const links = readModules(jsonOf(modulesRes, 'api/talent-profiles/<id>/modules'));
  return pageRecord(talent, links, a.username);
}

/**
 * Upstream requests for linkpage-c (Komi), platforms.md: the talent by username, then the modules
 * of its profile. Both are public JSON endpoints of api.komi.io; a bot-challenge page, whatever
 * its status, is answered UPSTREAM_BLOCKED by the upstream client's block catalogue.
 *
 * The modules request is optional: the talent answer alone carries the page's names, avatar, bio,
 * socials and website. When it fails (an error status, a timeout, a rate limit or challenge page,
 * an answer that is not a module list) the page is returned with `links: []` and the parser
 * warning `page.links`. A challenge on the talent request is UPSTREAM_BLOCKED.
 */
import { isApiError, notFound, shapeChanged, upstreamFailed } from '../../errors.js';
import { optionalStep, partialRead } from '../partial-read.js';
import { assertSameResource } from '../identity.js';
import type { UpstreamResponse } from '../../upstream/client.js';
import { expectOk } from '../../upstream/client.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { LinkpageCLink, LinkpageCPage } from './parse.js';
import { pageRecord, readModules, readTalent } from './parse.js';
import { parseUpstreamJson } from '../../parse/json.js';

const PLATFORM = 'linkpage-c';
const API = 'https://api.komi.io/api';
// The page's own origin, as the page's script sends it.
const HEADERS = { accept: 'application/json', origin: 'https://komi.io', referer: 'https://komi.io/' };

/** The JSON body of an answer; a body that is not JSON is named. */
function jsonOf(res: UpstreamResponse, what: string): unknown {
  try {
    return parseUpstreamJson(res.text(), PLATFORM);
  } catch (e) {
    if (isApiError(e)) throw e;
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
  const talent = parsed(ctx, () => readTalent(jsonOf(talentRes, 'api/talent/usernames'), a.username));
  // Another talent than the one asked for is no answer (identity.ts), checked before its modules
  // are fetched: every username the answer states (the account's, its profile's) must be the one
  // asked, and it must state one — a talent naming none cannot be told to be the asked one.
  const stated = [talent.account.username, talent.profile.username].filter((u) => typeof u === 'string' && u.trim() !== '');
  if (!stated.length) throw upstreamFailed(`${PLATFORM}: the upstream answered ${page} with a talent that names no username`);
  for (const username of stated) assertSameResource(PLATFORM, page, { handle: a.username }, { handle: username });

  const links = await optionalStep(ctx, { platform: PLATFORM, field: 'page.links' }, () => fetchModules(ctx, talent.profileId, page));
  const record = parsed(ctx, () => pageRecord(talent, links ?? [], a.username));
  return links ? record : partialRead(record);
}

async function fetchModules(ctx: OpContext, profileId: string, page: string): Promise<LinkpageCLink[]> {
  const modulesRes = await ctx.upstream.request({
    url: `${API}/talent-profiles/${encodeURIComponent(profileId)}/modules`,
    platform: PLATFORM,
    headers: HEADERS,
    signal: ctx.signal,
  });
  expectOk(modulesRes, PLATFORM, `The modules of ${page}`);
  return parsed(ctx, () => readModules(jsonOf(modulesRes, 'api/talent-profiles/<id>/modules')));
}

/**
 * `min_confidence` on both creator tools, end to end (gateway + replay upstream over HTTP): a REST
 * query parameter and a GraphQL argument, validated (0 to 1, else 400 INVALID_INPUT at 0
 * credits), applied after the cache (one cache entry serves every threshold); an e-mail lookup is
 * charged for the addresses it returns at that threshold (api.md: 1 when none, 10 when any).
 *
 * The web: Instagram @owl.glaze links an X account (verified, 0.9) whose bio holds the only
 * address; the web search returns the creator's clips channel on TikTok (links back, the
 * creator's name, says "clips from my streams": a candidate short of proof) and a fan account
 * (links back, the creator's name, says it is a fan's).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DiscoveryWeb } from '../sample-web.js';
import { startHarness } from '../../../test/harness.js';
import { allParts, postStreaming } from '../../../test/incremental.js';
import type { Harness } from '../../../test/harness.js';
import { DEFAULT_MIN_CONFIDENCE } from '../evidence.js';

let h: Harness;
const IG = 'https://www.instagram.com/owl.glaze/';

function web(): DiscoveryWeb {
  const w = new DiscoveryWeb();
  w.ig.set('owl.glaze', { username: 'owl.glaze', fullName: 'Owl Glaze', bio: 'glazes & pots', bioLinks: ['https://x.com/owlglazepots'] });
  w.x.set('owlglazepots', { screenName: 'owlglazepots', name: 'Owl Glaze Pots', description: 'Contact: kiln@owlglaze.com' });
  w.search.set('"Owl Glaze" owl.glaze', ['https://www.tiktok.com/@owlglazeclips', 'https://www.tiktok.com/@owl.glaze_fans']);
  w.tiktok.set('owlglazeclips', { handle: 'owlglazeclips', nickname: 'Owl Glaze', signature: 'clips from my streams', bioLink: IG });
  w.tiktok.set('owl.glaze_fans', { handle: 'owl.glaze_fans', nickname: 'Owl Glaze', signature: 'fan account 💜', bioLink: IG });
  return w;
}

const profilesPath = (q = '') => `/v1/find-social-profiles?platform=social-b&handle=owl.glaze${q}`;
const emailsPath = (q = '') => `/v1/find-creator-emails?platform=social-b&handle=owl.glaze${q}`;
type Profile = { platform: string; handle: string; confidence: number; evidence: string[] };
const handles = (ps: Profile[]) => ps.map((p) => p.handle);
const sourceReads = () => h.replay.hits({ host: 'i.instagram.com' }).length;

beforeAll(async () => {
  process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '0';
  h = await startHarness();
});
afterAll(async () => {
  delete process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS;
  await h.close();
});
beforeEach(() => {
  h.replay.reset();
  for (const r of web().routes()) h.replay.add(r);
});

describe('min_confidence (REST)', () => {
  it('is applied after the cache: one lookup, one cache entry, every threshold served from it at 0 credits', async () => {
    const { key, id } = await h.key(100);
    const live = await h.rest(profilesPath(), { key });
    expect(live.status).toBe(200);
    expect(live.body.credits_charged).toBe(10);
    const shown: Profile[] = live.body.profiles;
    expect(shown.every((p) => p.confidence >= DEFAULT_MIN_CONFIDENCE)).toBe(true);
    expect(handles(shown)).not.toContain('owl.glaze_fans');

    const all = await h.rest(profilesPath('&min_confidence=0&cache_max_age=1d'), { key });
    expect(all.body).toMatchObject({ cached: true, credits_charged: 0 });
    const listed: Profile[] = all.body.profiles;
    // The default view is exactly the record's profiles at ≥ 0.5; the record holds the candidates below too.
    expect(listed.filter((p) => p.confidence >= DEFAULT_MIN_CONFIDENCE)).toEqual(shown);
    const fan = listed.find((p) => p.handle === 'owl.glaze_fans')!;
    expect(fan.confidence).toBeLessThan(DEFAULT_MIN_CONFIDENCE);
    expect(fan.evidence).toEqual(
      expect.arrayContaining(['reciprocal_profile_link', 'websearch_match', 'display_name_match', 'fan_marker']),
    );
    const clips = listed.find((p) => p.handle === 'owlglazeclips')!;
    expect(clips.evidence).toEqual(
      expect.arrayContaining(['reciprocal_profile_link', 'websearch_match', 'display_name_match', 'second_account_marker']),
    );
    expect(clips.confidence).toBeGreaterThan(fan.confidence);
    expect(listed.map((p) => p.confidence)).toEqual([...listed.map((p) => p.confidence)].sort((a, b) => b - a));

    const sure = await h.rest(profilesPath('&min_confidence=0.95&cache_max_age=1d'), { key });
    expect(sure.body).toMatchObject({ cached: true, credits_charged: 0 });
    expect(handles(sure.body.profiles)).toEqual(['owl.glaze']);
    // The diagnostics are the lookup's, whatever the threshold.
    expect(sure.body.websearch_candidate_urls).toEqual(all.body.websearch_candidate_urls);

    expect(sourceReads()).toBe(1);
    expect(await h.balance(id)).toBe(90);
  });

  it('an e-mail lookup is charged for the addresses it returns (api.md: 1 when `emails` is empty, 10 when any is returned): one hidden by min_confidence is not returned (an outside audit: [] charged 10)', async () => {
    const { key, id } = await h.key(100);
    const hidden = await h.rest(emailsPath('&min_confidence=0.95'), { key });
    expect(hidden.status).toBe(200);
    // The address is on the X account (verified at 0.9): below the threshold, so not shown…
    expect(hidden.body.emails).toEqual([]);
    // …so none is returned: 1 credit, as for a lookup that found none.
    expect(hidden.body.credits_charged).toBe(1);
    expect(hidden.body).not.toHaveProperty('_profile_confidence');
    // The record keeps it: the same lookup at the default threshold, from the cache, shows it at 0.
    const shown = await h.rest(emailsPath('&cache_max_age=1d'), { key });
    expect(shown.body).toMatchObject({ cached: true, credits_charged: 0 });
    expect(shown.body.emails).toEqual([
      { email: 'kiln@owlglaze.com', sources: [{ url: 'https://x.com/owlglazepots', type: 'linked_profile' }] },
    ]);
    expect(shown.body).not.toHaveProperty('_profile_confidence');
    // Live at the default threshold: the address returned, 10.
    const again = await h.rest(emailsPath(), { key });
    expect(again.body).toMatchObject({ credits_charged: 10, emails: [{ email: 'kiln@owlglaze.com' }] });
    // Find social profiles costs 10 whatever min_confidence shows (api.md: 10).
    const live = await h.rest(profilesPath('&min_confidence=1'), { key });
    expect(live.body.credits_charged).toBe(10);
    expect(await h.balance(id)).toBe(79);
  });

  it('is validated: a number from 0 to 1, once; otherwise 400 INVALID_INPUT and nothing charged', async () => {
    const { key, id } = await h.key(100);
    for (const [q, message] of [
      ['&min_confidence=abc', 'must be a number'],
      ['&min_confidence=1.5', 'must be at most 1'],
      ['&min_confidence=-0.1', 'must be at least 0'],
      ['&min_confidence=0.5&min_confidence=0.6', 'given more than once'],
    ] as const) {
      const r = await h.rest(profilesPath(q), { key });
      expect(r.status, q).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'min_confidence', message }] });
      const e = await h.rest(emailsPath(q), { key });
      expect(e.status, q).toBe(400);
    }
    expect(sourceReads()).toBe(0);
    expect(await h.balance(id)).toBe(100);
  });
});

describe('minConfidence (GraphQL)', () => {
  const QUERY = `query($low: Float, $high: Float) {
    low: findSocialProfiles(platform: SOCIAL_B, handle: "owl.glaze", minConfidence: $low) { profiles { handle confidence evidence } json }
    high: findSocialProfiles(platform: SOCIAL_B, handle: "owl.glaze", minConfidence: $high) { profiles { handle } }
    mail: findCreatorEmails(platform: SOCIAL_B, handle: "owl.glaze", minConfidence: $high) { emails { email } json }
  }`;

  it('each root field sees the one lookup at its own threshold (typed fields and json alike), and is charged on what it returns', async () => {
    const { key } = await h.key(100);
    const r = await h.gql(QUERY, { key, variables: { low: 0, high: 0.95 } });
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    const { low, high, mail } = r.body.data;
    expect(handles(low.profiles)).toEqual(expect.arrayContaining(['owl.glaze', 'owlglazepots', 'owlglazeclips', 'owl.glaze_fans']));
    expect(low.json.profiles.map(({ handle, confidence, evidence }: Profile) => ({ handle, confidence, evidence }))).toEqual(low.profiles);
    expect(handles(high.profiles)).toEqual(['owl.glaze']);
    expect(mail.emails).toEqual([]);
    expect(mail.json.emails).toEqual([]);
    expect(mail.json).not.toHaveProperty('_profile_confidence');
    // Same source, same operation: one lookup for both profile fields (and the e-mail tool's lookup
    // shares its reads in flight): the source is read once.
    expect(sourceReads()).toBe(1);
    expect(h.replay.hits({ host: 'www.tiktok.com' }).filter((x) => x.path === '/@owlglazeclips')).toHaveLength(1);
    // 10 + 10 for the profile fields; the e-mail field returns none at its threshold: 1.
    expect(r.body.extensions.credits.charged).toBe(21);
  });

  it('is validated like the REST parameter', async () => {
    const { key, id } = await h.key(100);
    const r = await h.gql('{ findSocialProfiles(platform: SOCIAL_B, handle: "owl.glaze", minConfidence: 1.5) { profiles { handle } } }', {
      key,
    });
    expect(r.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(JSON.stringify(r.body.errors[0])).toContain('must be at most 1');
    expect(sourceReads()).toBe(0);
    expect(await h.balance(id)).toBe(100);
  });
});

describe('minConfidence under @stream', () => {
  const STREAMED = `query($min: Float) {
    found: findSocialProfiles(platform: SOCIAL_B, handle: "owl.glaze", minConfidence: $min) {
      source { handle }
      profiles @stream(initialCount: 1) { url ... @defer { confidence } }
      ... @defer(label: "record") { json }
    }
  }`;

  it('streams exactly the profiles the threshold shows: an early-settled profile below it is never sent', async () => {
    for (const min of [0, 0.95]) {
      h.replay.reset();
      for (const r of web().routes()) h.replay.add(r);
      const { key } = await h.key(100);
      const r = await postStreaming(h.url, STREAMED, { key, variables: { min }, accept: 'multipart/mixed' });
      const parts = await allParts(r);
      for (const p of parts) expect(p.payload.errors).toBeUndefined();
      const later = parts.slice(1).flatMap((p) => p.payload.incremental ?? []);
      const streamed = [...parts[0].payload.data.found.profiles, ...later.filter((i: any) => i.items).flatMap((i: any) => i.items)].map(
        (p: { url: string }) => p.url,
      );
      const record = later.find((i: any) => i.label === 'record').data.json;
      expect(streamed.sort(), String(min)).toEqual(record.profiles.map((p: { url: string }) => p.url).sort());
      if (min === 0.95) expect(streamed).toEqual(['https://www.instagram.com/owl.glaze/']);
      else expect(streamed).toContain('https://x.com/owlglazepots');
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, hasFixtures, hasPeerExample, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { USER_SIGNED_OUT, failureOf, looksLikeUrl, normalizeHandle, parseProfile, profileInfoUrl } from './parse.js';
import * as s from './samples.js';
import { SOCIAL_B_USER_KEYS } from '../../../test/support/record-keys.js';
import { wallError, wallName } from '../../../test/blocks/wall-answer.js';
import { recordKeys } from '../records.js';
import { SocialBMedia } from './schema.js';
import { errorOf } from '../../../test/support/errors.js';

const LABEL = 'social-b';
const CAPTURE = 'web-profile-info-megadeth.json';
const PEER_FILE = join(FIXTURES_DIR, '..', 'reference', 'peer-examples', 'social-b_profile.json');

const NODE_KEYS = recordKeys(SocialBMedia);

// ---------------------------------------------------------------------------------------------
// The real capture (read in place from ../shared/fixtures/social-b; facts from its SOURCES.md)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures(LABEL))(`social-b capture ${CAPTURE} (${skipReason(LABEL)})`, () => {
  const raw = () => JSON.parse(readFixture(LABEL, CAPTURE)) as Record<string, any>;
  const load = () => parseProfile(raw(), 'megadeth');

  it('username, id, full_name, is_verified, is_private', () => {
    const { user } = load().data;
    expect(user.username).toBe('megadeth');
    expect(user.id).toBe('343260652');
    expect(user.full_name).toBe('Megadeth');
    expect(user.is_verified).toBe(true);
    expect(user.is_private).toBe(false);
  });

  it('followers 2520817 (edge_followed_by.count), following 122 (edge_follow.count)', () => {
    const { user } = load().data;
    expect(user.edge_followed_by.count).toBe(2520817);
    expect(user.edge_follow.count).toBe(122);
  });

  it('posts 2328; 12 timeline edges; the first is ChKPk6klGbO', () => {
    const media = load().data.user.edge_owner_to_timeline_media;
    expect(media.count).toBe(2328);
    expect(media.edges).toHaveLength(12);
    expect(media.edges[0].node.shortcode).toBe('ChKPk6klGbO');
  });

  it('bio_links is an empty list (present); external_url', () => {
    const { user } = load().data;
    expect(user.bio_links).toEqual([]);
    expect(user.external_url).toBe('http://megadeth.lnk.to/sickdyingdead/');
  });

  it('biography, exactly (with its ellipsis character)', () => {
    expect(load().data.user.biography).toBe("'THE SICK, THE DYING… AND THE DEAD!' New album out September 2. Listen to SOLDIER ON! now.");
  });

  it('category_name, business_category_name (a passed-through flag) and status', () => {
    const p = load();
    expect(p.data.user.category_name).toBe('Musician/band');
    expect((p.data.user as unknown as Record<string, unknown>).business_category_name).toBe('Creators & Celebrities');
    expect(p.status).toBe('ok');
  });

  it('the listed fields come first in api.md order; every upstream field is kept unchanged but the requester’s own', () => {
    const u = raw().data.user as Record<string, unknown>;
    const mine = load().data.user as unknown as Record<string, unknown>;
    expect(Object.keys(mine).slice(0, SOCIAL_B_USER_KEYS.length)).toEqual(SOCIAL_B_USER_KEYS);
    expect(Object.keys(mine).sort()).toEqual(Object.keys(u).sort());
    // Everything but the normalised timeline and the requester's relation to the account
    // (USER_SIGNED_OUT) is byte-for-byte what Instagram sent.
    for (const k of Object.keys(u))
      if (k !== 'edge_owner_to_timeline_media' && !(k in USER_SIGNED_OUT)) expect([k, mine[k]]).toEqual([k, u[k]]);
    expect(Object.values(mine)).not.toContain(undefined);
  });

  it('the capture was made signed in: the capturer’s mutual followers and relation to the account are not in the record', () => {
    const u = raw().data.user as Record<string, unknown>;
    expect(JSON.stringify(u.edge_mutual_followed_by)).toContain('reneredzepinoma');
    const mine = load().data.user as unknown as Record<string, unknown>;
    expect(mine.edge_mutual_followed_by).toEqual({ count: 0, edges: [] });
    expect(JSON.stringify(mine)).not.toContain('reneredzepinoma');
    for (const k of ['followed_by_viewer', 'follows_viewer', 'blocked_by_viewer', 'has_requested_viewer', 'requested_by_viewer'])
      expect([k, mine[k]]).toEqual([k, false]);
  });

  it('timeline nodes: the listed fields first, nothing lost, page_info kept', () => {
    const raw0 = raw().data.user.edge_owner_to_timeline_media;
    const media = load().data.user.edge_owner_to_timeline_media;
    expect(media.page_info).toEqual(raw0.page_info);
    expect(media.page_info.has_next_page).toBe(true);
    const first = media.edges[0].node as unknown as Record<string, unknown>;
    expect(Object.keys(first).slice(0, NODE_KEYS.length)).toEqual(NODE_KEYS);
    expect(first).toEqual(raw0.edges[0].node);
    expect(media.edges[0].node).toMatchObject({
      is_video: true,
      owner: { id: '343260652', username: 'megadeth' },
      edge_media_to_comment: { count: 151 },
      edge_liked_by: { count: 20269 },
    });
    for (const { node } of media.edges) {
      expect(node.owner?.username).toBe('megadeth');
      expect(node.is_video ? typeof node.video_url : node.video_url).toBe(node.is_video ? 'string' : null);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Project-own cases (always run), on the hand-written bodies of src/platforms/social-b/samples.ts
// ---------------------------------------------------------------------------------------------

describe('parseProfile', () => {
  it('a public profile: bio links, contact fields, counts, media', () => {
    const p = parseProfile(s.profileBody(s.userJson('clay.studio')));
    const u = p.data.user;
    expect(p.status).toBe('ok');
    expect(Object.keys(u).slice(0, SOCIAL_B_USER_KEYS.length)).toEqual(SOCIAL_B_USER_KEYS);
    expect(u).toMatchObject({
      username: 'clay.studio',
      full_name: 'Studio Test',
      biography: 'Ceramics and slow mornings.\nStudio: Rotterdam',
      external_url: 'https://shop.clay.studio.example/',
      business_email: 'hello@clay.studio.example',
      business_phone_number: null,
      edge_followed_by: { count: 15230 },
      edge_follow: { count: 321 },
      is_private: false,
    });
    expect(u.bio_links).toEqual([
      {
        title: 'Shop',
        lynx_url: expect.stringMatching(/^https:\/\/l\.instagram\.com\//),
        url: 'https://shop.clay.studio.example/',
        link_type: 'external',
      },
    ]);
    expect(u.edge_owner_to_timeline_media.edges.map((e) => e.node.shortcode)).toEqual(['DAbCdEf1234', 'DAbCdEf5678']);
    expect(u.edge_owner_to_timeline_media.edges[1].node).toMatchObject({ is_video: false, video_url: null, video_view_count: null });
  });

  it('absent listed fields are null (or empty lists / null counts), never missing', () => {
    const bare = {
      id: '1',
      username: 'bare',
      edge_owner_to_timeline_media: { count: 0, page_info: { has_next_page: false, end_cursor: null }, edges: [] },
    };
    const u = parseProfile(s.profileBody(bare)).data.user;
    expect(Object.keys(u)).toEqual(SOCIAL_B_USER_KEYS);
    expect(u).toMatchObject({
      fbid: null,
      full_name: null,
      biography: null,
      biography_with_entities: null,
      bio_links: [],
      edge_followed_by: { count: null },
      business_email: null,
      has_clips: null,
    });
    const noTimeline = parseProfile(s.profileBody({ id: '1', username: 'bare' })).data.user;
    expect(noTimeline.edge_owner_to_timeline_media).toEqual({
      count: null,
      page_info: { has_next_page: false, end_cursor: null },
      edges: [],
    });
  });

  it('a private account: the public header with is_private true, every media list emptied (counts kept)', () => {
    // Even if an upstream ever sent a private account's posts, they must not pass through.
    const leaky = s.userJson('quiet.one', {
      private: true,
      extra: {
        edge_owner_to_timeline_media: {
          count: 87,
          page_info: { has_next_page: true, end_cursor: 'QVFD' },
          edges: [{ node: s.mediaNode('1', 'PRIVATE1', '1', 'quiet.one') }],
        },
        edge_felix_video_timeline: {
          count: 4,
          page_info: { has_next_page: true, end_cursor: 'QVFE' },
          edges: [{ node: s.mediaNode('2', 'PRIVATE2', '1', 'quiet.one', true) }],
        },
      },
    });
    const u = parseProfile(s.profileBody(leaky)).data.user as unknown as Record<string, any>;
    expect(u).toMatchObject({
      is_private: true,
      biography: 'Ceramics and slow mornings.\nStudio: Rotterdam',
      business_email: 'hello@quiet.one.example',
      edge_followed_by: { count: 15230 },
    });
    expect(u.edge_owner_to_timeline_media).toEqual({ count: 87, page_info: { has_next_page: false, end_cursor: null }, edges: [] });
    expect(u.edge_felix_video_timeline).toEqual({ count: 4, page_info: { has_next_page: false, end_cursor: null }, edges: [] });
    expect(JSON.stringify(u)).not.toMatch(/PRIVATE\d/);
  });

  // Our own sample of Instagram's app API user object (the shape of /api/v1/users/<id>/info, also
  // seen wrapped as `{data: {user}, status}`): counts and contacts under their app names, no media lists.
  it("the app API's user object: counts, e-mail, category and business flag read from their app names; web_profile_info's names win", () => {
    const app = {
      pk: '50221090841',
      id: '50221090841',
      username: 'tidepool.studio',
      full_name: 'Tidepool Studio',
      is_private: false,
      is_verified: true,
      biography: 'Sound design',
      biography_with_entities: { raw_text: 'Sound design', entities: [] },
      bio_links: [{ link_id: 1795088507905, url: 'https://tidepool.example/', link_type: 'external', title: 'Site' }],
      external_url: 'https://tidepool.example/',
      follower_count: 559261,
      following_count: 12,
      media_count: 2524,
      is_business: true,
      category: 'Musician/band',
      public_email: 'booking@tidepool.example',
      profile_pic_url: 'https://scontent.cdninstagram.com/a.jpg',
      profile_pic_url_hd: 'https://scontent.cdninstagram.com/b.jpg',
    };
    const { result, warnings } = captureWarnings(() => parseProfile(s.profileBody(app), 'tidepool.studio'));
    const u = result.data.user as unknown as Record<string, any>;
    expect(u).toMatchObject({
      edge_followed_by: { count: 559261 },
      edge_follow: { count: 12 },
      is_business_account: true,
      category_name: 'Musician/band',
      business_email: 'booking@tidepool.example',
      edge_owner_to_timeline_media: { count: 2524, page_info: { has_next_page: false, end_cursor: null }, edges: [] },
    });
    const warned = warnings.map((w) => w.field);
    for (const f of ['user.edge_followed_by', 'user.edge_follow', 'user.business_email', 'user.edge_owner_to_timeline_media'])
      expect(warned).not.toContain(f);
    // Both names present: web_profile_info's.
    const both = parseProfile(
      s.profileBody({ ...app, edge_followed_by: { count: 7 }, business_email: 'web@tidepool.example', category_name: 'Artist' }),
    ).data.user as unknown as Record<string, any>;
    expect(both).toMatchObject({ edge_followed_by: { count: 7 }, business_email: 'web@tidepool.example', category_name: 'Artist' });
    // The HD picture and the public phone under the app's names (a recorded 2021 app answer has
    // `hd_profile_pic_url_info: {url, width, height}` and `public_phone_number`).
    const hd = parseProfile(
      s.profileBody({
        ...app,
        profile_pic_url_hd: undefined,
        hd_profile_pic_url_info: { url: 'https://scontent.cdninstagram.com/hd.jpg', width: 1080, height: 1080 },
        public_phone_number: '+1 555 0100',
      }),
    ).data.user as unknown as Record<string, any>;
    expect([hd.profile_pic_url_hd, hd.business_phone_number]).toEqual(['https://scontent.cdninstagram.com/hd.jpg', '+1 555 0100']);
    // `account_type` (2 business, 3 creator: professional; 1 personal) stands for is_professional_account,
    // which wins when both are there; another value is unknown (null, warned).
    const professional = (over: Record<string, unknown>) => {
      const got = captureWarnings(() => parseProfile(s.profileBody({ ...app, ...over })).data.user);
      return [got.result.is_professional_account, got.warnings.some((w) => w.field === 'user.is_professional_account')];
    };
    expect([1, 2, 3, 7].map((t) => professional({ account_type: t }))).toEqual([
      [false, false],
      [true, false],
      [true, false],
      [null, true],
    ]);
    expect(professional({ account_type: 1, is_professional_account: true })).toEqual([true, false]);
    // An app object naming its id only `pk`.
    const { id: _id, ...pkOnly } = app;
    expect(parseProfile(s.profileBody(pkOnly)).data.user.id).toBe('50221090841');
  });

  // Our own object in the shape Instagram's app API answers an age-gated profile (mgp25/Instagram-API
  // issue #3107: counts 0, bio and link emptied, and a `gating` object asking the viewer's age):
  // the zeros are withheld values, never the account's, and the profile is for signed-in adults only.
  it("a profile behind Instagram's age gate (a `gating` object, counts zeroed) → the login wall, never 0 followers", () => {
    const gated = {
      pk: '50221090977',
      username: 'peat.smoke.distillery',
      full_name: 'Peat Smoke Distillery',
      is_private: false,
      is_verified: true,
      profile_pic_url: 'https://scontent.cdninstagram.com/p.jpg',
      media_count: 0,
      follower_count: 0,
      following_count: 0,
      biography: '',
      biography_with_entities: { raw_text: '', entities: [] },
      external_url: '',
      gating: {
        gating_type: 'appealable',
        title: 'Are you 21 or over?',
        description: 'You must be 21 years old or over to see this profile',
        buttons: ['Continue'],
      },
    };
    const e = errorOf(() => parseProfile(s.profileBody(gated), 'peat.smoke.distillery'));
    expect(e.code).toBe('UPSTREAM_BLOCKED');
    expect(e.message).toMatch(/login wall/);
    // `gating: null` is no gate.
    expect(parseProfile(s.profileBody({ ...gated, gating: null })).data.user.edge_followed_by).toEqual({ count: 0 });
  });

  it('data.user null → NOT_FOUND naming the handle', () => {
    const e = errorOf(() => parseProfile(s.profileBody(null), 'nobody.here'));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain('@nobody.here');
  });

  it('the "Please wait a few minutes" / require_login refusal → login wall (UPSTREAM_BLOCKED)', () => {
    const e = errorOf(() => parseProfile(s.WAIT_BODY));
    expect(e.code).toBe('UPSTREAM_BLOCKED');
    expect(e.message).toMatch(/login wall/);
  });

  it('a checkpoint → UPSTREAM_BLOCKED; another fail body → UPSTREAM_FAILED with its message', () => {
    expect(errorOf(() => parseProfile(s.CHECKPOINT_BODY)).message).toMatch(/checkpoint/);
    const other = errorOf(() => parseProfile({ message: 'Something odd', status: 'fail' }));
    expect(other.code).toBe('UPSTREAM_FAILED');
    expect(other.message).toContain('Something odd');
    expect(failureOf(s.profileBody(null))).toBeNull();
  });

  it('a changed shape is UPSTREAM_FAILED naming what is missing, never an empty record', () => {
    expect(errorOf(() => parseProfile({ status: 'ok' })).message).toMatch(/missing data\.user/);
    expect(errorOf(() => parseProfile({ graphql: { user: {} } })).code).toBe('UPSTREAM_FAILED');
    expect(errorOf(() => parseProfile(s.profileBody({ username: 'x' }))).message).toMatch(/data\.user\.id/);
  });

  it('a timeline node without its shortcode is left out (warned); the profile and the other nodes stay', () => {
    const good = s.mediaNode('2', 'Cgood', '1', 'x');
    const badNode = s.userJson('x', {
      extra: { edge_owner_to_timeline_media: { count: 2, page_info: {}, edges: [{ node: { id: '1' } }, { node: good }] } },
    });
    const { result, warnings } = captureWarnings(() => parseProfile(s.profileBody(badNode)));
    expect(result.data.user.edge_owner_to_timeline_media.edges.map((e) => e.node.shortcode)).toEqual(['Cgood']);
    expect(warnings.map((w) => [w.field, w.detail])).toContainEqual([
      'user.edge_owner_to_timeline_media.edges',
      expect.stringMatching(/shortcode/),
    ]);
  });
});

describe('handles', () => {
  it.each<[string, string | null]>([
    ['megadeth', 'megadeth'],
    ['@Megadeth', 'megadeth'],
    ['  clay.studio_01 ', 'clay.studio_01'],
    ['a'.repeat(30), 'a'.repeat(30)],
    ['a'.repeat(31), null],
    ['with space', null],
    ['dash-name', null],
    ['https://www.instagram.com/megadeth/', null],
    ['', null],
  ])('normalizeHandle(%j) → %j', (input, want) => {
    expect(normalizeHandle(input)).toBe(want);
  });

  it.each([
    'https://www.instagram.com/megadeth/',
    'instagram.com/megadeth',
    'www.instagram.com/megadeth',
    'instagr.am/megadeth',
    'megadeth/',
  ])('%s looks like a URL', (v) => {
    expect(looksLikeUrl(v)).toBe(true);
  });

  it('a handle does not look like a URL', () => {
    expect(looksLikeUrl('@megadeth')).toBe(false);
    expect(looksLikeUrl('clay.studio')).toBe(false);
  });

  it('profileInfoUrl: the public endpoint of platforms.md', () => {
    expect(profileInfoUrl('clay.studio')).toBe('https://i.instagram.com/api/v1/users/web_profile_info/?username=clay.studio');
  });
});

// ---------------------------------------------------------------------------------------------
// Peer example: key set and value types (api.md wins on names; this is a second opinion)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasPeerExample(PEER_FILE))(
  `peer example (skipped when ${PEER_FILE} is absent: fresh clone without the shared reference)`,
  () => {
    const peer = () => JSON.parse(readFileSync(PEER_FILE, 'utf8')).sampleResponse as Record<string, any>;
    const envelope = ['success', 'credits_remaining', 'credits_charged'];

    it('the peer body, parsed, comes back unchanged: {data: {user}, status} beside the envelope', () => {
      const body = Object.fromEntries(Object.entries(peer()).filter(([k]) => !envelope.includes(k)));
      const mine = parseProfile(body);
      expect(Object.keys(mine).sort()).toEqual(Object.keys(body).sort());
      expect(mine).toEqual(body);
    });

    it.skipIf(!hasFixtures(LABEL))('the capture has the peer types for the api.md fields (where both are non-null)', () => {
      const want = peer().data.user as Record<string, any>;
      const got = parseProfile(JSON.parse(readFixture(LABEL, CAPTURE))).data.user as unknown as Record<string, any>;
      for (const k of SOCIAL_B_USER_KEYS) {
        expect(got).toHaveProperty(k);
        expect(want).toHaveProperty(k);
        if (got[k] !== null && want[k] !== null) expect([k, typeof got[k]]).toEqual([k, typeof want[k]]);
      }
      const gotNode = got.edge_owner_to_timeline_media.edges[0].node;
      const wantNode = want.edge_owner_to_timeline_media.edges[0].node;
      for (const k of NODE_KEYS)
        if (gotNode[k] !== null && wantNode[k] !== null) expect([k, typeof gotNode[k]]).toEqual([k, typeof wantNode[k]]);
    });
  },
);

describe.skipIf(!hasFixtures(LABEL))(`parse warnings (social-b, ${skipReason(LABEL)})`, () => {
  const capture = () => JSON.parse(readFixture(LABEL, CAPTURE));

  it('the real web_profile_info answer reads without a warning', () => {
    expect(captureWarnings(() => parseProfile(capture(), 'megadeth')).warnings).toEqual([]);
  });

  it('a user without edge_followed_by: count null plus user.edge_followed_by; a biography given as null: no warning', () => {
    const body = capture();
    delete body.data.user.edge_followed_by;
    body.data.user.biography = null;
    const { result, warnings } = captureWarnings(() => parseProfile(body, 'megadeth'));
    expect(result.data.user.edge_followed_by).toEqual({ count: null });
    expect(result.data.user.biography).toBeNull();
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([['social-b', 'user.edge_followed_by']]);
  });
});

// ---------------------------------------------------------------------------------------------
// Walls (walls.ts): Instagram's failure envelope by its keys and codes, never its sentences
// ---------------------------------------------------------------------------------------------
describe('walls: failure answers by structure (walls.ts)', () => {
  const url = profileInfoUrl('clay.studio');

  describe.skipIf(!hasFixtures('blocks/social-b'))(`the real refusals (blocks/social-b, ${skipReason('blocks/social-b')})`, () => {
    it.each(['web-profile-info-401-require-login.json', 'rate-limit-please-wait-require-login.json'])('%s at 401 → login wall', (file) => {
      const body = readFixture('blocks/social-b', file);
      expect(wallName(LABEL, body, { status: 401, url })).toBe('login-wall');
      expect(wallError(LABEL, body, { status: 401, url })?.code).toBe('UPSTREAM_BLOCKED');
      expect(errorOf(() => parseProfile(JSON.parse(body))).message).toMatch(/login wall/);
    });
  });

  // Self-written: Instagram's envelopes with their `message` in Italian, Japanese and Portuguese.
  it.each<[string, object, number, string]>([
    [
      'require_login, Italian sentence',
      { message: 'Attendi qualche minuto prima di riprovare.', require_login: true, status: 'fail' },
      200,
      'login-wall',
    ],
    [
      'rate limit without require_login, Japanese sentence, 429',
      { message: '数分してから再度実行してください。', status: 'fail' },
      429,
      'refused',
    ],
    ['the same at 401', { message: '数分してから再度実行してください。', status: 'fail' }, 401, 'refused'],
    [
      'checkpoint with a Portuguese title (codes and checkpoint_url decide)',
      {
        message: 'checkpoint_required',
        checkpoint_url: 'https://www.instagram.com/challenge/?next=/',
        lock: true,
        status: 'fail',
        error_title: 'Confirme que é você',
      },
      400,
      'checkpoint',
    ],
    ['spam flag, Portuguese sentence', { message: 'Tente novamente mais tarde.', spam: true, status: 'fail' }, 400, 'refused'],
  ])('translated envelope (self-written): %s', (_name, body, status, wall) => {
    const text = JSON.stringify(body);
    expect(wallName(LABEL, text, { status, url })).toBe(wall);
    expect(wallError(LABEL, text, { status, url })?.code).toBe('UPSTREAM_BLOCKED');
  });

  it('the English "Please wait a few minutes" sentence alone decides nothing: a fail body at 400 is no wall, and UPSTREAM_FAILED', () => {
    const body = { message: 'Please wait a few minutes before you try again.', status: 'fail' };
    expect(wallName(LABEL, JSON.stringify(body), { status: 400, url })).toBeNull();
    expect(failureOf(body)?.code).toBe('UPSTREAM_FAILED');
  });

  it('decoy: a profile whose bio quotes the walls is data and parses', () => {
    const bio = 'Please wait a few minutes before you try again. log in to continue. Just a moment... unusual traffic. checkpoint_required';
    const body = s.profileBody(s.userJson('clay.studio', { extra: { biography: bio, require_login: false } }));
    expect(wallName(LABEL, JSON.stringify(body), { status: 200, url })).toBeNull();
    expect(parseProfile(body).data.user.biography).toBe(bio);
  });
});

/**
 * microblog-e parsers on the real captures (../shared/fixtures/microblog-e/, facts from its
 * SOURCES.md; read in place) and on answers of our own for what no capture shows (said so per
 * test): degraded fields, non-public statuses, inputs.
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { htmlToText } from '../microblog-a/parse.js';
import {
  normalizeAcct,
  normalizeInstance,
  normalizeStatusUrl,
  normalizeTag,
  parseAccount,
  parseAccountList,
  parseAccountSearch,
  parseContext,
  parseStatus,
  parseStatuses,
  parseTrendTags,
} from './parse.js';
import type { MastodonSample } from './samples.js';
import { mastodonContextBody, mastodonFollowsBody, mastodonSearchBody, mastodonStatusBody, mastodonTrendTagBody } from './samples.js';
import {
  MicroblogEAccount,
  MicroblogEFollowersPage,
  MicroblogEFollowingPage,
  MicroblogEPostContext,
  MicroblogEPostsPage,
  MicroblogEProfileSearch,
  MicroblogEStatus,
  MicroblogETrendsStatusesPage,
  MicroblogETrendsTagsPage,
} from './schema.js';

const LABEL = 'microblog-e';
const load = (file: string): unknown => JSON.parse(readFixture(LABEL, file));

describe.skipIf(!hasFixtures(LABEL))(`microblog-e captures (${skipReason(LABEL)})`, () => {
  it('the Account (lookup shape): identity, counts, and the verified rel=me fields', () => {
    const { result: a, warnings } = captureWarnings(() => parseAccount(load('account-fosstodon-schochastics-2025-07-17.json')));
    expect(warnings).toEqual([]);
    expect(a).toMatchObject({
      id: '109302436954721982',
      username: 'schochastics',
      acct: 'schochastics',
      display_name: 'David Schoch',
      note: '<p>Data Scientist/DevOps Engineer at cynkra | <a href="https://fosstodon.org/tags/Rstats" class="mention hashtag" rel="tag">#<span>Rstats</span></a> enthusiast</p>',
      followers_count: 1036,
      following_count: 138,
      statuses_count: 280,
      last_status_at: '2025-07-17',
      created_at: '2022-11-07T00:00:00.000Z',
      url: 'https://fosstodon.org/@schochastics',
      uri: 'https://fosstodon.org/users/schochastics',
      bot: false,
      locked: false,
      discoverable: true,
      indexable: false,
      header: 'https://fosstodon.org/headers/original/missing.png',
      moved: null,
    });
    expect(a.fields).toHaveLength(3);
    expect(a.fields.map((f) => [f.name, /href="([^"]+)"/.exec(f.value ?? '')?.[1], f.verified_at])).toEqual([
      ['Personal Webpage', 'https://www.mr.schochastics.net/', '2022-11-24T06:24:48.497+00:00'],
      ['Github', 'https://github.com/schochastics', '2024-05-04T19:57:14.688+00:00'],
      ['Side project', 'http://worldclubratings.com', null],
    ]);
    expect(MicroblogEAccount.parse(a)).toEqual(a);
  });

  it("an account's statuses: 20, newest first, public and unlisted kept, no viewer state", () => {
    const { result, warnings } = captureWarnings(() => parseStatuses(load('account-statuses-fosstodon-schochastics-2025-07-17.json')));
    expect(warnings).toEqual([]);
    expect(result).toHaveLength(20);
    expect(result.every((s) => s.reblog === null)).toBe(true);
    expect(result[0]).toMatchObject({
      id: '114739545367952761',
      created_at: '2025-06-24T17:35:19.898Z',
      visibility: 'unlisted',
      language: 'en',
    });
    expect(htmlToText(result[0].content!)).toMatch(/^@petejones I am not too familiar with "domain law"/);
    expect(result[2]).toMatchObject({
      id: '114620457512351116',
      visibility: 'public',
      replies_count: 1,
      reblogs_count: 5,
      favourites_count: 12,
      url: 'https://fosstodon.org/@schochastics/114620457512351116',
    });
    expect(htmlToText(result[2].content!)).toMatch(
      /^Super grateful to have received an R Consortium grant to keep working on improving igraph!/,
    );
    expect(result[19]).toMatchObject({ id: '113191408914362368', created_at: '2024-09-24T07:43:52.313Z' });
    expect(result[0]).not.toHaveProperty('favourited');
    expect(result[0]).not.toHaveProperty('pinned');
    expect(() => MicroblogEPostsPage.parse({ posts: result, cursor: null })).not.toThrow();
  });

  it('the account search: 3 accounts, the local one first (the lookup account), the remote ones with acct@server and their own url', () => {
    // The capture is `/api/v1/accounts/search` (a bare array); `/api/v2/search` sends the same
    // Account objects under `accounts` (SOURCES.md), so the capture is read inside that envelope.
    const accounts = load('accounts-search-schochastics-fosstodon-2025-07-17.json');
    const { result, warnings } = captureWarnings(() => parseAccountSearch({ accounts, statuses: [], hashtags: [] }));
    expect(warnings).toEqual([]);
    expect(result.map((a) => [a.username, a.acct, a.display_name, a.followers_count])).toEqual([
      ['schochastics', 'schochastics', 'David Schoch', 1036],
      ['schochastics', 'schochastics@birdsite.lakedrops.com', 'David Schoch', 0],
      ['schochastics', 'schochastics@bird.makeup', 'David Schoch', 0],
    ]);
    // The local account is the lookup capture's account (its id), in the profile's record shape;
    // the two were recorded minutes apart (statuses_count differs), so the values are not compared.
    const profile = parseAccount(load('account-fosstodon-schochastics-2025-07-17.json'));
    expect(result[0].id).toBe('109302436954721982');
    expect(result[0].id).toBe(profile.id);
    expect(Object.keys(result[0])).toEqual(Object.keys(profile));
    expect(result.slice(1).map((a) => new URL(a.url!).host)).toEqual(['birdsite.lakedrops.com', 'bird.makeup']);
    expect(MicroblogEProfileSearch.parse({ profiles: result })).toEqual({ profiles: result });
  });

  it('the captured statuses served for /followers (or reblogged_by, favourited_by) are no accounts: UPSTREAM_FAILED, never 20 nameless followers', () => {
    const statuses = load('account-statuses-fosstodon-schochastics-2025-07-17.json') as unknown[];
    expect(statuses.length).toBeGreaterThan(0);
    let error: unknown = null;
    const { warnings } = captureWarnings(() => {
      try {
        parseAccountList(statuses);
      } catch (e) {
        error = e;
      }
    });
    expect(error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('is an Account') });
    expect(new Set(warnings.map((w) => w.field))).toEqual(new Set(['accounts.items']));
    // the lookup answered with a status is no account either
    expect(() => parseAccount(statuses[0])).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
  });

  it('followers / following (no capture of those lists): the captured Accounts, read as a list, are each their profile record unchanged', () => {
    // A page of followers or following is a JSON array of Account entities (Mastodon's API docs);
    // no capture of those endpoints exists, so the captured Accounts stand in: the search capture
    // (`/api/v1/accounts/search`) is such an array, and the lookup capture is one Account.
    const list: unknown[] = load('accounts-search-schochastics-fosstodon-2025-07-17.json') as unknown[];
    const { result, warnings } = captureWarnings(() => parseAccountList(list));
    expect(warnings).toEqual([]);
    expect(result).toEqual(list.map((a) => parseAccount(a)));
    expect(result.map((a) => [a.id, a.acct, a.followers_count, a.hide_collections])).toEqual([
      ['109302436954721982', 'schochastics', 1036, false],
      ['110090982838680509', 'schochastics@birdsite.lakedrops.com', 0, true],
      ['111270124316361434', 'schochastics@bird.makeup', 0, true],
    ]);
    const lookup = load('account-fosstodon-schochastics-2025-07-17.json');
    const account = parseAccount(lookup);
    expect(account.hide_collections).toBe(false);
    expect(parseAccountList([lookup])).toEqual([account]);
    const followers = { account, followers: result, cursor: null };
    expect(MicroblogEFollowersPage.parse(followers)).toEqual(followers);
    const following = { account, following: result, cursor: 'eyJ9' };
    expect(MicroblogEFollowingPage.parse(following)).toEqual(following);
  });

  it('the anonymous tag timeline: 5 statuses, remote accounts with their own acct and origin url', () => {
    const { result, warnings } = captureWarnings(() => parseStatuses(load('timeline-tag-rstats-mastodon-social-anon-2025-07-17.json')));
    expect(warnings).toEqual([]);
    expect(result).toHaveLength(5);
    expect(result[0]).toMatchObject({
      id: '114870142396314555',
      created_at: '2025-07-17T19:07:48.000Z',
      url: 'https://rstats.me/@simonpcouch/114870142137562212',
      account: { acct: 'simonpcouch@rstats.me' },
    });
    expect(htmlToText(result[0].content!)).toMatch(/^After a month or so of not using Claude Code much to write R code/);
    expect(result[1]).toMatchObject({ account: { acct: 'useR_conf' }, url: 'https://mastodon.social/@useR_conf/114869631572884594' });
    expect(result[1].tags.map((t) => t.name)).toEqual(['user2025', 'rstats']);
    expect(result[4].account?.acct).toBe('pp0196.bsky.social@bsky.brid.gy');
    expect(result[4].url).toMatch(/^https:\/\/fed\.brid\.gy\/r\/https:\/\/bsky\.app\/profile\//);
  });

  it("trending statuses (no capture of /api/v1/trends/statuses): the anonymous tag timeline's Status list of mastodon.social reads as that answer, remote statuses kept as they are", () => {
    const json = load('timeline-tag-rstats-mastodon-social-anon-2025-07-17.json');
    const { result: posts, warnings } = captureWarnings(() => parseStatuses(json, 'trends.statuses'));
    expect(warnings).toEqual([]);
    expect(posts).toEqual(parseStatuses(json));
    // Trends name no account: the remote status (another server's url, acct user@server) is data, not another resource.
    expect(posts[0]).toMatchObject({
      id: '114870142396314555',
      url: 'https://rstats.me/@simonpcouch/114870142137562212',
      account: { acct: 'simonpcouch@rstats.me' },
    });
    expect(posts[4].account?.acct).toBe('pp0196.bsky.social@bsky.brid.gy');
    const page = { posts, cursor: null };
    expect(MicroblogETrendsStatusesPage.parse(page)).toEqual(page);
  });

  it("a real Tag entity (a status's `tags` in the tag timeline capture: name and url, no history) reads as a trending tag with history null, warned", () => {
    const statuses = load('timeline-tag-rstats-mastodon-social-anon-2025-07-17.json') as { tags: unknown[] }[];
    expect(statuses[1].tags).toHaveLength(2);
    const { result: tags, warnings } = captureWarnings(() => parseTrendTags(statuses[1].tags));
    expect(tags).toEqual([
      { name: 'user2025', url: 'https://mastodon.social/tags/user2025', history: null },
      { name: 'rstats', url: 'https://mastodon.social/tags/rstats', history: null },
    ]);
    expect(warnings.map((w) => w.field)).toEqual(['trends.tags.items.history', 'trends.tags.items.history']);
    const page = { tags, cursor: null };
    expect(MicroblogETrendsTagsPage.parse(page)).toEqual(page);
  });

  it('one status (no capture of /api/v1/statuses/<id>): each captured Status parses into the post record unchanged, as in its list', () => {
    // `/api/v1/statuses/<id>` answers one Status entity, the same entity the lists carry (Mastodon's
    // API docs); no capture of that endpoint exists, so the captured lists' Statuses stand in.
    for (const file of [
      'account-statuses-fosstodon-schochastics-2025-07-17.json',
      'timeline-tag-rstats-mastodon-social-anon-2025-07-17.json',
    ]) {
      const raw = load(file) as unknown[];
      const list = parseStatuses(raw);
      const { result, warnings } = captureWarnings(() => raw.map((x) => parseStatus(x)));
      expect(warnings).toEqual([]);
      expect(result).toEqual(list);
      for (const post of result) expect(MicroblogEStatus.parse(post)).toEqual(post);
    }
    const third = parseStatus((load('account-statuses-fosstodon-schochastics-2025-07-17.json') as unknown[])[2]);
    expect(third).toMatchObject({
      id: '114620457512351116',
      visibility: 'public',
      replies_count: 1,
      reblogs_count: 5,
      favourites_count: 12,
      url: 'https://fosstodon.org/@schochastics/114620457512351116',
      account: { id: '109302436954721982', acct: 'schochastics' },
    });
    expect(htmlToText(third.content!)).toMatch(/^Super grateful to have received an R Consortium grant/);
    const first = parseStatus((load('account-statuses-fosstodon-schochastics-2025-07-17.json') as unknown[])[0]);
    expect(first).toMatchObject({ id: '114739545367952761', created_at: '2025-06-24T17:35:19.898Z', visibility: 'unlisted' });
  });

  it('a thread (no capture of /context): captured Statuses inside the Context envelope read as the lists do; the record holds', () => {
    const statuses = load('account-statuses-fosstodon-schochastics-2025-07-17.json') as unknown[];
    const tag = load('timeline-tag-rstats-mastodon-social-anon-2025-07-17.json') as unknown[];
    const { result, warnings } = captureWarnings(() => parseContext({ ancestors: statuses.slice(3, 5), descendants: tag }));
    expect(warnings).toEqual([]);
    expect(result.ancestors).toEqual(parseStatuses(statuses.slice(3, 5)));
    expect(result.descendants.map((s) => s.account?.acct)[0]).toBe('simonpcouch@rstats.me');
    expect(result.descendants[0].url).toBe('https://rstats.me/@simonpcouch/114870142137562212');
    const record = { post: parseStatus(statuses[2]), ...result };
    expect(MicroblogEPostContext.parse(record)).toEqual(record);
    const partial = { post: record.post, ancestors: null, descendants: null };
    expect(MicroblogEPostContext.parse(partial)).toEqual(partial);
  });
});

// Answers of our own (no capture shows these), derived from Mastodon's documented entities.
describe('microblog-e parsers, degraded and refused answers (our own)', () => {
  // Mastodon sends every key below on every status and account (null or [] when there is none).
  const status = (id: string, visibility: unknown, extra: Record<string, unknown> = {}) => ({
    id,
    uri: `https://example.social/users/a/statuses/${id}`,
    created_at: '2025-01-01T00:00:00.000Z',
    content: '<p>x</p>',
    visibility,
    sensitive: false,
    spoiler_text: '',
    language: 'en',
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    media_attachments: [],
    mentions: [],
    tags: [],
    emojis: [],
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    account: {
      id: '1',
      username: 'a',
      acct: 'a',
      display_name: 'A',
      locked: false,
      bot: false,
      created_at: 'x',
      note: '',
      url: 'u',
      avatar: 'a',
      avatar_static: 'a',
      header: 'h',
      header_static: 'h',
      followers_count: 0,
      following_count: 0,
      statuses_count: 1,
      emojis: [],
      fields: [],
    },
    ...extra,
  });

  it('private and direct statuses are left out silently, an unknown visibility and a missing id warned', () => {
    const { result, warnings } = captureWarnings(() =>
      parseStatuses([
        status('1', 'public'),
        status('2', 'private'),
        status('3', 'direct'),
        status('4', 'limited'),
        { ...status('5', 'public'), id: undefined },
      ]),
    );
    expect(result.map((s) => s.id)).toEqual(['1']);
    expect(warnings.map((w) => `${w.field}: ${w.detail}`)).toEqual([
      'statuses.items: element 3: visibility "limited" (left out)',
      'statuses.items: element 4: microblog-e: upstream response changed shape: missing statuses.items.id',
    ]);
  });

  it('a boost carries the boosted status; a missing count is null plus a warning', () => {
    const { result, warnings } = captureWarnings(() =>
      parseStatuses([status('1', 'public', { reblog: status('9', 'public'), replies_count: undefined })]),
    );
    expect(result[0].reblog?.id).toBe('9');
    expect(result[0].replies_count).toBeNull();
    expect(warnings.map((w) => w.field)).toEqual(['statuses.items.replies_count']);
  });

  it('a hidden follower count (-1) is null, not a count: glitch-soc servers send -1 for every account when the admin hides them', () => {
    // Our own answer, written from glitch-soc's documentation ("Hiding followers count": with the
    // server-wide option "the client API will return -1 instead of the actual count for every
    // request, for both local and remote accounts", glitch-soc.github.io/docs/features/hide-follower-count)
    // and megalodon-rs issue #221 (hackers.town answered `"followers_count": -1` for an account
    // in a boost). The other counts of the same account stay as sent.
    const plain = status('1', 'public');
    const hidden = { ...plain.account, followers_count: -1, following_count: 12, statuses_count: 40 };
    const { result, warnings } = captureWarnings(() => parseAccount(hidden));
    expect(result).toMatchObject({ followers_count: null, following_count: 12, statuses_count: 40 });
    expect(warnings).toEqual([]);
    // The same account as a status's author, in a list: the status and its counts stand.
    const s = captureWarnings(() => parseStatuses([{ ...plain, account: hidden, favourites_count: 3 }]));
    expect(s.result[0].account).toMatchObject({ followers_count: null, following_count: 12 });
    expect(s.result[0].favourites_count).toBe(3);
    expect(s.warnings).toEqual([]);
  });

  it("a profile field without verified_at (Pleroma's and Akkoma's fields carry none) is unverified, not warned; another type still is", () => {
    // Our own answer: Pleroma's account view renders fields as {name, value} only (account_view.ex).
    const plain = status('1', 'public').account;
    const fields = [{ name: 'Site', value: '<a href="https://tala.example">tala.example</a>' }];
    const { result, warnings } = captureWarnings(() => parseAccount({ ...plain, fields }));
    expect(result.fields).toEqual([{ name: 'Site', value: fields[0].value, verified_at: null }]);
    expect(warnings).toEqual([]);
    const odd = captureWarnings(() => parseAccount({ ...plain, fields: [{ ...fields[0], verified_at: 5 }] }));
    expect(odd.result.fields[0].verified_at).toBeNull();
    expect(odd.warnings.length).toBeGreaterThan(0);
  });

  it('a Pleroma / Akkoma account: its hidden counts (0 as sent) are null, its `pleroma` hide flags give hide_collections', () => {
    // Our own answer, written from Pleroma's Mastodon API account view
    // (lib/pleroma/web/mastodon_api/views/account_view.ex): no `hide_collections`; a `pleroma`
    // block with `hide_followers`, `hide_follows`, `hide_followers_count`, `hide_follows_count`
    // sent to every caller; `followers_count` rendered as 0 for anyone but the owner when both
    // `hide_followers_count` and `hide_followers` are set (`following_count` likewise with the
    // follows flags); `fields` without `verified_at` is another matter, not asserted here.
    const plain = status('1', 'public').account;
    const flags = (followers: boolean, follows: boolean) => ({
      hide_followers: followers,
      hide_followers_count: followers,
      hide_follows: follows,
      hide_follows_count: follows,
      hide_favorites: true,
      tags: [],
      relationship: {},
      skip_thread_containment: false,
    });
    const hidden = { ...plain, followers_count: 0, following_count: 0, statuses_count: 812, pleroma: flags(true, true) };
    const { result, warnings } = captureWarnings(() => parseAccount(hidden));
    expect(result).toMatchObject({ followers_count: null, following_count: null, statuses_count: 812, hide_collections: true });
    expect(warnings).toEqual([]);
    // Nothing hidden: the counts as sent (a real 0 too), and hide_collections false.
    const open = parseAccount({ ...plain, followers_count: 0, following_count: 31, pleroma: flags(false, false) });
    expect(open).toMatchObject({ followers_count: 0, following_count: 31, hide_collections: false });
    // One list hidden: Mastodon's one flag cannot say so (null); the hidden count is null, the other as sent.
    const half = parseAccount({ ...plain, followers_count: 0, following_count: 31, pleroma: flags(true, false) });
    expect(half).toMatchObject({ followers_count: null, following_count: 31, hide_collections: null });
    // A count above 0 is a count, whatever the flag (the owner's own view, or an older server);
    // so is a 0 whose list is shown (Pleroma zeroes a count only when the list is hidden too).
    expect(parseAccount({ ...hidden, followers_count: 5 }).followers_count).toBe(5);
    const countOnly = { ...flags(false, false), hide_followers_count: true };
    expect(parseAccount({ ...plain, followers_count: 0, pleroma: countOnly }).followers_count).toBe(0);
    // Mastodon's own flag wins where a server sends both.
    expect(parseAccount({ ...hidden, hide_collections: false }).hide_collections).toBe(false);
  });

  // Our own statuses: Mastodon boosts only public and unlisted statuses; a server answering a boost
  // of another kind is held to the rule a status is.
  it('a boosted status that is not public is null, the boost kept: silently when private or direct, warned otherwise', () => {
    const boosts = [
      status('1', 'public', { reblog: status('91', 'private') }),
      status('2', 'public', { reblog: status('92', 'direct') }),
      status('3', 'public', { reblog: status('93', 'unlisted') }),
      status('4', 'public', { reblog: status('94', 'mutuals') }),
    ];
    const { result, warnings } = captureWarnings(() => parseStatuses(boosts));
    expect(result.map((s) => [s.id, s.reblog?.id ?? null])).toEqual([
      ['1', null],
      ['2', null],
      ['3', '93'],
      ['4', null],
    ]);
    expect(warnings.map((w) => w.field)).toEqual(['statuses.items.reblog']);
    expect(parseStatus(boosts[0]).reblog).toBeNull();
  });

  it('an author or a boosted status without its id is null (warned), the status kept: in a list and alone', () => {
    const plain = status('1', 'public');
    const noAuthorId = { ...plain, account: { ...plain.account, id: null } };
    const boostOfNoId = status('2', 'public', { reblog: { ...status('9', 'public'), id: undefined } });
    const { result, warnings } = captureWarnings(() => parseStatuses([noAuthorId, boostOfNoId]));
    expect(result.map((s) => [s.id, s.account?.id ?? null, s.reblog])).toEqual([
      ['1', null, null],
      ['2', '1', null],
    ]);
    expect(warnings.map((w) => w.field)).toEqual(['statuses.items.account', 'statuses.items.reblog']);
    const one = captureWarnings(() => parseStatus(noAuthorId));
    expect(one.result).toEqual({ ...parseStatus(plain), account: null });
    expect(MicroblogEStatus.parse(one.result)).toEqual(one.result);
    expect(one.warnings.map((w) => w.field)).toEqual(['status.account']);
    // The boosted status's own author likewise: the boost keeps its boosted status.
    const boost = status('3', 'public', { reblog: { ...status('9', 'public'), account: { ...plain.account, id: [] } } });
    const b = captureWarnings(() => parseStatus(boost));
    expect(b.result.reblog).toMatchObject({ id: '9', account: null });
    expect(b.warnings.map((w) => w.field)).toEqual(['status.reblog.account']);
  });

  it('emojis (status and account) and the reply ids are sent on every Mastodon status: missing, each is null or [] on its own, warned', () => {
    const reply = status('1', 'public', { in_reply_to_id: '0', in_reply_to_account_id: '5', emojis: [{ shortcode: 'rstats' }] });
    const full = parseStatus(reply);
    expect(full).toMatchObject({ in_reply_to_id: '0', in_reply_to_account_id: '5', emojis: [{ shortcode: 'rstats' }] });
    for (const key of ['in_reply_to_id', 'in_reply_to_account_id', 'emojis'] as const) {
      const { [key]: _gone, ...body } = reply;
      const { result, warnings } = captureWarnings(() => parseStatuses([body]));
      expect(result).toEqual([{ ...full, [key]: key === 'emojis' ? [] : null }]);
      expect(warnings.map((w) => w.field)).toEqual([`statuses.items.${key}`]);
    }
    const { emojis: _e, ...account } = { ...reply.account, emojis: [{ shortcode: 'blobcat' }] };
    const { result, warnings } = captureWarnings(() => parseStatus({ ...reply, account }));
    expect(result).toEqual({ ...full, account: { ...full.account, emojis: [] } });
    expect(warnings.map((w) => w.field)).toEqual(['status.account.emojis']);
    // An explicit null is data (not a reply): no warning.
    expect(captureWarnings(() => parseStatus(status('2', 'public'))).warnings).toEqual([]);
  });

  it('the v2 search envelope (our own sample, samples.ts): accounts in order, remote acct kept, statuses and hashtags not read', () => {
    const body = mastodonSearchBody('harbour.example', [
      { user: 'tides', instance: 'harbour.example', displayName: 'Tides' },
      { user: 'tides', instance: 'elsewhere.example', displayName: 'Tides elsewhere', followers: 0 },
    ]);
    const { result, warnings } = captureWarnings(() => parseAccountSearch(body));
    expect(warnings).toEqual([]);
    expect(result.map((a) => [a.acct, a.url, a.followers_count])).toEqual([
      ['tides', 'https://harbour.example/@tides', 300],
      ['tides@elsewhere.example', 'https://elsewhere.example/@tides', 0],
    ]);
    expect(MicroblogEAccount.parse(result[1])).toEqual(result[1]);
  });

  it('a search answer: an account without its id left out (warned), an empty list is no match', () => {
    const body = mastodonSearchBody('harbour.example', [{ user: 'tides', instance: 'harbour.example', displayName: 'Tides' }]);
    const [account] = body.accounts as Record<string, unknown>[];
    const { result, warnings } = captureWarnings(() => parseAccountSearch({ ...body, accounts: [{ ...account, id: undefined }, account] }));
    expect(result.map((a) => a.acct)).toEqual(['tides']);
    expect(warnings.map((w) => w.field)).toEqual(['search.accounts']);
    expect(parseAccountSearch({ accounts: [], statuses: [], hashtags: [] })).toEqual([]);
  });

  it('a followers / following answer (our own sample, samples.ts): accounts in order, a remote acct kept', () => {
    const body = mastodonFollowsBody('harbour.example', [
      { user: 'pier', instance: 'harbour.example', displayName: 'Pier', id: '11' },
      { user: 'gull', instance: 'elsewhere.example', displayName: 'Gull', id: '12', followers: 0, hideCollections: true },
    ]);
    const { result, warnings } = captureWarnings(() => parseAccountList(body));
    expect(warnings).toEqual([]);
    expect(result.map((a) => [a.id, a.acct, a.url, a.hide_collections])).toEqual([
      ['11', 'pier', 'https://harbour.example/@pier', false],
      ['12', 'gull@elsewhere.example', 'https://elsewhere.example/@gull', true],
    ]);
    expect(parseAccountList([])).toEqual([]);
  });

  it('a followers answer with fields missing: each is null on its own (warned where Mastodon always sends it), an account without its id left out', () => {
    const [full] = mastodonFollowsBody('harbour.example', [{ user: 'pier', instance: 'harbour.example', displayName: 'Pier', id: '11' }]);
    const { display_name: _d, followers_count: _f, hide_collections: _h, ...degraded } = full!;
    const { result, warnings } = captureWarnings(() => parseAccountList([{ ...full, id: undefined }, degraded, full]));
    expect(result.map((a) => a.id)).toEqual(['11', '11']);
    expect(result[0]).toEqual({ ...parseAccount(full), display_name: null, followers_count: null, hide_collections: null });
    expect(MicroblogEAccount.parse(result[0])).toEqual(result[0]);
    // `hide_collections` is not sent by every server: null without a warning.
    expect(warnings.map((w) => w.field)).toEqual(['accounts.items', 'accounts.items.display_name', 'accounts.items.followers_count']);
  });

  it('an element without username or acct (a status among accounts) is left out, warned; a list of none but such elements is a changed shape', () => {
    const [full] = mastodonFollowsBody('harbour.example', [{ user: 'pier', instance: 'harbour.example', displayName: 'Pier', id: '11' }]);
    const { username: _u, ...noUsername } = full!;
    const { acct: _a, ...noAcct } = full!;
    const status = { id: '900', content: '<p>hi</p>', account: full };
    const { result, warnings } = captureWarnings(() => parseAccountList([status, noUsername, noAcct, full]));
    expect(result.map((a) => a.username)).toEqual(['pier']);
    expect(warnings.map((w) => w.field)).toEqual(['accounts.items', 'accounts.items', 'accounts.items']);
    expect(() => parseAccountList([status, noUsername])).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
    expect(() => parseAccount({ id: '11' })).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
    expect(() => parseAccountSearch({ accounts: [status] })).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
  });

  const tides: MastodonSample = { user: 'tides', instance: 'harbour.example', displayName: 'Tides', id: '7' };
  const gull: MastodonSample = { user: 'gull', instance: 'elsewhere.example', displayName: 'Gull', id: '8' };

  it('one status (our own sample, samples.ts): the list record; a missing field is null on its own, warned where Mastodon always sends it', () => {
    const body = mastodonStatusBody('harbour.example', { id: '110', by: tides, text: 'Fog until ten.', replies: 2 });
    const { result, warnings } = captureWarnings(() => parseStatus(body));
    expect(warnings).toEqual([]);
    expect(result).toEqual(parseStatuses([body])[0]);
    expect(result).toMatchObject({ id: '110', in_reply_to_id: null, replies_count: 2, account: { acct: 'tides' } });
    const { replies_count: _r, language: _l, url: _u, ...degraded } = body;
    const { display_name: _d, ...account } = body.account as Record<string, unknown>;
    const d = captureWarnings(() => parseStatus({ ...degraded, account }));
    expect(d.result).toEqual({
      ...result,
      replies_count: null,
      language: null,
      url: null,
      account: { ...result.account, display_name: null },
    });
    expect(MicroblogEStatus.parse(d.result)).toEqual(d.result);
    // `url` is not sent for every status (a boost has none): null without a warning.
    expect(d.warnings.map((w) => w.field).sort()).toEqual(['status.account.display_name', 'status.language', 'status.replies_count']);
  });

  it('one status of another server (remote there): acct with its server, url on its own server; a non-public one is still read (the caller refuses it)', () => {
    const remote = parseStatus(mastodonStatusBody('harbour.example', { id: '111', by: gull, text: 'x' }));
    expect(remote).toMatchObject({ account: { acct: 'gull@elsewhere.example' }, url: 'https://elsewhere.example/@gull/111' });
    expect(parseStatus(mastodonStatusBody('harbour.example', { id: '112', by: tides, text: 'x', visibility: 'private' })).visibility).toBe(
      'private',
    );
    expect(() => parseStatus({ ...mastodonStatusBody('harbour.example', { id: '1', by: tides, text: 'x' }), id: undefined })).toThrow(
      /missing status\.id/,
    );
    expect(() => parseStatus([])).toThrow(/a Mastodon Status object/);
  });

  it('a thread (our own sample): private and direct statuses left out of both lists silently, one without its id left out warned', () => {
    const body = mastodonContextBody(
      'harbour.example',
      [
        { id: '100', by: gull, text: 'Question' },
        { id: '101', by: tides, text: 'Hidden', visibility: 'private' },
      ],
      [
        { id: '120', by: gull, text: 'Reply', replyTo: { id: '110', accountId: '7' } },
        { id: '121', by: tides, text: 'DM', visibility: 'direct', replyTo: { id: '120', accountId: '8' } },
      ],
    );
    const { result, warnings } = captureWarnings(() =>
      parseContext({ ...body, descendants: [...body.descendants, { ...body.descendants[0], id: undefined }] }),
    );
    expect(result.ancestors.map((s) => s.id)).toEqual(['100']);
    expect(result.descendants.map((s) => [s.id, s.in_reply_to_id])).toEqual([['120', '110']]);
    expect(warnings.map((w) => w.field)).toEqual(['context.descendants.items']);
    expect(parseContext({ ancestors: [], descendants: [] })).toEqual({ ancestors: [], descendants: [] });
  });

  it('trending tags (our own sample, samples.ts): history days, uses and accounts read from strings as integers, in order', () => {
    const { result, warnings } = captureWarnings(() =>
      parseTrendTags([mastodonTrendTagBody('mastodon.social', 'Tides', [64, 41]), mastodonTrendTagBody('mastodon.social', 'fog', [3])]),
    );
    expect(warnings).toEqual([]);
    expect(result).toEqual([
      {
        name: 'Tides',
        url: 'https://mastodon.social/tags/tides',
        history: [
          { day: 1741219200, uses: 64, accounts: 32 },
          { day: 1741132800, uses: 41, accounts: 21 },
        ],
      },
      { name: 'fog', url: 'https://mastodon.social/tags/fog', history: [{ day: 1741219200, uses: 3, accounts: 2 }] },
    ]);
  });

  it('a trending tags answer with fields missing: each is null on its own (warned), a tag without its name left out, a day not an object left out', () => {
    const full = mastodonTrendTagBody('mastodon.social', 'tides', [5, 4]);
    const { result, warnings } = captureWarnings(() =>
      parseTrendTags([
        { ...full, url: undefined, history: [{ day: '1741219200', uses: 'many', accounts: '3' }, 'x'] },
        { url: 'https://mastodon.social/tags/x', history: [] },
        { name: '', history: [] },
        { ...full, history: undefined },
        full,
      ]),
    );
    expect(result).toEqual([
      { name: 'tides', url: null, history: [{ day: 1741219200, uses: null, accounts: 3 }] },
      { name: 'tides', url: 'https://mastodon.social/tags/tides', history: null },
      {
        name: 'tides',
        url: 'https://mastodon.social/tags/tides',
        history: [
          { day: 1741219200, uses: 5, accounts: 3 },
          { day: 1741132800, uses: 4, accounts: 2 },
        ],
      },
    ]);
    expect(warnings.map((w) => w.field).sort()).toEqual(
      [
        'trends.tags.items.url',
        'trends.tags.items.history.uses',
        'trends.tags.items.history',
        'trends.tags.items',
        'trends.tags.items',
        'trends.tags.items.history',
      ].sort(),
    );
    expect(parseTrendTags([])).toEqual([]);
    expect(() => parseTrendTags({ error: 'nope' })).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
  });

  it('something that is not a Mastodon Context → UPSTREAM_FAILED', () => {
    expect(() => parseContext([])).toThrow(/a Mastodon Context object/);
    expect(() => parseContext({ ancestors: [] })).toThrow(/context\.ancestors and context\.descendants/);
    expect(() => parseContext({ error: 'Record not found' })).toThrow(/context\.ancestors and context\.descendants/);
  });

  it('something that is not a Mastodon Account or list → UPSTREAM_FAILED', () => {
    expect(() => parseAccountList({ accounts: [] })).toThrow(/the accounts array/);
    expect(() => parseAccount({ error: 'nope' })).toThrow(/missing account\.id/);
    expect(() => parseAccount([])).toThrow(/a Mastodon Account object/);
    expect(() => parseStatuses({ statuses: [] })).toThrow(/the statuses array/);
    expect(() => parseAccountSearch([])).toThrow(/a Mastodon Search object/);
    expect(() => parseAccountSearch({ statuses: [], hashtags: [] })).toThrow(/search\.accounts/);
  });
});

describe('inputs', () => {
  it.each([
    ['schochastics@fosstodon.org', { user: 'schochastics', instance: 'fosstodon.org' }],
    ['@Alice@Mastodon.Social', { user: 'alice', instance: 'mastodon.social' }],
    ['https://fosstodon.org/@schochastics', { user: 'schochastics', instance: 'fosstodon.org' }],
    ['https://mastodon.social/users/Gargron/', { user: 'gargron', instance: 'mastodon.social' }],
    // Friendica's profile URL (its Account's url, its actor id: https://<host>/profile/<nick>).
    ['https://harbour.example/profile/Tides', { user: 'tides', instance: 'harbour.example' }],
  ])('handle %j → %j', (input, out) => expect(normalizeAcct(input)).toEqual(out));

  it.each([
    'alice',
    'alice@localhost',
    'alice@127.0.0.1',
    'alice@[::1]',
    'alice@example.com:8080',
    'https://example.com:8443/@alice',
    'https://user:pw@example.com/@alice',
    'https://example.com/@alice/123',
    'https://example.com/profile/alice/photos',
    'ftp://example.com/@alice',
    'al ice@example.com',
  ])('handle %j → null', (input) => expect(normalizeAcct(input)).toBeNull());

  it.each([
    [
      'https://mastodon.social/@HarbourWeather/113900000000000011',
      { instance: 'mastodon.social', user: 'harbourweather', id: '113900000000000011' },
    ],
    [
      'HTTPS://Mastodon.Social/@harbourweather/113900000000000011/',
      { instance: 'mastodon.social', user: 'harbourweather', id: '113900000000000011' },
    ],
    [
      ' https://fosstodon.org/users/schochastics/statuses/114620457512351116 ',
      { instance: 'fosstodon.org', user: 'schochastics', id: '114620457512351116' },
    ],
    ['https://gts.example/users/tides/statuses/01HZX5K0ABCDEF', { instance: 'gts.example', user: 'tides', id: '01HZX5K0ABCDEF' }],
    // GoToSocial's own status page (its statuses' `url`; an outside sweep: refused as INVALID_INPUT).
    [
      'https://gts.example/@Tides/statuses/01F8MH75CBF9JFX4ZAD54N0W0R',
      { instance: 'gts.example', user: 'tides', id: '01F8MH75CBF9JFX4ZAD54N0W0R' },
    ],
  ])('status url %j → %j', (input, out) => expect(normalizeStatusUrl(input)).toEqual(out));

  it.each([
    'mastodon.social/@harbourweather/113900000000000011',
    'https://mastodon.social/@harbourweather',
    'https://mastodon.social/@harbourweather/media',
    'https://mastodon.social/@harbourweather/113900000000000011?lang=en',
    'https://mastodon.social/@harbourweather@fosstodon.org/113900000000000011',
    'https://mastodon.social/@harbourweather/113900000000000011/embed',
    'https://mastodon.social/users/harbourweather/statuses/1139-0000',
    'https://gts.example/@tides/statuses/01F8MH75/embed',
    'https://gts.example/@tides/statuses/',
    'https://mastodon.social/notice/AbCdEf123',
    'https://10.0.0.5/@harbourweather/1',
    'https://mastodon.social:8443/@harbourweather/1',
    'https://localhost/@harbourweather/1',
    'ftp://mastodon.social/@harbourweather/1',
    'https://mastodon.social/@harbour%20weather/1',
  ])('status url %j → null', (input) => expect(normalizeStatusUrl(input)).toBeNull());

  it('instance and tag', () => {
    expect(normalizeInstance('Mastodon.Social.')).toBe('mastodon.social');
    expect(normalizeInstance('https://mastodon.social/')).toBe('mastodon.social');
    expect(normalizeInstance('10.0.0.1')).toBeNull();
    expect(normalizeInstance('mastodon.social/api')).toBeNull();
    expect(normalizeTag('#RStats')).toBe('rstats');
    expect(normalizeTag('日本語')).toBe('日本語');
    expect(normalizeTag('123')).toBeNull();
    expect(normalizeTag('a/b')).toBeNull();
  });
});

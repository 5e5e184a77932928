/**
 * What a monitor watches, read off the records' zod schemas: every registered operation has a
 * default it can watch (each path resolves in its record), and values, lists and changes are
 * read and compared as docs/monitors.md says.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allOperations } from '../../src/gateway.js';
import { createHash } from 'node:crypto';
import {
  LAST_VALUES_BYTES,
  carried,
  defaultWatch,
  diff,
  keptValues,
  kindOf,
  lastValuesBudget,
  pagesOf,
  snapshotOf,
  valuesOf,
} from '../../src/monitors/fields.js';
import type { AnswerKind, FieldKind } from '../../src/monitors/fields.js';
import { NCountText } from '../../src/platforms/records.js';
import { watchOf } from '../../src/monitors/run.js';
import type { RestRoute } from '../../src/rest/routes.js';

describe('monitor fields', () => {
  it('every operation has a default watch whose paths resolve in its record', () => {
    for (const op of allOperations()) {
      const watch = defaultWatch(op);
      expect(watch.length, op.rest.path).toBeGreaterThan(0);
      for (const path of watch) expect(typeof kindOf(op.record, path), `${op.rest.path} ${path}`).toBe('string');
    }
  });

  it('kinds: numbers are series, a path through or to a list is a list, anything else a value; unknown paths are refused', () => {
    const op = allOperations().find((o) => o.rest.path === '/v1/code/user')!;
    expect(kindOf(op.record, 'user.followers')).toBe('number');
    expect(kindOf(op.record, 'user.bio')).toBe('value');
    expect(kindOf(op.record, 'social_accounts.url')).toBe('list');
    expect(kindOf(op.record, 'social_accounts')).toBe('list');
    expect(kindOf(op.record, 'nope')).toEqual({ problem: 'the record has no field nope' });
    expect(kindOf(op.record, 'user..bio')).toEqual({ problem: expect.stringContaining('dotted path') });
  });

  it("a union record's fields: a path of any option resolves; the default watches what every option carries", () => {
    // A search result is a video, a channel or a playlist: each one's fields may be watched.
    const search = allOperations().find((o) => o.rest.path === '/v1/video/search')!;
    expect(kindOf(search.record, 'results.handle')).toBe('list');
    expect(kindOf(search.record, 'results.playlistId')).toBe('list');
    expect(kindOf(search.record, 'results.nope')).toEqual({ problem: 'the record has no field results.nope' });
    const post = z.object({ id: z.string(), text: z.string(), likes: z.number() });
    const trimmed = z.object({ id: z.string(), likes: z.number() });
    const op = { ...search, watch: undefined, record: z.union([post, trimmed]) };
    expect(defaultWatch(op)).toEqual(['id', 'likes']);
    expect(kindOf(op.record, 'text')).toBe('value');
    // A number or a flag (forum's `edited`) is a value, not a series.
    expect(kindOf(z.object({ edited: z.union([z.number(), z.boolean()]).nullable() }), 'edited')).toBe('value');
  });

  it('values, snapshots and changes: lists compare as sets (one change per item added or removed)', () => {
    const watch: { path: string; kind: FieldKind }[] = [
      { path: 'n', kind: 'number' },
      { path: 'bio', kind: 'value' },
      { path: 'emails.email', kind: 'list' },
    ];
    const a = valuesOf({ n: 3, bio: 'x', emails: [{ email: 'a@x.io' }, { email: 'b@x.io' }, { email: 'a@x.io' }] }, watch);
    expect(a).toEqual({ n: 3, bio: 'x', 'emails.email': ['a@x.io', 'b@x.io'] });
    const b = valuesOf({ n: 4, bio: 'x', emails: [{ email: 'b@x.io' }, { email: 'c@x.io' }] }, watch);
    expect(snapshotOf(b, watch)).toEqual({ n: 4 });
    expect(diff(null, a, watch)).toEqual([]);
    expect(diff(a, b, watch)).toEqual([
      { field: 'n', before: 3, after: 4 },
      { field: 'emails.email', before: null, after: 'c@x.io' },
      { field: 'emails.email', before: 'a@x.io', after: null },
    ]);
    // A field the previous run did not watch has no before: not a change.
    expect(diff({ n: 3 }, b, watch)).toEqual([{ field: 'n', before: 3, after: 4 }]);
  });

  it('values compare by structure: the same object with its keys in another order is no change, in a value or a list item; a list inside a value compares by order', () => {
    const watch: { path: string; kind: FieldKind }[] = [
      { path: 'location', kind: 'value' },
      { path: 'links', kind: 'list' },
    ];
    // One parser path writes {city, country}, another {country, city}: the same place.
    const a = valuesOf(
      {
        location: { city: 'Leeds', country: 'GB', tags: ['studio', 'shop'] },
        links: [
          { url: 'https://a.example', title: 'Shop' },
          { title: 'Shop', url: 'https://a.example' },
        ],
      },
      watch,
    );
    // Two items that differ only in key order are one item.
    expect(a.links).toEqual([{ url: 'https://a.example', title: 'Shop' }]);
    const b = valuesOf(
      { location: { tags: ['studio', 'shop'], country: 'GB', city: 'Leeds' }, links: [{ title: 'Shop', url: 'https://a.example' }] },
      watch,
    );
    expect(diff(a, b, watch)).toEqual([]);
    expect(carried(a, keptValues(b, watch), watch, { page: true }).links).toHaveLength(1);
    // Through the kept form too (JSON as stored), whole or hashed.
    const stored = (v: Record<string, unknown>, budget?: number) => JSON.parse(JSON.stringify(keptValues(v, watch, budget)));
    expect(diff(stored(a), b, watch)).toEqual([]);
    expect(diff(stored(a, 0), b, watch)).toEqual([]);
    // A value's own list is in order: another order is a change.
    const c = valuesOf({ location: { city: 'Leeds', country: 'GB', tags: ['shop', 'studio'] }, links: [] }, watch);
    expect(diff(a, c, watch)).toEqual([
      { field: 'location', before: a.location, after: c.location },
      { field: 'links', before: a.links && (a.links as unknown[])[0], after: null },
    ]);
  });

  it('a baseline (or a field newly watched) read partial or degraded keeps nothing of what it does not say: the next full answer is no change', () => {
    const watch: { path: string; kind: FieldKind }[] = [
      { path: 'bio', kind: 'value' },
      { path: 'links', kind: 'list' },
      { path: 'n', kind: 'number' },
    ];
    const full = valuesOf({ bio: 'Film photographer', links: ['https://a.example', 'https://b.example'], n: 12 }, watch);
    // The first run's read: the modules request failed (links empty) and the parser missed the bio.
    for (const answer of [{ partial: true, degraded: true }, { degraded: true }]) {
      const lacking = valuesOf({ bio: null, links: [], n: 12 }, watch);
      const kept = carried(null, keptValues(lacking, watch), watch, answer);
      expect(kept).toEqual({ n: 12 });
      expect(diff(kept, full, watch)).toEqual([]);
      // A field added to `watch` since, read degraded its first time: the same.
      const later = carried({ n: 12 }, keptValues(lacking, watch), watch, answer);
      expect(diff(later, full, watch)).toEqual([]);
    }
    // A full answer's own null and empty list are known: kept, and what comes later is a change.
    const known = carried(null, keptValues(valuesOf({ bio: null, links: [], n: 12 }, watch), watch), watch, {});
    expect(known).toEqual({ bio: null, links: [], n: 12 });
    expect(diff(known, full, watch)).toHaveLength(3);
  });

  it('a hash kept before hashes were canonical (of the JSON as given) still matches its value, in either key order', () => {
    const watch: { path: string; kind: FieldKind }[] = [
      { path: 'location', kind: 'value' },
      { path: 'links', kind: 'list' },
    ];
    const given = { url: 'https://a.example', title: 'Shop' };
    const json = JSON.stringify(given);
    const old = { too_large_to_keep: true, bytes: json.length, sha256: createHash('sha256').update(json).digest('hex') };
    expect(diff({ location: old, links: [old] }, { location: given, links: [given] }, watch)).toEqual([]);
    expect(diff({ location: old, links: [old] }, { location: { url: 'https://b.example', title: 'Shop' }, links: [] }, watch)).toHaveLength(
      2,
    );
  });

  it('what an answer does not say is no change: a count or list it leaves out, and in a partial answer its nulls and the items it lacks', () => {
    const watch: { path: string; kind: FieldKind }[] = [
      { path: 'n', kind: 'number' },
      { path: 'bio', kind: 'value' },
      { path: 'emails.email', kind: 'list' },
    ];
    const first = valuesOf({ n: 3, bio: 'x', emails: [{ email: 'a@x.io' }, { email: 'b@x.io' }] }, watch);
    // Left out (or null): unknown — not 0, not every item removed. An empty list is known empty.
    const blank = valuesOf({ bio: 'x', emails: null }, watch);
    expect(blank).toEqual({ n: null, bio: 'x', 'emails.email': null });
    expect(valuesOf({ n: 3, bio: 'x', emails: [] }, watch)['emails.email']).toEqual([]);
    expect(diff(first, blank, watch)).toEqual([]);
    const kept = carried(first, keptValues(blank, watch), watch);
    expect(kept).toEqual(first);
    expect(diff(kept, valuesOf({ n: 4, bio: 'x', emails: [] }, watch), watch)).toEqual([
      { field: 'n', before: 3, after: 4 },
      { field: 'emails.email', before: 'a@x.io', after: null },
      { field: 'emails.email', before: 'b@x.io', after: null },
    ]);
    // A partial answer (some scans failed): only what it adds is a change; what it lacks is kept for the next run.
    const part = valuesOf({ n: 3, bio: null, emails: [{ email: 'c@x.io' }] }, watch);
    expect(diff(first, part, watch, { partial: true })).toEqual([{ field: 'emails.email', before: null, after: 'c@x.io' }]);
    const afterPart = carried(first, keptValues(part, watch), watch, { partial: true });
    expect(afterPart).toEqual({ n: 3, bio: 'x', 'emails.email': ['c@x.io', 'a@x.io', 'b@x.io'] });
    // The full answer after it: 'b' really gone now.
    expect(diff(afterPart, valuesOf({ n: 3, bio: 'x', emails: [{ email: 'a@x.io' }, { email: 'c@x.io' }] }, watch), watch)).toEqual([
      { field: 'emails.email', before: 'b@x.io', after: null },
    ]);
    // Not partial: a text that became null is a change (the address made private).
    expect(diff(first, { ...first, bio: null }, watch)).toEqual([{ field: 'bio', before: 'x', after: null }]);
  });

  it('a list first read partial is known only in part: the items it never saw are not added when a later answer has them; what it saw and is gone is removed', () => {
    const watch: { path: string; kind: FieldKind }[] = [
      { path: 'emails.email', kind: 'list' },
      { path: 'bio', kind: 'value' },
    ];
    const v = (emails: string[] | null, bio = 'x') => valuesOf({ bio, emails: emails && emails.map((email) => ({ email })) }, watch);
    /** Runs over these answers in turn (each kept as stored: JSON), the changes of each as [before, after]. */
    const runs = (answers: [Record<string, unknown>, AnswerKind][]) => {
      let kept: Record<string, unknown> | null = null;
      return answers.map(([values, answer]) => {
        const changes = diff(kept, values, watch, answer).map((c) => [c.before, c.after]);
        kept = JSON.parse(JSON.stringify(carried(kept, keptValues(values, watch), watch, answer))) as Record<string, unknown>;
        return changes;
      });
    };
    const partial = { partial: true };
    // The baseline's scan of two pages failed: b and c never seen. The next full answer adds nothing;
    // then c goes (seen, now gone: removed) and d comes (after a full answer: added).
    expect(
      runs([
        [v(['a'], 'x'), partial],
        [v(['a', 'b', 'c']), {}],
        [v(['a', 'b']), {}],
        [v(['a', 'b', 'd']), {}],
      ]),
    ).toEqual([[], [], [['c', null]], [[null, 'd']]]);
    // Partial after partial: still known only in part (c may be one never seen), until a full answer.
    expect(
      runs([
        [v(['a', 'b']), partial],
        [v(['a', 'c']), partial],
        [v(['a', 'b', 'c', 'e']), {}],
        [v(['a', 'b', 'c', 'e', 'f']), {}],
      ]),
    ).toEqual([[], [], [], [[null, 'f']]]);
    // Seen by the partial baseline and gone from the next full answer: removed, and its newcomer not added.
    expect(
      runs([
        [v(['a', 'x']), partial],
        [v(['a', 'b']), {}],
      ]),
    ).toEqual([[], [['x', null]]]);
    // Look-alikes that are additions: a partial answer after a full baseline (the list was known
    // whole), and a list the partial baseline did not carry at all (unknown, then the full answer is
    // the first: no change either way).
    expect(
      runs([
        [v(['a']), {}],
        [v(['a', 'b']), partial],
        [v(['a', 'b', 'c']), {}],
      ]),
    ).toEqual([[], [[null, 'b']], [[null, 'c']]]);
    expect(
      runs([
        [v(null), partial],
        [v(['a', 'b']), {}],
        [v(['a', 'b', 'c']), {}],
      ]),
    ).toEqual([[], [], [[null, 'c']]]);
    // A partial answer that says nothing of the list keeps it known only in part.
    expect(
      runs([
        [v(['a']), partial],
        [v(null), partial],
        [v(['a', 'b']), {}],
        [v(['a', 'b', 'c']), {}],
      ]),
    ).toEqual([[], [], [], [[null, 'c']]]);
  });

  it("a page of a longer list is told by the record schema's page members, top-level or nested beside the list (page_info.end_cursor, pagination.next); a list they do not page is compared whole", () => {
    const op = (path: string) => allOperations().find((o) => o.rest.path === path)!;
    // A profile's first posts, with Instagram's page_info beside them; its bio links are the whole list.
    const profile = op('/v1/social-b/profile');
    const posts = 'data.user.edge_owner_to_timeline_media.edges.node.shortcode';
    const watch: { path: string; kind: FieldKind }[] = [
      { path: posts, kind: 'list' },
      { path: 'data.user.bio_links.url', kind: 'list' },
    ];
    for (const w of watch) expect(kindOf(profile.record, w.path)).toBe('list');
    const user = (codes: string[], links: string[], pageInfo: unknown) => ({
      data: {
        user: {
          bio_links: links.map((url) => ({ url })),
          edge_owner_to_timeline_media: { count: 40, page_info: pageInfo, edges: codes.map((shortcode) => ({ node: { shortcode } })) },
        },
      },
    });
    const more = { has_next_page: true, end_cursor: 'QVFCdGVzdA==' };
    expect([...pagesOf(profile.record, user(['a'], [], more), watch)]).toEqual([posts]);
    // The flag decides where there is one: the last page (a cursor still sent) is no page.
    expect([...pagesOf(profile.record, user(['a'], [], { has_next_page: false, end_cursor: 'QVFCdGVzdA==' }), watch)]).toEqual([]);
    // A new post pushed the oldest past the first page: one post added, none removed; a bio link gone is removed.
    const first = valuesOf(user(['c3', 'c2', 'c1'], ['https://a.example', 'https://b.example'], more), watch);
    const nextRecord = user(['c4', 'c3', 'c2'], ['https://a.example'], more);
    const answer = { page: pagesOf(profile.record, nextRecord, watch) };
    expect(diff(first, valuesOf(nextRecord, watch), watch, answer)).toEqual([
      { field: posts, before: null, after: 'c4' },
      { field: 'data.user.bio_links.url', before: 'https://b.example', after: null },
    ]);
    // On the last page an item gone is removed.
    const last = user(['c3', 'c2'], ['https://a.example', 'https://b.example'], { has_next_page: false, end_cursor: null });
    expect(diff(first, valuesOf(last, watch), watch, { page: pagesOf(profile.record, last, watch) })).toEqual([
      { field: posts, before: 'c1', after: null },
    ]);

    // Made-up records (no capture pages this way): a `pagination` object of page members says
    // its holder (here the record) is a page, every list in it; an object with a list of its own
    // and a token pages the lists in it only; a list item's own cursor, a flag-like text and a
    // member named `next` that is an object are no page members.
    const Str = z.string();
    const schema = z.object({
      pagination: z.object({ next: Str.nullable(), total: z.number() }),
      items: z.array(z.object({ id: Str, replies_cursor: Str.nullable(), cursor: Str.nullable() })),
      profile: z.object({ next: Str.nullable(), links: z.array(Str) }),
      tags: z.array(Str),
      related: z.object({ next: z.object({ url: Str }), has_more: Str, videos: z.array(Str) }),
    });
    const lists: { path: string; kind: FieldKind }[] = ['items.id', 'profile.links', 'tags', 'related.videos'].map((path) => ({
      path,
      kind: 'list',
    }));
    const record = (next: string | null, profileNext: string | null, itemCursor: string | null) => ({
      pagination: { next, total: 9 },
      items: [{ id: '1', replies_cursor: 'r', cursor: itemCursor }],
      profile: { next: profileNext, links: [] },
      tags: [],
      related: { next: { url: 'https://x.example/2' }, has_more: 'yes', videos: [] },
    });
    expect([...pagesOf(schema, record('p2', null, 'i2'), lists)]).toEqual(['items.id', 'profile.links', 'tags', 'related.videos']);
    expect([...pagesOf(schema, record(null, null, 'i2'), lists)]).toEqual([]);
    expect([...pagesOf(schema, record(null, 'n', null), lists)]).toEqual(['profile.links']);
    // A top-level token pages every list of the record (/v1/video/videos' cursor), as before.
    const videos = op('/v1/video/videos');
    expect([...pagesOf(videos.record, { videos: [], cursor: 'tok' }, [{ path: 'videos.url', kind: 'list' }])]).toEqual(['videos.url']);
    expect([...pagesOf(videos.record, { videos: [], cursor: null }, [{ path: 'videos.url', kind: 'list' }])]).toEqual([]);
  });

  it("a watched path the record's schema no longer has (renamed or removed by an upgrade) is not read: no false 'removed', the other fields compared as before", () => {
    const op = allOperations().find((o) => o.rest.path === '/v1/code/user')!;
    const route = { op } as unknown as RestRoute;
    // Made by a version whose record had `organisation` and each social account's `handle` (made
    // up: the record is strict there, its `user` object passes any member through).
    const watch = watchOf({ watch: JSON.stringify(['user.bio', 'organisation', 'social_accounts.handle', 'user.followers']) }, route);
    expect(watch).toEqual([
      { path: 'user.bio', kind: 'value' },
      { path: 'user.followers', kind: 'number' },
    ]);
    const last = { 'user.bio': 'Tools for potters.', organisation: 'Octo Ltd', 'social_accounts.handle': ['octo'], 'user.followers': 340 };
    const now = valuesOf({ user: { bio: 'Tools for potters.', followers: 341 }, social_accounts: [] }, watch);
    expect(diff(last, now, watch)).toEqual([{ field: 'user.followers', before: 340, after: 341 }]);
  });

  it('a count and the same count rounded as platforms show it ("1.2M", "551K") are no change; the exact one is kept', () => {
    const watch: { path: string; kind: FieldKind }[] = [{ path: 'n', kind: 'number' }];
    const moved = (a: number, b: number) => diff({ n: a }, { n: b }, watch).length;
    expect(moved(1_234_567, 1_200_000)).toBe(0);
    expect(moved(1_200_000, 1_234_567)).toBe(0);
    expect(moved(551_499, 551_000)).toBe(0);
    expect(moved(1_234_567, 1_300_000)).toBe(1);
    expect(moved(1_200_000, 1_300_000)).toBe(1);
    expect(moved(340, 345)).toBe(1);
    // Both look rounded (a made-up world's round numbers, or two roundings): compared as they are.
    expect(moved(10_000, 12_000)).toBe(1);
    expect(moved(1_000, 1_500)).toBe(1);
    expect(moved(1_230_000, 1_200_000)).toBe(1);
    expect(moved(999, 1_000)).toBe(1);
    expect(moved(1_234_567, 1_234_568)).toBe(1);
    expect(carried({ n: 1_234_567 }, { n: 1_200_000 }, watch)).toEqual({ n: 1_234_567 });
    expect(carried({ n: 1_200_000 }, { n: 1_234_567 }, watch)).toEqual({ n: 1_234_567 });
  });

  it('a count the record carries as a text ("1.2M subscribers": the schema says so, NCountText) compares as the count it shows, within the precision of each text', () => {
    // The schema decides, not the name: a video channel's count texts are counts; the same name
    // in a record whose schema does not say so, and another text of the channel, are values.
    const channel = allOperations().find((o) => o.rest.path === '/v1/video/channel')!;
    expect(kindOf(channel.record, 'subscriberCountText')).toBe('count');
    expect(kindOf(channel.record, 'videoCountText')).toBe('count');
    expect(kindOf(channel.record, 'joinedDateText')).toBe('value');
    expect(kindOf(channel.record, 'subscriberCount')).toBe('number');
    expect(kindOf(z.object({ subscriberCountText: z.string().nullable() }), 'subscriberCountText')).toBe('value');
    const described = z.object({ fans: NCountText.describe('As shown: "1.2K fans"'), label: z.string() });
    expect(kindOf(described, 'fans')).toBe('count');
    expect(kindOf(described, 'label')).toBe('value');

    const watch: { path: string; kind: FieldKind }[] = [
      { path: 'subs', kind: 'count' },
      { path: 'label', kind: 'value' },
    ];
    const moved = (a: string, b: string) => diff({ subs: a }, { subs: b }, watch).length;
    // Precision changes: what the shorter text stands for holds the longer one.
    expect(moved('1.2M subscribers', '1.23M subscribers')).toBe(0);
    expect(moved('1.23M subscribers', '1.2M subscribers')).toBe(0);
    expect(moved('1.2M subscribers', '1,234,567 subscribers')).toBe(0);
    expect(moved('1M subscribers', '1.23M subscribers')).toBe(0);
    expect(moved('1,2 M abonnés', '1.23M subscribers')).toBe(0);
    expect(moved('1.2万人', '1.23万人')).toBe(0);
    expect(moved('120만명', '121만명')).toBe(1);
    // Moved beyond what the texts can express, or two texts of one precision: a change.
    expect(moved('1.2M subscribers', '1.31M subscribers')).toBe(1);
    expect(moved('1.2M subscribers', '1.3M subscribers')).toBe(1);
    expect(moved('1.23M subscribers', '1.25M subscribers')).toBe(1);
    expect(moved('551K subscribers', '552K subscribers')).toBe(1);
    expect(moved('1,234,567 views', '1,234,568 views')).toBe(1);
    expect(moved('1.2M subscribers', '12M subscribers')).toBe(1);
    // A text that reads as no count is compared as the text it is.
    expect(moved('N/A', '1.2M subscribers')).toBe(1);
    expect(moved('Members only', 'Members only')).toBe(0);
    // The same texts in a field the schema does not call a count: compared as texts.
    expect(diff({ label: '1.2M' }, { label: '1.23M' }, watch)).toEqual([{ field: 'label', before: '1.2M', after: '1.23M' }]);
    // The more precise text is kept for the next run, whichever came first.
    expect(carried({ subs: '1.23M subscribers' }, { subs: '1.2M subscribers' }, watch).subs).toBe('1.23M subscribers');
    expect(carried({ subs: '1.2M subscribers' }, { subs: '1.23M subscribers' }, watch).subs).toBe('1.23M subscribers');
    // Kept '1.23M', a later '1.24M' is a move within the precision shown: a change.
    expect(moved('1.23M subscribers', '1.24M subscribers')).toBe(1);
    // Left out (null): unknown, like a number.
    expect(diff({ subs: '1.2M subscribers' }, { subs: null }, watch)).toEqual([]);
  });

  describe('what a monitor keeps for its next run (keptValues, LAST_VALUES_BYTES)', () => {
    const watch: { path: string; kind: FieldKind }[] = [
      { path: 'bio', kind: 'value' },
      { path: 'posts', kind: 'list' },
    ];
    /** Runs over these records in turn, each compared with the previous one's values as stored (JSON); the changes of each. */
    function runs(records: unknown[]) {
      let kept: Record<string, unknown> | null = null;
      const out: unknown[] = [];
      for (const r of records) {
        const values = valuesOf(r, watch);
        out.push(diff(kept, values, watch));
        const json = JSON.stringify(keptValues(values, watch));
        expect(json.length).toBeLessThanOrEqual(LAST_VALUES_BYTES + 1024);
        kept = JSON.parse(json) as Record<string, unknown>;
      }
      return out;
    }
    const big = (c: string) => c.repeat(LAST_VALUES_BYTES + 10);
    const marker = (v: unknown) => ({ too_large_to_keep: true, bytes: JSON.stringify(v).length });

    it('a value crossing the size either way between runs is one change; one that stays (whole or hashed) is none', () => {
      expect(runs([{ bio: 'short' }, { bio: big('a') }, { bio: big('a') }, { bio: big('b') }, { bio: 'short' }, { bio: 'short' }])).toEqual(
        [
          [],
          [{ field: 'bio', before: 'short', after: big('a') }],
          [],
          [{ field: 'bio', before: marker(big('a')), after: big('b') }],
          [{ field: 'bio', before: marker(big('b')), after: 'short' }],
          [],
        ],
      );
    });

    it("a monitor's budget is the smaller of LAST_VALUES_BYTES and its share of half its key's quota: what does not fit is a hash", () => {
      expect(lastValuesBudget({ keyQuotaBytes: 64 * 1024 * 1024, maxPerKey: 100 })).toBe(Math.floor((64 * 1024 * 1024) / 2 / 100));
      expect(lastValuesBudget({ keyQuotaBytes: 512 * 1024 * 1024, maxPerKey: 10 })).toBe(LAST_VALUES_BYTES);
      const budget = lastValuesBudget({ keyQuotaBytes: 2 * 1024 * 1024, maxPerKey: 10 }); // 104,857 bytes
      const text = (n: number) => 'k'.repeat(n);
      expect(keptValues({ bio: text(100_000) }, watch, budget).bio).toBe(text(100_000));
      expect(keptValues({ bio: text(110_000) }, watch, budget).bio).toEqual({ ...marker(text(110_000)), sha256: expect.any(String) });
    });

    it('a list keeps its first items whole, the large ones past the bound as hashes: items compared by either, none lost or invented', () => {
      const item = (c: string) => c.repeat(LAST_VALUES_BYTES * 0.6);
      const values = valuesOf({ posts: [item('a'), item('b'), item('c'), 'x'] }, watch);
      const kept = keptValues(values, watch).posts as unknown[];
      expect(kept[0]).toBe(item('a'));
      expect(kept.slice(1, 3)).toEqual([
        { ...marker(item('b')), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
        { ...marker(item('c')), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ]);
      expect(kept[3]).toBe('x');
      expect(
        runs([
          { posts: [item('a'), item('b'), item('c'), 'x'] },
          { posts: [item('a'), item('b'), item('c'), 'x'] },
          { posts: [item('b'), 'x', item('d')] },
          { posts: [item('b'), 'x', item('d')] },
        ]),
      ).toEqual([
        [],
        [],
        [
          { field: 'posts', before: null, after: item('d') },
          { field: 'posts', before: item('a'), after: null },
          { field: 'posts', before: marker(item('c')), after: null },
        ],
        [],
      ]);
    });

    it("a record's own value shaped like a kept hash is kept as one itself: never read as another value's hash", () => {
      // An upstream value that claims to be the hash of "short": kept whole, the next run's "short"
      // would have compared equal to it (a change lost).
      const lookalike = { too_large_to_keep: true, bytes: 7, sha256: createHash('sha256').update('"short"').digest('hex') };
      expect(runs([{ bio: lookalike }, { bio: 'short' }, { bio: lookalike }, { bio: lookalike }])).toEqual([
        [],
        [{ field: 'bio', before: marker(lookalike), after: 'short' }],
        [{ field: 'bio', before: 'short', after: lookalike }],
        [],
      ]);
    });
  });
});

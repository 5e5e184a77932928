import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseArtist, parseHydratedUser, parsePlaylistPage } from '../../src/platforms/audio-c/parse.js';
import * as schema from '../../src/platforms/audio-c/schema.js';
import { embedded, type RecordSpec } from './engine.js';
import { mutationTest } from './suite.js';

const LABEL = 'audio-c';

/** The artist record's identity, in the api-v2 user object and in a page's `user` hydratable alike. */
const identity: RecordSpec['identity'] = {
  id: 'the numeric user id: the record is that account',
  // A resolved object of another kind (a track, a playlist) is not an artist: NOT_FOUND, never data.
  kind: { why: 'user: the resolved object is an account', codes: ['NOT_FOUND'] },
};
const quiet = {
  date_of_birth: 'only some accounts state one (r.opt)',
  creator_subscription: 'only subscribers carry it (r.opt)',
  creator_subscriptions: 'only subscribers carry it (r.opt)',
  'badges.creator_mid_tier': 'absent from older badge shapes (the 2023 set page): r.opt',
};

describe.skipIf(!hasFixtures(LABEL))(`audio-c mutations (${skipReason(LABEL)})`, () => {
  mutationTest({
    name: 'artist api-v2-user-liluzivert.json',
    platform: LABEL,
    load: () => JSON.parse(readFixture(LABEL, 'api-v2-user-liluzivert.json')),
    parse: (doc) => parseArtist(doc, 'liluzivert'),
    schema: schema.AudioCArtist,
    source: [],
    identity,
    quiet,
  });

  // The same record from a page's `window.__sc_hydration` script (JSON embedded in HTML).
  const PAGE = 'set-page-sc-hydration-soundcloud-i-am-other-vol-2.html';
  let cached: ReturnType<typeof embedded> | undefined;
  const page = () => (cached ??= embedded(readFixture(LABEL, PAGE), /window\.__sc_hydration = /, /;<\/script>/));
  mutationTest({
    name: `artist from the user hydratable of ${PAGE}`,
    platform: LABEL,
    load: () => page().json as { hydratable: string }[],
    parse: (doc) => parseHydratedUser(page().with(doc)),
    schema: schema.AudioCArtist,
    source: (doc) => [doc.findIndex((e) => e.hydratable === 'user'), 'data'],
    identity,
    quiet,
  });

  // The set record from the same page's `playlist` hydratable: its creator (the artist record) and
  // its tracks (5 full track objects, 15 id-only stubs) nested.
  mutationTest({
    name: `playlist from the playlist hydratable of ${PAGE}`,
    platform: LABEL,
    load: () => page().json as { hydratable: string }[],
    parse: (doc) => parsePlaylistPage(page().with(doc)),
    schema: schema.AudioCPlaylist,
    source: (doc) => [doc.findIndex((e) => e.hydratable === 'playlist'), 'data'],
    identity: {
      id: 'the numeric playlist id: the record is that set',
      kind: { why: 'playlist: an object of another kind is not a set', codes: ['NOT_FOUND'] },
    },
    nested: {
      user: { identity: ['user.id', 'user.kind'], why: 'the creator is that account by its id (an object of another kind is none)' },
      'tracks.*.user': { identity: ['tracks.*.user.id'], why: "a track's uploader is that account by its id" },
    },
    quiet: Object.fromEntries(Object.entries(quiet).map(([k, why]) => [`user.${k}`, why])),
  });
});

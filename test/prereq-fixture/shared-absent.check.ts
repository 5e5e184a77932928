// Suites that read ../shared (captures and a peer example), run with SHARED_FIXTURES_DIR pointing nowhere.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, hasFixtures, hasPeerExample, skipReason } from '../support/fixtures.js';

describe.skipIf(!hasFixtures('audio-a'))(`audio-a captures (${skipReason('audio-a')})`, () => {
  it('reads a capture', () => expect(hasFixtures('audio-a')).toBe(true));
});

describe.skipIf(!hasPeerExample(join(FIXTURES_DIR, '..', 'reference', 'peer-examples', 'audio-a_podcast.json')))('peer example', () => {
  it('compares', () => expect(true).toBe(true));
});

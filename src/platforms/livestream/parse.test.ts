/**
 * livestream parser on the real capture (../shared/fixtures/livestream/, facts from its
 * SOURCES.md; read in place: each top-level value is one v2 channel body) and on answers of our
 * own (said so).
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { normalizeSlug, parseChannel } from './parse.js';
import { LivestreamChannel } from './schema.js';

const LABEL = 'livestream';

describe.skipIf(!hasFixtures(LABEL))(`livestream capture (${skipReason(LABEL)})`, () => {
  const bodies = () => JSON.parse(readFixture(LABEL, 'api-v2-channels-ac7ionman-2023-11-26.test-results.json')) as Record<string, unknown>;

  it('ac7ionman: ids, followers, bio and links, chat mode; no playback token or viewer state', () => {
    const { result: c, warnings } = captureWarnings(() => parseChannel(bodies().ac7ionman));
    expect(warnings).toEqual([]);
    expect(c).toMatchObject({
      id: 1209488,
      user_id: 1251175,
      slug: 'ac7ionman',
      followers_count: 101409,
      verified: true,
      livestream: null,
    });
    expect(c.user).toMatchObject({ bio: 'THE BEST', discord: 'https://discord.com/invite/ac7ionman', instagram: 'ac7ionman', youtube: '' });
    expect(c.recent_categories.map((x) => x.name)).toEqual(['Just Chatting']);
    expect(c.chatroom).toMatchObject({ chat_mode: 'followers_only', slow_mode: false });
    for (const k of ['playback_url', 'role', 'muted']) expect(c).not.toHaveProperty(k);
    expect(c.user).not.toHaveProperty('email_verified_at');
    expect(LivestreamChannel.parse(c)).toEqual(c);
  });

  it('a made-up slug resolved to a real dormant account: a channel like any other (why the slug alone proves nothing)', () => {
    const c = parseChannel(bodies().invalidUsername);
    expect(c.slug).toBe('invalidusername');
  });
});

// Our own answers (no capture shows these).
describe('livestream parser, degraded answers (our own)', () => {
  it('no id or slug → changed shape; a missing usual field → null plus a warning', () => {
    expect(() => parseChannel({ slug: 'x' })).toThrow(/missing channel\.id/);
    expect(() => parseChannel({ id: 1 })).toThrow(/missing channel\.slug/);
    expect(() => parseChannel('<html>')).toThrow(/the channel object/);
    const { result, warnings } = captureWarnings(() =>
      parseChannel({ id: 1, slug: 'tides', user_id: 2, is_banned: false, user: { id: 2, username: 'Tides', bio: null } }),
    );
    expect(result).toMatchObject({ followers_count: null, user: { bio: null, twitter: null } });
    expect(warnings.map((w) => w.field)).toEqual(['channel.followers_count']);
  });
});

describe('normalizeSlug', () => {
  it.each([
    ['Ac7ionMan', 'ac7ionman'],
    ['https://kick.com/ac7ionman', 'ac7ionman'],
    ['kick.com/some-one/', 'some-one'],
  ])('%j → %j', (i, o) => expect(normalizeSlug(i)).toBe(o));
  it.each(['', 'a b', 'https://kick.com/a/videos', 'https://evil.example/ac7ionman', '-x'])('%j → null', (i) =>
    expect(normalizeSlug(i)).toBeNull(),
  );
});

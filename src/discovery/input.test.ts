import { describe, expect, it } from 'vitest';
import { looksLikeProfileUrl, parseSourceHandle, sourceKey } from './input.js';

const ok = (p: Parameters<typeof parseSourceHandle>[0], h: string) => {
  const r = parseSourceHandle(p, h);
  if (!r.ok) throw new Error(r.message);
  return r.ref;
};

describe('source handles', () => {
  it('leading @ optional, case folded, per platform rules', () => {
    expect(ok('social-b', '@NightOwl.Ceramics')).toEqual({ platform: 'social-b', handle: 'nightowl.ceramics' });
    expect(ok('shortvideo', 'Huxley.Puppy')).toEqual({ platform: 'shortvideo', handle: 'huxley.puppy' });
    expect(ok('microblog-b', '@XDevelopers')).toEqual({ platform: 'microblog-b', handle: 'xdevelopers' });
    expect(ok('microblog-b-alias', 'XDevelopers')).toEqual({ platform: 'microblog-b', handle: 'xdevelopers' });
    expect(ok('social-a', 'HarbourHallTest')).toEqual({ platform: 'social-a', handle: 'harbourhalltest' });
    expect(ok('social-a', '100070000000001')).toEqual({ platform: 'social-a', handle: '100070000000001' });
  });

  it('video: a handle or a channel id (kept as written)', () => {
    expect(ok('video', '@NightOwlWorkshop')).toEqual({
      platform: 'video',
      handle: 'nightowlworkshop',
      channel: { kind: 'handle', handle: 'nightowlworkshop' },
    });
    expect(ok('video', 'UCn1ghtOw1W0rkSh0pTest01')).toEqual({
      platform: 'video',
      handle: 'UCn1ghtOw1W0rkSh0pTest01',
      channel: { kind: 'id', id: 'UCn1ghtOw1W0rkSh0pTest01' },
    });
  });

  it('a profile URL is refused on every platform', () => {
    for (const [p, h] of [
      ['social-b', 'https://www.instagram.com/megadeth/'],
      ['social-b', 'instagram.com/megadeth'],
      ['social-b', 'www.instagram.com'],
      ['shortvideo', 'tiktok.com/@x'],
      ['video', 'https://www.youtube.com/channel/UCn1ghtOw1W0rkSh0pTest01'],
      ['video', 'youtu.be/abc'],
      ['microblog-b', 'x.com/jack'],
      ['social-a', 'facebook.com/page'],
    ] as const) {
      const r = parseSourceHandle(p, h);
      expect(r.ok, `${p} ${h}`).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/not a profile URL/);
    }
    expect(looksLikeProfileUrl('nightowl.ceramics')).toBe(false);
    expect(looksLikeProfileUrl('fax.com')).toBe(false);
  });

  it('handles a platform cannot have are refused with its rule', () => {
    expect(parseSourceHandle('microblog-b', 'has.dot')).toMatchObject({ ok: false, message: expect.stringMatching(/screen name/) });
    expect(parseSourceHandle('shortvideo', 'a')).toMatchObject({ ok: false });
    expect(parseSourceHandle('social-b', 'white space')).toMatchObject({ ok: false });
  });

  it('cache keys: every spelling shares one; the platform spelling is kept (it is echoed)', () => {
    expect(sourceKey('social-b', ok('social-b', '@A.B'))).toBe(sourceKey('social-b', ok('social-b', 'a.b')));
    expect(sourceKey('microblog-b-alias', ok('microblog-b-alias', 'jack'))).not.toBe(sourceKey('microblog-b', ok('microblog-b', 'jack')));
    expect(sourceKey('video', ok('video', '@Name'))).toBe('video|handle:name');
  });
});

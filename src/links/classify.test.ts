import { describe, expect, it } from 'vitest';
import { PLATFORM_LINKS } from '../platforms/links.js';
import type { PlatformDefinition } from '../platforms/definition.js';
import { platforms, validateLinks } from '../platforms/registry.js';
import { classifyLink, isLinkInBioHost, isShortener, isStorefront, PLATFORM_NAMES, platformUrlFields, unwrapRedirect } from './classify.js';

describe('classifyLink: platform and handle', () => {
  // [url, platform, handle]
  it.each<[string, string, string | null]>([
    // social-a (facebook)
    ['https://www.facebook.com/nike', 'social-a', 'nike'],
    ['https://facebook.com/myprofile', 'social-a', 'myprofile'],
    ['https://m.facebook.com/some.page-name/', 'social-a', 'some.page-name'],
    ['https://www.facebook.com/profile.php?id=100012345678', 'social-a', '100012345678'],
    ['https://www.facebook.com/people/Jane-Doe/100087654321/', 'social-a', '100087654321'],
    ['https://www.facebook.com/pg/acmeband/about', 'social-a', 'acmeband'],
    ['https://fb.com/acme', 'social-a', 'acme'],
    ['https://www.facebook.com/groups/123456', 'social-a', null],
    ['https://www.facebook.com/events/987654321', 'social-a', null],
    ['https://www.facebook.com/watch/?v=1', 'social-a', null],
    ['https://www.facebook.com/sharer/sharer.php?u=x', 'social-a', null],
    ['https://www.facebook.com/', 'social-a', null],
    // social-b (instagram)
    ['https://instagram.com/miguel.angeles_', 'social-b', 'miguel.angeles_'],
    ['https://www.instagram.com/nightowlband/?hl=en', 'social-b', 'nightowlband'],
    ['https://instagr.am/short', 'social-b', 'short'],
    ['https://www.instagram.com/_u/deeplinked', 'social-b', 'deeplinked'],
    ['https://www.instagram.com/p/CxYz123/', 'social-b', null],
    ['https://www.instagram.com/reel/CxYz123/', 'social-b', null],
    ['https://www.instagram.com/stories/someone/123/', 'social-b', null],
    ['https://www.instagram.com/explore/tags/music/', 'social-b', null],
    ['https://www.instagram.com/accounts/login/', 'social-b', null],
    // shortvideo (tiktok)
    ['https://www.tiktok.com/@irl.angel', 'shortvideo', 'irl.angel'],
    ['https://tiktok.com/@someone/video/7212345678901234567', 'shortvideo', 'someone'],
    ['https://www.tiktok.com/tag/music', 'shortvideo', null],
    ['https://vm.tiktok.com/ZMabc123/', 'shortvideo', null],
    // video (youtube)
    ['https://www.youtube.com/@MrBeast', 'video', 'MrBeast'],
    ['https://youtube.com/@night.owl-band/videos', 'video', 'night.owl-band'],
    ['https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA', 'video', 'UCX6OQ3DkcsbYNE6H8uQQuVA'],
    ['https://www.youtube.com/c/SomeCustomName', 'video', 'SomeCustomName'],
    ['https://www.youtube.com/user/oldusername', 'video', 'oldusername'],
    ['https://www.youtube.com/legacyvanity', 'video', 'legacyvanity'],
    ['https://m.youtube.com/@mobile', 'video', 'mobile'],
    ['https://music.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA', 'video', 'UCX6OQ3DkcsbYNE6H8uQQuVA'],
    ['https://www.youtube.com/watch?v=xiFUzOJaiC4', 'video', null],
    ['https://www.youtube.com/shorts/abcdefghijk', 'video', null],
    ['https://www.youtube.com/playlist?list=PL123', 'video', null],
    ['https://youtu.be/xiFUzOJaiC4', 'video', null],
    ['https://www.youtube.com/channel/not-a-channel-id', 'video', null],
    // microblog-a (truth social)
    ['https://truthsocial.com/@realSomeone', 'microblog-a', 'realSomeone'],
    ['https://truthsocial.com/@someone/posts/1122334455', 'microblog-a', 'someone'],
    ['https://truthsocial.com/group/abc', 'microblog-a', null],
    // microblog-b (x / twitter)
    ['https://x.com/jack', 'microblog-b', 'jack'],
    ['https://twitter.com/sometwitteruser', 'microblog-b', 'sometwitteruser'],
    ['https://mobile.twitter.com/Some_User/status/123', 'microblog-b', 'Some_User'],
    ['https://x.com/home', 'microblog-b', null],
    ['https://x.com/i/lists/123', 'microblog-b', null],
    ['https://twitter.com/intent/tweet?text=hi', 'microblog-b', null],
    ['https://twitter.com/share?url=x', 'microblog-b', null],
    ['https://x.com/search?q=x', 'microblog-b', null],
    ['https://x.com/hashtag/music', 'microblog-b', null],
    ['https://x.com/waytoolonghandle123', 'microblog-b', null],
    // microblog-c (threads)
    ['https://www.threads.net/@zuck', 'microblog-c', 'zuck'],
    ['https://www.threads.com/@some.one/post/C1', 'microblog-c', 'some.one'],
    // professional (linkedin)
    ['https://www.linkedin.com/in/jane-doe-123/', 'professional', 'jane-doe-123'],
    ['https://uk.linkedin.com/in/someone', 'professional', 'someone'],
    ['https://www.linkedin.com/company/acme-inc', 'professional', 'acme-inc'],
    ['https://www.linkedin.com/feed/update/urn:li:activity:1/', 'professional', null],
    // audio-a (spotify)
    ['https://open.spotify.com/artist/14xRX3JR8H4RWh8R7V3fvZ?si=EgRx', 'audio-a', '14xRX3JR8H4RWh8R7V3fvZ'],
    ['https://open.spotify.com/intl-de/artist/14xRX3JR8H4RWh8R7V3fvZ', 'audio-a', '14xRX3JR8H4RWh8R7V3fvZ'],
    ['https://open.spotify.com/user/spotify', 'audio-a', 'spotify'],
    ['https://open.spotify.com/album/0pgrg7phBbnwGJ2HBEl9EG', 'audio-a', null],
    ['https://open.spotify.com/track/62HnBMEdZjeFCd2T8g37T8', 'audio-a', null],
    ['https://spotify.link/AbCdEf', 'audio-a', null],
    // audio-b (apple music)
    ['https://music.apple.com/ca/artist/miguel-angeles/1209423162', 'audio-b', '1209423162'],
    ['https://music.apple.com/us/artist/1209423162', 'audio-b', '1209423162'],
    ['https://itunes.apple.com/us/artist/someone/id909253', 'audio-b', '909253'],
    ['https://music.apple.com/us/album/some-album/1440000000', 'audio-b', null],
    // audio-c (soundcloud)
    ['https://soundcloud.com/miguelangeles', 'audio-c', 'miguelangeles'],
    ['https://soundcloud.com/miguelangeles/sets/irl-angel-vibes', 'audio-c', 'miguelangeles'],
    ['https://m.soundcloud.com/some-artist', 'audio-c', 'some-artist'],
    ['https://soundcloud.com/discover', 'audio-c', null],
    ['https://on.soundcloud.com/AbCd', 'audio-c', null],
    // forum (reddit)
    ['https://www.reddit.com/user/spez', 'forum', 'spez'],
    ['https://old.reddit.com/u/some_user/', 'forum', 'some_user'],
    ['https://www.reddit.com/r/music', 'forum', null],
    // pinboard (pinterest)
    ['https://www.pinterest.com/someuser/', 'pinboard', 'someuser'],
    ['https://www.pinterest.co.uk/someuser/boards/', 'pinboard', 'someuser'],
    ['https://pinterest.de/deutschuser', 'pinboard', 'deutschuser'],
    ['https://www.pinterest.com/pin/123456/', 'pinboard', null],
    ['https://pin.it/abc', 'pinboard', null],
    // code (github)
    ['https://github.com/torvalds', 'code', 'torvalds'],
    ['https://github.com/octokit/octokit.js', 'code', 'octokit'],
    ['https://github.com/features/actions', 'code', null],
    // moodboard (cosmos)
    ['https://www.cosmos.so/moodmaker', 'moodboard', 'moodmaker'],
    ['https://www.cosmos.so/e/123456', 'moodboard', null],
    // retail-shop and amazon
    ['https://www.amazon.com/shop/somecreator', 'retail-shop', 'somecreator'],
    ['https://www.amazon.co.uk/shop/ukcreator?ref=x', 'retail-shop', 'ukcreator'],
    ['https://www.amazon.com/dp/B000123', 'amazon', null],
    ['https://amzn.to/3abcDEF', 'amazon', null],
    ['https://music.amazon.com/artists/B000QJQ5SO/someone', 'amazon_music', 'B000QJQ5SO'],
    // the five link pages
    ['https://link.me/someone', 'linkpage-a', 'someone'],
    ['https://linktr.ee/kaiserlol', 'linkpage-b', 'kaiserlol'],
    ['https://linktr.ee/login', 'linkpage-b', null],
    ['https://alice.komi.io', 'linkpage-c', 'alice'],
    ['https://alice.komi.io/links', 'linkpage-c', 'alice'],
    ['https://komi.io', 'linkpage-c', null],
    ['https://www.komi.io/pricing', 'linkpage-c', null],
    ['https://komi.io/ksi', 'linkpage-c', 'ksi'],
    ['https://www.komi.io/Night-Owl', 'linkpage-c', 'Night-Owl'],
    ['https://komi.io/ksi/shop', 'linkpage-c', null],
    ['https://pillar.io/someone', 'linkpage-d', 'someone'],
    ['https://lnk.bio/someone', 'linkpage-e', 'someone'],
    // other platforms
    ['https://www.twitch.tv/nightowllive', 'twitch', 'nightowllive'],
    ['https://www.twitch.tv/directory/game/x', 'twitch', null],
    ['https://kick.com/streamer_1', 'livestream', 'streamer_1'],
    ['https://www.snapchat.com/add/snapuser', 'snapchat', 'snapuser'],
    ['https://snapchat.com/@snapuser2', 'snapchat', 'snapuser2'],
    ['https://t.snapchat.com/AbCd', 'snapchat', null],
    ['https://discord.gg/AbCdEf', 'discord', null],
    ['https://discord.com/invite/AbCdEf', 'discord', null],
    ['https://t.me/channelname', 'telegram', 'channelname'],
    ['https://t.me/s/channelname', 'telegram', 'channelname'],
    ['https://t.me/joinchat/AAAA', 'telegram', null],
    ['https://wa.me/15551234567', 'whatsapp', '15551234567'],
    ['https://api.whatsapp.com/send?phone=+44 7700 900123&text=hi', 'whatsapp', '447700900123'],
    ['https://chat.whatsapp.com/InviteCode', 'whatsapp', null],
    ['https://www.patreon.com/nightowl', 'patreon', 'nightowl'],
    ['https://www.patreon.com/c/nightowl/posts', 'patreon', 'nightowl'],
    ['https://www.patreon.com/posts/123', 'patreon', null],
    ['https://onlyfans.com/someone', 'onlyfans', 'someone'],
    ['https://www.cameo.com/someone', 'cameo', 'someone'],
    ['https://nightowl.bandcamp.com/album/moth-hours', 'bandcamp', 'nightowl'],
    ['https://bandcamp.com/discover', 'bandcamp', null],
    ['https://someblog.tumblr.com/post/1', 'blog', 'someblog'],
    ['https://www.tumblr.com/someblog', 'blog', 'someblog'],
    ['https://www.tumblr.com/blog/view/someblog', 'blog', 'someblog'],
    ['https://vimeo.com/someuser', 'vimeo', 'someuser'],
    ['https://vimeo.com/123456789', 'vimeo', null],
    ['https://bsky.app/profile/someone.bsky.social', 'microblog-d', 'someone.bsky.social'],
    ['https://medium.com/@writer', 'medium', 'writer'],
    ['https://writer.medium.com/', 'medium', 'writer'],
    ['https://letters.substack.com/p/hello', 'newsletter', 'letters'],
    ['https://substack.com/@letterwriter', 'newsletter', 'letterwriter'],
    ['https://bsky.app/profile/did:plc:abcdefghijklmnopqrstuvwx', 'microblog-d', 'did:plc:abcdefghijklmnopqrstuvwx'],
    ['https://bsky.app/search?q=x', 'microblog-d', null],
    ['https://kick.com/categories', 'livestream', null],
    ['https://staff.tumblr.com', 'blog', 'staff'],
    ['https://ko-fi.com/supportme', 'kofi', 'supportme'],
    ['https://www.buymeacoffee.com/coffeefan', 'buymeacoffee', 'coffeefan'],
    ['https://www.etsy.com/shop/HandmadeThings', 'etsy', 'HandmadeThings'],
    ['https://venmo.com/u/Some-Name', 'venmo', 'Some-Name'],
    ['https://cash.app/$cashtag', 'cashapp', 'cashtag'],
    ['https://paypal.me/payme', 'paypal', 'payme'],
    ['https://www.paypal.com/paypalme/payme2', 'paypal', 'payme2'],
    ['https://www.imdb.com/name/nm0000123/', 'imdb', 'nm0000123'],
    ['https://www.deezer.com/en/artist/27', 'deezer', '27'],
    ['https://tidal.com/browse/artist/7804', 'tidal', '7804'],
    ['https://podcasts.apple.com/us/podcast/x/id1', 'apple_podcasts', null],
    ['https://apps.apple.com/us/app/x/id1', 'apple_app_store', null],
    ['https://play.google.com/store/apps/details?id=com.x', 'google_app_store', null],
    // other link-in-bio hosts
    ['https://beacons.ai/someone', 'beacons', 'someone'],
    ['https://stan.store/someone', 'stan', 'someone'],
    ['https://bio.link/someone', 'biolink', 'someone'],
    ['https://campsite.bio/someone', 'campsite', 'someone'],
    ['https://tap.bio/@someone', 'tapbio', 'someone'],
    ['https://linkin.bio/someone', 'linkinbio', 'someone'],
    ['https://solo.to/someone', 'solo', 'someone'],
    ['https://snipfeed.co/someone', 'snipfeed', 'someone'],
    ['https://someone.carrd.co', 'carrd', 'someone'],
    ['https://hoo.be/someone', 'hoobe', 'someone'],
    ['https://msha.ke/someone', 'milkshake', 'someone'],
  ])('%s → %s / %s', (url, platform, handle) => {
    expect(classifyLink(url)).toMatchObject({ platform, handle });
  });
});

describe('classifyLink: URL forms', () => {
  it('returns the URL as given when it has a scheme, adds https:// when it has none', () => {
    expect(classifyLink('  https://Instagram.com/Someone  ')).toEqual({
      platform: 'social-b',
      handle: 'Someone',
      url: 'https://Instagram.com/Someone',
    });
    expect(classifyLink('instagram.com/someone')).toEqual({
      platform: 'social-b',
      handle: 'someone',
      url: 'https://instagram.com/someone',
    });
    expect(classifyLink('www.tiktok.com/@someone')).toEqual({
      platform: 'shortvideo',
      handle: 'someone',
      url: 'https://www.tiktok.com/@someone',
    });
    expect(classifyLink('//x.com/jack')).toMatchObject({ platform: 'microblog-b', handle: 'jack', url: 'https://x.com/jack' });
    expect(classifyLink('http://x.com/jack')).toMatchObject({ url: 'http://x.com/jack' });
  });

  it('host names: upper case, trailing dot', () => {
    expect(classifyLink('https://WWW.YOUTUBE.COM./@Upper')).toMatchObject({ platform: 'video', handle: 'Upper' });
  });

  it('percent-encoded handles are decoded', () => {
    expect(classifyLink('https://www.linkedin.com/in/j%C3%B6rg-m%C3%BCller')).toMatchObject({ handle: 'jörg-müller' });
  });

  it('unwraps redirect shims and classifies their target', () => {
    expect(classifyLink('https://l.instagram.com/?u=https%3A%2F%2Fwww.tiktok.com%2F%40bob&e=AT0')).toEqual({
      platform: 'shortvideo',
      handle: 'bob',
      url: 'https://www.tiktok.com/@bob',
    });
    expect(classifyLink('https://l.facebook.com/l.php?u=https%3A%2F%2Fx.com%2Fjack&h=AT1')).toMatchObject({
      platform: 'microblog-b',
      handle: 'jack',
    });
    expect(
      classifyLink('https://www.youtube.com/redirect?event=channel_description&q=https%3A%2F%2Fwww.patreon.com%2Fnightowl'),
    ).toMatchObject({
      platform: 'patreon',
      handle: 'nightowl',
    });
    // A shim without a usable target stays what it is.
    expect(unwrapRedirect(new URL('https://l.instagram.com/?u=javascript%3Aalert(1)')).hostname).toBe('l.instagram.com');
  });

  it.each([
    'https://nightowlband.example.org/tour',
    'https://blog.kaiser.lol/',
    'https://bit.ly/3abc',
    'https://t.co/AbCd',
    'https://lnkd.in/abc',
    'https://tinyurl.com/abc',
    'mailto:someone@somewhere.com',
    'tel:+15551234567',
    'javascript:alert(1)',
    'ftp://github.com/x',
    'not a url',
    '',
    'https://192.168.0.1/x',
    'https://instagram.com.evil.net/someone',
    'https://evilinstagram.com/someone',
  ])('%s → null', (url) => {
    expect(classifyLink(url)).toBeNull();
  });

  it('never throws on junk', () => {
    for (const junk of ['http://', 'https://%', '://x', 'https://a..b/c', 'https://[::1]/x', `https://x.com/${'%'.repeat(5)}`]) {
      expect(() => classifyLink(junk)).not.toThrow();
    }
    expect(classifyLink(undefined as unknown as string)).toBeNull();
  });
});

describe('isLinkInBioHost', () => {
  it.each([
    'linktr.ee',
    'www.linktr.ee',
    'LINKTR.EE',
    'link.me',
    'pillar.io',
    'lnk.bio',
    'alice.komi.io',
    'beacons.ai',
    'stan.store',
    'bio.link',
    'campsite.bio',
    'tap.bio',
    'linkin.bio',
    'solo.to',
    'snipfeed.co',
    'someone.carrd.co',
    'hoo.be',
    'msha.ke',
    'https://linktr.ee/kaiserlol',
    'linktr.ee.',
  ])('%s → true', (host) => {
    expect(isLinkInBioHost(host)).toBe(true);
  });

  it.each([
    'komi.io',
    'www.komi.io',
    'api.komi.io',
    'carrd.co',
    'www.carrd.co',
    'instagram.com',
    'linktr.ee.evil.com',
    'example.com',
    '',
    'bit.ly',
  ])('%s → false', (host) => {
    expect(isLinkInBioHost(host)).toBe(false);
  });
});

describe('isShortener', () => {
  it.each([
    'bit.ly',
    'www.bit.ly',
    'BIT.LY',
    't.co',
    'lnkd.in',
    'tinyurl.com',
    'goo.gl',
    'ow.ly',
    'buff.ly',
    'rebrand.ly',
    'is.gd',
    'cutt.ly',
    'amzn.to',
    'vm.tiktok.com',
    'pin.it',
    'spotify.link',
    'https://bit.ly/abc',
  ])('%s → true', (host) => {
    expect(isShortener(host)).toBe(true);
  });

  it.each(['linktr.ee', 'youtu.be', 'x.com', 'tiktok.com', 'bitly.example.com', ''])('%s → false', (host) => {
    expect(isShortener(host)).toBe(false);
  });
});

describe('platformUrlFields', () => {
  it('one field per platform, first link wins, unknown links left out, in first-seen order', () => {
    expect(
      platformUrlFields([
        'https://instagram.com/first',
        'https://kaiser.lol/',
        'mailto:a@b.com',
        'https://www.instagram.com/second',
        'https://www.youtube.com/watch?v=abc',
        'https://www.youtube.com/@channel',
        'https://twitch.tv/streamer',
        'https://bit.ly/xyz',
        '',
      ]),
    ).toEqual({
      'social-b': 'https://instagram.com/first',
      video: 'https://www.youtube.com/watch?v=abc',
      twitch: 'https://twitch.tv/streamer',
    });
  });

  it('an empty list gives no fields', () => {
    expect(platformUrlFields([])).toEqual({});
  });

  it('names are labels or lowercase names usable as JSON field names', () => {
    for (const name of PLATFORM_NAMES) expect(name).toMatch(/^[a-z][a-z0-9_-]*$/);
    expect(PLATFORM_NAMES).toEqual(
      expect.arrayContaining([
        'social-a',
        'social-b',
        'shortvideo',
        'video',
        'microblog-a',
        'microblog-b',
        'microblog-c',
        'professional',
        'audio-a',
        'audio-b',
        'audio-c',
        'forum',
        'pinboard',
        'code',
        'moodboard',
        'retail-shop',
        'linkpage-a',
        'linkpage-b',
        'linkpage-c',
        'linkpage-d',
        'linkpage-e',
      ]),
    );
  });
});

describe('lnk.bio redirects and site sections', () => {
  it('lnk.bio/go?d= is unwrapped to its target; go and share are not pages', () => {
    expect(unwrapRedirect(new URL('https://lnk.bio/go?d=https%3A%2F%2Fexample.org%2Fshop&ext=-12')).href).toBe('https://example.org/shop');
    expect(classifyLink('https://lnk.bio/go')?.handle ?? null).toBeNull();
    expect(classifyLink('https://lnk.bio/share')?.handle ?? null).toBeNull();
    expect(classifyLink('https://lnk.bio/jane')).toMatchObject({ platform: 'linkpage-e', handle: 'jane' });
  });
});

describe('the classifier is built from the platform definitions', () => {
  it("every definition's `links` is in the classifier's table, and the table holds nothing else under a platform's label", () => {
    expect(() => validateLinks()).not.toThrow();
    const declared = platforms.flatMap((p) => (p.links ? [p.links] : []));
    expect(new Set(PLATFORM_LINKS)).toEqual(new Set(declared));
    for (const p of platforms) if (p.links) expect(p.links.platform).toBe(p.label);
  });

  it("each definition's own hosts classify as that platform", () => {
    for (const p of platforms) {
      if (!p.links) continue;
      for (const host of p.links.hosts) {
        const h = host.replace(/\.\*$/, '.com');
        const c = classifyLink(`https://${h}/`);
        expect(c?.platform === p.label || c?.platform === p.links.otherwise, `${h} → ${c?.platform}`).toBe(true);
      }
    }
  });

  it('a definition whose links are missing from the table, or a table rule its definition does not declare, fails loudly', () => {
    const rogue: PlatformDefinition = {
      label: 'rogue',
      hosts: ['rogue.example'],
      operations: [],
      links: { platform: 'rogue', hosts: ['rogue.example'] },
    };
    expect(() => validateLinks([rogue])).toThrow(/not in src\/platforms\/links.ts/);
    const video = platforms.find((p) => p.label === 'video')!;
    expect(() => validateLinks([{ ...video, links: { ...video.links!, hosts: ['yt.example'] } }])).toThrow(
      /not in src\/platforms\/links.ts/,
    );
    expect(() => validateLinks([{ ...video, links: undefined }])).toThrow(/does not declare/);
  });

  it('the five platforms of issue 35 are classified by their labels', () => {
    expect(PLATFORM_NAMES).toEqual(expect.arrayContaining(['microblog-d', 'livestream', 'newsletter', 'blog']));
    for (const gone of ['bluesky', 'kick', 'substack', 'tumblr']) expect(PLATFORM_NAMES).not.toContain(gone);
    // Mastodon profile URLs live on any host: the classifier never guesses (discovery confirms them by a read).
    expect(classifyLink('https://mastodon.social/@someone')).toBeNull();
  });
});

describe("shorteners and redirect shims come from the platforms' own rules (their links.ts)", () => {
  it("every declared shortener is followed; one the rule's hosts cover is still that platform's link, one they do not is nobody's", () => {
    const declaring = PLATFORM_LINKS.filter((r) => r.shorteners?.length);
    expect(declaring.map((r) => r.platform).sort()).toEqual(
      ['audio-a', 'audio-c', 'microblog-b', 'pinboard', 'retail-shop', 'shortvideo', 'social-a'].sort(),
    );
    for (const r of declaring)
      for (const h of r.shorteners!) {
        expect(isShortener(h), h).toBe(true);
        const c = classifyLink(`https://${h}/Zx81q`);
        if (c) expect([r.platform, r.otherwise], h).toContain(c.platform);
      }
    expect(classifyLink('https://t.co/Zx81q')).toBeNull();
    expect(classifyLink('https://vm.tiktok.com/ZM81q/')).toMatchObject({ platform: 'shortvideo', handle: null });
  });

  it("each platform's shim gives its target, on its own hosts only (our own URLs)", () => {
    const target = 'https%3A%2F%2Fnightowl.example.org%2Ftour';
    for (const shim of [
      `https://l.instagram.com/?u=${target}`,
      `https://l.facebook.com/l.php?u=${target}`,
      `https://lm.facebook.com/l.php?u=${target}`,
      `https://www.youtube.com/redirect?q=${target}`,
      `https://m.youtube.com/redirect?q=${target}`,
      `https://lnk.bio/go?d=${target}`,
    ])
      expect(unwrapRedirect(new URL(shim)).href, shim).toBe('https://nightowl.example.org/tour');
    for (const other of [
      `https://www.instagram.com/?u=${target}`,
      `https://youtube.com/redirects?q=${target}`,
      `https://notyoutube.com/redirect?q=${target}`,
      `https://lnk.bio/jane?d=${target}`,
      `https://l.facebook.com/l.php?q=${target}`,
    ])
      expect(unwrapRedirect(new URL(other)).href, other).toBe(other);
    expect(
      PLATFORM_LINKS.filter((r) => r.redirect)
        .map((r) => r.platform)
        .sort(),
    ).toEqual(['linkpage-e', 'social-a', 'social-b', 'video']);
  });
});

describe('isStorefront: from the rules that say so (retail-shop and its other Amazon pages, Etsy)', () => {
  it('storefront names', () => {
    for (const p of ['retail-shop', 'amazon', 'etsy']) expect(isStorefront(p), p).toBe(true);
    for (const p of ['social-b', 'patreon', 'linkpage-b', 'audio-b', 'kofi', '']) expect(isStorefront(p), p).toBe(false);
    expect(PLATFORM_NAMES.filter(isStorefront).sort()).toEqual(['amazon', 'etsy', 'retail-shop']);
  });
});

/**
 * Discovery's platform-name tables come from the platforms' definitions (`names`,
 * src/platforms/definition.ts): moving the words there kept both sets exactly as they were.
 * The old tables below are this repository's own (verification.ts SOCIAL_WORDS and markers.ts
 * SECOND_LINE_PLATFORMS before the move).
 */
import { describe, expect, it } from 'vitest';
import { fold, SECOND_LINE_PLATFORMS } from './markers.js';
import { SOCIAL_WORDS } from './verification.js';

const OLD_SOCIAL_WORDS = new Set(
  (
    'instagram insta ig tiktok tt youtube yt x twitter facebook fb github linkedin twitch threads pinterest soundcloud reddit ' +
    'bluesky bsky mastodon substack tumblr kick spotify snapchat truth social patreon discord vimeo behance dribbble ' +
    'telegram tg whatsapp wa vk vkontakte ok line weibo douyin bilibili xiaohongshu kakao naver bandcamp medium newsletter ' +
    'follow me us on my our find join watch subscribe listen see channel page profile account official the at and or ' +
    'یوتیوب اینستاگرام اینستا تلگرام تیک تاک توییتر فیسبوک پینترست لینکدین واتساپ ' +
    'يوتيوب انستغرام انستقرام إنستغرام تيك توك تويتر فيسبوك تيليجرام تلغرام ' +
    'יוטיוב אינסטגרם טיקטוק פייסבוק טוויטר טלגרם לינקדאין ' +
    'ютуб ютьюб инстаграм інстаграм инста тикток тікток телеграм телеграмм фейсбук твиттер твітер вконтакте ' +
    'γιουτιουμπ ινσταγκραμ ' +
    'ইউটিউব ইনস্টাগ্রাম ফেসবুক টিকটক টুইটার ' +
    'यूट्यूब इंस्टाग्राम फेसबुक ' +
    'ユーチューブ インスタ インスタグラム ツイッター ティックトック 유튜브 인스타그램 인스타 틱톡 트위터 페이스북 油管 微博 抖音 ' +
    'ยูทูบ อินสตาแกรม เฟซบุ๊ก'
  )
    .split(' ')
    .map(fold),
);

const OLD_SECOND_LINE: Record<string, string> = Object.fromEntries(
  (
    [
      [
        'social-b',
        'instagram insta ig 인스타 인스타그램 インスタ インスタグラム инстаграм інстаграм инста انستغرام انستقرام إنستغرام اینستاگرام اینستا อินสตาแกรม ไอจี',
      ],
      ['shortvideo', 'tiktok 틱톡 ティックトック тикток тікток'],
      ['video', 'youtube yt 유튜브 ユーチューブ ютуб يوتيوب یوتیوب ยูทูบ'],
      ['microblog-b', 'twitter 트위터 ツイッター твиттер твітер تويتر'],
      ['microblog-c', 'threads 스레드'],
    ] as const
  ).flatMap(([platform, words]) => words.split(' ').map((w) => [fold(w), platform] as const)),
);

describe('platform names from the definitions', () => {
  it('SOCIAL_WORDS is the old table', () => {
    expect([...SOCIAL_WORDS].sort()).toEqual([...OLD_SOCIAL_WORDS].sort());
  });

  it('SECOND_LINE_PLATFORMS is the old table', () => {
    expect(Object.fromEntries([...SECOND_LINE_PLATFORMS].sort())).toEqual(OLD_SECOND_LINE);
    expect(SECOND_LINE_PLATFORMS.size).toBe(Object.keys(OLD_SECOND_LINE).length);
  });
});

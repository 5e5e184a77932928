/**
 * shortvideo's demo answers (`npm run demo`, src/demo/platforms.ts), built with samples.ts (invented,
 * not captures): one video of Tala Okafor's TikTok account (its page, today's shape), the example
 * of `GET /v1/shortvideo/video`. Her profile page is the creator web's (src/demo/web.ts); any other
 * video is a demo miss.
 */
import type { Route } from '../../replay/server.js';
import { HTML } from '../../demo/answer.js';
import { TALA } from '../../demo/creators.js';
import { demoMiss } from '../../demo/miss.js';
import { nightOwlUser, nightOwlVideoItem, nightOwlVideoPage } from './samples.js';
import { parseVideoUrl, video } from './video.js';

/** The video the demo answers: the operation's example URL's. */
export const DEMO_VIDEO_ID = parseVideoUrl(String(video.example.url))!.id;

export function demoRoutes(): Route[] {
  const { user } = nightOwlUser();
  const item = nightOwlVideoItem({
    item: {
      id: DEMO_VIDEO_ID,
      desc: 'Inking a picture-book spread in one take ✏️ #illustration #processvideo',
      textExtra: [
        {
          awemeId: '',
          start: 44,
          end: 57,
          hashtagName: 'illustration',
          hashtagId: '5120',
          type: 1,
          userId: '',
          userUniqueId: '',
          secUid: '',
        },
        {
          awemeId: '',
          start: 58,
          end: 71,
          hashtagName: 'processvideo',
          hashtagId: '5121',
          type: 1,
          userId: '',
          userUniqueId: '',
          secUid: '',
        },
      ],
      challenges: [
        { id: '5120', title: 'illustration', desc: '', profileThumb: '', isCommerce: false },
        { id: '5121', title: 'processvideo', desc: '', profileThumb: '', isCommerce: false },
      ],
      music: {
        id: '7390112233400000002',
        title: `original sound - ${TALA.shortvideo}`,
        authorName: TALA.name,
        original: true,
        duration: 41,
      },
      locationCreated: 'US',
    },
    author: {
      ...user,
      id: '7012345678901230001',
      uniqueId: TALA.shortvideo,
      nickname: TALA.name,
      signature: 'drawing every day ✏️ process videos',
      bioLink: { link: 'linktr.ee/talaokafor', risk: 0 },
      region: 'US',
    },
  });
  const page = nightOwlVideoPage({}, item);
  return [
    {
      host: 'www.tiktok.com',
      path: /^\/@[^/]+\/video\/\d+$/,
      method: 'GET',
      response: (req) =>
        req.path.toLowerCase() === `/@${TALA.shortvideo}/video/${DEMO_VIDEO_ID}` ? { headers: HTML, body: page } : demoMiss(req),
    },
  ];
}

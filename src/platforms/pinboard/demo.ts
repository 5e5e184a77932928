/**
 * pinboard's demo answers (`npm run demo`, src/demo/platforms.ts), built with samples.ts (invented,
 * not captures): Tala Okafor's account (its UserResource; any other account: Pinterest's own 404),
 * and a search that answers any query with the same invented pins.
 */
import type { Route } from '../../replay/server.js';
import { json } from '../../demo/answer.js';
import { TALA } from '../../demo/creators.js';
import { END_BOOKMARK } from './parse.js';
import * as pinboard from './samples.js';

/** The account the demo holds. */
export const DEMO_USER = 'taladraws';

export function demoRoutes(): Route[] {
  const username = DEMO_USER;
  const user = pinboard.userJson('900123456789012345', username, {
    full_name: TALA.name,
    first_name: 'Tala',
    last_name: 'Okafor',
    about: 'Picture books, editorial illustration and prints. Sketchbook boards.',
    website_url: `${TALA.site}/`,
    domain_url: 'talaokafor.com',
    domain_verified: true,
    follower_count: 2310,
    following_count: 88,
    pin_count: 1204,
    board_count: 17,
    image_xlarge_url: 'https://i.pinimg.com/280x280_RS/aa/bb/cc/900123456789012345.jpg',
    is_private_profile: false,
  });
  return [
    {
      host: 'www.pinterest.com',
      path: '/resource/UserResource/get/',
      response: (req) => {
        const asked = (JSON.parse(req.query.get('data') ?? '{}') as { options?: { username?: string } }).options?.username;
        return asked?.toLowerCase() === username
          ? json(pinboard.userResourceBody(user))
          : json(pinboard.failureBody(404, 'User not found.'), 404);
      },
    },
    // Search: any query answers with the same invented pins.
    {
      host: 'www.pinterest.com',
      path: '/resource/BaseSearchResource/get/',
      response: () =>
        json(
          pinboard.searchBody(
            [pinboard.pinJson('7001'), pinboard.pinJson('7002'), { type: 'story', id: 'module-1' }, pinboard.pinJson('7003')],
            END_BOOKMARK,
          ),
        ),
    },
  ];
}

/**
 * GraphQL types and root field for livestream (Kick): idiomatic names over the wire record
 * (Kick's own field names), plus `json` carrying the whole wire record (what REST returns).
 * Images, the live session, categories, badges and chat settings are JSON.
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { livestreamChannel } from './operations.js';
import type { LivestreamChannel } from './schema.js';

type User = NonNullable<LivestreamChannel['user']>;

/** Declares livestream's GraphQL types and root field on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function livestreamGraphql(): void {
  const UserRef = builder.objectRef<User>('LivestreamUser').implement({
    description: 'The streamer\'s account: bio and the social links they set (as typed: a handle or a URL; "" when cleared)',
    fields: (t) => ({
      id: t.exposeInt('id'),
      username: t.exposeString('username', { description: 'Display spelling of the channel name' }),
      bio: t.exposeString('bio'),
      country: t.exposeString('country'),
      state: t.exposeString('state'),
      city: t.exposeString('city'),
      instagram: t.exposeString('instagram'),
      twitter: t.exposeString('twitter'),
      youtube: t.exposeString('youtube'),
      discord: t.exposeString('discord'),
      tiktok: t.exposeString('tiktok'),
      facebook: t.exposeString('facebook'),
      profilePic: t.exposeString('profile_pic'),
    }),
  });

  const ChannelRef = builder.objectRef<LivestreamChannel>('LivestreamChannel').implement({
    description: 'A Kick channel',
    fields: (t) => ({
      id: t.exposeInt('id', { nullable: false, description: 'Channel id' }),
      userId: t.exposeInt('user_id'),
      slug: t.exposeString('slug', { nullable: false, description: 'The channel address: kick.com/<slug>' }),
      isBanned: t.exposeBoolean('is_banned'),
      vodEnabled: t.exposeBoolean('vod_enabled'),
      subscriptionEnabled: t.exposeBoolean('subscription_enabled'),
      verified: t.exposeBoolean('verified', { description: "Kick's verified badge" }),
      canHost: t.exposeBoolean('can_host'),
      followersCount: t.exposeInt('followers_count'),
      bannerImage: t.expose('banner_image', { type: 'JSON' }),
      offlineBannerImage: t.expose('offline_banner_image', { type: 'JSON' }),
      livestream: t.expose('livestream', {
        type: 'JSON',
        description: 'The live session (`session_title`, `viewer_count`…); null when offline',
      }),
      recentCategories: t.expose('recent_categories', { type: 'JSON' }),
      subscriberBadges: t.expose('subscriber_badges', { type: 'JSON' }),
      user: t.expose('user', { type: UserRef, nullable: true }),
      chatroom: t.expose('chatroom', { type: 'JSON', description: 'Chat settings (`chat_mode`, `slow_mode`…)' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(livestreamChannel, ChannelRef);
}

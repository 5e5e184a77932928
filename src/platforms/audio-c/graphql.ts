/**
 * GraphQL types and root field for audio-c (SoundCloud): idiomatic names over the api.md wire
 * record, plus `json` carrying the whole wire record (what REST returns).
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type { AudioCArtist, AudioCBadges, AudioCProduct, AudioCVisual, AudioCVisuals } from './parse.js';
import { artist } from './platform.js';

/** Declares audio-c's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function audioCGraphql(): void {
  const ProductRef = builder.objectRef<{ id: string | null }>('AudioCProduct').implement({
    fields: (t) => ({ id: t.exposeString('id') }),
  });

  const SubscriptionRef = builder.objectRef<AudioCProduct>('AudioCCreatorSubscription').implement({
    fields: (t) => ({ product: t.expose('product', { type: ProductRef }) }),
  });

  const VisualRef = builder.objectRef<AudioCVisual>('AudioCVisual').implement({
    fields: (t) => ({
      urn: t.exposeString('urn'),
      entryTime: t.exposeInt('entry_time'),
      visualUrl: t.exposeString('visual_url'),
    }),
  });

  const VisualsRef = builder.objectRef<AudioCVisuals>('AudioCVisuals').implement({
    fields: (t) => ({
      urn: t.exposeString('urn'),
      enabled: t.exposeBoolean('enabled'),
      visuals: t.expose('visuals', { type: [VisualRef], nullable: false }),
      tracking: t.field({ type: 'JSON', resolve: (v) => v.tracking }),
    }),
  });

  const BadgesRef = builder.objectRef<AudioCBadges>('AudioCBadges').implement({
    fields: (t) => ({
      pro: t.exposeBoolean('pro'),
      creatorMidTier: t.exposeBoolean('creator_mid_tier'),
      proUnlimited: t.exposeBoolean('pro_unlimited'),
      verified: t.exposeBoolean('verified'),
    }),
  });

  const ArtistRef = builder.objectRef<AudioCArtist>('AudioCArtist').implement({
    fields: (t) => ({
      id: t.exposeFloat('id', { nullable: false, description: 'Numeric user id' }),
      kind: t.exposeString('kind'),
      urn: t.exposeString('urn'),
      uri: t.exposeString('uri'),
      permalink: t.exposeString('permalink'),
      permalinkUrl: t.exposeString('permalink_url'),
      username: t.exposeString('username', { description: 'Display name' }),
      firstName: t.exposeString('first_name'),
      lastName: t.exposeString('last_name'),
      fullName: t.exposeString('full_name'),
      description: t.exposeString('description'),
      avatarUrl: t.exposeString('avatar_url'),
      city: t.exposeString('city'),
      countryCode: t.exposeString('country_code'),
      followersCount: t.exposeInt('followers_count'),
      followingsCount: t.exposeInt('followings_count'),
      trackCount: t.exposeInt('track_count'),
      playlistCount: t.exposeInt('playlist_count'),
      playlistLikesCount: t.exposeInt('playlist_likes_count'),
      likesCount: t.exposeInt('likes_count'),
      commentsCount: t.exposeInt('comments_count'),
      groupsCount: t.exposeInt('groups_count'),
      repostsCount: t.exposeInt('reposts_count'),
      verified: t.exposeBoolean('verified'),
      createdAt: t.exposeString('created_at'),
      lastModified: t.exposeString('last_modified'),
      dateOfBirth: t.field({ type: 'JSON', resolve: (a) => a.date_of_birth }),
      creatorSubscription: t.expose('creator_subscription', { type: SubscriptionRef }),
      creatorSubscriptions: t.expose('creator_subscriptions', { type: [SubscriptionRef], nullable: false }),
      visuals: t.expose('visuals', { type: VisualsRef }),
      badges: t.expose('badges', { type: BadgesRef }),
      stationUrn: t.exposeString('station_urn'),
      stationPermalink: t.exposeString('station_permalink'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(artist, ArtistRef);
}

/**
 * GraphQL types and root field for shortvideo (TikTok): idiomatic names over the profile record
 * (`{user, stats}` in TikTok's own names), plus `json` carrying the whole wire record (what REST
 * returns: the user's members beyond the listed ones included).
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type { ShortvideoProfileRecord, ShortvideoStats, ShortvideoUser } from './profile.js';
import { profile } from './profile.js';

/** Declares shortvideo's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function shortvideoGraphql(): void {
  const BioLinkRef = builder.objectRef<NonNullable<ShortvideoUser['bioLink']>>('ShortvideoBioLink').implement({
    fields: (t) => ({
      link: t.exposeString('link', { description: 'The declared website, often without a scheme' }),
    }),
  });

  const UserRef = builder.objectRef<ShortvideoUser>('ShortvideoUser').implement({
    description: "TikTok's user object (its further members are in `json`)",
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: "TikTok's numeric user id, as a string" }),
      uniqueId: t.exposeString('uniqueId', { nullable: false, description: 'The @name, as TikTok spells it' }),
      secUid: t.exposeString('secUid', { description: "TikTok's stable opaque user key" }),
      nickname: t.exposeString('nickname', { description: 'Display name ("" when none)' }),
      signature: t.exposeString('signature', { description: 'Bio ("" when none)' }),
      verified: t.exposeBoolean('verified'),
      privateAccount: t.exposeBoolean('privateAccount', { description: 'Private account: its header is public, its posts are not read' }),
      bioLink: t.expose('bioLink', { type: BioLinkRef, description: 'The profile website field; null when none is declared' }),
      avatarLarger: t.exposeString('avatarLarger', { description: 'Avatar, 1080 px (signed, expiring URL)' }),
      avatarMedium: t.exposeString('avatarMedium', { description: 'Avatar, 720 px' }),
      avatarThumb: t.exposeString('avatarThumb', { description: 'Avatar, 100 px' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (u) => u }),
    }),
  });

  const StatsRef = builder.objectRef<ShortvideoStats>('ShortvideoStats').implement({
    fields: (t) => ({
      // Float: the largest accounts' like counts pass GraphQL's 32-bit Int.
      followerCount: t.exposeFloat('followerCount'),
      followingCount: t.exposeFloat('followingCount'),
      heartCount: t.exposeFloat('heartCount', { description: 'Likes received on all videos' }),
      videoCount: t.exposeFloat('videoCount'),
      diggCount: t.exposeFloat('diggCount', { description: 'Videos this account liked' }),
      friendCount: t.exposeFloat('friendCount', { description: 'Mutual follows (null on pages before 2023)' }),
    }),
  });

  const ProfileRef = builder.objectRef<ShortvideoProfileRecord>('ShortvideoProfile').implement({
    fields: (t) => ({
      user: t.expose('user', { type: UserRef, nullable: false }),
      stats: t.expose('stats', { type: StatsRef, nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (p) => p }),
    }),
  });

  operationField(profile, ProfileRef);
}

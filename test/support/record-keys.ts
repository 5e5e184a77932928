/**
 * The key lists both a platform's parse tests and its end-to-end tests pin: each the record's zod
 * schema's (its schema.ts, in api.md's order), never written a second time.
 */
import { AudioCArtist, AudioCPlaylist, AudioCPlaylistTrack, AudioCTrack, AudioCTrackUser } from '../../src/platforms/audio-c/schema.js';
import { PinboardPin } from '../../src/platforms/pinboard/schema.js';
import { recordKeys } from '../../src/platforms/records.js';
import { SocialBUser } from '../../src/platforms/social-b/schema.js';

/** The audio-c artist record. */
export const AUDIO_C_ARTIST_KEYS = recordKeys(AudioCArtist);

/** The audio-c playlist (set) record, and one of its tracks. */
export const AUDIO_C_PLAYLIST_KEYS = recordKeys(AudioCPlaylist);
export const AUDIO_C_PLAYLIST_TRACK_KEYS = recordKeys(AudioCPlaylistTrack);

/** The audio-c track record (the track operation's, and each of an artist's tracks), and its uploader. */
export const AUDIO_C_TRACK_KEYS = recordKeys(AudioCTrack);
export const AUDIO_C_TRACK_USER_KEYS = recordKeys(AudioCTrackUser);

/** The social-b profile (user) record. */
export const SOCIAL_B_USER_KEYS = recordKeys(SocialBUser);

/** The pinboard pin record. */
export const PINBOARD_PIN_KEYS = recordKeys(PinboardPin);

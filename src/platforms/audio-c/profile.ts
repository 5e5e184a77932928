/**
 * Pure parser for a SoundCloud user's web profiles (the audio-c profile reader, reader.ts): no
 * I/O here.
 *
 * `GET https://api-v2.soundcloud.com/users/soundcloud:users:<id>/web-profiles?client_id=<id>`
 * answers the links a user lists under "Web profiles" (their website, Instagram, shop…) as an
 * array of `{url, network, title, username}` (older answers wrap it as `{collection: [...]}`).
 * Shape as SoundCloud's web client reads it; no capture exists in ../shared/fixtures/audio-c.
 */
import { shapeChanged } from '../../errors.js';

export interface AudioCWebProfile {
  url: string;
  /** `personal` (a website), `instagram`, `twitter`, `youtube`, `bandcamp`… */
  network: string | null;
  title: string | null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export function parseWebProfiles(json: unknown): AudioCWebProfile[] {
  const list = Array.isArray(json) ? json : isObj(json) && Array.isArray(json.collection) ? json.collection : null;
  if (!list) throw shapeChanged('audio-c', 'web-profiles array');
  return list.filter(isObj).flatMap((p) => {
    const url = text(p.url);
    return url && /^https?:\/\//i.test(url) ? [{ url, network: text(p.network) ?? text(p.service), title: text(p.title) }] : [];
  });
}

/**
 * The media store: downloaded images and videos, content-addressed. An object's id is the
 * SHA-256 of its bytes plus the extension of its content type (`<sha256>.mp4`), so the same file
 * is stored once however many posts (or requests) bring it, and an id never changes meaning —
 * which is what lets its URL be permanent and cached forever.
 *
 * Embedded default: one file per object under `DATA_DIR/media/`, written atomically (temporary
 * file, then rename), private like all of DATA_DIR (directory 0700, files 0600). The
 * `MediaStore` interface is all callers see, so a shared store (object storage behind a CDN, for
 * several gateway instances) can replace it; its `url` may then be absolute.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredMedia {
  /** `<sha256 hex>.<ext>` */
  id: string;
  /** Where clients fetch it: a gateway path (`/media/<id>`, made absolute per response) or an absolute URL. */
  url: string;
}

export interface MediaFile {
  id: string;
  contentType: string;
  size: number;
  /** The bytes, or the inclusive byte range [start, end]. */
  read(range?: { start: number; end: number }): Readable;
}

export interface MediaStore {
  /** Stores `bytes` (idempotent: the same bytes and type give the same id). */
  put(bytes: Uint8Array, contentType: string): Promise<StoredMedia>;
  /** The stored object, or null for an unknown or malformed id. */
  open(id: string): Promise<MediaFile | null>;
}

/** Path prefix the gateway serves stored media under (src/media/serve.ts). */
export const MEDIA_PATH_PREFIX = '/media/';

/**
 * Content types stored, and their extensions: images and videos browsers display. SVG is
 * refused although it is image/*: it is a document that can carry script, and these files are
 * served from the gateway's own origin.
 */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/bmp': 'bmp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'video/ogg': 'ogv',
  'video/x-matroska': 'mkv',
  'video/mp2t': 'ts',
  'video/3gpp': '3gp',
};

/** Spellings seen in the wild for the same types. */
const ALIASES: Readonly<Record<string, string>> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/x-png': 'image/png' };

const TYPE_OF_EXTENSION = new Map(Object.entries(MEDIA_TYPES).map(([type, ext]) => [ext, type]));

/** `image/JPEG; charset=binary` → `image/jpeg`; the canonical stored type, or null if not storable. */
export function storableType(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const bare = contentType.split(';')[0].trim().toLowerCase();
  const type = Object.hasOwn(ALIASES, bare) ? ALIASES[bare] : bare;
  return Object.hasOwn(MEDIA_TYPES, type) ? type : null;
}

const ID_RE = /^([0-9a-f]{64})\.([a-z0-9]{2,4})$/;

/** The content type of a well-formed id, or null. Ids are checked before any path is built. */
export function typeOfId(id: string): string | null {
  const m = ID_RE.exec(id);
  return m ? (TYPE_OF_EXTENSION.get(m[2]) ?? null) : null;
}

export function createFileMediaStore(dir: string): MediaStore {
  let ready: Promise<unknown> | null = null;
  const ensureDir = () =>
    (ready ??= mkdir(dir, { recursive: true, mode: 0o700 }).catch((e) => {
      ready = null;
      throw e;
    }));

  return {
    async put(bytes, contentType) {
      const type = storableType(contentType);
      if (!type) throw new Error(`media type ${JSON.stringify(contentType)} is not storable`);
      const id = `${createHash('sha256').update(bytes).digest('hex')}.${MEDIA_TYPES[type]}`;
      const path = join(dir, id);
      const existing = await stat(path).catch(() => null);
      if (existing?.size !== bytes.length) {
        await ensureDir();
        // Concurrent puts of the same bytes each write their own temporary file; rename is
        // atomic, so readers see either no file or a complete one.
        const tmp = join(dir, `.${id}.${randomBytes(6).toString('hex')}.tmp`);
        try {
          await writeFile(tmp, bytes, { mode: 0o600 });
          await rename(tmp, path);
        } catch (e) {
          await rm(tmp, { force: true }).catch(() => undefined);
          throw e;
        }
      }
      return { id, url: `${MEDIA_PATH_PREFIX}${id}` };
    },

    async open(id) {
      const contentType = typeOfId(id);
      if (!contentType) return null;
      const path = join(dir, id);
      const s = await stat(path).catch(() => null);
      if (!s?.isFile()) return null;
      return {
        id,
        contentType,
        size: s.size,
        read: (range) => createReadStream(path, range ? { start: range.start, end: range.end } : {}),
      };
    },
  };
}

const stores = new Map<string, MediaStore>();

/** The embedded store of a data directory (`DATA_DIR/media`), one per directory. */
export function mediaStoreFor(config: { dataDir: string }): MediaStore {
  let s = stores.get(config.dataDir);
  if (!s) stores.set(config.dataDir, (s = createFileMediaStore(join(config.dataDir, 'media'))));
  return s;
}

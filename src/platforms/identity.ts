/**
 * Is the answer about the resource that was asked for? Upstreams sometimes answer a request with
 * another resource — another type (an album list for an artist), another id, another account —
 * and such an answer must never be presented as the one asked for: it is UPSTREAM_FAILED.
 *
 * Judged by identity only: the resource's type and its id (compared exactly, as strings), or its
 * handle (compared case-insensitively, without a leading `@`), never by the shape of the body.
 * A redirect the upstream followed to the same id (a renamed repository answered from
 * `/repositories/<id>`) is the same resource; the caller passes that id as `alsoId`.
 */
import { upstreamFailed } from '../errors.js';

export interface AskedFor {
  /** Resource type as the upstream names it (`artists`, `Tweet`…), when it says one. */
  type?: string;
  id?: string | number;
  /** An id the request was redirected to and that is the same resource (a renamed repository). */
  alsoId?: string | number;
  handle?: string;
}

export interface Answered {
  type?: unknown;
  id?: unknown;
  handle?: unknown;
}

const normHandle = (h: string) => h.trim().replace(/^@/, '').toLowerCase();

/** Handles compared case-insensitively, a leading `@` ignored. */
export function sameHandle(asked: string, got: unknown): boolean {
  return typeof got === 'string' && normHandle(got) === normHandle(asked);
}

/** Ids compared as strings (`123` and `"123"` are one id). */
export function sameId(asked: string | number, got: unknown): boolean {
  return (typeof got === 'string' || typeof got === 'number') && String(got) === String(asked);
}

/**
 * Throws UPSTREAM_FAILED unless `got` is the resource `asked` describes. Only what both sides
 * state is compared: an answer that carries no id cannot be checked by id (its parser decides
 * whether an id is required).
 */
export function assertSameResource(platform: string, what: string, asked: AskedFor, got: Answered): void {
  const problems: string[] = [];
  if (asked.type !== undefined && got.type !== undefined && got.type !== null && got.type !== asked.type)
    problems.push(`a ${String(got.type)} resource, not ${asked.type}`);
  if (
    asked.id !== undefined &&
    got.id !== undefined &&
    got.id !== null &&
    !sameId(asked.id, got.id) &&
    !(asked.alsoId !== undefined && sameId(asked.alsoId, got.id))
  ) {
    problems.push(`id ${String(got.id)}, not ${String(asked.id)}`);
  }
  if (asked.handle !== undefined && got.handle !== undefined && got.handle !== null && !sameHandle(asked.handle, got.handle))
    problems.push(`handle ${String(got.handle)}, not ${asked.handle}`);
  if (problems.length) {
    const e = upstreamFailed(`${platform}: the upstream answered ${what} with a different resource (${problems.join('; ')})`);
    wrongResource.add(e);
    throw e;
  }
}

const wrongResource = new WeakSet<object>();

/**
 * Whether `e` is the error of `assertSameResource` (an answer about another resource): a caller
 * that falls back (a page after the API) and would otherwise report the first path's failure
 * reports this one — the upstream's own statement that the resource is not the asked one.
 */
export function isWrongResource(e: unknown): boolean {
  return typeof e === 'object' && e !== null && wrongResource.has(e);
}

/**
 * Whether the author an item of an account's list states (a status, a post's byline) is that
 * account: the same id, and the same handle where the author states one. `idFromCursor`: the id
 * came from a caller's paging cursor, not from the account's own lookup, so it proves nothing
 * alone (a hand-made cursor may carry another account's id) — the author must state the handle.
 * An item stating no author passes, unless the id came from a cursor.
 */
export function byListOwner(
  author: { id: unknown; handle: unknown } | null,
  owner: { id: string | number; handle: string },
  idFromCursor: boolean,
): boolean {
  if (!author) return !idFromCursor;
  if (!sameId(owner.id, author.id)) return false;
  return author.handle != null ? sameHandle(owner.handle, author.handle) : !idFromCursor;
}

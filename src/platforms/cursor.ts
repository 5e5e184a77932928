/**
 * Cursors the gateway makes itself: an upstream's paging token bound to what it pages (a
 * channel and tab, a query, an account), as base64url JSON. Opaque to callers, checked on the way
 * back in by each operation (a cursor of another list is INVALID_INPUT, never another list's page).
 */
import { isObj } from '../parse/index.js';
import type { Obj } from '../parse/index.js';

export const encodeCursor = (fields: object): string => Buffer.from(JSON.stringify(fields)).toString('base64url');

/** The fields of a cursor this gateway made, or null for anything else (the operation checks each field). */
export function decodeCursor(raw: string): Obj | null {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    return isObj(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * The upstream's token for the next page, or null at the end: no token, or the very token this
 * page was asked with (an upstream looping). Offered as `next`, a page's own token would page a
 * client through the same page for ever.
 */
export const nextToken = <T extends string | number>(asked: T | null | undefined, next: T | null | undefined): T | null =>
  next !== null && next !== undefined && next !== '' && next !== asked ? next : null;

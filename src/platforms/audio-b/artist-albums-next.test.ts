/**
 * An artist's further albums pages (`…/artists/<id>/albums?offset=N`, read within one artist
 * request, at most MORE_ALBUM_PAGES): a `next` whose offset is not past the page's own — Apple
 * looping, A → A or A → B → A — ends the list (warned), so no album is read twice and added as a
 * new one. The answers are our own (samples.ts albumResource, invented ids and names).
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { artistAlbumsPage } from './parse.js';
import { albumResource } from './samples.js';

const ARTIST = '900000077';
const albums = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => albumResource(String(900001000 + from + i), `Album ${from + i + 1}`));
const page = (from: number, n: number, nextOffset: number | null) => ({
  ...(nextOffset === null ? {} : { next: `/v1/catalog/us/artists/${ARTIST}/albums?offset=${nextOffset}` }),
  data: albums(from, n),
});

describe('artistAlbumsPage: the next offset must be past the page read', () => {
  it('a next page after it pages on, unwarned', () => {
    const { result, warnings } = captureWarnings(() => artistAlbumsPage(page(25, 100, 125), ARTIST, 25));
    expect([result.albums.length, result.nextOffset, warnings]).toEqual([100, 125, []]);
  });

  it('the page at 25 naming 25 again (A → A) is the last, warned', () => {
    const { result, warnings } = captureWarnings(() => artistAlbumsPage(page(25, 100, 25), ARTIST, 25));
    expect([result.albums.length, result.nextOffset]).toEqual([100, null]);
    expect(warnings.map((w) => w.field)).toEqual(['artist.albums.next']);
  });

  it('the page at 125 naming 25 (A → B → A) is the last, warned', () => {
    const { result, warnings } = captureWarnings(() => artistAlbumsPage(page(125, 100, 25), ARTIST, 125));
    expect(result.nextOffset).toBeNull();
    expect(warnings.map((w) => w.field)).toEqual(['artist.albums.next']);
  });
});

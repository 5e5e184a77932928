/**
 * The retail-shop record (api.md "Retail-shop page") as data: the parser's type, the
 * /openapi.json response schema and what REST bodies are checked against. Nullable fields:
 * README.md.
 */
import { z } from 'zod';
import { named, NInt, NNum, NStr, Str, Strs } from '../records.js';

export const RetailShopList = z.strictObject({ title: NStr, itemCount: NInt, image: NStr, url: Str });
export type RetailShopList = z.infer<typeof RetailShopList>;

export const RetailShopVideo = z.strictObject({ id: Str, title: NStr, thumbnail: NStr, asins: Strs });
export type RetailShopVideo = z.infer<typeof RetailShopVideo>;

export const RetailShopTrendingPick = z.strictObject({
  url: Str,
  image: NStr,
  price: NNum,
  /** Percent off, as the storefront shows it (29 for "-29%"). */
  discount: NNum,
});
export type RetailShopTrendingPick = z.infer<typeof RetailShopTrendingPick>;

export const RetailShopCuration = z.strictObject({ title: NStr, postCount: NInt, image: NStr, url: Str });
export type RetailShopCuration = z.infer<typeof RetailShopCuration>;

export const RetailShopPage = named(
  'RetailShopPage',
  z.strictObject({
    avatar: NStr,
    name: NStr,
    description: NStr,
    socials: Strs,
    lists: z.array(RetailShopList),
    videos: z.array(RetailShopVideo),
    trendingPicks: z.array(RetailShopTrendingPick),
    curations: z.array(RetailShopCuration),
    /** Opaque next-page token; null on the last page. */
    pageToken: NStr,
  }),
);
export type RetailShopPage = z.infer<typeof RetailShopPage>;

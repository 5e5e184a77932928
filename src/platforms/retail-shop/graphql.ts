/**
 * GraphQL types and root field for retail-shop (Amazon creator storefronts). The wire record's
 * names are already camelCase (api.md), so typed fields expose them as they are, plus `json`.
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type { RetailShopCuration, RetailShopList, RetailShopPage, RetailShopTrendingPick, RetailShopVideo } from './parse.js';
import { shop } from './platform.js';

/** Declares retail-shop's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function retailShopGraphql(): void {
  const ListRef = builder.objectRef<RetailShopList>('RetailShopList').implement({
    description: "An idea list on the creator's storefront",
    fields: (t) => ({
      title: t.exposeString('title'),
      itemCount: t.exposeInt('itemCount', { description: 'Items in the list, as the storefront counts them' }),
      image: t.exposeString('image'),
      url: t.exposeString('url', { nullable: false }),
    }),
  });

  const VideoRef = builder.objectRef<RetailShopVideo>('RetailShopVideo').implement({
    description: 'A shoppable video on the storefront',
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      title: t.exposeString('title'),
      thumbnail: t.exposeString('thumbnail'),
      asins: t.exposeStringList('asins', { nullable: false, description: 'Products attached to the video' }),
    }),
  });

  const TrendingPickRef = builder.objectRef<RetailShopTrendingPick>('RetailShopTrendingPick').implement({
    description: "A product in the storefront's trending picks",
    fields: (t) => ({
      url: t.exposeString('url', { nullable: false }),
      image: t.exposeString('image'),
      price: t.exposeFloat('price'),
      discount: t.exposeFloat('discount', { description: 'Percent off, as shown (29 for -29%)' }),
    }),
  });

  const CurationRef = builder.objectRef<RetailShopCuration>('RetailShopCuration').implement({
    description: 'A curation (a collection of posts) on the storefront',
    fields: (t) => ({
      title: t.exposeString('title'),
      postCount: t.exposeInt('postCount'),
      image: t.exposeString('image'),
      url: t.exposeString('url', { nullable: false }),
    }),
  });

  const StorefrontRef = builder.objectRef<RetailShopPage>('RetailShopStorefront').implement({
    description: 'One page of a creator storefront. Profile fields, trending picks and curations are on the first page only.',
    fields: (t) => ({
      avatar: t.exposeString('avatar'),
      name: t.exposeString('name'),
      description: t.exposeString('description'),
      socials: t.exposeStringList('socials', { nullable: false }),
      lists: t.expose('lists', { type: [ListRef], nullable: false }),
      videos: t.expose('videos', { type: [VideoRef], nullable: false }),
      trendingPicks: t.expose('trendingPicks', { type: [TrendingPickRef], nullable: false }),
      curations: t.expose('curations', { type: [CurationRef], nullable: false }),
      pageToken: t.exposeString('pageToken', {
        description: 'Opaque: pass unchanged as `pageToken` (same url) for the next page; null on the last page',
      }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(shop, StorefrontRef);
}

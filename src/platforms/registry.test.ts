/**
 * What a platform's definition alone gives it outside its folder (docs/architecture.md "Adding a
 * platform"): a link-in-bio platform (its `links` say `linkInBio` and give `pageUrl`) with an
 * operation taking the page `url` is classified by the shared link classifier and read by creator
 * discovery through that operation — with no entry anywhere else. Run over the registry, so a
 * platform added later is checked as it is listed, and a hand-kept list replacing the derivation
 * fails here for the first platform it misses.
 */
import { describe, expect, it } from 'vitest';
import { classifyLink, isLinkInBioHost } from '../links/classify.js';
import type { LookupFetcher } from '../discovery/fetcher.js';
import { fetchLinkPage, linkPageOf } from '../discovery/linkpages.js';
import type { OperationDef } from './operation.js';
import { platforms } from './registry.js';

const HANDLE = 'nightowl';

/** The registry's link-in-bio platforms with a page operation (a required `url`), as discovery should find them. */
const linkPagePlatforms = platforms.flatMap((p) => {
  const op = p.operations.find((o) => o.params.some((x) => x.name === 'url' && x.required));
  return p.links?.linkInBio && p.links.pageUrl && op ? [{ label: p.label, pageUrl: p.links.pageUrl(HANDLE), op }] : [];
});

describe('a link-in-bio platform is handled from its definition alone', () => {
  it('the registry has such platforms (this suite checks something)', () => {
    expect(linkPagePlatforms.length).toBeGreaterThan(0);
  });

  for (const { label, pageUrl, op } of linkPagePlatforms) {
    it(`${label}: its page URL is classified as its own, and discovery reads it through ${op.field}`, async () => {
      expect(classifyLink(pageUrl)).toMatchObject({ platform: label });
      expect(isLinkInBioHost(pageUrl), `${pageUrl} is a link-in-bio host`).toBe(true);
      expect(linkPageOf(pageUrl), 'discovery takes it for a link page').toBe(pageUrl);

      const read: string[] = [];
      const fetcher = {
        read: async (o: OperationDef) => {
          read.push(o.field);
          return { displayName: 'Night Owl', links: [{ url: 'https://norahollis.example/' }] };
        },
      } as unknown as LookupFetcher;
      const view = await fetchLinkPage(fetcher, pageUrl);
      expect(read, `discovery reads ${pageUrl} through its platform's operation`).toEqual([op.field]);
      expect(view).toMatchObject({ url: pageUrl, links: ['https://norahollis.example/'] });
    });
  }
});

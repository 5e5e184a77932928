/** One find-social-profiles lookup on a five.ts world (source: the creator's Instagram; web search on; a Tumblr key set). */
import { webContext } from '../support/discovery-context.js';
import { parseSourceHandle } from '../../src/discovery/input.js';
import { runDiscovery } from '../../src/discovery/pipeline.js';
import type { DiscoveryWeb } from '../../src/discovery/sample-web.js';

export async function lookupFive(web: DiscoveryWeb, handle: string) {
  const ref = parseSourceHandle('social-b', handle);
  if (!ref.ok) throw new Error(ref.message);
  const { ctx } = webContext(web, {}, { env: { TUMBLR_API_KEY: 'sim-tumblr-key' } });
  return (await runDiscovery(ctx, 'social-b', ref.ref, { emails: false, internal: null })).profiles;
}

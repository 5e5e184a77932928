import { describe, expect, it } from 'vitest';
import type { Route } from '../replay/server.js';
import { platforms } from '../platforms/registry.js';
import { PLATFORM_DEMOS } from './platforms.js';
import { platformRoutes } from './routes.js';

const route = (host: string): Route => ({ host, path: '/', response: { body: '' } });

describe('the demo collects each platform folder’s demo routes through the registry', () => {
  it('every label with demo data is a registered platform', () => {
    const labels = platforms.map((p) => p.label);
    for (const label of Object.keys(PLATFORM_DEMOS)) expect(labels).toContain(label);
  });

  it('a label the registry does not know is refused, naming it', () => {
    expect(() => platformRoutes({ forum: () => [], 'forum-old': () => [] })).toThrow(/forum-old/);
  });

  it("routes come in the registry's order, each platform's once", () => {
    const [first, second] = platforms.map((p) => p.label);
    const routes = platformRoutes({ [second]: () => [route('b.example')], [first]: () => [route('a.example')] });
    expect(routes.map((r) => r.host)).toEqual(['a.example', 'b.example']);
  });

  it('each platform’s own routes are served (social-a: its city events page)', () => {
    expect(platformRoutes().some((r) => r.host === 'www.facebook.com' && String(r.path).startsWith('/events/explore/'))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createRequestActivity, SERVING_WINDOW_MS } from './activity.js';

describe('request activity', () => {
  it('serving from a single request until SERVING_WINDOW_MS after the last one began', () => {
    let now = 5_000;
    const a = createRequestActivity(() => now);
    expect(a.serving()).toBe(false);
    a.seen();
    expect(a.serving()).toBe(true);
    now += SERVING_WINDOW_MS - 1;
    expect(a.serving()).toBe(true);
    a.seen();
    now += SERVING_WINDOW_MS - 1;
    expect(a.serving()).toBe(true);
    now += 1;
    expect(a.serving()).toBe(false);
  });
});

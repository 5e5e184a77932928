/**
 * warmTextPatterns (App.warm, once the server listens): after it, a lookup's first texts are read
 * at once rather than waiting for V8 to compile the relation and phrase patterns (~0.1–0.3 s a
 * text on a fresh process, for Latin-1 texts and again for texts beyond it). This file must be
 * the first in its process to use those patterns (vitest gives each test file its own modules).
 */
import { describe, expect, it } from 'vitest';
import { cpuMs } from '../../test/support/cpu-time.js';
import { countingTurns } from '../../test/support/turns.js';
import { markersOf } from './markers.js';
import { namesRelation } from './relations.js';
import { warmTextPatterns } from './warm-patterns.js';

describe('warmTextPatterns', () => {
  it('leaves the first texts of both kinds to be read in milliseconds, and lets the event loop turn meanwhile', async () => {
    const { turns } = await countingTurns(() => warmTextPatterns());
    // Requests are answered between its steps: the loop turned while it ran.
    expect(turns).toBeGreaterThan(5);

    // Texts it never saw, that name a relation or not, in Latin-1 alone and beyond it.
    for (const text of [
      'Cooking videos with my brother, editor of everything',
      'Follow my sister @lunacrafts 💖',
      'Fan page of @mirasol — not affiliated',
      'Мой менеджер: @ivan.mgmt',
      'friends and family’s favourite baker',
    ]) {
      const started = cpuMs();
      namesRelation(text);
      markersOf({ handle: 'mirasol_fans', displayName: text, bio: text }, ['mirasol']);
      // Compiling a pattern costs 100–300 ms; reading a short text with it, under a millisecond.
      expect(cpuMs() - started, text).toBeLessThan(40);
    }
  });
});

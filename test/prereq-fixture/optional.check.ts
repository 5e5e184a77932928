// A peer example missing from a directory that exists: what the shared data holds, not a broken
// install, so skipped and listed even under CI=true.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasPeerExample } from '../support/fixtures.js';

describe.skipIf(!hasPeerExample(fileURLToPath(new URL('./no-such-example.json', import.meta.url))))('an optional peer example', () => {
  it('compares', () => expect(true).toBe(true));
});

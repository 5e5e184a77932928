// A suite whose system tool is not installed anywhere, beside one that needs nothing.
import { describe, expect, it } from 'vitest';
import { requireTool, titled } from '../prereq.js';

const TOOL = requireTool('cl-no-such-tool', {
  probe: ['--version'],
  install: 'apt-get install -y cl-no-such-tool',
  needs: 'the imaginary suite',
});

describe.skipIf(TOOL.skip)(titled('needs cl-no-such-tool', TOOL), () => {
  it('would use it', () => expect(TOOL.skip).toBe(false));
});

describe('needs nothing', () => {
  it('runs', () => expect(1 + 1).toBe(2));
});

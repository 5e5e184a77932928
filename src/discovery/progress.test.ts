import { describe, expect, it } from 'vitest';
import { progressEntries, reportProgress, watchProgress } from './progress.js';
import type { SourceStage } from './progress.js';

const stage = (handle: string): SourceStage => ({
  source: { platform: 'social-b', handle, url: `https://www.instagram.com/${handle}/` },
  profile: { platform: 'social-b', handle, url: `https://www.instagram.com/${handle}/`, confidence: 1, evidence: ['source_profile'] },
});

describe('lookup progress', () => {
  it('a watcher that comes first is told when the lookup reports; one that comes later is told at once', async () => {
    const early = watchProgress('k1');
    const lookup = reportProgress('k1');
    lookup.source(stage('owl'));
    const late = watchProgress('k1');
    expect(await early.source).toEqual(stage('owl'));
    expect(await late.source).toEqual(stage('owl'));
    lookup.done();
    early.release();
    late.release();
    expect(progressEntries()).toBe(0);
  });

  it('other keys are not told; a lookup that never reports leaves nothing behind once released', async () => {
    const other = watchProgress('k2');
    const lookup = reportProgress('k3');
    lookup.source(stage('owl'));
    const told = await Promise.race([other.source.then(() => true), new Promise((r) => setTimeout(() => r(false), 20))]);
    expect(told).toBe(false);
    lookup.done();
    other.release();
    other.release();
    expect(progressEntries()).toBe(0);
  });

  it('a new lookup of the same key starts without the previous one’s stage', async () => {
    const held = watchProgress('k4');
    const first = reportProgress('k4');
    first.source(stage('first'));
    first.done();
    const second = reportProgress('k4');
    const watcher = watchProgress('k4');
    second.source(stage('second'));
    expect((await watcher.source).source.handle).toBe('second');
    expect((await held.source).source.handle).toBe('first');
    for (const x of [held, watcher]) x.release();
    second.done();
    expect(progressEntries()).toBe(0);
  });
});

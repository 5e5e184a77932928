import { describe, expect, it } from 'vitest';
import { progressEntries, reportProgress, watchProgress } from './progress.js';
import type { ProfileIdentity, ProgressWatcher, SourceStage } from './progress.js';

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

  const profile = (handle: string): ProfileIdentity => ({ platform: 'shortvideo', handle, url: `https://www.tiktok.com/@${handle}` });
  /** Everything the watcher's profiles() yields until it ends. */
  const drain = async (w: ProgressWatcher) => {
    const out: string[] = [];
    for await (const p of w.profiles()) out.push(p.handle);
    return out;
  };

  it('profiles: those settled before the watcher came, then each as it is settled; the list ends with the run', async () => {
    const lookup = reportProgress('p1');
    lookup.source(stage('owl'));
    lookup.profile(profile('a'));
    const w = watchProgress('p1');
    const seen: string[] = [];
    const reading = (async () => {
      for await (const p of w.profiles()) seen.push(p.handle);
    })();
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual(['a']);
    lookup.profile(profile('b'));
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual(['a', 'b']);
    lookup.profile(profile('c'));
    lookup.done();
    await reading;
    expect(seen).toEqual(['a', 'b', 'c']);
    // Nothing after the end.
    lookup.profile(profile('d'));
    expect(await drain(w)).toEqual(['a', 'b', 'c']);
    w.release();
    expect(progressEntries()).toBe(0);
  });

  it('a watcher follows only its own run: one that starts after a run is done waits for the next, never seeing the done run’s profiles', async () => {
    const held = watchProgress('p2');
    const first = reportProgress('p2');
    first.profile(profile('first'));
    first.done();
    const late = watchProgress('p2');
    const second = reportProgress('p2');
    second.profile(profile('second'));
    second.done();
    expect(await drain(held)).toEqual(['first']);
    expect(await drain(late)).toEqual(['second']);
    for (const w of [held, late]) w.release();
    expect(progressEntries()).toBe(0);
  });

  it('release ends the list at once (a lookup that runs elsewhere, or that never reports, leaves nothing behind)', async () => {
    const w = watchProgress('p3');
    const reading = drain(w);
    await new Promise((r) => setTimeout(r, 5));
    w.release();
    expect(await reading).toEqual([]);
    // A run that starts after the watcher left does not reach it.
    const lookup = reportProgress('p3');
    lookup.profile(profile('a'));
    expect(await drain(w)).toEqual([]);
    lookup.done();
    expect(progressEntries()).toBe(0);
  });
});

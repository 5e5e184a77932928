/**
 * `npm run monitors` against a gateway over HTTP: create, list, show, changes, delete; the
 * gateway's refusals printed with each problem's parameter (exit 1), usage errors exit 2.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setMonitorClock } from '../../src/monitors/clock.js';
import { runMonitorsCli } from '../../src/monitors/cli.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { codeUser, monitorOf, testClock, waitFor } from './helpers.js';

const t = testClock();
let h: Harness;
const user = codeUser('octo-cli');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2030-04-01T00:00:00Z'));
  setMonitorClock(t.clock);
  h = await startHarness();
  h.replay.add(user.route);
});
afterAll(async () => {
  await h.close();
  setMonitorClock(null);
  vi.useRealTimers();
});

function io() {
  const logs: string[] = [];
  const errors: string[] = [];
  return { out: { log: (l: string) => logs.push(l), error: (l: string) => errors.push(l) }, logs, errors };
}

describe('npm run monitors', () => {
  it('create, list, show, changes, delete', async () => {
    const { key } = await h.key(10);
    const base = ['--url', h.url, '--key', key];
    const made = io();
    const args = ['create', '--op', '/v1/code/user', '--param', 'handle=octo-cli', '--every', '1h', '--watch', 'user.bio,user.followers'];
    expect(await runMonitorsCli([...args, ...base], {}, made.out)).toBe(0);
    expect(made.errors).toEqual([]);
    const id = /^created (mon_\w+) /.exec(made.logs[0])![1];
    expect(made.logs[0]).toContain('active');
    expect(made.logs[1]).toBe('watching user.bio, user.followers');
    await waitFor(async () => (await monitorOf(h, key, id)).runs === 1);
    user.state.bio = 'Celadon glazes.';
    t.advance(3_600_000);
    await waitFor(async () => (await monitorOf(h, key, id)).runs === 2);

    const list = io();
    // The key from the environment, as CL_API_KEY.
    expect(await runMonitorsCli(['list', '--url', h.url], { CL_API_KEY: key }, list.out)).toBe(0);
    expect(list.logs).toEqual([
      expect.stringMatching(new RegExp(`^${id}  active .* /v1/code/user handle=octo-cli  runs 2, 2 credits, next `)),
      '1 monitor',
    ]);
    const show = io();
    expect(await runMonitorsCli(['show', id, ...base], {}, show.out)).toBe(0);
    expect(JSON.parse(show.logs.join('\n'))).toMatchObject({ id, runs: 2, watch: ['user.bio', 'user.followers'] });
    const changes = io();
    expect(await runMonitorsCli(['changes', id, ...base], {}, changes.out)).toBe(0);
    expect(changes.logs).toEqual([expect.stringMatching(/^\S+Z {2}user\.bio: "Tools for potters\." → "Celadon glazes\."$/), '1 change']);
    const del = io();
    expect(await runMonitorsCli(['delete', id, ...base], {}, del.out)).toBe(0);
    expect(del.logs).toEqual([`deleted ${id}`]);
    const gone = io();
    expect(await runMonitorsCli(['show', id, ...base], {}, gone.out)).toBe(1);
    expect(gone.errors[0]).toMatch(/^NOT_FOUND: /);
  });

  it("prints the gateway's refusal with each parameter; usage errors exit 2", async () => {
    const { key } = await h.key(0);
    const bad = io();
    expect(
      await runMonitorsCli(
        ['create', '--op', '/v1/code/user', '--param', 'handle=a b', '--every', '2h', '--url', h.url, '--key', key],
        {},
        bad.out,
      ),
    ).toBe(1);
    expect(bad.errors[0]).toMatch(/^INVALID_INPUT: .*\n {2}params\.handle: .*\n {2}every: /s);
    const noKey = io();
    expect(await runMonitorsCli(['list', '--url', h.url], {}, noKey.out)).toBe(2);
    expect(noKey.errors).toEqual(['No API key: pass --key or set CL_API_KEY.']);
    const usage = io();
    expect(await runMonitorsCli(['create', '--url', h.url, '--key', key], {}, usage.out)).toBe(2);
    expect(usage.errors.join('\n')).toContain("required option '--op <path>'");
  });
});

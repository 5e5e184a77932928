/**
 * Monitors on a fake clock: Date is faked (vitest, Date only — it keeps flowing with real time)
 * and the monitors' scheduler takes its timers from `testClock`, so a test moves time on by hours
 * in a moment and the due runs fire; the cache, the ledger and webhook signatures see that same
 * time. Plus a user answer of the code platform (GitHub's API shapes) that a test changes between
 * runs.
 */
import { vi } from 'vitest';
import type { Clock } from '../../src/monitors/clock.js';
import type { RecordedResponse, Route } from '../../src/replay/server.js';
import { call } from '../jobs/helpers.js';
import type { Harness } from '../harness.js';

export { call, verifySignature, waitFor } from '../jobs/helpers.js';

export function testClock() {
  const timers = new Set<{ when: number; fn: () => void }>();
  const clock: Clock = {
    now: () => Date.now(),
    at(when, fn) {
      const t = { when, fn };
      timers.add(t);
      return () => void timers.delete(t);
    },
  };
  return {
    clock,
    /** Timers set and not fired. */
    pending: () => [...timers].map((t) => t.when),
    /** Moves time on by `ms` and fires the timers due by then. */
    advance(ms: number) {
      vi.setSystemTime(Date.now() + ms);
      for (const t of [...timers]) {
        if (t.when <= Date.now()) {
          timers.delete(t);
          t.fn();
        }
      }
    },
    /** Moves time on without firing anything (the process was down meanwhile). */
    skip(ms: number) {
      vi.setSystemTime(Date.now() + ms);
    },
  };
}

const json = (body: unknown, status = 200): RecordedResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});

/** A code-platform account whose answer the test sets before each run (`state`); `gone` answers 404. */
export function codeUser(login: string) {
  const state = {
    bio: 'Tools for potters.',
    email: null as string | null,
    followers: 340,
    accounts: ['https://www.instagram.com/octo.studio'] as string[],
    gone: false,
  };
  const route: Route = {
    host: 'api.github.com',
    path: new RegExp(`^/users/${login}(/social_accounts)?$`),
    response: (req) => {
      if (state.gone) return json({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }, 404);
      if (req.path.endsWith('/social_accounts')) return json(state.accounts.map((url) => ({ provider: 'generic', url })));
      return json({
        login,
        id: 5_000_001,
        node_id: 'U_kgDOTEST01',
        type: 'User',
        name: 'Octo Studio',
        company: null,
        blog: 'octo.example',
        location: 'Leeds',
        email: state.email,
        hireable: null,
        bio: state.bio,
        twitter_username: null,
        public_repos: 12,
        public_gists: 1,
        followers: state.followers,
        following: 2,
        avatar_url: 'https://avatars.example.com/octo.png',
        html_url: `https://github.com/${login}`,
        created_at: '2019-04-01T10:00:00Z',
        updated_at: '2026-01-02T03:04:05Z',
      });
    },
  };
  return { state, route };
}

/** The monitor as GET /v1/monitors/{id} shows it. */
export async function monitorOf(h: Pick<Harness, 'url'>, key: string, id: string): Promise<any> {
  const r = await call(h, 'GET', `/v1/monitors/${id}`, { key });
  if (r.status !== 200) throw new Error(`GET monitor: ${r.status} ${r.text}`);
  return r.body.monitor;
}

/** A new monitor's store fields (a code user's followers, daily, due tomorrow), with its id and key. */
export function aMonitor(id: string, keyId: string) {
  return {
    id,
    key_id: keyId,
    operation: '/v1/code/user',
    params: '{"user":"octo-redis"}',
    every: '1d',
    interval_ms: 86_400_000,
    watch: '["user.followers"]',
    webhook_url: null,
    webhook_secret: null,
    max_credits_per_day: null,
    next_run_at: Date.now() + 86_400_000,
  };
}

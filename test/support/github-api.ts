/**
 * The GitHub API unit tests' shared set-up (src/platforms/code/*.test.ts): one replay context with
 * code's walls for the file, reset before each test; the parser warnings seen during each test
 * (`platform:field`, the async fetches' too); and a route answering one API path, by `page`.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { onParserWarning } from '../../src/observability/warn.js';
import { walls } from '../../src/platforms/code/walls.js';
import type { RecordedResponse } from '../../src/replay/server.js';
import { startReplayContext } from './replay-upstream.js';
import type { ReplayContext } from './replay-upstream.js';

export const GITHUB_API_HOST = 'api.github.com';

export interface GithubApiTests {
  /** The replay context (set before the file's tests run). */
  readonly t: ReplayContext;
  /** Parser warnings of the running test, as `platform:field`. */
  readonly seen: string[];
  /** Answers `path` on api.github.com: one answer, or one per `page` query value. */
  serve(path: string, answer: RecordedResponse | ((page: string | null) => RecordedResponse)): void;
}

export function useGithubApi(): GithubApiTests {
  let t: ReplayContext | undefined;
  let seen: string[] = [];
  let stop = () => {};
  beforeAll(async () => {
    t = await startReplayContext({ walls: { code: walls } });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    t!.replay.reset();
    seen = [];
    stop = onParserWarning((platform, field) => seen.push(`${platform}:${field}`));
  });
  afterEach(() => stop());
  return {
    get t() {
      return t!;
    },
    get seen() {
      return seen;
    },
    serve(path, answer) {
      t!.replay.add({
        host: GITHUB_API_HOST,
        path,
        response: (req) => (typeof answer === 'function' ? answer(req.query.get('page')) : answer),
      });
    },
  };
}

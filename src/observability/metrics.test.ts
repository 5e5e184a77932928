import { describe, expect, it } from 'vitest';
import { outcomeOfExchange } from './metrics.js';

describe('outcomeOfExchange', () => {
  it.each([
    ['ok', 'ok'],
    ['http_404', 'not_found'],
    ['http_410', 'not_found'],
    ['http_401', 'blocked'],
    ['http_403', 'blocked'],
    // A web application firewall's block (Fastly Next-Gen WAF's default status), as expectOk reads it.
    ['http_406', 'blocked'],
    ['http_429', 'blocked'],
    ['http_500', 'failed'],
    ['http_400', 'failed'],
    ['upstream_blocked', 'blocked'],
    ['upstream_timeout', 'timeout'],
  ])('%s → %s', (exchange, outcome) => {
    expect(outcomeOfExchange(exchange)).toBe(outcome);
  });
});

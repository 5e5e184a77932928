/**
 * A REST body without api.md's common envelope (src/rest/contract.ts ENVELOPE_SHAPE: success,
 * credits, cache marks): the record the body carries, for comparing with GraphQL's `json` or a
 * cached answer.
 */
import { ENVELOPE_SHAPE } from '../../src/rest/contract.js';

const ENVELOPE_KEYS = new Set(Object.keys(ENVELOPE_SHAPE));

export const withoutEnvelope = (body: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(body).filter(([k]) => !ENVELOPE_KEYS.has(k)));

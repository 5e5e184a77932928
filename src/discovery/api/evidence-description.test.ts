/**
 * `DiscoveredProfile.evidence`'s GraphQL description names every label the field can hold and
 * which of them count against a candidate — derived from types.ts and evidence.ts, not written
 * out a second time (a hand-written list had left out the identity proofs, paired_account among
 * them, and had website_credit, whose weight is negative, as not counting against).
 */
import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../graphql/schema.js';
import { CANDIDATE_WEIGHTS } from '../evidence.js';
import { EVIDENCE_LABELS } from '../types.js';

describe('the evidence field’s description', () => {
  const type = buildSchema().getType('DiscoveredProfile');
  const description = isObjectType(type) ? (type.getFields().evidence.description ?? '') : '';

  it('names every evidence label', () => {
    for (const label of EVIDENCE_LABELS) expect(description, label).toMatch(new RegExp(`\\b${label}\\b`));
  });

  it('says which count against a candidate: exactly the labels of negative weight', () => {
    const against = /\(([^()]*) count against it\)/.exec(description)?.[1].split(', ');
    expect(against?.sort()).toEqual(EVIDENCE_LABELS.filter((l) => (CANDIDATE_WEIGHTS[l] ?? 0) < 0).sort());
  });
});

/**
 * The schema index declares every listed operation's root field, and the start-up check says
 * which part is missing when one is not.
 */
import { describe, expect, it } from 'vitest';
import { allOperations } from '../gateway.js';
import type { OperationDef } from '../platforms/operation.js';
import { buildSchema, checkRootFields } from './schema.js';

describe('the schema index', () => {
  const schema = buildSchema();

  it('declares a root field for every operation the gateway lists, and none for another', () => {
    expect(() => checkRootFields(schema, allOperations())).not.toThrow();
  });

  it('an operation without its root field, or a root field of an unlisted operation, fails the start-up check', () => {
    const ops = allOperations();
    const unlisted: OperationDef = { ...ops[0], field: 'notDeclaredAnywhere' };
    expect(() => checkRootFields(schema, [...ops, unlisted])).toThrow(/notDeclaredAnywhere has no GraphQL root field/);
    expect(() => checkRootFields(schema, ops.slice(1))).toThrow(
      new RegExp(`root field ${ops[0].field} runs an operation no registry entry lists`),
    );
  });
});

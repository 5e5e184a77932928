/**
 * The schema index declares every listed operation's root field, and the start-up check says
 * which part is missing when one is not. A platform's GraphQL function comes from its folder (the
 * generated list), called in the registry's order: adding a platform does not touch the index.
 */
import { describe, expect, it } from 'vitest';
import { allOperations } from '../gateway.js';
import type { PlatformDefinition } from '../platforms/definition.js';
import type { OperationDef } from '../platforms/operation.js';
import { platforms } from '../platforms/registry.js';
import { PLATFORM_GRAPHQL } from './platforms.js';
import { buildSchema, checkRootFields, declarePlatformTypes } from './schema.js';

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

  it("calls each registered platform's GraphQL function from its folder's list, in the registry's order", () => {
    // Toy definitions built here, in memory: no folder, no registry line.
    const toy = (label: string): PlatformDefinition => ({ label, hosts: [`${label}.example`], operations: [] });
    const called: string[] = [];
    const declare = { 'toy-a': () => called.push('toy-a'), 'toy-b': () => called.push('toy-b') };
    declarePlatformTypes([toy('toy-b'), toy('toy-none'), toy('toy-a')], declare);
    expect(called).toEqual(['toy-b', 'toy-a']);
    expect(() => declarePlatformTypes([toy('toy-a')], declare)).toThrow(/registry does not list: toy-b/);
  });

  it("the generated list holds exactly the registered platforms' folders' functions", () => {
    expect(Object.keys(PLATFORM_GRAPHQL).sort()).toEqual(platforms.map((p) => p.label).sort());
  });
});

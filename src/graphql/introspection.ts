/**
 * Introspection-only operations (`__schema`, `__type`, `__typename` at the root), answered
 * without graphql-js's executor: a keyless caller may send them (GraphiQL's docs panel must
 * load), and graphql-js takes ~8 ms of the event loop for one full introspection of this schema
 * (20–60 ms cold) — each distinct text a caller makes up (a field left out, another order)
 * costs that again. The walk takes about a third of that. This walks the operation's selections over the schema with graphql-js's own
 * introspection resolvers (`__Type.fields`, `__Schema.types`, …) and type definitions, so the
 * answer is graphql-js's, at a fraction of the cost (test/graphql/introspection.test.ts compares
 * the two over GraphiQL's queries and randomly generated ones).
 *
 * Valid documents only (the caller has validated them, and checked the document limits); a
 * case this walker does not model (a resolver that throws, an argument that does not coerce)
 * returns null, and the caller runs graphql-js instead.
 */
import {
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  getArgumentValues,
  getDirectiveValues,
  isAbstractType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  typeFromAST,
} from 'graphql';
import type {
  DirectiveNode,
  DocumentNode,
  ExecutionResult,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLField,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLResolveInfo,
  GraphQLSchema,
  InlineFragmentNode,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';
import type { IntrospectionOptions } from 'graphql';

/**
 * Every option of graphql-js's getIntrospectionQuery on, as GraphiQL and code generators ask
 * (descriptions, specifiedByUrl, isRepeatable, the schema's description, input-value deprecation,
 * oneOf): the largest standard introspection.
 */
export const ALL_INTROSPECTION_OPTIONS: IntrospectionOptions = {
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
  oneOf: true,
};

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  /**
   * What to do for each object of a type under one selection set, worked out once per walk:
   * the same selection set applies to every element of a list (each of the schema's types, each
   * field's type reference), and its fields, arguments and resolvers do not change.
   */
  plans: Map<SelectionSetNode, Map<GraphQLObjectType, Step[]>>;
  /**
   * In slices (answerIntrospectionInSlices): the outermost lists of objects are filled by one job
   * per element, run between turns of the event loop; null: everything at once.
   */
  jobs: (() => void)[] | null;
}

/** One response key of an object: __typename, or a field with its arguments and sub-selections. */
interface Step {
  key: string;
  typename: boolean;
  def: GraphQLField<unknown, unknown> | null;
  args: Record<string, unknown>;
  info: GraphQLResolveInfo | null;
  nodes: FieldNode[];
}

/** Something graphql-js would answer differently (an error): the caller runs graphql-js. */
class Unmodelled extends Error {}

/**
 * The answer to an introspection-only query operation, as graphql-js's `execute` gives it; null
 * when graphql-js should answer (see above). `variables` are the operation's coerced values.
 */
export function answerIntrospection(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): ExecutionResult | null {
  const w = walkOf(schema, document, operation, variables, null);
  if (!w) return null;
  try {
    return { data: objectOf(w, w.queryType, undefined, [operation.selectionSet]) };
  } catch (e) {
    if (e instanceof Unmodelled) return null;
    throw e;
  }
}

/** A walk of `operation`, or null when it is not a query this walker answers. */
function walkOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  jobs: Walk['jobs'],
): (Walk & { queryType: GraphQLObjectType }) | null {
  const queryType = schema.getQueryType();
  if (!queryType || operation.operation !== 'query') return null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  return { schema, fragments, variables, plans: new Map(), jobs, queryType };
}

const nextTurn = () => new Promise<void>((resolveP) => setImmediate(resolveP));

/**
 * The same answer as answerIntrospection, computed in slices of at most about `sliceMs` of the
 * event loop each: a full introspection of this schema takes a few milliseconds (more under
 * load), and a keyless caller may ask for new ones — other requests are served between the
 * slices. Each element of an outermost list of objects (the schema's types, its directives) is
 * one job; `cpuMs` is the time the slices took by `clock` (the turns between them not counted).
 */
export async function answerIntrospectionInSlices(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  sliceMs = 1,
  clock: () => number = () => performance.now(),
): Promise<{ result: ExecutionResult; cpuMs: number; slices: number } | null> {
  const w = walkOf(schema, document, operation, variables, []);
  if (!w) return null;
  let cpuMs = 0;
  let slices = 1;
  let from = clock();
  try {
    const data = objectOf(w, w.queryType, undefined, [operation.selectionSet]);
    const jobs = w.jobs!;
    // Inside a job nothing more is deferred: an element is answered whole.
    w.jobs = null;
    for (let i = 0; i < jobs.length;) {
      jobs[i++]();
      const now = clock();
      if (now - from >= sliceMs && i < jobs.length) {
        cpuMs += now - from;
        slices++;
        await nextTurn();
        from = clock();
      }
    }
    cpuMs += clock() - from;
    return { result: { data }, cpuMs, slices };
  } catch (e) {
    if (e instanceof Unmodelled) return null;
    throw e;
  }
}

/** The fields of `selectionSets` by response key, as graphql-js collects them (skip/include, fragments once). */
function collectFields(
  w: Walk,
  parentType: GraphQLObjectType,
  selectionSets: readonly SelectionSetNode[],
  out = new Map<string, FieldNode[]>(),
  visited = new Set<string>(),
): Map<string, FieldNode[]> {
  for (const set of selectionSets) {
    for (const sel of set.selections) {
      if (!included(w, sel)) continue;
      if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        const list = out.get(key);
        if (list) list.push(sel);
        else out.set(key, [sel]);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        if (applies(w, sel, parentType)) collectFields(w, parentType, [sel.selectionSet], out, visited);
      } else {
        const name = sel.name.value;
        if (visited.has(name)) continue;
        visited.add(name);
        const fragment = w.fragments.get(name);
        if (fragment && applies(w, fragment, parentType)) collectFields(w, parentType, [fragment.selectionSet], out, visited);
      }
    }
  }
  return out;
}

function included(w: Walk, node: { readonly directives?: readonly DirectiveNode[] }): boolean {
  if (!node.directives?.length) return true;
  const skip = getDirectiveValues(GraphQLSkipDirective, node, w.variables);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, w.variables);
  return include?.if !== false;
}

function applies(w: Walk, fragment: InlineFragmentNode | FragmentDefinitionNode, type: GraphQLObjectType): boolean {
  const condition = fragment.typeCondition;
  if (!condition) return true;
  const conditionType = typeFromAST(w.schema, condition);
  if (conditionType === type) return true;
  return conditionType !== undefined && isAbstractType(conditionType) && w.schema.isSubType(conditionType, type);
}

function fieldDef(w: Walk, parentType: GraphQLObjectType, name: string): GraphQLField<unknown, unknown> | undefined {
  if (name === SchemaMetaFieldDef.name && parentType === w.schema.getQueryType()) return SchemaMetaFieldDef;
  if (name === TypeMetaFieldDef.name && parentType === w.schema.getQueryType()) return TypeMetaFieldDef;
  return parentType.getFields()[name];
}

function stepsOf(w: Walk, type: GraphQLObjectType, selectionSets: readonly SelectionSetNode[]): Step[] {
  // Only a single selection set is remembered (merged ones are rare: a field selected twice).
  const byType = selectionSets.length === 1 ? w.plans.get(selectionSets[0]) : undefined;
  const known = byType?.get(type);
  if (known) return known;
  const steps: Step[] = [];
  for (const [key, nodes] of collectFields(w, type, selectionSets)) {
    const name = nodes[0].name.value;
    if (name === TypeNameMetaFieldDef.name) {
      steps.push({ key, typename: true, def: null, args: {}, info: null, nodes });
      continue;
    }
    const def = fieldDef(w, type, name);
    // Not a field of this type: graphql-js leaves it out (validation has refused such documents).
    if (!def) continue;
    let args: Record<string, unknown>;
    try {
      args = getArgumentValues(def, nodes[0], w.variables);
    } catch {
      throw new Unmodelled();
    }
    const info = {
      schema: w.schema,
      parentType: type,
      fieldName: name,
      fieldNodes: nodes,
      returnType: def.type,
    } as unknown as GraphQLResolveInfo;
    steps.push({ key, typename: false, def, args, info, nodes });
  }
  if (selectionSets.length === 1) {
    if (byType) byType.set(type, steps);
    else w.plans.set(selectionSets[0], new Map([[type, steps]]));
  }
  return steps;
}

function objectOf(w: Walk, type: GraphQLObjectType, source: unknown, selectionSets: readonly SelectionSetNode[]): Record<string, unknown> {
  const result: Record<string, unknown> = Object.create(null);
  for (const step of stepsOf(w, type, selectionSets)) {
    if (step.typename) {
      result[step.key] = type.name;
      continue;
    }
    const def = step.def!;
    let value: unknown;
    try {
      value = def.resolve
        ? def.resolve(source, step.args, undefined, step.info!)
        : (source as Record<string, unknown> | undefined)?.[def.name];
    } catch {
      throw new Unmodelled();
    }
    result[step.key] = valueOf(w, def.type, step.nodes, value);
  }
  return result;
}

function valueOf(w: Walk, type: GraphQLOutputType, nodes: readonly FieldNode[], value: unknown): unknown {
  if (isNonNullType(type)) {
    const inner = valueOf(w, type.ofType, nodes, value);
    if (inner === null) throw new Unmodelled();
    return inner;
  }
  if (value === null || value === undefined) return null;
  if (isListType(type)) {
    if (!Array.isArray(value)) throw new Unmodelled();
    const jobs = w.jobs;
    if (jobs && value.length > 1 && !isLeafType(isNonNullType(type.ofType) ? type.ofType.ofType : type.ofType)) {
      // Filled in by the jobs (answerIntrospectionInSlices), in this order.
      const out: unknown[] = new Array(value.length);
      value.forEach((item, i) => jobs.push(() => (out[i] = valueOf(w, type.ofType, nodes, item))));
      return out;
    }
    return value.map((item) => valueOf(w, type.ofType, nodes, item));
  }
  if (isLeafType(type)) {
    const out = type.serialize(value);
    if (out === null || out === undefined) throw new Unmodelled();
    return out;
  }
  // Introspection's types are object types; anything else is graphql-js's to answer.
  if (!isObjectType(type)) throw new Unmodelled();
  const sets: SelectionSetNode[] = [];
  for (const n of nodes) if (n.selectionSet) sets.push(n.selectionSet);
  return objectOf(w, type, value, sets);
}

/**
 * The root fields a GraphQL operation will resolve — by response key, through fragments and
 * honouring @skip/@include, as graphql's executor sees them — so that credits are planned per
 * root field before anything runs.
 */
import { GraphQLIncludeDirective, GraphQLSkipDirective, getDirectiveValues } from 'graphql';
import type { DocumentNode, FieldNode, FragmentDefinitionNode, SelectionSetNode } from 'graphql';

/**
 * Root fields by response key, through fragments and honouring @skip/@include — what graphql's
 * executor will resolve. (graphql's own collectFields is not part of its public entry point.)
 */
export function collectRootFields(
  document: DocumentNode,
  variables: Record<string, unknown>,
  set: SelectionSetNode,
): Map<string, FieldNode[]> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === 'FragmentDefinition') fragments.set(d.name.value, d);
  const out = new Map<string, FieldNode[]>();
  const included = (node: FieldNode | SelectionSetNode['selections'][number]) =>
    getDirectiveValues(GraphQLSkipDirective, node, variables)?.if !== true &&
    getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
  const visit = (s: SelectionSetNode, seen: Set<string>) => {
    for (const sel of s.selections) {
      if (!included(sel)) continue;
      if (sel.kind === 'Field') {
        const k = sel.alias?.value ?? sel.name.value;
        const list = out.get(k);
        if (list) list.push(sel);
        else out.set(k, [sel]);
      } else if (sel.kind === 'InlineFragment') visit(sel.selectionSet, seen);
      else if (!seen.has(sel.name.value)) {
        seen.add(sel.name.value);
        const f = fragments.get(sel.name.value);
        if (f) visit(f.selectionSet, seen);
      }
    }
  };
  visit(set, new Set());
  return out;
}

/** `__typename`, `__schema`, `__type` only: needs no key (GraphiQL's docs must load). */
export function isIntrospectionOnly(fields: Map<string, readonly FieldNode[]>): boolean {
  for (const nodes of fields.values()) if (!nodes[0].name.value.startsWith('__')) return false;
  return true;
}

/**
 * What one GraphQL document may cost before anyone knows whose it is.
 *
 * `{__typename}` and GraphiQL's own introspection query need no key (the docs panel must load),
 * so these limits — not the key check — are what keeps a keyless caller's cost small and fixed:
 *
 *   - parse: a query text of at most `maxQueryLength` characters (graphql-js's lexer takes several
 *     ms per MB even of whitespace, so a longer text is refused before it is lexed), brackets
 *     nested at most MAX_NESTING deep (one pass over the text; the parser recurses) and at most
 *     `maxTokens` tokens (graphql-js stops lexing there);
 *   - before the (quadratic in the worst case) standard validation runs, a linear pass over the
 *     document checks depth (introspection subtrees not counted: GraphiQL's query is deep),
 *     aliases (every alias in the operation, fragments expanded as often as they are spread),
 *     introspection (at most one `__schema` / `__type` selection per operation, no aliases inside
 *     it, and no list fan-out below a type reference — `fields { type { fields … } }` would
 *     multiply the answer by the schema's size at every level), the number of selections after
 *     fragment expansion (a fragment spread a thousand times is a thousand selections) and how
 *     often one response key is selected in one selection set (MAX_SAME_KEY);
 *   - and, over the whole document (every fragment's definition, used or not), the fragment
 *     spreads written (`maxFragmentSpreads`): graphql-js's OverlappingFieldsCanBeMerged compares
 *     the fragments spread in one selection set pair by pair, and 400 spreads of 400 one-field
 *     fragments (18 KB, keyless) held the event loop ~0.2–1 s in that rule alone.
 *
 * Both GraphQL entry points (the fast path and yoga) run `documentLimitErrors` before validating.
 * The answer to an introspection operation is bounded by these rules to one copy of the schema's
 * introspection; `INTROSPECTION_MAX_BYTES` checks that bound at run time (src/graphql/execute.ts).
 */
import { BREAK, GraphQLError, Kind, parse, visit } from 'graphql';
import type { DocumentNode, FieldNode, FragmentDefinitionNode, OperationDefinitionNode, SelectionSetNode } from 'graphql';

export interface DocumentLimits {
  maxDepth: number;
  maxAliases: number;
  maxTokens: number;
  /** Field selections of one operation after fragment expansion. */
  maxSelections: number;
  /** Characters of a query text (variables are not counted: they are not lexed). */
  maxQueryLength: number;
  /** Fragment spreads written in the document, in every definition (not expanded). */
  maxFragmentSpreads: number;
}

/** Lists of the introspection schema: selecting one fans the answer out by the schema's size. */
const FAN_OUT = new Set(['types', 'fields', 'inputFields', 'enumValues', 'interfaces', 'possibleTypes', 'args', 'directives']);
/** Steps from a type to a type *reference* (after which fan-out lists are not allowed). */
const TYPE_REFERENCE = new Set(['type', 'ofType', 'interfaces', 'possibleTypes']);

/**
 * How deep `{`, `[` and `(` may nest in a document. Selections nest to `maxDepth` at most and a
 * value (a list, an input object) a few levels; far deeper, graphql-js's recursive parser (and
 * every recursive pass after it) overflows the stack — a 500 where bad input is a 400 (an outside
 * attack sweep: `@include(if: [[[…2000 deep…]]])`, 8 KB, keyless).
 */
export const MAX_NESTING = 64;

/**
 * How often one response key may be selected in one selection set, its fragments and inline
 * fragments merged (not a setting). graphql-js's OverlappingFieldsCanBeMerged compares the fields
 * of one key pair by pair, up to its own budget of 500,000 comparisons: 1,990 `__typename` or 600
 * inline fragments of one (20 KB, keyless) held the event loop ~60 ms, ~300 ms on a loaded machine.
 */
export const MAX_SAME_KEY = 100;

/**
 * Validation errors reported for one document, at most (graphql-js stops validating there and says
 * so in one more error; its own default is 100). Each error is a GraphQLError whose line and column
 * are found by scanning the text from its start, copied again to carry the request id: a keyless
 * 11 KB document of 2,000 unknown fields took ~44 ms of the event loop with 100 of them (and yoga
 * validating it twice), ~6 ms with 10.
 */
export const MAX_VALIDATION_ERRORS = 10;

/** Parses with the token cap; a syntax error, the cap or nesting past MAX_NESTING comes back as a GraphQLError. */
export function parseLimited(source: string, limits: Pick<DocumentLimits, 'maxTokens' | 'maxQueryLength'>): DocumentNode {
  if (source.length > limits.maxQueryLength) throw queryTooLong(limits.maxQueryLength);
  if (nestsDeeperThan(source, MAX_NESTING))
    throw new GraphQLError(`The query nests brackets more than ${MAX_NESTING} deep`, {
      extensions: { code: 'INVALID_INPUT', details: [{ param: 'query', message: `nested more than ${MAX_NESTING} deep` }] },
    });
  return parse(source, { maxTokens: limits.maxTokens });
}

const BLOCK_QUOTE = '"""';

/** Whether brackets nest deeper than `max` outside strings, block strings and comments (one pass). */
export function nestsDeeperThan(source: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '#') {
      while (i + 1 < source.length && source[i + 1] !== '\n' && source[i + 1] !== '\r') i++;
    } else if (c === '"' && source.startsWith(BLOCK_QUOTE, i)) {
      // A block string ends at the next """ that is not escaped (\""").
      let end = source.indexOf(BLOCK_QUOTE, i + 3);
      while (end > 0 && source[end - 1] === '\\') end = source.indexOf(BLOCK_QUOTE, end + 3);
      i = end < 0 ? source.length : end + 2;
    } else if (c === '"') {
      // A string ends at an unescaped " (or at the line's end: the parser refuses it then).
      for (i++; i < source.length && source[i] !== '"' && source[i] !== '\n' && source[i] !== '\r'; i++) if (source[i] === '\\') i++;
    } else if (c === '{' || c === '[' || c === '(') {
      if (++depth > max) return true;
    } else if (c === '}' || c === ']' || c === ')') depth--;
  }
  return false;
}

export const queryTooLong = (max: number) =>
  new GraphQLError(`The query text exceeds ${max} characters`, {
    extensions: { code: 'INVALID_INPUT', details: [{ param: 'query', message: `longer than ${max} characters` }] },
  });

function limitError(message: string, node?: OperationDefinitionNode | FieldNode): GraphQLError {
  return new GraphQLError(message, { nodes: node ? [node] : undefined, extensions: { code: 'INVALID_INPUT' } });
}

/**
 * The limit errors of every operation in the document (empty when it is within all limits).
 * Linear in the document's size after fragment expansion, and stops counting once a limit is
 * passed (a fragment bomb is not expanded further).
 */
export function documentLimitErrors(document: DocumentNode, limits: DocumentLimits): GraphQLError[] {
  if (spreadsMoreThan(document, limits.maxFragmentSpreads))
    return [limitError(`The document spreads fragments more than ${limits.maxFragmentSpreads} times (MAX_FRAGMENT_SPREADS)`)];
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const errors: GraphQLError[] = [];
  const used = new Set<string>();
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    const e = operationLimitError(d, fragments, limits, used);
    if (e) errors.push(e);
  }
  // A fragment no operation spreads is not checked above, yet graphql-js validates it all the same
  // (every rule runs before NoUnusedFragments reports it): refused here, as it would be there.
  if (!errors.length)
    for (const name of fragments.keys()) if (!used.has(name)) return [limitError(`Fragment "${name.slice(0, 100)}" is never used.`)];
  return errors;
}

/** Whether the document writes more than `max` fragment spreads (one pass, stopping there). */
function spreadsMoreThan(document: DocumentNode, max: number): boolean {
  let spreads = 0;
  visit(document, { FragmentSpread: () => (++spreads > max ? BREAK : undefined) });
  return spreads > max;
}

class Over extends Error {
  constructor(readonly error: GraphQLError) {
    super(error.message);
  }
}

function operationLimitError(
  op: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
  limits: DocumentLimits,
  /** The fragments the operation spreads are added to it. */
  used: Set<string>,
): GraphQLError | null {
  let aliases = 0;
  let selections = 0;
  let introspections = 0;
  let depth = 0;
  /**
   * `inIntrospection`: inside a __schema / __type selection; `onReference`: the current type was
   * reached through a type reference (type, ofType, interfaces, possibleTypes).
   */
  /**
   * `merged`: how often each response key is selected in the selection set being visited, its
   * fragments' merged in — each fragment once, as graphql-js merges them (null: a fragment merged
   * into this set already, expanded again only for the counts above).
   */
  const visit = (
    set: SelectionSetNode,
    level: number,
    inIntrospection: boolean,
    onReference: boolean,
    spreading: Set<string>,
    merged: { keys: Map<string, number>; fragments: Set<string> } | null,
  ) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const name = sel.name.value;
        if (++selections > limits.maxSelections)
          throw new Over(limitError(`Operation selects more than ${limits.maxSelections} fields (fragments expanded)`, op));
        const key = sel.alias?.value ?? name;
        const times = merged ? (merged.keys.get(key) ?? 0) + 1 : 0;
        if (times > MAX_SAME_KEY)
          throw new Over(
            limitError(
              `Operation selects "${key.slice(0, 100)}" more than ${MAX_SAME_KEY} times in one selection set (fragments merged)`,
              op,
            ),
          );
        merged?.keys.set(key, times);
        if (sel.alias) {
          if (inIntrospection) throw new Over(limitError('Aliases are not allowed inside introspection', sel));
          if (++aliases > limits.maxAliases) throw new Over(limitError(`Operation uses more than ${limits.maxAliases} aliases`, op));
        }
        let intro = inIntrospection;
        if (!inIntrospection && (name === '__schema' || name === '__type')) {
          if (++introspections > 1) throw new Over(limitError('At most one __schema or __type selection per operation', sel));
          intro = true;
        }
        if (intro && onReference && FAN_OUT.has(name))
          throw new Over(limitError(`Introspection may not list ${name} of a type reference`, sel));
        // Depth counts only outside introspection subtrees (GraphiQL's own query is deep).
        const next = intro ? level : level + 1;
        if (!intro && next > depth) {
          depth = next;
          if (depth > limits.maxDepth)
            throw new Over(limitError(`Operation is at least ${depth} levels deep; the maximum is ${limits.maxDepth}`, op));
        }
        if (sel.selectionSet)
          visit(sel.selectionSet, next, intro, intro && (onReference || TYPE_REFERENCE.has(name)), spreading, {
            keys: new Map(),
            fragments: new Set(),
          });
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        visit(sel.selectionSet, level, inIntrospection, onReference, spreading, merged);
      } else {
        const f = fragments.get(sel.name.value);
        // Unknown and cyclic spreads are the standard rules' to report.
        if (!f || spreading.has(f.name.value)) continue;
        spreading.add(f.name.value);
        used.add(f.name.value);
        const first = merged !== null && !merged.fragments.has(f.name.value);
        merged?.fragments.add(f.name.value);
        visit(f.selectionSet, level, inIntrospection, onReference, spreading, first ? merged : null);
        spreading.delete(f.name.value);
      }
    }
  };
  try {
    visit(op.selectionSet, 0, false, false, new Set(), { keys: new Map(), fragments: new Set() });
    return null;
  } catch (e) {
    if (e instanceof Over) return e.error;
    throw e;
  }
}

/** Bytes of JSON an introspection answer may take (several times our whole schema's). */
export const INTROSPECTION_MAX_BYTES = 4 * 1024 * 1024;

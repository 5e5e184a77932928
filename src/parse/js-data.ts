/**
 * Data a page ships as a JavaScript expression instead of JSON: TanStack Start's
 * `<script class="$tsr">` (serialized by seroval — bare keys, `!0`/`!1`, `void 0`, `$R[n]=`
 * captures and `$R[n]` back-references, `new Date("…")`, `Object.assign(Object.create(null),…)`).
 *
 * The script is parsed with acorn and read node by node; nothing in it is ever run. A value this
 * reader does not know (a function, a call, a computed key…) is `undefined` — its property left
 * out, as JSON.stringify would leave it — never an exception; a script acorn cannot parse (or too
 * deep to parse) is no data at all.
 */
import { parse } from 'acorn';
import type { AnyNode, Expression, MemberExpression, Node, ObjectExpression, Program, Property, SpreadElement } from 'acorn';

/** Nesting beyond which a value is not read (an answer's data is a few levels deep). */
const MAX_DEPTH = 64;

/** The scripts as programs, with every `$R[n] = value` capture among them. */
export interface JsData {
  programs: Program[];
  captures: Map<number, Expression>;
}

/** Parses each script; one that does not parse is skipped. */
export function parseScripts(texts: readonly string[]): JsData {
  const programs: Program[] = [];
  for (const text of texts) {
    try {
      programs.push(parse(text, { ecmaVersion: 'latest', sourceType: 'script' }));
    } catch {
      // A SyntaxError, or a RangeError from nesting deeper than acorn's stack: not data.
    }
  }
  const captures = new Map<number, Expression>();
  for (const p of programs) {
    walk(p, (n) => {
      if (n.type === 'AssignmentExpression' && n.operator === '=') {
        const i = captureIndex(n.left);
        if (i !== null && !captures.has(i)) captures.set(i, n.right);
      }
    });
  }
  return { programs, captures };
}

/**
 * The values of every property named `key` (`{key: …}` anywhere in the scripts) that are
 * objects, in source order — e.g. each `profile:{…}` of a page's loader data.
 */
export function objectsAt(data: JsData, key: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const p of data.programs) {
    walk(p, (n) => {
      if (n.type !== 'Property' || n.computed || propertyKey(n as Property) !== key) return;
      const v = valueOf(n.value as Expression, data.captures, 0, new Set());
      if (isRecord(v)) out.push(v);
    });
  }
  return out;
}

/** The JSON-like value of an expression, or undefined. */
function valueOf(node: Expression, captures: Map<number, Expression>, depth: number, seen: Set<number>): unknown {
  if (depth > MAX_DEPTH) return undefined;
  switch (node.type) {
    case 'Literal':
      if (node.value === null || typeof node.value === 'string' || typeof node.value === 'boolean') return node.value;
      if (typeof node.value === 'number') return Number.isFinite(node.value) ? node.value : null;
      return undefined;
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? (node.quasis[0]?.value.cooked ?? undefined) : undefined;
    case 'ObjectExpression':
      return objectOf(node, captures, depth, seen);
    case 'ArrayExpression':
      return node.elements.map((e) => (e === null || e.type === 'SpreadElement' ? null : (valueOf(e, captures, depth + 1, seen) ?? null)));
    case 'UnaryExpression': {
      if (node.operator === 'void') return undefined;
      const v = valueOf(node.argument, captures, depth + 1, seen);
      if (node.operator === '!' && typeof v === 'number') return !v;
      if (node.operator === '-' && typeof v === 'number') return -v;
      return undefined;
    }
    case 'Identifier':
      return node.name === 'NaN' || node.name === 'Infinity' ? null : undefined;
    case 'AssignmentExpression': {
      // `$R[n] = value`: the value, inside which a reference to n is a cycle.
      const i = node.operator === '=' ? captureIndex(node.left) : null;
      if (i === null) return undefined;
      const inside = !seen.has(i);
      seen.add(i);
      const v = valueOf(node.right, captures, depth + 1, seen);
      if (inside) seen.delete(i);
      return v;
    }
    case 'MemberExpression': {
      // A back-reference to an earlier capture; a cycle is cut (null).
      const i = captureIndex(node);
      const target = i === null ? undefined : captures.get(i);
      if (i === null || !target) return undefined;
      if (seen.has(i)) return null;
      seen.add(i);
      const v = valueOf(target, captures, depth + 1, seen);
      seen.delete(i);
      return v;
    }
    case 'NewExpression': {
      const ctor = node.callee.type === 'Identifier' ? node.callee.name : null;
      const [arg] = node.arguments;
      if (ctor === 'Date' && arg && arg.type !== 'SpreadElement') {
        const v = valueOf(arg, captures, depth + 1, seen);
        return typeof v === 'string' ? v : undefined;
      }
      if (ctor === 'Set' && arg && arg.type !== 'SpreadElement') return valueOf(arg, captures, depth + 1, seen);
      return undefined;
    }
    case 'CallExpression': {
      // seroval's null-prototype object: Object.assign(Object.create(null), {…}).
      const [target, source] = node.arguments;
      if (
        isObjectAssign(node.callee) &&
        node.arguments.length === 2 &&
        target?.type === 'CallExpression' &&
        source?.type === 'ObjectExpression'
      )
        return objectOf(source, captures, depth, seen);
      return undefined;
    }
    default:
      return undefined;
  }
}

function objectOf(node: ObjectExpression, captures: Map<number, Expression>, depth: number, seen: Set<number>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of node.properties as (Property | SpreadElement)[]) {
    if (p.type !== 'Property' || p.computed || p.kind !== 'init' || p.method) continue;
    const key = propertyKey(p);
    if (key === null || key === '__proto__') continue;
    const v = valueOf(p.value as Expression, captures, depth + 1, seen);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

function propertyKey(p: Property): string | null {
  if (p.key.type === 'Identifier') return p.key.name;
  if (p.key.type === 'Literal' && (typeof p.key.value === 'string' || typeof p.key.value === 'number')) return String(p.key.value);
  return null;
}

/** `$R[n]` → n. */
function captureIndex(node: Node): number | null {
  if (node.type !== 'MemberExpression') return null;
  const m = node as MemberExpression;
  if (!m.computed || m.object.type !== 'Identifier' || m.object.name !== '$R') return null;
  return m.property.type === 'Literal' && typeof m.property.value === 'number' ? m.property.value : null;
}

function isObjectAssign(callee: Node): boolean {
  if (callee.type !== 'MemberExpression') return false;
  const m = callee as MemberExpression;
  return (
    !m.computed &&
    m.object.type === 'Identifier' &&
    m.object.name === 'Object' &&
    m.property.type === 'Identifier' &&
    m.property.name === 'assign'
  );
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every node under `root`, depth first (iterative: a deep script cannot overflow the stack here). */
function walk(root: Node, visit: (n: AnyNode) => void): void {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    visit(n as AnyNode);
    for (const v of Object.values(n) as unknown[]) {
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) if (isNode(v[i])) stack.push(v[i] as Node);
      } else if (isNode(v)) stack.push(v);
    }
  }
}

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';
}

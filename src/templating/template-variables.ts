/**
 * Lists the variables a template reads from its context, so readiness can tell which
 * ones no field provides. Names the template binds itself (loop variables, `set`,
 * macros and their parameters, `loop`, `caller`) and the sandbox globals are excluded.
 */
import { isNode, parseTemplate, type AstNode, type ProgramNode } from './jinja-ast.js';
import { TEMPLATE_GLOBALS } from './sandbox-names.js';
import { boundedMemo } from '../kernel/bounded-memo.js';

/** Names in scope at one point of the template (Jinja scopes: loops and macros nest). */
class Scope {
  private readonly names = new Set<string>();
  constructor(private readonly parent?: Scope) {}
  bind(name: string): void {
    this.names.add(name);
  }
  has(name: string): boolean {
    return this.names.has(name) || (this.parent?.has(name) ?? false);
  }
  child(...names: string[]): Scope {
    const scope = new Scope(this);
    names.forEach((name) => scope.bind(name));
    return scope;
  }
}

/** Names a loop variable / set target binds (`x`, `key, value`). */
function targetNames(target: AstNode): string[] {
  if (isNode(target, 'Identifier')) return [target.value];
  if (isNode(target, 'TupleLiteral')) return target.value.flatMap(targetNames);
  return [];
}

function parameterName(parameter: AstNode): string | undefined {
  if (isNode(parameter, 'Identifier')) return parameter.value;
  if (isNode(parameter, 'KeywordArgumentExpression')) return parameter.key.value;
  return undefined;
}

/** The key of `a.b` or `a["b"]`; undefined for a computed key. */
function staticKey(node: AstNode): string | undefined {
  if (!isNode(node, 'MemberExpression')) return undefined;
  if (!node.computed && isNode(node.property, 'Identifier')) return node.property.value;
  if (node.computed && isNode(node.property, 'StringLiteral')) return node.property.value;
  return undefined;
}

class VariableCollector {
  readonly found = new Set<string>();
  /** Read paths: `root` for a bare read, `root.key` for a static member of a free root. */
  readonly paths = new Set<string>();

  private isFree(name: string, scope: Scope): boolean {
    return !scope.has(name) && !TEMPLATE_GLOBALS.has(name) && name !== 'loop';
  }

  expression(node: AstNode | null | undefined, scope: Scope): void {
    if (node === null || node === undefined) return;
    if (isNode(node, 'Identifier')) {
      const name = node.value;
      if (this.isFree(name, scope)) {
        this.found.add(name);
        this.paths.add(name);
      }
    } else if (
      isNode(node, 'MemberExpression') &&
      isNode(node.object, 'Identifier') &&
      this.isFree(node.object.value, scope) &&
      staticKey(node) !== undefined
    ) {
      this.found.add(node.object.value);
      this.paths.add(`${node.object.value}.${staticKey(node)}`);
    } else if (isNode(node, 'MemberExpression')) {
      this.expression(node.object, scope);
      if (node.computed) this.expression(node.property, scope);
    } else if (isNode(node, 'CallExpression')) {
      this.expression(node.callee, scope);
      node.args.forEach((arg) => this.expression(arg, scope));
    } else if (isNode(node, 'FilterExpression')) {
      // The filter's own name is not a variable; its arguments may read some.
      this.expression(node.operand, scope);
      if (isNode(node.filter, 'CallExpression')) node.filter.args.forEach((arg) => this.expression(arg, scope));
    } else if (isNode(node, 'TestExpression')) {
      this.expression(node.operand, scope);
    } else if (isNode(node, 'BinaryExpression')) {
      this.expression(node.left, scope);
      this.expression(node.right, scope);
    } else if (isNode(node, 'UnaryExpression')) {
      this.expression(node.argument, scope);
    } else if (isNode(node, 'Ternary')) {
      this.expression(node.condition, scope);
      this.expression(node.trueExpr, scope);
      this.expression(node.falseExpr, scope);
    } else if (isNode(node, 'SelectExpression')) {
      this.expression(node.test, scope);
      this.expression(node.lhs, scope);
    } else if (isNode(node, 'ArrayLiteral') || isNode(node, 'TupleLiteral')) {
      node.value.forEach((item) => this.expression(item, scope));
    } else if (isNode(node, 'ObjectLiteral')) {
      node.value.forEach((value, key) => {
        this.expression(key, scope);
        this.expression(value, scope);
      });
    } else if (isNode(node, 'KeywordArgumentExpression')) {
      this.expression(node.value, scope);
    } else if (isNode(node, 'SpreadExpression') || isNode(node, 'KeywordSpreadExpression')) {
      this.expression(node.argument, scope);
    } else if (isNode(node, 'SliceExpression')) {
      this.expression(node.start, scope);
      this.expression(node.stop, scope);
      this.expression(node.step, scope);
    }
  }

  /** Binds a body's macros first: calling one before its definition is not a data need. */
  body(statements: AstNode[], scope: Scope): void {
    for (const statement of statements) if (isNode(statement, 'Macro')) scope.bind(statement.name.value);
    for (const statement of statements) this.statement(statement, scope);
  }

  private parameters(parameters: AstNode[], inner: Scope): void {
    for (const parameter of parameters) {
      if (isNode(parameter, 'KeywordArgumentExpression')) this.expression(parameter.value, inner);
    }
  }

  statement(node: AstNode, scope: Scope): void {
    if (isNode(node, 'If')) {
      this.expression(node.test, scope);
      this.body(node.body, scope);
      this.body(node.alternate, scope);
    } else if (isNode(node, 'For')) {
      const inner = scope.child('loop', ...targetNames(node.loopvar));
      if (isNode(node.iterable, 'SelectExpression')) {
        this.expression(node.iterable.lhs, scope);
        this.expression(node.iterable.test, inner);
      } else {
        this.expression(node.iterable, scope);
      }
      this.body(node.body, inner);
      this.body(node.defaultBlock, scope.child());
    } else if (isNode(node, 'Set')) {
      this.expression(node.value, scope);
      this.body(node.body, scope);
      if (isNode(node.assignee, 'MemberExpression')) this.expression(node.assignee.object, scope);
      targetNames(node.assignee).forEach((name) => scope.bind(name));
    } else if (isNode(node, 'Macro')) {
      const names = node.args.map(parameterName).filter((name): name is string => name !== undefined);
      const inner = scope.child('caller', 'varargs', 'kwargs', ...names);
      this.parameters(node.args, inner);
      this.body(node.body, inner);
    } else if (isNode(node, 'CallStatement')) {
      this.expression(node.call, scope);
      const names = (node.callerArgs ?? []).map(parameterName).filter((name): name is string => name !== undefined);
      const inner = scope.child('varargs', 'kwargs', ...names);
      this.parameters(node.callerArgs ?? [], inner);
      this.body(node.body, inner);
    } else if (isNode(node, 'FilterStatement')) {
      if (isNode(node.filter, 'CallExpression')) node.filter.args.forEach((arg) => this.expression(arg, scope));
      this.body(node.body, scope);
    } else {
      this.expression(node, scope);
    }
  }
}

/**
 * The free top-level variable names `source` reads (root names: `client` for
 * `client.name`), unique, in first-seen order. [] when the template does not parse.
 */
export function findTemplateVariables(source: string): string[] {
  return [...(collectReads(source)?.found ?? [])];
}

/**
 * What a parsed `source` reads, or null when it does not parse. Remembered per text: the
 * staleness of a generated document's sections asks it of the same templates on every read of
 * the document (parsing them was ~7 % of such a GET). Callers copy what they return.
 */
const collectReads = boundedMemo(readsOf, 1_000);

function readsOf(source: string): VariableCollector | null {
  let parsed: ProgramNode;
  try {
    parsed = parseTemplate(source);
  } catch {
    return null;
  }
  const collector = new VariableCollector();
  collector.body(parsed.body, new Scope());
  return collector;
}

/**
 * What `source` reads, one level deep: `client` for a bare read (`{{ client }}`,
 * `{% for s in sources %}`), `fields.client` for a static member of a free name
 * (`fields.client`, `fields["client"]`). A root read both ways appears both ways. Unique, in
 * first-seen order; [] when the template does not parse. Used to record which context values
 * a section's output derives from.
 */
export function findTemplateReads(source: string): string[] {
  return [...(collectReads(source)?.paths ?? [])];
}

/**
 * The members of the given namespaces `source` reads by a name known without running it:
 * `computed.total` for `{{ computed.total }}` or `{{ computed["total"] }}`, unique, in
 * first-seen order; a namespace the template rebinds (`{% for computed in … %}`) is not free,
 * so it is skipped. [] when the template does not parse.
 */
export function findNamespaceMembers(source: string, namespaces: readonly string[]): string[] {
  const wanted = new Set(namespaces);
  return findTemplateReads(source).filter((path) => {
    const dot = path.indexOf('.');
    return dot > 0 && wanted.has(path.slice(0, dot));
  });
}

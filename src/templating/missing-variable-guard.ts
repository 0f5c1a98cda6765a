/**
 * Makes undefined variables visible in rendered output.
 *
 * The library renders an undefined value as nothing and throws as soon as one meets a
 * filter or an operator, so a missing field would either vanish silently or abort the
 * whole document. Before rendering we wrap each output expression that reads variable
 * paths in `E if $defined(paths) else $missing(paths)`: when a path is undefined the
 * expression is not evaluated and `[[missing: client.name]]` is printed instead (and
 * reported); an expression that is a path and nothing else becomes `$path(path)`, which
 * gives the value or the marker in one call. Loops over a missing list print the marker and
 * iterate nothing. Paths travel as one literal each (guarded-paths.ts).
 *
 * Positions where Jinja tolerates undefined on purpose are left alone: `x|default(…)`,
 * `x is defined`, `a or b`, `a == b`, `x in y`, `not x`, and the conditions of `if`.
 */
import { guardedPathKey, type VariablePath } from './guarded-paths.js';
import {
  callExpression,
  filterArgsOf,
  filterNameOf,
  helperIdentifier,
  isExpressionStatement,
  isNode,
  listLiteral,
  stringLiteral,
  ternary,
  type AstNode,
} from './jinja-ast.js';
import { HELPER } from './sandbox-names.js';

/** Names that are always defined; checking them would only add noise. */
const CONSTANTS = new Set(['true', 'false', 'none', 'True', 'False', 'None']);

/** Operators whose operands may be undefined without error (or on purpose). */
const TOLERANT_OPERATORS = new Set(['and', 'or', '==', '!=', 'in', 'not in']);

function staticPath(node: AstNode): VariablePath | undefined {
  if (isNode(node, 'Identifier')) {
    return CONSTANTS.has(node.value) ? undefined : { display: node.value, root: node.value, segments: [] };
  }
  if (!isNode(node, 'MemberExpression')) return undefined;
  const { property } = node;
  let segment: string | number | undefined;
  if (isNode(property, 'IntegerLiteral')) segment = property.value;
  else if (!node.computed && isNode(property, 'Identifier')) segment = property.value;
  else if (node.computed && isNode(property, 'StringLiteral')) segment = property.value;
  if (segment === undefined) return undefined;
  const parent = staticPath(node.object);
  if (parent === undefined) return undefined;
  return { display: `${parent.display}.${segment}`, root: parent.root, segments: [...parent.segments, segment] };
}

/** Collects the variable paths whose undefinedness would break (or blank) `node`. */
function collectPaths(node: AstNode | undefined, paths: VariablePath[]): void {
  if (node === undefined) return;
  const path = staticPath(node);
  if (path !== undefined) {
    paths.push(path);
  } else if (isNode(node, 'MemberExpression')) {
    collectPaths(node.object, paths);
    if (node.computed) collectPaths(node.property, paths);
  } else if (isNode(node, 'CallExpression')) {
    // The callee path itself: `$defined` resolves builtins too, so `name.upper()` passes.
    collectPaths(node.callee, paths);
    node.args.forEach((arg) => collectPaths(arg, paths));
  } else if (isNode(node, 'FilterExpression')) {
    const name = filterNameOf(node.filter);
    if (name !== 'default' && name !== 'd') collectPaths(node.operand, paths);
    filterArgsOf(node.filter).forEach((arg) => collectPaths(arg, paths));
  } else if (isNode(node, 'BinaryExpression')) {
    if (TOLERANT_OPERATORS.has(node.operator.value)) return;
    collectPaths(node.left, paths);
    collectPaths(node.right, paths);
  } else if (isNode(node, 'UnaryExpression')) {
    if (node.operator.value !== 'not') collectPaths(node.argument, paths);
  } else if (isNode(node, 'Ternary')) {
    collectPaths(node.trueExpr, paths);
    collectPaths(node.falseExpr, paths);
  } else if (isNode(node, 'SelectExpression')) {
    collectPaths(node.lhs, paths);
  } else if (isNode(node, 'ArrayLiteral') || isNode(node, 'TupleLiteral')) {
    node.value.forEach((item) => collectPaths(item, paths));
  } else if (isNode(node, 'ObjectLiteral')) {
    node.value.forEach((value) => collectPaths(value, paths));
  } else if (isNode(node, 'KeywordArgumentExpression')) {
    collectPaths(node.value, paths);
  } else if (isNode(node, 'SpreadExpression') || isNode(node, 'KeywordSpreadExpression')) {
    collectPaths(node.argument, paths);
  } else if (isNode(node, 'SliceExpression')) {
    collectPaths(node.start, paths);
    collectPaths(node.stop, paths);
    collectPaths(node.step, paths);
  }
}

function uniquePaths(node: AstNode): VariablePath[] {
  const paths: VariablePath[] = [];
  collectPaths(node, paths);
  const seen = new Set<string>();
  return paths.filter((path) => !seen.has(path.display) && seen.add(path.display));
}

/** `('["client","name"]', …)`: one literal per path, which `$defined`/`$missing` resolve safely (guarded-paths.ts). */
const pathArguments = (paths: VariablePath[]): AstNode[] => paths.map((path) => stringLiteral(guardedPathKey(path)));

const definedCheck = (args: AstNode[]): AstNode => callExpression(helperIdentifier(HELPER.defined), args);
const missingMarkers = (args: AstNode[]): AstNode => callExpression(helperIdentifier(HELPER.missing), args);

/**
 * `E if all paths defined else markers`, or E itself when it reads no variable path. E that is
 * one path and nothing else (`{{ client.name }}`, the most common output) becomes `$path(key)`,
 * which resolves it as `$defined` would and gives its value or its marker: the same output from
 * one call instead of a ternary, two calls and the member expression.
 */
function guardWhole(node: AstNode): AstNode {
  const whole = staticPath(node);
  if (whole !== undefined) return callExpression(helperIdentifier(HELPER.path), pathArguments([whole]));
  const paths = uniquePaths(node);
  if (paths.length === 0) return node;
  // Both calls share the path literals: the program only ever reads its nodes.
  const args = pathArguments(paths);
  return ternary(definedCheck(args), node, missingMarkers(args));
}

/** Guards an output expression; concatenations and branches are guarded piecewise. */
function guardOutput(node: AstNode): AstNode {
  if (isNode(node, 'Ternary')) {
    node.trueExpr = guardOutput(node.trueExpr);
    node.falseExpr = guardOutput(node.falseExpr);
    return node;
  }
  if (isNode(node, 'SelectExpression')) {
    node.lhs = guardOutput(node.lhs);
    return node;
  }
  const isConcatenation =
    isNode(node, 'BinaryExpression') &&
    (node.operator.value === '~' || (node.operator.value === '+' && (isNode(node.left, 'StringLiteral') || isNode(node.right, 'StringLiteral'))));
  if (isConcatenation) {
    // "Dear " ~ client.name → "Dear [[missing: client.name]]", keeping the known parts.
    node.left = guardOutput(node.left);
    node.right = guardOutput(node.right);
    return node;
  }
  return guardWhole(node);
}

const isCollectionLiteral = (node: AstNode): boolean => isNode(node, 'ArrayLiteral') || isNode(node, 'TupleLiteral') || isNode(node, 'ObjectLiteral');

function guardStatement(node: AstNode): AstNode[] {
  if (isExpressionStatement(node)) return isNode(node, 'StringLiteral') ? [node] : [guardOutput(node)];
  if (isNode(node, 'For')) {
    const select = isNode(node.iterable, 'SelectExpression') ? node.iterable : undefined;
    const iterable = select ? select.lhs : node.iterable;
    const paths = uniquePaths(iterable);
    guardBodies(node.body, node.defaultBlock);
    if (paths.length === 0) return [node];
    const args = pathArguments(paths);
    const safeIterable = ternary(definedCheck(args), iterable, listLiteral([]));
    if (select) select.lhs = safeIterable;
    else node.iterable = safeIterable;
    // The marker statement prints nothing when the list exists.
    return [missingMarkers(args), node];
  }
  if (isNode(node, 'Set')) {
    // A plain `set x = client.name` (or a list/dict literal) may carry undefined along, as
    // in Jinja; a computation on it would throw, so that becomes the marker text instead.
    if (node.value !== null && staticPath(node.value) === undefined && !isCollectionLiteral(node.value)) {
      node.value = guardWhole(node.value);
    }
    guardBodies(node.body);
    return [node];
  }
  if (isNode(node, 'If')) guardBodies(node.body, node.alternate);
  else if (isNode(node, 'Macro') || isNode(node, 'CallStatement') || isNode(node, 'FilterStatement')) guardBodies(node.body);
  return [node];
}

function guardBodies(...bodies: AstNode[][]): void {
  for (const body of bodies) body.splice(0, body.length, ...body.flatMap(guardStatement));
}

/** Adds missing-variable markers to every output of a parsed template (mutates it). */
export function guardMissingVariables(body: AstNode[]): void {
  guardBodies(body);
}

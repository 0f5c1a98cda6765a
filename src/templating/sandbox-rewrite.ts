/**
 * Rewrites a parsed template so it runs inside our limits, without forking the library.
 *
 * - `x|round(2)` (any filter we provide) becomes `$filter("round", x, 2)`: the library's
 *   `applyFilter` is a closed switch, so our filters run as a helper call instead.
 * - every call goes through `$tick` and every loop through `$iter`: the step budget bounds
 *   loops and (macro) recursion.
 * - every rendered node goes through `$out`, and the operands of `~`, `+` and `join` (and the
 *   result of every library filter) through `$val`, which also charges strings by size: the
 *   library turns values into text with JS `toString`, which for a function value prints host
 *   source code, so function values are refused before that happens.
 *
 * The parser creates a fresh tree per call, so nodes are rewritten in place.
 */
import {
  callExpression,
  filterArgsOf,
  filterNameOf,
  helperIdentifier,
  isExpressionStatement,
  isNode,
  program,
  stringLiteral,
  type AstNode,
  type NodeShapes,
} from './jinja-ast.js';
import { SANDBOX_FILTERS } from './filters/filter-registry.js';
import { HELPER } from './sandbox-names.js';

const helperCall = (name: string, args: AstNode[]): AstNode => callExpression(helperIdentifier(name), args);

const isHelperName = (node: AstNode): boolean => isNode(node, 'Identifier') && node.value.startsWith('$');

function rewriteArguments(args: AstNode[]): AstNode[] {
  return args.map(rewriteExpression);
}

/** Rewrites the parameter list of a macro or call block (defaults are expressions). */
function rewriteParameters(parameters: AstNode[]): void {
  for (const parameter of parameters) {
    if (isNode(parameter, 'KeywordArgumentExpression')) parameter.value = rewriteExpression(parameter.value);
  }
}

const isLiteral = (node: AstNode): boolean => ['StringLiteral', 'IntegerLiteral', 'FloatLiteral'].includes(node.type);

/** `tojson(indent=n)` repeats n spaces per level with no bound: cap n through `$small`. */
function boundIndent(filterName: string | undefined, arg: AstNode): AstNode {
  if (filterName !== 'tojson' || !isNode(arg, 'KeywordArgumentExpression') || arg.key.value !== 'indent') return arg;
  arg.value = helperCall(HELPER.small, [arg.value]);
  return arg;
}

/** `operand|name(args)` for one of our filters → `$filter("name", operand, args…)`. */
function callSandboxFilter(name: string, operand: AstNode, filter: AstNode): AstNode {
  return helperCall(HELPER.filter, [stringLiteral(name), operand, ...rewriteArguments(filterArgsOf(filter))]);
}

/**
 * Rewrites one expression (and everything below it).
 * @returns the node to use in its place
 */
export function rewriteExpression(node: AstNode): AstNode {
  if (isNode(node, 'FilterExpression')) return rewriteFilter(node);
  if (isNode(node, 'CallExpression')) return rewriteCall(node);
  if (isNode(node, 'BinaryExpression')) return rewriteBinary(node);
  if (isNode(node, 'ArrayLiteral') || isNode(node, 'TupleLiteral')) {
    node.value = rewriteArguments(node.value);
    return node.value.every(isLiteral) ? node : helperCall(HELPER.value, [node]);
  }
  if (isNode(node, 'ObjectLiteral')) {
    node.value = new Map([...node.value].map(([key, value]) => [rewriteExpression(key), rewriteExpression(value)]));
    // `[x, x]` nested in a loop doubles the printed size per step: measure what is built.
    return [...node.value.values()].every(isLiteral) ? node : helperCall(HELPER.value, [node]);
  }
  if (isNode(node, 'Program')) {
    node.body = rewriteBody(node.body);
    return node;
  }
  // Everything else is rewritten below and stays itself (identifiers and literals have nothing below).
  rewriteOperands(node);
  return node;
}

/** `x|name(args)`: one of our filters becomes a helper call; the library's own is charged by the size of what it builds. */
function rewriteFilter(node: NodeShapes['FilterExpression']): AstNode {
  const operand = rewriteExpression(node.operand);
  const name = filterNameOf(node.filter);
  if (name !== undefined && SANDBOX_FILTERS.has(name)) return callSandboxFilter(name, operand, node.filter);
  node.operand = operand;
  if (isNode(node.filter, 'CallExpression')) node.filter.args = rewriteArguments(node.filter.args).map((arg) => boundIndent(name, arg));
  // The library's own filters (`upper`, `join`, …) build their result unchecked: measure and
  // charge it by size, so a filter over a huge string costs like the work it does.
  if (name === 'join') node.operand = helperCall(HELPER.value, [node.operand]);
  return helperCall(HELPER.value, [node]);
}

/** Every call goes through `$tick` (the step budget); `str.replace()` through our checked filter. */
function rewriteCall(node: NodeShapes['CallExpression']): AstNode {
  node.args = rewriteArguments(node.args);
  if (isHelperName(node.callee)) return node;
  const callee = node.callee;
  if (isNode(callee, 'MemberExpression') && !callee.computed && isNode(callee.property, 'Identifier') && callee.property.value === 'replace') {
    // The library's `str.replace()` builds its result unchecked; ours checks the size first.
    return helperCall(HELPER.filter, [stringLiteral('replace'), rewriteExpression(callee.object), ...node.args]);
  }
  node.callee = helperCall(HELPER.tick, [rewriteExpression(node.callee)]);
  return node;
}

/** `~` and `+` build strings: their operands and result go through `$val`. */
function rewriteBinary(node: NodeShapes['BinaryExpression']): AstNode {
  node.left = rewriteExpression(node.left);
  node.right = rewriteExpression(node.right);
  if (node.operator.value !== '~' && node.operator.value !== '+') return node;
  node.left = helperCall(HELPER.value, [node.left]);
  node.right = helperCall(HELPER.value, [node.right]);
  return helperCall(HELPER.value, [node]);
}

/** The expressions below a node that is itself kept as it is (member access, slices, operators, tests, ternaries, arguments). */
function rewriteOperands(node: AstNode): void {
  if (isNode(node, 'MemberExpression')) {
    node.object = rewriteExpression(node.object);
    if (node.computed) node.property = rewriteExpression(node.property);
  } else if (isNode(node, 'SliceExpression')) {
    if (node.start) node.start = rewriteExpression(node.start);
    if (node.stop) node.stop = rewriteExpression(node.stop);
    if (node.step) node.step = rewriteExpression(node.step);
  } else if (isNode(node, 'UnaryExpression')) {
    node.argument = rewriteExpression(node.argument);
  } else if (isNode(node, 'TestExpression')) {
    node.operand = rewriteExpression(node.operand);
  } else if (isNode(node, 'SelectExpression')) {
    node.lhs = rewriteExpression(node.lhs);
    node.test = rewriteExpression(node.test);
  } else if (isNode(node, 'Ternary')) {
    node.condition = rewriteExpression(node.condition);
    node.trueExpr = rewriteExpression(node.trueExpr);
    node.falseExpr = rewriteExpression(node.falseExpr);
  } else if (isNode(node, 'KeywordArgumentExpression')) {
    node.value = rewriteExpression(node.value);
  } else if (isNode(node, 'SpreadExpression') || isNode(node, 'KeywordSpreadExpression')) {
    node.argument = rewriteExpression(node.argument);
  }
}

function rewriteStatement(node: AstNode): AstNode {
  if (isExpressionStatement(node)) return helperCall(HELPER.output, [rewriteExpression(node)]);
  if (isNode(node, 'If')) {
    node.test = rewriteExpression(node.test);
    node.body = rewriteBody(node.body);
    node.alternate = rewriteBody(node.alternate);
  } else if (isNode(node, 'For')) {
    // The interpreter recognises `for x in xs if cond` by the iterable's node type: keep it on top.
    if (isNode(node.iterable, 'SelectExpression')) {
      node.iterable.lhs = helperCall(HELPER.iterate, [rewriteExpression(node.iterable.lhs)]);
      node.iterable.test = rewriteExpression(node.iterable.test);
    } else {
      node.iterable = helperCall(HELPER.iterate, [rewriteExpression(node.iterable)]);
    }
    node.body = rewriteBody(node.body);
    node.defaultBlock = rewriteBody(node.defaultBlock);
  } else if (isNode(node, 'Set')) {
    if (node.value !== null) node.value = rewriteExpression(node.value);
    node.body = rewriteBody(node.body);
  } else if (isNode(node, 'Macro')) {
    rewriteParameters(node.args);
    node.body = rewriteBody(node.body);
  } else if (isNode(node, 'CallStatement')) {
    node.call.args = rewriteArguments(node.call.args);
    node.call.callee = helperCall(HELPER.tick, [node.call.callee]);
    rewriteParameters(node.callerArgs ?? []);
    node.body = rewriteBody(node.body);
  } else if (isNode(node, 'FilterStatement')) {
    const name = filterNameOf(node.filter);
    const body = rewriteBody(node.body);
    if (name !== undefined && SANDBOX_FILTERS.has(name)) {
      // `{% filter truncate(20) %}…{% endfilter %}`: the block renders as text, then our filter runs.
      return helperCall(HELPER.output, [callSandboxFilter(name, program(body), node.filter)]);
    }
    if (isNode(node.filter, 'CallExpression')) node.filter.args = rewriteArguments(node.filter.args);
    node.body = body;
  }
  return node;
}

/** Rewrites every statement of a body (block contents, macro bodies, …). */
export function rewriteBody(body: AstNode[]): AstNode[] {
  return body.map(rewriteStatement);
}

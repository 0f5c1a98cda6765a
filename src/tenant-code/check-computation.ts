/**
 * Checks one computation (a JSONata expression) without evaluating it, so a config that
 * cannot work is refused when it is saved rather than found when a document is generated:
 * the expression must parse, call only JSONata's own functions (or ones it defines itself),
 * and call nothing whose answer changes between runs. `$now()` and `$millis()` are pinned to
 * the run's time by the compute stage, so they are deterministic there (without arguments).
 * JSONata's parser is super-linear (a legal 10,000-character `a.b.%.%…` takes seconds), so this
 * runs only in a tenant-code worker (the `computation-check` task; docs/adr/0201).
 */
import jsonata from 'jsonata';
import { SOURCE_LIMITS } from './budgets.js';
import { NON_DETERMINISTIC_FUNCTIONS } from './evaluate-computations.js';

/** Functions the compute stage pins to the run's time; they take no arguments there. */
export const PINNED_FUNCTIONS = ['now', 'millis'] as const;

/** JSONata 2.x's built-in functions (other than the pinned and refused ones above). */
const BUILTIN_FUNCTIONS = new Set([
  'sum',
  'count',
  'max',
  'min',
  'average',
  'string',
  'substring',
  'substringBefore',
  'substringAfter',
  'lowercase',
  'uppercase',
  'length',
  'trim',
  'pad',
  'match',
  'contains',
  'replace',
  'split',
  'join',
  'formatNumber',
  'formatBase',
  'formatInteger',
  'parseInteger',
  'number',
  'floor',
  'ceil',
  'round',
  'abs',
  'sqrt',
  'power',
  'boolean',
  'not',
  'map',
  'zip',
  'filter',
  'single',
  'reduce',
  'sift',
  'keys',
  'lookup',
  'append',
  'exists',
  'spread',
  'merge',
  'reverse',
  'each',
  'error',
  'assert',
  'type',
  'sort',
  'distinct',
  'base64encode',
  'base64decode',
  'encodeUrlComponent',
  'encodeUrl',
  'decodeUrlComponent',
  'decodeUrl',
  'eval',
  'toMillis',
  'fromMillis',
  'clone',
]);

type AstNode = Record<string, unknown>;

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every node of a JSONata AST, depth first (the AST is plain JSON-like objects). */
function* walk(value: unknown): Generator<AstNode> {
  if (Array.isArray(value)) {
    for (const item of value) yield* walk(item);
  } else if (isNode(value)) {
    yield value;
    for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) yield* walk(child);
  }
}

/** Variables the expression binds itself: `$x := …`, lambda parameters, `@$x` and `#$i`. */
function boundNames(ast: unknown): Set<string> {
  const names = new Set<string>();
  for (const node of walk(ast)) {
    if (node.type === 'bind' && isNode(node.lhs) && typeof node.lhs.value === 'string') names.add(node.lhs.value);
    if (node.type === 'lambda' && Array.isArray(node.arguments))
      for (const arg of node.arguments) if (isNode(arg) && typeof arg.value === 'string') names.add(arg.value);
    for (const prop of ['focus', 'index']) if (typeof node[prop] === 'string') names.add(node[prop]);
  }
  return names;
}

function positionOf(error: unknown): string {
  const position = (error as { position?: unknown }).position;
  return typeof position === 'number' ? ` (at character ${position})` : '';
}

/** What checking a computation answers: why it cannot work (null when it compiles) and the names it reads. */
export interface ComputationCheck {
  problem: string | null;
  /**
   * The names it reads from its data (`retention_months` in `$number(fields.retention_months)`,
   * and `fields` itself): every path step name, an over-approximation readiness and staleness use
   * to tell which input a computation waits for. [] when it does not parse.
   */
  reads: string[];
}

/** Parses `source` once and answers both questions (see ComputationCheck). */
export function checkComputation(source: string): ComputationCheck {
  if (source.length > SOURCE_LIMITS.maxExpressionChars) {
    return { problem: `is ${source.length} characters long: the size budget of a computation is ${SOURCE_LIMITS.maxExpressionChars}`, reads: [] };
  }
  let ast: unknown;
  try {
    ast = jsonata(source).ast();
  } catch (error) {
    const message = (error as { message?: unknown }).message;
    return { problem: `does not parse: ${typeof message === 'string' ? message : String(error)}${positionOf(error)}`, reads: [] };
  }
  return { problem: problemOf(ast), reads: namesReadBy(ast) };
}

/** Why a parsed computation cannot work, or null. */
function problemOf(ast: unknown): string | null {
  const bound = boundNames(ast);
  for (const node of walk(ast)) {
    if (
      node.type === 'variable' &&
      typeof node.value === 'string' &&
      !bound.has(node.value) &&
      (NON_DETERMINISTIC_FUNCTIONS as readonly string[]).includes(node.value)
    ) {
      return `uses $${node.value}, which gives a different answer on every run: computations must be reproducible`;
    }
    if ((node.type === 'function' || node.type === 'partial') && isNode(node.procedure) && node.procedure.type === 'variable') {
      const name = String(node.procedure.value);
      if (name === '' || name === '$' || bound.has(name)) continue;
      if ((PINNED_FUNCTIONS as readonly string[]).includes(name)) {
        if (Array.isArray(node.arguments) && node.arguments.length > 0)
          return `calls $${name}() with arguments: here it takes none and returns the run's pinned time (format it with $fromMillis($millis(), picture))`;
        continue;
      }
      if (!BUILTIN_FUNCTIONS.has(name))
        return `calls $${name}(), which is not a JSONata function (computations may use JSONata's functions and the pinned $now() and $millis())`;
    }
  }
  return null;
}

function namesReadBy(ast: unknown): string[] {
  const names = new Set<string>();
  for (const node of walk(ast)) if (node.type === 'name' && typeof node.value === 'string') names.add(node.value);
  return [...names];
}

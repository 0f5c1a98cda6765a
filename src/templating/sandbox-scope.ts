/**
 * Builds the variable scope a sandboxed template runs in.
 *
 * We do not call the library's `setupGlobals`: it adds `strftime_now` (reads the clock,
 * so renders would not be deterministic) and `raise_exception` (its message stringifies
 * raw values, which can print host function source). The scope holds only data globals,
 * a bounded `range`, the library's `namespace`, and our `$`-named helpers.
 */
import { Environment } from '@huggingface/jinja';
import { SANDBOX_FILTERS } from './filters/filter-registry.js';
import { splitArguments } from './filters/filter-call.js';
import {
  entriesOf,
  isFunctionValue,
  isNoneValue,
  isUndefinedValue,
  itemsOf,
  makeArray,
  makeBoolean,
  makeFunction,
  makeInteger,
  makeNone,
  makeString,
  makeUndefined,
  measureValue,
  numberOf,
  stringOf,
  type JinjaEnvironment,
  type NativeFunction,
  type RuntimeValue,
  type ValueMeasure,
} from './jinja-runtime.js';
import { checkStringLength, RENDER_LIMITS, stepsForChars, type RenderBudget } from './render-budget.js';
import { guardedPathOf } from './guarded-paths.js';
import { HELPER } from './sandbox-names.js';
import { toTemplateValue } from './template-data.js';

/** Per-render state the helpers report to. */
export interface SandboxSession {
  budget: RenderBudget;
  /** Called with the dotted path of each variable rendered as a missing marker. */
  recordMissing(path: string): void;
  /** The default locale of locale-aware filters (`date("long")`); see createSandboxScope. */
  locale?: string;
}

/** The visible text that replaces an undefined variable in the output. */
export const missingMarker = (path: string): string => `[[missing: ${path}]]`;

function integerArgument(value: RuntimeValue | undefined, name: string): number {
  const number = value === undefined ? undefined : numberOf(value);
  if (number === undefined || !Number.isInteger(number)) throw new Error(`range: ${name} must be an integer`);
  return number;
}

/** `range(stop)` / `range(start, stop[, step])`, refusing to build more than the limit. */
const range: NativeFunction = (args) => {
  const [first, second, third] = splitArguments(args).positional;
  const start = second === undefined ? 0 : integerArgument(first, 'start');
  const stop = integerArgument(second ?? first, 'stop');
  const step = third === undefined ? 1 : integerArgument(third, 'step');
  if (step === 0) throw new Error('range: step must not be zero');
  const length = Math.max(0, Math.ceil((stop - start) / step));
  if (length > RENDER_LIMITS.maxRangeLength) throw new Error(`range: ${length} items (range budget of ${RENDER_LIMITS.maxRangeLength})`);
  return makeArray(Array.from({ length }, (_, index) => makeInteger(start + index * step)));
};

/**
 * Resolves `root.seg1.seg2…` like the interpreter's member access, but never throws (the
 * interpreter throws on `undefined[0]`), so a missing-variable check cannot itself fail.
 */
function resolvePath(root: RuntimeValue, segments: readonly (string | number)[]): RuntimeValue {
  let current = root;
  for (const segment of segments) {
    if (isUndefinedValue(current)) return current;
    const key = typeof segment === 'string' ? segment : undefined;
    const index = typeof segment === 'number' ? segment : undefined;
    const entries = entriesOf(current);
    const items = itemsOf(current);
    const text = stringOf(current);
    let next: RuntimeValue | undefined;
    if (entries) {
      next = key === undefined ? undefined : (entries.get(key) ?? (current.type === 'ObjectValue' ? current.builtins.get(key) : undefined));
    } else if (index !== undefined && items) {
      next = items.at(index);
    } else if (index !== undefined && text !== undefined) {
      const character = text.at(index);
      next = character === undefined ? undefined : makeString(character);
    } else if (key !== undefined) {
      next = current.builtins.get(key);
    }
    current = next ?? makeUndefined();
  }
  return current;
}

/**
 * `name` in `scope` or the nearest scope above it that has it, like the library's
 * `lookupVariable`, but without its catch-all: that one turns any error on the way into an
 * undefined value, a stack overflow included, so deep macro recursion would end in a
 * missing-variable marker instead of the recursion error it is.
 */
function lookUp(scope: JinjaEnvironment, name: string): RuntimeValue {
  for (let at: JinjaEnvironment | undefined = scope; at !== undefined; at = at.parent) {
    if (at.variables.has(name)) return at.variables.get(name) ?? makeUndefined();
  }
  return makeUndefined();
}

/**
 * The path a `$defined`/`$missing`/`$path` argument names (a path key, guarded-paths.ts) and its
 * value, its root looked up in `scope`, the scope the guard's call runs in: where the interpreter
 * would have looked up the same name.
 */
function resolveGuardedPath(arg: RuntimeValue, scope: JinjaEnvironment): { path: string; value: RuntimeValue } {
  const { display, root, segments } = guardedPathOf(stringOf(arg) ?? '');
  return { path: display, value: resolvePath(lookUp(scope, root), segments) };
}

/** Bounds a list/mapping's printed size and charges the walk to the step budget. */
function checkValueSize(value: RuntimeValue, budget: RenderBudget): ValueMeasure {
  const measure = measureValue(value, RENDER_LIMITS.maxValueNodes);
  budget.step(Math.ceil(measure.nodes / 100));
  return measure;
}

function helpers(session: SandboxSession): Record<string, NativeFunction> {
  return { ...budgetHelpers(session), ...guardHelpers(session) };
}

/** The helpers the rewrite inserts to charge the step and output budgets (sandbox-rewrite.ts). */
function budgetHelpers(session: SandboxSession): Record<string, NativeFunction> {
  const { budget } = session;
  return {
    [HELPER.filter]: (args) => applyFilter(session, args),
    [HELPER.tick]: ([callee]) => {
      budget.step();
      return callee ?? makeUndefined();
    },
    [HELPER.iterate]: ([iterable]) => {
      const value = iterable ?? makeUndefined();
      budget.step(1 + (itemsOf(value)?.length ?? entriesOf(value)?.size ?? 0));
      return value;
    },
    [HELPER.output]: ([rendered]) => chargeOutput(budget, rendered ?? makeUndefined()),
    [HELPER.value]: ([operand]) => chargeValue(budget, operand ?? makeUndefined()),
    [HELPER.small]: ([operand]) => {
      const value = operand ?? makeUndefined();
      if ((numberOf(value) ?? 0) > 100) throw new Error('indent must be at most 100');
      return value;
    },
  };
}

/** `$filter(name, operand, args…)`: one of our filters, charged by size (the operand's characters are read, the result's written). */
function applyFilter(session: SandboxSession, args: RuntimeValue[]): RuntimeValue {
  const { budget } = session;
  const [name, operand, ...rest] = args;
  const filter = name === undefined ? undefined : SANDBOX_FILTERS.get(stringOf(name) ?? '');
  if (filter === undefined || operand === undefined) throw new Error('unknown filter');
  budget.step(1 + stepsForChars(stringOf(operand)?.length ?? 0));
  const result = filter({ operand, ...splitArguments(rest), locale: session.locale });
  const text = stringOf(result);
  if (text !== undefined) {
    checkStringLength(text.length);
    budget.step(stepsForChars(text.length));
  }
  return result;
}

/** `$out(value)`: what a template prints, charged to the output budget; a function is refused. */
function chargeOutput(budget: RenderBudget, value: RuntimeValue): RuntimeValue {
  if (isFunctionValue(value)) throw new Error('a function cannot be rendered; call it');
  if (isUndefinedValue(value) || isNoneValue(value)) {
    budget.step();
    return value;
  }
  const text = stringOf(value);
  // Lists and mappings render as JSON (which refuses functions): bound their size first.
  if (text === undefined) checkValueSize(value, budget);
  budget.emit(text?.length ?? value.toString().length);
  return value;
}

/** `$val(value)`: a value built by an operator or filter, bounded and charged by its size; a function is refused. */
function chargeValue(budget: RenderBudget, value: RuntimeValue): RuntimeValue {
  const text = stringOf(value);
  if (text !== undefined) {
    checkStringLength(text.length);
    // A string built by `~`, `+`, `join` or a library filter costs by its size.
    budget.step(stepsForChars(text.length));
  } else if (checkValueSize(value, budget).containsFunction) throw new Error('a function cannot be used as a value; call it');
  return value;
}

/** The guards of optional paths (`$defined`, `$missing`, `$path`): each missing path is recorded and marked. */
function guardHelpers(session: SandboxSession): Record<string, NativeFunction> {
  return {
    [HELPER.defined]: (args, scope) => makeBoolean(args.every((arg) => !isUndefinedValue(resolveGuardedPath(arg, scope).value))),
    [HELPER.missing]: (args, scope) => {
      const markers: string[] = [];
      for (const arg of args) {
        const { path, value } = resolveGuardedPath(arg, scope);
        if (!isUndefinedValue(value)) continue;
        session.recordMissing(path);
        markers.push(missingMarker(path));
      }
      return markers.length === 0 ? makeNone() : makeString(markers.join(''));
    },
    // Resolves like the interpreter's member access (resolvePath), so a defined path gives the value E would have.
    [HELPER.path]: ([arg], scope) => {
      if (arg === undefined) return makeUndefined();
      const { path, value } = resolveGuardedPath(arg, scope);
      if (!isUndefinedValue(value)) return value;
      session.recordMissing(path);
      return makeString(missingMarker(path));
    },
  };
}

/** A render context converted to template values (plain data, `$` keys dropped). */
export type TemplateData = ReadonlyMap<string, RuntimeValue>;

/** Converts a render context once; any number of renders may share the result. */
export function templateDataOf(context: Record<string, unknown>): TemplateData {
  const data = new Map<string, RuntimeValue>();
  for (const [name, value] of Object.entries(context)) {
    if (name.startsWith('$')) continue;
    const converted = toTemplateValue(value);
    if (!isUndefinedValue(converted)) data.set(name, converted);
  }
  return data;
}

/**
 * Creates the scope for one render: globals and helpers in a parent scope, the context
 * (converted to plain data, `$` keys dropped) in a child scope so it may shadow globals.
 */
export function createSandboxScope(context: Record<string, unknown> | TemplateData, session: SandboxSession): JinjaEnvironment {
  const globals = new Environment();
  for (const [name, value] of [
    ['true', true],
    ['false', false],
    ['none', null],
    ['True', true],
    ['False', false],
    ['None', null],
  ] as const) {
    globals.set(name, value);
  }
  globals.setVariable('range', makeFunction(range));
  for (const [name, fn] of Object.entries(helpers(session))) globals.setVariable(name, makeFunction(fn));
  const scope = new Environment(globals);
  const data = context instanceof Map ? (context as TemplateData) : templateDataOf(context as Record<string, unknown>);
  for (const [name, value] of data) scope.setVariable(name, value);
  return scope;
}

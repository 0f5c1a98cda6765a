/**
 * Typed bridge to the runtime values of @huggingface/jinja.
 *
 * The package exports `Environment` and `Interpreter` but none of its value classes
 * (StringValue, FunctionValue, …) nor their types. Rather than deep-importing `dist/`
 * (blocked by the package's `exports` map) we derive the types from the public API and
 * take the constructors from values the library itself creates. Every other file of the
 * templating module goes through here, so a library upgrade that changes these shapes
 * breaks in one place (and loudly, at module load).
 */
import { Environment } from '@huggingface/jinja';

/** The library's variable scope. */
export type JinjaEnvironment = InstanceType<typeof Environment>;

/** Union of the library's runtime values (the package's `AnyRuntimeValue`, not exported). */
export type RuntimeValue = ReturnType<JinjaEnvironment['lookupVariable']>;

/** Signature of the native function wrapped by a library `FunctionValue`. */
export type NativeFunction = (args: RuntimeValue[], scope: JinjaEnvironment) => RuntimeValue;

const seedScope = new Environment();

/** The one unchecked step: a sample's class is taken as the constructor of its kind. */
function constructorOf<T>(sample: RuntimeValue, expectedType: string): new (value: T) => RuntimeValue {
  if (sample.type !== expectedType) {
    throw new Error(`@huggingface/jinja changed: expected ${expectedType}, got ${sample.type}`);
  }
  return sample.constructor as unknown as new (value: T) => RuntimeValue;
}

const IntegerValue = constructorOf<number>(seedScope.set('integer', 1), 'IntegerValue');
const FloatValue = constructorOf<number>(seedScope.set('float', 0.5), 'FloatValue');
const StringValue = constructorOf<string>(seedScope.set('string', ''), 'StringValue');
const BooleanValue = constructorOf<boolean>(seedScope.set('boolean', true), 'BooleanValue');
const NullValue = constructorOf<null>(seedScope.set('null', null), 'NullValue');
const UndefinedValue = constructorOf<undefined>(seedScope.set('undefined', undefined), 'UndefinedValue');
const ArrayValue = constructorOf<RuntimeValue[]>(seedScope.set('array', []), 'ArrayValue');
const ObjectValue = constructorOf<Map<string, RuntimeValue>>(seedScope.set('object', {}), 'ObjectValue');
const FunctionValue = constructorOf<NativeFunction>(seedScope.lookupVariable('namespace'), 'FunctionValue');

/** Creates an integer value. */
export const makeInteger = (value: number): RuntimeValue => new IntegerValue(value);
/** Creates a float value (renders `3.0` for 3, like Jinja). */
export const makeFloat = (value: number): RuntimeValue => new FloatValue(value);
/** Creates an integer or a float value. */
export const makeNumber = (value: number, float: boolean): RuntimeValue => (float ? makeFloat(value) : makeInteger(value));
/** Creates a string value. */
export const makeString = (value: string): RuntimeValue => new StringValue(value);
/** Creates a boolean value. */
export const makeBoolean = (value: boolean): RuntimeValue => new BooleanValue(value);
/** Creates `none`. */
export const makeNone = (): RuntimeValue => new NullValue(null);
/** Creates an undefined value (renders as nothing, fails `is defined`). */
export const makeUndefined = (): RuntimeValue => new UndefinedValue(undefined);
/** Creates a list value. */
export const makeArray = (items: RuntimeValue[]): RuntimeValue => new ArrayValue(items);
/** Creates a mapping value. */
export const makeObject = (entries: Map<string, RuntimeValue>): RuntimeValue => new ObjectValue(entries);
/** Wraps one of OUR native functions as a template-callable value. */
export const makeFunction = (fn: NativeFunction): RuntimeValue => new FunctionValue(fn);

/** True for the library's undefined value. */
export const isUndefinedValue = (value: RuntimeValue): boolean => value.type === 'UndefinedValue';
/** True for `none`. */
export const isNoneValue = (value: RuntimeValue): boolean => value.type === 'NullValue';
/** True for any callable (library builtins, macros, our helpers). */
export const isFunctionValue = (value: RuntimeValue): boolean => value.type === 'FunctionValue';
/** True for an integer value. */
export const isIntegerValue = (value: RuntimeValue): boolean => value.type === 'IntegerValue';
/** True for a float value. */
export const isFloatValue = (value: RuntimeValue): boolean => value.type === 'FloatValue';
/** True for the keyword-arguments bag the interpreter appends to call arguments. */
export const isKeywordArguments = (value: RuntimeValue): boolean => value.type === 'KeywordArgumentsValue';

/** The number held by an integer/float value, else undefined. */
export function numberOf(value: RuntimeValue): number | undefined {
  const raw = value.value;
  return (value.type === 'IntegerValue' || value.type === 'FloatValue') && typeof raw === 'number' ? raw : undefined;
}

/** The text held by a string value, else undefined. */
export function stringOf(value: RuntimeValue): string | undefined {
  const raw = value.value;
  return value.type === 'StringValue' && typeof raw === 'string' ? raw : undefined;
}

/** The boolean held by a boolean value, else undefined. */
export function booleanOf(value: RuntimeValue): boolean | undefined {
  const raw = value.value;
  return value.type === 'BooleanValue' && typeof raw === 'boolean' ? raw : undefined;
}

/** The items of a list or tuple value, else undefined. */
export function itemsOf(value: RuntimeValue): RuntimeValue[] | undefined {
  const raw = value.value;
  return Array.isArray(raw) ? raw : undefined;
}

/** The entries of a mapping, namespace or keyword-arguments value, else undefined. */
export function entriesOf(value: RuntimeValue): Map<string, RuntimeValue> | undefined {
  const raw = value.value;
  return raw instanceof Map ? raw : undefined;
}

/** Jinja truthiness as the library defines it (empty list/mapping are false). */
export const isTruthy = (value: RuntimeValue): boolean => value.__bool__().value;

/** Short human name of a value's kind for error messages (never its content). */
export function kindOf(value: RuntimeValue): string {
  return value.type.replace(/Value$/, '').toLowerCase();
}

/**
 * True when a value is, or (through lists, mappings, namespaces) contains, a function.
 * Such values must never be turned into text: the library would print the host function's
 * source code. `seen` guards against namespaces that contain themselves.
 */
export function containsFunction(value: RuntimeValue, seen: Set<RuntimeValue> = new Set()): boolean {
  if (isFunctionValue(value)) return true;
  if (seen.has(value)) return false;
  seen.add(value);
  const items = itemsOf(value);
  if (items) return items.some((item) => containsFunction(item, seen));
  const entries = entriesOf(value);
  if (entries) return [...entries.values()].some((item) => containsFunction(item, seen));
  return false;
}

/** What {@link measureValue} found. */
export interface ValueMeasure {
  /** Nodes visited, counting a shared sub-value once per reference (as printing would). */
  nodes: number;
  containsFunction: boolean;
}

/**
 * Walks a value the way printing it would (shared sub-values once per reference), to
 * refuse values whose text would be gigantic, e.g. `[x, x]` nested 40 times, a cycle,
 * or a list doubled in a loop, before the library tries to stringify them.
 * @throws {Error} when the walk exceeds `maxNodes`
 */
export function measureValue(value: RuntimeValue, maxNodes: number): ValueMeasure {
  const pending: RuntimeValue[] = [value];
  let nodes = 0;
  let hasFunction = false;
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    nodes += 1;
    if (nodes > maxNodes) throw new Error(`template builds a value that is too large (value budget of ${maxNodes} items)`);
    if (isFunctionValue(current)) hasFunction = true;
    const items = itemsOf(current) ?? entriesOf(current)?.values();
    if (items) for (const item of items) pending.push(item);
  }
  return { nodes, containsFunction: hasFunction };
}

/**
 * Converts a runtime value back into plain JS data: numbers stay numbers, lists become
 * arrays, mappings become plain objects. Functions become undefined so that no callable
 * (library builtin or macro) ever leaves the sandbox.
 */
export function toPlainValue(value: RuntimeValue, seen: Set<RuntimeValue> = new Set()): unknown {
  if (isFunctionValue(value) || isUndefinedValue(value)) return undefined;
  if (isNoneValue(value)) return null;
  const primitive = numberOf(value) ?? stringOf(value) ?? booleanOf(value);
  if (primitive !== undefined) return primitive;
  if (seen.has(value)) return null;
  seen.add(value);
  const items = itemsOf(value);
  if (items) return items.map((item) => toPlainValue(item, seen));
  const entries = entriesOf(value);
  if (entries) {
    // Object.fromEntries defines own data properties, so a "__proto__" key stays a plain key.
    return Object.fromEntries([...entries].map(([key, item]) => [key, toPlainValue(item, seen)]));
  }
  return undefined;
}

/**
 * `format`: Python %-style formatting (`"%s owes %.2f"|format(name, amount)`,
 * `"%(name)s"|format(name=x)`), missing from @huggingface/jinja. Implemented from
 * scratch over runtime values; no JS format function ever sees a template value.
 */
import { entriesOf, kindOf, makeString, stringOf, type RuntimeValue } from '../jinja-runtime.js';
import { checkStringLength } from '../render-budget.js';
import { requireNumber, textOf, type FilterCall } from './filter-call.js';

/** `%[(key)][flags][width][.precision][length]conversion` */
const SPEC = /%(?:\(([^)]*)\))?([-+ #0]*)(\d+)?(?:\.(\d+))?[hlL]?([diouxXeEfFgGcrsa%])/g;

/** Width and precision above this are refused: `%999999999s` would be a memory bomb. */
const MAX_WIDTH = 500;

interface Spec {
  flags: string;
  width: number;
  precision: number | undefined;
  conversion: string;
}

function withSign(digits: string, negative: boolean, flags: string): string {
  return (negative ? '-' : flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '') + digits;
}

function pad(text: string, spec: Spec, numeric: boolean): string {
  if (text.length >= spec.width) return text;
  if (spec.flags.includes('-')) return text.padEnd(spec.width);
  if (numeric && spec.flags.includes('0')) {
    const sign = /^[-+ ]/.test(text) ? text.slice(0, 1) : '';
    return sign + text.slice(sign.length).padStart(spec.width - sign.length, '0');
  }
  return text.padStart(spec.width);
}

/** Python's two-digit exponent: 1.5e+3 → 1.5e+03. */
const pythonExponent = (text: string): string => text.replace(/e([+-])(\d)$/, 'e$10$2');

function general(value: number, precision: number, alternate: boolean): string {
  const digits = precision === 0 ? 1 : precision;
  if (value === 0) return alternate ? (0).toFixed(digits - 1) : '0';
  const exponent = Math.floor(Math.log10(Math.abs(Number(value.toPrecision(digits)))));
  const strip = (text: string): string => (alternate ? text : text.replace(/\.?0+(?=e|$)/, ''));
  if (exponent >= -4 && exponent < digits) return strip(value.toFixed(Math.max(digits - 1 - exponent, 0)));
  return pythonExponent(strip(value.toExponential(digits - 1)));
}

function formatNumber(value: RuntimeValue, spec: Spec): string {
  const { number } = requireNumber(value, `format %${spec.conversion}`);
  if (!Number.isFinite(number)) return pad(withSign(Number.isNaN(number) ? 'nan' : 'inf', number < 0, spec.flags), spec, false);
  const magnitude = Math.abs(number);
  const negative = number < 0 || Object.is(number, -0);
  const alternate = spec.flags.includes('#');
  let digits: string;
  switch (spec.conversion) {
    case 'd':
    case 'i':
    case 'u':
      digits = Math.trunc(magnitude).toString();
      break;
    case 'x':
    case 'X':
    case 'o': {
      const base = spec.conversion === 'o' ? 8 : 16;
      digits = (alternate ? (base === 8 ? '0o' : '0x') : '') + Math.trunc(magnitude).toString(base);
      if (spec.conversion === 'X') digits = digits.toUpperCase();
      break;
    }
    case 'e':
    case 'E':
      digits = pythonExponent(magnitude.toExponential(spec.precision ?? 6));
      if (spec.conversion === 'E') digits = digits.toUpperCase();
      break;
    case 'g':
    case 'G':
      digits = general(magnitude, spec.precision ?? 6, alternate);
      if (spec.conversion === 'G') digits = digits.toUpperCase();
      break;
    default: // f, F
      digits = magnitude.toFixed(spec.precision ?? 6);
  }
  const truncatedToZero = /^[dixXou]$/.test(spec.conversion) && Math.trunc(magnitude) === 0;
  return pad(withSign(digits, negative && !truncatedToZero, spec.flags), spec, true);
}

function formatOne(value: RuntimeValue, spec: Spec): string {
  switch (spec.conversion) {
    case 's':
    case 'r':
    case 'a': {
      const text = textOf(value, 'format');
      return pad(spec.precision === undefined ? text : text.slice(0, spec.precision), spec, false);
    }
    case 'c': {
      const text = stringOf(value);
      if (text !== undefined && Array.from(text).length === 1) return pad(text, spec, false);
      const { number } = requireNumber(value, 'format %c');
      if (!Number.isInteger(number) || number < 0 || number > 0x10ffff) throw new Error('format %c: invalid character code');
      return pad(String.fromCodePoint(number), spec, false);
    }
    default:
      return formatNumber(value, spec);
  }
}

/**
 * `format(*args, **kwargs)` on a format string.
 * @throws {Error} for a non-text operand, too few/many arguments, a bad conversion for a value,
 * or mixed positional and keyword arguments
 */
export function formatFilter(call: FilterCall): RuntimeValue {
  const template = stringOf(call.operand);
  if (template === undefined) throw new Error(`format: expected a format string, got ${kindOf(call.operand)}`);
  if (call.positional.length > 0 && call.keyword.size > 0) throw new Error('format: use either positional or keyword arguments');
  // Python: a single mapping argument feeds %(name)s specifiers.
  const single = call.positional.length === 1 ? call.positional[0] : undefined;
  const mapping = call.keyword.size > 0 ? call.keyword : single === undefined ? undefined : entriesOf(single);
  let next = 0;
  const output = template.replace(
    SPEC,
    (_whole: string, key: string | undefined, flags: string, width: string | undefined, precision: string | undefined, conversion: string) => {
      if (conversion === '%') return '%';
      const spec: Spec = { flags, width: Number(width ?? 0), precision: precision === undefined ? undefined : Number(precision), conversion };
      if (spec.width > MAX_WIDTH || (spec.precision ?? 0) > MAX_WIDTH) throw new Error('format: width or precision too large');
      let value: RuntimeValue | undefined;
      if (key !== undefined) {
        if (mapping === undefined) throw new Error('format: %(name) needs keyword arguments or a mapping');
        value = mapping.get(key);
        if (value === undefined) throw new Error(`format: no value for "${key}"`);
      } else {
        value = call.positional[next];
        next += 1;
        if (value === undefined) throw new Error('format: not enough arguments for format string');
      }
      return formatOne(value, spec);
    },
  );
  const usedMapping = mapping !== undefined && next === 0;
  if (!usedMapping && next < call.positional.length) throw new Error('format: not all arguments converted during string formatting');
  checkStringLength(output.length);
  return makeString(output);
}

/** Text filters missing from (or incomplete in) @huggingface/jinja. */
import { checkStringLength } from '../render-budget.js';
import { kindOf, makeInteger, makeString, stringOf, type RuntimeValue } from '../jinja-runtime.js';
import { argumentOf, booleanArgument, integerArgument, isAbsent, stringArgument, textOf, type FilterCall } from './filter-call.js';

/** Jinja's default `truncate.leeway` policy: texts at most 5 characters too long are kept. */
const DEFAULT_LEEWAY = 5;

/**
 * `truncate(length=255, killwords=False, end='...', leeway=5)`, Jinja's algorithm: cut at the
 * last word boundary (or mid-word with killwords) and append `end`.
 * @throws {Error} when length is shorter than end, or leeway is negative
 */
export function truncateFilter(call: FilterCall): RuntimeValue {
  const text = textOf(call.operand, 'truncate');
  const length = integerArgument(argumentOf(call, 0, 'length'), 255, 'truncate length');
  const killWords = booleanArgument(argumentOf(call, 1, 'killwords'), false);
  const end = stringArgument(argumentOf(call, 2, 'end'), '...', 'truncate end');
  const leeway = integerArgument(argumentOf(call, 3, 'leeway'), DEFAULT_LEEWAY, 'truncate leeway');
  if (length < end.length) throw new Error('truncate: length must be at least the length of end');
  if (leeway < 0) throw new Error('truncate: leeway must not be negative');
  if (text.length <= length + leeway) return makeString(text);
  const head = text.slice(0, length - end.length);
  if (killWords) return makeString(head + end);
  const lastSpace = head.lastIndexOf(' ');
  return makeString((lastSpace === -1 ? head : head.slice(0, lastSpace)) + end);
}

/** `wordcount`: number of words (runs of letters, digits and underscores, like Python's \w+). */
export function wordcountFilter(call: FilterCall): RuntimeValue {
  const text = textOf(call.operand, 'wordcount');
  return makeInteger(text.match(/[\p{L}\p{N}_]+/gu)?.length ?? 0);
}

/** `capitalize`: first character upper case, the rest lower case (Jinja's, not the library's). */
export function capitalizeFilter(call: FilterCall): RuntimeValue {
  const text = textOf(call.operand, 'capitalize');
  const [first = '', ...rest] = Array.from(text);
  return makeString(first.toUpperCase() + rest.join('').toLowerCase());
}

/**
 * `indent(width=4, first=False, blank=False)`, as the library does it but with a bounded
 * width: the library would happily build a gigabyte of spaces.
 * @throws {Error} for a non-text operand or a width outside 0..100
 */
export function indentFilter(call: FilterCall): RuntimeValue {
  const text = stringOf(call.operand);
  if (text === undefined) throw new Error(`indent: expected text, got ${kindOf(call.operand)}`);
  const widthValue = argumentOf(call, 0, 'width');
  const padding =
    !isAbsent(widthValue) && stringOf(widthValue) !== undefined
      ? stringArgument(widthValue, '', 'indent width')
      : ' '.repeat(integerArgument(widthValue, 4, 'indent width'));
  if (padding.length > 100) throw new Error('indent: width must be at most 100');
  const first = booleanArgument(argumentOf(call, 1, 'first'), false);
  const blank = booleanArgument(argumentOf(call, 2, 'blank'), false);
  const lines = text.split('\n');
  checkStringLength(text.length + lines.length * padding.length);
  return makeString(lines.map((line, index) => ((index === 0 && !first) || (line.length === 0 && !blank) ? line : padding + line)).join('\n'));
}

/**
 * `replace(old, new, count=None)`, with the result size checked BEFORE it is built.
 * @throws {Error} for non-text arguments or a too long result
 */
export function replaceFilter(call: FilterCall): RuntimeValue {
  const text = textOf(call.operand, 'replace');
  const search = stringArgument(argumentOf(call, 0, 'old'), '', 'replace old');
  const replacement = stringArgument(argumentOf(call, 1, 'new'), '', 'replace new');
  const countValue = argumentOf(call, 2, 'count');
  const limit = isAbsent(countValue) ? Infinity : integerArgument(countValue, -1, 'replace count');
  const max = limit < 0 ? Infinity : limit;
  // Python semantics: an empty `old` matches before every character and at the end.
  const pieces = search === '' ? ['', ...Array.from(text), ''] : text.split(search);
  const separators = Math.min(pieces.length - 1, max);
  checkStringLength(text.length + separators * replacement.length);
  let result = pieces[0] ?? '';
  for (let index = 1; index < pieces.length; index += 1) {
    result += (index <= separators ? replacement : search) + (pieces[index] ?? '');
  }
  return makeString(result);
}

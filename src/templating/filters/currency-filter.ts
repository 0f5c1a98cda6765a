/**
 * `currency(code='EUR', locale='en')`: `1234.5|currency('EUR')` → `€1,234.50`, via
 * Intl.NumberFormat. Formatters are cached per (locale, code); formatting is pure.
 */
import { boundedMemo } from '../../kernel/bounded-memo.js';
import { isNoneValue, isUndefinedValue, makeString, type RuntimeValue } from '../jinja-runtime.js';
import { argumentOf, requireNumber, stringArgument, type FilterCall } from './filter-call.js';

/**
 * Formatters kept per thread. Locale and code come from tenants' templates and Intl accepts any
 * well-formed tag and any three letters, so the pairs are unbounded: the least recently used goes
 * first beyond this many (a template uses one or two; creating a formatter costs ~50 µs).
 */
export const MAX_CURRENCY_FORMATTERS = 256;
const formatters = boundedMemo((key: string): Intl.NumberFormat => {
  const [locale, code] = key.split('|');
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code });
  } catch {
    throw new Error(`currency: unsupported locale "${locale}" or currency "${code}"`);
  }
}, MAX_CURRENCY_FORMATTERS);

function formatterFor(locale: string, code: string): Intl.NumberFormat {
  // Neither contains a `|` (checked by the filter), so the key splits back into the two.
  return formatters(`${locale}|${code}`);
}

/** How many currency formatters this thread keeps (tests). */
export function currencyFormatterCount(): number {
  return formatters.size();
}

/**
 * The `currency` filter. none/undefined render as '' (a missing amount is not an error).
 * @throws {Error} for a non-number amount, a code that is not three letters, or a bad locale
 */
export function currencyFilter(call: FilterCall): RuntimeValue {
  if (isNoneValue(call.operand) || isUndefinedValue(call.operand)) return makeString('');
  const { number } = requireNumber(call.operand, 'currency');
  const code = stringArgument(argumentOf(call, 0, 'code'), 'EUR', 'currency code').toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) throw new Error(`currency: "${code}" is not a three-letter currency code`);
  const locale = stringArgument(argumentOf(call, 1, 'locale'), 'en', 'currency locale');
  if (!/^[A-Za-z0-9-]{1,35}$/.test(locale)) throw new Error(`currency: unsupported locale "${locale}"`);
  return makeString(formatterFor(locale, code).format(number));
}

/**
 * `currency(code='EUR', locale='en')`: `1234.5|currency('EUR')` → `€1,234.50`, via
 * Intl.NumberFormat. Formatters are cached per (locale, code); formatting is pure.
 */
import { isNoneValue, isUndefinedValue, makeString, type RuntimeValue } from '../jinja-runtime.js';
import { argumentOf, requireNumber, stringArgument, type FilterCall } from './filter-call.js';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string, code: string): Intl.NumberFormat {
  const key = `${locale}|${code}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
    } catch {
      throw new Error(`currency: unsupported locale "${locale}" or currency "${code}"`);
    }
    formatters.set(key, formatter);
  }
  return formatter;
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

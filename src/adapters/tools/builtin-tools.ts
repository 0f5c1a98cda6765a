/**
 * Tools Quire ships (`builtin.*`): pure functions over the call's arguments and the registration's
 * config; no network. Each result carries a source text that states the computation, so a
 * generated sentence can cite it.
 */
import type { ToolRegistrationInput } from '../../pipeline/ports.js';
import { ToolCallError, type ToolResult, isPlainObject } from './tool-result.js';

/** The built-in tool class names. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function integerArg(args: Record<string, unknown>, key: string): number {
  const raw = args[key];
  if (raw === undefined || raw === null || raw === '') return 0;
  const n = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new ToolCallError(`"${key}" must be a whole number`);
  return n;
}

function parseDate(raw: unknown): Date {
  const m = typeof raw === 'string' ? DATE.exec(raw) : null;
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !date || date.getUTCDate() !== Number(m[3])) throw new ToolCallError('"date" must be a date as YYYY-MM-DD');
  return date;
}

/** Adds months keeping the day, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/** Moves over Monday–Friday only. */
function addBusinessDays(date: Date, days: number): Date {
  const out = new Date(date);
  const step = days < 0 ? -1 : 1;
  for (let left = Math.abs(days); left > 0;) {
    out.setUTCDate(out.getUTCDate() + step);
    const weekday = out.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return out;
}

/**
 * `builtin.date_add`: `{date, years?, months?, weeks?, days?, businessDays?}` → `YYYY-MM-DD`.
 * Applied in that order, in UTC, so the answer never depends on the server's time zone.
 *
 * @throws ToolCallError on a malformed date or a non-integer amount.
 */
export function dateAdd(registration: ToolRegistrationInput, args: Record<string, unknown>): ToolResult {
  const start = parseDate(args.date);
  const years = integerArg(args, 'years');
  const months = integerArg(args, 'months');
  const weeks = integerArg(args, 'weeks');
  const days = integerArg(args, 'days');
  const businessDays = integerArg(args, 'businessDays');
  let date = addMonths(start, years * 12 + months);
  date.setUTCDate(date.getUTCDate() + weeks * 7 + days);
  date = addBusinessDays(date, businessDays);
  const value = date.toISOString().slice(0, 10);
  const parts = Object.entries({ years, months, weeks, days, businessDays })
    .filter(([, n]) => n !== 0)
    .map(([k, n]) => `${n} ${k}`);
  const text = `${start.toISOString().slice(0, 10)} plus ${parts.join(', ') || 'nothing'} is ${value}.`;
  return { value, source: { title: `${registration.name} (date arithmetic)`, kind: 'tool', tool: registration.name, url: null, text } };
}

function rateTable(config: Record<string, unknown>): { base: string; rates: Map<string, number>; asOf: string | null; decimals: number } {
  const base = typeof config.base === 'string' ? config.base.toUpperCase() : '';
  if (!/^[A-Z]{3}$/.test(base)) throw new ToolCallError('the currency table needs a "base" currency code');
  if (!isPlainObject(config.rates)) throw new ToolCallError('the currency table needs "rates"');
  const rates = new Map<string, number>([[base, 1]]);
  for (const [code, rate] of Object.entries(config.rates)) if (typeof rate === 'number' && rate > 0) rates.set(code.toUpperCase(), rate);
  const decimals = typeof config.decimals === 'number' ? config.decimals : 2;
  return { base, rates, asOf: typeof config.asOf === 'string' ? config.asOf : null, decimals };
}

/**
 * `builtin.currency_convert`: `{amount, from, to}` with the rate table of the config
 * (`{base, rates: {CODE: units per 1 base}, asOf?, decimals?}`); cross rates go through the base.
 *
 * @throws ToolCallError on a missing amount or a currency the table does not have.
 */
export function currencyConvert(registration: ToolRegistrationInput, args: Record<string, unknown>): ToolResult {
  const table = rateTable(registration.config);
  const amount = typeof args.amount === 'string' ? Number(args.amount.replace(/[,\s]/g, '')) : args.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) throw new ToolCallError('"amount" must be a number');
  const from = typeof args.from === 'string' && args.from !== '' ? args.from.toUpperCase() : table.base;
  const to = typeof args.to === 'string' && args.to !== '' ? args.to.toUpperCase() : table.base;
  const fromRate = table.rates.get(from);
  const toRate = table.rates.get(to);
  if (fromRate === undefined || toRate === undefined) {
    throw new ToolCallError(`the rate table has no ${fromRate === undefined ? from : to} (it has ${[...table.rates.keys()].join(', ')})`);
  }
  const rate = toRate / fromRate;
  const factor = 10 ** table.decimals;
  const converted = Math.round(amount * rate * factor) / factor;
  const value = { amount: converted, currency: to, from, rate: Number(rate.toPrecision(10)), asOf: table.asOf };
  const text = `${amount} ${from} = ${converted.toFixed(table.decimals)} ${to} at ${value.rate} ${to}/${from}${table.asOf ? ` (rates as of ${table.asOf})` : ''}.`;
  return {
    value,
    source: {
      title: `${registration.name} (currency table${table.asOf ? ` as of ${table.asOf}` : ''})`,
      kind: 'tool',
      tool: registration.name,
      url: null,
      text,
    },
  };
}

/**
 * Runs a built-in tool by class.
 *
 * @throws ToolCallError for an unknown built-in or bad arguments.
 */
export function callBuiltinTool(registration: ToolRegistrationInput, args: Record<string, unknown>): ToolResult {
  switch (registration.classPath) {
    case 'builtin.date_add':
      return dateAdd(registration, args);
    case 'builtin.currency_convert':
      return currencyConvert(registration, args);
    default:
      throw new ToolCallError(`there is no built-in tool ${registration.classPath}`);
  }
}

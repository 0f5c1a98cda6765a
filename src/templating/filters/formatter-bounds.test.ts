import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../render-template.js';
import { MAX_CURRENCY_FORMATTERS, currencyFormatterCount } from './currency-filter.js';
import { MAX_DATE_FORMATTERS, dateFormatterCount } from './date-filter.js';

// Locales and currency codes come from tenants' templates; Intl accepts any well-formed one.
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const locales = Array.from({ length: MAX_DATE_FORMATTERS + 40 }, (_, i) => `en-x-a${i}`);
const codes = Array.from({ length: MAX_CURRENCY_FORMATTERS + 40 }, (_, i) => `X${letters[Math.floor(i / 26) % 26]}${letters[i % 26]}`);

describe('the formatters the date and currency filters keep', () => {
  it(`keep at most ${MAX_DATE_FORMATTERS} date formatters however many locales templates ask for, and still format with each`, () => {
    const result = renderTemplate('{% for l in locales %}{{ d|date("long", l) }};{% endfor %}', { locales, d: '2026-12-01' });
    expect(result.error).toBeUndefined();
    expect(result.output.split(';').filter((part) => part !== '')).toHaveLength(locales.length);
    expect(result.output).toContain('December 1, 2026');
    expect(dateFormatterCount()).toBe(MAX_DATE_FORMATTERS);
  });

  it(`keep at most ${MAX_CURRENCY_FORMATTERS} currency formatters however many codes and locales templates ask for`, () => {
    const result = renderTemplate('{% for c in codes %}{{ 12.5|currency(c, "en-US") }};{% endfor %}', { codes });
    expect(result.error).toBeUndefined();
    expect(result.output.split(';').filter((part) => part !== '')).toHaveLength(codes.length);
    expect(result.output).toContain(`${codes[codes.length - 1]}`);
    expect(currencyFormatterCount()).toBe(MAX_CURRENCY_FORMATTERS);
  });
});

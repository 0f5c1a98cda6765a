import { describe, expect, it } from 'vitest';
import { callBuiltinTool } from './builtin-tools.js';
import { ToolCallError } from './tool-result.js';

const dateAdd = { name: 'deadlines', classPath: 'builtin.date_add', config: {} };
const fx = { name: 'fx', classPath: 'builtin.currency_convert', config: { base: 'EUR', rates: { USD: 1.08, GBP: 0.85 }, asOf: '2026-01-02' } };

describe('builtin.date_add', () => {
  it('adds days, weeks, months (clamped to month end) and years in UTC', () => {
    expect(callBuiltinTool(dateAdd, { date: '2026-01-31', months: 1 }).value).toBe('2026-02-28');
    expect(callBuiltinTool(dateAdd, { date: '2024-01-31', months: 1 }).value).toBe('2024-02-29');
    expect(callBuiltinTool(dateAdd, { date: '2026-03-01', days: 30 }).value).toBe('2026-03-31');
    expect(callBuiltinTool(dateAdd, { date: '2026-03-01', weeks: -1 }).value).toBe('2026-02-22');
    expect(callBuiltinTool(dateAdd, { date: '2026-03-01', years: 1, days: '2' }).value).toBe('2027-03-03');
  });

  it('counts business days over weekends and cites the computation', () => {
    const result = callBuiltinTool(dateAdd, { date: '2026-11-20', businessDays: 3 }); // a Friday
    expect(result.value).toBe('2026-11-25');
    expect(result.source).toMatchObject({ kind: 'tool', tool: 'deadlines', text: '2026-11-20 plus 3 businessDays is 2026-11-25.' });
  });

  it('refuses malformed dates and amounts', () => {
    expect(() => callBuiltinTool(dateAdd, { date: '2026-02-30', days: 1 })).toThrow(ToolCallError);
    expect(() => callBuiltinTool(dateAdd, { date: 'tomorrow' })).toThrow(/YYYY-MM-DD/);
    expect(() => callBuiltinTool(dateAdd, { date: '2026-01-01', days: 1.5 })).toThrow(/whole number/);
  });
});

describe('builtin.currency_convert', () => {
  it('converts from the base, to the base and across through the base', () => {
    expect(callBuiltinTool(fx, { amount: 100, from: 'EUR', to: 'USD' }).value).toMatchObject({ amount: 108, currency: 'USD', rate: 1.08, asOf: '2026-01-02' });
    expect(callBuiltinTool(fx, { amount: 108, from: 'usd', to: 'eur' }).value).toMatchObject({ amount: 100, currency: 'EUR' });
    const cross = callBuiltinTool(fx, { amount: '1,000', from: 'GBP', to: 'USD' });
    expect(cross.value).toMatchObject({ amount: 1270.59, currency: 'USD' });
    expect(cross.source.text).toBe('1000 GBP = 1270.59 USD at 1.270588235 USD/GBP (rates as of 2026-01-02).');
  });

  it('refuses currencies the table lacks and non-numeric amounts', () => {
    expect(() => callBuiltinTool(fx, { amount: 1, from: 'EUR', to: 'JPY' })).toThrow(/no JPY/);
    expect(() => callBuiltinTool(fx, { amount: 'lots', to: 'USD' })).toThrow(/amount/);
  });
});

import { describe, expect, it } from 'vitest';
import { hasFailedErrorCheck, runItemChecks } from './item-checks.js';
import { getProcessor, listProcessors, PROCESSORS, runProcessor } from './processor-catalog.js';
import type { CheckDefinition } from './types.js';
import { checkValueType } from './value-schemas.js';
import { makeZipBombDocx } from './test-support/fixtures.js';
import { findDates, parseAmount, parseDate, parseIban, parseMoney } from './value-parsers.js';

describe('checkValueType', () => {
  const cases: Array<[string, unknown[], unknown[]]> = [
    ['string', ['a', ''], [1, null, {}]],
    ['number', [1.5, -2, 0], ['1', NaN, null]],
    ['integer', [3, -1], [1.5, '3']],
    [
      'money',
      [
        { amount: 1, currency: 'USD' },
        { amount: -2.5, currency: null },
      ],
      [{ amount: '1', currency: 'USD' }, { amount: 1 }, { amount: 1, currency: 'usd' }, 5],
    ],
    ['date', ['2026-01-05', '2024-02-29'], ['2026-02-30', '05/01/2026', '2026-1-5']],
    ['datetime', ['2026-01-05T10:00:00Z', '2026-01-05T10:00:00+02:00'], ['2026-01-05', '2026-13-01T00:00:00Z']],
    ['boolean', [true, false], ['true', 0]],
    ['email', ['a@b.test'], ['a@b', 'nope']],
    ['phone', ['+1 555 010 0200', '030 1234567'], ['call me', '12']],
    ['percent', [12.5, 0], ['12%']],
    ['enum', ['gold'], ['', 3]],
    ['address', [{ city: 'Paris' }, { lines: ['1 Main St'], country: 'US' }], [{}, 'Paris', { city: 3 }, { planet: 'Mars' }]],
    ['object', [{}, { a: 1 }], [[], 'x']],
    ['array', [[], [1]], [{}, 'x']],
  ];
  for (const [type, good, bad] of cases) {
    it(`${type}: accepts ${good.length} and refuses ${bad.length}`, () => {
      for (const g of good) expect(checkValueType(type, g), `${type} ${JSON.stringify(g)}`).toBeNull();
      for (const b of bad) expect(checkValueType(type, b), `${type} ${JSON.stringify(b)}`).toEqual(expect.any(String));
    });
  }
  it('handles enum values, null and unknown types', () => {
    expect(checkValueType('enum', 'gold', { enum_values: ['gold', 'silver'] })).toBeNull();
    expect(checkValueType('enum', 'bronze', { enum_values: ['gold', 'silver'] })).toMatch(/one of/);
    expect(checkValueType('money', null)).toMatch(/required/);
    expect(checkValueType('money', null, { allow_null: true })).toBeNull();
    expect(checkValueType('colour', 'red')).toMatch(/unknown value_type/);
  });
});

describe('runItemChecks', () => {
  const checks = getProcessor('prc_generic_fields')?.item_types.find((t) => t.key === 'invoice.total')?.checks ?? [];
  it('evaluates JsonLogic rules on the item', () => {
    expect(checks.map((c) => c.id)).toEqual(['total_positive']);
    const ok = runItemChecks(checks, { key: 'invoice.total', value_type: 'money', value_state: 'present', value: { amount: 110, currency: 'USD' } });
    expect(ok).toEqual([{ id: 'total_positive', severity: 'error', passed: true, message: null }]);
    const bad = runItemChecks(checks, { key: 'invoice.total', value_type: 'money', value_state: 'present', value: { amount: 0, currency: 'USD' } });
    expect(bad[0]).toMatchObject({ passed: false, message: 'the total must be greater than 0' });
    expect(hasFailedErrorCheck(bad)).toBe(true);
  });
  it('supports cross-item context and skips items without a value', () => {
    const rule: CheckDefinition = {
      id: 'sum',
      severity: 'warning',
      rule: { '==': [{ var: 'value.amount' }, { '+': [{ var: 'context.subtotal' }, { var: 'context.tax' }] }] },
    };
    const item = { key: 'invoice.total', value_type: 'money' as const, value_state: 'present' as const, value: { amount: 110, currency: 'USD' } };
    expect(runItemChecks([rule], item, { subtotal: 100, tax: 10 })[0].passed).toBe(true);
    expect(runItemChecks([rule], item, { subtotal: 100, tax: 8 })[0]).toMatchObject({ passed: false, message: 'check sum failed' });
    const blank = runItemChecks(checks, { key: 'invoice.total', value_type: 'money', value_state: 'blank', value: null });
    expect(blank[0]).toMatchObject({ passed: true, skipped: true });
    const broken = runItemChecks([{ id: 'x', severity: 'error', rule: { no_such_op: [1] } }], item);
    expect(broken[0]).toMatchObject({ passed: false });
    expect(broken[0].message).toMatch(/could not be evaluated/);
  });
});

describe('value parsers', () => {
  it('parses amounts in both conventions, dates strictly and IBAN checksums', () => {
    expect(parseAmount('1,234.56')).toBe(1234.56);
    expect(parseAmount('1.234,56')).toBe(1234.56);
    expect(parseAmount('(12.50)')).toBe(-12.5);
    expect(parseAmount('12,3456')).toBeNull();
    expect(parseMoney('EUR 1.234,56')).toEqual({ amount: 1234.56, currency: 'EUR' });
    expect(parseMoney('1 234,56 €')).toEqual({ amount: 1234.56, currency: 'EUR' });
    expect(parseDate('January 5, 2026')).toBe('2026-01-05');
    expect(parseDate('01/05/2026')).toBe('2026-01-05');
    expect(parseDate('01/05/2026', 'dmy')).toBe('2026-05-01');
    expect(parseDate('tomorrow')).toBeNull();
    expect(parseDate('Jan 5')).toBeNull();
    expect(parseIban('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(parseIban('DE89 3704 0044 0532 0130 01')).toBeNull();
  });

  it('finds no date in a relative time ("in 2 weeks"): nothing is printed, so nothing is a date', () => {
    for (const text of ['within two weeks', 'in 2 weeks', 'two weeks ago', 'in 3 days']) {
      expect(parseDate(text), text).toBeNull();
      expect(parseDate(text, 'dmy'), text).toBeNull();
    }
    const clause = 'Payment is due within 10 days, by 5 January 2026 at the latest.';
    expect(findDates(clause, 'dmy')).toEqual([{ index: clause.indexOf('5 January'), text: '5 January 2026', value: '2026-01-05' }]);
    expect(findDates('Signed 12.03.2025, valid for two weeks ago', 'dmy').map((d) => d.value)).toEqual(['2025-03-12']);
  });
});

describe('processor catalog', () => {
  it('lists processors with unique prc_ ids, semver versions and engines', async () => {
    const ids = PROCESSORS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(['prc_generic_fields', 'prc_acroform', 'prc_table_rows', 'prc_text', 'prc_docx', 'prc_ocr', 'prc_llm_fields']);
    const list = await listProcessors();
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) {
      expect(p.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(JSON.parse(JSON.stringify(p))).toEqual(p);
      expect('extract' in p).toBe(false);
    }
    expect(list[0].engine['pdfjs-dist']).toBe('5.5.207');
  });
  it('runProcessor reports unknown processors and unsupported kinds without throwing', async () => {
    const a = await runProcessor('prc_nope', { bytes: Buffer.from('x'), kind: 'text' });
    expect(a.errors[0]).toMatchObject({ code: 'unknown_processor', category: 'policy' });
    const b = await runProcessor('prc_acroform', { bytes: Buffer.from('x'), kind: 'text' });
    expect(b.errors[0].code).toBe('unsupported_kind');
    const c = await runProcessor('prc_generic_fields', { bytes: Buffer.from('not a pdf'), kind: 'pdf' });
    expect(c.errors[0].code).toBe('corrupt');
    const d = await runProcessor('prc_docx', { bytes: Buffer.from('not a zip'), kind: 'docx' });
    expect(d.errors[0].code).toBe('corrupt');
    const e = await runProcessor('prc_docx', { bytes: await makeZipBombDocx(20), kind: 'docx' });
    expect(e.errors[0].code).toBe('zip_bomb_suspected');
  });
});

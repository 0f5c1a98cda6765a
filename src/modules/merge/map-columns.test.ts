/** Column mapping, row values and row problems: pure, so the preview and the run agree. */
import { describe, expect, it } from 'vitest';
import { DomainValidationError } from '../../kernel/errors.js';
import { fieldsOfRow, mapColumns, problemsOfRow, type TemplateField } from './map-columns.js';

const FIELDS: TemplateField[] = [
  { key: 'client_name', label: 'Client', valueType: 'string', options: null, isRequired: true, value: '' },
  { key: 'fee_amount', label: 'Fee', valueType: 'number', options: null, isRequired: true, value: '' },
  { key: 'fee_currency', label: 'Currency', valueType: 'enum', options: ['EUR', 'USD'], isRequired: true, value: 'EUR' },
  { key: 'note', label: null, valueType: 'string', options: null, isRequired: false, value: '' },
];

describe('mapColumns', () => {
  it('matches by key, then by label, ignoring case, spaces, _ and -', () => {
    const mapping = mapColumns(['Client Name', 'FEE', 'currency', 'Remarks'], FIELDS);
    expect(mapping.columns).toEqual([
      { column: 'Client Name', field: 'client_name', by: 'key' },
      { column: 'FEE', field: 'fee_amount', by: 'label' },
      { column: 'currency', field: 'fee_currency', by: 'label' },
      { column: 'Remarks', field: null, by: null },
    ]);
    expect(mapping.unmappedColumns).toEqual(['Remarks']);
    expect(mapping.missingRequired).toEqual([]);
  });

  it('lets an explicit mapping win, and names required fields nothing fills (a template default counts as filled)', () => {
    const mapping = mapColumns(['Client', 'Remarks'], FIELDS, { Client: null, Remarks: 'note' });
    expect(mapping.columns).toEqual([
      { column: 'Client', field: null, by: null },
      { column: 'Remarks', field: 'note', by: 'mapping' },
    ]);
    expect(mapping.missingRequired).toEqual(['client_name', 'fee_amount']);
  });

  it('refuses a mapping to an unknown field or from an unknown column, and two columns for one field', () => {
    expect(() => mapColumns(['A'], FIELDS, { A: 'nope' })).toThrow(DomainValidationError);
    expect(() => mapColumns(['A'], FIELDS, { B: 'note' })).toThrow(/does not have/);
    expect(() => mapColumns(['client', 'Client Name'], FIELDS)).toThrow(/both fill the field "client_name"/);
  });
});

describe('row values and problems', () => {
  const mapping = mapColumns(['Client', 'Fee', 'Extra'], FIELDS);

  it('keeps mapped columns only, trimmed', () => {
    expect(fieldsOfRow({ Client: ' Contoso ', Fee: '12', Extra: 'x' }, mapping)).toEqual({ client_name: 'Contoso', fee_amount: '12' });
  });

  it('tells a value that can never fit (invalid) from a blank required one (missing); defaults fill blanks', () => {
    expect(problemsOfRow(4, { client_name: '', fee_amount: 'twelve' }, FIELDS)).toEqual([
      { row: 4, field: 'client_name', kind: 'missing', message: 'field "client_name" is required and blank' },
      { row: 4, field: 'fee_amount', kind: 'invalid', message: 'field "fee_amount" (number): "twelve" is not a number' },
    ]);
    expect(problemsOfRow(1, { client_name: 'A', fee_amount: '1', fee_currency: '' }, FIELDS)).toEqual([]);
    expect(problemsOfRow(1, { client_name: 'A', fee_amount: '1', fee_currency: 'JPY' }, FIELDS)).toEqual([
      expect.objectContaining({ field: 'fee_currency', kind: 'invalid' }),
    ]);
  });
});

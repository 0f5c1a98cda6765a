import { describe, expect, it } from 'vitest';
import { extractEntities } from './entities.js';
import { extractLabelValues } from './label-value.js';
import { layoutFromText, splitTextSegments } from './layout.js';

const segmentTexts = (line: string): string[] => splitTextSegments(line).map((s) => line.slice(s.start, s.end));
const entities = (text: string): Array<[string, unknown]> => extractEntities(layoutFromText(text)).map((i) => [i.key, i.value]);

describe('splitTextSegments', () => {
  it('splits on tabs and on three or more spaces, keeping single and double spaces inside', () => {
    expect(segmentTexts('Vendor:  Contoso Ltd     Invoice no:\tINV-7')).toEqual(['Vendor:  Contoso Ltd', 'Invoice no:', 'INV-7']);
    expect(segmentTexts('   leading and trailing   ')).toEqual(['leading and trailing']);
    expect(segmentTexts('\t \t')).toEqual([]);
  });

  it('keeps a line that ends in one or two spaces (a Markdown line break)', () => {
    expect(segmentTexts('Total: $110.00  ')).toEqual(['Total: $110.00']);
    expect(segmentTexts('Vendor: Contoso ')).toEqual(['Vendor: Contoso']);
  });
});

describe('entities in plain text', () => {
  it('finds values on lines with trailing spaces', () => {
    const items = extractLabelValues(layoutFromText('Vendor: Contoso Ltd  \nTotal: $110.00 \n'));
    expect(items.map((i) => i.key)).toEqual(expect.arrayContaining(['vendor.name', 'invoice.total']));
  });

  it('finds an e-mail address inside a word run but not a local part over 64 characters', () => {
    expect(entities('write to billing@contoso.test today')).toEqual([['entity.email', 'billing@contoso.test']]);
    expect(entities(`${'a'.repeat(65)}@contoso.test`)).toEqual([]);
  });

  it('reads a trailing-currency amount from its first digit, never from inside a number', () => {
    expect(entities('paid 1.234,56 EUR')).toEqual([['entity.money', { amount: 1234.56, currency: 'EUR' }]]);
    expect(entities('ref 4455667788 EUR')).toEqual([['entity.money', { amount: 4455667788, currency: 'EUR' }]]);
    expect(entities(`${'9'.repeat(40)} EUR`)).toEqual([]);
  });

  it('keeps a whole phone number, however its groups are split (issue #11)', () => {
    expect(entities('Phone: +49 30 1234567')).toEqual([['entity.phone', '+49301234567']]);
    expect(entities('call +49 30 12345678 today')).toEqual([['entity.phone', '+493012345678']]);
    expect(entities('Tel: 030 1234567')).toEqual([['entity.phone', '0301234567']]);
    expect(entities('+1 555 010 0200')).toEqual([['entity.phone', '+15550100200']]);
  });
});

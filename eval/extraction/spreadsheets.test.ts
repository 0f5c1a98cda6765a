import { describe, expect, it } from 'vitest';
import { buildExtractFactsPrompt } from '../../src/adapters/llm/prompts/extract-facts.js';
import { promptFields, readFields } from '../support/scripted-extractor.js';
import { scoreSpreadsheets } from './spreadsheets.js';

describe('the awkward-spreadsheet gold set', () => {
  it('is read cell for cell, and the upload check agrees with the reader on every file', async () => {
    const s = await scoreSpreadsheets();
    expect(s.files.flatMap((f) => f.misses)).toEqual([]);
    expect(s.csv).toMatchObject({ cells: 86, correct: 86, extra: 0 });
    expect(s.xlsx).toMatchObject({ cells: 42, correct: 42, extra: 0 });
    expect(s.disagreements).toBe(0);
  });
});

describe('the scripted extractor', () => {
  it('answers the fields the prompt lists from the text the prompt carries', () => {
    const text = 'Factuurnr.: A-2025-4728\nDatum: 24 mei 2023\nTe betalen: 9.005,22 €\nIBAN: NL50 INGB 0692 9927 28';
    const { system, user } = buildExtractFactsPrompt({
      text,
      fieldHints: [
        { key: 'invoice.number', valueType: 'string', label: 'Invoice number' },
        { key: 'invoice.date', valueType: 'date', label: 'Invoice date' },
        { key: 'invoice.total', valueType: 'money', label: 'Total' },
        { key: 'payment.iban', valueType: 'string', label: 'IBAN' },
      ],
    });
    const keys = promptFields(system);
    expect(keys).toEqual(['invoice.number', 'invoice.date', 'invoice.total', 'payment.iban']);
    expect(readFields(user.replace(/^Intake text:\n/, ''), keys)).toEqual({
      'invoice.number': 'A-2025-4728',
      'invoice.date': '2023-05-24',
      'invoice.total': '9.005,22 €',
      'payment.iban': 'NL50 INGB 0692 9927 28',
    });
  });
});

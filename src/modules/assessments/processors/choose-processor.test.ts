import { describe, expect, it } from 'vitest';
import { chooseProcessor } from './choose-processor.js';

describe('chooseProcessor', () => {
  it('routes a PDF with filled form fields to prc_acroform, by content', () => {
    expect(chooseProcessor('pdf', null, { form_fields: { count: 6, filled: 5 } })).toBe('prc_acroform');
    expect(chooseProcessor('pdf', undefined, { form_fields: { count: 1, filled: 1 } })).toBe('prc_acroform');
  });

  it('keeps the generic processor for a PDF without fields, or with only empty ones', () => {
    expect(chooseProcessor('pdf', null, { form_fields: { count: 0, filled: 0 } })).toBe('prc_generic_fields');
    expect(chooseProcessor('pdf', null, { form_fields: { count: 4, filled: 0 } })).toBe('prc_generic_fields');
    expect(chooseProcessor('pdf', null, { form_fields: null })).toBe('prc_generic_fields');
    expect(chooseProcessor('pdf', null)).toBe('prc_generic_fields');
  });

  it('never overrides a processor the request or the assessment names', () => {
    expect(chooseProcessor('pdf', 'prc_generic_fields', { form_fields: { count: 6, filled: 5 } })).toBe('prc_generic_fields');
    expect(chooseProcessor('pdf', 'prc_text', { form_fields: { count: 6, filled: 5 } })).toBe('prc_text');
  });

  it('routes by kind otherwise', () => {
    expect(chooseProcessor('xlsx', null)).toBe('prc_table_rows');
    expect(chooseProcessor('csv', null)).toBe('prc_table_rows');
    expect(chooseProcessor('image', null)).toBe('prc_ocr');
    expect(chooseProcessor('docx', null, { form_fields: null })).toBe('prc_generic_fields');
  });
});

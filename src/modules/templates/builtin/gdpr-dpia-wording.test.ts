/** The DPIA's description table says the retention in words a reader expects: "about 1 year", never "about 1 years". */
import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../../../templating/index.js';
import { GDPR_DPIA_SPEC } from './gdpr-dpia.js';

const table = (GDPR_DPIA_SPEC.sections ?? []).find((section) => String(section.output_template ?? '').includes('| Retention |'));

const retentionRow = (years: number) => {
  const source = String(table?.output_template);
  const row = source.split('\n').find((line) => line.startsWith('| Retention |'));
  return renderTemplate(row ?? '', { retention_text: `${years * 12} months`, computed: { retention_years: years } }).output;
};

describe('the DPIA retention row', () => {
  it('says one year in the singular', () => {
    expect(retentionRow(1)).toBe('| Retention | 12 months (about 1 year) |');
  });

  it('says other spans in the plural', () => {
    expect(retentionRow(2)).toBe('| Retention | 24 months (about 2 years) |');
    expect(retentionRow(0.5)).toBe('| Retention | 6 months (about 0.5 years) |');
  });
});

import { describe, expect, it } from 'vitest';
import { runProcessor } from './processor-catalog.js';
import type { ExtractedItem } from './types.js';
import { EUROPEAN_INVOICE_ANSWERS, makeEuropeanInvoicePdf } from './test-support/european-invoices.js';

const valueOf = (items: ExtractedItem[], key: string): unknown => items.find((i) => i.key === key && i.value_state === 'present')?.value ?? null;

describe('prc_generic_fields on German and French text-PDF invoices', () => {
  for (const lang of ['de', 'fr'] as const) {
    it(`${lang}: reads the total, number, date, IBAN and VAT id under that language's labels and formats`, async () => {
      const r = await runProcessor('prc_generic_fields', { bytes: await makeEuropeanInvoicePdf(lang), kind: 'pdf', filename: `${lang}.pdf` });
      expect(r.errors).toEqual([]);
      const want = EUROPEAN_INVOICE_ANSWERS[lang];
      expect({
        total: valueOf(r.items, 'invoice.total'),
        number: valueOf(r.items, 'invoice.number'),
        date: valueOf(r.items, 'invoice.date'),
        iban: valueOf(r.items, 'payment.iban'),
        vat: valueOf(r.items, 'tax.id'),
      }).toEqual(want);
    });
  }
});

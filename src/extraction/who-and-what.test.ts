/**
 * Who and what (issue 32 item 2): the issuer from the letterhead and the customer from the block a
 * party label heads (name, address, VAT id); the document's type from its title, invoice fields
 * held for review on anything but an invoice; a field that occurs once as one item, the other
 * candidates its alternates.
 */
import { describe, expect, it } from 'vitest';
import { runProcessor } from './processor-catalog.js';
import type { ExtractedItem, ProcessorResult } from './types.js';
import { DUTCH_STATEMENT, GERMAN_INVOICE, PAYMENT_REPORT, type DrawnLine, drawLinesPdf } from './test-support/who-and-what-pdfs.js';

const read = async (lines: DrawnLine[]): Promise<ProcessorResult> =>
  runProcessor('prc_generic_fields', { bytes: await drawLinesPdf(lines), kind: 'pdf', filename: 'doc.pdf' });
const only = (r: ProcessorResult, key: string): ExtractedItem => {
  const found = r.items.filter((i) => i.key === key);
  expect(found.map((i) => i.key)).toEqual([key]);
  return found[0];
};

describe('who and what in prc_generic_fields', () => {
  it('reads the issuer from the letterhead and the customer from the "Rechnungsempfänger" block, each VAT id its own', async () => {
    const r = await read(GERMAN_INVOICE);
    expect(only(r, 'issuer.name')).toMatchObject({ value: 'Nordlicht GmbH', raw_text: 'Nordlicht GmbH' });
    expect(only(r, 'issuer.address').value).toBe('Hauptstraße 12, 10115 Berlin');
    expect(only(r, 'issuer.vat_id').value).toBe('DE136695976');
    expect(only(r, 'customer.name').value).toBe('Fabrikam Europe SARL');
    expect(only(r, 'customer.address').value).toBe('Rue de la Paix 3, 75002 Paris');
    expect(only(r, 'customer.vat_id').value).toBe('FR40303265045');
    // The customer's VAT id is not the document's tax id (the issuer's is).
    expect(only(r, 'tax.id').value).toBe('DE136695976');
    const box = only(r, 'customer.address').provenance.anchors.find((a) => a.kind === 'page_region');
    expect(box?.kind === 'page_region' ? box.boxes.length : 0).toBe(2);
    expect(only(r, 'document.type')).toMatchObject({ value: 'invoice', raw_text: 'Rechnung', value_state: 'present' });
    expect(only(r, 'invoice.total').confidence.overall).toBeGreaterThanOrEqual(0.8);
  });

  it('calls a payment report "other", holds its totals for review, and gives one total with the others as alternates', async () => {
    const r = await read(PAYMENT_REPORT);
    expect(only(r, 'document.type')).toMatchObject({ value: 'other', value_state: 'inferred' });
    const total = only(r, 'invoice.total');
    expect(total.confidence.overall).toBeLessThan(0.8);
    expect(total.value).toEqual({ amount: 1200, currency: 'USD' });
    expect(total.alternates?.map((a) => [a.value_text, a.raw_text, a.confidence.overall])).toEqual([
      ['850.00 USD', '$850.00', 0.5],
      ['2310.50 USD', '$2,310.50', 0.5],
    ]);
    expect(total.alternates?.[0].provenance.anchors.map((a) => a.kind)).toEqual(['page_region', 'text_span']);
  });

  it('calls a Dutch "Rekeningafschrift" a statement and holds its total for review, its date not', async () => {
    const r = await read(DUTCH_STATEMENT);
    expect(only(r, 'document.type')).toMatchObject({ value: 'statement', raw_text: 'Rekeningafschrift' });
    expect(only(r, 'invoice.total').confidence.overall).toBeLessThan(0.8);
    expect(only(r, 'invoice.date')).toMatchObject({ value: '2024-05-03' });
    expect(only(r, 'invoice.date').confidence.overall).toBeGreaterThanOrEqual(0.8);
  });
});

/**
 * Where an issuer's or a customer's address ends (issue 32 item 2, ADR 0541): at the postcode
 * and town line (a country line may follow), not at whatever is printed right under it — a table
 * header, a title, a sentence — and a receipt's label/value rows under a centred shop name are
 * not its address. Real PDFs (pdf-lib), read by `prc_generic_fields`.
 */
import { describe, expect, it } from 'vitest';
import { runProcessor } from './processor-catalog.js';
import type { ProcessorResult } from './types.js';
import { type DrawnLine, drawLinesPdf } from './test-support/who-and-what-pdfs.js';

const read = async (lines: DrawnLine[]): Promise<ProcessorResult> =>
  runProcessor('prc_generic_fields', { bytes: await drawLinesPdf(lines), kind: 'pdf', filename: 'doc.pdf' });
const valuesOf = (r: ProcessorResult, key: string): unknown[] => r.items.filter((i) => i.key === key).map((i) => i.value);

describe('where a party address ends', () => {
  it('ends an English customer address at the town, though the table header follows on the next line', async () => {
    const r = await read([
      ['Invoice', 72, 790, 20],
      ['Northwind Ltd', 72, 762],
      ['14 Harbour Road', 72, 748],
      ['Dublin D02 X285', 72, 734],
      ['Invoice number: INV-2024-0042', 72, 720],
      ['Bill to', 72, 690],
      ['Fabrikam Europe', 72, 676],
      ['Rue de la Paix 3', 72, 662],
      ['75002 Paris', 72, 648],
      ['Description', 72, 634],
      ['Qty', 290, 634],
      ['Unit price', 380, 634],
      ['Amount', 480, 634],
      ['Consulting services', 72, 620],
      ['1', 290, 620],
      ['EUR 500.00', 380, 620],
      ['EUR 500.00', 480, 620],
    ]);
    expect(valuesOf(r, 'issuer.address')).toEqual(['14 Harbour Road, Dublin D02 X285']);
    expect(valuesOf(r, 'customer.address')).toEqual(['Rue de la Paix 3, 75002 Paris']);
  });

  it('keeps a US town line after a street that starts with a long house number', async () => {
    const r = await read([
      ['Invoice', 72, 790, 20],
      ['Bill to', 72, 700],
      ['Contoso Inc.', 72, 686],
      ['1600 Pennsylvania Avenue NW', 72, 672],
      ['Washington, DC 20500', 72, 658],
      ['Description', 72, 644],
      ['Qty', 290, 644],
      ['Amount', 480, 644],
    ]);
    expect(valuesOf(r, 'customer.address')).toEqual(['1600 Pennsylvania Avenue NW, Washington, DC 20500']);
  });

  it('ends a German letterhead address at the town, though the report title follows on the next line', async () => {
    const r = await read([
      ['Nordlicht GmbH', 72, 780],
      ['Hauptstraße 12', 72, 766],
      ['10115 Berlin', 72, 752],
      ['Zahlungsbericht', 72, 738],
      ['Zeitraum: Januar 2024', 72, 710],
    ]);
    expect(valuesOf(r, 'issuer.address')).toEqual(['Hauptstraße 12, 10115 Berlin']);
  });

  it('ends a French letterhead address at the town, though a sentence follows on the next line', async () => {
    const r = await read([
      ['Facture', 72, 790, 20],
      ['Atelier Soleil SARL', 72, 762],
      ['12 rue de Rivoli', 72, 748],
      ['75001 Paris', 72, 734],
      ['Numéro de facture RE-2025-3782, date de facture 29 septembre 2023, échéance 29/10/2023.', 72, 720],
    ]);
    expect(valuesOf(r, 'issuer.address')).toEqual(['12 rue de Rivoli, 75001 Paris']);
  });

  it('keeps a Dutch customer country line in the address, not the table header after it', async () => {
    const r = await read([
      ['Factuur', 72, 790, 20],
      ['Van Dijk Levering B.V.', 72, 762],
      ['Damrak 1', 72, 748],
      ['1012 LG Amsterdam', 72, 734],
      ['Factuur aan', 72, 700],
      ['Fabrikam Europe', 72, 686],
      ['Hauptstraße 7', 72, 672],
      ['10115 Berlin', 72, 658],
      ['Duitsland', 72, 644],
      ['Omschrijving', 72, 630],
      ['Aantal', 290, 630],
      ['Bedrag', 480, 630],
    ]);
    expect(valuesOf(r, 'issuer.address')).toEqual(['Damrak 1, 1012 LG Amsterdam']);
    expect(valuesOf(r, 'customer.address')).toEqual(['Hauptstraße 7, 10115 Berlin, Duitsland']);
  });

  it('reads no address from a Polish receipt whose field values stand under the centred shop name', async () => {
    const r = await read([
      ['Fiore Sp. z o.o.', 250, 800, 13],
      ['Paragon', 268, 782],
      ['Paragon nr', 60, 766],
      ['RE-2023-6344', 240, 766],
      ['Data', 60, 752],
      ['17.05.2024', 250, 752],
      ['Telefon', 60, 738],
      ['+48 22 870 55 57', 220, 738],
    ]);
    expect(valuesOf(r, 'issuer.name')).toEqual(['Fiore Sp. z o.o.']);
    expect(valuesOf(r, 'issuer.address')).toEqual([]);
  });

  it('reads an Italian letterhead printed with wide line spacing, its lines further apart than their height', async () => {
    const r = await read([
      ['Fattura', 72, 790, 20],
      ['Solana S.r.l.', 72, 756, 9],
      ['Via Roma 89', 72, 734, 9],
      ['00184 Roma', 72, 712, 9],
      ['Numero fattura: INV-2025-7346', 72, 690, 9],
      ['Data di emissione: 08/07/2025', 72, 668, 9],
      ['Data di scadenza: 07/08/2025', 72, 646, 9],
    ]);
    expect(valuesOf(r, 'issuer.name')).toEqual(['Solana S.r.l.']);
    expect(valuesOf(r, 'issuer.address')).toEqual(['Via Roma 89, 00184 Roma']);
  });
});

/**
 * A German and a French invoice as one-page text PDFs (pdf-lib), printed the way those
 * countries print them: their own labels, day-first dates, "1.234,56 €" / "1 234,56 €",
 * an IBAN in groups of four, a VAT id with its country prefix. `EUROPEAN_INVOICE_ANSWERS`
 * holds what an extractor should read from each.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';

type Line = [string, number, number];

const LINES: Record<'de' | 'fr', Line[]> = {
  de: [
    ['Rechnung', 72, 740],
    ['Nordlicht GmbH, Hauptstraße 12, 10115 Berlin', 72, 720],
    ['Rechnungsnummer:', 72, 680],
    ['RE-2024-0815', 220, 680],
    ['Rechnungsdatum:', 72, 664],
    ['12.03.2024', 220, 664],
    ['Beratungsleistung', 72, 600],
    ['1.037,45 €', 450, 600],
    ['Zwischensumme', 300, 560],
    ['1.037,45 €', 450, 560],
    ['MwSt. 19%', 300, 544],
    ['197,12 €', 450, 544],
    ['Gesamtbetrag', 300, 528],
    ['1.234,57 €', 450, 528],
    ['IBAN: DE89 3704 0044 0532 0130 00', 72, 440],
    ['USt-IdNr.: DE136695976', 72, 424],
  ],
  fr: [
    ['Facture', 72, 740],
    ['Atelier Soleil SARL, 3 rue de la Paix, 75002 Paris', 72, 720],
    ['Facture n°', 72, 680],
    ['F-2014-0042', 220, 680],
    ['Date', 72, 664],
    ['3 août 2014', 220, 664],
    ['Prestation de conseil', 72, 600],
    ['1 028,80 €', 450, 600],
    ['Total HT', 300, 560],
    ['1 028,80 €', 450, 560],
    ['TVA 20 %', 300, 544],
    ['205,76 €', 450, 544],
    ['Total TTC', 300, 528],
    ['1 234,56 €', 450, 528],
    ['IBAN FR14 2004 1010 0505 0001 3M02 606', 72, 440],
    ['N° TVA intracommunautaire : FR40 303265045', 72, 424],
  ],
};

export const EUROPEAN_INVOICE_ANSWERS = {
  de: { number: 'RE-2024-0815', date: '2024-03-12', total: { amount: 1234.57, currency: 'EUR' }, iban: 'DE89370400440532013000', vat: 'DE136695976' },
  fr: { number: 'F-2014-0042', date: '2014-08-03', total: { amount: 1234.56, currency: 'EUR' }, iban: 'FR1420041010050500013M02606', vat: 'FR40303265045' },
};

/** The invoice of `lang` as PDF bytes. */
export async function makeEuropeanInvoicePdf(lang: 'de' | 'fr'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [text, x, y] of LINES[lang]) page.drawText(text, { x, y, size: 11, font });
  return Buffer.from(await doc.save());
}

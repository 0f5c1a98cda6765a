/**
 * One-page text PDFs (pdf-lib) for the who-and-what rules: an invoice with a letterhead and a
 * customer block in German, a payment report with several "Total" lines, a statement.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Text, x and y in points from the bottom left, font size (11 when absent). */
export type DrawnLine = [string, number, number, number?];

/** The lines drawn on an A4 page, as PDF bytes. */
export async function drawLinesPdf(lines: DrawnLine[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [text, x, y, size] of lines) page.drawText(text, { x, y, size: size ?? 11, font });
  return Buffer.from(await doc.save());
}

/** A German invoice: letterhead, "Rechnungsempfänger" block with the customer's VAT id, the issuer's VAT id in the footer. */
export const GERMAN_INVOICE: DrawnLine[] = [
  ['Nordlicht GmbH', 72, 780, 14],
  ['Hauptstraße 12', 72, 764],
  ['10115 Berlin', 72, 750],
  ['Rechnung', 72, 700, 18],
  ['Rechnungsempfänger', 72, 660],
  ['Fabrikam Europe SARL', 72, 646],
  ['Rue de la Paix 3', 72, 632],
  ['75002 Paris', 72, 618],
  ['USt-IdNr.: FR40303265045', 72, 604],
  ['Rechnungsnummer:', 330, 660],
  ['RE-2024-0815', 450, 660],
  ['Rechnungsdatum:', 330, 646],
  ['12.03.2024', 450, 646],
  ['Beratungsleistung', 72, 540],
  ['1.037,45 €', 450, 540],
  ['Gesamtbetrag', 300, 500],
  ['1.234,57 €', 450, 500],
  ['IBAN: DE89 3704 0044 0532 0130 00', 72, 120],
  ['USt-IdNr.: DE136695976', 72, 106],
];

/** A payment report: three "Total" lines, none of them an invoice total. */
export const PAYMENT_REPORT: DrawnLine[] = [
  ['Physician payment report', 72, 760, 16],
  ['Period: January 2024', 72, 730],
  ['Dr. A. Smith', 72, 690],
  ['Total: $1,200.00', 300, 690],
  ['Dr. B. Jones', 72, 670],
  ['Total: $850.00', 300, 670],
  ['Dr. C. Brown', 72, 650],
  ['Total: $2,310.50', 300, 650],
];

/** A Dutch account statement. */
export const DUTCH_STATEMENT: DrawnLine[] = [
  ['Rekeningafschrift', 72, 760, 16],
  ['Van Dijk B.V.', 72, 730],
  ['Datum: 03-05-2024', 72, 700],
  ['Totaal: 1.250,00 €', 72, 680],
];

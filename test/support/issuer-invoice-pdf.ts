/**
 * One issuer's invoices as text PDFs (pdf-lib, no LibreOffice): the same letterhead and layout,
 * values that vary. The invoice number sits far right of an unusual label ("Our reference"), so
 * the generic rules do not read it; the issuer memory learns it from a reviewer's correction.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface IssuerInvoice {
  number: string;
  total: string;
  iban: string;
  vat: string;
  date: string;
}

export async function issuerInvoicePdf(v: IssuerInvoice, name = 'Nordlicht GmbH'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const text = (s: string, x: number, y: number, size = 10): void => page.drawText(s, { x, y, size, font });
  text(name, 50, 790, 14);
  text('Hauptstrasse 12, 10115 Berlin', 50, 772);
  text('INVOICE', 50, 730, 16);
  text('Our reference', 50, 700);
  text(v.number, 430, 700);
  text(`Date: ${v.date}`, 50, 680);
  text('Customer: Fabrikam Europe, Rue de la Paix 3, 75002 Paris', 50, 650);
  text('Consulting services', 50, 600);
  text(v.total, 430, 600);
  text(`Total: ${v.total}`, 50, 560);
  // An empty IBAN or VAT id is not printed (an issuer then known by its name and layout only).
  if (v.iban) text(`IBAN: ${v.iban}`, 50, 120);
  if (v.vat) text(`VAT ID: ${v.vat}`, 50, 104);
  return Buffer.from(await pdf.save());
}

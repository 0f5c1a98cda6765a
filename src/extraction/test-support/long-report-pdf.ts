/**
 * A many-page text PDF, the same bytes every time (no creation date, no random ids): each page
 * is a statement with label/value lines, a small table and prose, so a generic extraction finds
 * items on every page. Used by the PDF extraction bench (170 pages, like the document)
 * and by the tests of many-page extraction.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';

const PROSE = [
  'The services described above were delivered in the period stated and accepted by the customer.',
  'Payment is due within thirty days of the statement date; late payments accrue interest monthly.',
  'Questions about this statement can be sent to the accounts team at the address given below.',
  'Amounts are shown in US dollars and include all taxes unless a line states otherwise.',
];

/** The label/value lines drawn on page `n` (1-based), top to bottom, with their baselines. */
export function reportPageLines(n: number): Array<{ text: string; x: number; y: number }> {
  const id = String(n).padStart(4, '0');
  const cents = (n * 137) % 100;
  const lines: Array<{ text: string; x: number; y: number }> = [
    { text: `Statement ${id}`, x: 72, y: 740 },
    { text: `Vendor: Contoso Supplies ${n}`, x: 72, y: 712 },
    { text: `Invoice number: INV-${id}`, x: 72, y: 696 },
    { text: `Date: 2026-${String(((n - 1) % 12) + 1).padStart(2, '0')}-${String(((n - 1) % 28) + 1).padStart(2, '0')}`, x: 72, y: 680 },
    { text: `Contact: billing${n}@contoso.test`, x: 72, y: 664 },
  ];
  for (let row = 0; row < 12; row++) {
    const y = 620 - row * 16;
    lines.push(
      { text: `Item ${row + 1} of statement ${id}`, x: 72, y },
      { text: String(row + 1), x: 330, y },
      { text: `$${(row + 1) * 10 + n}.${String(cents).padStart(2, '0')}`, x: 450, y },
    );
  }
  lines.push({ text: 'Total:', x: 350, y: 410 }, { text: `$${n * 100}.${String(cents).padStart(2, '0')}`, x: 450, y: 410 });
  for (let p = 0; p < 16; p++) lines.push({ text: PROSE[(n + p) % PROSE.length], x: 72, y: 370 - p * 16 });
  return lines;
}

/** A text PDF of `pages` US-letter pages drawn with Helvetica 10 pt (see `reportPageLines`). */
export async function makeLongReportPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([612, 792]);
    for (const line of reportPageLines(n)) page.drawText(line.text, { x: line.x, y: line.y, size: 10, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

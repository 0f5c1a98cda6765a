/**
 * Test fixtures built in memory by the tests (no committed binaries): PDFs with pdf-lib, a
 * hand-written encrypted PDF, docx with `docx`, xlsx with exceljs, zips with jszip, PNG bytes.
 */
import { Document, Packer, Paragraph, HeadingLevel, Table, TableRow, TableCell, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { crc32, deflateSync } from 'node:zlib';

/** Where each label/value of the invoice PDF was drawn (PDF points, bottom-left origin). */
export const INVOICE_LAYOUT = {
  page: { width: 612, height: 792 },
  size: 12,
  total_value: { x: 450, y: 500 },
};

/** A one-page text PDF with label/value pairs, a small table, a right-aligned total and a label-above-value pair. */
export async function makeInvoicePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([INVOICE_LAYOUT.page.width, INVOICE_LAYOUT.page.height]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const t = (text: string, x: number, y: number): void => page.drawText(text, { x, y, size: INVOICE_LAYOUT.size, font });
  t('Vendor: Contoso Ltd', 72, 720);
  t('Invoice number: INV-100', 72, 700);
  t('Date: 2026-01-05', 72, 680);
  t('Item', 72, 620);
  t('Qty', 300, 620);
  t('Amount', 450, 620);
  t('Widget', 72, 600);
  t('2', 300, 600);
  t('$100.00', 450, 600);
  t('Shipping', 72, 580);
  t('1', 300, 580);
  t('$10.00', 450, 580);
  t('Total:', 350, 500);
  t('$110.00', INVOICE_LAYOUT.total_value.x, INVOICE_LAYOUT.total_value.y);
  t('Bill to:', 72, 450);
  t('Fabrikam Inc', 72, 436);
  t('Phone: +1 555 010 0200', 72, 400);
  t('IBAN: DE89 3704 0044 0532 0130 00', 72, 380);
  t('Contact billing@contoso.test for questions.', 72, 360);
  return Buffer.from(await doc.save());
}

/**
 * A fillable PDF: text fields (one empty), a checked checkbox, a dropdown and a radio group.
 * `printed` lines are drawn on the page as ordinary text (a heading, instructions), as real
 * forms have; `filled: false` leaves every field empty.
 */
export async function makeFormPdf(options: { printed?: string[]; filled?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  if (options.printed) {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    options.printed.forEach((line, i) => page.drawText(line, { x: 72, y: 750 - i * 16, size: 12, font }));
  }
  if (options.filled === false) {
    const empty = doc.getForm();
    empty.createTextField('vendor_name').addToPage(page, { x: 72, y: 700, width: 200, height: 20 });
    empty.createCheckBox('agree').addToPage(page, { x: 72, y: 580, width: 16, height: 16 });
    return Buffer.from(await doc.save());
  }
  const form = doc.getForm();
  const vendor = form.createTextField('vendor_name');
  vendor.addToPage(page, { x: 72, y: 700, width: 200, height: 20 });
  vendor.setText('Contoso Ltd');
  const total = form.createTextField('total');
  total.addToPage(page, { x: 72, y: 660, width: 120, height: 20 });
  total.setText('110.00');
  const notes = form.createTextField('notes');
  notes.addToPage(page, { x: 72, y: 620, width: 200, height: 20 });
  const agree = form.createCheckBox('agree');
  agree.addToPage(page, { x: 72, y: 580, width: 16, height: 16 });
  agree.check();
  const country = form.createDropdown('country');
  country.addOptions(['US', 'DE', 'FR']);
  country.addToPage(page, { x: 300, y: 700, width: 100, height: 20 });
  country.select('DE');
  const pay = form.createRadioGroup('payment');
  pay.addOptionToPage('card', page, { x: 300, y: 600, width: 16, height: 16 });
  pay.addOptionToPage('wire', page, { x: 340, y: 600, width: 16, height: 16 });
  pay.select('wire');
  return Buffer.from(await doc.save());
}

/** A PDF with big text (for OCR after rasterisation). */
export async function makeBigTextPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('INVOICE', { x: 72, y: 680, size: 40, font });
  page.drawText('Total: $110.00', { x: 72, y: 600, size: 32, font });
  return Buffer.from(await doc.save());
}

/** A PDF with many pages of text (for the time budget). */
export async function makeLongPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const p = doc.addPage([612, 792]);
    for (let l = 0; l < 40; l++) p.drawText(`Page ${i + 1} line ${l + 1}: lorem ipsum dolor sit amet`, { x: 40, y: 760 - l * 18, size: 10, font });
  }
  return Buffer.from(await doc.save());
}

/**
 * A minimal hand-written PDF whose trailer references a Standard security handler
 * `/Encrypt` dictionary (pdf-lib cannot encrypt; qpdf is not installed).
 */
export function makeEncryptedPdf(): Buffer {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O <${'a1'.repeat(32)}> /U <${'b2'.repeat(32)}> >>`,
  ];
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${'c3'.repeat(16)}> <${'c3'.repeat(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A PNG (grey, w×h, all white except a black square), encoded by hand. */
export function makePng(w = 8, h = 8): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(w + 1, 255);
    row[0] = 0;
    for (let x = 0; x < w; x++) if (x > 1 && x < 5 && y > 1 && y < 5) row[x + 1] = 0;
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A docx: heading, "Vendor:" paragraph, an empty paragraph, a generic label, and a 2×2 table. */
export async function makeDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Supplier Agreement', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ children: [new TextRun({ text: 'Vendor: ', bold: true }), new TextRun('Contoso Ltd')] }),
          new Paragraph({ text: '' }),
          new Paragraph({ text: 'Account manager: Jane Doe' }),
          new Table({
            rows: [
              new TableRow({ children: [new TableCell({ children: [new Paragraph('Total')] }), new TableCell({ children: [new Paragraph('$110.00')] })] }),
              new TableRow({
                children: [new TableCell({ children: [new Paragraph('Due date')] }), new TableCell({ children: [new Paragraph('2026-02-04')] })],
              }),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** An xlsx: header row, a money-formatted column, dates, booleans and a formula. */
export async function makeXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Invoices');
  ws.addRow(['Invoice', 'Date', 'Amount', 'Paid']);
  ws.addRow(['INV-1', new Date(Date.UTC(2026, 0, 5)), 100.5, true]);
  ws.addRow(['INV-2', new Date(Date.UTC(2026, 1, 1)), { formula: 'C2*2', result: 201 }, false]);
  ws.getColumn(3).numFmt = '"$"#,##0.00';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A zip posing as docx with a large, highly compressible entry (~`mb` MiB of zeros). */
export async function makeZipBombDocx(mb = 50): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file('word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>');
  zip.file('word/media/zeros.bin', Buffer.alloc(mb * 1024 * 1024));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** A minimal macro-enabled docm (content type says macroEnabled, has a vbaProject part). */
export async function makeDocm(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/><Override PartName="/word/document.xml" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>',
  );
  zip.file(
    'word/document.xml',
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>',
  );
  zip.file('word/vbaProject.bin', Buffer.from('not really vba'));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A CFB container holding an `EncryptedPackage` stream name (what Office writes for a password-protected docx). */
export function makeEncryptedOoxml(): Buffer {
  const b = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
  Buffer.from('EncryptionInfo', 'utf16le').copy(b, 1024);
  Buffer.from('EncryptedPackage', 'utf16le').copy(b, 1152);
  return b;
}

import { describe, expect, it } from 'vitest';
import { KIND_MIME_TYPES, sniffFile } from './sniff-file.js';
import { sanitizeFilename, validateUpload } from './validate-upload.js';
import {
  makeDocm,
  makeDocx,
  makeEncryptedOoxml,
  makeEncryptedPdf,
  makeFormPdf,
  makeInvoicePdf,
  makePng,
  makeXlsx,
  makeZipBombDocx,
} from './test-support/fixtures.js';

const codes = (v: { problems: Array<{ code: string }> }): string[] => v.problems.map((p) => p.code);

describe('sniffFile', () => {
  it('detects pdf, png, docx, xlsx, docm, csv, markdown and plain text', async () => {
    expect((await sniffFile(await makeInvoicePdf())).kind).toBe('pdf');
    expect(await sniffFile(makePng())).toMatchObject({ kind: 'image', mime_type: 'image/png' });
    expect(await sniffFile(await makeDocx())).toMatchObject({ kind: 'docx', extension: 'docx', macro_enabled: false });
    expect(await sniffFile(await makeXlsx())).toMatchObject({ kind: 'xlsx', extension: 'xlsx' });
    expect(await sniffFile(await makeDocm())).toMatchObject({ kind: 'docx', extension: 'docm', macro_enabled: true });
    expect(await sniffFile(Buffer.from('a,b,c\n1,2,3\n4,5,6\n'))).toMatchObject({ kind: 'csv', mime_type: 'text/csv' });
    expect(await sniffFile(Buffer.from('# Title\n\n- one\n- two\n'))).toMatchObject({ kind: 'text', mime_type: 'text/markdown' });
    expect(await sniffFile(Buffer.from('Just a note.\nSecond line.'))).toMatchObject({ kind: 'text', mime_type: 'text/plain' });
    expect((await sniffFile(Buffer.from([0, 1, 2, 3, 0, 0, 255, 254, 0]))).kind).toBeNull();
  });

  it('gives every file it can process a media type the content route declares (KIND_MIME_TYPES)', async () => {
    const samples = [
      await makeInvoicePdf(),
      makePng(),
      await makeDocx(),
      await makeXlsx(),
      await makeDocm(),
      Buffer.from('a,b,c\n1,2,3\n4,5,6\n'),
      Buffer.from('# Title\n\n- one\n- two\n'),
      Buffer.from('Just a note.\nSecond line.'),
    ];
    const sniffed = await Promise.all(samples.map((bytes) => sniffFile(bytes)));
    expect(sniffed.filter((s) => s.kind === null || !KIND_MIME_TYPES.includes(s.mime_type)).map((s) => s.mime_type)).toEqual([]);
    expect((await sniffFile(Buffer.from('a\tb\n1\t2\n3\t4\n'), 'table.tsv')).mime_type).toBe('text/tab-separated-values');
    expect(KIND_MIME_TYPES).toContain('text/tab-separated-values');
  });
});

describe('validateUpload', () => {
  it('answers "undecided", not "invalid", when the PDF inspection runs out of time', async () => {
    const v = await validateUpload({
      bytes: await makeInvoicePdf(),
      filename: 'invoice.pdf',
      declaredMimeType: 'application/pdf',
      limits: { pdf_timeout_ms: 1 },
    });
    expect(v).toMatchObject({ valid: true, decided: false, page_count: null });
    expect(v.problems).toContainEqual(
      expect.objectContaining({ code: 'not_inspected', severity: 'warning', message: expect.stringMatching(/not a verdict on the file/) }),
    );
  });

  it('refuses an image whose header declares absurd dimensions, from the header alone', async () => {
    const png = makePng(4, 4);
    png.writeUInt32BE(40_000, 16);
    png.writeUInt32BE(40_000, 20);
    const v = await validateUpload({ bytes: png, filename: 'huge.png', declaredMimeType: 'image/png' });
    expect(v).toMatchObject({ valid: false, decided: true });
    expect(codes(v)).toEqual(['image_too_large']);
  });

  it('accepts a good PDF with page count and text layer', async () => {
    const v = await validateUpload({ bytes: await makeInvoicePdf(), filename: 'invoice.pdf', declaredMimeType: 'application/pdf' });
    expect(v.valid).toBe(true);
    expect(v.page_count).toBe(1);
    expect(v.text_layer).toBe('present');
    expect(v.encrypted).toBe(false);
    expect(v.detected).toEqual({ mime_type: 'application/pdf', kind: 'pdf', extension: 'pdf' });
    expect(v.limits.max_pages).toBe(300);
  });

  it('a PDF the inspection could not finish in time is not judged invalid: a not_inspected warning, no page count', async () => {
    const v = await validateUpload({ bytes: await makeInvoicePdf(), filename: 'invoice.pdf', limits: { pdf_timeout_ms: 1 } });
    expect(v.valid).toBe(true);
    expect(v.page_count).toBeNull();
    expect(v.problems).toEqual([expect.objectContaining({ code: 'not_inspected', severity: 'warning' })]);
  });

  it('counts the AcroForm fields of a PDF and how many are filled in (what routing reads)', async () => {
    const form = await validateUpload({ bytes: await makeFormPdf({ printed: ['Supplier registration form'] }), filename: 'form.pdf' });
    expect(form.valid).toBe(true);
    // vendor_name, total, agree, country and payment are filled; notes is empty.
    expect(form.form_fields).toEqual({ count: 6, filled: 5 });
    expect((await validateUpload({ bytes: await makeFormPdf({ filled: false }), filename: 'blank.pdf' })).form_fields).toEqual({ count: 2, filled: 0 });
    expect((await validateUpload({ bytes: await makeInvoicePdf(), filename: 'invoice.pdf' })).form_fields).toEqual({ count: 0, filled: 0 });
    expect((await validateUpload({ bytes: Buffer.from('Just a note.'), filename: 'note.txt' })).form_fields).toBeNull();
  });

  it('flags a PNG named .pdf as type_mismatch (and needs_ocr info)', async () => {
    const v = await validateUpload({ bytes: makePng(), filename: 'scan.pdf', declaredMimeType: 'application/pdf' });
    expect(v.valid).toBe(false);
    expect(codes(v)).toContain('type_mismatch');
    expect(codes(v)).toContain('needs_ocr');
    expect(v.detected.kind).toBe('image');
  });

  it('flags an empty file and a whitespace-only text file', async () => {
    const v = await validateUpload({ bytes: Buffer.alloc(0), filename: 'empty.pdf' });
    expect(v.valid).toBe(false);
    expect(codes(v)).toEqual(['empty']);
    const w = await validateUpload({ bytes: Buffer.from('  \n\t\n'), filename: 'blank.txt' });
    expect(codes(w)).toContain('empty');
  });

  it('flags an encrypted PDF (hand-written /Encrypt trailer)', async () => {
    const v = await validateUpload({ bytes: makeEncryptedPdf(), filename: 'secret.pdf' });
    expect(v.valid).toBe(false);
    expect(v.encrypted).toBe(true);
    expect(codes(v)).toContain('encrypted');
  });

  it('flags an encrypted OOXML (CFB container)', async () => {
    const v = await validateUpload({ bytes: makeEncryptedOoxml(), filename: 'secret.docx' });
    expect(v.encrypted).toBe(true);
    expect(codes(v)).toEqual(['encrypted']);
  });

  it('flags a zip bomb posing as .docx without inflating it', async () => {
    const bomb = await makeZipBombDocx(50);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const v = await validateUpload({ bytes: bomb, filename: 'contract.docx' });
    expect(v.valid).toBe(false);
    expect(codes(v)).toContain('zip_bomb_suspected');
    // Also by the absolute cap.
    const capped = await validateUpload({ bytes: bomb, filename: 'contract.docx', limits: { max_zip_ratio: 1e9, max_uncompressed_bytes: 10 * 1024 * 1024 } });
    expect(capped.problems.find((p) => p.code === 'zip_bomb_suspected')?.message).toMatch(/uncompressed size/);
  });

  it('flags a file over the size cap', async () => {
    const v = await validateUpload({ bytes: Buffer.from('x'.repeat(2048)), filename: 'notes.txt', limits: { max_size_bytes: 1000 } });
    expect(v.valid).toBe(false);
    expect(codes(v)).toContain('too_large');
    expect(v.limits.max_size_bytes).toBe(1000);
  });

  it('flags too many pages', async () => {
    const v = await validateUpload({ bytes: await makeInvoicePdf(), filename: 'a.pdf', limits: { max_pages: 0 } });
    expect(codes(v)).toContain('too_many_pages');
  });

  it('warns about a macro-enabled docm but keeps it valid', async () => {
    const v = await validateUpload({ bytes: await makeDocm(), filename: 'macro.docm' });
    expect(v.valid).toBe(true);
    expect(v.problems).toContainEqual(expect.objectContaining({ code: 'macro_enabled', severity: 'warning' }));
  });

  it('flags a corrupt PDF and a truncated zip, and an unsupported type', async () => {
    const pdf = await validateUpload({ bytes: Buffer.from('%PDF-1.7\nthis is not a pdf body at all\n'), filename: 'bad.pdf' });
    expect(codes(pdf)).toContain('corrupt');
    const docx = await makeDocx();
    const zip = await validateUpload({ bytes: docx.subarray(0, Math.floor(docx.length / 2)), filename: 'cut.docx' });
    expect(codes(zip)).toContain('corrupt');
    const exe = await validateUpload({ bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]), filename: 'x.exe' });
    expect(codes(exe)).toContain('unsupported_type');
  });

  it('never throws on random bytes', async () => {
    for (let i = 0; i < 5; i++) {
      const bytes = Buffer.from(Array.from({ length: 300 }, (_, j) => (j * 37 + i * 101) % 256));
      const v = await validateUpload({ bytes, filename: `r${i}.bin` });
      expect(v.valid).toBe(false);
    }
  });
});

describe('sanitizeFilename', () => {
  it('strips paths, dot-dot, NUL, control and bidi characters, and limits length', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('C:\\Users\\me\\inv\u0000oice\u0007.pdf')).toBe('invoice.pdf');
    expect(sanitizeFilename('evil\u202Efdp.exe')).toBe('evilfdp.exe');
    expect(sanitizeFilename('a..b.pdf')).toBe('a.b.pdf');
    expect(sanitizeFilename('..')).toBe('file');
    const long = sanitizeFilename('x'.repeat(500) + '.pdf');
    expect(long.length).toBe(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

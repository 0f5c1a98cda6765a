import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ocrImage, parseTesseractTsv } from './ocr-engine.js';
import { runProcessor } from './processor-catalog.js';
import { makeBigTextPdf, makePng } from './test-support/fixtures.js';

function has(cmd: string): boolean {
  try {
    execFileSync('which', [cmd], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const HAVE_OCR = has('tesseract') && has('pdftoppm');
if (!HAVE_OCR) console.warn('OCR tests skipped: tesseract and/or pdftoppm are not installed (apt-get install tesseract-ocr poppler-utils)');

describe('OCR without tesseract', () => {
  it('returns a clear needs_ocr error and does not crash', async () => {
    const r = await ocrImage(makePng(), { tesseract_path: '/nonexistent/tesseract' });
    expect(r).toMatchObject({ ok: false, error: { code: 'needs_ocr', message: expect.stringMatching(/tesseract is not installed/) } });
  });

  it('parses tesseract TSV into normalised word boxes and confidences', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t1000\t2000\t-1\t',
      '5\t1\t1\t1\t1\t1\t100\t200\t300\t50\t96.5\tTotal:',
      '5\t1\t1\t1\t1\t2\t500\t200\t200\t50\t90\t$110.00',
    ].join('\n');
    const { page, ocr_score } = parseTesseractTsv(tsv, 1);
    expect(page.text).toBe('Total: $110.00');
    expect(page.lines[0].words[1]).toMatchObject({ text: '$110.00', box: { x: 0.5, y: 0.1, w: 0.2, h: 0.025 }, confidence: 0.9 });
    expect(ocr_score).toBeCloseTo(0.9325, 4);
  });
});

describe.skipIf(!HAVE_OCR)('OCR with tesseract', () => {
  it('reads words from an image rendered from a PDF', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-ocr-test-'));
    try {
      writeFileSync(join(dir, 'in.pdf'), await makeBigTextPdf());
      execFileSync('pdftoppm', ['-r', '100', '-png', '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
      const png = readFileSync(join(dir, 'out.png'));
      const r = await runProcessor('prc_ocr', { bytes: png, kind: 'image', filename: 'scan.png' });
      expect(r.errors).toEqual([]);
      expect(r.text).toMatch(/INVOICE/);
      const total = r.items.find((i) => i.key === 'invoice.total');
      expect(total?.value).toEqual({ amount: 110, currency: 'USD' });
      expect(total?.provenance.text_source).toBe('ocr');
      expect(total?.confidence.method).toBe('ocr_label_proximity_rule');
      expect(total?.confidence.ocr).toBeGreaterThan(0.5);
      const region = total?.provenance.anchors.find((a) => a.kind === 'page_region');
      expect(region?.kind === 'page_region' && region.page_size.unit).toBe('px');
      expect(r.pages[0]).toMatchObject({ method: 'ocr', page_number: 1 });
      expect(r.engine_versions.tesseract).toMatch(/^\d+\.\d+/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('OCRs PDF pages (pdftoppm) with boxes in page points', async () => {
    const r = await runProcessor('prc_ocr', { bytes: await makeBigTextPdf(), kind: 'pdf' });
    expect(r.errors).toEqual([]);
    expect(r.pages[0].method).toBe('ocr');
    const total = r.items.find((i) => i.key === 'invoice.total');
    expect(total?.value).toEqual({ amount: 110, currency: 'USD' });
    const region = total?.provenance.anchors.find((a) => a.kind === 'page_region');
    if (region?.kind !== 'page_region') throw new Error('no region');
    expect(region.page_size).toEqual({ width: 612, height: 792, unit: 'pt' });
    // "$110.00" drawn at x≈72 + width of "Total: " at 32 pt, baseline 600
    expect(region.boxes[0].y).toBeGreaterThan(0.2);
    expect(region.boxes[0].y).toBeLessThan(0.3);
  });
});

describe.skipIf(!HAVE_OCR)('OCR fallback for scanned PDFs', () => {
  it('prc_generic_fields OCRs a PDF page without a text layer; validateUpload says needs_ocr', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const { validateUpload } = await import('./validate-upload.js');
    const dir = mkdtempSync(join(tmpdir(), 'quire-ocr-test-'));
    try {
      writeFileSync(join(dir, 'in.pdf'), await makeBigTextPdf());
      execFileSync('pdftoppm', ['-r', '100', '-png', '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
      const doc = await PDFDocument.create();
      const img = await doc.embedPng(readFileSync(join(dir, 'out.png')));
      doc.addPage([612, 792]).drawImage(img, { x: 0, y: 0, width: 612, height: 792 });
      const scanned = Buffer.from(await doc.save());
      const v = await validateUpload({ bytes: scanned, filename: 'scan.pdf' });
      expect(v.text_layer).toBe('absent');
      expect(v.problems).toContainEqual(expect.objectContaining({ code: 'needs_ocr', severity: 'info' }));
      const r = await runProcessor('prc_generic_fields', { bytes: scanned, kind: 'pdf' });
      expect(r.pages[0]).toMatchObject({ method: 'ocr' });
      expect(r.items.find((i) => i.key === 'invoice.total')?.value).toEqual({ amount: 110, currency: 'USD' });
      const never = await runProcessor('prc_generic_fields', { bytes: scanned, kind: 'pdf', options: { ocr: 'never' } });
      expect(never.items).toEqual([]);
      expect(never.warnings.map((w) => w.code)).toContain('needs_ocr');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

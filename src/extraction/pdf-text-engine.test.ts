/**
 * A PDF's text read by poppler when it is installed, by pdfjs otherwise or when poppler's text
 * would differ (a form, a rotated page) or poppler refuses the file: the same pages, lines, text,
 * offsets and items either way, boxes within a fraction of a point, the engine named; a read
 * past its time budget kills poppler's processes.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { inspectPdfText, readPdfText } from './pdf-text-engine.js';
import type { PdfTextDocument, PositionedPage } from './pdf-text-model.js';
import { runProcessor } from './processor-catalog.js';
import { makeFormPdf, makeInvoicePdf } from './test-support/fixtures.js';
import { makeLongReportPdf } from './test-support/long-report-pdf.js';
import type { Box, ExtractedItem } from './types.js';

async function read(bytes: Uint8Array, engine: 'auto' | 'pdfjs'): Promise<PdfTextDocument> {
  const res = await readPdfText(bytes, { timeout_ms: 120_000, engine });
  if (!res.ok) throw new Error(`${engine}: ${res.error.code} ${res.error.message}`);
  return res.value;
}

/**
 * Vertical tolerance: poppler's glyph box is the font's ascent to descent (0.718 to −0.207 em
 * for Helvetica), pdfjs's 0.8 to −0.2 em. Horizontal, for words: pdfjs shares a text run's
 * width evenly among its characters, poppler has each glyph's width.
 */
const Y_TOLERANCE = 0.002;
const WORD_X_TOLERANCE = 0.025;

function expectBoxNear(a: Box, b: Box, xTolerance: number): void {
  expect(Math.abs(a.x - b.x)).toBeLessThanOrEqual(xTolerance);
  expect(Math.abs(a.x + a.w - (b.x + b.w))).toBeLessThanOrEqual(xTolerance);
  expect(Math.abs(a.y - b.y)).toBeLessThanOrEqual(Y_TOLERANCE);
  expect(Math.abs(a.y + a.h - (b.y + b.h))).toBeLessThanOrEqual(Y_TOLERANCE);
}

/** A page without its boxes and heights (compared with a tolerance instead). */
function withoutBoxes(p: PositionedPage) {
  return {
    ...p,
    lines: p.lines.map((l) => ({ text: l.text, start: l.start, end: l.end, words: l.words.map((w) => ({ text: w.text, start: w.start, end: w.end })) })),
  };
}

/** An item with its page boxes taken out (compared with a tolerance instead). */
function itemWithoutBoxes(item: Pick<ExtractedItem, 'provenance' | 'alternates'>): unknown {
  return {
    ...item,
    provenance: { ...item.provenance, anchors: item.provenance.anchors.map((a) => (a.kind === 'page_region' ? { ...a, boxes: a.boxes.length } : a)) },
    // An alternate's boxes differ between the engines as the item's do.
    ...(item.alternates ? { alternates: item.alternates.map(itemWithoutBoxes) } : {}),
  };
}

function boxesOf(item: ExtractedItem): Box[] {
  return item.provenance.anchors.flatMap((a) => (a.kind === 'page_region' ? a.boxes : []));
}

/** Runs `fn` with a PATH that holds no poppler (an empty directory), then restores it. */
async function withoutPoppler<T>(fn: () => Promise<T>): Promise<T> {
  const empty = await mkdtemp(join(tmpdir(), 'quire-no-poppler-'));
  const saved = process.env.PATH;
  process.env.PATH = empty;
  try {
    return await fn();
  } finally {
    process.env.PATH = saved;
    await rm(empty, { recursive: true, force: true });
  }
}

/** Processes of this process named `name` (from /proc: the subprocesses poppler runs in). */
async function childrenNamed(names: string[]): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid …
    const m = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
    if (m && names.includes(m[1]) && Number(m[2]) === process.pid) found.push(Number(entry));
  }
  return found;
}

describe('the PDF text engine', () => {
  it('reads a text PDF with poppler: the pages, lines, words, text and offsets pdfjs gives, boxes within a fraction of a point', async () => {
    for (const bytes of [await makeInvoicePdf(), await makeLongReportPdf(20)]) {
      const poppler = await read(bytes, 'auto');
      const pdfjs = await read(bytes, 'pdfjs');
      expect(poppler.engine).toEqual({ name: 'poppler', version: expect.stringMatching(/^\d+\.\d+/) });
      expect(pdfjs.engine).toEqual({ name: 'pdfjs-dist', version: '5.5.207' });
      expect(poppler.text).toBe(pdfjs.text);
      expect({ ...poppler, pages: poppler.pages.map(withoutBoxes), engine: null }).toEqual({ ...pdfjs, pages: pdfjs.pages.map(withoutBoxes), engine: null });
      const lines = poppler.pages.flatMap((p) => p.lines);
      const theirs = pdfjs.pages.flatMap((p) => p.lines);
      expect(lines.length).toBe(theirs.length);
      lines.forEach((line, i) => {
        expectBoxNear(line.box, theirs[i].box, 0.001);
        // Heights in points: ascent to descent against one em.
        expect(Math.abs(line.height - theirs[i].height)).toBeLessThan(1.5);
        line.words.forEach((w, j) => expectBoxNear(w.box, theirs[i].words[j].box, WORD_X_TOLERANCE));
      });
    }
  });

  it('gives the same items through both engines, and names the engine that read the file', async () => {
    for (const bytes of [await makeInvoicePdf(), await makeLongReportPdf(6)]) {
      const poppler = await runProcessor('prc_generic_fields', { bytes, kind: 'pdf' });
      const pdfjs = await runProcessor('prc_generic_fields', { bytes, kind: 'pdf', options: { pdf_engine: 'pdfjs' } });
      expect(poppler.errors).toEqual([]);
      expect(poppler.items.length).toBeGreaterThan(10);
      expect(poppler.items.map(itemWithoutBoxes)).toEqual(pdfjs.items.map(itemWithoutBoxes));
      poppler.items.forEach((item, i) => {
        const theirs = boxesOf(pdfjs.items[i]);
        boxesOf(item).forEach((box, b) => expectBoxNear(box, theirs[b], WORD_X_TOLERANCE));
      });
      // The page segments the issuer memory learns from: the same texts, boxes as near as the items' boxes.
      const segments = (r: typeof poppler) => r.layout_segments ?? [];
      expect(segments(poppler).length).toBeGreaterThan(0);
      expect(segments(poppler).map((s) => s.text)).toEqual(segments(pdfjs).map((s) => s.text));
      segments(poppler).forEach((s, i) => expectBoxNear(s.box, segments(pdfjs)[i].box, WORD_X_TOLERANCE));
      const rest = (r: typeof poppler) => ({ ...r, items: null, engine_versions: null, layout_segments: null });
      expect(rest(poppler)).toEqual(rest(pdfjs));
      expect(poppler.engine_versions.poppler).toMatch(/^\d+\.\d+/);
      expect(poppler.engine_versions['pdfjs-dist']).toBeUndefined();
      expect(pdfjs.engine_versions['pdfjs-dist']).toBe('5.5.207');
    }
  });

  it('reads with pdfjs when poppler is not on the PATH, with the same result', async () => {
    const bytes = await makeInvoicePdf();
    const withPoppler = await runProcessor('prc_generic_fields', { bytes, kind: 'pdf', options: { pdf_engine: 'pdfjs' } });
    const { doc, items } = await withoutPoppler(async () => ({
      doc: await read(bytes, 'auto'),
      items: await runProcessor('prc_generic_fields', { bytes, kind: 'pdf' }),
    }));
    expect(doc.engine.name).toBe('pdfjs-dist');
    expect(items.errors).toEqual([]);
    expect(items.engine_versions['pdfjs-dist']).toBe('5.5.207');
    expect(items.items).toEqual(withPoppler.items);
    // Poppler is found again once it is back on the PATH.
    expect((await read(bytes, 'auto')).engine.name).toBe('poppler');
  });

  it('leaves a form and a rotated page to pdfjs: poppler would draw form values into the text, and box a rotated page in another frame', async () => {
    const form = await read(await makeFormPdf({ printed: ['Application form'] }), 'auto');
    expect(form.engine.name).toBe('pdfjs-dist');
    expect(form.fields.map((f) => f.name)).toContain('vendor_name');
    expect(form.text).toBe('Application form');

    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText('Total: 12.50 USD', { x: 72, y: 700, size: 12, font });
    page.setRotation(degrees(90));
    const rotated = await read(await doc.save(), 'auto');
    expect(rotated.engine.name).toBe('pdfjs-dist');
    expect(rotated.pages[0]).toMatchObject({ width: 792, height: 612, rotation: 90, text: 'Total: 12.50 USD' });
  });

  it('answers a malformed PDF with pdfjs verdict, never a throw', async () => {
    const res = await readPdfText(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\nnot really a pdf'), { timeout_ms: 60_000 });
    expect(res).toMatchObject({ ok: false, error: { code: expect.stringMatching(/^(corrupt|pdf_error)$/) } });
    const run = await runProcessor('prc_generic_fields', { bytes: Buffer.from('%PDF-1.4\ngarbage'), kind: 'pdf' });
    expect(run.items).toEqual([]);
    expect(run.errors.map((e) => e.component)).toEqual(['pdfjs']);
  });

  it('stops poppler at the time budget: a timeout error, and its processes are gone', async () => {
    const bytes = await makeLongReportPdf(170);
    // Warm: the version check is not part of the budget.
    expect((await read(await makeInvoicePdf(), 'auto')).engine.name).toBe('poppler');
    const res = await readPdfText(bytes, { timeout_ms: 40 });
    expect(res).toEqual({ ok: false, error: { code: 'timeout', message: 'PDF reading exceeded the time budget of 40 ms and was stopped', engine: 'poppler' } });
    expect(await childrenNamed(['pdftotext', 'pdfinfo'])).toEqual([]);
  });

  it('hands pages over in order as poppler reads them, with offsets into the whole text', async () => {
    const seen: PositionedPage[] = [];
    const res = await readPdfText(await makeLongReportPdf(12), { timeout_ms: 120_000, onPage: (page) => seen.push(page) });
    if (!res.ok) throw new Error(res.error.message);
    expect(res.value.engine.name).toBe('poppler');
    expect(seen.map((p) => p.page_number)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(res.value.pages).toEqual(seen);
    expect(seen[11].lines[2].text).toBe('Invoice number: INV-0012');
    for (const page of seen) expect(res.value.text.slice(page.text_start, page.text_end)).toBe(page.text);
    const word = seen[11].lines[2].words[2];
    expect(res.value.text.slice(word.start, word.end)).toBe('INV-0012');
  });

  it('inspects an upload with poppler, and a form with pdfjs (which counts its fields): the verdicts pdfjs gives', async () => {
    const long = await makeLongReportPdf(30);
    const form = await makeFormPdf({ printed: ['Application form'] });
    for (const bytes of [long, form]) {
      const auto = await inspectPdfText(bytes, { timeout_ms: 60_000 });
      const pdfjs = await inspectPdfText(bytes, { timeout_ms: 60_000, engine: 'pdfjs' });
      if (!auto.ok || !pdfjs.ok) throw new Error('not inspected');
      expect({ ...auto.value, engine: null }).toEqual({ ...pdfjs.value, engine: null });
      expect(auto.value.engine.name).toBe(bytes === long ? 'poppler' : 'pdfjs-dist');
    }
    const res = await inspectPdfText(long, { timeout_ms: 60_000 });
    expect(res.ok && res.value).toMatchObject({ page_count: 30, sampled_pages: 5, text_layer: 'present', field_count: 0 });
  });

  it('honours the page budget with poppler', async () => {
    const res = await readPdfText(await makeLongReportPdf(5), { max_pages: 2, timeout_ms: 60_000 });
    expect(res.ok && res.value).toMatchObject({ engine: { name: 'poppler' }, page_count: 5, pages_processed: 2, truncated: true });
    expect(res.ok && res.value.pages.length).toBe(2);
  });
});

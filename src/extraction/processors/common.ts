/**
 * Helpers shared by the processors: engine versions, page reports, error records and the
 * loading of any supported kind into a layout.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { decodeTextLossy } from '../decode-text.js';
import { readDocx } from '../docx-blocks.js';
import { type LayoutDocument, type LayoutLine, layoutFromPages, layoutFromText, splitTextSegments } from '../layout.js';
import { ocrImage, ocrPdfPages, popplerVersion, rebasePages, tesseractVersion } from '../ocr-engine.js';
import { extractPdfText } from '../pdf-text.js';
import type { PdfFormField, PositionedPage } from '../pdf-text-model.js';
import { readCsv, readXlsx, type SheetData } from '../sheet-reader.js';
import { extensionOf } from '../sniff-file.js';
import { readZipDirectory } from '../zip-directory.js';
import { gradeFor, ratePageQuality } from '../text-quality.js';
import type { ErrorCategory, ExtractedItem, PageReport, ProcessingError, ProcessingWarning, ProcessorInput, TextSource } from '../types.js';

const require = createRequire(import.meta.url);
const pkgVersions = new Map<string, string>();

/** Installed version of an npm package (read from its package.json), or 'unknown'. */
export function packageVersion(name: string): string {
  const cached = pkgVersions.get(name);
  if (cached) return cached;
  let version = 'unknown';
  try {
    let dir = dirname(require.resolve(name));
    for (let i = 0; i < 6; i++) {
      const f = join(dir, 'package.json');
      if (existsSync(f)) {
        const pkg = JSON.parse(readFileSync(f, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name && pkg.version) {
          version = pkg.version;
          break;
        }
      }
      dir = dirname(dir);
    }
  } catch {
    version = 'unknown';
  }
  pkgVersions.set(name, version);
  return version;
}

/** Engine versions relevant to a kind (tesseract/poppler only when they are installed). */
export async function engineVersions(kinds: Array<'pdf' | 'ocr' | 'docx' | 'sheet' | 'csv' | 'text'>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const k of kinds) {
    if (k === 'pdf') out['pdfjs-dist'] = packageVersion('pdfjs-dist');
    if (k === 'docx') {
      out.mammoth = packageVersion('mammoth');
      out['fast-xml-parser'] = packageVersion('fast-xml-parser');
    }
    if (k === 'sheet') out.exceljs = packageVersion('exceljs');
    if (k === 'csv') out['csv-parse'] = packageVersion('csv-parse');
    if (k === 'text' || k === 'pdf' || k === 'docx') out['chrono-node'] = packageVersion('chrono-node');
    if (k === 'ocr') {
      const t = await tesseractVersion();
      const p = await popplerVersion();
      if (t) out.tesseract = t;
      if (p) out.poppler = p;
    }
  }
  return out;
}

/** A categorised processing error. */
export function procError(code: string, category: ErrorCategory, component: string, message: string, page: number | null = null): ProcessingError {
  return { code, category, component, message, page_number: page };
}

/** Counts items per page from their page_region anchors (items without one count on page 1 for single-page kinds). */
export function countItemsPerPage(items: ExtractedItem[], pages: PageReport[]): PageReport[] {
  const single = pages.length === 1;
  return pages.map((p) => ({
    ...p,
    item_count: items.filter((it) => {
      const region = it.provenance.anchors.find((a) => a.kind === 'page_region');
      return region && region.kind === 'page_region' ? region.page_number === p.page_number : single;
    }).length,
  }));
}

/** A page report for a native (docx/xlsx/csv/text) source. */
export function nativePage(parseScore: number | null): PageReport {
  return { page_number: 1, method: 'native', parse_score: parseScore, ocr_score: null, grade: gradeFor(parseScore), item_count: 0, warnings: [] };
}

/** OCR policy: `auto` OCRs pages without a usable text layer, `force` OCRs every page, `never` none. */
export type OcrMode = 'auto' | 'force' | 'never';

/** A document loaded into a layout, with reports. */
export interface LoadedDocument {
  layout: LayoutDocument;
  text: string;
  pages: PageReport[];
  errors: ProcessingError[];
  warnings: ProcessingWarning[];
  engine_versions: Record<string, string>;
  fields: PdfFormField[];
  /** Positioned pages (PDF and images). */
  positioned: PositionedPage[];
}

function emptyLayout(source: TextSource): LayoutDocument {
  return { lines: [], text_source: source, below_max_gap: 2 };
}

/** Reads a numeric option. */
export function numOpt(options: Record<string, unknown> | undefined, key: string, dflt: number): number {
  const v = options?.[key];
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : dflt;
}

/** Reads a string option. */
export function strOpt(options: Record<string, unknown> | undefined, key: string): string | undefined {
  const v = options?.[key];
  return typeof v === 'string' ? v : undefined;
}

/** Loads a PDF: text layer per page, OCR where the policy says so and tesseract is available. */
export async function loadPdf(input: ProcessorInput, mode: OcrMode): Promise<LoadedDocument> {
  const o = input.options;
  const errors: ProcessingError[] = [];
  const warnings: ProcessingWarning[] = [];
  const res = await extractPdfText(input.bytes, { timeout_ms: numOpt(o, 'timeout_ms', 60_000), max_pages: numOpt(o, 'max_pages', 300) });
  const versions = await engineVersions(mode === 'never' ? ['pdf'] : ['pdf', 'ocr']);
  if (!res.ok) {
    const category: ErrorCategory = res.error.code === 'timeout' ? 'timeout' : res.error.code === 'encrypted' ? 'policy' : res.error.code === 'corrupt' ? 'source_unavailable' : 'backend_failure';
    errors.push(procError(res.error.code, category, 'pdfjs', res.error.message));
    return { layout: emptyLayout('text_layer'), text: '', pages: [], errors, warnings, engine_versions: versions, fields: [], positioned: [] };
  }
  const pdf = res.value;
  if (pdf.truncated) warnings.push({ code: 'page_budget_exceeded', message: `only the first ${pdf.pages_processed} of ${pdf.page_count} pages were read`, page_number: null });
  const wantOcr = pdf.pages.filter((p) => mode === 'force' || (mode === 'auto' && p.text_layer !== 'present'));
  const ocrByPage = new Map<number, { page: PositionedPage; ocr_score: number | null }>();
  const ocrFailed = new Map<number, string>();
  if (wantOcr.length > 0) {
    const results = await ocrPdfPages(input.bytes, wantOcr, { timeout_ms: numOpt(o, 'ocr_timeout_ms', 60_000), lang: strOpt(o, 'ocr_lang'), dpi: numOpt(o, 'ocr_dpi', 200) });
    for (const r of results) {
      if (r.result.ok) ocrByPage.set(r.page_number, r.result.value);
      else {
        ocrFailed.set(r.page_number, r.result.error.message);
        const code = r.result.error.code;
        if (code === 'needs_ocr') warnings.push({ code: 'needs_ocr', message: r.result.error.message, page_number: r.page_number });
        else errors.push(procError(code === 'timeout' ? 'ocr_timeout' : 'ocr_failed', code === 'timeout' ? 'timeout' : 'backend_failure', 'tesseract', r.result.error.message, r.page_number));
      }
    }
  } else if (mode === 'never') {
    for (const p of pdf.pages) {
      if (p.text_layer !== 'present') warnings.push({ code: 'needs_ocr', message: `page has no usable text layer (${p.text_layer}); OCR disabled`, page_number: p.page_number });
    }
  }
  const chosen: PositionedPage[] = [];
  const methods = new Map<number, 'text_layer' | 'ocr'>();
  const reports: PageReport[] = [];
  for (const p of pdf.pages) {
    const ocr = ocrByPage.get(p.page_number);
    const pw: ProcessingWarning[] = [];
    if (ocr) {
      chosen.push(ocr.page);
      methods.set(p.page_number, 'ocr');
      if (p.text_layer === 'poor') pw.push({ code: 'low_parse_quality', message: `text layer quality ${p.quality ?? 0}; OCR used`, page_number: p.page_number });
      reports.push({ page_number: p.page_number, method: 'ocr', parse_score: p.quality, ocr_score: ocr.ocr_score, grade: gradeFor(ocr.ocr_score), item_count: 0, warnings: pw });
    } else {
      chosen.push(p);
      methods.set(p.page_number, 'text_layer');
      if (p.text_layer !== 'present') pw.push({ code: 'needs_ocr', message: ocrFailed.get(p.page_number) ?? `no usable text layer (${p.text_layer})`, page_number: p.page_number });
      reports.push({ page_number: p.page_number, method: 'text_layer', parse_score: p.quality, ocr_score: null, grade: gradeFor(p.quality), item_count: 0, warnings: pw });
    }
  }
  const rebased = rebasePages(chosen);
  const layout = layoutFromPages(rebased.pages, (pg) => (methods.get(pg.page_number) === 'ocr' ? 'ocr' : 'text_layer'));
  return { layout, text: rebased.text, pages: reports, errors, warnings, engine_versions: versions, fields: pdf.fields, positioned: rebased.pages };
}

/** Loads an image through OCR. */
export async function loadImage(input: ProcessorInput): Promise<LoadedDocument> {
  const o = input.options;
  const versions = await engineVersions(['ocr']);
  const r = await ocrImage(input.bytes, { timeout_ms: numOpt(o, 'ocr_timeout_ms', 60_000), lang: strOpt(o, 'ocr_lang') });
  if (!r.ok) {
    const errors = [procError(r.error.code, r.error.code === 'needs_ocr' ? 'source_unavailable' : r.error.code === 'timeout' ? 'timeout' : 'backend_failure', 'tesseract', r.error.message, 1)];
    return { layout: emptyLayout('ocr'), text: '', pages: [], errors, warnings: [], engine_versions: versions, fields: [], positioned: [] };
  }
  const page = r.value.page;
  return {
    layout: layoutFromPages([page], 'ocr'),
    text: page.text,
    pages: [{ page_number: 1, method: 'ocr', parse_score: page.quality, ocr_score: r.value.ocr_score, grade: gradeFor(r.value.ocr_score), item_count: 0, warnings: [] }],
    errors: [],
    warnings: [],
    engine_versions: versions,
    fields: [],
    positioned: [page],
  };
}

/** True when a text upload should be read as Markdown. */
export function isMarkdown(input: ProcessorInput, text: string): boolean {
  const ext = extensionOf(input.filename);
  if (ext === 'md' || ext === 'markdown') return true;
  if (ext === 'txt') return false;
  return /^(#{1,6}\s|\s*[-*+]\s)/m.test(text);
}

/** Loads plain text / Markdown. */
export async function loadText(input: ProcessorInput): Promise<LoadedDocument> {
  const text = decodeTextLossy(input.bytes);
  const layout = layoutFromText(text, { markdown: isMarkdown(input, text) });
  return { layout, text, pages: [nativePage(ratePageQuality(text.split(/\r?\n/)))], errors: [], warnings: [], engine_versions: await engineVersions(['text']), fields: [], positioned: [] };
}

/** Uncompressed bytes a processor agrees to inflate from an OOXML package (defence in depth behind validateUpload). */
const MAX_OOXML_UNCOMPRESSED = 256 * 1024 * 1024;

/** An error when the zip's central directory announces more than the cap or an expansion ratio above 200 (nothing is inflated to find out). */
export function zipBombError(bytes: Buffer, component: string): ProcessingError | null {
  const dir = readZipDirectory(bytes);
  if (!dir) return procError('corrupt', 'source_unavailable', component, 'the archive cannot be opened');
  if (dir.total_uncompressed > MAX_OOXML_UNCOMPRESSED || dir.total_uncompressed / Math.max(1, bytes.length) > 200) {
    return procError('zip_bomb_suspected', 'policy', component, `the archive would expand to ${dir.total_uncompressed} bytes; not processed`);
  }
  return null;
}

/** Loads a docx into a layout: body paragraphs as lines, table rows as lines of cells. */
export async function loadDocx(input: ProcessorInput): Promise<LoadedDocument> {
  const versions = await engineVersions(['docx']);
  const bomb = zipBombError(input.bytes, 'docx');
  if (bomb) return { layout: emptyLayout('native'), text: '', pages: [], errors: [bomb], warnings: [], engine_versions: versions, fields: [], positioned: [] };
  let docx;
  try {
    docx = await readDocx(input.bytes);
  } catch (err) {
    return { layout: emptyLayout('native'), text: '', pages: [], errors: [procError('corrupt', 'source_unavailable', 'docx', `docx cannot be read: ${String(err)}`)], warnings: [], engine_versions: versions, fields: [], positioned: [] };
  }
  const lines: LayoutLine[] = [];
  let y = 0;
  const rowLines = new Map<string, LayoutLine>();
  for (const b of docx.blocks) {
    const anchorsFor = (s: number, e: number) => {
      const out: ExtractedItem['provenance']['anchors'] = [
        { kind: 'docx_block', block_index: b.block_index, block_type: b.block_type, ...(b.table ? { table: b.table } : {}), start: s, end: e },
      ];
      if (b.text_start !== null) out.push({ kind: 'text_span', start: b.text_start + s, end: b.text_start + e, unit: 'utf16' });
      return out;
    };
    if (b.block_type === 'paragraph' || !b.table) {
      const segs = splitTextSegments(b.text);
      const line: LayoutLine = {
        group: 'body',
        page_number: null,
        y: y++,
        h: 1,
        segments: segs.map((s) => ({
          text: b.text.slice(s.start, s.end),
          x0: s.start,
          x1: s.end,
          raw: (a, c) => b.text.slice(s.start + a, s.start + c),
          anchors: (a, c) => anchorsFor(s.start + a, s.start + c),
          ocr: () => null,
        })),
      };
      if (line.segments.length > 0) lines.push(line);
      continue;
    }
    const { t, r, c } = b.table;
    const key = `${t}:${r}`;
    let line = rowLines.get(key);
    if (!line) {
      line = { group: `table:${t}`, page_number: null, y: r, h: 1, segments: [] };
      rowLines.set(key, line);
      lines.push(line);
    }
    const trimmed = b.text.trim();
    if (trimmed === '') continue;
    const lead = b.text.indexOf(trimmed);
    line.segments.push({
      text: trimmed,
      x0: c,
      x1: c + 1,
      raw: (a, e) => trimmed.slice(a, e),
      anchors: (a, e) => anchorsFor(lead + a, lead + e),
      ocr: () => null,
    });
  }
  const warnings: ProcessingWarning[] = docx.messages.map((m) => ({ code: 'docx_conversion', message: m, page_number: null }));
  return {
    layout: { lines, text_source: 'native', below_max_gap: 1.5 },
    text: docx.text,
    pages: [nativePage(ratePageQuality(docx.blocks.map((b) => b.text)))],
    errors: [],
    warnings,
    engine_versions: versions,
    fields: [],
    positioned: [],
  };
}

/** Reads the sheets of an xlsx or csv input. */
export async function readSheets(input: ProcessorInput): Promise<SheetData[]> {
  if (input.kind === 'xlsx') {
    const bomb = zipBombError(input.bytes, 'xlsx');
    if (bomb) throw new Error(bomb.message);
    return readXlsx(input.bytes);
  }
  const delimiter = strOpt(input.options, 'delimiter');
  return [readCsv(decodeTextLossy(input.bytes), { name: strOpt(input.options, 'sheet_name') ?? 'csv', delimiter })];
}

/** A layout of sheets: one line per row, one segment per cell, `sheet_cell` anchors. */
export function layoutFromSheets(sheets: SheetData[]): LayoutDocument {
  const lines: LayoutLine[] = [];
  for (const sh of sheets) {
    for (const row of sh.rows) {
      lines.push({
        group: `sheet:${sh.name}`,
        page_number: null,
        y: row.row,
        h: 1,
        segments: row.cells
          .filter((c) => c.text.trim() !== '')
          .map((c) => ({
            text: c.text,
            x0: c.column,
            x1: c.column + 1,
            raw: (a, b) => c.text.slice(a, b),
            anchors: () => [{ kind: 'sheet_cell', sheet: sh.name, ref: c.ref, row: c.row, column: c.column }],
            ocr: () => null,
          })),
      });
    }
  }
  return { lines, text_source: 'native', below_max_gap: 1.5 };
}

/** Loads xlsx / csv as a layout (for label rules); the text is the cells, tab-separated per row. */
export async function loadSheets(input: ProcessorInput): Promise<LoadedDocument> {
  const versions = await engineVersions([input.kind === 'xlsx' ? 'sheet' : 'csv']);
  try {
    const sheets = await readSheets(input);
    return { layout: layoutFromSheets(sheets), text: sheetsText(sheets), pages: [nativePage(null)], errors: [], warnings: [], engine_versions: versions, fields: [], positioned: [] };
  } catch (err) {
    return { layout: emptyLayout('native'), text: '', pages: [], errors: [procError('corrupt', 'source_unavailable', input.kind, `${input.kind} cannot be read: ${String(err)}`)], warnings: [], engine_versions: versions, fields: [], positioned: [] };
  }
}

/** Plain text of sheets: rows as tab-separated cell texts, sheets separated by a form feed. */
export function sheetsText(sheets: SheetData[]): string {
  return sheets.map((s) => s.rows.map((r) => r.cells.map((c) => c.text).join('\t')).join('\n')).join('\f');
}

/** Loads any supported kind into a layout. */
export async function loadDocument(input: ProcessorInput, mode: OcrMode): Promise<LoadedDocument> {
  switch (input.kind) {
    case 'pdf':
      return loadPdf(input, mode);
    case 'image':
      return loadImage(input);
    case 'docx':
      return loadDocx(input);
    case 'xlsx':
    case 'csv':
      return loadSheets(input);
    default:
      return loadText(input);
  }
}

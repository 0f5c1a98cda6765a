/**
 * OCR with the Debian `tesseract` CLI (TSV output → positioned words) and page rasterisation
 * with poppler's `pdftoppm`. Subprocesses with timeouts, temporary files in a private temp
 * directory removed afterwards, never the network. When a tool is missing the functions return
 * a `needs_ocr` error instead of throwing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PositionedLine, PositionedPage, PositionedWord } from './pdf-text-model.js';
import { parseListLangs, secondReadingPacks } from './ocr-languages.js';
import { runCommand } from './run-command.js';
import { ratePageQuality, round4 } from './text-quality.js';
import type { Box } from './types.js';

/** OCR options. */
export interface OcrOptions {
  /** tesseract language(s), e.g. 'eng' or 'eng+deu'. Default: English, then the page's language when it has another (ocr-languages.ts). */
  lang?: string;
  /** Page segmentation mode. Default 3 (fully automatic). */
  psm?: number;
  /** Per-subprocess timeout. Default 60 000 ms. */
  timeout_ms?: number;
  /** Rasterisation resolution for PDF pages. Default 200 dpi. */
  dpi?: number;
  tesseract_path?: string;
  pdftoppm_path?: string;
}

/** An OCR error (`needs_ocr` when tesseract or pdftoppm is missing). */
export interface OcrError {
  code: 'needs_ocr' | 'ocr_failed' | 'timeout' | 'rasterize_failed';
  message: string;
}

/** An OCR'd page plus its mean word confidence. */
export interface OcrPage {
  page: PositionedPage;
  /** Mean word confidence in [0,1]; null when no words were found. */
  ocr_score: number | null;
}

/** Result or error, never a throw. */
export type OcrResult<T> = { ok: true; value: T } | { ok: false; error: OcrError };

/** Deterministic environment: one OpenMP thread (thread scheduling can change tesseract output). */
function toolEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', OMP_THREAD_LIMIT: '1', LC_ALL: 'C' };
  if (process.env.TESSDATA_PREFIX) env.TESSDATA_PREFIX = process.env.TESSDATA_PREFIX;
  return env;
}

const versionCache = new Map<string, Promise<string | null>>();

/** The tesseract version (e.g. '5.3.0'), or null when tesseract is not installed. Cached. */
export function tesseractVersion(path = 'tesseract'): Promise<string | null> {
  const key = `t:${path}`;
  let p = versionCache.get(key);
  if (!p) {
    p = runCommand(path, ['--version'], { timeout_ms: 10_000, env: toolEnv() }).then((r) => {
      if (r.error && r.error.code !== 'exit') return null;
      const m = /tesseract\s+v?(\d+\.\d+\.\d+)/i.exec(r.stdout.toString('utf8') + r.stderr);
      return m ? m[1] : null;
    });
    versionCache.set(key, p);
  }
  return p;
}

/**
 * The poppler version of one of its tools (`pdftoppm`, `pdftotext`; e.g. '22.12.0'), or null when
 * it is not installed. Cached per PATH, so a process whose PATH changes looks again.
 */
export function popplerVersion(path = 'pdftoppm'): Promise<string | null> {
  const key = `p:${path}:${process.env.PATH ?? ''}`;
  let p = versionCache.get(key);
  if (!p) {
    p = runCommand(path, ['-v'], { timeout_ms: 10_000, env: toolEnv() }).then((r) => {
      if (r.error && r.error.code !== 'exit') return null;
      const m = /version\s+(\d+\.\d+\.\d+)/i.exec(r.stderr + r.stdout.toString('utf8'));
      return m ? m[1] : null;
    });
    versionCache.set(key, p);
  }
  return p;
}

interface TsvWord {
  key: string;
  left: number;
  top: number;
  width: number;
  height: number;
  conf: number;
  text: string;
}

/**
 * Parses tesseract TSV into a positioned page (offsets from 0; rebase with `rebasePages`).
 * `pageSize` is the size reported for the page (pt for PDF pages); boxes are normalised to the image.
 */
export function parseTesseractTsv(tsv: string, pageNumber: number, pageSize?: { width: number; height: number; unit: 'pt' | 'px' }): OcrPage {
  const { imgW, imgH, words } = readTsvRows(tsv);
  const W = imgW || 1;
  const H = imgH || 1;
  const size = pageSize ?? { width: W, height: H, unit: 'px' as const };
  const lines = linesOfWords(words, W, H, size.height);
  const text = lines.map((l) => l.text).join('\n');
  const confs = words.map((w) => w.conf / 100);
  const chars = text.replace(/\s+/g, '').length;
  return {
    page: {
      page_number: pageNumber,
      width: round4(size.width),
      height: round4(size.height),
      unit: size.unit,
      rotation: 0,
      lines,
      text,
      text_start: 0,
      text_end: text.length,
      quality: ratePageQuality(lines.map((l) => l.text)),
      char_count: chars,
      text_layer: chars > 0 ? 'present' : 'absent',
    },
    ocr_score: confs.length === 0 ? null : round4(confs.reduce((a, b) => a + b, 0) / confs.length),
  };
}

/** The image size (level 1 row) and the recognised words (level 5 rows with text and a confidence). */
function readTsvRows(tsv: string): { imgW: number; imgH: number; words: TsvWord[] } {
  let imgW = 0;
  let imgH = 0;
  const words: TsvWord[] = [];
  for (const row of tsv.split(/\r?\n/).slice(1)) {
    const c = row.split('\t');
    if (c.length < 12) continue;
    const level = Number(c[0]);
    if (level === 1) {
      imgW = Number(c[8]);
      imgH = Number(c[9]);
    } else if (level === 5) {
      const text = c.slice(11).join('\t').trim();
      const conf = Number(c[10]);
      if (text === '' || conf < 0) continue;
      words.push({ key: `${c[2]}.${c[3]}.${c[4]}`, left: Number(c[6]), top: Number(c[7]), width: Number(c[8]), height: Number(c[9]), conf, text });
    }
  }
  return { imgW, imgH, words };
}

/**
 * The words grouped into tesseract's lines (block.paragraph.line), top to bottom then left to
 * right, with boxes normalised to the W×H image and offsets into the page's text (one newline between lines).
 */
function linesOfWords(words: TsvWord[], W: number, H: number, pageHeight: number): PositionedLine[] {
  const norm = (x0: number, y0: number, x1: number, y1: number): Box => ({
    x: round4(x0 / W),
    y: round4(y0 / H),
    w: round4((x1 - x0) / W),
    h: round4((y1 - y0) / H),
  });
  const groups = new Map<string, TsvWord[]>();
  for (const w of words) {
    const g = groups.get(w.key);
    if (g) g.push(w);
    else groups.set(w.key, [w]);
  }
  const lines: PositionedLine[] = [];
  let cursor = 0;
  const ordered = [...groups.values()].sort((a, b) => Math.min(...a.map((w) => w.top)) - Math.min(...b.map((w) => w.top)) || a[0].left - b[0].left);
  for (const g of ordered) {
    g.sort((a, b) => a.left - b.left);
    const pw: PositionedWord[] = [];
    let text = '';
    for (const w of g) {
      if (text !== '') text += ' ';
      const start = cursor + text.length;
      text += w.text;
      pw.push({
        text: w.text,
        box: norm(w.left, w.top, w.left + w.width, w.top + w.height),
        start,
        end: start + w.text.length,
        confidence: round4(w.conf / 100),
      });
    }
    const x0 = Math.min(...g.map((w) => w.left));
    const y0 = Math.min(...g.map((w) => w.top));
    const x1 = Math.max(...g.map((w) => w.left + w.width));
    const y1 = Math.max(...g.map((w) => w.top + w.height));
    lines.push({ text, box: norm(x0, y0, x1, y1), start: cursor, end: cursor + text.length, height: round4(((y1 - y0) / H) * pageHeight), words: pw });
    cursor += text.length + 1;
  }
  return lines;
}

async function tesseractFile(file: string, o: OcrOptions): Promise<OcrResult<string>> {
  const bin = o.tesseract_path ?? 'tesseract';
  if ((await tesseractVersion(bin)) === null) {
    return {
      ok: false,
      error: { code: 'needs_ocr', message: 'OCR is needed but tesseract is not installed (apt-get install tesseract-ocr tesseract-ocr-eng)' },
    };
  }
  const first = await tesseractTsv(bin, file, o.lang ?? 'eng', o);
  // No language asked for: English first, then again with the page's own language when its words
  // say it has one and its pack is installed (ocr-languages.ts).
  if (o.lang !== undefined || !first.ok) return first;
  const packs = secondReadingPacks(
    readTsvRows(first.value)
      .words.map((w) => w.text)
      .join(' '),
    await installedPacks(bin),
  );
  return packs ? tesseractTsv(bin, file, packs, o) : first;
}

async function tesseractTsv(bin: string, file: string, lang: string, o: OcrOptions): Promise<OcrResult<string>> {
  const r = await runCommand(bin, [file, '-', '-l', lang, '--psm', String(o.psm ?? 3), 'tsv'], {
    timeout_ms: o.timeout_ms ?? 60_000,
    env: toolEnv(),
  });
  if (r.error) {
    return { ok: false, error: { code: r.error.code === 'timeout' ? 'timeout' : 'ocr_failed', message: r.error.message } };
  }
  return { ok: true, value: r.stdout.toString('utf8') };
}

const packsCache = new Map<string, Promise<Set<string>>>();

/** The language packs tesseract has (`--list-langs`), cached per binary. */
function installedPacks(bin: string): Promise<Set<string>> {
  let p = packsCache.get(bin);
  if (!p) {
    p = runCommand(bin, ['--list-langs'], { timeout_ms: 10_000, env: toolEnv() }).then((r) => parseListLangs(r.stdout.toString('utf8')));
    packsCache.set(bin, p);
  }
  return p;
}

async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-ocr-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** OCRs an image (PNG, JPEG, TIFF, BMP, …). Page size is in pixels. */
export async function ocrImage(bytes: Uint8Array, options: OcrOptions = {}): Promise<OcrResult<OcrPage>> {
  return withTempDir(async (dir) => {
    const file = join(dir, 'image');
    await writeFile(file, bytes);
    const tsv = await tesseractFile(file, options);
    if (!tsv.ok) return tsv;
    return { ok: true, value: parseTesseractTsv(tsv.value, 1) };
  });
}

/** Rasterises one PDF page to PNG bytes with `pdftoppm -r <dpi> -png`. */
export async function rasterizePdfPage(pdfPath: string, pageNumber: number, dir: string, options: OcrOptions = {}): Promise<OcrResult<string>> {
  const bin = options.pdftoppm_path ?? 'pdftoppm';
  if ((await popplerVersion(bin)) === null) {
    return { ok: false, error: { code: 'needs_ocr', message: 'OCR is needed but pdftoppm (poppler-utils) is not installed' } };
  }
  const prefix = join(dir, `page-${pageNumber}`);
  const r = await runCommand(
    bin,
    ['-r', String(options.dpi ?? 200), '-png', '-f', String(pageNumber), '-l', String(pageNumber), '-singlefile', pdfPath, prefix],
    { timeout_ms: options.timeout_ms ?? 60_000, env: toolEnv() },
  );
  if (r.error) return { ok: false, error: { code: r.error.code === 'timeout' ? 'timeout' : 'rasterize_failed', message: r.error.message } };
  return { ok: true, value: `${prefix}.png` };
}

/**
 * OCRs the given PDF pages. `pageSizes` (pt, from pdfjs) become the page sizes of the result;
 * boxes are normalised to the rendered image, which has the same aspect ratio.
 * Per-page failures are returned per page so the caller can report partial processing.
 */
export async function ocrPdfPages(
  bytes: Uint8Array,
  pages: Array<{ page_number: number; width: number; height: number }>,
  options: OcrOptions = {},
): Promise<Array<{ page_number: number; result: OcrResult<OcrPage> }>> {
  if (pages.length === 0) return [];
  return withTempDir(async (dir) => {
    const pdfPath = join(dir, 'input.pdf');
    await writeFile(pdfPath, bytes);
    const out: Array<{ page_number: number; result: OcrResult<OcrPage> }> = [];
    for (const p of pages) {
      const png = await rasterizePdfPage(pdfPath, p.page_number, dir, options);
      if (!png.ok) {
        out.push({ page_number: p.page_number, result: png });
        continue;
      }
      const tsv = await tesseractFile(png.value, options);
      await rm(png.value, { force: true });
      out.push({
        page_number: p.page_number,
        result: tsv.ok ? { ok: true, value: parseTesseractTsv(tsv.value, p.page_number, { width: p.width, height: p.height, unit: 'pt' }) } : tsv,
      });
    }
    return out;
  });
}

/**
 * Joins pages into one text (form feed between pages) and shifts every line and word offset so
 * `text_span` anchors index into that text. Returns new page objects for the pages it moved.
 */
export function rebasePages(pages: PositionedPage[]): { pages: PositionedPage[]; text: string } {
  let offset = 0;
  const out: PositionedPage[] = [];
  for (const p of pages) {
    const shift = offset - p.text_start;
    // A page already where it belongs (no OCR'd page before it) is kept: copying every word of a
    // long PDF to add 0 was a good part of its loading's garbage.
    if (shift === 0) {
      out.push(p);
      offset = p.text_end + 1;
      continue;
    }
    out.push({
      ...p,
      text_start: p.text_start + shift,
      text_end: p.text_end + shift,
      lines: p.lines.map((l) => ({
        ...l,
        start: l.start + shift,
        end: l.end + shift,
        words: l.words.map((w) => ({ ...w, start: w.start + shift, end: w.end + shift })),
      })),
    });
    offset = p.text_end + shift + 1;
  }
  return { pages: out, text: out.map((p) => p.text).join('\f') };
}

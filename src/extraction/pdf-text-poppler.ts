/**
 * PDF text with positions read by poppler (Debian `poppler-utils`): `pdftotext -tsv` for the
 * words and their boxes, page by page as its output arrives, and `pdfinfo` for the page count,
 * the pages' rotation and whether the file has a form (both send the file to pdfjs). Both are subprocesses on a private
 * temporary copy of the file, with no shell, no network, one deadline for both (they are killed
 * when it passes) and an output cap.
 *
 * Why poppler: pdfjs's `getTextContent` is most of a text PDF's extraction time, and poppler's
 * C++ reads the same words several times faster. pdfjs stays for what poppler does not give
 * (AcroForm values, the verdict on a file poppler refuses) and for machines without poppler:
 * `pdf-text-engine.ts` chooses.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { PdfError, PdfTextDocument, PositionedPage } from './pdf-text-model.js';
import { layerVerdict } from './pdf-text-model.js';
import { PopplerTsvReader, type TsvPage, positionedPageOfTsv } from './poppler-tsv.js';
import { type CommandResult, runCommand } from './run-command.js';
import { popplerVersion } from './ocr-engine.js';

/** What poppler read of a PDF: the text-layer fields of `PdfTextDocument` (no form fields), and its version. */
export interface PopplerText extends Omit<PdfTextDocument, 'fields' | 'engine'> {
  /** poppler's version, from `pdftotext -v`. */
  version: string;
}

/**
 * Why poppler gave no text: `unavailable` (not installed: `pdftotext` is not on the PATH),
 * `refused` (poppler could not read the file: another engine may, and says why), or a `PdfError`
 * that is the answer (the time budget ran out, the read was stopped, the output was too large).
 */
export type PopplerFailure = { kind: 'unavailable' } | { kind: 'refused'; message: string } | { kind: 'error'; error: PdfError };

export type PopplerResult = { ok: true; value: PopplerText } | { ok: false; failure: PopplerFailure };

export interface PopplerReadOptions {
  /** Deadline of the whole read (both subprocesses). */
  timeout_ms: number;
  /** Pages read at most, from page 1. */
  max_pages: number;
  /** Called with each page as soon as it is read, in page order, offsets into the whole text. */
  onPage?: (page: PositionedPage) => void;
  signal?: AbortSignal;
}

/** poppler's output for one file is held in memory as pages; beyond this it is refused. */
const MAX_TSV_BYTES = 256 * 1024 * 1024;

/** A fixed environment for poppler: no locale surprises, nothing inherited but PATH. */
function toolEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' };
}

/** poppler's version as `pdftotext -v` prints it, or null when `pdftotext` is not on the PATH. */
export function pdftotextVersion(): Promise<string | null> {
  return popplerVersion('pdftotext');
}

/** What `pdfinfo -f 1 -l n` says about the file. */
export interface PdfInfoFacts {
  pages: number;
  has_form: boolean;
  /** Rotation by page number (pages not listed are not rotated). */
  rotation: Map<number, number>;
}

/** Reads pdfinfo's report; null when it has no page count (not a report of a readable PDF). */
export function parsePdfInfoFacts(text: string): PdfInfoFacts | null {
  const pages = /^Pages:\s+(\d+)/m.exec(text);
  if (!pages) return null;
  const form = /^Form:\s+(\S+)/m.exec(text);
  const rotation = new Map<number, number>();
  for (const m of text.matchAll(/^Page\s+(\d+) rot:\s+(\d+)/gm)) rotation.set(Number(m[1]), Number(m[2]) % 360);
  return { pages: Number(pages[1]), has_form: form !== null && form[1] !== 'none', rotation };
}

/**
 * Why poppler's text of a file would not be what pdfjs gives, or null when it would be: a form
 * (poppler draws the fields' values into the page's text, pdfjs reads them as fields, and they
 * are pdfjs's to read anyway) or a rotated page (poppler's word boxes are then in the unrotated
 * page's frame while it reports the rotated size).
 */
function notForPoppler(facts: PdfInfoFacts): string | null {
  if (facts.has_form) return 'the PDF has a form';
  for (const [page, rotation] of facts.rotation) if (rotation !== 0) return `page ${page} is rotated by ${rotation}°`;
  return null;
}

/** A subprocess's failure as the read's outcome. */
function failureOf(tool: string, r: CommandResult, timeoutMs: number): PopplerFailure {
  const error = r.error;
  if (!error) return { kind: 'refused', message: `${tool} gave no usable output` };
  if (error.code === 'not_found') return { kind: 'unavailable' };
  if (error.code === 'timeout') return { kind: 'error', error: { code: 'timeout', message: `PDF reading exceeded the time budget of ${timeoutMs} ms and was stopped`, engine: 'poppler' } };
  if (error.code === 'aborted') return { kind: 'error', error: { code: 'worker_failed', message: 'PDF reading was cancelled', engine: 'poppler' } };
  if (error.code === 'consumer_failed') return { kind: 'error', error: { code: 'worker_failed', message: `PDF reading failed: ${error.message}`, engine: 'poppler' } };
  if (error.code === 'output_too_large') return { kind: 'error', error: { code: 'pdf_error', message: `PDF reading failed: the text of the PDF exceeds ${MAX_TSV_BYTES / (1024 * 1024)} MB`, engine: 'poppler' } };
  return { kind: 'refused', message: error.message };
}

/**
 * Reads the text with positions of the first `max_pages` pages with poppler. Never throws: a
 * file poppler cannot read is `refused` (the caller asks pdfjs for its verdict).
 */
export async function readPdfWithPoppler(bytes: Uint8Array, options: PopplerReadOptions): Promise<PopplerResult> {
  const version = await pdftotextVersion();
  if (version === null) return { ok: false, failure: { kind: 'unavailable' } };
  const dir = await mkdtemp(join(tmpdir(), 'quire-pdftext-'));
  // One failure stops the other subprocess: its output would be wasted.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  try {
    const file = join(dir, 'source.pdf');
    await writeFile(file, bytes, { mode: 0o600 });
    const lastPage = String(Math.max(1, Math.floor(options.max_pages)));
    const run = { timeout_ms: options.timeout_ms, env: toolEnv(), signal };

    // pdfinfo is quick; pages that are read before it answers wait for their rotation.
    let facts: PdfInfoFacts | null = null;
    const parsed: TsvPage[] = [];
    const pages: PositionedPage[] = [];
    let offset = 0;
    const deliver = (): void => {
      if (!facts) return;
      for (const page of parsed.splice(0)) {
        const p = positionedPageOfTsv(page, facts.rotation.get(page.page_number) ?? 0, offset);
        offset = p.text_end + 1; // '\f' between pages
        pages.push(p);
        options.onPage?.(p);
      }
    };

    let deliveryError: string | null = null;
    let refusal: string | null = null;
    const info = runCommand('pdfinfo', ['-f', '1', '-l', lastPage, file], { ...run, max_output_bytes: 4 * 1024 * 1024 }).then((r) => {
      const read = r.error ? null : parsePdfInfoFacts(r.stdout.toString('utf8'));
      refusal = read ? notForPoppler(read) : null;
      if (!read || refusal !== null) {
        stop.abort();
        return r;
      }
      facts = read;
      try {
        deliver();
      } catch (err) {
        deliveryError = err instanceof Error ? err.message : String(err);
        stop.abort();
      }
      return r;
    });
    const reader = new PopplerTsvReader();
    const decoder = new StringDecoder('utf8');
    const text = runCommand('pdftotext', ['-tsv', '-cropbox', '-f', '1', '-l', lastPage, file, '-'], {
      ...run,
      max_output_bytes: MAX_TSV_BYTES,
      onStdout: (chunk) => {
        parsed.push(...reader.push(decoder.write(chunk)));
        deliver();
      },
    }).then((r) => {
      if (r.error) stop.abort();
      return r;
    });
    const [infoRun, textRun] = await Promise.all([info, text]);
    if (refusal !== null) return { ok: false, failure: { kind: 'refused', message: refusal } };
    if (deliveryError !== null) return { ok: false, failure: { kind: 'error', error: { code: 'worker_failed', message: `PDF reading failed: ${deliveryError}`, engine: 'poppler' } } };
    // The first failure is the answer (the other was stopped because of it).
    if (textRun.error && textRun.error.code !== 'aborted') return { ok: false, failure: failureOf('pdftotext', textRun, options.timeout_ms) };
    if (infoRun.error || !facts) return { ok: false, failure: failureOf('pdfinfo', infoRun, options.timeout_ms) };
    if (textRun.error) return { ok: false, failure: failureOf('pdftotext', textRun, options.timeout_ms) };
    parsed.push(...reader.push(decoder.end()), ...reader.end());
    deliver();
    const known: PdfInfoFacts = facts;
    const wanted = Math.min(known.pages, Number(lastPage));
    if (pages.length !== wanted) return { ok: false, failure: { kind: 'refused', message: `pdftotext gave ${pages.length} of ${wanted} pages` } };
    return {
      ok: true,
      value: {
        page_count: known.pages,
        pages_processed: pages.length,
        truncated: pages.length < known.pages,
        pages,
        text: pages.map((p) => p.text).join('\f'),
        text_layer: layerVerdict(pages),
        version,
      },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

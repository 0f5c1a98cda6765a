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
  if (error.code === 'timeout')
    return { kind: 'error', error: { code: 'timeout', message: `PDF reading exceeded the time budget of ${timeoutMs} ms and was stopped`, engine: 'poppler' } };
  if (error.code === 'aborted') return { kind: 'error', error: { code: 'worker_failed', message: 'PDF reading was cancelled', engine: 'poppler' } };
  if (error.code === 'consumer_failed')
    return { kind: 'error', error: { code: 'worker_failed', message: `PDF reading failed: ${error.message}`, engine: 'poppler' } };
  if (error.code === 'output_too_large')
    return {
      kind: 'error',
      error: { code: 'pdf_error', message: `PDF reading failed: the text of the PDF exceeds ${MAX_TSV_BYTES / (1024 * 1024)} MB`, engine: 'poppler' },
    };
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
  try {
    const file = join(dir, 'source.pdf');
    await writeFile(file, bytes, { mode: 0o600 });
    const read = new PopplerRead(file, options);
    const [infoRun, textRun] = await Promise.all([read.info(), read.text()]);
    return read.outcome(infoRun, textRun, version);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * One read's two subprocesses on the same file, run together: pdfinfo (page count, rotation, form)
 * and pdftotext (the words). pdfinfo is quick; pages that are read before it answers wait for
 * their rotation. One failure stops the other subprocess: its output would be wasted.
 */
class PopplerRead {
  private readonly stop = new AbortController();
  private readonly run: { timeout_ms: number; env: NodeJS.ProcessEnv; signal: AbortSignal };
  private readonly lastPage: string;
  private facts: PdfInfoFacts | null = null;
  private readonly parsed: TsvPage[] = [];
  private readonly pages: PositionedPage[] = [];
  private offset = 0;
  private deliveryError: string | null = null;
  private refusal: string | null = null;
  private readonly reader = new PopplerTsvReader();
  private readonly decoder = new StringDecoder('utf8');

  constructor(
    private readonly file: string,
    private readonly options: PopplerReadOptions,
  ) {
    const signal = options.signal ? AbortSignal.any([options.signal, this.stop.signal]) : this.stop.signal;
    this.lastPage = String(Math.max(1, Math.floor(options.max_pages)));
    this.run = { timeout_ms: options.timeout_ms, env: toolEnv(), signal };
  }

  /** pdfinfo: its facts let the pages read so far be delivered; a file poppler would misread stops both. */
  info(): Promise<CommandResult> {
    return runCommand('pdfinfo', ['-f', '1', '-l', this.lastPage, this.file], { ...this.run, max_output_bytes: 4 * 1024 * 1024 }).then((r) => {
      const read = r.error ? null : parsePdfInfoFacts(r.stdout.toString('utf8'));
      this.refusal = read ? notForPoppler(read) : null;
      if (!read || this.refusal !== null) {
        this.stop.abort();
        return r;
      }
      this.facts = read;
      try {
        this.deliver();
      } catch (err) {
        this.deliveryError = err instanceof Error ? err.message : String(err);
        this.stop.abort();
      }
      return r;
    });
  }

  /** pdftotext -tsv: pages parsed as its output arrives, delivered once pdfinfo has answered. */
  text(): Promise<CommandResult> {
    return runCommand('pdftotext', ['-tsv', '-cropbox', '-f', '1', '-l', this.lastPage, this.file, '-'], {
      ...this.run,
      max_output_bytes: MAX_TSV_BYTES,
      onStdout: (chunk) => {
        this.parsed.push(...this.reader.push(this.decoder.write(chunk)));
        this.deliver();
      },
    }).then((r) => {
      if (r.error) this.stop.abort();
      return r;
    });
  }

  /** The read's answer once both have ended: the first failure, else every page asked for. */
  outcome(infoRun: CommandResult, textRun: CommandResult, version: string): PopplerResult {
    const timeoutMs = this.options.timeout_ms;
    if (this.refusal !== null) return { ok: false, failure: { kind: 'refused', message: this.refusal } };
    if (this.deliveryError !== null) {
      const message = `PDF reading failed: ${this.deliveryError}`;
      return { ok: false, failure: { kind: 'error', error: { code: 'worker_failed', message, engine: 'poppler' } } };
    }
    // The first failure is the answer (the other was stopped because of it).
    if (textRun.error && textRun.error.code !== 'aborted') return { ok: false, failure: failureOf('pdftotext', textRun, timeoutMs) };
    if (infoRun.error || !this.facts) return { ok: false, failure: failureOf('pdfinfo', infoRun, timeoutMs) };
    if (textRun.error) return { ok: false, failure: failureOf('pdftotext', textRun, timeoutMs) };
    this.parsed.push(...this.reader.push(this.decoder.end()), ...this.reader.end());
    this.deliver();
    const known: PdfInfoFacts = this.facts;
    const pages = this.pages;
    const wanted = Math.min(known.pages, Number(this.lastPage));
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
  }

  /** Hands on the pages parsed so far, in order, once their rotation is known. */
  private deliver(): void {
    if (!this.facts) return;
    for (const page of this.parsed.splice(0)) {
      const p = positionedPageOfTsv(page, this.facts.rotation.get(page.page_number) ?? 0, this.offset);
      this.offset = p.text_end + 1; // '\f' between pages
      this.pages.push(p);
      this.options.onPage?.(p);
    }
  }
}

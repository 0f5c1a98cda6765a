/**
 * One page of a PDF as a PNG, for the review screen (issue #16): poppler's `pdfinfo` reads the
 * page's size, `pdftoppm` draws it. Both run as bounded subprocesses (timeout, output cap, no
 * shell, no network) on a private temporary copy that is removed afterwards.
 *
 * The resolution asked for is lowered when the page would come out larger than `max_side_px`
 * on its longer side: a PDF may declare a page of 200 × 200 inches, and a reviewer's screen
 * needs a few thousand pixels at most — pdftoppm would otherwise allocate the whole bitmap.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readImageDimensions } from './image-dimensions.js';
import { runCommand } from './run-command.js';

export interface RenderPageOptions {
  /** Requested resolution (dots per inch). */
  dpi: number;
  /** Longest side of the output, in pixels; the resolution is lowered to stay within it. */
  max_side_px: number;
  /** Per-subprocess timeout. */
  timeout_ms: number;
  /** The largest PNG accepted from pdftoppm. */
  max_output_bytes: number;
}

export interface RenderedPage {
  png: Buffer;
  width: number;
  height: number;
  /** The resolution actually used (≤ the one asked for). */
  dpi: number;
}

/** Why a page could not be drawn; `page_out_of_range` carries the document's page count. */
export type RenderPageError =
  { code: 'page_out_of_range'; page_count: number; message: string } | { code: 'tool_missing' | 'render_failed' | 'timeout'; message: string };

export type RenderPageResult = { ok: true; value: RenderedPage } | { ok: false; error: RenderPageError };

/** A fixed environment for poppler: no locale surprises, nothing inherited but PATH. */
function toolEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' };
}

export interface PdfPageInfo {
  pages: number;
  width_pt: number;
  height_pt: number;
  rotation: number;
}

/**
 * The document's page count and a page's size in points, from pdfinfo's report: `Page size:`
 * without a range (the first page), `Page    N size:` with `-f N -l N`.
 */
export function parsePdfInfo(text: string, page: number): PdfPageInfo | null {
  const pages = /^Pages:\s+(\d+)/m.exec(text);
  if (!pages) return null;
  const size = new RegExp(`^Page(?:\\s+${page})? size:\\s+([\\d.]+) x ([\\d.]+) pts`, 'm').exec(text);
  const rot = new RegExp(`^Page(?:\\s+${page})? rot:\\s+(\\d+)`, 'm').exec(text);
  return { pages: Number(pages[1]), width_pt: size ? Number(size[1]) : 0, height_pt: size ? Number(size[2]) : 0, rotation: rot ? Number(rot[1]) : 0 };
}

/** The resolution that keeps the longer side of a `w × h` pt page within `maxSidePx` (never above `dpi`, at least 1). */
export function boundedDpi(dpi: number, widthPt: number, heightPt: number, maxSidePx: number): number {
  const longest = Math.max(widthPt, heightPt);
  if (!(longest > 0)) return dpi;
  return Math.max(1, Math.min(dpi, Math.floor((maxSidePx * 72) / longest)));
}

/** Draws page `page` (1-based) of `pdf`. Never throws for a bad file: the result says why. */
export async function renderPdfPage(pdf: Buffer, page: number, options: RenderPageOptions): Promise<RenderPageResult> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-page-'));
  try {
    const file = join(dir, 'source.pdf');
    await writeFile(file, pdf, { mode: 0o600 });
    // pdfinfo refuses a page range past the end, so the count comes first; without a range it
    // reports the first page's size, with one the size of the page asked for.
    const info = await pdfInfo(file, null, options.timeout_ms);
    if (!info.ok) return info;
    if (page > info.value.pages)
      return {
        ok: false,
        error: {
          code: 'page_out_of_range',
          page_count: info.value.pages,
          message: `page ${page} is out of range: the document has ${info.value.pages} page(s)`,
        },
      };
    const sized = page === 1 ? info : await pdfInfo(file, page, options.timeout_ms);
    if (!sized.ok) return sized;
    const parsed = sized.value;
    // A quarter turn swaps the drawn sides; the bound is on the longer one, which does not change.
    const dpi = boundedDpi(options.dpi, parsed.width_pt, parsed.height_pt, options.max_side_px);
    const drawn = await runCommand('pdftoppm', ['-png', '-cropbox', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file], {
      timeout_ms: options.timeout_ms,
      max_output_bytes: options.max_output_bytes,
      env: toolEnv(),
    });
    if (drawn.error) return { ok: false, error: commandError(drawn.error, 'pdftoppm') };
    const size = isPng(drawn.stdout) ? readImageDimensions(drawn.stdout) : null;
    if (!size) return { ok: false, error: { code: 'render_failed', message: 'pdftoppm did not produce a PNG' } };
    return { ok: true, value: { png: drawn.stdout, width: size.width, height: size.height, dpi } };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** pdfinfo on the whole file (`page` null) or on one page. */
async function pdfInfo(
  file: string,
  page: number | null,
  timeoutMs: number,
): Promise<{ ok: true; value: PdfPageInfo } | { ok: false; error: RenderPageError }> {
  const range = page === null ? [] : ['-f', String(page), '-l', String(page)];
  const info = await runCommand('pdfinfo', [...range, file], { timeout_ms: timeoutMs, max_output_bytes: 1024 * 1024, env: toolEnv() });
  if (info.error) return { ok: false, error: commandError(info.error, 'pdfinfo') };
  const parsed = parsePdfInfo(info.stdout.toString('utf8'), page ?? 1);
  return parsed ? { ok: true, value: parsed } : { ok: false, error: { code: 'render_failed', message: 'pdfinfo did not report a page count' } };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function isPng(bytes: Buffer): boolean {
  return bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}

function commandError(error: NonNullable<Awaited<ReturnType<typeof runCommand>>['error']>, tool: string): RenderPageError {
  if (error.code === 'not_found') return { code: 'tool_missing', message: `${tool} (poppler-utils) is not installed` };
  if (error.code === 'timeout') return { code: 'timeout', message: error.message };
  return { code: 'render_failed', message: error.message };
}

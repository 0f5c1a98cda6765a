/**
 * Upload validation (§4.2 `POST /documents/validate`): a verdict with problems, never a throw.
 * File names are never used as paths (blobs are stored by id); `sanitizeFilename` is for display.
 */
import { dimensionProblem, readImageDimensions } from './image-dimensions.js';
import { pdfDeclaresEncryption } from './pdf-text.js';
import { inspectPdfText } from './pdf-text-engine.js';
import { type SniffResult, extensionOf, sniffFile } from './sniff-file.js';
import { decodeTabular } from './csv-dialect.js';
import { decodeText } from './decode-text.js';
import { ALL_KINDS, type FileKind } from './types.js';
import { readZipDirectory } from './zip-directory.js';

/** Problem codes of §4.2. */
export type UploadProblemCode =
  | 'unsupported_type'
  | 'type_mismatch'
  | 'too_large'
  | 'too_many_pages'
  | 'encrypted'
  | 'corrupt'
  | 'empty'
  | 'macro_enabled'
  | 'zip_bomb_suspected'
  | 'needs_ocr'
  | 'image_too_large'
  | 'not_inspected';

/** One problem. `error` makes the upload invalid; `warning` and `info` do not. */
export interface UploadProblem {
  code: UploadProblemCode;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

/** Limits; all optional with defaults. */
export interface UploadLimits {
  max_size_bytes?: number;
  max_pages?: number;
  accepted_kinds?: FileKind[];
  /** Sum of uncompressed sizes ÷ archive size above which a zip is a suspected bomb. Default 100. */
  max_zip_ratio?: number;
  /** Sum of uncompressed sizes above which a zip is a suspected bomb. Default 200 MiB. */
  max_uncompressed_bytes?: number;
  /** Entries above which a zip is a suspected bomb. Default 10 000. */
  max_zip_entries?: number;
  /** Time budget of the PDF inspection. Default 15 000 ms. */
  pdf_timeout_ms?: number;
  /** Severity of `type_mismatch`. Default 'error'. */
  type_mismatch_severity?: 'error' | 'warning';
}

/** The limits echoed in the verdict, defaults filled in. */
export type ResolvedUploadLimits = Required<Omit<UploadLimits, 'pdf_timeout_ms' | 'type_mismatch_severity'>>;

/** §4.2 verdict. */
export interface UploadVerdict {
  valid: boolean;
  /**
   * False when a check could not finish (it ran out of time or memory, or its worker could not
   * start): `valid` then speaks only for the checks that ran, and a `not_inspected` problem says
   * which one did not. Never a reason to call the file invalid (issue #13).
   */
  decided: boolean;
  filename: string;
  declared: { mime_type: string | null; extension: string | null };
  detected: { mime_type: string; kind: FileKind | null; extension: string };
  size_bytes: number;
  page_count: number | null;
  encrypted: boolean;
  text_layer: 'present' | 'absent' | 'partial' | 'not_applicable' | null;
  /** A PDF's AcroForm fields and how many are filled in (processor routing reads it); null for other kinds or an unreadable PDF. */
  form_fields: { count: number; filled: number } | null;
  problems: UploadProblem[];
  limits: ResolvedUploadLimits;
}

/** Input of `validateUpload`. */
export interface ValidateUploadInput {
  bytes: Buffer;
  filename: string;
  declaredMimeType?: string | null;
  limits?: UploadLimits;
}

/** Defaults: 50 MiB, 300 pages, every kind, zip ratio 100, 200 MiB uncompressed, 10 000 entries. */
export const DEFAULT_UPLOAD_LIMITS: ResolvedUploadLimits = {
  max_size_bytes: 50 * 1024 * 1024,
  max_pages: 300,
  accepted_kinds: [...ALL_KINDS],
  max_zip_ratio: 100,
  max_uncompressed_bytes: 200 * 1024 * 1024,
  max_zip_entries: 10_000,
};

/** The kind a file's extension names (lower-case, without the dot). */
const EXT_KIND: Record<string, FileKind> = {
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  tif: 'image',
  tiff: 'image',
  bmp: 'image',
  webp: 'image',
  gif: 'image',
  docx: 'docx',
  docm: 'docx',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  csv: 'csv',
  tsv: 'csv',
  txt: 'text',
  text: 'text',
  md: 'text',
  markdown: 'text',
};

/** The kind an extension (lower-case, without the dot) names, or null for none or one no processor reads. */
export function kindOfExtension(ext: string | null | undefined): FileKind | null {
  return ext ? (EXT_KIND[ext] ?? null) : null;
}

/** The kind a MIME type claims, or null when it claims nothing useful (octet-stream, unknown). */
export function kindOfMime(mime: string | null | undefined): FileKind | null {
  if (!mime) return null;
  const m = mime.toLowerCase().split(';')[0].trim();
  if (m === 'application/pdf') return 'pdf';
  if (m.startsWith('image/')) return 'image';
  if (m.includes('wordprocessingml') || m === 'application/vnd.ms-word.document.macroenabled.12') return 'docx';
  if (m.includes('spreadsheetml') || m === 'application/vnd.ms-excel.sheet.macroenabled.12') return 'xlsx';
  if (m === 'text/csv' || m === 'text/tab-separated-values' || m === 'application/csv') return 'csv';
  if (m.startsWith('text/')) return 'text';
  return null;
}

/** Text kinds are interchangeable for mismatch purposes (a .txt may hold CSV). */
function sameFamily(a: FileKind, b: FileKind): boolean {
  const text = (k: FileKind): boolean => k === 'text' || k === 'csv';
  return a === b || (text(a) && text(b));
}

/**
 * A display-safe file name: path components, `..`, NUL, control and bidi-override characters
 * removed, whitespace collapsed, at most `maxLength` UTF-16 units (extension kept). Never empty.
 */
export function sanitizeFilename(name: string, maxLength = 200): string {
  const last = (name ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  let s = last
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (s.length > maxLength) {
    const dot = s.lastIndexOf('.');
    const ext = dot > 0 && s.length - dot <= 12 ? s.slice(dot) : '';
    let stem = s.slice(0, maxLength - ext.length);
    // Do not cut a surrogate pair in half.
    if (/[\ud800-\udbff]$/.test(stem)) stem = stem.slice(0, -1);
    s = stem + ext;
  }
  return s === '' ? 'file' : s;
}

function zipProblems(bytes: Buffer, limits: ResolvedUploadLimits): UploadProblem[] {
  const dir = readZipDirectory(bytes);
  if (!dir) return [{ code: 'corrupt', severity: 'error', message: 'the archive cannot be opened (no readable central directory)' }];
  const problems: UploadProblem[] = [];
  const ratio = dir.total_uncompressed / Math.max(1, bytes.length);
  if (dir.entries.length > limits.max_zip_entries) {
    problems.push({
      code: 'zip_bomb_suspected',
      severity: 'error',
      message: `${dir.entries.length} archive entries exceed the limit of ${limits.max_zip_entries}`,
    });
  } else if (dir.total_uncompressed > limits.max_uncompressed_bytes) {
    problems.push({
      code: 'zip_bomb_suspected',
      severity: 'error',
      message: `uncompressed size ${dir.total_uncompressed} bytes exceeds the limit of ${limits.max_uncompressed_bytes}`,
    });
  } else if (ratio > limits.max_zip_ratio) {
    problems.push({
      code: 'zip_bomb_suspected',
      severity: 'error',
      message: `expansion ratio ${ratio.toFixed(1)} exceeds the limit of ${limits.max_zip_ratio}`,
    });
  }
  if (dir.entries.some((e) => e.encrypted)) problems.push({ code: 'encrypted', severity: 'error', message: 'the archive has encrypted entries' });
  return problems;
}

/**
 * Validates an upload. Checks, in order: empty, too large, sniffed type (unsupported, mismatch
 * with the declared extension / MIME type), container problems (zip bomb from the central
 * directory — nothing is inflated —, corrupt, encrypted OOXML, macros), PDF facts through the
 * worker (page count, encryption, text layer), OCR need. Never throws.
 */
export async function validateUpload(input: ValidateUploadInput): Promise<UploadVerdict> {
  const limits: ResolvedUploadLimits = { ...DEFAULT_UPLOAD_LIMITS, ...stripUndefined(input.limits ?? {}) };
  const verdict = blankVerdict(input, limits);
  try {
    await examine(input, limits, verdict);
  } catch (err) {
    const message = `the file could not be examined: ${err instanceof Error ? err.message : String(err)}`;
    verdict.problems.push({ code: 'corrupt', severity: 'error', message });
  }
  return finish(verdict);
}

/** The verdict before any check: what was declared, nothing detected yet, no problems. */
function blankVerdict(input: ValidateUploadInput, limits: ResolvedUploadLimits): UploadVerdict {
  return {
    valid: false,
    decided: true,
    filename: sanitizeFilename(input.filename),
    declared: { mime_type: input.declaredMimeType ?? null, extension: extensionOf(input.filename) || null },
    detected: { mime_type: 'application/octet-stream', kind: null, extension: '' },
    size_bytes: input.bytes.length,
    page_count: null,
    encrypted: false,
    text_layer: null,
    form_fields: null,
    problems: [],
    limits,
  };
}

/** Every check in order, adding to the verdict; returns early where a later check cannot apply. */
async function examine(input: ValidateUploadInput, limits: ResolvedUploadLimits, verdict: UploadVerdict): Promise<void> {
  const { bytes } = input;
  const problems = verdict.problems;
  if (bytes.length === 0) {
    problems.push({ code: 'empty', severity: 'error', message: 'the file is empty (0 bytes)' });
    verdict.detected = { mime_type: 'application/x-empty', kind: null, extension: '' };
    return;
  }
  if (bytes.length > limits.max_size_bytes) {
    problems.push({ code: 'too_large', severity: 'error', message: `${bytes.length} bytes exceeds the limit of ${limits.max_size_bytes}` });
  }
  const sniff: SniffResult = await sniffFile(bytes, input.filename);
  verdict.detected = { mime_type: sniff.mime_type, kind: sniff.kind, extension: sniff.extension };
  const kind = sniff.kind;
  if (containerProblems(bytes, sniff, limits, verdict) === 'stop') return;
  if (kind === null) {
    if (!problems.some((p) => p.code === 'corrupt')) {
      problems.push({ code: 'unsupported_type', severity: 'error', message: `detected type ${sniff.mime_type} is not supported` });
    }
    return;
  }
  if (!limits.accepted_kinds.includes(kind)) {
    const message = `${kind} files are not accepted here (accepted: ${limits.accepted_kinds.join(', ')})`;
    problems.push({ code: 'unsupported_type', severity: 'error', message });
  }
  problems.push(...typeMismatches(input, sniff, kind));
  if (sniff.macro_enabled) {
    problems.push({ code: 'macro_enabled', severity: 'warning', message: `macro-enabled ${sniff.extension}: macros are never run, only the content is read` });
  }
  if (kind === 'pdf') await pdfFacts(bytes, limits, input.limits?.pdf_timeout_ms ?? 15_000, verdict);
  else if (kind === 'image') imageFacts(bytes, sniff, verdict);
  else {
    verdict.text_layer = 'not_applicable';
    if (kind === 'text' || kind === 'csv') {
      const text = kind === 'csv' ? decodeTabular(bytes).text : (decodeText(bytes)?.text ?? '');
      if (text.trim() === '') problems.push({ code: 'empty', severity: 'error', message: 'the file contains only whitespace' });
    }
  }
}

/**
 * Containers first: a CFB with an EncryptedPackage is a password-protected docx/xlsx, any other
 * CFB is legacy Office (both stop the checks); a zip's central directory is read for bombs,
 * encryption and corruption.
 */
function containerProblems(bytes: Buffer, sniff: SniffResult, limits: ResolvedUploadLimits, verdict: UploadVerdict): 'stop' | 'go' {
  const problems = verdict.problems;
  if (sniff.container === 'cfb') {
    if (sniff.encrypted_ooxml) {
      verdict.encrypted = true;
      problems.push({ code: 'encrypted', severity: 'error', message: 'the Office document is password-protected (encrypted OOXML package)' });
    } else {
      problems.push({ code: 'unsupported_type', severity: 'error', message: 'legacy Office (CFB) files are not supported; save as docx or xlsx' });
    }
    return 'stop';
  }
  if (sniff.container === 'zip') {
    for (const p of zipProblems(bytes, limits)) {
      problems.push(p);
      if (p.code === 'encrypted') verdict.encrypted = true;
    }
    if (sniff.corrupt_container && !problems.some((p) => p.code === 'corrupt')) {
      problems.push({ code: 'corrupt', severity: 'error', message: 'the archive cannot be opened' });
    }
  }
  return 'go';
}

/** The declared extension, else the declared MIME type, against the sniffed kind (one problem at most). */
function typeMismatches(input: ValidateUploadInput, sniff: SniffResult, kind: FileKind): UploadProblem[] {
  const sev = input.limits?.type_mismatch_severity ?? 'error';
  const declaredExt = extensionOf(input.filename) || null;
  const declaredMime = input.declaredMimeType ?? null;
  const extKind = kindOfExtension(declaredExt);
  const mimeKind = kindOfMime(declaredMime);
  if (declaredExt && extKind === null) {
    return [{ code: 'type_mismatch', severity: sev, message: `extension .${declaredExt} is not a supported type; the content is ${sniff.mime_type}` }];
  }
  if (extKind && !sameFamily(extKind, kind)) {
    return [{ code: 'type_mismatch', severity: sev, message: `file name says .${declaredExt} but the content is ${sniff.mime_type}` }];
  }
  if (mimeKind && !sameFamily(mimeKind, kind)) {
    return [{ code: 'type_mismatch', severity: sev, message: `declared type ${declaredMime} but the content is ${sniff.mime_type}` }];
  }
  return [];
}

async function pdfFacts(bytes: Buffer, limits: ResolvedUploadLimits, timeoutMs: number, verdict: UploadVerdict): Promise<void> {
  const problems = verdict.problems;
  if (pdfDeclaresEncryption(bytes)) verdict.encrypted = true;
  const res = await inspectPdfText(bytes, { timeout_ms: timeoutMs, max_pages: limits.max_pages });
  if (!res.ok) {
    if (res.error.code === 'encrypted') verdict.encrypted = true;
    // Running out of time or memory, or a worker that cannot start, decides nothing about the
    // file (a loaded machine is slow, not the PDF broken): say so and let processing, with its own
    // larger budget, read it or fail clearly. Only the parser's own verdict (`corrupt`) is one.
    else if (res.error.code === 'timeout' || res.error.code === 'worker_failed') {
      verdict.decided = false;
      const why = res.error.code === 'timeout' ? `within ${timeoutMs} ms` : `(${res.error.message})`;
      problems.push({
        code: 'not_inspected',
        severity: 'warning',
        message: `the PDF could not be inspected ${why}; this is not a verdict on the file: its pages are counted when it is processed`,
      });
    } else if (!verdict.encrypted) problems.push({ code: 'corrupt', severity: 'error', message: res.error.message });
  } else {
    verdict.page_count = res.value.page_count;
    verdict.text_layer = res.value.text_layer;
    verdict.form_fields = { count: res.value.field_count, filled: res.value.filled_field_count };
    if (res.value.page_count === 0) problems.push({ code: 'empty', severity: 'error', message: 'the PDF has no pages' });
    if (res.value.page_count > limits.max_pages) {
      problems.push({ code: 'too_many_pages', severity: 'error', message: `${res.value.page_count} pages exceeds the limit of ${limits.max_pages}` });
    }
    if (res.value.text_layer === 'absent') problems.push({ code: 'needs_ocr', severity: 'info', message: 'no text layer; OCR will be used' });
    else if (res.value.text_layer === 'partial')
      problems.push({ code: 'needs_ocr', severity: 'info', message: 'some pages have no usable text layer; OCR will be used for them' });
  }
  if (verdict.encrypted) {
    problems.push({
      code: 'encrypted',
      severity: 'error',
      message: res.ok ? 'the PDF is encrypted (/Encrypt); encrypted PDFs are not accepted' : 'the PDF is password-protected',
    });
  }
}

/** An image: one page, read by OCR, unless its header declares absurd dimensions (refused before any decoding). */
function imageFacts(bytes: Buffer, sniff: SniffResult, verdict: UploadVerdict): void {
  verdict.page_count = 1;
  verdict.text_layer = 'absent';
  const dimensions = readImageDimensions(bytes);
  const tooLarge = dimensions ? dimensionProblem(dimensions) : null;
  if (tooLarge) verdict.problems.push({ code: 'image_too_large', severity: 'error', message: tooLarge });
  // A PNG's first chunk must be IHDR: without one nothing can read it.
  else if (dimensions === null && sniff.mime_type === 'image/png')
    verdict.problems.push({ code: 'corrupt', severity: 'error', message: 'the PNG has no readable IHDR header' });
  else if (dimensions !== null && (dimensions.width === 0 || dimensions.height === 0)) {
    verdict.problems.push({ code: 'corrupt', severity: 'error', message: `the image declares ${dimensions.width} × ${dimensions.height} pixels: it has none` });
  } else verdict.problems.push({ code: 'needs_ocr', severity: 'info', message: 'an image has no text layer; OCR will be used' });
}

function finish(v: UploadVerdict): UploadVerdict {
  v.valid = !v.problems.some((p) => p.severity === 'error');
  return v;
}

function stripUndefined(o: UploadLimits): Partial<ResolvedUploadLimits> {
  const out: Partial<ResolvedUploadLimits> = {};
  if (o.max_size_bytes !== undefined) out.max_size_bytes = o.max_size_bytes;
  if (o.max_pages !== undefined) out.max_pages = o.max_pages;
  if (o.accepted_kinds !== undefined) out.accepted_kinds = o.accepted_kinds;
  if (o.max_zip_ratio !== undefined) out.max_zip_ratio = o.max_zip_ratio;
  if (o.max_uncompressed_bytes !== undefined) out.max_uncompressed_bytes = o.max_uncompressed_bytes;
  if (o.max_zip_entries !== undefined) out.max_zip_entries = o.max_zip_entries;
  return out;
}

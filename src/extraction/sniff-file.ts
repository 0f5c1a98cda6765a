/**
 * Detects the real type of an upload from its bytes: `file-type` (magic bytes) plus our own
 * checks for OOXML (docx/xlsx, macro-enabled variants), encrypted OOXML (a CFB container) and
 * text / CSV / Markdown, which `file-type` cannot detect.
 */
import { detectCsv } from './csv-dialect.js';
import { decodeText } from './decode-text.js';
import type { FileKind } from './types.js';
import { DOCM_MIME, DOCX_MIME, IMAGE_MIME_TYPES, XLSM_MIME, XLSX_MIME } from './kind-mime-types.js';
import { looksLikeZip, readZipDirectory, readZipEntry } from './zip-directory.js';

/** What sniffing found. `kind` is null for anything we do not process. */
export interface SniffResult {
  mime_type: string;
  kind: FileKind | null;
  extension: string;
  /** The container, when there is one. */
  container: 'zip' | 'cfb' | null;
  /** A docm/xlsm (content type says `macroEnabled`). */
  macro_enabled: boolean;
  /** A CFB container holding an `EncryptedPackage` stream: a password-protected docx/xlsx. */
  encrypted_ooxml: boolean;
  /** A ZIP whose central directory cannot be read. */
  corrupt_container: boolean;
}

export { DOCM_MIME, DOCX_MIME, KIND_MIME_TYPES, XLSM_MIME, XLSX_MIME } from './kind-mime-types.js';

const IMAGE_MIMES = new Set<string>(IMAGE_MIME_TYPES);
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024;

function base(mime: string, ext: string, kind: FileKind | null): SniffResult {
  return {
    mime_type: mime,
    kind,
    extension: ext,
    container: null,
    macro_enabled: false,
    encrypted_ooxml: false,
    corrupt_container: false,
  };
}

function isCfb(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && CFB_MAGIC.every((b, i) => bytes[i] === b);
}

/** Lower-case extension of a file name without the dot, or '' (path components ignored). */
export function extensionOf(filename: string | undefined): string {
  if (!filename) return '';
  const last = filename.split(/[\\/]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 && dot < last.length - 1 ? last.slice(dot + 1).toLowerCase() : '';
}

function sniffOoxml(bytes: Buffer): SniffResult {
  const dir = readZipDirectory(bytes);
  if (!dir) return { ...base('application/zip', 'zip', null), container: 'zip', corrupt_container: true };
  const names = new Set(dir.entries.map((e) => e.name));
  const ctEntry = dir.entries.find((e) => e.name === '[Content_Types].xml');
  const zip = { ...base('application/zip', 'zip', null), container: 'zip' as const };
  if (!ctEntry) return zip;
  const ct = readZipEntry(bytes, ctEntry, MAX_CONTENT_TYPES_BYTES)?.toString('utf8') ?? '';
  const macro = /macroEnabled/i.test(ct) || names.has('word/vbaProject.bin') || names.has('xl/vbaProject.bin');
  if (names.has('word/document.xml') || /wordprocessingml\.document\.main|ms-word\.document\.macroEnabled\.main/i.test(ct)) {
    return macro
      ? { ...zip, mime_type: DOCM_MIME, extension: 'docm', kind: 'docx', macro_enabled: true }
      : { ...zip, mime_type: DOCX_MIME, extension: 'docx', kind: 'docx' };
  }
  if (names.has('xl/workbook.xml') || /spreadsheetml\.sheet\.main|ms-excel\.sheet\.macroEnabled\.main/i.test(ct)) {
    return macro
      ? { ...zip, mime_type: XLSM_MIME, extension: 'xlsm', kind: 'xlsx', macro_enabled: true }
      : { ...zip, mime_type: XLSX_MIME, extension: 'xlsx', kind: 'xlsx' };
  }
  return zip;
}

/** Share of lines (of the first 50 non-empty) that look like Markdown structure. */
function markdownScore(lines: string[]): number {
  if (lines.length === 0) return 0;
  const md = lines.filter((l) => /^(#{1,6}\s|\s*[-*+]\s|\s*\d+\.\s|>\s|```|\|.*\|)/.test(l) || /\*\*[^*]+\*\*|\[[^\]]+\]\([^)]+\)/.test(l));
  return md.length / lines.length;
}

function sniffText(bytes: Buffer, filename: string | undefined): SniffResult | null {
  const ext = extensionOf(filename);
  // CSV first, by the same reading the table reader uses (csv-dialect.ts): it knows other
  // encodings than UTF-8 and quoted cells over several lines.
  if (ext !== 'md' && ext !== 'markdown' && ext !== 'txt' && detectCsv(bytes)) {
    return ext === 'tsv' ? base('text/tab-separated-values', 'tsv', 'csv') : base('text/csv', 'csv', 'csv');
  }
  const decoded = decodeText(bytes.subarray(0, Math.min(bytes.length, 1024 * 1024)));
  // A multi-byte sequence cut at the 1 MiB boundary is not an error: retry on the whole buffer.
  const text = decoded?.text ?? (bytes.length > 1024 * 1024 ? decodeText(bytes)?.text : undefined);
  if (text === undefined) return null;
  const sample = text.slice(0, 64 * 1024);
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) return null;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0x7f) control++;
  }
  if (sample.length > 0 && control / sample.length > 0.01) return null;
  const lines = sample
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 50);
  if (ext === 'md' || ext === 'markdown' || (ext !== 'txt' && markdownScore(lines) >= 0.3)) {
    return base('text/markdown', 'md', 'text');
  }
  return base('text/plain', 'txt', 'text');
}

/**
 * Sniffs the real type of `bytes`. `filename` is only a tie-breaker between text flavours
 * (a `.md` stays Markdown, a `.txt` is never called CSV); it never changes a binary verdict.
 * Empty input gives `{mime_type: 'application/x-empty', kind: null}`. Never throws.
 */
export async function sniffFile(bytes: Buffer, filename?: string): Promise<SniffResult> {
  if (bytes.length === 0) return base('application/x-empty', '', null);
  if (looksLikeZip(bytes)) return sniffOoxml(bytes);
  if (isCfb(bytes)) {
    // Encrypted OOXML is a CFB file with stream names stored in UTF-16LE.
    const encrypted = bytes.includes(Buffer.from('EncryptedPackage', 'utf16le'));
    return { ...base('application/x-cfb', 'cfb', null), container: 'cfb', encrypted_ooxml: encrypted };
  }
  // A UTF-16 byte order mark (FF FE) is an MPEG audio frame sync to file-type: text first.
  const utf16Bom = bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
  const bomText = utf16Bom ? sniffText(bytes, filename) : null;
  if (bomText) return bomText;
  let ft: { ext: string; mime: string } | undefined;
  // Loaded on the first upload: its module graph is start-up time the service need not spend.
  const { fileTypeFromBuffer } = await import('file-type');
  try {
    ft = await fileTypeFromBuffer(bytes);
  } catch {
    ft = undefined;
  }
  if (ft) {
    if (ft.mime === 'application/pdf') return base('application/pdf', 'pdf', 'pdf');
    if (IMAGE_MIMES.has(ft.mime)) return base(ft.mime, ft.ext, 'image');
    // file-type calls some text formats by name (xml, svg, …); those we do not process.
    return base(ft.mime, ft.ext, null);
  }
  // A PDF with junk before the header (allowed within the first 1024 bytes).
  if (bytes.subarray(0, 1024).includes(Buffer.from('%PDF-'))) return base('application/pdf', 'pdf', 'pdf');
  const text = sniffText(bytes, filename);
  return text ?? base('application/octet-stream', '', null);
}

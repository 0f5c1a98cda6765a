/**
 * `Content-Disposition` for a downloaded document (RFC 6266), with an ASCII `filename` for old
 * clients and a UTF-8 `filename*` (RFC 5987) for everyone else. Titles are user input: both names
 * are cleaned so no client can be led into a path, a hidden extension or a broken header.
 */

/** The file types a document is exported as. */
export type ExportExtension = '.docx' | '.pdf';
const FALLBACK_BASE = 'document';
const MAX_BASE_LENGTH = 120;
// Windows refuses these as file names whatever the extension.
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;

/**
 * Characters that are unsafe in a file name on some system, plus control and format characters
 * (newlines would split the header; U+202E could disguise the extension).
 */
const UNSAFE = /[\\/:*?"<>|\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;

function cleanBase(title: string): string {
  let base = title.normalize('NFC').replace(UNSAFE, ' ');
  base = base.replace(/\s+/g, ' ');
  base = base.replace(/\.{2,}/g, '.'); // no "..": no parent directory, however the name is later used
  // "Report.docx" exported as PDF is "Report.pdf", not "Report.docx.pdf".
  base = base.replace(/\.(docx|pdf)$/i, '');
  base = base.replace(/^[\s.\-_]+|[\s.\-_]+$/g, '');
  if (base.length > MAX_BASE_LENGTH) base = Array.from(base).slice(0, MAX_BASE_LENGTH).join('').trim();
  if (RESERVED.test(base)) base = `_${base}`;
  return base;
}

function asciiBase(unicodeBase: string): string {
  const ascii = unicodeBase
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '') // "Überblick" → "Uberblick" rather than "_berblick"
    .replace(/[^\x20-\x7e]+/g, '_')
    .replace(/[%;\\"']/g, '_') // keep the quoted-string trivially valid and unambiguous
    .replace(/_+/g, '_')
    .replace(/^[\s._-]+|[\s._-]+$/g, '');
  return RESERVED.test(ascii) ? `_${ascii}` : ascii;
}

/** RFC 5987 value-chars: attr-char stays, everything else is percent-encoded UTF-8. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The safe file name (with its extension) that a title maps to; the ASCII form unless `unicode`. */
export function safeFileName(title: string, unicode = false, extension: ExportExtension = '.docx'): string {
  const base = cleanBase(title);
  const chosen = unicode ? base : asciiBase(base);
  return `${chosen || (unicode ? asciiBase(base) : '') || FALLBACK_BASE}${extension}`;
}

/** `attachment; filename="…"; filename*=UTF-8''…` for a document exported under its title. */
export function attachmentHeader(title: string, extension: ExportExtension = '.docx'): string {
  const ascii = safeFileName(title, false, extension);
  const unicode = safeFileName(title, true, extension);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(unicode)}`;
}

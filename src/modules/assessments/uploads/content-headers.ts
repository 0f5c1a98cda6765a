/**
 * Headers of `GET /documents/{id}/content`: a safe inline `Content-Disposition` and HTTP range
 * parsing (RFC 9110 §14). Pure functions.
 */

/** `inline; filename="…"; filename*=UTF-8''…` from a display name (already sanitized, cleaned again here). */
export function inlineDisposition(filename: string): string {
  const clean =
    filename
      .normalize('NFC')
      .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]+/gu, '_')
      .replace(/\.{2,}/g, '.') || 'file';
  const ascii =
    clean
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^\x20-\x7e]+/g, '_')
      .replace(/[%;\\"']/g, '_') || 'file';
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

/** A parsed `Range` header: one satisfiable range, `unsatisfiable`, or `ignore` (absent, malformed or multi-range: send it all). */
export type RangeRequest = { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' } | { kind: 'ignore' };

export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'ignore' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'ignore' };
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end };
}

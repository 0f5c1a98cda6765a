/**
 * `POST /documents/validate`: the verdict for a file (checked in memory, never stored) or for
 * metadata only (`{filename, size_bytes, mime_type}`). Always an answer, never a throw.
 */
import type { Readable } from 'node:stream';
import { extensionOf } from '../../../../extraction/sniff-file.js';
import {
  DEFAULT_UPLOAD_LIMITS,
  type UploadProblem,
  type UploadVerdict,
  kindOfExtension,
  kindOfMime,
  sanitizeFilename,
  validateUpload,
} from '../../../../extraction/validate-upload.js';
import type { FileKind } from '../../../../extraction/types.js';

export interface UploadLimitsConfig {
  maxBytes: number;
  maxPages: number;
  /** Budget of the PDF inspection (UPLOAD_INSPECT_TIMEOUT_SECONDS); default 15 s. */
  inspectTimeoutMs?: number;
}

/** Reads a stream into memory up to `maxBytes`; past it the rest is drained and only counted. */
async function readCapped(stream: Readable, maxBytes: number): Promise<{ bytes: Buffer; size: number; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size <= maxBytes) chunks.push(buf);
  }
  return { bytes: Buffer.concat(chunks), size, tooLarge: size > maxBytes };
}

/** Verdict of an uploaded file part. */
export async function checkUploadedFile(
  file: { stream: Readable; filename: string; mime_type: string | null },
  limits: UploadLimitsConfig,
): Promise<UploadVerdict> {
  const { bytes, size, tooLarge } = await readCapped(file.stream, limits.maxBytes);
  if (tooLarge) return metadataVerdict({ filename: file.filename, size_bytes: size, mime_type: file.mime_type }, limits);
  return validateUpload({
    bytes,
    filename: file.filename,
    declaredMimeType: file.mime_type,
    limits: { max_size_bytes: limits.maxBytes, max_pages: limits.maxPages, pdf_timeout_ms: limits.inspectTimeoutMs },
  });
}

/** Verdict from metadata alone: size, extension and declared type. */
export function metadataVerdict(meta: { filename: string; size_bytes: number; mime_type: string | null }, limits: UploadLimitsConfig): UploadVerdict {
  const ext = extensionOf(meta.filename) || null;
  const extKind = kindOfExtension(ext);
  const mimeKind = kindOfMime(meta.mime_type);
  const problems: UploadProblem[] = [];
  if (meta.size_bytes === 0) problems.push({ code: 'empty', severity: 'error', message: 'the file is empty (0 bytes)' });
  if (meta.size_bytes > limits.maxBytes)
    problems.push({ code: 'too_large', severity: 'error', message: `${meta.size_bytes} bytes exceeds the limit of ${limits.maxBytes}` });
  if (ext && !extKind) problems.push({ code: 'unsupported_type', severity: 'error', message: `.${ext} files are not supported` });
  const textFamily = (k: FileKind | null): boolean => k === 'text' || k === 'csv';
  if (extKind && mimeKind && extKind !== mimeKind && !(textFamily(extKind) && textFamily(mimeKind))) {
    problems.push({ code: 'type_mismatch', severity: 'error', message: `file name says .${ext} but the declared type is ${meta.mime_type}` });
  }
  const kind = extKind ?? mimeKind;
  return {
    valid: !problems.some((p) => p.severity === 'error'),
    decided: true,
    filename: sanitizeFilename(meta.filename),
    declared: { mime_type: meta.mime_type, extension: ext },
    detected: { mime_type: meta.mime_type ?? 'application/octet-stream', kind, extension: ext ?? '' },
    size_bytes: meta.size_bytes,
    page_count: null,
    encrypted: false,
    text_layer: null,
    form_fields: null,
    problems,
    limits: { ...DEFAULT_UPLOAD_LIMITS, max_size_bytes: limits.maxBytes, max_pages: limits.maxPages },
  };
}

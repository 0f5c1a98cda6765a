/**
 * Reads a multipart request part by part: each file is streamed into the blob store (size cap
 * and sha256 while streaming), each field kept as text. The user's file name is kept only as
 * data, never as a path. When anything fails, the blobs already written are removed, so a
 * refused request stores nothing.
 */
import type { Multipart } from '@fastify/multipart';
import { DomainValidationError, PayloadTooLargeError } from '../../../kernel/errors.js';
import { LIMITS } from '../../../kernel/limits.js';
import type { BlobStore, StoredBlob } from '../../../storage/blobs/blob-store.js';
import { rethrowAsBadMultipart } from './malformed-multipart.js';

/** A file that arrived and is stored under a generated blob key. */
export interface ReceivedFile {
  field: string;
  /** The name exactly as sent (sanitized later for display; never a path). */
  filename: string;
  declared_mime_type: string | null;
  blob: StoredBlob;
}

export interface ReceivedMultipart {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

const FILE_FIELDS = new Set(['files', 'files[]', 'file']);
const MAX_FIELD_CHARS = 1_000_000;

/** More files than one request may carry: a 413 of its own, whose message names the limit. */
class TooManyFilesError extends PayloadTooLargeError {}

function isTooLarge(error: unknown): boolean {
  return (
    error instanceof PayloadTooLargeError || (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
  );
}

/**
 * @throws PayloadTooLargeError when a file exceeds `maxBytes` or the request carries more than
 *   `LIMITS.filesPerUpload` files (nothing is kept).
 * @throws DomainValidationError when a file arrives under an unknown field name, or the body is malformed.
 */
export async function receiveMultipart(parts: AsyncIterable<Multipart>, blobs: BlobStore, orgId: string, maxBytes: number): Promise<ReceivedMultipart> {
  const received: ReceivedMultipart = { fields: {}, files: [] };
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (value.length > MAX_FIELD_CHARS) throw new DomainValidationError(`field ${part.fieldname} is too long`);
        received.fields[part.fieldname] = value;
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        throw new DomainValidationError(`unexpected file field "${part.fieldname}"; send files as "files"`);
      }
      if (received.files.length >= LIMITS.filesPerUpload) {
        part.file.resume();
        throw new TooManyFilesError(`an upload request carries at most ${LIMITS.filesPerUpload} files (limit filesPerUpload); nothing was stored`);
      }
      const blob = await blobs.put(orgId, part.file, { maxBytes });
      // @fastify/multipart truncates at its own per-file limit instead of failing in some setups.
      if (part.file.truncated) {
        await blobs.delete(orgId, blob.key);
        throw new PayloadTooLargeError(`the file ${JSON.stringify(part.filename)} is larger than the upload limit`);
      }
      received.files.push({ field: part.fieldname, filename: part.filename ?? '', declared_mime_type: part.mimetype || null, blob });
    }
  } catch (error) {
    await discardFiles(blobs, orgId, received.files);
    if (error instanceof TooManyFilesError) throw error;
    if (isTooLarge(error)) throw new PayloadTooLargeError(`a file is larger than the upload limit of ${maxBytes} bytes; nothing was stored`);
    rethrowAsBadMultipart(error);
  }
  return received;
}

/** Removes the blobs of files that will not be kept. */
export async function discardFiles(blobs: BlobStore, orgId: string, files: readonly ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => blobs.delete(orgId, f.blob.key)));
}
